import LayoutGeometry
import ListLayout
import ListLayoutTestSupport
import TestSupport
import Testing

/// Random pairs of feeds: the difference, applied to the old snapshot, must give exactly the
/// layout of the new model, and must match a plain reference matcher in what it reports.
@Suite struct DifferenceTests {
  @Test func appliedDifferenceEqualsTheNewLayout() throws {
    var kinds = [String: Int]()
    let seeds = sweep(quick: 300, long: 3000)
    for seed in 0..<seeds {
      var rng = SplitMix64(seed: UInt64(seed))
      let old = DifferenceGenerator.keyedModel(&rng)
      let new = DifferenceGenerator.mutate(old, &rng)
      let difference = ListDifference(from: old, to: new)
      let before = try old.layout()
      let result = try before.applying(difference)
      let expected = try new.layout()
      guard try expectSameLayout(result.snapshot, expected, "seed \(seed)") else { return }
      #expect(DifferenceGenerator.ids(result.snapshot.model) == DifferenceGenerator.ids(new), "seed \(seed)")
      _ = try ReferenceDifference.check(old, new, difference, "seed \(seed)")
      if !difference.items.moved.isEmpty { kinds["item moves", default: 0] += 1 }
      if !difference.items.updated.isEmpty { kinds["item updates", default: 0] += 1 }
      if !difference.items.inserted.isEmpty { kinds["item inserts", default: 0] += 1 }
      if !difference.items.deleted.isEmpty { kinds["item deletes", default: 0] += 1 }
      if !difference.sections.moved.isEmpty { kinds["section moves", default: 0] += 1 }
      if !difference.sections.updated.isEmpty { kinds["section updates", default: 0] += 1 }
      if !difference.sections.inserted.isEmpty { kinds["section inserts", default: 0] += 1 }
      if !difference.sections.deleted.isEmpty { kinds["section deletes", default: 0] += 1 }
      if difference.configuration != nil { kinds["configuration", default: 0] += 1 }
    }
    // Every kind of change occurred in hundreds of the pairs (tens in the quick run).
    #expect(kinds.count == 9 && kinds.values.allSatisfy { $0 >= seeds / 30 }, "\(kinds)")
  }

  @Test func oneCellDraggedToTheEndIsOneMove() throws {
    let cells = (0..<10).map { Cell(id: "c\($0)", width: 50, height: 50) }
    let old = ListModel(configuration: ListConfiguration(width: 375), sections: [Section(cells: cells)])
    var new = old
    new.sections[0].cells = CellList(Array(cells.dropFirst()) + [cells[0]])
    let difference = ListDifference(from: old, to: new)
    #expect(
      difference.items.moved == [
        .init(from: ListIndexPath(item: 0, section: 0), to: ListIndexPath(item: 9, section: 0))
      ])
    #expect(
      difference.items.deleted.isEmpty && difference.items.inserted.isEmpty
        && difference.items.updated.isEmpty)
    #expect(difference.sections.isEmpty && difference.configuration == nil)
  }

  @Test func duplicateIdsMatchInOrder() throws {
    let old = ListModel(
      configuration: ListConfiguration(width: 375),
      sections: [
        Section(cells: [Cell(id: "x", width: 10, height: 10), Cell(id: "x", width: 20, height: 10)])
      ])
    var new = old
    // The first "x" is gone: the k-th rule matches new x#0 with old x#0 (now 20 wide: updated)
    // and deletes old x#1.
    new.sections[0].cells = [Cell(id: "x", width: 20, height: 10)]
    let difference = ListDifference(from: old, to: new)
    #expect(difference.items.deleted == [ListIndexPath(item: 1, section: 0)])
    #expect(difference.items.updated == [ListIndexPath(item: 0, section: 0)])
    #expect(difference.items.moved.isEmpty && difference.items.inserted.isEmpty)
  }

  @Test func sectionsMatchByIdThenHeaderId() throws {
    let config = ListConfiguration(width: 375)
    let old = ListModel(
      configuration: config,
      sections: [
        Section(header: Supplementary(height: 10, id: "a")), Section(cells: [Cell(id: "1")], id: "b"),
        Section(),
      ])
    let new = ListModel(
      configuration: config,
      sections: [
        Section(cells: [Cell(id: "1")], id: "b"), Section(header: Supplementary(height: 12, id: "a")),
        Section(id: "c"),
      ])
    let difference = ListDifference(from: old, to: new)
    #expect(difference.sections.deleted == [2])
    #expect(difference.sections.inserted == [2])
    #expect(difference.sections.moved.count == 1)
    #expect(difference.sections.updated == [1])
    #expect(difference.items.isEmpty)
  }
}

/// Large sections, where the side-by-side walk resynchronises over long runs and duplicates
/// take walked pairs back.
@Suite struct LargeDifferenceTests {
  @Test func longRunsAndDuplicates() throws {
    for seed in 0..<sweep(quick: 10, long: 60) {
      var rng = SplitMix64(seed: UInt64(seed))
      var serial = 0
      func cell() -> Cell {
        serial += 1
        let id: String? =
          Int.random(in: 0..<50, using: &rng) == 0
          ? "dup\(Int.random(in: 0..<5, using: &rng))"
          : (Int.random(in: 0..<40, using: &rng) == 0 ? nil : "c\(serial)")
        return Cell(
          id: id, width: Double(Int.random(in: 1...200, using: &rng)),
          height: Double(Int.random(in: 1...60, using: &rng)))
      }
      var old = ListModel(configuration: ListConfiguration(width: 375))
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        old.sections.append(Section(cells: (0..<Int.random(in: 500...3000, using: &rng)).map { _ in cell() }))
      }
      var new = old
      for _ in 0..<Int.random(in: 1...5, using: &rng) {
        let s = Int.random(in: new.sections.indices, using: &rng)
        var cells = Array(new.sections[s].cells)
        let start = Int.random(in: 0...cells.count, using: &rng)
        let end = min(cells.count, start + Int.random(in: 0...800, using: &rng))
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: cells.removeSubrange(start..<end)
        case 1:
          cells.insert(contentsOf: (0..<Int.random(in: 1...700, using: &rng)).map { _ in cell() }, at: start)
        case 2:  // a block moves elsewhere
          let block = Array(cells[start..<end])
          cells.removeSubrange(start..<end)
          cells.insert(contentsOf: block, at: Int.random(in: 0...cells.count, using: &rng))
        default:  // sparse edits
          for _ in 0..<Int.random(in: 1...60, using: &rng) where !cells.isEmpty {
            let i = Int.random(in: cells.indices, using: &rng)
            if Bool.random(using: &rng) {
              cells[i] = cell()
            } else {
              cells[i].size = .fixed(Size(width: 17, height: 9))
            }
          }
        }
        new.sections[s].cells = CellList(cells)
      }
      let difference = ListDifference(from: old, to: new)
      let result = try old.layout().applying(difference)
      guard try expectSameLayout(result.snapshot, try new.layout(), "seed \(seed)") else { return }
      #expect(DifferenceGenerator.ids(result.snapshot.model) == DifferenceGenerator.ids(new), "seed \(seed)")
      _ = try ReferenceDifference.check(
        old, new, difference, "seed \(seed)", lis: ReferenceDifference.lisLength)
    }
  }
}
