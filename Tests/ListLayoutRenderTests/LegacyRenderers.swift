// The renderers' string-building implementation from before they streamed through a
// ByteWriter, kept only while the streamed one is checked against it.

import LayoutGeometry
import ListLayout

@testable import ListLayoutRender

/// Draws a computed layout as a self-contained SVG picture: the whole content, or one or more
/// viewport frames side by side.
///
/// Cells are boxes labelled with their identifier and trait names, coloured by their set of
/// traits; headers are dark bars and footers lighter ones; a pinned (sticky) header has a
/// dashed red outline and a "pinned" badge. Content insets are hatched bands, sections are
/// alternating shaded bands with their index in a gutter on the left. A picture of the whole
/// content draws carousels' whole rows, the part past the list's width faded behind a dashed
/// edge.
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
/// The renderer is pure: it returns the document as a `String`, and every identifier and
/// trait name from the feed is XML-escaped.
///
/// ```swift
/// let svg = SVGRenderer(title: "feed.json").render(snapshot)
/// let frame = snapshot.viewport(at: Point(x: 0, y: 1200), size: Size(width: 375, height: 667))
/// let picture = SVGRenderer().render(snapshot, viewports: [frame])
/// ```
struct LegacySVGRenderer: Sendable {
  /// A line of text drawn above everything, if any.
  var title: String?
  /// Whether to draw the legend under the title.
  var showsLegend: Bool

  /// Creates a renderer.
  init(title: String? = nil, showsLegend: Bool = true) {
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
  func render(_ snapshot: LayoutSnapshot) -> String {
    let size = snapshot.contentSize
    let elements = snapshot.allAttributes()
    // Carousels reach past the list's width: the picture shows their whole rows.
    let panel = Panel(
      rect: Rect(x: 0, y: 0, width: snapshot.drawnWidth, height: size.height), elements: elements,
      caption:
        "whole content · \(legacyFormatted(size.width)) × \(legacyFormatted(size.height)) · \(elements.count) elements",
      isViewport: false)
    return document(snapshot, [panel])
  }

  /// One or more viewport frames side by side, each with the elements it shows (pinned
  /// headers at their pinned positions, marked).
  ///
  /// - Complexity: O(k) for k elements in all the viewports, plus O(s) per viewport for
  ///   the section bands.
  func render(_ snapshot: LayoutSnapshot, viewports: [ViewportLayout]) -> String {
    let panels = viewports.map { viewport in
      let pinned = viewport.elements.filter(\.isPinned).count
      var caption =
        snapshot.scrollAxis == .horizontal
        ? "viewport at x = \(legacyFormatted(viewport.rect.minX)) · "
        : "viewport at y = \(legacyFormatted(viewport.rect.minY)) · "
      caption += "\(legacyFormatted(viewport.rect.width)) × \(legacyFormatted(viewport.rect.height)) · "
      caption += "\(viewport.elements.count) elements"
      if pinned > 0 { caption += ", \(pinned) pinned" }
      return Panel(rect: viewport.rect, elements: viewport.elements, caption: caption, isViewport: true)
    }
    return document(snapshot, panels)
  }
}

// MARK: - Drawing

extension LegacySVGRenderer {
  static let margin = 20.0
  static let gutter = 40.0
  static let captionHeight = 22.0
  static let titleHeight = 30.0
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
    """

  /// The style of section backgrounds and the list header and footer, written only into
  /// pictures that draw one.
  static let chromeStyle = """
    .background>rect{fill:#fef9c3;fill-opacity:.7;stroke:#ca8a04;stroke-dasharray:2 2}
    .background text{fill:#a16207}
    .listHeader>rect{fill:#312e81;stroke:#1e1b4b}.listFooter>rect{fill:#6366f1;stroke:#4338ca}
    .listHeader text,.listFooter text{fill:#ffffff}
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

  func document(_ snapshot: LayoutSnapshot, _ panels: [Panel]) -> String {
    let sets = Self.traitSets(snapshot.model)
    let colour = Dictionary(
      uniqueKeysWithValues: sets.enumerated().map { ($1, $0 % Self.palette.count) })
    var width = Self.margin
    for panel in panels { width += Self.gutter + panel.rect.width + Self.margin }
    width = max(width, 320)
    var top = Self.margin
    var body = ""
    if let title {
      body +=
        "<text class=\"title\" x=\"\(legacyFormatted(Self.margin))\" y=\"\(legacyFormatted(top + 16))\">"
      body += xmlEscaped(title) + "</text>\n"
      top += Self.titleHeight
    }
    if showsLegend {
      top += legend(Shown(snapshot, panels, sets), width: width, top: top, into: &body)
    }
    var x = Self.margin + Self.gutter
    var tallest = 0.0
    for panel in panels {
      body +=
        "<text class=\"caption\" x=\"\(legacyFormatted(x - Self.gutter))\" y=\"\(legacyFormatted(top + 14))\">"
      body += xmlEscaped(panel.caption) + "</text>\n"
      draw(panel, snapshot, colour: colour, at: Point(x: x, y: top + Self.captionHeight), into: &body)
      tallest = max(tallest, panel.rect.height)
      x += panel.rect.width + Self.gutter + Self.margin
    }
    let height = top + Self.captionHeight + tallest + Self.margin
    var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(legacyFormatted(width))\" "
    out +=
      "height=\"\(legacyFormatted(height))\" viewBox=\"0 0 \(legacyFormatted(width)) \(legacyFormatted(height))\">\n"
    out += "<style>\n\(Self.style)\n"
    let chrome: Set<ElementKind> = [.background, .listHeader, .listFooter]
    if panels.contains(where: { $0.elements.contains { chrome.contains($0.kind) } }) {
      out += Self.chromeStyle + "\n"
    }
    for (index, entry) in Self.palette.enumerated() {
      out += ".p\(index)>rect{fill:\(entry.fill);stroke:\(entry.stroke)}"
    }
    out += "\n</style>\n"
    out += "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
    out += "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#fffbeb\"/>"
    out += "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#f59e0b\" stroke-width=\"2\" "
    out += "stroke-opacity=\".45\"/></pattern></defs>\n"
    out += "<rect width=\"100%\" height=\"100%\" fill=\"#f8fafc\"/>\n"
    out += body
    out += "</svg>\n"
    return out
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
          }
        }
        if LegacySVGRenderer.insetBands(snapshot).contains(where: { $0.intersects(panel.rect) }) {
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

  /// Draws the legend of what `shown` lists from `top`, wrapping at `width`; returns the
  /// height it took.
  func legend(_ shown: Shown, width: Double, top: Double, into out: inout String) -> Double {
    let all: [(swatch: String, text: String)] = [
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
    var x = Self.margin
    var y = top
    for item in items {
      let itemWidth = 20 + Double(item.text.count) * 6.2 + 14
      if x > Self.margin && x + itemWidth > width - Self.margin {
        x = Self.margin
        y += Self.legendRowHeight
      }
      out += "<g transform=\"translate(\(legacyFormatted(x)),\(legacyFormatted(y + 3)))\">\(item.swatch)"
      out += "<text class=\"legend\" x=\"20\" y=\"9.5\">\(xmlEscaped(item.text))</text></g>\n"
      x += itemWidth
    }
    return y - top + Self.legendRowHeight + 6
  }

  /// Draws one panel with its top-left corner at `origin`.
  func draw(
    _ panel: Panel, _ snapshot: LayoutSnapshot, colour: [TraitSet: Int], at origin: Point,
    into out: inout String
  ) {
    let rect = panel.rect
    let gutter = Self.gutter
    let content = snapshot.contentSize
    out += "<svg x=\"\(legacyFormatted(origin.x - gutter))\" y=\"\(legacyFormatted(origin.y))\" "
    out += "width=\"\(legacyFormatted(rect.width + gutter))\" height=\"\(legacyFormatted(rect.height))\" "
    out += "viewBox=\"\(legacyFormatted(rect.minX - gutter)) \(legacyFormatted(rect.minY)) "
    out += "\(legacyFormatted(rect.width + gutter)) \(legacyFormatted(rect.height))\">\n"
    // The area outside the content, then the content's page.
    out += rectTag("bg", Rect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height))
    out += rectTag("page", Rect(x: 0, y: 0, width: content.width, height: content.height))
    // Section bands, and their brackets in the gutter (a horizontal list's sections are
    // columns: their bands are drawn, without brackets).
    let horizontal = snapshot.scrollAxis == .horizontal
    for section in 0..<snapshot.numberOfSections {
      guard let frame = snapshot.sectionFrame(section) else { continue }
      if horizontal {
        if frame.minX >= rect.maxX { break }
        if frame.maxX > rect.minX { out += rectTag("band\(section % 2)", frame) }
        continue
      }
      if frame.minY >= rect.maxY { break }
      guard frame.maxY > rect.minY else { continue }
      out += rectTag("band\(section % 2)", frame)
      let top = max(frame.minY, rect.minY)
      let bottom = min(frame.maxY, rect.maxY)
      out += "<path class=\"bracket\" d=\"M -4 \(legacyFormatted(frame.minY + 1)) H -9 "
      out += "V \(legacyFormatted(frame.maxY - 1)) H -4\"/>"
      if bottom - top >= 12 {
        out += "<text class=\"gutter\" x=\"-13\" y=\"\(legacyFormatted(top + 11))\" text-anchor=\"end\">"
        out += "S\(section)</text>"
      }
      out += "\n"
    }
    // Content insets.
    for band in Self.insetBands(snapshot) where band.intersects(rect) {
      out += rectTag("inset", band)
    }
    // Elements, back to front.
    let order = panel.elements.indices.sorted {
      (panel.elements[$0].zIndex, $0) < (panel.elements[$1].zIndex, $1)
    }
    for index in order {
      element(panel.elements[index], snapshot, colour: colour, into: &out)
    }
    // What lies past the list's width (carousels' rows) is faded, behind a dashed edge.
    if rect.maxX > content.width {
      let beyond = Rect(x: content.width, y: rect.minY, width: rect.maxX - content.width, height: rect.height)
      out +=
        "<g class=\"beyond\" fill=\"#f8fafc\" fill-opacity=\".65\">" + rectTag("", beyond, newline: false)
      out += "<line x1=\"\(legacyFormatted(content.width))\" y1=\"\(legacyFormatted(rect.minY))\" "
      out += "x2=\"\(legacyFormatted(content.width))\" y2=\"\(legacyFormatted(rect.maxY))\" "
      out += "stroke=\"#64748b\" stroke-dasharray=\"4 3\"/></g>\n"
    }
    if panel.isViewport {
      out += rectTag("frame", Rect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height))
    }
    out += "</svg>\n"
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

  /// A `<rect>` tag for `rect`, with a class (unless empty) and a corner radius (if any).
  func rectTag(_ className: String, _ rect: Rect, radius: Double = 0, newline: Bool = true) -> String {
    var out = className.isEmpty ? "<rect " : "<rect class=\"\(className)\" "
    out += "x=\"\(legacyFormatted(rect.minX))\" y=\"\(legacyFormatted(rect.minY))\" "
    out += "width=\"\(legacyFormatted(rect.width))\" height=\"\(legacyFormatted(rect.height))\""
    if radius > 0 { out += " rx=\"\(legacyFormatted(radius))\"" }
    return out + (newline ? "/>\n" : "/>")
  }

  /// Draws one element: its box, its labels (cut to fit), a badge if pinned, and a tooltip
  /// with the full label and frame.
  func element(
    _ element: LayoutAttributes, _ snapshot: LayoutSnapshot, colour: [TraitSet: Int], into out: inout String
  ) {
    let label = ElementLabel(of: element, in: snapshot)
    let frame = element.frame
    var className = element.kind.rawValue
    if element.kind == .cell {
      let traits = ElementLabel.traitSet(of: element, in: snapshot.model)
      className += " p\(colour[traits] ?? 0)"
    }
    if element.isPinned { className += " pinned" }
    out += "<g class=\"\(className)\"><title>"
    var tooltip = label.title
    if !label.traits.isEmpty { tooltip += " [" + label.traits.joined(separator: ", ") + "]" }
    tooltip += " \(frame)"
    if element.isPinned { tooltip += " pinned" }
    out += xmlEscaped(tooltip) + "</title>"
    out += rectTag("", frame, radius: min(3, frame.width / 2, frame.height / 2), newline: false)
    let charWidth = 6.3
    var room = frame.width - 8
    if element.isPinned && frame.width >= 160 && frame.height >= 16 { room -= 54 }
    let idLimit = characterLimit(room, charWidth)
    let traitLimit = characterLimit(frame.width - 8, 5.2)
    let traitText = label.traits.joined(separator: " · ")
    if element.kind == .cell {
      let showTraits = frame.height >= 27 && traitLimit >= 3 && !traitText.isEmpty
      // A short cell without a traits line has its id centred vertically, a taller one at the top.
      let idY = !showTraits && frame.height < 40 ? frame.minY + frame.height / 2 + 4 : frame.minY + 12
      if frame.height >= 14 && idLimit >= 2 {
        out += "<text class=\"id\" x=\"\(legacyFormatted(frame.minX + 4))\" y=\"\(legacyFormatted(idY))\">"
        out += xmlEscaped(truncated(label.title, to: idLimit)) + "</text>"
      }
      if showTraits {
        out +=
          "<text class=\"traits\" x=\"\(legacyFormatted(frame.minX + 4))\" y=\"\(legacyFormatted(frame.minY + 23))\">"
        out += xmlEscaped(truncated(traitText, to: traitLimit)) + "</text>"
      }
    } else if frame.height >= 12 && idLimit >= 2 {
      let showTraits = frame.height >= 30 && !traitText.isEmpty && traitLimit >= 3
      let middle = frame.minY + frame.height / 2
      out +=
        "<text class=\"id\" x=\"\(legacyFormatted(frame.minX + 8))\" y=\"\(legacyFormatted(middle + (showTraits ? 0 : 4)))\">"
      out += xmlEscaped(truncated(label.title, to: idLimit - 1)) + "</text>"
      if showTraits {
        out +=
          "<text class=\"traits\" x=\"\(legacyFormatted(frame.minX + 8))\" y=\"\(legacyFormatted(middle + 12))\">"
        out += xmlEscaped(truncated(traitText, to: traitLimit)) + "</text>"
      }
    }
    if element.isPinned && frame.width >= 160 && frame.height >= 16 {
      let badge = Rect(x: frame.maxX - 56, y: frame.minY + (frame.height - 14) / 2, width: 48, height: 14)
      out += "<g class=\"badge\">" + rectTag("", badge, radius: 7, newline: false)
      out +=
        "<text x=\"\(legacyFormatted(badge.midX))\" y=\"\(legacyFormatted(badge.minY + 10))\" text-anchor=\"middle\">"
      out += "pinned</text></g>"
    }
    out += "</g>\n"
  }
}

/// Writes one self-contained HTML page that scrolls a computed layout virtually: only the
/// elements visible in the viewport are in the DOM, and their nodes are recycled as the
/// page scrolls.
///
/// The page embeds the layout as compact JSON (see ``layoutJSON(_:)``): every cell's frame
/// as four parallel numeric arrays, an index into a table of distinct trait sets, and the
/// identifiers; and per section its extent and its header's and footer's natural frames.
/// A small script then, on every scroll,
///
/// 1. finds the sections overlapping the viewport by binary search over their extents;
/// 2. finds the candidate cells by binary search over two monotone keys computed once at
///    load (the running maximum of cells' bottoms, and the running minimum of cells' tops
///    from the end), and keeps those whose frame intersects the viewport;
/// 3. places each header (and footer) with the library's own pinning formula, reproduced in
///    JavaScript from the embedded per-section data:
///    `y = clamp(offset + pinInset, section.minY, section.maxY − headerHeight)`, pinning
///    only sections with cells unless `pinEmptySections` is on;
/// 4. removes the nodes that left the viewport (keeping them in a pool) and fills pooled
///    nodes for those that entered.
///
/// So the DOM holds O(visible) nodes whatever the feed's size, and what it shows is what
/// `LayoutSnapshot.viewport(at:size:pinInset:direction:screensAhead:screensBehind:overlays:horizontalOffsets:)`
/// lists for the same offset (the `Scripts/html-check` script verifies both in Chromium).
///
/// The page reads options from its URL fragment: `#offset=Y` scrolls to Y, `vh=H` sets the
/// viewport's height, and `selftest` scrolls through hundreds of offsets, checks the DOM
/// against a brute-force scan of the embedded frames, and writes a JSON report into a
/// `<pre id="report">` element. Identifiers are only ever written with `textContent`, and a
/// content security policy forbids loading anything, so an untrusted feed cannot inject
/// markup or script.
///
/// Browsers cap an element's height (about 33 million pixels in Chromium), so content
/// taller than that cannot be scrolled to its end.
///
/// ```swift
/// let page = HTMLRenderer(title: "feed.json").render(snapshot)
/// ```
struct LegacyHTMLRenderer: Sendable {
  /// The page's title.
  var title: String
  /// The content offset the page opens at (a `#offset=` fragment overrides it).
  var initialOffset: Double

  /// Creates a renderer.
  init(title: String = "ListLayout", initialOffset: Double = 0) {
    self.title = title
    self.initialOffset = initialOffset.isFinite ? max(0, initialOffset) : 0
  }

  /// The page.
  ///
  /// - Complexity: O(n) for n elements.
  func render(_ snapshot: LayoutSnapshot) -> String {
    let escapedTitle = xmlEscaped(title)
    var out = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; \
      script-src 'unsafe-inline'">
      <title>\(escapedTitle) · ListLayout</title>
      <script>\(HTMLRenderer.errorTrap)</script>
      <style>\(HTMLRenderer.css)</style>
      </head>
      <body>
      <div id="bar"><h1>\(escapedTitle)</h1><span id="stats">\(snapshot.model.cellCount) cells · \
      \(snapshot.numberOfSections) sections · \(legacyFormatted(snapshot.contentSize.width)) × \
      \(legacyFormatted(snapshot.contentSize.height))</span><span id="status"></span></div>
      <div id="scroller"><div id="content"></div></div>
      <script id="layout" type="application/json">
      """
    out += Self.scriptSafe(layoutJSON(snapshot))
    out += "</script>\n<script>\n\(HTMLRenderer.script)</script>\n</body>\n</html>\n"
    return out
  }

  /// `json` with `<`, `>` and `&` written as JSON escapes, so that no identifier can close
  /// the `<script>` element holding it. (They can only occur inside JSON strings.)
  static func scriptSafe(_ json: String) -> String {
    // Byte by byte: the characters to escape are ASCII or the three-byte U+2028 / U+2029.
    var out: [UInt8] = []
    out.reserveCapacity(json.utf8.count + 64)
    var bytes = json.utf8.makeIterator()
    var pending: [UInt8] = []
    while let byte = pending.isEmpty ? bytes.next() : pending.removeFirst() {
      switch byte {
      case UInt8(ascii: "<"): out += Array("\\u003c".utf8)
      case UInt8(ascii: ">"): out += Array("\\u003e".utf8)
      case UInt8(ascii: "&"): out += Array("\\u0026".utf8)
      case 0xE2:
        guard let second = bytes.next() else {
          out.append(byte)
          continue
        }
        guard second == 0x80, let third = bytes.next() else {
          out.append(byte)
          pending.append(second)
          continue
        }
        if third == 0xA8 {
          out += Array("\\u2028".utf8)
        } else if third == 0xA9 {
          out += Array("\\u2029".utf8)
        } else {
          out += [byte, second]
          pending.append(third)
        }
      default: out.append(byte)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The layout as the page embeds it:
  ///
  /// ```json
  /// {"width":375,"height":1200,"horizontal":false,"list":[[0,0,375,44,0,"top",true],null],
  ///  "insets":[5,5,5,5],"offset":0,
  ///  "pin":{"headers":true,"footers":false,"empty":false,"inset":0,"bottomInset":0},
  ///  "traits":[[],["compactWidth"]],
  ///  "cells":{"x":[…],"y":[…],"w":[…],"h":[…],"t":[…],"id":["a",null,…]},
  ///  "sections":{"y":[…],"h":[…],"first":[…],"count":[…],
  ///              "header":[[x,y,w,h,traitsIndex,"label"],null,…],"footer":[…],"background":[…]}}
  /// ```
  ///
  /// Cells are in listing order; `t` indexes `traits`; `id` is `null` when no cell has an
  /// identifier. Section `y` and `h` are the section's extent (`LayoutSnapshot.sectionFrame(_:)`);
  /// header, footer and background frames are their natural positions. `list` holds the list
  /// header and footer (`null` when absent), each followed by whether it pins. Everything is
  /// in layout space: `width` is the list's extent across its scroll axis and `height` its
  /// length along it, so a horizontal list's frames are written transposed (x for y) and
  /// the page swaps them back where it places its nodes.
  ///
  /// - Complexity: O(n).
  func layoutJSON(_ snapshot: LayoutSnapshot) -> String {
    let model = snapshot.model
    let configuration = snapshot.configuration
    var traitIndex: [TraitSet: Int] = [[]: 0]
    var traitSets: [TraitSet] = [[]]
    func index(of traits: TraitSet) -> Int {
      if let known = traitIndex[traits] { return known }
      traitIndex[traits] = traitSets.count
      traitSets.append(traits)
      return traitSets.count - 1
    }
    // One byte column per array of the output, filled in one walk of the snapshot.
    var xs = LegacyColumn(), ys = LegacyColumn(), ws = LegacyColumn(), hs = LegacyColumn(),
      ts = LegacyColumn(), ids = LegacyColumn()
    var anyID = false
    var cellCount = 0
    var sectionY = LegacyColumn(), sectionH = LegacyColumn(), firsts = LegacyColumn(), counts = LegacyColumn()
    var headers = LegacyColumn(), footers = LegacyColumn(), backgrounds = LegacyColumn()
    // Frames go into the page in layout space: a horizontal list's are transposed back to the
    // vertical layout the page scrolls (it swaps the axes where it places nodes).
    let horizontal = snapshot.scrollAxis == .horizontal
    func axis(_ frame: Rect) -> Rect {
      horizontal ? Rect(x: frame.minY, y: frame.minX, width: frame.height, height: frame.width) : frame
    }
    // Carousels: each section's maximum horizontal offset, or null (written only when any
    // section is a carousel).
    var carousels = LegacyColumn()
    var anyCarousel = false
    func supplementary(_ element: LayoutAttributes?, into column: inout LegacyColumn) {
      column.separate()
      guard let element else { return column.bytes += Array("null".utf8) }
      let frame = axis(element.frame)
      let label = ElementLabel(of: element, in: snapshot)
      let traits = index(of: ElementLabel.traitSet(of: element, in: model))
      column.bytes += Array(
        ("[\(legacyJSONNumber(frame.minX)),\(legacyJSONNumber(frame.minY)),\(legacyJSONNumber(frame.width)),"
          + "\(legacyJSONNumber(frame.height)),\(traits),\(jsonQuoted(label.title))]").utf8)
    }
    for section in 0..<snapshot.numberOfSections {
      let frame = axis(snapshot.sectionFrame(section) ?? .zero)
      sectionY.append(number: frame.minY)
      sectionH.append(number: frame.height)
      firsts.append(integer: cellCount)
      counts.append(integer: snapshot.numberOfItems(inSection: section))
      supplementary(snapshot.headerAttributes(inSection: section), into: &headers)
      supplementary(snapshot.footerAttributes(inSection: section), into: &footers)
      supplementary(snapshot.backgroundAttributes(inSection: section), into: &backgrounds)
      carousels.separate()
      if snapshot.isCarousel(section), let metrics = snapshot.carouselMetrics(ofSection: section) {
        anyCarousel = true
        carousels.bytes += Array(legacyJSONNumber(metrics.maximumOffset).utf8)
      } else {
        carousels.bytes += Array("null".utf8)
      }
      var cells =
        model.sections.indices.contains(section) ? model.sections[section].cells.makeIterator() : nil
      snapshot.forEachElement(inSection: section) { element in
        guard element.kind == .cell else { return }
        let frame = axis(element.frame)
        xs.append(number: frame.minX)
        ys.append(number: frame.minY)
        ws.append(number: frame.width)
        hs.append(number: frame.height)
        let cell = cells?.next()
        ts.append(integer: index(of: cell?.traits ?? []))
        ids.separate()
        if let id = cell?.id {
          anyID = true
          ids.bytes += Array(jsonQuoted(id).utf8)
        } else {
          ids.bytes += Array("null".utf8)
        }
        cellCount += 1
      }
    }
    let given = configuration.contentInsets
    let insets =
      horizontal
      ? EdgeInsets(top: given.left, left: given.top, bottom: given.right, right: given.bottom) : given
    var out = "{\"width\":\(legacyJSONNumber(configuration.width)),"
    out += "\"height\":\(legacyJSONNumber(snapshot.contentLength)),"
    out += "\"horizontal\":\(horizontal),"
    var listSupplementaries = LegacyColumn()
    for (element, pinned) in [
      (snapshot.listHeaderAttributes(), configuration.listHeader?.pinned ?? false),
      (snapshot.listFooterAttributes(), configuration.listFooter?.pinned ?? false),
    ] {
      supplementary(element, into: &listSupplementaries)
      if element != nil {
        listSupplementaries.bytes.removeLast()
        listSupplementaries.bytes += Array(",\(pinned)]".utf8)
      }
    }
    out += "\"list\":[" + String(decoding: listSupplementaries.bytes, as: UTF8.self) + "],"
    out += "\"insets\":[\(legacyJSONNumber(insets.top)),\(legacyJSONNumber(insets.left)),"
    out += "\(legacyJSONNumber(insets.bottom)),\(legacyJSONNumber(insets.right))],"
    out += "\"offset\":\(legacyJSONNumber(initialOffset)),"
    out += "\"pin\":{\"headers\":\(configuration.pinSectionHeaders),"
    out += "\"footers\":\(configuration.pinSectionFooters),\"empty\":\(configuration.pinEmptySections),"
    out += "\"inset\":0,\"bottomInset\":0},\n"
    out +=
      "\"traits\":["
      + traitSets.map { "[" + $0.names.map(jsonQuoted).joined(separator: ",") + "]" }
      .joined(separator: ",") + "],\n"
    var bytes = Array(out.utf8)
    // Each array follows the text before it; the id column is `null` when no cell has an id.
    let arrays: [(String, LegacyColumn?)] = [
      ("\"cells\":{\"x\":", xs), (",\n\"y\":", ys), (",\n\"w\":", ws), (",\n\"h\":", hs),
      (",\n\"t\":", ts), (",\n\"id\":", anyID ? ids : nil), ("},\n\"sections\":{\"y\":", sectionY),
      (",\"h\":", sectionH), (",\"first\":", firsts), (",\"count\":", counts), (",\n\"header\":", headers),
      (",\n\"footer\":", footers), (",\n\"background\":", backgrounds),
    ]
    let carouselArrays: [(String, LegacyColumn?)] =
      anyCarousel ? [(",\n\"carousel\":", carousels), (",\"rtl\":", nil)] : []
    for (before, column) in arrays + carouselArrays {
      bytes += Array(before.utf8)
      if before == ",\"rtl\":" {
        bytes += Array((configuration.layoutDirection == .rtl ? "true" : "false").utf8)
      } else if let column {
        bytes.append(UInt8(ascii: "["))
        bytes += column.bytes
        bytes.append(UInt8(ascii: "]"))
      } else {
        bytes += Array("null".utf8)
      }
    }
    bytes += Array("}}\n".utf8)
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// One comma-separated array of the page's layout JSON, as bytes.
private struct LegacyColumn {
  var bytes: [UInt8] = []

  mutating func separate() {
    if !bytes.isEmpty { bytes.append(UInt8(ascii: ",")) }
  }

  /// Appends a number as ``legacyJSONNumber(_:)`` writes it.
  mutating func append(number value: Double) {
    separate()
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
      appendDigits(Int(Int64(value)))
    } else {
      bytes += Array(legacyJSONNumber(value).utf8)
    }
  }

  mutating func append(integer value: Int) {
    separate()
    appendDigits(value)
  }

  private mutating func appendDigits(_ value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    let start = bytes.count
    repeat {
      bytes.append(UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30)
      magnitude /= 10
    } while magnitude != 0
    bytes[start...].reverse()
  }
}

/// `value` as a JSON number: the shortest form that reads back the same, or `null` for a
/// value JSON cannot hold (a layout whose sizes overflowed to infinity).
func legacyJSONNumber(_ value: Double) -> String {
  value.isFinite ? legacyFormatted(value) : "null"
}

/// The renderers' number format, as it was.
private func legacyFormatted(_ value: Double) -> String {
  if value.isNaN { return "0" }
  if value.isInfinite {
    return LayoutGeometry.formatted(value < 0 ? -Double.greatestFiniteMagnitude : .greatestFiniteMagnitude)
  }
  return LayoutGeometry.formatted(value)
}
