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
/// `LayoutSnapshot.viewport(at:size:pinInset:direction:screensAhead:screensBehind:overlays:horizontalOffsets:)`
/// lists for the same offset (the `Scripts/html-check` script verifies both in Chromium).
///
/// Carousel sections scroll sideways inside the page (a sideways wheel, or shift + wheel, over
/// one), virtualized as the list is. When the gesture ends (no wheel event for 150 ms) a
/// carousel paged by item or by page comes to rest at the nearest of its snap offsets
/// (`LayoutSnapshot.carouselMetrics(ofSection:)`; ties go to the smaller offset). The page
/// snaps in script, to the offsets the library computed and embedded, not with CSS scroll
/// snapping: its carousels are not native scroll containers (their cells are placed by the
/// script), and a browser's scroll snapping would work out its own resting points from the
/// cells' boxes (by item) or need a marker per page, and could differ from the library's
/// by rounding and clamping. So a carousel on the page rests exactly where `layout` says
/// it may.
///
/// The page reads options from its URL fragment: `#offset=Y` scrolls to Y, `vh=H` sets the
/// viewport's height, `scroll=S:X,S:X` scrolls carousel sections sideways (exactly, as
/// `layout --scroll` does, not snapped; clamped to the row), `swipe=S:DX,S:DX` swipes
/// carousels by DX as a wheel gesture does (then they snap), and `selftest` scrolls through hundreds of offsets, checks the DOM
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
  /// How far carousel sections are scrolled sideways when the page opens (each clamped to its
  /// row; a `#scroll=` fragment moves them further).
  public var initialHorizontalOffsets: HorizontalOffsets

  /// Creates a renderer.
  public init(
    title: String = "ListLayout", initialOffset: Double = 0,
    initialHorizontalOffsets: HorizontalOffsets = .zero
  ) {
    self.title = title
    self.initialOffset = initialOffset.isFinite ? max(0, initialOffset) : 0
    self.initialHorizontalOffsets = initialHorizontalOffsets
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
  ///              "header":[[x,y,w,h,traitsIndex,"label"],null,…],"footer":[…],"background":[…],
  ///              "carousel":[1090,null,…],"rtl":false,"snap":[[0,110,…],null,{"w":300,"n":4,"end":790},…]},
  ///  "scroll":[[2,140]]}
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
  /// Only when a section is a carousel: `carousel` holds each section's maximum horizontal
  /// offset (`null` for other sections), `rtl` whether rows run right to left, and `snap` each
  /// carousel's snap offsets: `null` without paging, the list of offsets when paged by item,
  /// and `{"w","n","end"}` when paged by page (`n` offsets: `k × w` for `k < n − 1`, then
  /// `end`, so a row of many pages costs three numbers). `scroll` lists the carousels the page
  /// opens scrolled, `[section, offset]` (only when some are).
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
    // One byte column per array of the output, filled in one walk of the snapshot.
    var xs = Column(), ys = Column(), ws = Column(), hs = Column(), ts = Column(), ids = Column()
    var anyID = false
    var cellCount = 0
    var sectionY = Column(), sectionH = Column(), firsts = Column(), counts = Column()
    var headers = Column(), footers = Column(), backgrounds = Column()
    // Frames go into the page in layout space: a horizontal list's are transposed back to the
    // vertical layout the page scrolls (it swaps the axes where it places nodes).
    let horizontal = snapshot.scrollAxis == .horizontal
    func axis(_ frame: Rect) -> Rect {
      horizontal ? Rect(x: frame.minY, y: frame.minX, width: frame.height, height: frame.width) : frame
    }
    // Carousels: each section's maximum horizontal offset, or null (written only when any
    // section is a carousel).
    var carousels = Column()
    var snaps = Column()
    var anyCarousel = false
    func supplementary(_ element: LayoutAttributes?, into column: inout Column) {
      column.separate()
      guard let element else { return column.bytes += Array("null".utf8) }
      let frame = axis(element.frame)
      let label = ElementLabel(of: element, in: snapshot)
      let traits = index(of: ElementLabel.traitSet(of: element, in: model))
      column.bytes += Array(
        ("[\(jsonNumber(frame.minX)),\(jsonNumber(frame.minY)),\(jsonNumber(frame.width)),"
          + "\(jsonNumber(frame.height)),\(traits),\(jsonQuoted(label.title))]").utf8)
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
      snaps.separate()
      if snapshot.isCarousel(section), let metrics = snapshot.carouselMetrics(ofSection: section) {
        anyCarousel = true
        carousels.bytes += Array(jsonNumber(metrics.maximumOffset).utf8)
        snaps.bytes += Array(Self.snapJSON(metrics, paging: model.carouselPaging(ofSection: section)).utf8)
      } else {
        carousels.bytes += Array("null".utf8)
        snaps.bytes += Array("null".utf8)
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
    var out = "{\"width\":\(jsonNumber(configuration.width)),"
    out += "\"height\":\(jsonNumber(snapshot.contentLength)),"
    out += "\"horizontal\":\(horizontal),"
    var listSupplementaries = Column()
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
    out += "\"insets\":[\(jsonNumber(insets.top)),\(jsonNumber(insets.left)),"
    out += "\(jsonNumber(insets.bottom)),\(jsonNumber(insets.right))],"
    out += "\"offset\":\(jsonNumber(initialOffset)),"
    let scrolled = initialHorizontalOffsets.offsets.keys.sorted().filter { snapshot.isCarousel($0) }
    if !scrolled.isEmpty {
      out += "\"scroll\":["
      out += scrolled.map { "[\($0),\(jsonNumber(initialHorizontalOffsets[$0]))]" }.joined(separator: ",")
      out += "],"
    }
    out += "\"pin\":{\"headers\":\(configuration.pinSectionHeaders),"
    out += "\"footers\":\(configuration.pinSectionFooters),\"empty\":\(configuration.pinEmptySections),"
    out += "\"inset\":0,\"bottomInset\":0},\n"
    out +=
      "\"traits\":["
      + traitSets.map { "[" + $0.names.map(jsonQuoted).joined(separator: ",") + "]" }
      .joined(separator: ",") + "],\n"
    var bytes = Array(out.utf8)
    // Each array follows the text before it; the id column is `null` when no cell has an id.
    let arrays: [(String, Column?)] = [
      ("\"cells\":{\"x\":", xs), (",\n\"y\":", ys), (",\n\"w\":", ws), (",\n\"h\":", hs),
      (",\n\"t\":", ts), (",\n\"id\":", anyID ? ids : nil), ("},\n\"sections\":{\"y\":", sectionY),
      (",\"h\":", sectionH), (",\"first\":", firsts), (",\"count\":", counts), (",\n\"header\":", headers),
      (",\n\"footer\":", footers), (",\n\"background\":", backgrounds),
    ]
    let carouselArrays: [(String, Column?)] =
      anyCarousel ? [(",\n\"carousel\":", carousels), (",\"rtl\":", nil), (",\n\"snap\":", snaps)] : []
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

extension HTMLRenderer {
  /// A carousel's snap offsets as the page embeds them: `null`, a list, or `{"w","n","end"}`
  /// for a carousel paged by page.
  static func snapJSON(_ metrics: CarouselMetrics, paging: CarouselPaging) -> String {
    let offsets = metrics.snapOffsets
    switch paging {
    case .none: return "null"
    case .page:
      // Offset k is k × w below the last; offset 1 is w itself when there are three or more.
      let width = offsets.count > 2 ? offsets[1] : 0
      return "{\"w\":\(jsonNumber(width)),\"n\":\(offsets.count),\"end\":\(jsonNumber(offsets.last ?? 0))}"
    case .item:
      return "[" + offsets.map(jsonNumber).joined(separator: ",") + "]"
    }
  }
}

extension ListModel {
  /// How section `section`'s carousel is paged (none when it is not a carousel).
  func carouselPaging(ofSection section: Int) -> CarouselPaging {
    guard sections.indices.contains(section), case .carousel(let layout) = sections[section].layout else {
      return .none
    }
    return layout.paging
  }
}

/// One comma-separated array of the page's layout JSON, as bytes.
private struct Column {
  var bytes: [UInt8] = []

  mutating func separate() {
    if !bytes.isEmpty { bytes.append(UInt8(ascii: ",")) }
  }

  /// Appends a number as ``jsonNumber(_:)`` writes it.
  mutating func append(number value: Double) {
    separate()
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
      appendDigits(Int(Int64(value)))
    } else {
      bytes += Array(jsonNumber(value).utf8)
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
func jsonNumber(_ value: Double) -> String {
  value.isFinite ? formatted(value) : "null"
}
