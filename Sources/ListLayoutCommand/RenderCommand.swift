import Foundation
import LayoutGeometry
import ListLayout
import ListLayoutRender

/// `listlayout render FEED.json (--svg OUT.svg | --html OUT.html | --ascii) [options]`
enum RenderCommand {
  static let usage = """
    usage: listlayout render FEED.json (--svg OUT.svg | --html OUT.html | --ascii) [options]

    Draws FEED.json's layout: the whole content, or what a viewport shows at --offset.

    outputs (at least one; several may be given together):
      --svg OUT.svg         an SVG picture: cells as boxes labelled with their id and traits,
                            headers, footers, pinned headers (dashed red, "pinned"), content
                            insets (hatched) and sections (shaded bands)
      --html OUT.html       one self-contained page that scrolls the layout virtually, with
                            sticky headers as the library computes them; open it as
                            OUT.html#offset=Y&vh=H to scroll to Y in an H-point viewport,
                            or OUT.html#selftest to have it check itself and write a report;
                            its carousels scroll sideways (a sideways wheel, or shift +
                            wheel) and, paged by item or page, come to rest at the nearest
                            of the snap offsets `layout` reports
      --ascii               draw it on standard output as text

    options:
      --width W             lay out at this width instead of the feed's
      --offset Y[,Y...]     with --viewport-height: draw the viewport scrolled to Y, headers
                            pinned; several offsets (at most 12) are drawn side by side in SVG
                            and one after another in ASCII; the HTML page opens at the first
      --viewport-height H   the viewport's height (greater than 0)
      --scroll S=X          with a viewport: carousel section S scrolled sideways by X
                            (repeatable), as `layout --scroll`: the SVG and ASCII viewports
                            draw its cells moved, the page opens with it scrolled (clamped
                            to its row)
      --columns N           the width of the ASCII drawing in characters (20-1000, default 80)
      --max-rows N          the most rows of ASCII drawn per frame (1-100000, default 2000)
      --title TEXT          the title of the SVG and the page (default: the feed's file name)
      --max-height H        the tallest SVG of the whole content, in pixels (default 32767,
                            what common rasterizers accept): a taller picture is written as
                            pages OUT-1.svg, OUT-2.svg, … each at most H tall (a list that
                            scrolls sideways: at most H wide), and their names are printed
                            on standard error (a picture too tall for 10,000
                            pages is written whole unless --max-height is given)

    limits: an SVG of the whole content draws at most 200,000 elements and 10,000 pages
    (viewports have no limit); a page embeds at most 1,000,000 (a page of a feed with runs
    counts a run whose frames repeat as one period); ASCII is cut at --max-rows.
    """

  /// The most elements an SVG of the whole content draws (about 170 bytes each).
  static let maxSVGElements = 200_000
  /// The most elements an HTML page embeds (about 30 bytes each).
  static let maxHTMLElements = 1_000_000

  static func run<Output: ListLayoutCommand.IO>(
    _ words: [String], io: inout Output
  ) -> ListLayoutCommand.Status {
    let arguments: Arguments
    do {
      arguments = try Arguments(
        words,
        options: [
          "svg", "html", "width", "offset", "viewport-height", "columns", "max-rows", "title", "max-height",
        ],
        repeatable: ["scroll"], flags: ["help", "ascii"])
      if arguments.flags.contains("help") {
        io.out(usage + "\n")
        return .success
      }
      _ = try arguments.feedFile()  // exactly one, read below
      let svgPath = arguments.options["svg"]
      let htmlPath = arguments.options["html"]
      let ascii = arguments.flags.contains("ascii")
      guard svgPath != nil || htmlPath != nil || ascii else {
        throw Arguments.UsageError(description: "say what to draw: --svg OUT.svg, --html OUT.html or --ascii")
      }
      for path in [svgPath, htmlPath].compactMap(\.self) where path.isEmpty {
        throw Arguments.UsageError(description: "an output file name cannot be empty")
      }
      let width = try arguments.listWidth()
      let offsets = try offsetList(arguments.options["offset"])
      let viewportHeight = try arguments.number("viewport-height")
      if let viewportHeight, viewportHeight <= 0 {
        throw Arguments.UsageError(description: "--viewport-height must be greater than 0")
      }
      guard offsets.isEmpty == (viewportHeight == nil) else {
        throw Arguments.UsageError(description: "--offset and --viewport-height go together")
      }
      let scroll = try arguments.scrollOffsets()
      try Arguments.checkScroll(scroll, hasViewport: !offsets.isEmpty)
      let maxHeight = try arguments.number("max-height")
      if let maxHeight {
        guard maxHeight > 0 else {
          throw Arguments.UsageError(description: "--max-height must be greater than 0")
        }
        guard svgPath != nil, offsets.isEmpty else {
          throw Arguments.UsageError(
            description: "--max-height applies to an SVG of the whole content (--svg without --offset)")
        }
      }
      let columns = try arguments.integer("columns", in: 20...1000) ?? 80
      let maxRows = try arguments.integer("max-rows", in: 1...100_000) ?? 2000
      let feedPath = arguments.positional[0]
      let title = arguments.options["title"] ?? feedPath
      guard let model = ListLayoutCommand.readFeed(feedPath, width: width, io: &io) else {
        return .usageError
      }
      let snapshot: LayoutSnapshot
      do {
        snapshot = try model.layout()
      } catch {
        io.err("listlayout: \(feedPath): \(error)\n")
        return .layoutError
      }
      try Arguments.checkScroll(scroll, in: snapshot)
      if svgPath != nil && offsets.isEmpty && snapshot.elementCount > maxSVGElements {
        io.err(
          "listlayout: \(feedPath): \(snapshot.elementCount) elements are too many for an SVG of the whole "
            + "content (at most \(maxSVGElements)); draw viewports with --offset and --viewport-height\n")
        return .usageError
      }
      if htmlPath != nil, case let embedded = HTMLRenderer.embeddedElementCount(snapshot),
        embedded > maxHTMLElements
      {
        io.err(
          "listlayout: \(feedPath): \(embedded) elements are too many for one page "
            + "(at most \(maxHTMLElements))\n")
        return .usageError
      }
      let viewports = offsets.map { offset in
        snapshot.viewport(scrolledTo: offset, length: viewportHeight ?? 0, horizontalOffsets: scroll)
      }
      if let svgPath {
        let renderer = SVGRenderer(title: title)
        if viewports.isEmpty {
          guard writePages(renderer, snapshot, maxHeight, svgPath, io: &io) else { return .usageError }
        } else {
          let written = write(to: svgPath, io: &io) {
            renderer.write(snapshot, viewports: viewports, to: &$0)
          }
          guard written else { return .usageError }
        }
      }
      if let htmlPath {
        let renderer = HTMLRenderer(
          title: title, initialOffset: offsets.first ?? 0, initialHorizontalOffsets: scroll)
        guard write(to: htmlPath, io: &io, { renderer.write(snapshot, to: &$0) }) else { return .usageError }
      }
      if ascii {
        let renderer = ASCIIRenderer(columns: columns, maxRows: maxRows)
        if viewports.isEmpty {
          io.out(renderer.render(snapshot))
        } else {
          for viewport in viewports {
            io.out(
              "viewport at y = \(formatted(viewport.rect.minY)), height \(formatted(viewport.rect.height))"
                + scrolledNote(scroll, snapshot) + "\n")
            io.out(renderer.render(snapshot, viewport: viewport))
          }
        }
      }
      return .success
    } catch {
      return ListLayoutCommand.usageFailure("render", error, io: &io)
    }
  }

  /// Writes the SVG of the whole content to `path`, or, when it is taller than the height
  /// `asked` (by default `SVGRenderer.maximumPictureHeight`), its pages to `path` numbered
  /// (`out.svg`: `out-1.svg`, `out-2.svg`, …), naming them on standard error. A picture too
  /// tall for pages (more than `SVGRenderer.maximumPageCount`) is written whole, with a note,
  /// unless a height was asked for. Returns whether every file was written.
  static func writePages<Output: ListLayoutCommand.IO>(
    _ renderer: SVGRenderer, _ snapshot: LayoutSnapshot, _ asked: Double?, _ path: String, io: inout Output
  ) -> Bool {
    let maxHeight = asked ?? SVGRenderer.maximumPictureHeight
    guard let pages = renderer.pages(of: snapshot, maximumHeight: maxHeight) else {
      if asked == nil {
        io.err(
          "listlayout render: the picture is too tall for \(SVGRenderer.maximumPageCount) pages of "
            + "\(formatted(maxHeight)) px; wrote it whole\n")
        return write(to: path, io: &io) { renderer.write(snapshot, to: &$0) }
      }
      io.err(
        "listlayout render: --max-height \(formatted(maxHeight)) cannot hold this picture: it leaves less than "
          + "\(formatted(SVGRenderer.minimumPageContent)) points of content a page, or needs more than "
          + "\(SVGRenderer.maximumPageCount) pages\n")
      return false
    }
    if pages.count == 1 { return write(to: path, io: &io) { renderer.write(snapshot, to: &$0) } }
    let names = (1...pages.count).map { pagePath(path, $0) }
    for (page, name) in names.enumerated() {
      guard write(to: name, io: &io, { pages.write(page: page, to: &$0) }) else { return false }
    }
    io.err(
      "listlayout render: the picture is taller than \(formatted(maxHeight)) px; wrote \(pages.count) pages: "
        + "\(names[0]) … \(names[names.count - 1])\n")
    return true
  }

  /// The file name of page `number` of a picture to be written at `path`: the number before
  /// the extension (`out.svg`: `out-2.svg`; `out`: `out-2`).
  static func pagePath(_ path: String, _ number: Int) -> String {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "\(path)-\(number)" }
    let suffix = name[dot...]
    return "\(path.dropLast(suffix.count))-\(number)\(suffix)"
  }

  /// What the ASCII viewport line says about carousels scrolled sideways: `, section 2
  /// scrolled by 140` for each carousel given an offset, in section order.
  static func scrolledNote(_ scroll: HorizontalOffsets, _ snapshot: LayoutSnapshot) -> String {
    scroll.offsets.keys.sorted().filter { snapshot.isCarousel($0) }.map {
      ", section \($0) scrolled by \(formatted(scroll[$0]))"
    }.joined()
  }

  /// Parses `--offset Y[,Y...]`: finite numbers, at most 12.
  static func offsetList(_ text: String?) throws(Arguments.UsageError) -> [Double] {
    guard let text else { return [] }
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count <= 12 else {
      throw Arguments.UsageError(description: "--offset takes at most 12 offsets, got \(parts.count)")
    }
    var offsets: [Double] = []
    for part in parts {
      let trimmed = part.trimmingCharacters(in: .whitespaces)
      guard let value = Double(trimmed), value.isFinite else {
        throw Arguments.UsageError(description: "--offset needs finite numbers, got '\(part)'")
      }
      offsets.append(value)
    }
    return offsets
  }

  /// Writes `text` to `path`, reporting a failure on standard error.
  static func write<Output: ListLayoutCommand.IO>(_ text: String, to path: String, io: inout Output) -> Bool {
    write(to: path, io: &io) { $0.write(text) }
  }

  /// Streams what `body` writes to `path`, reporting a failure on standard error.
  static func write<Output: ListLayoutCommand.IO>(
    to path: String, io: inout Output, _ body: (inout ByteWriter) -> Void
  ) -> Bool {
    do {
      try io.write(path, streaming: body)
      return true
    } catch {
      io.err("listlayout: \(path): cannot write the file (\(error.localizedDescription))\n")
      return false
    }
  }
}
