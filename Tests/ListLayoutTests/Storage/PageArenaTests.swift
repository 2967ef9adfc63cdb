import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ListLayout

/// Sections of at least ``PageArena/minimumItems`` cells keep their pages in an arena (on
/// Linux); smaller ones in blocks of their own. Both give the same frames, and edits mix
/// the two kinds of page.
@Suite struct PageArenaTests {
  /// Sizes in steps of `1 / scale` (decimal steps make any change in the order of the
  /// arithmetic show), a few cells with attributes of their own, some starting an
  /// indentation.
  static func cells(_ count: Int, seed: UInt64, scale: Double = 10) -> [Cell] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      var cell = Cell(
        width: Double(Int.random(in: 0...Int(40 * scale), using: &rng)) / scale,
        height: Double(Int.random(in: 0...Int(12 * scale), using: &rng)) / scale)
      if Int.random(in: 0..<200, using: &rng) == 0 {
        cell.attributes = CellAttributes(
          insets: scale == 10
            ? EdgeInsets(top: 1.5, left: 2.3, bottom: 0.7, right: 3.1)
            : EdgeInsets(top: 1.5, left: 2.25, bottom: 0.75, right: 3.125),
          shouldBeginLine: Bool.random(using: &rng), shouldEndLine: Bool.random(using: &rng),
          startLineIndentation: Int.random(in: 0..<20, using: &rng) == 0)
      }
      return cell
    }
  }

  static func model(_ cells: [Cell], decimal: Bool = true) -> ListModel {
    ListModel(
      configuration: ListConfiguration(
        width: 390.5, contentInsets: EdgeInsets(all: decimal ? 4.2 : 4.25), sectionSpacing: 0,
        defaultSectionAttributes: SectionAttributes(
          itemSpacing: decimal ? 3.3 : 3.375, lineSpacing: decimal ? 7.1 : 7.125)),
      sections: [Section(header: Supplementary(height: 40.5), cells: CellList(cells))])
  }

  @Test func anArenaSectionHasTheFramesOfAnOwnedOne() throws {
    let cells = Self.cells(LayoutTuning.arenaMinimumItems + 4_000, seed: 5)
    // Frames computed up front, into an arena (on demand, no page has records until read).
    let large = try Self.model(cells).layout(frames: .upFront)
    // One cell fewer than the threshold: pages of their own. A cell's frame depends only on
    // the cells before it, so the common cells must match bit for bit.
    let small = try Self.model(Array(cells.prefix(LayoutTuning.arenaMinimumItems - 1))).layout()
    #expect(large.invariantViolations() == [])
    #if os(Linux)
    #expect(LayoutMemory.arenaBytesWritten > 0, "the large section's pages are in an arena")
    #endif
    // Giving the spare mapping back changes nothing but where the next arena comes from.
    LayoutMemory.releaseSpareMemory()
    #expect(try Self.model(cells).layout(frames: .upFront).allAttributes() == large.allAttributes())
    #expect(try Self.model(cells).layout().allAttributes() == large.allAttributes())
    for item in 0..<(LayoutTuning.arenaMinimumItems - 1) {
      let path = ListIndexPath(item: item, section: 0)
      guard large.frame(of: path) == small.frame(of: path) else {
        Issue.record(
          "item \(item): \(String(describing: large.frame(of: path))) != \(String(describing: small.frame(of: path)))"
        )
        return
      }
    }
  }

  /// Arenas are made, freed and handed on as the spare from several threads at once.
  @Test func concurrentLargeLayoutsAgree() async throws {
    let model = Self.model(Self.cells(LayoutTuning.arenaMinimumItems + 100, seed: 7))
    let reference = try model.layout(frames: .upFront).allAttributes()
    let results = try await withThrowingTaskGroup(of: Bool.self) { group in
      for _ in 0..<4 {
        group.addTask {
          var agree = true
          for _ in 0..<3 { agree = try agree && model.layout(frames: .upFront).allAttributes() == reference }
          return agree
        }
      }
      return try await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(results == [true, true, true, true])
  }

  /// With sizes and spacing that are binary fractions, so that sums are exact: an edit moves
  /// the lines after it by a difference where a relayout adds up again, which agrees to the
  /// last bit only then (otherwise to rounding).
  @Test func editsOfAnArenaSectionEqualAFullRelayout() throws {
    var rng = SplitMix64(seed: 11)
    let cells = Self.cells(LayoutTuning.arenaMinimumItems + 500, seed: 6, scale: 8)
    var snapshot = try Self.model(cells, decimal: false).layout(frames: .upFront)
    for step in 0..<sweep(quick: 6, long: 12) {
      let count = snapshot.model.sections[0].cells.count
      let path = ListIndexPath(item: Int.random(in: 0..<count, using: &rng), section: 0)
      var update = ListUpdate()
      switch step % 3 {
      case 0: update.resizeItem(at: path, to: Size(width: 123.375, height: 56.75))
      case 1: update.insertItem(Cell(width: 77.625, height: 33.25), at: path)
      default: update.deleteItem(at: path)
      }
      snapshot = try snapshot.applying(update).snapshot
      let full = try snapshot.model.layout(frames: .upFront)
      guard try expectSameLayout(snapshot, full, "step \(step), edited against relayout") else { return }
      #expect(snapshot.frameComputation == .upFront)
    }
  }

  /// A new mapping is faulted in on another thread while the typesetter writes it: what the
  /// writer put anywhere in either region is still there once the thread is stopped, and a
  /// layout into a new mapping (prefaulted) equals one into the reused spare (not).
  @Test func prefaultingLeavesWhatWasWritten() throws {
    #if os(Linux)
    LayoutMemory.releaseSpareMemory()
    let itemBytes = ArenaMapping.roundedUp(9 << 20)
    let mapping = try #require(ArenaMapping.take(itemBytes + ArenaMapping.roundedUp(5 << 20)))
    #expect(mapping.isNew)
    let words = mapping.length / 8
    let base = mapping.base.bindMemory(to: UInt64.self, capacity: words)
    let prefault = Prefault(mapping: mapping, itemBytes: itemBytes)
    // One word in every 4 KB page, in the order a typesetter fills the two regions.
    let itemWords = itemBytes / 8
    var item = 0
    var line = itemWords
    while item < itemWords || line < words {
      if item < itemWords { base[item] = UInt64(item) &* 0x9E37_79B9_7F4A_7C15 | 1 }
      if line < words { base[line] = UInt64(line) &* 0x9E37_79B9_7F4A_7C15 | 1 }
      item += 512
      line += 512 * 5 / 9
    }
    prefault.stop()
    prefault.stop()
    var lost = 0
    item = 0
    line = itemWords
    while item < itemWords || line < words {
      if item < itemWords, base[item] != UInt64(item) &* 0x9E37_79B9_7F4A_7C15 | 1 { lost += 1 }
      if line < words, base[line] != UInt64(line) &* 0x9E37_79B9_7F4A_7C15 | 1 { lost += 1 }
      item += 512
      line += 512 * 5 / 9
    }
    #expect(lost == 0)
    mapping.giveBack()

    let model = Self.model(Self.cells(LayoutTuning.arenaMinimumItems * 2 + 777, seed: 9))
    LayoutMemory.releaseSpareMemory()
    let fresh = try model.layout(frames: .upFront).allAttributes()
    let reused = try model.layout(frames: .upFront).allAttributes()
    #expect(fresh == reused)
    #endif
  }

  /// The line region the prefault reaches for the items it has faulted in: one line per item
  /// until the typesetter has sealed a few pages, then the density those pages show plus a
  /// margin; whole pages, never past the region, never less as more items are covered.
  @Test func prefaultedLinesFollowTheTypesettersDensity() {
    let lineStride = MemoryLayout<LineRecord>.stride
    let total = 24 << 20
    func pages(_ lines: Int) -> Int { min(total, (lines * lineStride + 4095) / 4096 * 4096) }
    let itemStride = MemoryLayout<ItemRecord>.stride
    // No progress, or too little of it: one line per item.
    let progress = ArenaProgress()
    for items in [1, 100, 65_536, 1_000_000] {
      #expect(Prefault.lineBytes(neededBy: items * itemStride, of: total, progress: nil) == pages(items))
      #expect(Prefault.lineBytes(neededBy: items * itemStride, of: total, progress: progress) == pages(items))
    }
    progress.items.store(4 * LinePage.targetItemCount - 1, ordering: .relaxed)
    progress.lines.store(10, ordering: .relaxed)
    #expect(Prefault.lineBytes(neededBy: 65_536 * itemStride, of: total, progress: progress) == pages(65_536))
    // Sealed pages at densities from a line per 8 items to a line per item.
    var random = SplitMix64(seed: 5)
    for _ in 0..<2000 {
      let sealedItems = 4 * LinePage.targetItemCount + random.below(1_000_000)
      let sealedLines = max(1, sealedItems / (1 + random.below(8)))
      progress.items.store(sealedItems, ordering: .relaxed)
      progress.lines.store(sealedLines, ordering: .relaxed)
      var previous = 0
      for items in stride(from: 0, through: 1_000_000, by: 65_536) {
        let bytes = Prefault.lineBytes(neededBy: items * itemStride, of: total, progress: progress)
        let atDensity = Int((Double(sealedLines) / Double(sealedItems) * Double(items)).rounded(.up))
        #expect(bytes % 4096 == 0 && bytes <= total && bytes >= previous)
        #expect(bytes >= pages(min(items, atDensity + items / 16)))
        #expect(bytes <= pages(min(items, atDensity + items / 16 + 1024)))
        previous = bytes
      }
    }
  }
}
