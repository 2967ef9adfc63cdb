import Foundation
import LayoutGeometry
import ListLayout
import ListLayoutTestSupport
import TestSupport
import Testing

/// Whether the slow extremes (10,000,000 cells, a full 100 MB feed) run: set
/// `LISTLAYOUT_EXTREME=1`. The ordinary run checks the same paths at a tenth of the size.
let extremeRuns = ProcessInfo.processInfo.environment["LISTLAYOUT_EXTREME"] == "1"

/// The resident set size in bytes (Linux), or nil where unknown. A growth in it is an upper
/// bound on what was allocated between two readings (freed memory may be reused).
func residentBytes() -> Int? {
  guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
  let fields = statm.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
  return pages * 4096
}

/// Sizes far from the ordinary lay out with every invariant kept: a million cells in linear
/// memory, a hundred thousand sections, widths of half a point and ten million, zero-sized
/// cells, and finite sizes too large to add up (or a layout error naming the value).
@Suite(.serialized) struct ExtremeSizesLayOutCleanlyTests {
  // MARK: - many cells

  /// Lays out `count` equal cells in one section and returns the bytes the snapshot (and its
  /// model) hold, if the allocator reports them.
  func layOutManyCells(_ count: Int) throws -> (snapshot: LayoutSnapshot, bytes: Int?) {
    let before = residentBytes()
    var cells: [Cell] = []
    cells.reserveCapacity(count)
    for i in 0..<count {
      cells.append(Cell(width: Double(40 + i % 7 * 20), height: Double(20 + i % 5 * 4)))
    }
    let model = ListModel(configuration: ListConfiguration(width: 375), sections: [Section(cells: cells)])
    cells = []
    let snapshot = try model.layout()
    let after = residentBytes()
    let bytes = before.flatMap { b in after.map { $0 - b } }
    return (snapshot, bytes)
  }

  func checkManyCells(_ snapshot: LayoutSnapshot, count: Int) {
    #expect(snapshot.numberOfItems(inSection: 0) == count)
    #expect(snapshot.elementCount == count)
    #expect(snapshot.invariantViolations() == [])
    // The last cell is where a brute-force walk of the lines would put it, and queries stay fast.
    let last = snapshot.frame(of: ListIndexPath(item: count - 1, section: 0))
    #expect(last != nil && last!.maxY <= snapshot.contentSize.height)
    let middle = snapshot.contentSize.height / 2
    let visible = snapshot.elements(in: Rect(x: 0, y: middle, width: 375, height: 667))
    #expect(!visible.isEmpty && visible.count < 200)
    #expect(visible.map(\.indexPath) == visible.map(\.indexPath).sorted())
    let nearest = snapshot.indexPath(nearestTo: Point(x: 100, y: middle))
    #expect(nearest != nil)
    var update = ListUpdate()
    update.deleteItem(at: ListIndexPath(item: count / 2, section: 0))
    update.insertItem(Cell(width: 375, height: 10), at: ListIndexPath(item: 0, section: 0))
    if let edited = try? snapshot.applying(update).snapshot {
      #expect(edited.numberOfItems(inSection: 0) == count)
      #expect(edited.invariantViolations() == [])
    } else {
      Issue.record("edit of \(count) cells failed")
    }
  }

  @Test func oneMillionCellsStayLinear() throws {
    let small = try layOutManyCells(100_000)
    checkManyCells(small.snapshot, count: 100_000)
    let large = try layOutManyCells(1_000_000)
    checkManyCells(large.snapshot, count: 1_000_000)
    if let smallBytes = small.bytes, let largeBytes = large.bytes {
      // Linear: ten times the cells cost at most a bounded amount per cell (the growth in RSS
      // bounds what was allocated; 1,000,000 cells of model and layout take well under 512 MB).
      // A sanitizer's shadow memory counts in the RSS too (TSan: about 612 bytes per cell).
      let environment = ProcessInfo.processInfo.environment
      let sanitized = environment["TSAN_OPTIONS"] != nil || environment["ASAN_OPTIONS"] != nil
      #expect(
        largeBytes < 1_000_000 * (sanitized ? 2048 : 512),
        "\(largeBytes / 1_000_000) bytes per cell, \(smallBytes) for 100,000")
    }
  }

  @Test(.enabled(if: extremeRuns)) func tenMillionCells() throws {
    let start = ContinuousClock.now
    let result = try layOutManyCells(10_000_000)
    let elapsed = ContinuousClock.now - start
    checkManyCells(result.snapshot, count: 10_000_000)
    if let bytes = result.bytes {
      print(
        "10,000,000 cells: RSS grew \(bytes / 1_048_576) MiB (\(bytes / 10_000_000) bytes per cell), \(elapsed)"
      )
      #expect(bytes / 10_000_000 < 512)
    }
  }

  @Test func oneHundredThousandSectionsOfOneCell() throws {
    let count = 100_000
    let sections = (0..<count).map { s in
      Section(
        header: s % 2 == 0 ? Supplementary(height: 20) : nil,
        cells: [Cell(width: Double(s % 300), height: 30)])
    }
    let snapshot = try ListModel(configuration: ListConfiguration(width: 320), sections: sections).layout()
    #expect(snapshot.numberOfSections == count)
    #expect(snapshot.elementCount == count + count / 2)
    #expect(snapshot.invariantViolations() == [])
    let y = snapshot.contentSize.height * 0.73
    let pinning = PinningContext(contentOffset: y, pinInset: 0, viewportHeight: 600)
    let visible = snapshot.elements(in: Rect(x: 0, y: y, width: 320, height: 600), pinning: pinning)
    #expect(!visible.isEmpty && visible.count < 100)
    var update = ListUpdate()
    update.deleteSection(at: 50_000)
    update.insertSection(Section(cells: [Cell(width: 10, height: 10), Cell(width: 10, height: 10)]), at: 10)
    update.moveSection(from: 99_998, to: 0)
    let edited = try snapshot.applying(update).snapshot
    #expect(edited.numberOfSections == count)
    #expect(edited.invariantViolations() == [])
    let fresh = try edited.model.layout()
    #expect(fresh.contentSize == edited.contentSize)
    #expect(
      fresh.elements(in: Rect(x: 0, y: y, width: 320, height: 600))
        == edited.elements(in: Rect(x: 0, y: y, width: 320, height: 600)))
  }

  // MARK: - widths and sizes

  @Test(arguments: [0.5, 1e7])
  func extremeWidthsKeepEveryInvariant(width: Double) throws {
    for seed in 0..<UInt64(300) {
      var rng = SplitMix64(seed: 31_000 + seed)
      var model = ModelGenerator.model(&rng, maxSections: 4, maxCells: 30)
      model.configuration.width = width
      if seed % 3 == 0 {
        // Cells as wide as the list, and wider.
        for s in model.sections.indices {
          for i in model.sections[s].cells.indices where i % 4 == 0 {
            model.sections[s].cells[i].size = .fixed(Size(width: width * Double(1 + i % 3), height: 1))
          }
        }
      }
      let snapshot = try model.layout()
      #expect(snapshot.invariantViolations() == [], "seed \(seed)")
      var update = ListUpdate()
      update.width = width == 0.5 ? 1e7 : 0.5
      let resized = try snapshot.applying(update).snapshot
      #expect(resized.invariantViolations() == [], "seed \(seed) after width change")
      let fresh = try resized.model.layout()
      #expect(fresh.contentSize == resized.contentSize, "seed \(seed)")
    }
  }

  @Test func zeroSizedCellsAreKeptAndFoundByIndex() throws {
    let cells = (0..<10_000).map { _ in Cell(width: 0, height: 0) }
    for width in [0.5, 375, 1e7] {
      for attributes in [
        SectionAttributes(), SectionAttributes(horizontalAlignment: .center, itemSpacing: 0),
      ] {
        let model = ListModel(
          configuration: ListConfiguration(width: width),
          sections: [Section(header: Supplementary(height: 0), cells: cells, attributes: attributes)])
        let snapshot = try model.layout()
        #expect(snapshot.invariantViolations() == [])
        #expect(snapshot.elementCount == 10_001)
        for item in [0, 4_999, 9_999] {
          let frame = try #require(snapshot.frame(of: ListIndexPath(item: item, section: 0)))
          #expect(frame.width == 0 && frame.height == 0 && frame.isFinite)
        }
        // Zero-area frames intersect nothing (documented), but nearest-cell still finds one.
        #expect(snapshot.elements(in: Rect(x: -10, y: -10, width: width + 20, height: 1e6)).isEmpty)
        #expect(snapshot.indexPath(nearestTo: Point(x: 0, y: 0)) != nil)
        _ = snapshot.viewport(at: Point(x: 0, y: 0), size: Size(width: width, height: 600))
      }
    }
    // Mixed with ordinary cells, zero-sized cells do not disturb their neighbours' lines.
    var mixed: [Cell] = []
    for i in 0..<2_000 { mixed.append(i % 3 == 0 ? Cell(width: 0, height: 0) : Cell(width: 60, height: 30)) }
    let snapshot = try ListModel(
      configuration: ListConfiguration(width: 375), sections: [Section(cells: mixed)]
    )
    .layout()
    #expect(snapshot.invariantViolations() == [])
  }

  @Test func hugeFiniteSizesLayOutOrFailWithAPath() {
    for value in [1e15, 1e100, 1e300, Double.greatestFiniteMagnitude] {
      var model = ListModel(
        configuration: ListConfiguration(width: 375),
        sections: [
          Section(
            header: Supplementary(height: value),
            cells: [Cell(width: value, height: value), Cell(width: 1, height: 1)]),
          Section(cells: [Cell(width: 10, height: value)]),
        ])
      checkLayoutIsCleanOrFailsWithPath(model, "size \(value)")
      model.configuration.sectionSpacing = value
      model.configuration.contentInsets = EdgeInsets(top: value, left: 0, bottom: value, right: 0)
      checkLayoutIsCleanOrFailsWithPath(model, "spacing \(value)")
      model.configuration.width = value
      checkLayoutIsCleanOrFailsWithPath(model, "width \(value)")
    }
  }
}
