import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// Flow sections lay runs of cells out by repetition (`Flow/FlowRepetition.swift`): frames,
/// queries and edits equal those of the same cells written out one by one, bit for bit
/// (every size and spacing the generator makes is a half).
@Suite struct FlowRepetitionTests {
  /// Cells for a section of `width`: any flow feature (insets, forced line starts and ends,
  /// indentation, traits), sizes in halves.
  static func cell(_ rng: inout SplitMix64, width: Double) -> Cell {
    var cell = Cell(
      width: Double(Int.random(in: 0...Int(width * 1.2) + 1, using: &rng)) / 2,
      height: Double(Int.random(in: 0...120, using: &rng)) / 2, traits: ModelGenerator.randomTraits(&rng))
    if Int.random(in: 0..<4, using: &rng) == 0 {
      cell.attributes = CellAttributes(
        insets: ModelGenerator.randomInsets(&rng, max: 10),
        shouldBeginLine: Int.random(in: 0..<6, using: &rng) == 0,
        shouldEndLine: Int.random(in: 0..<6, using: &rng) == 0,
        startLineIndentation: Int.random(in: 0..<6, using: &rng) == 0)
    }
    return cell
  }

  /// A section's cells as runs, long cycles and written-out cells mixed, and the same cells
  /// written out here one by one (identifiers as a run derives them: prefix and index).
  static func runCells(_ rng: inout SplitMix64, width: Double) -> (runs: CellList, written: [Cell]) {
    var runs = CellList()
    var written: [Cell] = []
    for part in 0..<Int.random(in: 0...4, using: &rng) {
      if Int.random(in: 0..<3, using: &rng) == 0 {
        for _ in 0..<Int.random(in: 1...20, using: &rng) {
          let cell = cell(&rng, width: width)
          runs.append(cell)
          written.append(cell)
        }
        continue
      }
      let k = [1, 1, 1, 2, 3, 5].randomElement(using: &rng)!
      let pattern = (0..<k).map { _ in cell(&rng, width: width) }
      let count = [31, 32, 33, 100, 257, 600, 1_500, 4_000].randomElement(using: &rng)!
      let prefix: String? = Bool.random(using: &rng) ? "p\(part)-" : nil
      appendRun(cycling: pattern, count: count, idPrefix: prefix, to: &runs, writtenOut: &written)
    }
    return (runs, written)
  }

  /// A model from the generator (alignments, insets, Hub, right to left, sometimes
  /// horizontal) whose sections hold runs, and the same model written out.
  static func models(_ rng: inout SplitMix64) -> (runs: ListModel, written: ListModel) {
    var runs = ModelGenerator.model(&rng, maxSections: 3, maxCells: 0)
    if Int.random(in: 0..<4, using: &rng) == 0 { runs.configuration.scrollDirection = .horizontal }
    var written = runs
    for s in runs.sections.indices {
      let (list, cells) = runCells(&rng, width: runs.configuration.width)
      runs.sections[s].cells = list
      written.sections[s].cells = CellList(cells)
    }
    return (runs, written)
  }

  /// The number of repeated pages of a snapshot's flow sections.
  static func repetitions(_ snapshot: LayoutSnapshot) -> Int {
    snapshot.geometries.reduce(0) { $0 + $1.pages.reduce(0) { $0 + ($1.repetition == nil ? 0 : 1) } }
  }

  @Test(arguments: 0..<4)
  func runSectionsEqualTheirCellsWrittenOut(batch: Int) throws {
    var repeated = 0
    let count = sweep(quick: 40, long: 400)
    for seed in UInt64(batch * count)..<UInt64((batch + 1) * count) {
      var rng = SplitMix64(seed: 3_310_000 + seed)
      let (runs, written) = Self.models(&rng)
      let context = "seed \(seed)"
      let b: LayoutSnapshot
      do {
        b = try written.layout()
      } catch {
        #expect(throws: error, "\(context)") { try runs.layout() }
        continue
      }
      let a = try runs.layout()
      repeated += Self.repetitions(a)
      guard try expectSameLayout(a, b, context) else { return }
      #expect(a.invariantViolations() == [], "\(context)")
      let upFront = try runs.layout(frames: .upFront)
      try expectSameLayout(upFront, b, "\(context) frames up front")
      // Every page's records deferred to its first read: pages laid out again (a period's
      // page among them) come out as they did.
      var deferring = LayoutTuning()
      deferring.deferralMinimumItems = 1
      let deferred = try runs.layout(frames: .onDemand, tuning: deferring)
      for s in deferred.model.sections.indices where deferred.model.sections[s].cells.count > 0 {
        for _ in 0..<8 {
          let path = ListIndexPath(
            item: Int.random(in: 0..<deferred.model.sections[s].cells.count, using: &rng), section: s)
          #expect(deferred.attributes(at: path) == b.attributes(at: path), "\(context) deferred \(path)")
        }
      }
      try expectSameLayout(deferred, b, "\(context) frames deferred")
      for _ in 0..<4 {
        let rect = ModelGenerator.randomRect(&rng, b)
        #expect(a.elements(in: rect) == b.elements(in: rect), "\(context) \(rect)")
        let point = Point(x: rect.minX + rect.width / 2, y: rect.minY)
        #expect(a.element(at: point) == b.element(at: point), "\(context) \(point)")
        #expect(a.indexPath(nearestTo: point) == b.indexPath(nearestTo: point), "\(context) \(point)")
        let offset = Point(x: 0, y: rect.minY)
        let size = Size(width: b.contentSize.width, height: 667)
        #expect(
          a.viewport(at: offset, size: size, pinInset: 10).elements
            == b.viewport(at: offset, size: size, pinInset: 10).elements, "\(context) viewport \(offset)")
      }
      for s in a.model.sections.indices {
        for item in [0, a.model.sections[s].cells.count / 2, a.model.sections[s].cells.count - 1]
        where item >= 0 {
          let path = ListIndexPath(item: item, section: s)
          #expect(a.attributes(at: path) == b.attributes(at: path), "\(context) \(path)")
        }
      }
    }
    #expect(repeated > 0, "the runs were laid out by repetition")
  }

  /// Edits inside runs: incremental equals a full relayout, and the written-out model's.
  @Test(arguments: 0..<2)
  func editsInsideRunsEqualAFullRelayout(batch: Int) throws {
    var serial = 0
    let count = sweep(quick: 12, long: 120)
    for seed in UInt64(batch * count)..<UInt64((batch + 1) * count) {
      var rng = SplitMix64(seed: 3_320_000 + seed)
      let (runs, written) = Self.models(&rng)
      guard var b = try? written.layout() else { continue }
      var a = try runs.layout()
      for step in 0..<5 {
        guard !b.model.sections.isEmpty else { break }
        var update = ListUpdate()
        let s = Int.random(in: 0..<b.model.sections.count, using: &rng)
        let n = b.model.sections[s].cells.count
        switch Int.random(in: 0..<4, using: &rng) {
        case 0 where n > 0:
          let size = Size(
            width: Double(Int.random(in: 0...400, using: &rng)) / 2,
            height: Double(Int.random(in: 0...120, using: &rng)) / 2)
          update.resizeItem(at: ListIndexPath(item: Int.random(in: 0..<n, using: &rng), section: s), to: size)
        case 1 where n > 0:
          update.deleteItem(at: ListIndexPath(item: Int.random(in: 0..<n, using: &rng), section: s))
        case 2:
          serial += 1
          update.insertItem(
            Self.cell(&rng, width: b.model.configuration.width),
            at: ListIndexPath(item: Int.random(in: 0...n, using: &rng), section: s))
        default:
          update = EditGenerator.randomUpdate(&rng, b.model, serial: &serial)
        }
        let context = "seed \(seed) step \(step) \(EditGenerator.describe(update))"
        do {
          b = try b.applying(update).snapshot
        } catch {
          continue
        }
        a = try a.applying(update).snapshot
        guard try expectSameLayout(a, b, context) else { return }
        try assertEqualToFullRelayout(a, context)
      }
    }
  }

  /// A hundred million rows in one run: frames by arithmetic, written here independently
  /// (row i at y = 44 i), a measurement in the middle moving the rows below it.
  @Test func aHundredMillionRowsLayOutByArithmetic() throws {
    let count = 100_000_000
    var configuration = ListConfiguration(width: 375)
    configuration.contentInsets = .zero
    configuration.defaultSectionAttributes = SectionAttributes(itemSpacing: 0, lineSpacing: 0)
    let model = ListModel(
      configuration: configuration,
      sections: [
        Section(cells: CellList(repeating: Cell(width: 375, height: 44), count: count, idPrefix: "row"))
      ])
    let snapshot = try model.layout()
    #expect(snapshot.contentSize == Size(width: 375, height: 44 * Double(count)))
    #expect(snapshot.geometries[0].pages.count < 8)
    for item in [0, 1, 511, 512, 50_000_000, count - 2, count - 1] {
      #expect(
        snapshot.attributes(at: ListIndexPath(item: item, section: 0))?.frame
          == Rect(x: 0, y: 44 * Double(item), width: 375, height: 44))
    }
    let middle = 44 * 50_000_000.0
    let seen = snapshot.elements(in: Rect(x: 0, y: middle - 10, width: 375, height: 667)).map(
      \.indexPath.item)
    #expect(seen == Array(49_999_999...50_000_014))

    var session = try ScrollSession(snapshot: snapshot, viewportLength: 667)
    _ = try session.apply(.scrollTo(middle))
    _ = try session.apply(.measure(["row50000003": Size(width: 375, height: 88)]))
    #expect(session.offset == middle)
    let after = session.snapshot
    #expect(after.contentSize.height == 44 * Double(count) + 44)
    #expect(after.attributes(at: ListIndexPath(item: 50_000_003, section: 0))?.frame.height == 88)
    #expect(
      after.attributes(at: ListIndexPath(item: count - 1, section: 0))?.frame.minY
        == 44 * Double(count - 1) + 44)
    #expect(after.geometries[0].pages.count < 16)
  }

  /// A cycle of many sizes repeats its line breaks: frames equal the written-out cells.
  @Test func aCycleOfAHundredSizesEqualsItsCellsWrittenOut() throws {
    var rng = SplitMix64(seed: 33_100)
    let pattern = (0..<100).map { _ in
      Cell(
        width: Double(Int.random(in: 20...200, using: &rng)) / 2,
        height: Double(Int.random(in: 20...100, using: &rng)) / 2)
    }
    var configuration = ListConfiguration(width: 375)
    configuration.defaultSectionAttributes = SectionAttributes(
      horizontalAlignment: .center, itemSpacing: 2.5, lineSpacing: 1.5)
    let count = 60_000
    let runs = ListModel(
      configuration: configuration,
      sections: [Section(cells: CellList(cycling: pattern, count: count, idPrefix: "c"))])
    var written = runs
    written.sections[0].cells = CellList(
      (0..<count).map { i -> Cell in
        var cell = pattern[i % 100]
        cell.id = "c\(i)"
        return cell
      })
    let a = try runs.layout()
    #expect(Self.repetitions(a) == 1)
    try expectSameLayout(a, try written.layout(), "a cycle of 100 sizes")
  }

  /// A flow body's frame runs (periodic over its repeated pages) expand to the frames the
  /// snapshot lists cell by cell, and a repeated page yields one periodic run.
  @Test func frameRunsOfRepeatedLinesExpandToTheListedFrames() throws {
    var periodic = 0
    for seed in 0..<UInt64(sweep(quick: 60, long: 600)) {
      var rng = SplitMix64(seed: 3_330_000 + seed)
      let (runs, _) = Self.models(&rng)
      guard let snapshot = try? runs.layout() else { continue }
      for s in snapshot.model.sections.indices {
        #expect(
          FrameRunTests.expandedRuns(snapshot, s) == FrameRunTests.listedFrames(snapshot, s),
          "seed \(seed) section \(s)")
        snapshot.forEachFrameRun(inSection: s) { run in if run.step != .zero { periodic += 1 } }
      }
    }
    #expect(periodic > 0)
  }
}
