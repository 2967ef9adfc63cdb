import LayoutGeometry
import TestSupport
import Testing

@testable import ListLayout

/// The diff format read back, with the new content alongside, applies as the difference does.
@Suite struct DifferenceJSONTests {
  static func json(_ insets: EdgeInsets) -> String {
    "{\"top\":\(insets.top),\"left\":\(insets.left),\"bottom\":\(insets.bottom),\"right\":\(insets.right)}"
  }

  static func json(_ cell: Cell) -> String {
    var fields: [String] = []
    if let id = cell.id { fields.append("\"id\":\(jsonQuoted(id))") }
    if let size = cell.size.fixedValue {
      fields.append("\"size\":{\"width\":\(size.width),\"height\":\(size.height)}")
    }
    fields.append("\"traits\":[" + cell.traits.map { "\"\($0.name)\"" }.joined(separator: ",") + "]")
    if let a = cell.attributes {
      fields.append(
        "\"attributes\":{\"insets\":\(json(a.insets)),\"shouldBeginLine\":\(a.shouldBeginLine),"
          + "\"shouldEndLine\":\(a.shouldEndLine),\"startLineIndentation\":\(a.startLineIndentation)}")
    }
    return "{" + fields.joined(separator: ",") + "}"
  }

  static func json(_ supplementary: Supplementary) -> String {
    var text = "{\"height\":\(supplementary.height)"
    if let width = supplementary.width { text += ",\"width\":\(width)" }
    if let id = supplementary.id { text += ",\"id\":\(jsonQuoted(id))" }
    return text + ",\"traits\":[" + supplementary.traits.map { "\"\($0.name)\"" }.joined(separator: ",")
      + "]}"
  }

  static func json(_ section: Section) -> String {
    var fields: [String] = []
    if let id = section.id { fields.append("\"id\":\(jsonQuoted(id))") }
    if let header = section.header { fields.append("\"header\":" + json(header)) }
    if let footer = section.footer { fields.append("\"footer\":" + json(footer)) }
    if let a = section.attributes {
      fields.append(
        "\"attributes\":{\"horizontalAlignment\":\"\(a.horizontalAlignment.rawValue)\",\"verticalAlignment\":"
          + "\"\(a.verticalAlignment.rawValue)\",\"itemSpacing\":\(a.itemSpacing),\"lineSpacing\":\(a.lineSpacing),"
          + "\"insets\":\(json(a.insets))}")
    }
    fields.append("\"items\":[" + section.cells.map(json).joined(separator: ",") + "]")
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// The diff output with the content a client would send alongside.
  static func input(_ difference: ListDifference, old: ListModel) -> String {
    var text = String(difference.jsonString().dropLast(2))
    text += ",\n\"insertedSections\":[" + difference.insertedSections.map(json).joined(separator: ",\n") + "]"
    text += ",\n\"updatedSections\":[" + difference.updatedSections.map(json).joined(separator: ",\n") + "]"
    text += ",\n\"insertedCells\":[" + difference.insertedCells.map(json).joined(separator: ",\n") + "]"
    text += ",\n\"updatedCells\":[" + difference.updatedCells.map(json).joined(separator: ",\n") + "]"
    if let configuration = difference.configuration { text += ",\"width\":\(configuration.width)" }
    return text + "}"
  }

  @Test func readBackAndApplied() throws {
    var checked = 0
    let seeds = sweep(quick: 150, long: 1500)
    for seed in 0..<seeds {
      var rng = SplitMix64(seed: UInt64(seed) &+ 5000)
      let old = DifferenceTests.keyedModel(&rng)
      let new = DifferenceTests.mutate(old, &rng)
      var sameButWidth = new.configuration
      sameButWidth.width = old.configuration.width
      guard sameButWidth.isSame(as: old.configuration) else { continue }
      let difference = ListDifference(from: old, to: new)
      let text = Self.input(difference, old: old)
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
