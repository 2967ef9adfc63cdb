import ListLayout
import ListLayoutCommand
import Testing

/// A carousel in a horizontal list, through the command: a layout error naming the section.
@Suite struct ChromeCarouselCommandTests {
  static let feed = """
    {"width": 100, "scrollDirection": "horizontal",
     "sections": [{"items": [{"size": {"width": 10, "height": 10}}]},
      {"layout": {"type": "carousel"}, "items": [{"size": {"width": 10, "height": 10}}]}]}
    """

  @Test(arguments: [["layout", "feed.json"], ["render", "feed.json", "--ascii"]])
  func carouselInAHorizontalListIsALayoutError(arguments: [String]) {
    let (status, io) = run(arguments, files: ["feed.json": Self.feed])
    #expect(status == .layoutError)
    #expect(io.stderr.contains("sections[1].layout"), "\(io.stderr)")
    #expect(io.stderr.contains("carousel sections in a horizontal list are not supported"), "\(io.stderr)")
    #expect(io.stdout.isEmpty)
  }
}
