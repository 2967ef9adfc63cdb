import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// Runs of cells (`CellList(repeating:count:idPrefix:)`, `append(cycling:count:idPrefix:)`)
/// read, edit and lay out exactly as the same cells written out one by one.
@Suite struct CellListRunsTests {
  /// A section's cells as runs and, built independently here, the same cells written out:
  /// each run's cell `r` is `pattern[r % k]` with the identifier `prefix` + its index in the
  /// section.
  static func runified(_ cells: CellList, _ rng: inout SplitMix64) -> (runs: CellList, written: [Cell]) {
    let source = Array(cells)
    var runs = CellList()
    var written: [Cell] = []
    var i = 0
    var serial = 0
    while i < source.count || (Int.random(in: 0..<4, using: &rng) == 0 && written.count < 600) {
      if i < source.count, Int.random(in: 0..<3, using: &rng) == 0 {
        runs.append(source[i])
        written.append(source[i])
        i += 1
        continue
      }
      let k = Int.random(in: 1...3, using: &rng)
      let pattern =
        source.isEmpty ? [Cell(width: 10, height: 10)] : (0..<k).map { source[(i + $0) % source.count] }
      let count = [0, 1, 2, 5, 63, 64, 65, 130, 200].randomElement(using: &rng)!
      serial += 1
      let prefix: String? = Bool.random(using: &rng) ? "r\(serial)-" : nil
      let first = written.count
      runs.append(cycling: pattern, count: count, idPrefix: prefix)
      for r in 0..<count {
        var cell = pattern[r % pattern.count]
        if let prefix { cell.id = prefix + String(first + r) }
        written.append(cell)
      }
      i += k
    }
    return (runs, written)
  }

  /// `model` with every section's cells made of runs, and the same model written out.
  static func runModels(_ model: ListModel, _ rng: inout SplitMix64) -> (runs: ListModel, written: ListModel)
  {
    var runs = model
    var written = model
    for s in model.sections.indices {
      let (list, cells) = runified(model.sections[s].cells, &rng)
      runs.sections[s].cells = list
      written.sections[s].cells = CellList(cells)
    }
    return (runs, written)
  }

  static func describe(_ cells: some Sequence<Cell>) -> [String] {
    cells.map { "\($0.id ?? "-") \($0.size.fixedValue.map { "\($0.width)x\($0.height)" } ?? "auto")" }
  }

  @Test func aHundredMillionRowRunIsOneLeafAndReadsByIndex() {
    var list = CellList(repeating: Cell(width: 375, height: 44), count: 100_000_000, idPrefix: "row")
    #expect(list.count == 100_000_000)
    #expect(list.runLeafCount == 1)
    #expect(list.root.run != nil)
    #expect(list[0].id == "row0")
    #expect(list[50_000_000].id == "row50000000")
    #expect(list[99_999_999].id == "row99999999")
    #expect(list[12_345].size.fixedValue == Size(width: 375, height: 44))
    // An edit inside the run writes out one chunk around it; the rest stays a run.
    list[50_000_000].id = "edited"
    #expect(list.runLeafCount == 2)
    #expect(list[50_000_000].id == "edited")
    #expect(list[49_999_999].id == "row49999999")
    #expect(list[50_000_001].id == "row50000001")
    list.insert(Cell(id: "new", width: 1, height: 1), at: 10)
    list.remove(at: 99_000_000)
    #expect(list.count == 100_000_000)
    #expect(list[10].id == "new")
    #expect(list[11].id == "row10")
    // One cell inserted at 10 and one removed at 99,000,000: cells past it are back at their index.
    #expect(list[98_999_999].id == "row98999998")
    #expect(list[99_000_000].id == "row99000000")
    #expect(list.runLeafCount == 3)
    list.append(Cell(id: "tail", width: 1, height: 1))
    #expect(list[list.count - 1].id == "tail")
    #expect(list.runLeafCount == 3)
  }

  @Test func listsWithRunsAppendedOrInsertedStayRuns() {
    var list: CellList = [Cell(id: "a", width: 1, height: 1)]
    let run = CellList(repeating: Cell(width: 2, height: 2), count: 10_000_000, idPrefix: "r")
    list.append(contentsOf: run)
    list.insert(contentsOf: run, at: 1)
    #expect(list.count == 20_000_001)
    #expect(list.runLeafCount == 2)
    // The cells keep their identifiers: values of the cells, not of their new positions.
    #expect(list[1].id == "r0")
    #expect(list[10_000_001].id == "r0")
    #expect(list[20_000_000].id == "r9999999")
  }

  @Test func cyclesAndAppendedRunsNumberCellsByTheirIndexInTheList() {
    var list: CellList = [Cell(id: "a", width: 1, height: 1)]
    list.append(cycling: [Cell(width: 1, height: 1), Cell(width: 2, height: 2)], count: 5, idPrefix: "c")
    list.append(repeating: Cell(id: "same", width: 3, height: 3), count: 2)
    #expect(list.map(\.id) == ["a", "c1", "c2", "c3", "c4", "c5", "same", "same"])
    #expect(list.map { $0.size.fixedValue!.width } == [1, 1, 2, 1, 2, 1, 3, 3])
    #expect(CellList(cycling: [], count: 0).isEmpty)
    #expect(CellList(repeating: Cell(), count: 0).isEmpty)
  }

  @Test(arguments: 0..<2)
  func randomEditsOfRunsMatchAnArray(batch: Int) {
    for seed in UInt64(batch * 30)..<UInt64(batch * 30 + sweep(quick: 6, long: 30)) {
      var rng = SplitMix64(seed: 3300 + seed)
      let source = CellList(
        (0..<Int.random(in: 0...40, using: &rng)).map { Cell(id: "s\($0)", width: Double($0), height: 1) })
      var (list, array) = Self.runified(source, &rng)
      var serial = 0
      for step in 0..<150 {
        serial += 1
        switch Int.random(in: 0..<7, using: &rng) {
        case 0:
          let cell = Cell(id: "n\(serial)", width: 1, height: 1)
          let at = Int.random(in: 0...array.count, using: &rng)
          array.insert(cell, at: at)
          list.insert(cell, at: at)
        case 1 where !array.isEmpty:
          let at = Int.random(in: 0..<array.count, using: &rng)
          #expect(list.remove(at: at).id == array.remove(at: at).id, "seed \(seed) step \(step)")
        case 2 where !array.isEmpty:
          let at = Int.random(in: 0..<array.count, using: &rng)
          array[at].id = "m\(serial)"
          list[at].id = "m\(serial)"
        case 3:
          let count = Int.random(in: 0...300, using: &rng)
          let first = array.count
          list.append(repeating: Cell(width: 7, height: 7), count: count, idPrefix: "p\(serial)-")
          array += (0..<count).map { Cell(id: "p\(serial)-\(first + $0)", width: 7, height: 7) }
        case 4 where !array.isEmpty:
          let lower = Int.random(in: 0..<array.count, using: &rng)
          let upper = Int.random(in: lower...array.count, using: &rng)
          let new = (0..<Int.random(in: 0...3, using: &rng)).map {
            Cell(id: "x\(serial)-\($0)", width: 1, height: 1)
          }
          array.replaceSubrange(lower..<upper, with: new)
          list.replaceSubrange(lower..<upper, with: new)
        case 5 where !array.isEmpty:
          let at = Int.random(in: 0..<array.count, using: &rng)
          #expect(list[at].id == array[at].id && list[at].size.fixedValue == array[at].size.fixedValue)
        default:
          let copy = list
          let before = Self.describe(copy)
          list.append(Cell(id: "t\(serial)", width: 1, height: 1))
          array.append(Cell(id: "t\(serial)", width: 1, height: 1))
          #expect(Self.describe(copy) == before, "a copy is not changed by an edit of the original")
        }
        #expect(list.count == array.count, "seed \(seed) step \(step)")
      }
      #expect(Self.describe(list) == Self.describe(array), "seed \(seed)")
      // Chunks read from the middle, as the layout reads them.
      if !array.isEmpty {
        let start = Int.random(in: 0..<array.count, using: &rng)
        var seen: [String] = []
        list.forEachChunk(from: start) { chunk, first in
          for (k, cell) in chunk.enumerated() where first + k >= start {
            seen.append(Self.describe([cell])[0])
          }
          return true
        }
        #expect(seen == Self.describe(array[start...]), "seed \(seed) from \(start)")
      }
    }
  }

  /// Every kind of section: frames of a model of runs equal the same model written out, bit
  /// for bit (sizes and spacings are halves).
  @Test(arguments: ["flow", "grid", "masonry", "carousel", "horizontal"])
  func runModelsLayOutAsTheirWrittenOutCells(kind: String) throws {
    for seed in 0..<UInt64(sweep(quick: 25, long: 300)) {
      var rng = SplitMix64(seed: 33_000 + seed)
      let model: ListModel
      switch kind {
      case "grid": model = GridModelGenerator.model(&rng)
      case "masonry": model = MasonryGenerator.model(&rng)
      case "carousel": model = CarouselGenerator.model(&rng)
      case "horizontal":
        var horizontal = GridModelGenerator.model(&rng)
        horizontal.configuration.scrollDirection = .horizontal
        model = horizontal
      default: model = ModelGenerator.model(&rng)
      }
      let (runs, written) = Self.runModels(model, &rng)
      if kind == "horizontal" {
        // The transposed model the layout works on keeps the runs.
        for section in runs.sections {
          #expect(section.transposed.cells.runLeafCount == section.cells.runLeafCount)
        }
      }
      for s in runs.sections.indices {
        #expect(Self.describe(runs.sections[s].cells) == Self.describe(written.sections[s].cells))
      }
      let a = try runs.layout()
      let b = try written.layout()
      guard try expectSameLayout(a, b, "\(kind) seed \(seed)") else { return }
      #expect(a.invariantViolations() == [], "\(kind) seed \(seed)")
      let rect = ModelGenerator.randomRect(&rng, b)
      #expect(a.elements(in: rect) == b.elements(in: rect), "\(kind) seed \(seed)")
    }
  }

  /// Edits inside runs, applied incrementally, equal the same edits of the written-out
  /// model (and a full relayout).
  @Test(arguments: 0..<2)
  func editsInsideRunsEqualTheWrittenOutModel(batch: Int) throws {
    var serial = 0
    for seed in UInt64(batch * 100)..<UInt64(batch * 100 + sweep(quick: 10, long: 100)) {
      var rng = SplitMix64(seed: 330_000 + seed)
      let (runs, written) = Self.runModels(ModelGenerator.model(&rng, maxSections: 3, maxCells: 30), &rng)
      var a = try runs.layout()
      var b = try written.layout()
      for step in 0..<6 {
        let update = EditGenerator.randomUpdate(&rng, b.model, serial: &serial)
        let context = "seed \(seed) step \(step) \(EditGenerator.describe(update))"
        a = try a.applying(update).snapshot
        b = try b.applying(update).snapshot
        guard try expectSameLayout(a, b, context) else { return }
        try assertEqualToFullRelayout(a, context)
        for s in a.model.sections.indices {
          #expect(
            Self.describe(a.model.sections[s].cells) == Self.describe(b.model.sections[s].cells), "\(context)"
          )
        }
      }
    }
  }

  /// A batch update of a section of runs keeps them runs: one chunk is written out around
  /// each edit, the rest of the run is shared.
  @Test func batchUpdatesKeepRunsButAroundTheirEdits() throws {
    var cells = CellList(repeating: Cell(width: 100, height: 10), count: 200_000, idPrefix: "r")
    cells.append(
      cycling: [Cell(width: 50, height: 5), Cell(width: 75, height: 6)], count: 100_000, idPrefix: "s")
    let model = ListModel(configuration: ListConfiguration(width: 320), sections: [Section(cells: cells)])
    var written = model
    written.sections[0].cells = CellList(Array(cells))
    var update = ListUpdate()
    update.resizeItem(at: ListIndexPath(item: 100_000, section: 0), to: Size(width: 300, height: 30))
    update.deleteItem(at: ListIndexPath(item: 250_000, section: 0))
    update.insertItem(Cell(id: "new", width: 10, height: 10), at: ListIndexPath(item: 150_000, section: 0))
    let a = try model.layout().applying(update).snapshot
    let b = try written.layout().applying(update).snapshot
    let after = a.model.sections[0].cells
    #expect(after.runLeafCount == 5)
    #expect(after.count == 300_000)
    #expect(after[150_000].id == "new")
    #expect(after[150_001].id == "r150000")
    #expect(after[250_000].id == "s249999")
    #expect(after[250_001].id == "s250001")
    try expectSameLayout(a, b, "batch update of runs")
    #expect(Self.describe(after) == Self.describe(b.model.sections[0].cells))
  }
}
