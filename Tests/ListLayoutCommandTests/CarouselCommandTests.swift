import Foundation
import ListLayout
import Testing

@testable import ListLayoutCommand

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
}
