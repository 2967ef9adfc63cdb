import LayoutGeometry
import ListLayout

/// `listlayout layout FEED.json [--width W] [--offset Y --viewport-height H]`
enum LayoutCommand {
  static let usage = """
    usage: listlayout layout FEED.json [--width W] [--offset Y --viewport-height H]

    Lays out FEED.json (- reads standard input) and prints the layout as JSON:
      {"contentSize":{"width":…,"height":…},
       "elements":[{"kind":"cell"|"header"|"footer"|"background"|"listHeader"|"listFooter",
                    "section":S,"item":I,"id":…,
                    "frame":{"x":…,"y":…,"width":…,"height":…},"zIndex":…,"pinned":true}]}
    Elements are listed the list header first, then section by section: background, header,
    cells in order, footer; the list footer last. In a horizontal list ("scrollDirection")
    the offset and the viewport's height are along x.

    options:
      --width W             lay out at this width instead of the feed's
      --offset Y            with --viewport-height: list only what a viewport scrolled to Y
                            shows, headers at their pinned positions
      --viewport-height H   the viewport's height
    """

  static func run<Output: ListLayoutCommand.IO>(
    _ words: [String], io: inout Output
  ) -> ListLayoutCommand.Status {
    let arguments: Arguments
    do {
      arguments = try Arguments(words, options: ["width", "offset", "viewport-height"], flags: ["help"])
      if arguments.flags.contains("help") {
        io.out(usage + "\n")
        return .success
      }
      guard arguments.positional.count == 1 else {
        throw Arguments.UsageError(description: "expected one feed file, got \(arguments.positional.count)")
      }
      let width = try arguments.number("width")
      if let width, width <= 0 { throw Arguments.UsageError(description: "--width must be greater than 0") }
      let offset = try arguments.number("offset")
      let viewportHeight = try arguments.number("viewport-height", minimum: 0)
      guard (offset == nil) == (viewportHeight == nil) else {
        throw Arguments.UsageError(description: "--offset and --viewport-height go together")
      }
      guard let model = ListLayoutCommand.readFeed(arguments.positional[0], width: width, io: &io) else {
        return .usageError
      }
      let snapshot: LayoutSnapshot
      do {
        snapshot = try model.layout()
      } catch {
        io.err("listlayout: \(arguments.positional[0]): \(error)\n")
        return .layoutError
      }
      if let offset, let viewportHeight {
        let viewport = snapshot.viewport(scrolledTo: offset, length: viewportHeight)
        io.stream { snapshot.writeJSON(elements: viewport.elements, to: &$0) }
      } else {
        io.stream { snapshot.writeJSON(to: &$0) }
      }
      return .success
    } catch {
      io.err("listlayout layout: \(error)\n\n\(usage)\n")
      return .usageError
    }
  }
}
