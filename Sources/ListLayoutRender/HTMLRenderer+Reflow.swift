import ListLayout

// What the page needs to lay a grid or masonry section out again while a drag previews a move
// (the page's copy of the two placements; see the Interaction article).

extension HTMLRenderer {
  /// Writes `,"reflow":[…]` into the page's sections (only when a section is a grid or a
  /// masonry and the page holds no runs): per section `null`, or, in layout space,
  /// `[0, columns, columnWidth, columnSpacing, rowSpacing, originX, alignment, dense, bodyTop]`
  /// for a grid (alignment 0 top, 1 center, 2 bottom, 3 stretch),
  /// `[1, lanes, laneWidth, columnSpacing, rowSpacing, left, bodyTop]` for a masonry, or
  /// `[2, left, insetTop, insetBottom, paddingTop, paddingLeft, paddingBottom, paddingRight,
  /// spacingTop, spacingBottom, bodyTop]` for a sequential section that stacks its cells
  /// (``stacks(_:_:)``; bodyTop there is the section's top below its header), the
  /// resolved values the section's layout placed its cells with (left to right: `"mirror":
  /// true` when the list mirrors them, right to left). Then, sparsely, the cells
  /// whose own height along the scroll axis is not their frame's (`"nh":[[cell, …], [height,
  /// …]]`: cells a stretched grid row made taller) and the cells with a span (`"span":[[cell,
  /// …], [columns, …]]`, 0 for a full row).
  ///
  /// A flow section (spaced by a built-in layout manager, ``flows(_:)``, every cell of a
  /// known size, a page of at most `LayoutTuning.pageFlowTraitSets` trait sets) is `[3, left,
  /// available, horizontalAlignment, verticalAlignment, table, bodyTop]` (alignments 0 left
  /// or top, 1 center, 2 right or bottom, 3 stretch): its line box before indentation and
  /// `table`, an index into `"flow"`, the manager's answers for the section
  /// (``writeFlowTable(_:traitSets:to:)``), keyed by the page's trait sets (`traits`); `"fd"`
  /// holds the default cell attributes `[top, left, bottom, right, flags]` (flags: 1 begins a
  /// line, 2 ends one, 4 starts an indentation), `"fa"` the cells with attributes of
  /// their own (`[[cell, …], [[top, left, bottom, right, flags], …]]`) and
  /// `"nw"` the cells of flow sections whose own width is not their frame's (`[[cell, …],
  /// [width, …]]`: cells a line shrank), and every cell sized by a callback or flexbox
  /// content (`null`: no size of its own the page knows), each in layout space.
  func writeReflow(
    _ snapshot: LayoutSnapshot, horizontal: Bool, traitSets: [TraitSet], to out: inout ByteWriter
  ) {
    let model = snapshot.model
    let configuration = snapshot.configuration
    let sectionCount = snapshot.numberOfSections
    // The flow sections the page lays out: their tables, one per distinct section attributes
    // and header traits (asked once each).
    let flowing = Self.flows(snapshot) && traitSets.count <= LayoutTuning.pageFlowTraitSets
    var tables: [FlowAnswers] = []
    var tableIndex: [FlowAnswers: Int] = [:]
    var asked: [FlowTableKey: Int] = [:]
    func table(_ section: Int) -> Int? {
      let model = model.sections[section]
      let key = FlowTableKey(
        attributes: model.attributes ?? configuration.defaultSectionAttributes, header: model.header?.traits)
      if let known = asked[key] { return known }
      guard let answers = snapshot.flowAnswers(inSection: section, traits: traitSets) else { return nil }
      let index = tableIndex[answers] ?? tables.count
      if index == tables.count {
        tables.append(answers)
        tableIndex[answers] = index
      }
      asked[key] = index
      return index
    }
    func placed(_ section: Int) -> Bool {
      guard !model.sections[section].collapsed else { return false }
      switch model.sections[section].layout {
      case .grid, .masonry: return true
      case .sequential(let defaults): return Self.stacks(defaults, model.sections[section].cells)
      case .flow, nil: return flowing && Self.knownSizes(model.sections[section].cells)
      default: return false
      }
    }
    guard sectionCount == model.sections.count else { return }
    // (Each section judged once: a sequential or flow section's judgement reads its cells.)
    let laidOut = (0..<sectionCount).map(placed)
    guard laidOut.contains(true) else { return }
    func layoutSpace(_ insets: EdgeInsets) -> EdgeInsets {
      horizontal
        ? EdgeInsets(top: insets.left, left: insets.top, bottom: insets.right, right: insets.bottom) : insets
    }
    func along(_ size: Size) -> Double { horizontal ? size.width : size.height }
    func across(_ size: Size) -> Double { horizontal ? size.height : size.width }
    let content = layoutSpace(configuration.contentInsets)
    out.write(",\n\"reflow\":[")
    var naturalCells: [Int] = []
    var naturalHeights: [Double] = []
    var naturalWidthCells: [Int] = []
    var naturalWidths: [Double] = []
    var ownCells: [Int] = []
    var ownAttributes: [CellAttributes] = []
    var spanCells: [Int] = []
    var spans: [Int] = []
    var first = 0
    for section in 0..<sectionCount {
      if section > 0 { out.write(",") }
      let model = model.sections[section]
      let count = snapshot.numberOfItems(inSection: section)
      defer { first += count }
      // Every cell's own height, span and attributes (a cell may be dragged into a grid, a
      // masonry, a flow or a sequential section); in a flow section its own width (a cell of
      // a grid or a masonry keeps its frame's: its own would cost a number for nearly every
      // cell of such sections).
      let flow: Bool =
        switch model.layout {
        case .flow, nil: laidOut[section]
        default: false
        }
      if count == model.cells.count {
        var item = 0
        snapshot.forEachElement(inSection: section) { element in
          guard element.kind == .cell, item < count else { return }
          let cell = model.cells[item]
          let frame = element.frame
          let size: Size? =
            switch cell.size {
            case .fixed(let size): size
            case .automatic: configuration.defaultCellSize
            default: nil
            }
          if let own = size.map(along), own != (horizontal ? frame.width : frame.height) {
            naturalCells.append(first + item)
            naturalHeights.append(own)
          }
          if let own = size.map(across) {
            if flow, own != (horizontal ? frame.height : frame.width) {
              naturalWidthCells.append(first + item)
              naturalWidths.append(own)
            }
          } else {
            // Sized by a callback or flexbox content: no size of its own the page knows.
            naturalWidthCells.append(first + item)
            naturalWidths.append(.nan)
          }
          if let attributes = cell.attributes {
            ownCells.append(first + item)
            ownAttributes.append(attributes)
          }
          if let span = cell.span {
            spanCells.append(first + item)
            switch span {
            case .columns(let columns): spans.append(max(columns, 1))
            case .fullRow: spans.append(0)
            }
          }
          item += 1
        }
      }
      guard laidOut[section], let frame = snapshot.sectionFrame(section) else {
        out.write("null")
        continue
      }
      let attributes = model.attributes ?? configuration.defaultSectionAttributes
      let insets = layoutSpace(attributes.insets)
      let width = max(0, configuration.width - content.left - content.right - insets.left - insets.right)
      let header = snapshot.headerAttributes(inSection: section).map {
        horizontal ? $0.frame.width : $0.frame.height
      }
      let bodyTop = (horizontal ? frame.minX : frame.minY) + (header ?? 0) + insets.top
      func numbers(_ values: [Double]) {
        for value in values {
          out.write(",")
          out.write(jsonNumber: value)
        }
      }
      switch model.layout {
      case .grid(let grid):
        let spacing = grid.columnSpacing ?? attributes.itemSpacing
        let columns = grid.columns.columnCount(forWidth: width, spacing: spacing)
        let alignment: Double =
          switch grid.rowAlignment {
          case .top: 0
          case .center: 1
          case .bottom: 2
          case .stretch: 3
          }
        out.write("[0")
        numbers([
          Double(columns), GridColumns.columnWidth(count: columns, width: width, spacing: spacing), spacing,
          grid.rowSpacing ?? attributes.lineSpacing, content.left + insets.left, alignment,
          grid.packing == .dense ? 1 : 0, bodyTop,
        ])
        out.write("]")
      case .masonry(let masonry):
        let spacing = masonry.columnSpacing ?? attributes.itemSpacing
        let lanes = masonry.columns.columnCount(forWidth: width, spacing: spacing)
        out.write("[1")
        numbers([
          Double(lanes), GridColumns.columnWidth(count: lanes, width: width, spacing: spacing), spacing,
          masonry.rowSpacing ?? attributes.lineSpacing, content.left + insets.left, bodyTop,
        ])
        out.write("]")
      case .sequential(let defaults):
        let padding = layoutSpace(defaults.padding)
        let spacing = layoutSpace(defaults.spacing)
        out.write("[2")
        numbers([
          content.left + insets.left, insets.top, insets.bottom, padding.top, padding.left, padding.bottom,
          padding.right, spacing.top, spacing.bottom, bodyTop - insets.top,
        ])
        out.write("]")
      case .flow, nil:
        guard let table = table(section) else {
          out.write("null")
          continue
        }
        let horizontalAlignment: Double =
          switch attributes.horizontalAlignment {
          case .left: 0
          case .center: 1
          case .right: 2
          }
        let verticalAlignment: Double =
          switch attributes.verticalAlignment {
          case .top: 0
          case .center: 1
          case .bottom: 2
          case .stretch: 3
          }
        out.write("[3")
        numbers([
          content.left + insets.left, width, horizontalAlignment, verticalAlignment, Double(table), bodyTop,
        ])
        out.write("]")
      default:
        out.write("null")
      }
    }
    out.write(configuration.layoutDirection == .rtl ? "],\"mirror\":true" : "]")
    if !tables.isEmpty {
      out.write(",\n\"flow\":[")
      for (position, answers) in tables.enumerated() {
        if position > 0 { out.write(",") }
        Self.writeFlowTable(answers, traitSets: traitSets, to: &out)
      }
      out.write("],\"fd\":")
      Self.writeCellAttributes(configuration.defaultCellAttributes, layoutSpace: layoutSpace, to: &out)
    }
    func pairs(_ key: StaticString, _ cells: [Int], _ write: (Int) -> Void) {
      out.write(key)
      out.write("[[")
      for (position, cell) in cells.enumerated() {
        if position > 0 { out.write(",") }
        out.write(integer: cell)
      }
      out.write("],[")
      for position in cells.indices {
        if position > 0 { out.write(",") }
        write(position)
      }
      out.write("]]")
    }
    if !naturalCells.isEmpty {
      pairs(",\n\"nh\":", naturalCells) { out.write(jsonNumber: naturalHeights[$0]) }
    }
    if !spanCells.isEmpty { pairs(",\n\"span\":", spanCells) { out.write(integer: spans[$0]) } }
    if !naturalWidthCells.isEmpty {
      pairs(",\n\"nw\":", naturalWidthCells) {
        if naturalWidths[$0].isNaN { out.write("null") } else { out.write(jsonNumber: naturalWidths[$0]) }
      }
    }
    if !ownCells.isEmpty {
      pairs(",\n\"fa\":", ownCells) {
        Self.writeCellAttributes(ownAttributes[$0], layoutSpace: layoutSpace, to: &out)
      }
    }
  }
}

/// What a flow section's table of answers depends on: the section's attributes and its
/// header's traits.
struct FlowTableKey: Hashable {
  var attributes: SectionAttributes
  var header: TraitSet?
}

extension HTMLRenderer {
  /// Whether the page's flow sections may embed their layout manager's answers: the list's
  /// manager is a built-in one (a caller's is asked during the layout only).
  static func flows(_ snapshot: LayoutSnapshot) -> Bool {
    snapshot.numberOfSections > 0 && snapshot.flowAnswers(inSection: 0, traits: []) != nil
  }

  /// Whether every cell has a size known before it is placed (fixed, or the default): the
  /// page cannot ask a sizing callback or a flexbox tree.
  static func knownSizes(_ cells: CellList) -> Bool {
    for cell in cells {
      switch cell.size {
      case .fixed, .automatic: continue
      default: return false
      }
    }
    return true
  }

  /// Writes a flow section's table of answers, keyed by the page's trait sets:
  /// `{"l","r","t","b"}` the margins to the leading, trailing, top and bottom edges per set,
  /// `"hd"` (with a header) the gap to it per set, `"hg"` and `"vg"` the horizontal gap after
  /// and the vertical gap below a cell of set `p` for one of set `k` at `k·n + p` (`null`:
  /// a new line), `"s"` 1 when a cell wider than a line shrinks to it, `"u"` 1 when the
  /// answers depend on traits, and `"c"` (a manager that centres lines of centred cells)
  /// whether each set is centred.
  static func writeFlowTable(_ answers: FlowAnswers, traitSets: [TraitSet], to out: inout ByteWriter) {
    func column(_ key: StaticString, _ values: [Double]) {
      out.write(key)
      out.write("[")
      for (position, value) in values.enumerated() {
        if position > 0 { out.write(",") }
        if value.isFinite { out.write(jsonNumber: value) } else { out.write("null") }
      }
      out.write("]")
    }
    column("{\"l\":", answers.leading)
    column(",\"r\":", answers.trailing)
    column(",\"t\":", answers.top)
    column(",\"b\":", answers.bottom)
    if let header = answers.header { column(",\"hd\":", header) }
    column(",\"hg\":", answers.horizontalGaps)
    column(",\"vg\":", answers.verticalGaps)
    out.write(answers.shrinks ? ",\"s\":1" : ",\"s\":0")
    out.write(answers.usesTraits ? ",\"u\":1" : ",\"u\":0")
    if answers.centersCenteredLines {
      column(",\"c\":", traitSets.map { $0.contains(.centered) ? 1 : 0 })
    }
    out.write("}")
  }

  /// Writes cell attributes as the page reads them: `[top, left, bottom, right, flags]`, the
  /// insets in layout space, flags 1 (begins a line), 2 (ends one), 4 (starts an indentation).
  static func writeCellAttributes(
    _ attributes: CellAttributes, layoutSpace: (EdgeInsets) -> EdgeInsets, to out: inout ByteWriter
  ) {
    let insets = layoutSpace(attributes.insets)
    out.write("[")
    for value in [insets.top, insets.left, insets.bottom, insets.right] {
      out.write(jsonNumber: value)
      out.write(",")
    }
    let flags =
      (attributes.shouldBeginLine ? 1 : 0) | (attributes.shouldEndLine ? 2 : 0)
      | (attributes.startLineIndentation ? 4 : 0)
    out.write(integer: flags)
    out.write("]")
  }
}

extension HTMLRenderer {
  /// Whether a sequential section stacks its cells as the page's copy does: the section's
  /// calculator is `containerLeftAlignedVStack` and no cell has a calculator, spacing or
  /// padding of its own.
  static func stacks(_ defaults: SequentialSectionDefaults, _ cells: CellList) -> Bool {
    guard defaults.frameCalculator.name == StandardFrameCalculator.containerLeftAlignedVStack.rawValue else {
      return false
    }
    for cell in cells where cell.sequential != nil { return false }
    return true
  }

  /// The point of its cell badge `element` is anchored to, in the page's layout space (left
  /// to right on the page, a horizontal list's axes exchanged): `3·row + column`, each 0, 1
  /// or 2 for the fraction 0, ½ or 1 of the cell's height and width.
  static func anchorCode(of element: LayoutAttributes, in snapshot: LayoutSnapshot) -> Int {
    let path = element.indexPath
    let sections = snapshot.model.sections
    guard sections.indices.contains(path.section), path.item < sections[path.section].cells.count else {
      return 0
    }
    let badges = sections[path.section].cells[path.item].badges
    guard badges.indices.contains(element.badgeIndex) else { return 0 }
    // Twice the anchor's fractions: from the leading edge, and from the top.
    let (lead, top): (Int, Int) =
      switch badges[element.badgeIndex].anchor {
      case .topLeading: (0, 0)
      case .top: (1, 0)
      case .topTrailing: (2, 0)
      case .leading: (0, 1)
      case .center: (1, 1)
      case .trailing: (2, 1)
      case .bottomLeading: (0, 2)
      case .bottom: (1, 2)
      case .bottomTrailing: (2, 2)
      }
    let horizontal = snapshot.scrollAxis == .horizontal
    var (x, y) = horizontal ? (top, lead) : (lead, top)
    if snapshot.configuration.layoutDirection == .rtl { x = 2 - x }
    return 3 * y + x
  }
}

extension HTMLRenderer {
  /// The page's copy of the placements a drag preview lays sections out again with (in the
  /// interaction script's scope, ``interaction``): a grid's and a masonry's placement, a
  /// stacking sequential section's, and the flow typesetter's, from what ``writeReflow(_:horizontal:traitSets:to:)``
  /// embeds. `PageReflowEmbeddingTests`, `PageFlowEmbeddingTests` and `InteractionChromiumTests`
  /// check them against the library.
  static let placements = #"""
    /** A cell's span (0: a full row) in a section of `columns` columns: GridSpan.columns(in:). */
    function spanIn(span, columns) { return span === 0 ? columns : Math.min(Math.max(span, 1), columns); }
    /** Lays out cells `cells` (indices) in grid or masonry section s: their frames in layout
        space, the placement's rows and columns (1-based, a grid's), and the body's length. */
    function layOut(s, cells) {
      const p = RF[s], k = cells.length, X = new Float64Array(k), Y = new Float64Array(k), W = new Float64Array(k),
        Hs = new Float64Array(k), row = new Int32Array(k), column = new Int32Array(k), lines = [];
      let length = 0, rows = 0;
      if (p[0] === 0) {
        // Grid: place (sparse: in order, a cell that does not fit in the rest of the row
        // starts the next; dense: the first place from the grid's start where the span is
        // free), then each row as tall as its tallest cell, the cells aligned in it.
        const [, cols, cw, cs, rs, ox, align, dense] = p;
        if (!dense) {
          let c = 0, r = 0;
          for (let j = 0; j < k; j++) {
            const span = spanIn(C.sp[cells[j]], cols);
            if (c + span > cols && c > 0) { r++; c = 0; }
            row[j] = r; column[j] = c; c += span;
          }
          rows = k > 0 ? r + 1 : 0;
        } else {
          // Free columns per row; for each span, the first row that may still hold it.
          const free = [], firstRow = new Int32Array(cols + 1);
          for (let j = 0; j < k; j++) {
            const span = spanIn(C.sp[cells[j]], cols);
            for (let r = firstRow[span]; ; r++) {
              if (r === free.length) free.push(new Uint8Array(cols).fill(1));
              const f = free[r];
              let c = -1;
              for (let a = 0, run = 0; a < cols; a++) {
                run = f[a] ? run + 1 : 0;
                if (run === span) { c = a - span + 1; break; }
              }
              if (c < 0) continue;
              firstRow[span] = r;
              for (let a = c; a < c + span; a++) f[a] = 0;
              row[j] = r; column[j] = c;
              break;
            }
          }
          rows = free.length;
        }
        const tall = new Float64Array(rows), tops = new Float64Array(rows);
        for (let j = 0; j < k; j++) tall[row[j]] = Math.max(tall[row[j]], C.nh[cells[j]]);
        let y = 0;
        for (let r = 0; r < rows; r++) {
          tops[r] = y; length = y + tall[r]; y = y + tall[r] + rs;
          lines.push(tops[r], length);
        }
        for (let j = 0; j < k; j++) {
          const span = spanIn(C.sp[cells[j]], cols), h = C.nh[cells[j]], r = row[j], t = tops[r];
          X[j] = ox + column[j] * (cw + cs);
          W[j] = span * cw + (span - 1) * cs;
          Hs[j] = align === 3 ? tall[r] : h;
          Y[j] = align === 1 ? t + (tall[r] - h) / 2 : align === 2 ? t + (tall[r] - h) : t;
        }
      } else if (p[0] === 2) {
        // Sequential (containerLeftAlignedVStack, the section's spacing and padding): each
        // cell at its own size below the one before; the length is the larger of the last
        // bottom and the padded frames' union with the insets (SequentialSection.layout).
        const [, left, insetTop, insetBottom, pt, pl, pb, pr, st, sb] = p;
        let lo = null, hi = 0, bottom = 0, wide = false;
        for (let j = 0; j < k; j++) {
          const i = cells[j], w = C.nw[i] === null ? C.w[i] : C.nw[i], h = C.nh[i];
          Y[j] = j === 0 ? insetTop + pt : Y[j - 1] + Hs[j - 1] + pb + Math.max(sb, st) + pt;
          X[j] = left + pl; W[j] = w; Hs[j] = h;
          // The occupied bounds: the first padded frame, then the union with each non-empty one.
          const empty = !(w > 0 && h > 0);
          if (lo === null || !wide) { lo = Y[j] - pt; hi = Y[j] + h + pb; wide = w + pl + pr > 0 && h + pt + pb > 0; }
          else if (!empty) { lo = Math.min(lo, Y[j] - pt); hi = Math.max(hi, Y[j] + h + pb); }
          bottom = Math.max(bottom, Y[j] + h);
        }
        length = Math.max((lo === null ? 0 : hi - lo) + insetTop + insetBottom, bottom);
      } else if (p[0] === 3) {
        length = flowLayOut(p, cells, X, Y, W, Hs, lines);
      } else {
        // Masonry: each cell into the lanes whose lowest next top is highest (the leading on a tie).
        const [, lanes, lw, cs, rs, left] = p, next = new Float64Array(lanes);
        for (let j = 0; j < k; j++) {
          const span = spanIn(C.sp[cells[j]], lanes);
          let lane = 0, top = Infinity;
          for (let a = 0; a + span <= lanes; a++) {
            let t = next[a];
            for (let b = a + 1; b < a + span; b++) t = Math.max(t, next[b]);
            if (t < top) { lane = a; top = t; }
          }
          const h = C.nh[cells[j]];
          X[j] = left + lane * (lw + cs);
          W[j] = span === 1 ? lw : span * lw + (span - 1) * cs;
          Y[j] = top; Hs[j] = h;
          length = Math.max(length, top + h);
          for (let b = lane; b < lane + span; b++) next[b] = top + h + rs;
        }
      }
      if (mirrored) for (let j = 0; j < k; j++) X[j] = L.width - X[j] - W[j];
      return { X: X, Y: Y, W: W, H: Hs, row: row, column: column, rows: rows, length: length, lines: lines };
    }
    /** The page's copy of the flow typesetter (FlowTypesetter: place, finishLine, LineBox's
        indentation) for cells `cells` of a flow section `p` (its line box and alignments, see
        writeReflow), from the layout manager's answers the page embeds (FT, keyed by trait
        set), each cell's own size (nw, nh) and attributes (fa, or the defaults FD): fills the
        frames and `lines` (each line's top and bottom), returns the body's length (its lines
        and the last line's bottom margin). */
    function flowLayOut(p, cells, X, Y, W, Hs, lines) {
      const [, boxLeft, boxWidth, halign, valign, table] = p, A = FT[table], nt = A.l.length, k = cells.length;
      const T = new Int32Array(k), outer = new Float64Array(k);
      let lead = 0, trail = 0, left = boxLeft, avail = boxWidth, lineX = 0, lineH = 0, pageBottom = 0,
        first = true, prevEnds = false, pending = null, start = 0, above = 0;
      // Steps 1 to 4 of a finished line (cells start..end-1): align horizontally, stack below
      // the line above, align vertically, indent the following lines.
      function finish(end) {
        const f = start, l = end - 1;
        let centred = !!A.c;
        for (let j = f; centred && j <= l; j++) centred = A.c[T[j]] === 1;
        let offset;
        if (centred) {
          const before = X[f], after = avail - (X[l] + W[l]);
          offset = Math.floor((before + after) / 2 - before);
        } else {
          offset = halign === 0 ? 0 : halign === 1 ? (avail - lineX) / 2 : avail - lineX;
        }
        const x0 = left + offset;
        let top = pageBottom;
        if (!first) {
          let gap = 0;
          for (let q = above; q < f; q++) gap = Math.max(gap, A.vg[T[f] * nt + T[q]]);
          top += gap;
        }
        for (let j = f; j <= l; j++) {
          X[j] = x0 + X[j];
          if (valign === 1) Y[j] = top + (lineH - outer[j]) / 2 + Y[j];
          else if (valign === 2) Y[j] = top + (lineH - outer[j]) + Y[j];
          else {
            Y[j] = top + Y[j];
            if (valign === 3) Hs[j] = Math.max(0, lineH - (outer[j] - Hs[j]));
          }
        }
        pageBottom = top + lineH;
        lines.push(top, pageBottom);
        if (pending !== null) {
          if (halign === 0) lead = Math.min(lead + pending[0], boxWidth - trail);
          else if (halign === 2) trail = Math.min(trail + lineX - pending[1], boxWidth - lead);
          left = boxLeft + lead;
          avail = Math.max(0, boxWidth - lead - trail);
          pending = null;
        }
        above = f; start = end; lineX = 0; lineH = 0; first = false;
      }
      // Steps 1 to 5 of each cell: break before it, its gap, its size, place it.
      for (let j = 0; j < k; j++) {
        const i = cells[j], a = C.fa[i] || FD, t = C.t[i], inH = a[1] + a[3], h = C.nh[i], trailing = A.r[t];
        T[j] = t;
        let w = C.nw[i], gap = 0;
        if (j > start) {
          const g = A.hg[t * nt + T[j - 1]];
          gap = g === null ? Infinity : g;
          if (prevEnds || (a[4] & 1) !== 0 || inH > avail - lineX || gap === Infinity ||
            lineX + gap + inH + w + trailing > avail) finish(j);
        }
        if (j === start) {
          gap = A.l[t];
          if (A.s === 1) {
            const room = avail - gap - inH - trailing;
            if (w > room) w = Math.max(0, room);
          }
        }
        const x = lineX + gap + a[1], topMargin = first ? (A.hd ? A.hd[t] : A.t[t]) : 0;
        outer[j] = topMargin + (a[0] + a[2]) + h;
        X[j] = x; Y[j] = topMargin + a[0]; W[j] = w; Hs[j] = h;
        lineH = Math.max(lineH, outer[j]);
        lineX = x + w + a[3];
        if ((a[4] & 4) !== 0 && halign !== 1) pending = [x, x + w];
        prevEnds = (a[4] & 2) !== 0;
      }
      if (k > start) finish(k);
      let bottom = 0;
      if (!first) for (let q = above; q < k; q++) bottom = Math.max(bottom, A.b[T[q]]);
      return pageBottom + bottom;
    }
    """#
}
