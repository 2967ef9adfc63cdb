import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// Grid sections of runs (`CellList(repeating:…)`, cycles, with spans, between written-out
/// cells) lay out, answer queries and relayout after edits exactly as the same cells
/// written out one by one, bit for bit (sizes and spacings are halves); their repeated rows
/// are stored once.
@Suite struct GridRunTests {
  /// A grid section's cells as runs (long ones, cycles of up to four cells, some spanning)
  /// between written-out cells, and the same cells written out, built independently here.
  static func cells(_ rng: inout SplitMix64, serial: Int) -> (runs: CellList, written: [Cell]) {
    var runs = CellList()
    var written: [Cell] = []
    for part in 0..<Int.random(in: 1...5, using: &rng) {
      if Bool.random(using: &rng) {
        for _ in 0..<Int.random(in: 0...6, using: &rng) {
          let cell = GridModelGenerator.cell(&rng, id: "w\(serial)-\(part)-\(written.count)")
          runs.append(cell)
          written.append(cell)
        }
      }
      let k = [1, 1, 1, 2, 3, 4].randomElement(using: &rng)!
      let pattern = (0..<k).map { j in
        var cell = GridModelGenerator.cell(&rng, id: "p\(j)")
        if Int.random(in: 0..<3, using: &rng) > 0 { cell.span = nil }
        return cell
      }
      let count = [1, 7, 64, 65, 200, 513, 1_000, 2_500].randomElement(using: &rng)!
      let prefix: String? = Bool.random(using: &rng) ? "r\(serial)-\(part)-" : nil
      appendRun(cycling: pattern, count: count, idPrefix: prefix, to: &runs, writtenOut: &written)
    }
    return (runs, written)
  }

  /// A model of grid sections of runs (and its written-out twin): RTL, horizontal lists,
  /// separators and badges now and then.
  static func models(_ rng: inout SplitMix64) -> (runs: ListModel, written: ListModel) {
    var runs = GridModelGenerator.model(&rng, maxSections: 3, maxCells: 0)
    if Int.random(in: 0..<4, using: &rng) == 0 { runs.configuration.scrollDirection = .horizontal }
    var written = runs
    for s in runs.sections.indices {
      if Int.random(in: 0..<3, using: &rng) == 0 {
        runs.sections[s].separator = SectionSeparator(thickness: 0.5, leftInset: 2)
      }
      var (list, cells) = Self.cells(&rng, serial: s)
      if Int.random(in: 0..<4, using: &rng) == 0 {
        // A badge on a run's cells (every cell of the pattern).
        list = list.mapRuns { cell in
          var cell = cell
          cell.badges = [Badge(size: Size(width: 8, height: 8))]
          return cell
        }
        cells = cells.map { cell in
          var cell = cell
          cell.badges = [Badge(size: Size(width: 8, height: 8))]
          return cell
        }
      }
      runs.sections[s].cells = list
      written.sections[s] = runs.sections[s]
      written.sections[s].cells = CellList(cells)
    }
    return (runs, written)
  }

  @Test(arguments: 0..<4)
  func runGridsEqualTheirCellsWrittenOut(batch: Int) throws {
    let count = sweep(quick: 15, long: 400)
    for seed in UInt64(batch * 1_000)..<UInt64(batch * 1_000 + count) {
      var rng = SplitMix64(seed: 3_300_000 + seed)
      let (runs, written) = Self.models(&rng)
      let a = try runs.layout()
      let b = try written.layout()
      let context = "seed \(seed)"
      guard try expectSameLayout(a, b, context) else { return }
      #expect(a.invariantViolations() == [], "\(context)")
      for _ in 0..<8 {
        let rect = ModelGenerator.randomRect(&rng, b)
        #expect(a.elements(in: rect) == b.elements(in: rect), "\(context) \(rect)")
        let viewA = a.viewport(at: rect.origin, size: rect.size)
        let viewB = b.viewport(at: rect.origin, size: rect.size)
        #expect(viewA.elements == viewB.elements, "\(context) viewport \(rect)")
      }
      for s in 0..<a.numberOfSections where a.numberOfItems(inSection: s) > 0 {
        for _ in 0..<8 {
          let item = Int.random(in: 0..<a.numberOfItems(inSection: s), using: &rng)
          let path = ListIndexPath(item: item, section: s)
          #expect(a.frame(of: path) == b.frame(of: path), "\(context) \(path)")
          #expect(a.accessibility(of: path) == b.accessibility(of: path), "\(context) \(path)")
        }
      }
    }
  }

  /// Long runs of equal cells from a row's start are stored as one repeated page: a
  /// million-cell run is a few pages, and a cell's frame is found by division.
  /// A list of width `width` with no content insets.
  static func plain(width: Double) -> ListModel {
    var configuration = ListConfiguration(width: width)
    configuration.contentInsets = .zero
    return ListModel(configuration: configuration)
  }

  @Test func aRunOfEqualCellsIsOneRepeatedPage() throws {
    var model = Self.plain(width: 400)
    let grid = GridLayout(columns: .count(4), columnSpacing: 0, rowSpacing: 2.5)
    var section = Section(layout: .grid(grid))
    section.cells = CellList(repeating: Cell(width: 10, height: 20.25), count: 1_000_000, idPrefix: "c")
    model.sections = [section]
    let snapshot = try model.layout()
    let body = try #require(snapshot.geometries[0].body as? GridBody)
    #expect(body.pages.count <= 3)
    #expect(body.lineCount == 250_000)
    // Written independently: row r's top is r · (20.25 + 2.5), column c's x is c · 100.
    for item in [0, 1, 5, 4_099, 999_996, 999_999] {
      let row = Double(item / 4)
      let frame = try #require(snapshot.frame(of: ListIndexPath(item: item, section: 0)))
      #expect(frame == Rect(x: Double(item % 4) * 100, y: row * 22.75, width: 100, height: 20.25))
    }
    #expect(snapshot.contentSize.height == 250_000 * 22.75 - 2.5)
    let place = try #require(snapshot.accessibility(of: ListIndexPath(item: 999_998, section: 0))?.grid)
    // 1-based, as a screen reader is told.
    #expect(place.row == 250_000)
    #expect(place.column == 3)
    #expect(place.rowCount == 250_000)
  }

  /// A hundred million cells in a cycle of three with a spanning cell: a few pages.
  @Test func aHundredMillionCellCycleLaysOutByItsPeriod() throws {
    var model = Self.plain(width: 300)
    var section = Section(layout: .grid(GridLayout(columns: .count(3), columnSpacing: 0, rowSpacing: 0)))
    var wide = Cell(width: 10, height: 30)
    wide.span = .columns(2)
    section.cells = CellList(
      cycling: [Cell(width: 10, height: 10), wide, Cell(width: 10, height: 20)], count: 100_000_000)
    model.sections = [section]
    let snapshot = try model.layout()
    let body = try #require(snapshot.geometries[0].body as? GridBody)
    #expect(body.pages.count <= 4)
    // The first 300 cells as a list written out.
    var small = model
    small.sections[0].cells = CellList(Array(CellList(cycling: Array(section.cells.prefix(3)), count: 300)))
    let reference = try small.layout()
    for item in 0..<300 {
      let path = ListIndexPath(item: item, section: 0)
      #expect(snapshot.frame(of: path) == reference.frame(of: path), "item \(item)")
    }
    // Rows: [a, wide] [c, a] [wide, c]: a period of six cells and three rows. Item
    // 99,999,999 is cell 3 of copy 16,666,666 of it.
    let pitch = try #require(reference.frame(of: ListIndexPath(item: 6, section: 0))).minY
    let inPeriod = try #require(reference.frame(of: ListIndexPath(item: 3, section: 0)))
    let last = try #require(snapshot.frame(of: ListIndexPath(item: 99_999_999, section: 0)))
    #expect(
      last
        == Rect(
          x: inPeriod.minX, y: inPeriod.minY + 16_666_666 * pitch, width: inPeriod.width,
          height: inPeriod.height))
  }

  /// Edits inside runs (and around them), applied incrementally, equal the same edits of the
  /// written-out model and a full relayout.
  @Test(arguments: 0..<2)
  func editsInsideRunsEqualTheWrittenOutModel(batch: Int) throws {
    var serial = 0
    for seed in UInt64(batch * 1_000)..<UInt64(batch * 1_000 + sweep(quick: 8, long: 150)) {
      var rng = SplitMix64(seed: 3_310_000 + seed)
      let (runs, written) = Self.models(&rng)
      var a = try runs.layout()
      var b = try written.layout()
      for step in 0..<5 {
        let update = EditGenerator.randomUpdate(&rng, b.model, serial: &serial)
        let context = "seed \(seed) step \(step) \(EditGenerator.describe(update))"
        a = try a.applying(update).snapshot
        b = try b.applying(update).snapshot
        guard try expectSameLayout(a, b, context) else { return }
        try assertEqualToFullRelayout(a, context)
      }
    }
  }

  /// A resize in the middle of a long run lays out a few pages, not the run.
  @Test func aResizeInsideARunLaysOutAroundIt() throws {
    var model = Self.plain(width: 400)
    var section = Section(layout: .grid(GridLayout(columns: .count(4), columnSpacing: 0, rowSpacing: 1)))
    section.cells = CellList(repeating: Cell(width: 10, height: 20), count: 1_000_000, idPrefix: "c")
    model.sections = [section]
    let snapshot = try model.layout()
    var update = ListUpdate()
    update.resizeItem(at: ListIndexPath(item: 500_001, section: 0), to: Size(width: 10, height: 50))
    let result = try snapshot.applying(update)
    #expect(result.reflowedLines < 2_000)
    try assertEqualToFullRelayout(result.snapshot, "resize")
    let moved = try #require(result.snapshot.frame(of: ListIndexPath(item: 500_004, section: 0)))
    #expect(moved.minY == 125_000 * 21 + 51)
  }

  /// The grid body's periodic frame runs, expanded cell by cell, are the frames it lists,
  /// from any start; a repeated page is one run.
  @Test func frameRunsExpandToTheListedFrames() throws {
    for seed in 0..<UInt64(sweep(quick: 20, long: 400)) {
      var rng = SplitMix64(seed: 3_320_000 + seed)
      let (runs, _) = Self.models(&rng)
      let snapshot = try runs.layout()
      for s in 0..<snapshot.numberOfSections {
        let geometry = snapshot.geometries[s]
        let origin = snapshot.bodyOrigin(s)
        let n = geometry.itemCount
        guard n > 0 else { continue }
        let lower = Int.random(in: 0..<n, using: &rng)
        for items in [0..<n, lower..<Int.random(in: lower...n, using: &rng)] {
          var listed: [Rect] = []
          geometry.body.forEachItem(in: items, at: origin) { _, frame in listed.append(frame) }
          var expanded: [Rect] = []
          var runCount = 0
          geometry.body.forEachFrameRun(in: items, at: origin) { run in
            runCount += 1
            #expect(run.first == items.lowerBound + expanded.count)
            for k in 0..<run.count {
              let p = Double(k / run.frames.count)
              let base = run.frames[k % run.frames.count]
              expanded.append(
                Rect(
                  x: base.minX + p * run.step.x, y: base.minY + p * run.step.y, width: base.width,
                  height: base.height))
            }
          }
          #expect(expanded == listed, "seed \(seed) section \(s) \(items)")
          if let body = geometry.body as? GridBody, items == 0..<n {
            let repeated = body.pages.filter { $0.repeats > 1 }
            #expect(
              runCount <= body.pages.count + (n - repeated.reduce(0) { $0 + $1.itemCount }) / frameRunLimit
                + 1)
          }
        }
      }
    }
  }
}
