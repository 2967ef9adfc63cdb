import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// A difference computed from two models remembers them: applied to a snapshot of the old
/// model, its edited sections take the new model's cell lists instead of splicing the edits.
/// These tests hold that path to the general one (the splice), which a difference read from
/// JSON, changed after it was computed, or applied to another model's snapshot takes.
@Suite struct DifferenceApplyPathTests {
  /// The difference without its source models: the general path.
  static func general(_ difference: ListDifference) -> ListDifference {
    var copy = difference
    copy.source = nil
    return copy
  }

  @Test func sharedCellsEqualSplicedCells() throws {
    var shared = 0
    let seeds = sweep(quick: 300, long: 3000)
    for seed in 0..<seeds {
      var rng = SplitMix64(seed: UInt64(seed))
      let old = DifferenceGenerator.keyedModel(&rng)
      let new = DifferenceGenerator.mutate(old, &rng)
      let difference = ListDifference(from: old, to: new)
      let before = try old.layout()
      let fast = try before.applying(difference)
      let spliced = try before.applying(Self.general(difference))
      #expect(fast.snapshot.model == spliced.snapshot.model, "seed \(seed)")
      guard try expectSameLayout(fast.snapshot, spliced.snapshot, "seed \(seed)") else { return }
      #expect(fast.reflowedLines == spliced.reflowedLines, "seed \(seed)")
      // The path was taken: every section with cell edits holds the new model's list.
      for t in difference.items.inserted.map(\.section) + difference.items.updated.map(\.section) {
        #expect(fast.snapshot.model.sections[t].cells.root === new.sections[t].cells.root, "seed \(seed)")
        shared += 1
      }
    }
    #expect(shared > seeds / 3)
  }

  @Test func anyChangeToTheDifferenceDropsItsSource() {
    var old = ListModel(configuration: ListConfiguration(width: 300))
    old.sections = [
      Section(cells: [Cell(id: "a", width: 10, height: 10), Cell(id: "b", width: 10, height: 10)])
    ]
    var new = old
    new.sections[0].cells.remove(at: 0)
    let difference = ListDifference(from: old, to: new)
    #expect(difference.source != nil)
    var changed = difference
    changed.items.deleted = []
    #expect(changed.source == nil)
    changed = difference
    changed.sections.updated.append(0)
    #expect(changed.source == nil)
    changed = difference
    changed.insertedCells.append(Cell(id: "c", width: 1, height: 1))
    #expect(changed.source == nil)
    changed = difference
    changed.configuration = nil
    #expect(changed.source == nil)
  }

  /// A snapshot of a model equal to the old one but built apart shares no cell storage with
  /// it: the general path runs, with the same result.
  @Test func aModelBuiltApartTakesTheGeneralPath() throws {
    for seed in 0..<200 {
      var rng = SplitMix64(seed: UInt64(seed))
      let old = DifferenceGenerator.keyedModel(&rng)
      let new = DifferenceGenerator.mutate(old, &rng)
      var rebuilt = old
      for s in rebuilt.sections.indices { rebuilt.sections[s].cells = CellList(Array(old.sections[s].cells)) }
      #expect(rebuilt == old)
      #expect(old.sharesCells(with: old))
      #expect(!rebuilt.sharesCells(with: old) || old.sections.isEmpty)
      let difference = ListDifference(from: old, to: new)
      let result = try rebuilt.layout().applying(difference)
      guard try expectSameLayout(result.snapshot, try new.layout(), "seed \(seed)") else { return }
      #expect(result.snapshot.model == (try old.layout().applying(difference)).snapshot.model, "seed \(seed)")
    }
  }
}
