import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// Scattered edits of large sections: each group of nearby changes is reflowed on its own and
/// the old pages between groups are kept, with the frames of a full layout.
@Suite struct GroupedReflowTests {
  /// A model with sections of thousands of cells (many pages each), every cell with an id.
  static func largeModel(_ rng: inout SplitMix64) -> ListModel {
    var model = ModelGenerator.model(&rng, maxSections: 3, maxCells: 5000)
    for s in model.sections.indices {
      for i in model.sections[s].cells.indices { model.sections[s].cells[i].id = "c\(s)-\(i)" }
    }
    return model
  }

  /// `model` with `count` edits at random places: resized, deleted, inserted, moved within
  /// their section, given new traits or attributes.
  static func scatter(_ model: ListModel, edits count: Int, _ rng: inout SplitMix64) -> ListModel {
    var new = model
    let width = model.configuration.width
    for k in 0..<count {
      let nonEmpty = new.sections.indices.filter { !new.sections[$0].cells.isEmpty }
      guard let s = nonEmpty.randomElement(using: &rng) else { break }
      let i = Int.random(in: new.sections[s].cells.indices, using: &rng)
      switch k % 5 {
      case 0:
        new.sections[s].cells[i].size = .fixed(
          Size(
            width: Double(Int.random(in: 0...Int(width * 2), using: &rng)) / 2,
            height: Double(Int.random(in: 0...200, using: &rng)) / 2))
      case 1: new.sections[s].cells.remove(at: i)
      case 2:
        var cell = EditGenerator.randomCell(&rng, width: width, id: "new\(k)")
        cell.id = "new\(k)"
        new.sections[s].cells.insert(cell, at: i)
      case 3:
        let cell = new.sections[s].cells.remove(at: i)
        new.sections[s].cells.insert(cell, at: Int.random(in: 0...new.sections[s].cells.count, using: &rng))
      default:
        new.sections[s].cells[i].traits = ModelGenerator.randomTraits(&rng)
        if Bool.random(using: &rng) {
          new.sections[s].cells[i].attributes = CellAttributes(
            shouldBeginLine: Bool.random(using: &rng), startLineIndentation: Bool.random(using: &rng))
        }
      }
    }
    return new
  }

  @Test func scatteredEditsEqualAFullLayout() throws {
    for seed in 0..<sweep(quick: 10, long: 80) {
      var rng = SplitMix64(seed: UInt64(seed))
      let old = Self.largeModel(&rng)
      // Up to about one group per 140 cells, which is reflowed group by group (denser edits
      // lay the section out whole), and many more.
      let cells = old.sections.reduce(0) { $0 + $1.cells.count }
      let new = Self.scatter(
        old, edits: [1, 3, 10, cells / 140, cells / 140, 200].randomElement(using: &rng)!, &rng)
      let snapshot = try old.layout()
      let difference = ListDifference(from: old, to: new)
      let result = try snapshot.applying(difference)
      guard try expectSameLayout(result.snapshot, try new.layout(), "seed \(seed)") else { return }
      #expect(result.snapshot.invariantViolations().isEmpty, "seed \(seed)")
    }
  }

  /// A few edits far apart in a long section reflow a few lines each; the pages between them
  /// are the old snapshot's.
  @Test func editsFarApartKeepThePagesBetweenThem() throws {
    let cells = (0..<20_000).map { Cell(id: "c\($0)", width: Double(40 + $0 % 7 * 30), height: 44) }
    let old = ListModel(configuration: ListConfiguration(width: 375), sections: [Section(cells: cells)])
    var new = old
    for item in [19_000, 15_000, 10_000, 5_000, 100] {
      new.sections[0].cells[item].size = .fixed(Size(width: 300, height: 60))
      new.sections[0].cells.remove(at: item + 7)
      new.sections[0].cells.insert(Cell(id: "n\(item)", width: 90, height: 20), at: item + 3)
    }
    let snapshot = try old.layout()
    let result = try snapshot.applying(ListDifference(from: old, to: new))
    _ = try expectSameLayout(result.snapshot, try new.layout(), "far apart")
    let oldPages = snapshot.geometries[0].pages
    let newPages = result.snapshot.geometries[0].pages
    let shared = newPages.filter { page in oldPages.contains { $0 === page } }.count
    // Five groups touch at most two pages each; every other page is kept.
    #expect(shared >= oldPages.count - 10, "\(shared) of \(oldPages.count) pages kept")
    #expect(result.reflowedLines < 100, "\(result.reflowedLines) lines reflowed")
  }
}
