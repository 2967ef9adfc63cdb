import LayoutGeometry
import ListLayout
import TestSupport
import Testing

/// The feed keys of sections that behave (separators, collapsed sections, per-section
/// pinning, stretched lines): read, written back in every style, and bad ones errors naming
/// their key path.
@Suite struct SectionBehaviourFeedTests {
  static let json = """
    {"width": 200, "defaultSectionAttributes": {"verticalAlignment": "stretch"},
     "sections": [{"separator": {"thickness": 0.5, "insets": {"left": 16, "right": 4}, "id": "line"},
                   "pinHeader": false, "pinFooter": true, "header": {"height": 10},
                   "items": [{"size": {"width": 10, "height": 10}}]},
                  {"separator": {"thickness": 1}, "collapsed": true, "pinHeader": null,
                   "attributes": {"verticalAlignment": "top"}, "items": [{"size": {"width": 10, "height": 10}}]},
                  {"collapsed": false, "layout": {"type": "grid", "columns": 2}, "separator": null}]}
    """

  @Test func feedKeysReadAndRoundTrip() throws {
    let model = try ListModel(json: Self.json)
    #expect(model.configuration.defaultSectionAttributes.verticalAlignment == .stretch)
    #expect(
      model.sections[0].separator
        == SectionSeparator(thickness: 0.5, leftInset: 16, rightInset: 4, id: "line"))
    #expect(model.sections[0].pinHeader == false && model.sections[0].pinFooter == true)
    #expect(!model.sections[0].collapsed)
    #expect(model.sections[1].separator == SectionSeparator(thickness: 1))
    #expect(model.sections[1].collapsed && model.sections[1].pinHeader == nil)
    #expect(model.sections[1].cells.count == 1)
    #expect(model.sections[2].separator == nil && !model.sections[2].collapsed)
    for defaults in FeedWritingOptions.Defaults.allCases {
      let written = try model.jsonString(options: FeedWritingOptions(defaults: defaults))
      #expect(try ListModel(json: written) == model, "\(written)")
    }
  }

  /// A feed without the new keys writes what it wrote before: none of them appears.
  @Test func feedsWithoutTheKeysDoNotWriteThem() throws {
    let model = try ListModel(
      json: #"{"width": 100, "sections": [{"items": [{"size": {"width": 1, "height": 1}}]}]}"#)
    for defaults in FeedWritingOptions.Defaults.allCases {
      let written = try model.jsonString(options: FeedWritingOptions(defaults: defaults))
      for key in ["separator", "collapsed", "pinHeader", "pinFooter", "stretch"] {
        #expect(!written.contains(key), "\(written)")
      }
    }
  }

  @Test func badKeysAreErrorsNamingTheKeyPath() {
    func failure(_ json: String) -> JSONInputError? {
      do {
        _ = try ListModel(json: json)
        return nil
      } catch {
        return error
      }
    }
    let cases: [(String, String)] = [
      (#"{"width": 10, "sections": [{"separator": {"insets": {"left": 1}}}]}"#, "sections[0].separator"),
      (#"{"width": 10, "sections": [{"separator": {"thickness": -1}}]}"#, "sections[0].separator.thickness"),
      (
        #"{"width": 10, "sections": [{"separator": {"thickness": 1, "insets": {"top": 1}}}]}"#,
        "sections[0].separator.insets.top"
      ),
      (
        #"{"width": 10, "sections": [{"separator": {"thickness": 1, "insets": {"right": "x"}}}]}"#,
        "sections[0].separator.insets.right"
      ),
      (
        #"{"width": 10, "sections": [{"separator": {"thickness": 1, "color": 2}}]}"#,
        "sections[0].separator.color"
      ),
      (#"{"width": 10, "sections": [{"separator": true}]}"#, "sections[0].separator"),
      (#"{"width": 10, "sections": [{}, {"collapsed": 1}]}"#, "sections[1].collapsed"),
      (#"{"width": 10, "sections": [{"pinHeader": "yes"}]}"#, "sections[0].pinHeader"),
      (#"{"width": 10, "sections": [{"pinFooter": 0}]}"#, "sections[0].pinFooter"),
      (
        #"{"width": 10, "sections": [{"attributes": {"verticalAlignment": "baseline"}}]}"#,
        "sections[0].attributes.verticalAlignment"
      ),
    ]
    for (json, path) in cases {
      let error = failure(json)
      #expect(error?.path == path, "\(json): \(String(describing: error))")
    }
  }

  /// A separator given in Swift with a value the feed could not hold is a layout error naming
  /// its path.
  @Test func invalidSeparatorsAreLayoutErrors() {
    var model = ListModel(configuration: ListConfiguration(width: 100))
    model.sections = [
      Section(cells: [Cell(width: 10, height: 10)]), Section(separator: SectionSeparator(thickness: .nan)),
    ]
    #expect(
      throws: LayoutError.invalidValue(
        path: "sections[1].separator.thickness", value: "nan", expected: "a finite number, not negative")
    ) {
      try model.layout()
    }
    model.sections[1].separator = SectionSeparator(thickness: 1, leftInset: -1)
    #expect(throws: LayoutError.self) { try model.layout() }
  }

  /// A difference in the `diff` format collapses a section through its updated section's
  /// JSON (what the service's `edit` takes): the section's cells stay, it lays out as
  /// collapsed, no line is laid out again.
  @Test func aDifferenceInJSONCollapsesASection() throws {
    let model = try ListModel(json: Self.json)
    let snapshot = try model.layout()
    let json = """
      {"sections":{"deleted":[],"inserted":[],"moved":[],"updated":[0]},
       "items":{"deleted":[],"inserted":[],"moved":[],"updated":[]},
       "updatedSections":[{"collapsed": true, "header": {"height": 10}, "pinFooter": true,
                           "separator": {"thickness": 0.5, "insets": {"left": 16, "right": 4}, "id": "line"}}]}
      """
    let difference = try ListDifference(json: Array(json.utf8), for: model)
    let result = try snapshot.applying(difference)
    #expect(result.snapshot.model.sections[0].collapsed)
    #expect(result.snapshot.model.sections[0].cells.count == 1)
    #expect(result.snapshot.model.sections[0].pinHeader == nil)
    #expect(result.reflowedLines == 0)
    #expect(result.snapshot.allAttributes() == (try result.snapshot.model.layout()).allAttributes())
  }

  /// The layout output lists separators with the item of the line above them and the
  /// separator's identifier.
  @Test func layoutOutputListsSeparators() throws {
    let snapshot = try ListModel(
      json: """
        {"width": 100, "contentInsets": {"top": 0, "left": 0, "bottom": 0, "right": 0},
         "sections": [{"separator": {"thickness": 1, "id": "rule"}, "attributes": {"lineSpacing": 4},
                       "items": [{"size": {"width": 100, "height": 10}}, {"size": {"width": 100, "height": 10}}]}]}
        """
    ).layout()
    let text = snapshot.jsonString()
    #expect(
      text.contains(
        #"{"kind":"separator","section":0,"item":0,"id":"rule","frame":{"x":0,"y":11.5,"width":100,"height":1},"zIndex":0}"#
      ), "\(text)")
  }
}
