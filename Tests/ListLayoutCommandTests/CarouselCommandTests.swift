import Foundation
import ListLayout
import ListLayoutCommand
import ListLayoutService
import Testing

/// `layout`'s `"sections"` array and `--scroll S=X`.
@Suite struct CarouselCommandTests {
  /// A 300-point list without insets: a flow section with one cell, then a carousel of ten
  /// 100 × 50 cells 10 apart, paged by page.
  static let feed = """
    {"width": 300, "contentInsets": {"top": 0, "left": 0, "bottom": 0, "right": 0}, "sectionSpacing": 0,
     "sections": [
      {"items": [{"id": "top", "size": {"width": 300, "height": 20}}]},
      {"layout": {"type": "carousel", "itemSpacing": 10, "paging": "page"},
       "items": [\((0..<10).map { #"{"id": "c\#($0)", "size": {"width": 100, "height": 50}}"# }.joined(separator: ","))]}]}
    """

  static func json(_ text: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func layoutListsSectionsWithContentWidthAndSnapOffsets() throws {
    let (status, io) = run(["layout", "feed.json"], files: ["feed.json": Self.feed])
    #expect(status == .success, "\(io.stderr)")
    let output = try Self.json(io.stdout)
    let sections = try #require(output["sections"] as? [[String: Any]])
    #expect(sections.count == 2)
    #expect(sections[0]["index"] as? Int == 0)
    #expect(sections[0]["contentWidth"] == nil)
    #expect(sections[1]["contentWidth"] as? Double == 1090)
    #expect(sections[1]["snapOffsets"] as? [Double] == [0, 300, 600, 790])
    let frame = try #require(sections[1]["frame"] as? [String: Double])
    #expect(frame == ["x": 0, "y": 20, "width": 300, "height": 50])
  }

  @Test func scrollMovesACarouselInAViewport() throws {
    let (status, io) = run(
      ["layout", "feed.json", "--offset", "0", "--viewport-height", "100", "--scroll", "1=330"],
      files: ["feed.json": Self.feed])
    #expect(status == .success, "\(io.stderr)")
    let output = try Self.json(io.stdout)
    let elements = try #require(output["elements"] as? [[String: Any]])
    #expect(elements.compactMap { $0["id"] as? String } == ["top", "c3", "c4", "c5"])
    let c3 = try #require(elements[1]["frame"] as? [String: Double])
    #expect(c3 == ["x": 0, "y": 20, "width": 100, "height": 50])
    #expect((output["sections"] as? [[String: Any]])?.count == 2)
  }

  @Test(arguments: [
    ["--scroll", "1=330"],
    ["--offset", "0", "--viewport-height", "100", "--scroll", "x=1"],
    ["--offset", "0", "--viewport-height", "100", "--scroll", "1=inf"],
    ["--offset", "0", "--viewport-height", "100", "--scroll", "1=2", "--scroll=1=3"],
    ["--offset", "0", "--viewport-height", "100", "--scroll"],
  ])
  func badScrollsAreUsageErrors(arguments: [String]) {
    let (status, io) = run(["layout", "feed.json"] + arguments, files: ["feed.json": Self.feed])
    #expect(status == .usageError)
    #expect(io.stderr.contains("--scroll"))
  }

  /// An offset for a section that is not a carousel, or that does not exist, is an error
  /// naming the section, in `layout`, `render` and the service alike (it was ignored).
  @Test(arguments: [("0=5", "section 0 is not a carousel"), ("7=5", "there is no section 7")])
  func scrollsOfSectionsThatAreNotCarouselsAreErrors(scroll: String, message: String) {
    for command in [["layout", "feed.json"], ["render", "feed.json", "--ascii"]] {
      let (status, io) = run(command + Self.viewport + ["--scroll", scroll], files: ["feed.json": Self.feed])
      #expect(status == .usageError && io.stdout.isEmpty)
      #expect(io.stderr.contains("--scroll \(scroll): \(message)"), "\(io.stderr)")
    }
    var service = LayoutService()
    let load = #"{"id":1,"op":"load","feed":"# + Self.feed + "}"
    #expect(service.respond(to: Array(load.utf8)).contains(#""ok":true"#))
    let section = scroll.prefix { $0 != "=" }
    let answer = service.respond(
      to: Array(#"{"id":2,"op":"viewport","offset":0,"height":100,"scroll":{"\#(section)":5}}"#.utf8))
    #expect(answer.contains(#""ok":false"#) && answer.contains("scroll.\(section): \(message)"), "\(answer)")
  }

  @Test func serviceViewportsTakeScroll() throws {
    var service = LayoutService()
    let load = #"{"id":1,"op":"load","feed":"# + Self.feed + "}"
    #expect(service.respond(to: Array(load.utf8)).contains(#""ok":true"#))
    let answer = service.respond(
      to: Array(#"{"id":2,"op":"viewport","offset":0,"height":100,"scroll":{"1":330}}"#.utf8))
    let output = try Self.json(answer)
    let elements = try #require(output["elements"] as? [[String: Any]])
    #expect(elements.compactMap { $0["id"] as? String } == ["top", "c3", "c4", "c5"])
    let bad = service.respond(
      to: Array(#"{"id":3,"op":"viewport","offset":0,"height":100,"scroll":{"one":330}}"#.utf8))
    #expect(bad.contains(#""ok":false"#) && bad.contains(#""path":"scroll.one""#), "\(bad)")
  }

  // MARK: render --scroll

  static let viewport = ["--offset", "0", "--viewport-height", "100"]

  @Test func renderScrollDrawsTheCarouselMoved() throws {
    let (status, io) = run(
      ["render", "feed.json", "--ascii", "--columns", "65", "--svg", "out.svg", "--html", "out.html"]
        + Self.viewport + ["--scroll", "1=380"],
      files: ["feed.json": Self.feed])
    #expect(status == .success, "\(io.stderr)")
    // 60 drawing columns for 300 points: c3 (x = 330 − 380 = −50) is cut by the left edge, its
    // label kept inside the drawing; c4, c5 and c6 follow 110 points (22 columns) apart.
    let lines = io.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[0] == "viewport at y = 0, height 100, section 1 scrolled by 380")
    #expect(lines[3] == "S1 : c3-------+  +-c4---------------+  +-c5---------------+  +-c6", "\(io.stdout)")
    #expect(lines[7] == "   : ---------+  +------------------+  +------------------+  +---", "\(io.stdout)")
    let svg = try #require(io.written.files["out.svg"])
    for id in ["c3", "c4", "c5", "c6"] { #expect(svg.contains(">\(id)</text>"), "\(id)") }
    for id in ["c0", "c1", "c2", "c7"] { #expect(!svg.contains(">\(id)</text>"), "\(id)") }
    #expect(svg.contains(#"<rect x="-50" y="20" width="100" height="50""#))
    // Cut at the viewport's edge, not drawn into the gutter.
    #expect(
      svg.contains(
        #"<clipPath id="viewport0"><rect x="0" y="0" width="300" height="100"/></clipPath><g clip-path="url(#viewport0)">"#
      ))
    let page = try #require(io.written.files["out.html"])
    #expect(page.contains(#""scroll":[[1,380]]"#))
    // The SVG viewport shows what `layout --scroll` lists.
    let (_, layoutIO) = run(
      ["layout", "feed.json"] + Self.viewport + ["--scroll", "1=380"], files: ["feed.json": Self.feed])
    let elements = try #require(try Self.json(layoutIO.stdout)["elements"] as? [[String: Any]])
    #expect(elements.compactMap { $0["id"] as? String } == ["top", "c3", "c4", "c5", "c6"])
  }

  @Test func renderWithoutScrollDrawsTheCarouselAtItsStart() throws {
    let (status, io) = run(
      ["render", "feed.json", "--ascii", "--columns", "65", "--html", "out.html"] + Self.viewport,
      files: ["feed.json": Self.feed])
    #expect(status == .success, "\(io.stderr)")
    let lines = io.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[0] == "viewport at y = 0, height 100")
    #expect(lines[3] == "S1 : +-c0---------------+  +-c1---------------+  +-c2------------", "\(io.stdout)")
    #expect(!(try #require(io.written.files["out.html"])).contains(#""scroll":"#))
  }

  /// `render` reads `--scroll` with `layout`'s parser: the same bad values fail with the same
  /// messages.
  @Test(arguments: [
    ["--scroll", "1=330"],
    ["--offset", "0", "--viewport-height", "100", "--scroll", "x=1"],
    ["--offset", "0", "--viewport-height", "100", "--scroll", "1=inf"],
    ["--offset", "0", "--viewport-height", "100", "--scroll", "-1=4"],
    ["--offset", "0", "--viewport-height", "100", "--scroll", "1=2", "--scroll=1=3"],
    ["--offset", "0", "--viewport-height", "100", "--scroll"],
  ])
  func renderRejectsBadScrollsAsLayoutDoes(arguments: [String]) {
    let (status, io) = run(["render", "feed.json", "--ascii"] + arguments, files: ["feed.json": Self.feed])
    let (layoutStatus, layoutIO) = run(["layout", "feed.json"] + arguments, files: ["feed.json": Self.feed])
    #expect(status == .usageError && layoutStatus == .usageError)
    let message = io.stderr.split(separator: "\n").first.map { $0.dropFirst("listlayout render: ".count) }
    let layoutMessage = layoutIO.stderr.split(separator: "\n").first.map {
      $0.dropFirst("listlayout layout: ".count)
    }
    #expect(message != nil && message == layoutMessage, "\(io.stderr)")
    #expect(io.stderr.contains("--scroll") && io.stdout.isEmpty)
  }

  /// `--scroll` is an option like the others: a word after an option that takes a value is
  /// that value, even when it reads `--scroll` (a title, here), and no `--scroll` is taken
  /// from it.
  @Test func aValueThatReadsScrollIsAValue() throws {
    let (status, io) = run(
      [
        "render", "feed.json", "--html", "out.html", "--title", "--scroll", "--offset", "0",
        "--viewport-height", "100",
      ],
      files: ["feed.json": Self.feed])
    #expect(status == .success, "\(io.stderr)")
    let page = try #require(io.written.files["out.html"])
    #expect(page.contains("<title>--scroll · ListLayout</title>"))
    #expect(!page.contains(#""scroll":"#))
  }

  // MARK: The service's viewport answer

  @Test func serviceViewportAnswersListTheSectionsShownAsLayoutDoes() throws {
    var service = LayoutService()
    #expect(
      service.respond(to: Array((#"{"id":1,"op":"load","feed":"# + Self.feed + "}").utf8)).contains("true"))
    for (offset, height, expected) in [(0, 100, [0, 1]), (30, 20, [1]), (0, 10, [0]), (500, 100, [])] {
      let answer = try Self.json(
        service.respond(
          to: Array(
            #"{"id":2,"op":"viewport","offset":\#(offset),"height":\#(height),"scroll":{"1":330}}"#.utf8)))
      let sections = try #require(answer["sections"] as? [[String: Any]], "\(answer)")
      #expect(sections.compactMap { $0["index"] as? Int } == expected, "offset \(offset)")
      // The same as `layout --offset --viewport-height --scroll` prints.
      let (status, io) = run(
        [
          "layout", "feed.json", "--offset", "\(offset)", "--viewport-height", "\(height)", "--scroll",
          "1=330",
        ],
        files: ["feed.json": Self.feed])
      #expect(status == .success)
      let printed = try Self.json(io.stdout)
      #expect(
        NSDictionary(dictionary: answer.filter { $0.key != "id" && $0.key != "ok" }).isEqual(to: printed),
        "offset \(offset): \(answer) != \(printed)")
    }
    let shown = try Self.json(
      service.respond(to: Array(#"{"id":3,"op":"viewport","offset":0,"height":100}"#.utf8)))
    let carousel = try #require((shown["sections"] as? [[String: Any]])?.last)
    #expect(carousel["contentWidth"] as? Double == 1090)
    #expect(carousel["snapOffsets"] as? [Double] == [0, 300, 600, 790])
    // `layout` answers every section, as `listlayout layout` prints them.
    let all = try Self.json(service.respond(to: Array(#"{"id":4,"op":"layout"}"#.utf8)))
    let (_, io) = run(["layout", "feed.json"], files: ["feed.json": Self.feed])
    #expect(
      NSDictionary(dictionary: all.filter { $0.key != "id" && $0.key != "ok" }).isEqual(
        to: try Self.json(io.stdout)))
  }

  /// In a feed of 3,000 sections the answer lists just the sections the viewport meets (a
  /// brute-force scan of every section's frame says which), for 200 seeded viewports.
  @Test func serviceViewportListsOnlyTheSectionsItMeets() throws {
    var sections: [Section] = []
    for s in 0..<3000 {
      let cells = (0..<(s % 7)).map {
        Cell(id: "s\(s)c\($0)", width: 120, height: Double(20 + (s * 13 + $0 * 7) % 60))
      }
      sections.append(
        Section(
          header: s % 3 == 0 ? Supplementary(height: 24) : nil, cells: cells,
          layout: s % 5 == 0 ? .carousel(CarouselLayout(itemSpacing: 8, paging: .item)) : .flow))
    }
    let model = ListModel(configuration: ListConfiguration(width: 375), sections: sections)
    let snapshot = try model.layout()
    var service = LayoutService()
    try service.load(model)
    var seed: UInt64 = 2026
    for _ in 0..<200 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let offset = Double(seed >> 33 % 1_000_000) / 1_000_000 * snapshot.contentSize.height
      let height = Double(50 + (seed >> 20) % 900)
      let answer = try Self.json(
        service.respond(to: Array(#"{"id":1,"op":"viewport","offset":\#(offset),"height":\#(height)}"#.utf8)))
      let listed = try #require(answer["sections"] as? [[String: Any]]).compactMap { $0["index"] as? Int }
      let expected = (0..<snapshot.numberOfSections).filter {
        guard let frame = snapshot.sectionFrame($0) else { return false }
        return frame.maxY > offset && frame.minY < offset + height
          || (frame.height == 0 && frame.minY >= offset && frame.minY < offset + height)
      }
      #expect(listed == expected, "offset \(offset) height \(height)")
      for entry in try #require(answer["sections"] as? [[String: Any]]) {
        let index = try #require(entry["index"] as? Int)
        let metrics = snapshot.carouselMetrics(ofSection: index)
        #expect(
          (entry["snapOffsets"] as? [Double]) == metrics.map { Array($0.snapOffsets) }, "section \(index)")
      }
    }
  }
}
