import LayoutGeometry
import ListLayout
import TestSupport
import Testing

/// The feed keys of list chrome (scroll direction, list header and footer, backgrounds): read
/// and written back, and bad ones errors naming their key path.
@Suite struct ChromeFeedKeysTests {
  @Test func feedKeysReadAndRoundTrip() throws {
    let json = """
      {"width": 200, "scrollDirection": "horizontal",
       "header": {"height": 44, "id": "top", "pinned": true}, "footer": {"height": 20},
       "sections": [{"background": {"id": "bg", "insets": {"top": 1, "left": 2, "bottom": 3, "right": 4}},
                     "items": [{"size": {"width": 10, "height": 10}}]},
                    {"background": {}}]}
      """
    let model = try ListModel(json: json)
    #expect(model.configuration.scrollDirection == .horizontal)
    #expect(model.configuration.listHeader == ListSupplementary(height: 44, id: "top", pinned: true))
    #expect(model.configuration.listFooter == ListSupplementary(height: 20))
    #expect(
      model.sections[0].background
        == SectionBackground(id: "bg", insets: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)))
    #expect(model.sections[1].background == SectionBackground())
    for defaults in FeedWritingOptions.Defaults.allCases {
      let written = try model.jsonString(options: FeedWritingOptions(defaults: defaults))
      #expect(try ListModel(json: written) == model, "\(written)")
    }
    #expect(try ListModel(json: ChromeTests.framedModel().jsonString()) == ChromeTests.framedModel())
  }

  @Test func badChromeKeysAreErrorsNamingTheKeyPath() {
    func failure(_ json: String) -> JSONInputError? {
      do {
        _ = try ListModel(json: json)
        return nil
      } catch {
        return error
      }
    }
    let cases: [(String, String)] = [
      (#"{"width": 10, "scrollDirection": "diagonal"}"#, "scrollDirection"),
      (#"{"width": 10, "header": {"id": "x"}}"#, "header"),
      (#"{"width": 10, "header": {"height": -1}}"#, "header.height"),
      (#"{"width": 10, "footer": {"height": 5, "pinned": "yes"}}"#, "footer.pinned"),
      (#"{"width": 10, "footer": {"height": 5, "sticky": true}}"#, "footer.sticky"),
      (
        #"{"width": 10, "sections": [{"background": {"insets": {"left": -2}}}]}"#,
        "sections[0].background.insets.left"
      ),
      (#"{"width": 10, "sections": [{"background": {"color": "red"}}]}"#, "sections[0].background.color"),
      (#"{"width": 10, "sections": [{"background": 3}]}"#, "sections[0].background"),
    ]
    for (json, path) in cases {
      let error = failure(json)
      #expect(error?.path == path, "\(json): \(String(describing: error))")
    }
  }
}
