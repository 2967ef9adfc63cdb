import LayoutGeometry
import ListLayout
import ListLayoutTestSupport
import Testing

@Suite struct JSONDecodingTests {
  static let issueExample = """
    { "width": 375,
      "contentInsets": {"top": 5, "left": 5, "bottom": 5, "right": 5},
      "sectionSpacing": 10, "pinSectionHeaders": true,
      "defaultCellSize": {"width": 100, "height": 100},
      "defaultSectionAttributes": {"horizontalAlignment": "left", "verticalAlignment": "top",
                                   "itemSpacing": 5, "lineSpacing": 5,
                                   "insets": {"top": 0, "left": 0, "bottom": 0, "right": 0}},
      "defaultCellAttributes": {"insets": {"top": 0, "left": 0, "bottom": 0, "right": 0},
                                "shouldBeginLine": false, "shouldEndLine": false,
                                "startLineIndentation": false},
      "layoutManager": {"type": "attributes"},
      "sections": [
        { "header": {"height": 40}, "footer": {"height": 20},
          "attributes": {"horizontalAlignment": "center"},
          "items": [ {"id": "a", "size": {"width": 100, "height": 50},
                      "traits": ["compactWidth"], "attributes": {"shouldEndLine": true}} ] } ] }
    """

  @Test func decodesTheSchemaExample() throws {
    let model = try ListModel(json: Self.issueExample)
    #expect(model.configuration.width == 375)
    #expect(model.sections.count == 1)
    let section = model.sections[0]
    #expect(section.header?.height == 40)
    #expect(section.footer?.height == 20)
    #expect(section.attributes?.horizontalAlignment == .center)
    #expect(section.attributes?.itemSpacing == 5)
    #expect(section.cells[0].id == "a")
    #expect(section.cells[0].traits == [.compactWidth])
    #expect(section.cells[0].attributes?.shouldEndLine == true)
    let snapshot = try model.layout()
    // Header at the top inset, the cell centered: (365 − 100) / 2 + 5.
    #expect(snapshot.headerAttributes(inSection: 0)?.frame == rect(0, 5, 375, 40))
    #expect(snapshot.frame(of: ListIndexPath(item: 0, section: 0)) == rect(137.5, 45, 100, 50))
    #expect(snapshot.footerAttributes(inSection: 0)?.frame == rect(0, 95, 375, 20))
    #expect(snapshot.contentSize == Size(width: 375, height: 120))
  }

  @Test func missingKeysTakeFSQDefaults() throws {
    let model = try ListModel(json: #"{"width": 200, "sections": [{"items": [{}]}]}"#)
    let snapshot = try model.layout()
    #expect(snapshot.frame(of: ListIndexPath(item: 0, section: 0)) == rect(5, 5, 100, 100))
  }

  @Test func partialAttributesApplyOverTheFeedDefaultsWhereverTheyAppear() throws {
    // The defaults come after the sections in the document.
    let model = try ListModel(
      json: """
        {"width": 300, "sections": [{"attributes": {"itemSpacing": 20}, "items": [{"attributes": {"shouldBeginLine": true}}]}],
         "defaultSectionAttributes": {"horizontalAlignment": "right", "lineSpacing": 9},
         "defaultCellAttributes": {"insets": {"left": 3}}}
        """)
    let attributes = try #require(model.sections[0].attributes)
    #expect(attributes == SectionAttributes(horizontalAlignment: .right, itemSpacing: 20, lineSpacing: 9))
    #expect(
      model.sections[0].cells[0].attributes
        == CellAttributes(insets: EdgeInsets(left: 3), shouldBeginLine: true))
  }

  @Test func traitsManagerAndDirection() throws {
    let model = try ListModel(
      json:
        #"{"width": 320, "layoutDirection": "rtl", "layoutManager": {"type": "traits", "margin": 15}}"#)
    #expect(model.configuration.layoutDirection == .rtl)
    let hub = try #require(model.configuration.layoutManager as? HubLayoutManager)
    #expect(hub == HubLayoutManager(margin: 15, oversizedCellPolicy: .shrink))
  }

  @Test func widthOverride() throws {
    let model = try ListModel(json: #"{"sections": []}"#, width: 500)
    #expect(model.configuration.width == 500)
  }

  struct Bad: CustomTestStringConvertible, Sendable {
    var json: String
    var path: String
    var kind: JSONInputError.Kind
    var line = 1
    var column: Int? = nil
    var testDescription: String { json }
  }

  static let badInputs: [Bad] = [
    Bad(
      json: #"{"width": 375, "sections": [{"items": [{"size": {"width": -1, "height": 5}}]}]}"#,
      path: "sections[0].items[0].size.width", kind: .invalidValue),
    Bad(
      json: #"{"width": 375, "sections": [{"items": [{"size": {"width": "wide", "height": 5}}]}]}"#,
      path: "sections[0].items[0].size.width", kind: .typeMismatch),
    Bad(
      json: #"{"width": 375, "sections": [{"items": [{"colour": 1}]}]}"#,
      path: "sections[0].items[0].colour", kind: .unknownKey),
    Bad(json: #"{"width": 375, "sectoins": []}"#, path: "sectoins", kind: .unknownKey),
    Bad(
      json: #"{"width": 375, "sections": [{"items": [{"traits": [""]}]}]}"#,
      path: "sections[0].items[0].traits[0]", kind: .invalidValue),
    Bad(
      json: #"{"width": 375, "sections": [{"attributes": {"horizontalAlignment": "middle"}}]}"#,
      path: "sections[0].attributes.horizontalAlignment", kind: .invalidValue),
    Bad(json: #"{"width": 1e999}"#, path: "width", kind: .invalidValue),
    Bad(
      json: #"{"width": 375, "sections": [{"header": {"width": 3}}]}"#, path: "sections[0].header",
      kind: .missingKey),
    Bad(
      json: #"{"width": 375, "layoutManager": {"type": "traits"}}"#, path: "layoutManager", kind: .missingKey),
    Bad(json: #"{"width": 375, "width": 376}"#, path: "width", kind: .invalidValue),
    Bad(
      json: "{\"width\": 375,\n  \"sections\": [\n    {\"items\": [{]\n}", path: "sections[0].items[0]",
      kind: .syntax,
      line: 3, column: 17),
    Bad(json: #"{"width": 375,}"#, path: "", kind: .syntax, column: 15),
    Bad(json: #"{"width": 01}"#, path: "width", kind: .syntax),
    Bad(json: #"{"width": 375} x"#, path: "", kind: .syntax, column: 16),
    Bad(
      json: #"{"width": 375, "sections": [{"items": [{"id": "a\qb"}]}]}"#, path: "sections[0].items[0].id",
      kind: .syntax),
    Bad(json: #"["#, path: "", kind: .typeMismatch),
    Bad(json: "", path: "", kind: .syntax),
    Bad(json: #"{"sections": []}"#, path: "", kind: .missingKey),
  ]

  @Test(arguments: badInputs)
  func badInputIsATypedErrorWithItsPath(_ bad: Bad) {
    do {
      _ = try ListModel(json: bad.json)
      Issue.record("decoded without error")
    } catch {
      #expect(error.kind == bad.kind, "\(error)")
      #expect(error.path == bad.path, "\(error)")
      #expect(error.line == bad.line, "\(error)")
      if let column = bad.column { #expect(error.column == column, "\(error)") }
    }
  }

  @Test func limitsAreEnforcedAndNamed() {
    let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    #expect(throws: JSONInputError.self) {
      try ListModel(json: #"{"width": 1, "sections": "# + deep + "}")
    }
    do {
      _ = try ListModel(
        json: #"{"width": 375, "sections": [{"items": [{}, {}, {}]}]}"#,
        limits: JSONInputLimits(maxCells: 2))
      Issue.record("no limit error")
    } catch {
      #expect(error.kind == .limitExceeded("maxCells"))
      #expect(error.path == "sections[0].items[2]")
    }
    do {
      _ = try ListModel(
        json: #"{"width": 375, "sections": [{}, {}]}"#, limits: JSONInputLimits(maxSections: 1))
      Issue.record("no limit error")
    } catch {
      #expect(error.kind == .limitExceeded("maxSections"))
    }
    do {
      _ = try ListModel(
        json: #"{"width": 375, "sections": [{"items": [{"id": "abcdefghij"}]}]}"#,
        limits: JSONInputLimits(maxStringLength: 5))
      Issue.record("no limit error")
    } catch {
      #expect(error.kind == .limitExceeded("maxStringLength"))
    }
  }

  @Test func stringsWithEscapesAndUnicode() throws {
    let model = try ListModel(
      json: #"{"width": 375, "sections": [{"items": [{"id": "a\"b\\c\u00e9\ud83d\ude00 ✓"}]}]}"#)
    #expect(model.sections[0].cells[0].id == "a\"b\\cé😀 ✓")
    let snapshot = try model.layout()
    #expect(snapshot.jsonString().contains(#""id":"a\"b\\cé😀 ✓""#))
  }

  @Test func layoutJSONOutputFormat() throws {
    let snapshot = try ListModel(json: Self.issueExample).layout()
    let json = snapshot.jsonString()
    #expect(json.hasPrefix(#"{"contentSize":{"width":375,"height":120},"elements":["#))
    #expect(
      json.contains(
        #"{"kind":"header","section":0,"frame":{"x":0,"y":5,"width":375,"height":40},"zIndex":1}"#))
    #expect(
      json.contains(
        #"{"kind":"cell","section":0,"item":0,"id":"a","frame":{"x":137.5,"y":45,"width":100,"height":50},"zIndex":0}"#
      ))
  }

  @Test func invalidModelValuesAreLayoutErrorsNamingThePath() {
    var model = ListModel(
      configuration: ListConfiguration(width: 100), sections: [Section(cells: [Cell(width: .nan, height: 1)])]
    )
    #expect(
      throws: LayoutError.invalidValue(
        path: "sections[0].items[0].size", value: "nan×1", expected: "a finite number, not negative")
    ) {
      try model.layout()
    }
    model.sections = [
      Section(cells: [Cell(width: 1, height: 1, attributes: CellAttributes(insets: EdgeInsets(top: -1)))])
    ]
    #expect(throws: LayoutError.self) { try model.layout() }
    model.configuration.width = 0
    #expect(throws: LayoutError.self) { try model.layout() }
    model.configuration.width = .infinity
    #expect(throws: LayoutError.self) { try model.layout() }
    model.configuration.width = 100
    model.configuration.sectionSpacing = -2
    #expect(throws: LayoutError.self) { try model.layout() }
  }

  /// Regression: finite heights that add up to infinity were laid out silently, and the
  /// command printed `"height":inf`.
  @Test func finiteSizesOverflowingToInfinityAreAnError() {
    let model = try? ListModel(
      json:
        #"{"width": 100, "sections": [{"items": [{"size": {"width": 10, "height": 1e308}}, {"size": {"width": 100, "height": 1e308}}]}]}"#
    )
    #expect(throws: LayoutError.self) { try model?.layout() }
    do {
      _ = try model?.layout()
    } catch {
      #expect(error.path == "sections[0]")
    }
  }

  @Test func sizingCallbackReturningNaNIsReported() {
    let model = ListModel(
      configuration: ListConfiguration(width: 100),
      sections: [Section(cells: [Cell(size: .sizing { _ in Size(width: .nan, height: 3) })])])
    do {
      _ = try model.layout()
      Issue.record("no error")
    } catch {
      #expect(error.path == "sections[0].items[0].size")
    }
  }
}
