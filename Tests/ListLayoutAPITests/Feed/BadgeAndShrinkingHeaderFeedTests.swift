import Foundation
import LayoutGeometry
import ListLayout
import ListLayoutTestSupport
import TestSupport
import Testing

/// The feed keys of issue 32's badges (`"badges"` on a cell) and shrinking list header
/// (`"minHeight"`): read, written back the same (`format`), and bad values named by key path.
@Suite struct BadgeAndShrinkingHeaderFeedTests {
  static let feed = """
    {"width": 200, "contentInsets": {"top": 0, "left": 0, "bottom": 0, "right": 0},
     "header": {"height": 100, "id": "bar", "pinned": true, "minHeight": 44},
     "sections": [{"items": [
       {"id": "a", "size": {"width": 100, "height": 100},
        "badges": [{"id": "n", "size": {"width": 20, "height": 20}, "anchor": "topTrailing",
                    "offset": {"x": 0.5, "y": -0.5}},
                   {"size": {"width": 8, "height": 8}}]},
       {"size": {"width": 50, "height": 50}, "badges": [{"size": {"width": 4, "height": 6}, "anchor": "bottomLeading"}]}]}]}
    """

  @Test func keysRead() throws {
    let model = try ListModel(json: Self.feed)
    #expect(
      model.configuration.listHeader == ListSupplementary(height: 100, id: "bar", pinned: true, minHeight: 44)
    )
    #expect(
      model.sections[0].cells[0].badges == [
        Badge(
          id: "n", size: Size(width: 20, height: 20), anchor: .topTrailing, offset: Point(x: 0.5, y: -0.5)),
        // The defaults: the top trailing corner, no offset.
        Badge(size: Size(width: 8, height: 8), anchor: .topTrailing, offset: .zero),
      ])
    #expect(
      model.sections[0].cells[1].badges == [Badge(size: Size(width: 4, height: 6), anchor: .bottomLeading)])
    // The layout's JSON: badges with their cell's section and item, their place, their id.
    let text = try model.layout().jsonString()
    #expect(
      text.contains(
        #"{"kind":"badge","section":0,"item":0,"badge":0,"id":"n","frame":{"x":90,"y":90,"width":20,"height":20},"zIndex":2}"#
      ))
    #expect(
      text.contains(
        #"{"kind":"badge","section":0,"item":1,"badge":0,"frame":{"x":105,"y":144,"width":4,"height":6},"zIndex":2}"#
      ))
  }

  @Test func formatRoundTrip() throws {
    let model = try ListModel(json: Self.feed)
    for options in [FeedWritingOptions(), FeedWritingOptions(defaults: .spelledOut)] {
      let bytes = try model.jsonBytes(options: options)
      let read = try ListModel(json: bytes)
      #expect(read == model)
      #expect(try read.jsonBytes(options: options) == bytes)
    }
    // Seeded models with badges everywhere come back the same.
    var rng = SplitMix64(seed: 3205)
    for _ in 0..<sweep(quick: 60, long: 600) {
      var generated = ModelGenerator.model(&rng, maxSections: 3, maxCells: 20)
      for s in generated.sections.indices {
        for i in generated.sections[s].cells.indices where Bool.random(using: &rng) {
          generated.sections[s].cells[i].badges = [
            Badge(
              id: Bool.random(using: &rng) ? "b\(i)" : nil,
              size: Size(width: Double(Int.random(in: 0...40, using: &rng)), height: 7.5),
              anchor: BadgeAnchor.allCases.randomElement(using: &rng)!,
              offset: Point(x: Double(Int.random(in: -9...9, using: &rng)) / 3, y: -0.25))
          ]
        }
      }
      generated.configuration.listHeader = ListSupplementary(
        height: 90, pinned: true, minHeight: Bool.random(using: &rng) ? 12.5 : nil)
      let read = try ListModel(json: generated.jsonData())
      #expect(read == generated)
    }
  }

  @Test func badValuesAreErrorsNamingTheKeyPath() {
    func failure(_ json: String) -> JSONInputError? {
      do {
        _ = try ListModel(json: json)
        return nil
      } catch {
        return error
      }
    }
    let item = #"{"size": {"width": 10, "height": 10}, "badges": "#
    let cases: [(String, String, String)] = [
      (#"{"width": 10, "header": {"height": 40, "minHeight": 10}}"#, "header.minHeight", "pinned"),
      (
        #"{"width": 10, "header": {"height": 40, "minHeight": 10, "pinned": false}}"#, "header.minHeight",
        "pinned"
      ),
      (
        #"{"width": 10, "header": {"height": 40, "minHeight": 50, "pinned": true}}"#, "header.minHeight",
        "more than"
      ),
      (#"{"width": 10, "header": {"height": 40, "minHeight": -1, "pinned": true}}"#, "header.minHeight", ""),
      (
        #"{"width": 10, "footer": {"height": 40, "minHeight": 10, "pinned": true}}"#, "footer.minHeight",
        "footer"
      ),
      (#"{"width": 10, "sections": [{"items": [\#(item)[{}]}]}]}"#, "sections[0].items[0].badges[0]", "size"),
      (
        #"{"width": 10, "sections": [{"items": [\#(item)[{"size": {"width": 1, "height": 1}, "anchor": "northEast"}]}]}]}"#,
        "sections[0].items[0].badges[0].anchor", ""
      ),
      (
        #"{"width": 10, "sections": [{"items": [\#(item)[{"size": {"width": -1, "height": 1}}]}]}]}"#,
        "sections[0].items[0].badges[0].size.width", ""
      ),
      (
        #"{"width": 10, "sections": [{"items": [\#(item)[{"size": {"width": 1, "height": 1}, "offset": {"x": "a"}}]}]}]}"#,
        "sections[0].items[0].badges[0].offset.x", ""
      ),
      (#"{"width": 10, "sections": [{"items": [\#(item){}}]}]}"#, "sections[0].items[0].badges", ""),
    ]
    for (json, path, words) in cases {
      let error = failure(json)
      #expect(error?.path == path, "\(json): \(String(describing: error))")
      #expect(
        error.map { words.isEmpty || $0.message.contains(words) } == true,
        "\(json): \(String(describing: error))")
      #expect((error?.line ?? 0) >= 1 && (error?.column ?? 0) >= 1)
    }
  }

  @Test func theLayoutChecksWhatTheSwiftAPIIsGiven() {
    func failure(_ header: ListSupplementary?, footer: ListSupplementary? = nil) -> String? {
      var configuration = ListConfiguration(width: 100)
      configuration.listHeader = header
      configuration.listFooter = footer
      do {
        _ = try ListModel(configuration: configuration).layout()
        return nil
      } catch {
        return "\(error)"
      }
    }
    #expect(failure(ListSupplementary(height: 40, minHeight: 10))?.contains("header.minHeight") == true)
    #expect(
      failure(ListSupplementary(height: 40, pinned: true, minHeight: 41))?.contains("header.minHeight")
        == true)
    #expect(
      failure(ListSupplementary(height: 40, pinned: true, minHeight: .nan))?.contains("header.minHeight")
        == true)
    #expect(
      failure(nil, footer: ListSupplementary(height: 40, minHeight: 1))?.contains("footer.minHeight") == true)
    #expect(failure(ListSupplementary(height: 40, pinned: true, minHeight: 40)) == nil)
    #expect(failure(ListSupplementary(height: 40, pinned: true, minHeight: 0)) == nil)
  }
}
