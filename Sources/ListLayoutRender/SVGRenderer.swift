import LayoutGeometry
import ListLayout

/// Draws a computed layout as a self-contained SVG picture: the whole content, or one or more
/// viewport frames side by side.
///
/// Cells are boxes labelled with their identifier and trait names, coloured by their set of
/// traits; headers are dark bars and footers lighter ones; a pinned (sticky) header has a
/// dashed red outline and a "pinned" badge. Content insets are hatched bands, sections are
/// alternating shaded bands with their index in a gutter on the left. Section backgrounds are
/// pale boxes behind their cells, named in their tooltips (a label drawn on one would show
/// through the gaps between the cells over it). Carousels are drawn as a viewport shows them,
/// the list's width of their row, with a marker at each edge past which the row continues
/// (its tooltip says how many cells are out of view). Captions and a long title wrap to the
/// picture's width. A picture taller than a rasterizer takes (``maximumPictureHeight``) can
/// be drawn as pages instead (``pages(of:maximumHeight:)``).
///
/// ```
///  listlayout · demo
///  ■ header ■ footer ┅ pinned ▨ content inset …        ◀─ legend
///  viewport y = 1200 · 375 × 667                       ◀─ caption
///  S2 ┌┅┅┅┅┅┅┅┅ recent-header ┅┅┅ (pinned) ┐
///     │ ┌ recent-7 ───────────────────────┐ │
///     │ │ stackable · compactWidth         │ │
/// ```
///
/// The renderer is pure: it returns the document as a `String`, or streams it through a
/// `ByteWriter` (what `listlayout render --svg` does), and every identifier and trait name
/// from the feed is XML-escaped.
///
/// ```swift
/// let svg = SVGRenderer(title: "feed.json").render(snapshot)
/// let frame = snapshot.viewport(at: Point(x: 0, y: 1200), size: Size(width: 375, height: 667))
/// let picture = SVGRenderer().render(snapshot, viewports: [frame])
/// ```
public struct SVGRenderer: Sendable {
  /// A line of text drawn above everything, if any.
  public var title: String?
  /// Whether to draw the legend under the title.
  public var showsLegend: Bool

  /// Creates a renderer.
  public init(title: String? = nil, showsLegend: Bool = true) {
    self.title = title
    self.showsLegend = showsLegend
  }

  /// One rectangle of content drawn as one picture.
  struct Panel {
    /// The part of the content shown, in content coordinates.
    var rect: Rect
    /// The elements to draw, with their final frames.
    var elements: [LayoutAttributes]
    /// The line drawn above the panel.
    var caption: String
    /// Whether the panel is a viewport (drawn with a frame and its offset).
    var isViewport: Bool
  }

  /// The whole content, every element at its natural position.
  ///
  /// - Complexity: O(n) for n elements.
  public func render(_ snapshot: LayoutSnapshot) -> String {
    String(decoding: ByteWriter.bytes { write(snapshot, to: &$0) }, as: UTF8.self)
  }

  /// One or more viewport frames side by side, each with the elements it shows (pinned
  /// headers at their pinned positions, marked).
  ///
  /// - Complexity: O(k) for k elements in all the viewports, plus O(s) per viewport for
  ///   the section bands.
  public func render(_ snapshot: LayoutSnapshot, viewports: [ViewportLayout]) -> String {
    String(decoding: ByteWriter.bytes { write(snapshot, viewports: viewports, to: &$0) }, as: UTF8.self)
  }

  /// Writes the picture of the whole content to `writer`, element by element, without
  /// building it in memory (the same bytes ``render(_:)`` returns).
  ///
  /// ```swift
  /// var svg: [UInt8] = []  // or a file: the sink gets the bytes 64 KB at a time
  /// var writer = ByteWriter { bytes in svg.append(contentsOf: bytes) }
  /// SVGRenderer(title: "feed").write(snapshot, to: &writer)
  /// writer.flush()
  /// ```
  ///
  /// - Complexity: O(n) for n elements.
  public func write(_ snapshot: LayoutSnapshot, to writer: inout ByteWriter) {
    let size = snapshot.contentSize
    let all = snapshot.allAttributes()
    // Carousels are drawn as a viewport shows them: the list's width of their rows, the
    // cells past it left out (a marker says the row goes on).
    let rect = Rect(x: 0, y: 0, width: size.width, height: size.height)
    let panel = Panel(
      rect: rect, elements: all.filter { Self.meetsAcross($0.frame, rect) },
      caption: Self.wholeCaption(size, elements: all.count), isViewport: false)
    document(snapshot, [panel], to: &writer)
  }

  /// The caption of the picture of the whole content.
  static func wholeCaption(_ size: Size, elements: Int) -> String {
    "whole content · \(formatted(size.width)) × \(formatted(size.height)) · \(elements) elements"
  }

  /// Whether `frame` meets `rect`'s extent along x (a frame of no width on its edge counts):
  /// the cells of a carousel's row past the picture's sides are not drawn.
  static func meetsAcross(_ frame: Rect, _ rect: Rect) -> Bool {
    frame.width > 0
      ? frame.minX < rect.maxX && frame.maxX > rect.minX : frame.minX >= rect.minX && frame.minX <= rect.maxX
  }

  /// Writes the picture of `viewports` side by side to `writer` (the same bytes
  /// ``render(_:viewports:)`` returns).
  ///
  /// - Complexity: O(k) for k elements in all the viewports, plus O(s) per viewport for
  ///   the section bands.
  public func write(_ snapshot: LayoutSnapshot, viewports: [ViewportLayout], to writer: inout ByteWriter) {
    let panels = viewports.map { viewport in
      let pinned = viewport.elements.filter(\.isPinned).count
      var caption =
        snapshot.scrollAxis == .horizontal
        ? "viewport at x = \(formatted(viewport.rect.minX)) · "
        : "viewport at y = \(formatted(viewport.rect.minY)) · "
      caption += "\(formatted(viewport.rect.width)) × \(formatted(viewport.rect.height)) · "
      caption += "\(viewport.elements.count) elements"
      if pinned > 0 { caption += ", \(pinned) pinned" }
      return Panel(rect: viewport.rect, elements: viewport.elements, caption: caption, isViewport: true)
    }
    document(snapshot, panels, to: &writer)
  }
}

// MARK: - Drawing

extension SVGRenderer {
  static let margin = 20.0
  static let gutter = 40.0
  /// The narrowest picture (room for the title and the legend).
  static let minimumWidth = 320.0
  static let captionHeight = 22.0
  /// The distance between the lines of a caption that wraps.
  static let captionLineHeight = 14.0
  /// The width a caption's character is taken to have (11 px text) when it is wrapped.
  static let captionCharacterWidth = 6.2
  static let titleHeight = 30.0
  /// The distance between the lines of a title that wraps.
  static let titleLineHeight = 20.0
  static let legendRowHeight = 20.0

  /// Fill and stroke colours for cells, by trait set (the first is for cells without traits).
  static let palette: [(fill: String, stroke: String)] = [
    ("#dbeafe", "#2563eb"), ("#dcfce7", "#16a34a"), ("#fef3c7", "#d97706"), ("#fce7f3", "#db2777"),
    ("#ede9fe", "#7c3aed"), ("#ccfbf1", "#0d9488"), ("#ffedd5", "#ea580c"), ("#e0e7ff", "#4f46e5"),
  ]

  static let style = """
    text{font-family:-apple-system,"Helvetica Neue",Helvetica,Arial,sans-serif;fill:#0f172a}
    .bg{fill:#e2e8f0}.page{fill:#ffffff}.band0{fill:#f8fafc}.band1{fill:#eef2f7}
    .inset{fill:url(#hatch);stroke:#f59e0b;stroke-width:.5;stroke-opacity:.6}
    .title{font-size:16px;font-weight:700}.caption{font-size:11px;fill:#475569}
    .legend{font-size:11px;fill:#334155}.gutter{font-size:10px;fill:#64748b;font-weight:600}
    .bracket{fill:none;stroke:#94a3b8;stroke-width:1.5}
    .frame{fill:none;stroke:#0f172a;stroke-width:1.5}
    .cell rect{stroke-width:1}.id{font-size:11px;font-weight:600}.traits{font-size:9px;fill:#475569}
    .header>rect{fill:#1e293b;stroke:#0f172a}.footer>rect{fill:#94a3b8;stroke:#64748b}
    .header text,.footer text{fill:#ffffff}.header .traits,.footer .traits{fill:#cbd5e1}
    .overlay>rect{fill:#f5d0fe;stroke:#a21caf;stroke-dasharray:3 2}
    .pinned>rect{stroke:#e11d48;stroke-width:2.5;stroke-dasharray:6 3}
    .badge rect{fill:#e11d48;stroke:none}.badge text{fill:#ffffff;font-size:9px;font-weight:700}
    .more rect{fill:#0f172a;fill-opacity:.35;stroke:none}
    .more path{fill:none;stroke:#ffffff;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
    """

  /// The style of section backgrounds, separators and the list header and footer, written
  /// only into pictures that draw one.
  static let chromeStyle = """
    .background>rect{fill:#fef9c3;fill-opacity:.7;stroke:#ca8a04;stroke-dasharray:2 2}
    .background text{fill:#a16207}
    .listHeader>rect{fill:#312e81;stroke:#1e1b4b}.listFooter>rect{fill:#6366f1;stroke:#4338ca}
    .listHeader text,.listFooter text{fill:#ffffff}
    .separator>rect{fill:#475569;stroke:none}.separator text{fill:#ffffff}
    """

  /// The distinct trait sets of the feed's cells, in order of first appearance: a cell's
  /// colour is its set's position here (cells without traits always take colour 0), the
  /// same in every picture of the feed and in its HTML page.
  ///
  /// - Complexity: O(n) for n cells.
  static func traitSets(_ model: ListModel) -> [TraitSet] {
    var seen: [TraitSet] = [[]]
    var known: Set<TraitSet> = [[]]
    for section in model.sections {
      for cell in section.cells where known.insert(cell.traits).inserted {
        seen.append(cell.traits)
      }
    }
    return seen
  }

  /// What every page of a picture shares: the cells' colours by trait set, and the legend's
  /// entries (worked out once, from everything the picture draws).
  struct Prepared {
    var colour: [TraitSet: Int]
    var legend: [LegendItem]?
  }

  /// The colours and the legend of a picture of `panels`.
  ///
  /// - Complexity: O(n) for n cells of the model, plus the panels' elements.
  func prepare(_ snapshot: LayoutSnapshot, _ panels: [Panel]) -> Prepared {
    let sets = Self.traitSets(snapshot.model)
    let colour = Dictionary(
      uniqueKeysWithValues: sets.enumerated().map { ($1, $0 % Self.palette.count) })
    return Prepared(colour: colour, legend: showsLegend ? legendItems(Shown(snapshot, panels, sets)) : nil)
  }

  /// Where a picture's parts go: its width, the title's lines, the legend's entries, each
  /// panel's caption lines, and the top of the captions.
  struct Frame {
    var width: Double
    var titleLines: [String]
    var legend: (items: [LegendItem], origins: [Point])?
    /// The top of the captions (below the title and the legend).
    var top: Double
  }

  /// The picture's width and the places of its title and legend, for panels `widths` wide.
  func frame(panelWidths widths: [Double], _ prepared: Prepared) -> Frame {
    var width = Self.margin
    for panelWidth in widths { width += Self.gutter + panelWidth + Self.margin }
    width = max(width, Self.minimumWidth)
    var top = Self.margin
    let titleLines = title.map { Self.wrapped($0, width: width - 2 * Self.margin, characterWidth: 9) } ?? []
    if !titleLines.isEmpty { top += Self.titleHeight + Double(titleLines.count - 1) * Self.titleLineHeight }
    var legend: (items: [LegendItem], origins: [Point])?
    if let items = prepared.legend {
      let placed = Self.place(items, width: width, top: top)
      legend = (items, placed.origins)
      top += placed.height
    }
    return Frame(width: width, titleLines: titleLines, legend: legend, top: top)
  }

  /// The room each caption of panels `widths` wide has in a picture `documentWidth` wide: from
  /// its panel's gutter to a little before the next panel's caption, the last one to the
  /// picture's margin.
  static func captionRooms(panelWidths widths: [Double], documentWidth: Double) -> [Double] {
    widths.indices.map { index in
      index + 1 < widths.count
        ? widths[index] + gutter + margin - 8
        : documentWidth - margin - (margin + widths[..<index].reduce(0) { $0 + $1 + gutter + margin })
    }
  }

  /// The lines of a caption with `room` to take: wrapped to it.
  static func captionLines(_ caption: String, room: Double) -> [String] {
    wrapped(caption, width: room, characterWidth: captionCharacterWidth)
  }

  /// The height of a block of captions `lines` lines tall (the panels start below it).
  static func captionBlockHeight(lines: Int) -> Double {
    captionHeight + Double(max(lines, 1) - 1) * captionLineHeight
  }

  /// Writes the document: its header (whose size needs the legend's height and the tallest
  /// panel, worked out first), the title, the legend and the panels.
  func document(_ snapshot: LayoutSnapshot, _ panels: [Panel], to out: inout ByteWriter) {
    document(snapshot, panels, prepare(snapshot, panels), to: &out)
  }

  /// Writes the document of `panels`, with colours and legend `prepared` (shared by pages).
  func document(_ snapshot: LayoutSnapshot, _ panels: [Panel], _ prepared: Prepared, to out: inout ByteWriter)
  {
    let colour = prepared.colour
    let frame = frame(panelWidths: panels.map(\.rect.width), prepared)
    let width = frame.width
    let top = frame.top
    let legend = frame.legend
    let rooms = Self.captionRooms(panelWidths: panels.map(\.rect.width), documentWidth: width)
    let captions = zip(panels, rooms).map { Self.captionLines($0.caption, room: $1) }
    let captionBlock = Self.captionBlockHeight(lines: captions.map(\.count).max() ?? 1)
    var tallest = 0.0
    for panel in panels { tallest = max(tallest, panel.rect.height) }
    let height = top + captionBlock + tallest + Self.margin
    out.write("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
    out.write(drawn: width)
    out.write("\" height=\"")
    out.write(drawn: height)
    out.write("\" viewBox=\"0 0 ")
    out.write(drawn: width)
    out.write(" ")
    out.write(drawn: height)
    out.write("\">\n<style>\n")
    out.write(Self.style)
    out.write("\n")
    let chrome: Set<ElementKind> = [.background, .listHeader, .listFooter, .separator]
    if panels.contains(where: { $0.elements.contains { chrome.contains($0.kind) } }) {
      out.write(Self.chromeStyle)
      out.write("\n")
    }
    for (index, entry) in Self.palette.enumerated() {
      out.write(".p")
      out.write(integer: index)
      out.write(">rect{fill:")
      out.write(entry.fill)
      out.write(";stroke:")
      out.write(entry.stroke)
      out.write("}")
    }
    out.write("\n</style>\n")
    out.write("<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" ")
    out.write("patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#fffbeb\"/>")
    out.write("<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#f59e0b\" stroke-width=\"2\" ")
    out.write("stroke-opacity=\".45\"/></pattern></defs>\n")
    out.write("<rect width=\"100%\" height=\"100%\" fill=\"#f8fafc\"/>\n")
    for (n, line) in frame.titleLines.enumerated() {
      out.write("<text class=\"title\" x=\"")
      out.write(drawn: Self.margin)
      out.write("\" y=\"")
      out.write(drawn: Self.margin + 16 + Double(n) * Self.titleLineHeight)
      out.write("\">")
      out.write(xmlEscaped: line)
      out.write("</text>\n")
    }
    if let legend {
      for (item, origin) in zip(legend.items, legend.origins) {
        out.write("<g transform=\"translate(")
        out.write(drawn: origin.x)
        out.write(",")
        out.write(drawn: origin.y + 3)
        out.write(")\">")
        out.write(item.swatch)
        out.write("<text class=\"legend\" x=\"20\" y=\"9.5\">")
        out.write(xmlEscaped: item.text)
        out.write("</text></g>\n")
      }
    }
    var x = Self.margin + Self.gutter
    var labels = TraitTextCache()
    for (index, panel) in panels.enumerated() {
      for (n, line) in captions[index].enumerated() {
        out.write("<text class=\"caption\" x=\"")
        out.write(drawn: x - Self.gutter)
        out.write("\" y=\"")
        out.write(drawn: top + 14 + Double(n) * Self.captionLineHeight)
        out.write("\">")
        out.write(xmlEscaped: line)
        out.write("</text>\n")
      }
      draw(
        panel, index, snapshot, colour: colour, labels: &labels,
        at: Point(x: x, y: top + captionBlock), to: &out)
      x += panel.rect.width + Self.gutter + Self.margin
    }
    out.write("</svg>\n")
  }

  /// What a picture's panels draw, so that its legend lists nothing else.
  struct Shown {
    var kinds: Set<String> = []
    /// The trait sets of the cells drawn, in the feed's order of first appearance.
    var traitSets: [(index: Int, set: TraitSet)] = []

    init(_ snapshot: LayoutSnapshot, _ panels: [Panel], _ sets: [TraitSet]) {
      var drawnSets: Set<TraitSet> = []
      for panel in panels {
        for element in panel.elements {
          switch element.kind {
          case .cell: drawnSets.insert(ElementLabel.traitSet(of: element, in: snapshot.model))
          case .header: kinds.insert(element.isPinned ? "pinned header" : "header")
          case .footer: kinds.insert(element.isPinned ? "pinned footer" : "footer")
          case .overlay: kinds.insert("overlay")
          case .background: kinds.insert("background")
          case .listHeader: kinds.insert(element.isPinned ? "pinned list header" : "list header")
          case .listFooter: kinds.insert(element.isPinned ? "pinned list footer" : "list footer")
          case .separator: kinds.insert("separator")
          }
        }
        if SVGRenderer.insetBands(snapshot).contains(where: { $0.intersects(panel.rect) }) {
          kinds.insert("content inset")
        }
        if (0..<snapshot.numberOfSections).contains(where: {
          snapshot.sectionFrame($0).map {
            snapshot.scrollAxis == .horizontal
              ? $0.maxX > panel.rect.minX && $0.minX < panel.rect.maxX
              : $0.maxY > panel.rect.minY && $0.minY < panel.rect.maxY
          } ?? false
        }) {
          kinds.insert("section")
        }
      }
      traitSets = sets.enumerated().filter { drawnSets.contains($0.element) }.map {
        ($0.offset, $0.element)
      }
    }
  }

  /// One entry of the legend: its swatch (SVG) and its words.
  typealias LegendItem = (swatch: String, text: String)

  /// The legend's entries for what `shown` lists.
  func legendItems(_ shown: Shown) -> [LegendItem] {
    let all: [LegendItem] = [
      ("<g class=\"header\"><rect width=\"14\" height=\"10\" rx=\"2\"/></g>", "header"),
      ("<g class=\"footer\"><rect width=\"14\" height=\"10\" rx=\"2\"/></g>", "footer"),
      (
        "<g class=\"header pinned\"><rect width=\"14\" height=\"10\" rx=\"2\"/></g>",
        "pinned header"
      ),
      (
        "<g class=\"footer pinned\"><rect width=\"14\" height=\"10\" rx=\"2\"/></g>",
        "pinned footer"
      ),
      ("<g class=\"overlay\"><rect width=\"14\" height=\"10\" rx=\"2\"/></g>", "overlay"),
      ("<g class=\"background\"><rect width=\"14\" height=\"10\" rx=\"2\"/></g>", "background"),
      ("<g class=\"listHeader\"><rect width=\"14\" height=\"10\" rx=\"2\"/></g>", "list header"),
      (
        "<g class=\"listHeader pinned\"><rect width=\"14\" height=\"10\" rx=\"2\"/></g>",
        "pinned list header"
      ),
      ("<g class=\"listFooter\"><rect width=\"14\" height=\"10\" rx=\"2\"/></g>", "list footer"),
      (
        "<g class=\"listFooter pinned\"><rect width=\"14\" height=\"10\" rx=\"2\"/></g>",
        "pinned list footer"
      ),
      ("<g class=\"separator\"><rect y=\"4\" width=\"14\" height=\"2\"/></g>", "separator"),
      ("<rect class=\"inset\" width=\"14\" height=\"10\"/>", "content inset"),
      ("<rect class=\"band1\" width=\"14\" height=\"10\" stroke=\"#94a3b8\"/>", "section"),
    ]
    var items = all.filter { shown.kinds.contains($0.text) }
    for (index, set) in shown.traitSets.prefix(Self.palette.count) {
      let text = set.isEmpty ? "cell" : set.names.joined(separator: " + ")
      items.append(
        (
          "<g class=\"p\(index % Self.palette.count)\"><rect width=\"14\" height=\"10\" rx=\"2\"/></g>",
          truncated(text, to: 48)
        ))
    }
    return items
  }

  /// Where each legend entry goes when the legend starts at `top`, wrapping at `width`, and
  /// the height the legend takes.
  static func place(_ items: [LegendItem], width: Double, top: Double) -> (origins: [Point], height: Double) {
    var origins: [Point] = []
    var x = margin
    var y = top
    for item in items {
      let itemWidth = 20 + Double(item.text.count) * 6.2 + 14
      if x > margin && x + itemWidth > width - margin {
        x = margin
        y += legendRowHeight
      }
      origins.append(Point(x: x, y: y))
      x += itemWidth
    }
    return (origins, y - top + legendRowHeight + 6)
  }

  /// Draws one panel (the `index`-th of the picture) with its top-left corner at `origin`.
  func draw(
    _ panel: Panel, _ index: Int, _ snapshot: LayoutSnapshot, colour: [TraitSet: Int],
    labels: inout TraitTextCache, at origin: Point, to out: inout ByteWriter
  ) {
    let rect = panel.rect
    let gutter = Self.gutter
    let content = snapshot.contentSize
    out.write("<svg x=\"")
    out.write(drawn: origin.x - gutter)
    out.write("\" y=\"")
    out.write(drawn: origin.y)
    out.write("\" width=\"")
    out.write(drawn: rect.width + gutter)
    out.write("\" height=\"")
    out.write(drawn: rect.height)
    out.write("\" viewBox=\"")
    out.write(drawn: rect.minX - gutter)
    out.write(" ")
    out.write(drawn: rect.minY)
    out.write(" ")
    out.write(drawn: rect.width + gutter)
    out.write(" ")
    out.write(drawn: rect.height)
    out.write("\">\n")
    // The area outside the content, then the content's page.
    Self.rect("bg", Rect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height), to: &out)
    Self.rect("page", Rect(x: 0, y: 0, width: content.width, height: content.height), to: &out)
    // Section bands, and their brackets in the gutter (a horizontal list's sections are
    // columns: their bands are drawn, without brackets).
    let horizontal = snapshot.scrollAxis == .horizontal
    // From the first section that meets the panel, found by binary search (a page of a long
    // picture does not walk the sections above it).
    let first = snapshot.sections(overlapping: rect).first ?? snapshot.numberOfSections
    for section in first..<snapshot.numberOfSections {
      guard let frame = snapshot.sectionFrame(section) else { continue }
      let band: StaticString = section % 2 == 0 ? "band0" : "band1"
      if horizontal {
        if frame.minX >= rect.maxX { break }
        if frame.maxX > rect.minX { Self.rect(band, frame, to: &out) }
        continue
      }
      if frame.minY >= rect.maxY { break }
      guard frame.maxY > rect.minY else { continue }
      Self.rect(band, frame, to: &out)
      let top = max(frame.minY, rect.minY)
      let bottom = min(frame.maxY, rect.maxY)
      out.write("<path class=\"bracket\" d=\"M -4 ")
      out.write(drawn: frame.minY + 1)
      out.write(" H -9 V ")
      out.write(drawn: frame.maxY - 1)
      out.write(" H -4\"/>")
      if bottom - top >= 12 {
        out.write("<text class=\"gutter\" x=\"-13\" y=\"")
        out.write(drawn: top + 11)
        out.write("\" text-anchor=\"end\">S")
        out.write(integer: section)
        out.write("</text>")
      }
      out.write("\n")
    }
    // Content insets.
    for band in Self.insetBands(snapshot) where band.intersects(rect) {
      Self.rect("inset", band, to: &out)
    }
    // Elements, back to front; a viewport's clipped to it (a carousel scrolled sideways has
    // cells cut by its left edge, which would otherwise spill into the gutter).
    let order = panel.elements.indices.sorted {
      (panel.elements[$0].zIndex, $0) < (panel.elements[$1].zIndex, $1)
    }
    let clipped = panel.isViewport && panel.elements.contains { $0.frame.minX < rect.minX }
    if clipped {
      out.write("<clipPath id=\"viewport")
      out.write(integer: index)
      out.write("\">")
      Self.rect("", rect, newline: false, to: &out)
      out.write("</clipPath><g clip-path=\"url(#viewport")
      out.write(integer: index)
      out.write(")\">\n")
    }
    // Where a carousel's row goes on past the panel's sides, a marker: over the cells, under
    // the headers and footers (z-index above 0) that may pin over the row.
    var markers = Self.carouselMarkers(panel, snapshot)
    for element in order {
      if !markers.isEmpty && panel.elements[element].zIndex > 0 {
        for marker in markers { marker.write(to: &out) }
        markers = []
      }
      self.element(panel.elements[element], snapshot, colour: colour, labels: &labels, to: &out)
    }
    for marker in markers { marker.write(to: &out) }
    if clipped { out.write("</g>\n") }
    // What a viewport wider than the list shows past its width is faded, behind a dashed edge.
    if rect.maxX > content.width {
      let beyond = Rect(x: content.width, y: rect.minY, width: rect.maxX - content.width, height: rect.height)
      out.write("<g class=\"beyond\" fill=\"#f8fafc\" fill-opacity=\".65\">")
      Self.rect("", beyond, newline: false, to: &out)
      out.write("<line x1=\"")
      out.write(drawn: content.width)
      out.write("\" y1=\"")
      out.write(drawn: rect.minY)
      out.write("\" x2=\"")
      out.write(drawn: content.width)
      out.write("\" y2=\"")
      out.write(drawn: rect.maxY)
      out.write("\" stroke=\"#64748b\" stroke-dasharray=\"4 3\"/></g>\n")
    }
    if panel.isViewport {
      Self.rect("frame", Rect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height), to: &out)
    }
    out.write("</svg>\n")
  }

  /// The content insets' bands that have an area.
  static func insetBands(_ snapshot: LayoutSnapshot) -> [Rect] {
    // Worked out along the scroll axis (between the list header and footer), then turned
    // into the list's axes.
    let horizontal = snapshot.scrollAxis == .horizontal
    let configuration = snapshot.configuration
    let real = configuration.contentInsets
    let insets =
      horizontal ? EdgeInsets(top: real.left, left: real.top, bottom: real.right, right: real.bottom) : real
    let across = configuration.width
    let start = configuration.listHeader?.height ?? 0
    let end = snapshot.contentLength - (configuration.listFooter?.height ?? 0)
    let length = max(0, end - start)
    let bands = [
      Rect(x: 0, y: start, width: across, height: insets.top),
      Rect(x: 0, y: end - insets.bottom, width: across, height: insets.bottom),
      Rect(x: 0, y: start, width: insets.left, height: length),
      Rect(x: across - insets.right, y: start, width: insets.right, height: length),
    ]
    return bands.filter { $0.width > 0 && $0.height > 0 && length > 0 }.map {
      horizontal ? Rect(x: $0.minY, y: $0.minX, width: $0.height, height: $0.width) : $0
    }
  }

  /// Writes a `<rect>` tag for `rect`, with a class (unless empty) and a corner radius (if any).
  static func rect(
    _ className: StaticString, _ rect: Rect, radius: Double = 0, newline: Bool = true,
    to out: inout ByteWriter
  ) {
    if className.utf8CodeUnitCount == 0 {
      out.write("<rect ")
    } else {
      out.write("<rect class=\"")
      out.write(className)
      out.write("\" ")
    }
    out.write("x=\"")
    out.write(drawn: rect.minX)
    out.write("\" y=\"")
    out.write(drawn: rect.minY)
    out.write("\" width=\"")
    out.write(drawn: rect.width)
    out.write("\" height=\"")
    out.write(drawn: rect.height)
    out.write("\"")
    if radius > 0 {
      out.write(" rx=\"")
      out.write(drawn: radius)
      out.write("\"")
    }
    if newline { out.write("/>\n") } else { out.write("/>") }
  }

  /// Draws one element: its box, its labels (cut to fit), a badge if pinned, and a tooltip
  /// with the full label and frame.
  func element(
    _ element: LayoutAttributes, _ snapshot: LayoutSnapshot, colour: [TraitSet: Int],
    labels: inout TraitTextCache, to out: inout ByteWriter
  ) {
    let title = TitleText(of: element, in: snapshot)
    let traits = ElementLabel.traitSet(of: element, in: snapshot.model)
    let texts = labels.texts(for: traits)
    let frame = element.frame
    out.write("<g class=\"")
    out.write(element.kind.rawValue)
    if element.kind == .cell {
      out.write(" p")
      out.write(integer: colour[traits] ?? 0)
    }
    if element.isPinned { out.write(" pinned") }
    out.write("\"><title>")
    // The tooltip: the whole title, the traits, the frame.
    title.writeXML(to: &out)
    out.write(texts.tooltip)
    out.write(" ")
    out.write(rectDescription: frame)
    if element.isPinned { out.write(" pinned") }
    out.write("</title>")
    Self.rect("", frame, radius: min(3, frame.width / 2, frame.height / 2), newline: false, to: &out)
    let charWidth = 6.3
    var room = frame.width - 8
    if element.isPinned && frame.width >= 160 && frame.height >= 16 { room -= 54 }
    let idLimit = characterLimit(room, charWidth)
    let traitLimit = characterLimit(frame.width - 8, 5.2)
    let hasTraits = !texts.line.isEmpty
    if element.kind == .cell {
      let showTraits = frame.height >= 27 && traitLimit >= 3 && hasTraits
      // A short cell without a traits line has its id centred vertically, a taller one at the top.
      let idY = !showTraits && frame.height < 40 ? frame.minY + frame.height / 2 + 4 : frame.minY + 12
      if frame.height >= 14 && idLimit >= 2 {
        out.write("<text class=\"id\" x=\"")
        out.write(drawn: frame.minX + 4)
        out.write("\" y=\"")
        out.write(drawn: idY)
        out.write("\">")
        title.writeXML(limit: idLimit, to: &out)
        out.write("</text>")
      }
      if showTraits {
        out.write("<text class=\"traits\" x=\"")
        out.write(drawn: frame.minX + 4)
        out.write("\" y=\"")
        out.write(drawn: frame.minY + 23)
        out.write("\">")
        texts.writeLine(limit: traitLimit, to: &out)
        out.write("</text>")
      }
    } else if element.kind != .background && frame.height >= 12 && idLimit >= 2 {
      // A background is named in its tooltip only: its label would show through the gaps
      // between the cells drawn over it.
      let showTraits = frame.height >= 30 && hasTraits && traitLimit >= 3
      let middle = frame.minY + frame.height / 2
      out.write("<text class=\"id\" x=\"")
      out.write(drawn: frame.minX + 8)
      out.write("\" y=\"")
      out.write(drawn: middle + (showTraits ? 0 : 4))
      out.write("\">")
      title.writeXML(limit: idLimit - 1, to: &out)
      out.write("</text>")
      if showTraits {
        out.write("<text class=\"traits\" x=\"")
        out.write(drawn: frame.minX + 8)
        out.write("\" y=\"")
        out.write(drawn: middle + 12)
        out.write("\">")
        texts.writeLine(limit: traitLimit, to: &out)
        out.write("</text>")
      }
    }
    if element.isPinned && frame.width >= 160 && frame.height >= 16 {
      let badge = Rect(x: frame.maxX - 56, y: frame.minY + (frame.height - 14) / 2, width: 48, height: 14)
      out.write("<g class=\"badge\">")
      Self.rect("", badge, radius: 7, newline: false, to: &out)
      out.write("<text x=\"")
      out.write(drawn: badge.midX)
      out.write("\" y=\"")
      out.write(drawn: badge.minY + 10)
      out.write("\" text-anchor=\"middle\">pinned</text></g>")
    }
    out.write("</g>\n")
  }
}
