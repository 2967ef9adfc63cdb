import LayoutGeometry
import ListLayout

/// `listlayout layout FEED.json [--width W] [--offset Y --viewport-height H [--scroll S=X]…]`
enum LayoutCommand {
  static let usage = """
    usage: listlayout layout FEED.json [--width W] [--offset Y --viewport-height H [--scroll S=X]…]

    Lays out FEED.json (- reads standard input) and prints the layout as JSON:
      {"contentSize":{"width":…,"height":…},
       "elements":[{"kind":"cell"|"header"|"footer"|"background"|"listHeader"|"listFooter"|"separator",
                    "section":S,"item":I,"id":…,
                    "frame":{"x":…,"y":…,"width":…,"height":…},"zIndex":…,"pinned":true}],
       "sections":[{"index":S,"frame":{…},"contentWidth":…,"snapOffsets":[…]}]}
    Elements are listed the list header first, then section by section: background, header,
    cells in order, separators (item: the line above), footer; the list footer last. In a horizontal list ("scrollDirection")
    the offset and the viewport's height are along x. Sections are every section (with a
    viewport: those it meets); carousels add their content width and snap offsets.

    options:
      --width W             lay out at this width instead of the feed's
      --offset Y            with --viewport-height: list only what a viewport scrolled to Y
                            shows, headers at their pinned positions
      --viewport-height H   the viewport's height
      --scroll S=X          with a viewport: carousel section S scrolled sideways by X
                            (repeatable; a section that is not a carousel is an error)
    """

  static func run<Output: ListLayoutCommand.IO>(
    _ words: [String], io: inout Output
  ) -> ListLayoutCommand.Status {
    let arguments: Arguments
    do {
      arguments = try Arguments(
        words, options: ["width", "offset", "viewport-height"], repeatable: ["scroll"], flags: ["help"])
      if arguments.flags.contains("help") {
        io.out(usage + "\n")
        return .success
      }
      _ = try arguments.feedFile()  // exactly one, read below
      let width = try arguments.listWidth()
      let offset = try arguments.number("offset")
      let viewportHeight = try arguments.number("viewport-height", minimum: 0)
      guard (offset == nil) == (viewportHeight == nil) else {
        throw Arguments.UsageError(description: "--offset and --viewport-height go together")
      }
      let scroll = try arguments.scrollOffsets()
      try Arguments.checkScroll(scroll, hasViewport: offset != nil)
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
      try Arguments.checkScroll(scroll, in: snapshot)
      if let offset, let viewportHeight {
        let viewport = snapshot.viewport(
          scrolledTo: offset, length: viewportHeight, horizontalOffsets: scroll)
        let sections = snapshot.sections(overlapping: viewport.rect)
        io.stream { snapshot.writeJSON(elements: viewport.elements, sections: sections, to: &$0) }
      } else {
        io.stream { snapshot.writeJSON(sections: Array(0..<snapshot.numberOfSections), to: &$0) }
      }
      return .success
    } catch {
      return ListLayoutCommand.usageFailure("layout", error, io: &io)
    }
  }
}
