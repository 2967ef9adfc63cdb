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
/// Arrow keys move focus among cells by the library's focus rule, Tab follows the reading
/// order, every rendered node carries the ARIA of its place in the whole list (roles, set
/// sizes and positions, grid rows and columns, headings), and cells can be dragged to
/// reorder them (`#moves=section` keeps a drag in its section): see <doc:PageInteraction>.
///
/// A feed whose cells hold runs (`CellList(repeating:count:idPrefix:)`, a feed's
/// `{"repeat": …}` items) gets a page that holds runs: each stretch of cells whose frames
/// repeat is embedded as one period and a step, and the script computes a cell's frame,
/// traits and identifier by division, so a page of a hundred million rows is about 65 KB.
/// Browsers cap an element's length (33,554,428 px in Chromium 156): content longer than
/// 16,777,216 px is scrolled through a range of that length, small scrolls (wheel, keys,
/// touch) moving the content by exactly their distance and jumps (the scrollbar's thumb
/// dragged, Home, End) mapping the scroll position proportionally, every node placed
/// relative to the current offset (see <doc:LongPages>).
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
  /// row; a `#scroll=` fragment overrides them).
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
    String(decoding: ByteWriter.bytes { write(snapshot, to: &$0) }, as: UTF8.self)
  }

  /// Writes the page to `writer` as it walks the snapshot, without building it in memory
  /// (the same bytes ``render(_:)`` returns).
  ///
  /// - Complexity: O(n) for n elements.
  public func write(_ snapshot: LayoutSnapshot, to writer: inout ByteWriter) {
    let escapedTitle = xmlEscaped(title)
    writer.write(
      """
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
      """)
    // Identifiers and trait names are the only text in the JSON: written script-safe, no
    // `<`, `>` or `&` in them can close the element.
    writeLayoutJSON(snapshot, scriptSafe: true, to: &writer)
    writer.write("</script>\n<script>\n")
    writer.write(Self.pageScript)
    writer.write("</script>\n</body>\n</html>\n")
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
  ///              "carousel":[1090,null,…],"rtl":false,"snap":[[0,110,…],null,{"w":300,"n":4,"end":790},…],
  ///              "grid":[null,{"rows":2,"cols":3,"r":[1,1,2],"c":[1,2,1],"cs":[1,2,3]},…]},
  ///  "scroll":[[2,140]],
  ///  "badges":{"x":[…],"y":[…],"w":[…],"h":[…],"c":[…],"b":[…],"label":[…]}}
  /// ```
  ///
  /// Only when a section has separators, is collapsed, or pins otherwise than the list:
  /// `sep` holds each section's separators (`null` without), `[x,w,h,"label",[y,…]]` (every
  /// separator of a section is as wide and thick, one `y` each), `kept` the cells a collapsed
  /// section keeps (it pins as a section with cells), `collapsed` whether each section is
  /// (a cell dropped into one is hidden), `pinHeader` and `pinFooter` each
  /// section's own pinning (`null`: the list's).
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
  /// opens scrolled, `[section, offset]` (only when some are). A shrinking list header has its
  /// `minHeight` after whether it pins. `badges` (only when a cell has one) lists each badge's
  /// natural frame, its cell (an index into `cells`), its place among its cell's badges and
  /// its label, in listing order.
  ///
  /// Only when the model's cells hold runs: `x`, `y`, `w` and `h` hold one period of each run
  /// of frames, `runs` each run as `[first, count, stepX, stepY, k]` (cell `first + p·k + r`
  /// has frame `r` of its period moved by `p` steps), `n` the number of cells, `t` and `id`
  /// the cells written out in the model, and `parts` the model's stretches in order:
  /// `[first, count]` for written-out cells (their `t` and `id` follow the previous ones'),
  /// `[first, count, phase, [t, …], ids, firstID]` for a run, whose cell `k` has its
  /// pattern's traits at `(phase + k) % k'` and the identifier `ids` (a prefix) followed by
  /// `firstID + k`, or `ids[(phase + k) % k']` (a list), or none (`null`).
  ///
  /// Only when a section is a grid: `grid` holds per section `null`, or its grid as the
  /// library places it for assistive technology (`LayoutSnapshot.accessibility(of:)`): the
  /// row and column counts and each cell's row `r`, first column `c` (from the leading edge)
  /// and column span `cs`, 1-based; the page writes them as `aria-rowindex`, `aria-colindex`
  /// and `aria-colspan`.
  ///
  /// Only when a section is one the page lays out and the cells hold no runs: `reflow` holds per
  /// section `null`, or what its layout resolved, which the page lays the section out again
  /// with while a drag previews a move: `[0, columns, columnWidth, columnSpacing, rowSpacing,
  /// originX, alignment, dense, bodyTop]` for a grid (alignment 0 top, 1 center, 2 bottom,
  /// 3 stretch; dense 0 or 1), `[1, lanes, laneWidth, columnSpacing, rowSpacing, left,
  /// bodyTop]` for a masonry, `[2, …]` for a sequential section that stacks its cells and `[5,
  /// …]` for any other of standard calculators (`calc` then holds them, `sq` the cells'
  /// own sequential options), `[3, left, available, horizontalAlignment, verticalAlignment,
  /// table, bodyTop]` for a flow section spaced by a built-in layout manager (`flow` then holds
  /// the manager's answers per pair of trait sets, `fd` the default cell attributes, `fa` the
  /// cells' own attributes and `nw` the widths of cells a line shrank), `[4, left, spacing,
  /// band, fixedBand, alignment, bodyTop]` for a carousel, left to right (`mirror` is `true`
  /// when the list mirrors them);
  /// `nh` the cells whose own height is not their frame's (`[[cell, …], [height, …]]`: cells
  /// a stretched row made taller), `ow` per section the cells' own widths where one is not
  /// its frame's (a grid's, a masonry's) and `span` the cells with a span (`[[cell, …], [columns,
  /// …]]`, 0 for a full row). Badges then carry `a`, the point of the cell each is anchored
  /// to (`3·row + column`, each 0, 1 or 2 for the fraction 0, ½ or 1 of the cell's height
  /// and width, in layout space; one number when every badge has the same).
  ///
  /// - Complexity: O(n).
  public func layoutJSON(_ snapshot: LayoutSnapshot) -> String {
    String(decoding: ByteWriter.bytes { writeLayoutJSON(snapshot, to: &$0) }, as: UTF8.self)
  }

  /// Writes ``layoutJSON(_:)`` to `writer`, array by array, each in one walk of the snapshot
  /// (the arrays are columns of the cells: one walk per column writes them in order with no
  /// buffer of the output).
  ///
  /// - Complexity: O(n).
  public func writeLayoutJSON(_ snapshot: LayoutSnapshot, to writer: inout ByteWriter) {
    writeLayoutJSON(snapshot, scriptSafe: false, to: &writer)
  }

  /// The section columns of separators, collapsed sections and per-section pinning (see
  /// ``layoutJSON(_:)``), each written only when some section needs it.
  func writeSectionBehaviour(
    _ snapshot: LayoutSnapshot, horizontal: Bool, scriptSafe: Bool, to out: inout ByteWriter
  ) {
    func axis(_ frame: Rect) -> Rect {
      horizontal ? Rect(x: frame.minY, y: frame.minX, width: frame.height, height: frame.width) : frame
    }
    func column(_ before: StaticString, _ value: (Int, inout ByteWriter) -> Void) {
      out.write(before)
      out.write("[")
      for section in 0..<snapshot.numberOfSections {
        if section > 0 { out.write(",") }
        value(section, &out)
      }
      out.write("]")
    }
    var separators = false
    var collapsed = false
    var pins = false
    for section in snapshot.model.sections {
      separators = separators || section.separator != nil
      collapsed = collapsed || section.collapsed
      pins = pins || section.pinHeader != nil || section.pinFooter != nil
    }
    if separators {
      column(",\n\"sep\":") { section, out in
        let count = snapshot.numberOfSeparators(inSection: section)
        guard count > 0,
          let first = snapshot.separatorAttributes(at: ListIndexPath(item: 0, section: section))
        else { return out.write("null") }
        let frame = axis(first.frame)
        out.write("[")
        out.write(jsonNumber: frame.minX)
        out.write(",")
        out.write(jsonNumber: frame.width)
        out.write(",")
        out.write(jsonNumber: frame.height)
        out.write(",")
        if let id = snapshot.model.sections[section].separator?.id {
          out.write(jsonString: id, scriptSafe: scriptSafe)
        } else {
          out.write("null")
        }
        out.write(",[")
        var position = 0
        snapshot.forEachElement(inSection: section) { element in
          guard element.kind == .separator else { return }
          if position > 0 { out.write(",") }
          out.write(jsonNumber: axis(element.frame).minY)
          position += 1
        }
        out.write("]]")
      }
    }
    if collapsed {
      column(",\n\"kept\":") { section, out in
        let model = snapshot.model.sections[section]
        out.write(integer: model.collapsed ? model.cells.count : 0)
      }
      column(",\n\"collapsed\":") { section, out in
        out.write(snapshot.model.sections[section].collapsed ? "true" : "false")
      }
    }
    if pins {
      func flag(_ value: Bool?, _ out: inout ByteWriter) {
        out.write(value.map { $0 ? "true" : "false" } ?? "null")
      }
      column(",\n\"pinHeader\":") { flag(snapshot.model.sections[$0].pinHeader, &$1) }
      column(",\n\"pinFooter\":") { flag(snapshot.model.sections[$0].pinFooter, &$1) }
    }
  }

  func writeLayoutJSON(_ snapshot: LayoutSnapshot, scriptSafe: Bool, to out: inout ByteWriter) {
    let model = snapshot.model
    let configuration = snapshot.configuration
    let sectionCount = snapshot.numberOfSections
    // Frames go into the page in layout space: a horizontal list's are transposed back to the
    // vertical layout the page scrolls (it swaps the axes where it places nodes).
    let horizontal = snapshot.scrollAxis == .horizontal
    func axis(_ frame: Rect) -> Rect {
      horizontal ? Rect(x: frame.minY, y: frame.minX, width: frame.height, height: frame.width) : frame
    }
    /// Calls `body` with the parts of the cells section `section` shows, each with the index of
    /// its first cell in the section.
    func forEachPart(inSection section: Int, _ body: (Int, PageCellPart) -> Void) {
      guard model.sections.indices.contains(section) else { return }
      let count = snapshot.numberOfItems(inSection: section)
      guard count > 0 else { return }
      Self.forEachPart(of: model.sections[section].cells, count: count, body)
    }
    // First walk: the table of trait sets (in order of first appearance: each section's
    // header, footer and background, then its cells), whether any cell has an id or a badge,
    // and whether any section is a carousel. A run's cells are its pattern's.
    var traitIndex: [TraitSet: Int] = [[]: 0]
    var traitSets: [TraitSet] = [[]]
    func index(of traits: TraitSet) -> Int {
      if let known = traitIndex[traits] { return known }
      traitIndex[traits] = traitSets.count
      traitSets.append(traits)
      return traitSets.count - 1
    }
    var anyID = false
    var anyBadge = false
    var anyCarousel = false
    let encode = Self.holdsRuns(model)
    for section in 0..<sectionCount {
      for element in [
        snapshot.headerAttributes(inSection: section), snapshot.footerAttributes(inSection: section),
        snapshot.backgroundAttributes(inSection: section),
      ] {
        if let element { _ = index(of: ElementLabel.traitSet(of: element, in: model)) }
      }
      if snapshot.isCarousel(section) && snapshot.carouselMetrics(ofSection: section) != nil {
        anyCarousel = true
      }
      forEachPart(inSection: section) { _, part in
        func note(_ cell: Cell) {
          _ = index(of: cell.traits)
          if cell.id != nil { anyID = true }
          if !cell.badges.isEmpty { anyBadge = true }
        }
        switch part {
        case .cells(let cells): for cell in cells { note(cell) }
        case .run(let pattern, _, _, let idPrefix, _):
          for cell in pattern { note(cell) }
          if idPrefix != nil { anyID = true }
        }
      }
    }
    func supplementary(_ element: LayoutAttributes?, pinned: Bool? = nil, minHeight: Double? = nil) {
      guard let element else { return out.write("null") }
      let frame = axis(element.frame)
      out.write("[")
      out.write(jsonNumber: frame.minX)
      out.write(",")
      out.write(jsonNumber: frame.minY)
      out.write(",")
      out.write(jsonNumber: frame.width)
      out.write(",")
      out.write(jsonNumber: frame.height)
      out.write(",")
      out.write(integer: index(of: ElementLabel.traitSet(of: element, in: model)))
      out.write(",")
      TitleText(of: element, in: snapshot).writeJSON(scriptSafe: scriptSafe, to: &out)
      if let pinned { out.write(pinned ? ",true" : ",false") }
      if let minHeight {
        out.write(",")
        out.write(jsonNumber: minHeight)
      }
      out.write("]")
    }
    let given = configuration.contentInsets
    let insets =
      horizontal
      ? EdgeInsets(top: given.left, left: given.top, bottom: given.right, right: given.bottom) : given
    out.write("{\"width\":")
    out.write(jsonNumber: configuration.width)
    out.write(",\"height\":")
    out.write(jsonNumber: snapshot.contentLength)
    out.write(horizontal ? ",\"horizontal\":true," : ",\"horizontal\":false,")
    out.write("\"list\":[")
    supplementary(
      snapshot.listHeaderAttributes(), pinned: configuration.listHeader?.pinned ?? false,
      minHeight: configuration.listHeader?.minHeight)
    out.write(",")
    supplementary(snapshot.listFooterAttributes(), pinned: configuration.listFooter?.pinned ?? false)
    out.write("],\"insets\":[")
    out.write(jsonNumber: insets.top)
    out.write(",")
    out.write(jsonNumber: insets.left)
    out.write(",")
    out.write(jsonNumber: insets.bottom)
    out.write(",")
    out.write(jsonNumber: insets.right)
    out.write("],\"offset\":")
    out.write(jsonNumber: initialOffset)
    out.write(",")
    let scrolled = initialHorizontalOffsets.offsets.keys.sorted().filter { snapshot.isCarousel($0) }
    if !scrolled.isEmpty {
      out.write("\"scroll\":[")
      for (position, section) in scrolled.enumerated() {
        out.write(position == 0 ? "[" : ",[")
        out.write(integer: section)
        out.write(",")
        out.write(jsonNumber: initialHorizontalOffsets[section])
        out.write("]")
      }
      out.write("],")
    }
    out.write("\"pin\":{\"headers\":")
    out.write(configuration.pinSectionHeaders ? "true" : "false")
    out.write(",\"footers\":")
    out.write(configuration.pinSectionFooters ? "true" : "false")
    out.write(",\"empty\":")
    out.write(configuration.pinEmptySections ? "true" : "false")
    out.write(",\"inset\":0,\"bottomInset\":0},\n\"traits\":[")
    for (number, set) in traitSets.enumerated() {
      if number > 0 { out.write(",") }
      out.write("[")
      for (position, name) in set.names.enumerated() {
        if position > 0 { out.write(",") }
        out.write(jsonString: name, scriptSafe: scriptSafe)
      }
      out.write("]")
    }
    out.write("],\n")
    // One walk per column of the cells: their frames as runs (every cell's, written out, when
    // the model holds no run), then the traits and identifiers of the cells written out.
    // A page of runs walks its cells once when its runs are few enough to hold.
    let held = encode ? Self.pageRuns(snapshot, horizontal: horizontal, axis: axis) : nil
    func forEachRun(_ body: (FrameRun) -> Void) {
      if let held {
        for run in held { body(run) }
      } else {
        Self.forEachPageRun(snapshot, encode: encode, horizontal: horizontal, axis: axis, body)
      }
    }
    func frameColumn(_ before: StaticString, _ value: (Rect) -> Double) {
      out.write(before)
      out.write("[")
      var first = true
      forEachRun { run in
        for frame in run.frames {
          if !first { out.write(",") }
          first = false
          out.write(jsonNumber: value(frame))
        }
      }
      out.write("]")
    }
    frameColumn("\"cells\":{\"x\":") { $0.minX }
    frameColumn(",\n\"y\":") { $0.minY }
    frameColumn(",\n\"w\":") { $0.width }
    frameColumn(",\n\"h\":") { $0.height }
    func writtenColumn(_ before: StaticString, _ value: (Cell) -> Void) {
      out.write(before)
      out.write("[")
      var first = true
      for section in 0..<sectionCount {
        forEachPart(inSection: section) { _, part in
          guard case .cells(let cells) = part else { return }
          for cell in cells {
            if !first { out.write(",") }
            first = false
            value(cell)
          }
        }
      }
      out.write("]")
    }
    writtenColumn(",\n\"t\":") { out.write(integer: index(of: $0.traits)) }
    if anyID {
      writtenColumn(",\n\"id\":") { cell in
        if let id = cell.id { out.write(jsonString: id, scriptSafe: scriptSafe) } else { out.write("null") }
      }
    } else {
      out.write(",\n\"id\":null")
    }
    if encode {
      writeRunColumns(snapshot, runs: forEachRun, scriptSafe: scriptSafe, traits: index(of:), to: &out)
    }
    // One walk per column of the sections.
    func sectionColumn(_ before: StaticString, _ value: (Int) -> Void) {
      out.write(before)
      out.write("[")
      for section in 0..<sectionCount {
        if section > 0 { out.write(",") }
        value(section)
      }
      out.write("]")
    }
    sectionColumn("},\n\"sections\":{\"y\":") {
      out.write(jsonNumber: axis(snapshot.sectionFrame($0) ?? .zero).minY)
    }
    sectionColumn(",\"h\":") { out.write(jsonNumber: axis(snapshot.sectionFrame($0) ?? .zero).height) }
    var cellCount = 0
    sectionColumn(",\"first\":") {
      out.write(integer: cellCount)
      cellCount += snapshot.numberOfItems(inSection: $0)
    }
    sectionColumn(",\"count\":") { out.write(integer: snapshot.numberOfItems(inSection: $0)) }
    sectionColumn(",\n\"header\":") { supplementary(snapshot.headerAttributes(inSection: $0)) }
    sectionColumn(",\n\"footer\":") { supplementary(snapshot.footerAttributes(inSection: $0)) }
    sectionColumn(",\n\"background\":") { supplementary(snapshot.backgroundAttributes(inSection: $0)) }
    writeSectionBehaviour(snapshot, horizontal: horizontal, scriptSafe: scriptSafe, to: &out)
    if anyCarousel {
      sectionColumn(",\n\"carousel\":") { section in
        if snapshot.isCarousel(section), let metrics = snapshot.carouselMetrics(ofSection: section) {
          out.write(jsonNumber: metrics.maximumOffset)
        } else {
          out.write("null")
        }
      }
      out.write(configuration.layoutDirection == .rtl ? ",\"rtl\":true" : ",\"rtl\":false")
      sectionColumn(",\n\"snap\":") { section in
        if snapshot.isCarousel(section), let metrics = snapshot.carouselMetrics(ofSection: section) {
          Self.writeSnap(metrics, paging: model.carouselPaging(ofSection: section), to: &out)
        } else {
          out.write("null")
        }
      }
    }
    writeGrids(snapshot, to: &out)
    if !encode { writeReflow(snapshot, horizontal: horizontal, traitSets: traitSets, to: &out) }
    out.write("}")
    if anyBadge { writeBadges(snapshot, axis: axis, scriptSafe: scriptSafe, to: &out) }
    out.write("}\n")
  }

  /// Writes the page's `"badges"` (only when a cell has one): each badge's frame (layout
  /// space), its cell's index among all cells, its place among its cell's badges, and its
  /// label, as parallel arrays in listing order.
  func writeBadges(
    _ snapshot: LayoutSnapshot, axis: (Rect) -> Rect, scriptSafe: Bool, to out: inout ByteWriter
  ) {
    var badges: [(frame: Rect, cell: Int, index: Int, element: LayoutAttributes)] = []
    var cells = 0
    for section in 0..<snapshot.numberOfSections {
      snapshot.forEachElement(inSection: section) { element in
        if element.kind == .cell { cells += 1 }
        if element.kind == .badge {
          badges.append((axis(element.frame), cells - 1, element.badgeIndex, element))
        }
      }
    }
    func column(
      _ before: StaticString,
      _ value: ((frame: Rect, cell: Int, index: Int, element: LayoutAttributes)) -> Void
    ) {
      out.write(before)
      out.write("[")
      for (position, badge) in badges.enumerated() {
        if position > 0 { out.write(",") }
        value(badge)
      }
      out.write("]")
    }
    column(",\n\"badges\":{\"x\":") { out.write(jsonNumber: $0.frame.minX) }
    column(",\"y\":") { out.write(jsonNumber: $0.frame.minY) }
    column(",\"w\":") { out.write(jsonNumber: $0.frame.width) }
    column(",\"h\":") { out.write(jsonNumber: $0.frame.height) }
    column(",\"c\":") { out.write(integer: $0.cell) }
    column(",\"b\":") { out.write(integer: $0.index) }
    // Where each badge sits on its cell, for a cell the preview resizes (see writeReflow).
    // One number when every badge has the same.
    let anchors = badges.map { Self.anchorCode(of: $0.element, in: snapshot) }
    if let anchor = anchors.first, anchors.allSatisfy({ $0 == anchor }) {
      out.write(",\"a\":")
      out.write(integer: anchor)
    } else {
      out.write(",\"a\":[")
      for (position, anchor) in anchors.enumerated() {
        if position > 0 { out.write(",") }
        out.write(integer: anchor)
      }
      out.write("]")
    }
    column(",\n\"label\":") {
      TitleText(of: $0.element, in: snapshot).writeJSON(scriptSafe: scriptSafe, to: &out)
    }
    out.write("}")
  }

  /// Writes `,"grid":[…]` (only when some section is a grid): per section `null`, or the
  /// library's placement of its cells (`LayoutSnapshot.accessibility(of:)`) as
  /// `{"rows","cols","r":[…],"c":[…],"cs":[…]}`, each cell's row, first column (from the
  /// leading edge) and column span, 1-based.
  func writeGrids(_ snapshot: LayoutSnapshot, to out: inout ByteWriter) {
    let sectionCount = snapshot.numberOfSections
    let grids = (0..<sectionCount).map { section -> Bool in
      guard snapshot.numberOfItems(inSection: section) > 0 else { return false }
      return snapshot.accessibility(of: ListIndexPath(item: 0, section: section))?.grid != nil
    }
    guard grids.contains(true) else { return }
    out.write(",\n\"grid\":[")
    for section in 0..<sectionCount {
      if section > 0 { out.write(",") }
      guard grids[section] else {
        out.write("null")
        continue
      }
      let count = snapshot.numberOfItems(inSection: section)
      let places = (0..<count).map {
        snapshot.accessibility(of: ListIndexPath(item: $0, section: section))?.grid
      }
      out.write("{\"rows\":")
      out.write(integer: places.first??.rowCount ?? 0)
      out.write(",\"cols\":")
      out.write(integer: places.first??.columnCount ?? 0)
      for (key, value) in [
        ("r", { (place: GridCellPosition?) in place?.row ?? 1 }), ("c", { $0?.column ?? 1 }),
        ("cs", { $0?.columnSpan ?? 1 }),
      ] as [(String, (GridCellPosition?) -> Int)] {
        out.write(",\"")
        out.write(key)
        out.write("\":[")
        for (item, place) in places.enumerated() {
          if item > 0 { out.write(",") }
          out.write(integer: value(place))
        }
        out.write("]")
      }
      out.write("}")
    }
    out.write("]")
  }
}

extension HTMLRenderer {
  /// Writes a carousel's snap offsets as the page embeds them: `null`, a list, or
  /// `{"w","n","end"}` for a carousel paged by page.
  static func writeSnap(_ metrics: CarouselMetrics, paging: CarouselPaging, to out: inout ByteWriter) {
    let offsets = metrics.snapOffsets
    switch paging {
    case .none: out.write("null")
    case .page:
      // Offset k is k × w below the last; offset 1 is w itself when there are three or more.
      out.write("{\"w\":")
      out.write(jsonNumber: offsets.count > 2 ? offsets[1] : 0)
      out.write(",\"n\":")
      out.write(integer: offsets.count)
      out.write(",\"end\":")
      out.write(jsonNumber: offsets.last ?? 0)
      out.write("}")
    case .item:
      out.write("[")
      for (position, offset) in offsets.enumerated() {
        if position > 0 { out.write(",") }
        out.write(jsonNumber: offset)
      }
      out.write("]")
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

/// `value` as a JSON number: the shortest form that reads back the same, or `null` for a
/// value JSON cannot hold (a layout whose sizes overflowed to infinity).
func jsonNumber(_ value: Double) -> String {
  value.isFinite ? formatted(value) : "null"
}
