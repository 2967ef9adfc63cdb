import Foundation
import LayoutGeometry
import ListLayout
import ListLayoutRender

/// `listlayout` with no command: lays out the built-in demo feed and prints a summary.
enum Demo {
  static let usage = """
    usage: listlayout [demo] [--width W] [--json | --feed]

    Lays out the built-in demo feed and prints a summary: sections, cells, content size and
    the time the layout took. Writes listlayout-demo.svg (three viewport frames of the feed
    scrolling, pinned headers marked) and listlayout-demo.html (the whole feed as a page that
    scrolls virtually) to the current directory.

    options:
      --width W   lay out at this width (default 375)
      --json      print the layout as JSON instead of the summary
      --feed      print the demo feed itself as JSON (Examples/demo.json is this output)
    """

  static func run<Output: ListLayoutCommand.IO>(
    _ words: [String], io: inout Output
  ) -> ListLayoutCommand.Status {
    do {
      let arguments = try Arguments(words, options: ["width"], flags: ["help", "json", "feed"])
      if arguments.flags.contains("help") {
        io.out(usage + "\n")
        return .success
      }
      guard arguments.positional.isEmpty else {
        throw Arguments.UsageError(description: "unexpected argument '\(arguments.positional[0])'")
      }
      let width = try arguments.number("width") ?? 375
      guard width > 0 else { throw Arguments.UsageError(description: "--width must be greater than 0") }
      let model = DemoFeed.model(width: width)
      if arguments.flags.contains("feed") {
        io.out(try model.jsonString(options: FeedWritingOptions(prettyPrinted: true)) + "\n")
        return .success
      }
      let clock = ContinuousClock()
      let start = clock.now
      let snapshot: LayoutSnapshot
      do {
        snapshot = try model.layout()
      } catch {
        io.err("listlayout: demo feed: \(error)\n")
        return .layoutError
      }
      let elapsed = clock.now - start
      if arguments.flags.contains("json") {
        io.out(snapshot.jsonString())
        return .success
      }
      let micros = Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6
      let pictures = [
        ("listlayout-demo.svg", demoSVG(snapshot)),
        ("listlayout-demo.html", HTMLRenderer(title: "ListLayout demo feed").render(snapshot)),
      ]
      for (path, text) in pictures {
        guard RenderCommand.write(text, to: path, io: &io) else { return .usageError }
      }
      io.out(
        """
        ListLayout demo feed
          sections:     \(snapshot.numberOfSections)
          cells:        \(model.cellCount)
          elements:     \(snapshot.elementCount)
          content size: \(formatted(snapshot.contentSize.width)) × \(formatted(snapshot.contentSize.height))
          layout time:  \(String(format: "%.1f", micros)) µs\(Self.buildNote)
          wrote:        listlayout-demo.svg, listlayout-demo.html

        """)
      return .success
    } catch {
      return ListLayoutCommand.usageFailure(nil, error, helpTopic: "demo", io: &io)
    }
  }
}

extension Demo {
  /// Said after the layout time when the command was built for debugging, whose times are
  /// several times a release build's.
  static var buildNote: String {
    #if DEBUG
    " (a debug build: `swift run -c release listlayout` for a representative time)"
    #else
    ""
    #endif
  }

  /// Three frames of the demo feed scrolling in a phone-sized viewport: the top; the two
  /// shelves on their backgrounds scrolled sideways (one by two cards, one by a page), a
  /// header pinned below the pinned search bar; and the masonry wall of mixes, its header
  /// pinned.
  static func demoSVG(_ snapshot: LayoutSnapshot) -> String {
    let size = Size(width: snapshot.contentSize.width, height: 667)
    var frames: [(Double, HorizontalOffsets)] = [(0, .zero)]
    if let shelves = snapshot.sectionFrame(1) {
      frames.append((shelves.minY + 20, [1: 264, 2: size.width]))
    }
    if let mixes = snapshot.sectionFrame(snapshot.numberOfSections - 1) {
      frames.append((mixes.minY + 160, .zero))
    }
    let viewports = frames.map { offset, scrolled in
      snapshot.viewport(at: Point(x: 0, y: offset), size: size, horizontalOffsets: scrolled)
    }
    return SVGRenderer(
      title: "ListLayout demo feed: three frames of a scroll, sticky headers pinned, shelves scrolled"
    )
    .render(snapshot, viewports: viewports)
  }
}
