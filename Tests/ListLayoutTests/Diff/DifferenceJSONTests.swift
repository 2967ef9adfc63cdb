import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// The diff format read back, with the new content alongside, applies as the difference does.
@Suite struct DifferenceJSONTests {
  @Test func readBackAndApplied() throws {
    var checked = 0
    let seeds = sweep(quick: 150, long: 1500)
    for seed in 0..<seeds {
      var rng = SplitMix64(seed: UInt64(seed) &+ 5000)
      let old = DifferenceGenerator.keyedModel(&rng)
      let new = DifferenceGenerator.mutate(old, &rng)
      var sameButWidth = new.configuration
      sameButWidth.width = old.configuration.width
      guard sameButWidth.isSame(as: old.configuration) else { continue }
      let difference = ListDifference(from: old, to: new)
      let text = DifferenceGenerator.input(difference, old: old)
      let read = try ListDifference(json: Array(text.utf8), for: old)
      #expect(read.sections == difference.sections && read.items == difference.items, "seed \(seed)")
      let result = try old.layout().applying(read)
      guard try expectSameLayout(result.snapshot, try new.layout(), "seed \(seed)\n\(text)") else { return }
      checked += 1
    }
    #expect(checked > seeds * 2 / 3)
  }

  @Test func errorsNameThePlaceInTheOuterDocument() throws {
    let model = ListModel(
      configuration: ListConfiguration(width: 100), sections: [Section(cells: [Cell(id: "a")])])
    let text = """
      {"items": {"inserted": [[0, 1]]},
       "insertedCells": [
         {"id": "n", "size": {"width": -4, "height": 1}}]}
      """
    let error = try #require(throws: JSONInputError.self) {
      try ListDifference(json: Array(text.utf8), for: model)
    }
    // Where the feed decoder puts a problem (a bad value just after its key's colon, an
    // unknown key at its opening quote), here in the outer document.
    #expect(error.path == "insertedCells[0].size.width")
    #expect(error.line == 3 && error.column == 33, "\(error)")
    let oneLine = #"{"insertedSections": [{"items": [{"bogus": 1}]}]}"#
    let second = try #require(throws: JSONInputError.self) {
      try ListDifference(json: Array(oneLine.utf8), for: model)
    }
    #expect(second.path == "insertedSections[0].items[0].bogus")
    #expect(second.line == 1 && second.column == 35, "\(second)")
    #expect(throws: JSONInputError.self) {
      try ListDifference(json: Array(#"{"items": {"moved": [[[0,0]]]}}"#.utf8), for: model)
    }
  }

  @Test func mismatchedContentIsAnUpdateError() throws {
    let model = ListModel(
      configuration: ListConfiguration(width: 100), sections: [Section(cells: [Cell(id: "a")])])
    let difference = try ListDifference(json: Array(#"{"items": {"inserted": [[0, 1]]}}"#.utf8), for: model)
    #expect(throws: UpdateError.self) { try model.layout().applying(difference) }
    let outOfRange = try ListDifference(json: Array(#"{"items": {"deleted": [[0, 5]]}}"#.utf8), for: model)
    #expect(throws: UpdateError.self) { try model.layout().applying(outOfRange) }
  }
}
