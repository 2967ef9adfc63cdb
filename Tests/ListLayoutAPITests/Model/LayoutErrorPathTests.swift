import ListLayout
import Testing

/// A layout error names the bad value twice: as the feed's JSON spells it (`path`, which the
/// command line prints) and as the Swift model spells it (`modelPath`).
@Suite struct LayoutErrorPathTests {
  @Test func aCellsPathInBothSpellings() throws {
    var model = ListModel(configuration: ListConfiguration(width: 375))
    model.sections = [
      Section(cells: [Cell(id: "a", width: 10, height: 10), Cell(id: "b", width: -1, height: 10)])
    ]
    #expect {
      _ = try model.layout()
    } throws: { error in
      guard let error = error as? LayoutError else { return false }
      return error.path == "sections[0].items[1].size" && error.modelPath == "sections[0].cells[1].size"
    }
  }

  @Test func configurationValuesAreUnderConfiguration() throws {
    let model = ListModel(configuration: ListConfiguration(width: 0))
    #expect {
      _ = try model.layout()
    } throws: { error in
      guard let error = error as? LayoutError else { return false }
      return error.path == "width" && error.modelPath == "configuration.width"
    }
    var insets = ListModel(configuration: ListConfiguration(width: 100))
    insets.sections = [Section(header: Supplementary(height: -2), cells: [])]
    #expect {
      _ = try insets.layout()
    } throws: { error in
      (error as? LayoutError)?.modelPath == "sections[0].header.height"
    }
  }

  @Test func spellings() {
    let cases: [(String, String)] = [
      ("sections[3].items[12].attributes.insets", "sections[3].cells[12].attributes.insets"),
      ("sections[0]", "sections[0]"),
      ("sections[2].layout", "sections[2].layout"),
      ("defaultCellAttributes.insets", "configuration.defaultCellAttributes.insets"),
      ("contentInsets", "configuration.contentInsets"),
    ]
    for (json, swift) in cases {
      #expect(LayoutError.invalidValue(path: json, value: "x", expected: "y").modelPath == swift, "\(json)")
    }
  }
}
