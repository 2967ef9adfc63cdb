import LayoutGeometry
import ListLayout

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
/// ``LayoutSnapshot/viewport(at:size:pinInset:direction:screensAhead:screensBehind:overlays:)``
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
public struct HTMLRenderer: Sendable {
  /// The page's title.
  public var title: String
  /// The content offset the page opens at (a `#offset=` fragment overrides it).
  public var initialOffset: Double

  /// Creates a renderer.
  public init(title: String = "ListLayout", initialOffset: Double = 0) {
    self.title = title
    self.initialOffset = initialOffset.isFinite ? max(0, initialOffset) : 0
  }

  /// The page.
  ///
  /// - Complexity: O(n) for n elements.
  public func render(_ snapshot: LayoutSnapshot) -> String {
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
      <script>\(Self.errorTrap)</script>
      <style>\(Self.css)</style>
      </head>
      <body>
      <div id="bar"><h1>\(escapedTitle)</h1><span id="stats">\(snapshot.model.cellCount) cells · \
      \(snapshot.numberOfSections) sections · \(formatted(snapshot.contentSize.width)) × \
      \(formatted(snapshot.contentSize.height))</span><span id="status"></span></div>
      <div id="scroller"><div id="content"></div></div>
      <script id="layout" type="application/json">
      """
    out += Self.scriptSafe(layoutJSON(snapshot))
    out += "</script>\n<script>\n\(Self.script)</script>\n</body>\n</html>\n"
    return out
  }

  /// `json` with `<`, `>` and `&` written as JSON escapes, so that no identifier can close
  /// the `<script>` element holding it. (They can only occur inside JSON strings.)
  static func scriptSafe(_ json: String) -> String {
    var out = ""
    out.reserveCapacity(json.utf8.count)
    for scalar in json.unicodeScalars {
      switch scalar {
      case "<": out += "\\u003c"
      case ">": out += "\\u003e"
      case "&": out += "\\u0026"
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// The layout as the page embeds it:
  ///
  /// ```json
  /// {"width":375,"height":1200,"insets":[5,5,5,5],"offset":0,
  ///  "pin":{"headers":true,"footers":false,"empty":false,"inset":0,"bottomInset":0},
  ///  "traits":[[],["compactWidth"]],
  ///  "cells":{"x":[…],"y":[…],"w":[…],"h":[…],"t":[…],"id":["a",null,…]},
  ///  "sections":{"y":[…],"h":[…],"first":[…],"count":[…],
  ///              "header":[[x,y,w,h,traitsIndex,"label"],null,…],"footer":[…]}}
  /// ```
  ///
  /// Cells are in listing order; `t` indexes `traits`; `id` is `null` when no cell has an
  /// identifier. Section `y` and `h` are the section's extent (``LayoutSnapshot/sectionFrame(_:)``);
  /// header and footer frames are their natural positions.
  ///
  /// - Complexity: O(n).
  public func layoutJSON(_ snapshot: LayoutSnapshot) -> String {
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
    var xs = "", ys = "", ws = "", hs = "", ts = "", ids = ""
    var anyID = false
    var cellCount = 0
    var sectionY = "", sectionH = "", firsts = "", counts = "", headers = "", footers = ""
    func append(_ text: String, to list: inout String) {
      if !list.isEmpty { list += "," }
      list += text
    }
    func supplementary(_ element: LayoutAttributes?) -> String {
      guard let element else { return "null" }
      let frame = element.frame
      let label = ElementLabel(of: element, in: snapshot)
      let traits = index(of: ElementLabel.traitSet(of: element, in: model))
      return "[\(jsonNumber(frame.minX)),\(jsonNumber(frame.minY)),\(jsonNumber(frame.width)),"
        + "\(jsonNumber(frame.height)),\(traits),\(jsonQuoted(label.title))]"
    }
    for section in 0..<snapshot.numberOfSections {
      let frame = snapshot.sectionFrame(section) ?? .zero
      append(jsonNumber(frame.minY), to: &sectionY)
      append(jsonNumber(frame.height), to: &sectionH)
      append(String(cellCount), to: &firsts)
      let items = snapshot.numberOfItems(inSection: section)
      append(String(items), to: &counts)
      append(supplementary(snapshot.headerAttributes(inSection: section)), to: &headers)
      append(supplementary(snapshot.footerAttributes(inSection: section)), to: &footers)
      let cells = model.sections.indices.contains(section) ? model.sections[section].cells : []
      for item in 0..<items {
        guard let cell = snapshot.frame(of: IndexPath(item: item, section: section)) else { continue }
        append(jsonNumber(cell.minX), to: &xs)
        append(jsonNumber(cell.minY), to: &ys)
        append(jsonNumber(cell.width), to: &ws)
        append(jsonNumber(cell.height), to: &hs)
        let traits: TraitSet = cells.indices.contains(item) ? cells[item].traits : []
        append(String(index(of: traits)), to: &ts)
        let id = cells.indices.contains(item) ? cells[item].id : nil
        if id != nil { anyID = true }
        append(id.map(jsonQuoted) ?? "null", to: &ids)
        cellCount += 1
      }
    }
    let insets = configuration.contentInsets
    var out = "{\"width\":\(jsonNumber(snapshot.contentSize.width)),"
    out += "\"height\":\(jsonNumber(snapshot.contentSize.height)),"
    out += "\"insets\":[\(jsonNumber(insets.top)),\(jsonNumber(insets.left)),"
    out += "\(jsonNumber(insets.bottom)),\(jsonNumber(insets.right))],"
    out += "\"offset\":\(jsonNumber(initialOffset)),"
    out += "\"pin\":{\"headers\":\(configuration.pinSectionHeaders),"
    out += "\"footers\":\(configuration.pinSectionFooters),\"empty\":\(configuration.pinEmptySections),"
    out += "\"inset\":0,\"bottomInset\":0},\n"
    out +=
      "\"traits\":["
      + traitSets.map { "[" + $0.names.map(jsonQuoted).joined(separator: ",") + "]" }
      .joined(separator: ",") + "],\n"
    out += "\"cells\":{\"x\":[\(xs)],\n\"y\":[\(ys)],\n\"w\":[\(ws)],\n\"h\":[\(hs)],\n\"t\":[\(ts)],\n"
    out += "\"id\":" + (anyID ? "[\(ids)]" : "null") + "},\n"
    out +=
      "\"sections\":{\"y\":[\(sectionY)],\"h\":[\(sectionH)],\"first\":[\(firsts)],\"count\":[\(counts)],\n"
    out += "\"header\":[\(headers)],\n\"footer\":[\(footers)]}}\n"
    return out
  }
}

/// `value` as a JSON number: the shortest form that reads back the same, or `null` for a
/// value JSON cannot hold (a layout whose sizes overflowed to infinity).
func jsonNumber(_ value: Double) -> String {
  value.isFinite ? formatted(value) : "null"
}
