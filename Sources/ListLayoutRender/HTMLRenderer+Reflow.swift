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
  /// (``stacks(_:_:)``; bodyTop there is the section's top below its header), or `[5,
  /// contentLeft, width, insetTop, insetLeft, insetBottom, insetRight, calculator, spacingTop,
  /// spacingLeft, spacingBottom, spacingRight, paddingTop, paddingLeft, paddingBottom,
  /// paddingRight, sectionTop]` for any other sequential section of standard calculators (and
  /// for every sequential section when a cell of the page has options of its own:
  /// `"sq":[[cell, …], [[calculator, spacing, padding], …]]`, each `null` for the section's,
  /// the insets `[top, left, bottom, right]`), its calculators indexes into `"calc":[[code,
  /// dependsOnContainerHeight], …]` (``composition(_:)``; -1: a caller's); or `[4, left, spacing, band, fixedBand,
  /// alignment, bodyTop]` for a carousel (band 0 the tallest cell, 1 the first, 2 fixed;
  /// alignment 0 top, 1 center, 2 bottom): the
  /// resolved values the section's layout placed its cells with (left to right: `"mirror":
  /// true` when the list mirrors them, right to left). Then, sparsely, the cells
  /// whose own height along the scroll axis is not their frame's (`"nh":[[cell, …], [height,
  /// …]]`: cells a stretched grid row made taller), per section (but the flow sections the
  /// page lays out) the cells' own widths across it where one is not its frame's (`"ow":[null
  /// or a width, when all share it, or [width, …], …]`: a grid's or a masonry's cells, which
  /// another section gives back their own widths) and the cells with a span (`"span":[[cell,
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
    var stacking = [Bool?](repeating: nil, count: sectionCount)
    func placed(_ section: Int) -> Bool {
      guard !model.sections[section].collapsed else { return false }
      switch model.sections[section].layout {
      case .grid, .masonry, .carousel: return true
      case .sequential(let defaults):
        stacking[section] = Self.stacks(defaults, model.sections[section].cells)
        return stacking[section] != nil
      case .flow, nil: return flowing && Self.knownSizes(model.sections[section].cells)
      }
    }
    guard sectionCount == model.sections.count else { return }
    // (Each section judged once: a sequential or flow section's judgement reads its cells.)
    let laidOut = (0..<sectionCount).map(placed)
    guard laidOut.contains(true) else { return }
    // The cells with sequential options of their own (which they keep in any section); with
    // one, every sequential section is written whole (`[5, …]`: a cell may bring its own
    // calculator into a section that stacks), else a stacking section as `[2, …]`.
    let ownOptions =
      stacking.contains(true) && model.sections.contains { $0.cells.contains { $0.sequential != nil } }
    var calculators: [StandardFrameCalculator] = []
    var calculatorIndex: [StandardFrameCalculator: Int] = [:]
    func calculator(_ calculator: FrameCalculator<Int>) -> Int {
      guard let kind = calculator.kind else { return -1 }
      if let known = calculatorIndex[kind] { return known }
      calculatorIndex[kind] = calculators.count
      calculators.append(kind)
      return calculators.count - 1
    }
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
    var sequentialCells: [Int] = []
    var sequentialOptions: [SequentialItemOptions] = []
    // Per section outside the laid-out flow sections: its cells' own widths across the scroll
    // axis, when one is not its frame's (nil: every one is).
    var ownWidths: [[Double]?] = []
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
      var widths: [Double] = []
      var widthsDiffer = false
      defer { ownWidths.append(widthsDiffer ? widths : nil) }
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
          let frameWidth = horizontal ? frame.height : frame.width
          if let own = size.map(across) {
            if flow, own != frameWidth {
              naturalWidthCells.append(first + item)
              naturalWidths.append(own)
            } else if !flow {
              widths.append(own)
              if own != frameWidth { widthsDiffer = true }
            }
          } else {
            if !flow { widths.append(frameWidth) }
            // Sized by a callback or flexbox content: no size of its own the page knows.
            naturalWidthCells.append(first + item)
            naturalWidths.append(.nan)
          }
          if let options = cell.sequential {
            sequentialCells.append(first + item)
            sequentialOptions.append(options)
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
      case .carousel(let carousel):
        // (Carousels scroll a vertical list only: no axes to exchange.)
        let (band, fixed): (Double, Double) =
          switch carousel.height {
          case .tallest: (0, 0)
          case .first: (1, 0)
          case .fixed(let height): (2, height)
          }
        let alignment: Double =
          switch attributes.verticalAlignment {
          case .top, .stretch: 0
          case .center: 1
          case .bottom: 2
          }
        out.write("[4")
        numbers([
          content.left + insets.left, carousel.itemSpacing ?? attributes.itemSpacing, band, fixed, alignment,
          bodyTop,
        ])
        out.write("]")
      case .sequential(let defaults) where ownOptions || stacking[section] != true:
        let padding = layoutSpace(defaults.padding)
        let spacing = layoutSpace(defaults.spacing)
        out.write("[5")
        numbers([
          content.left, max(0, configuration.width - content.left - content.right), insets.top, insets.left,
          insets.bottom, insets.right, Double(calculator(defaults.frameCalculator)), spacing.top,
          spacing.left,
          spacing.bottom, spacing.right, padding.top, padding.left, padding.bottom, padding.right,
          bodyTop - insets.top,
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
    if ownWidths.contains(where: { $0 != nil }) {
      out.write(",\n\"ow\":[")
      for (section, widths) in ownWidths.enumerated() {
        if section > 0 { out.write(",") }
        guard let widths else {
          out.write("null")
          continue
        }
        if let width = widths.first, widths.allSatisfy({ $0 == width }) {
          out.write(jsonNumber: width)
          continue
        }
        out.write("[")
        for (position, width) in widths.enumerated() {
          if position > 0 { out.write(",") }
          out.write(jsonNumber: width)
        }
        out.write("]")
      }
      out.write("]")
    }
    if !sequentialCells.isEmpty {
      func insets(_ insets: EdgeInsets?) {
        guard let insets = insets.map(layoutSpace) else { return out.write("null") }
        out.write("[")
        out.write(jsonNumber: insets.top)
        for value in [insets.left, insets.bottom, insets.right] {
          out.write(",")
          out.write(jsonNumber: value)
        }
        out.write("]")
      }
      pairs(",\n\"sq\":", sequentialCells) {
        let options = sequentialOptions[$0]
        out.write("[")
        if let own = options.frameCalculator {
          out.write(integer: calculator(own))
        } else {
          out.write("null")
        }
        out.write(",")
        insets(options.spacing)
        out.write(",")
        insets(options.padding)
        out.write("]")
      }
    }
    if !calculators.isEmpty {
      out.write(",\n\"calc\":[")
      for (position, kind) in calculators.enumerated() {
        if position > 0 { out.write(",") }
        out.write("[\"")
        out.write(Self.composition(kind))
        out.write(kind.dependsOnContainerHeight ? "\",1]" : "\",0]")
      }
      out.write("]")
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
  /// How the page lays a sequential section out (its copy of `SequentialSection.layout`), or
  /// `nil` when it cannot (the section's or a cell's calculator is a caller's closure, not a
  /// `StandardFrameCalculator`): `true` when the section stacks its cells (its calculator is
  /// `containerLeftAlignedVStack` and no cell has options of its own: written `[2, …]`).
  static func stacks(_ defaults: SequentialSectionDefaults, _ cells: CellList) -> Bool? {
    guard let kind = defaults.frameCalculator.kind else { return nil }
    var stacks = kind == .containerLeftAlignedVStack
    for cell in cells {
      guard let options = cell.sequential else { continue }
      stacks = false
      if let own = options.frameCalculator, own.kind == nil { return nil }
    }
    return stacks
  }

  /// The page's copy of standard calculator `kind` (`FrameCalculator.standardFrame`), as the
  /// composition of `FrameCalculatorArguments`' helpers the page's `sequentialLayOut` applies
  /// (``placements``): a base (`F` sized to fit the layout area less the padding, `V` sized
  /// to fit vertically, `M` matching the area, `N` the bounds, `P` the previous item), then
  /// helpers in order (`T`, `L`, `B`, `R` aligned to the area's edges, `X`, `Y` centred in
  /// it; `d`, `u` below or above the previous item, `>`, `<` right or left of it, `t`, `l`,
  /// `b`, `r` aligned to its edges, `x`, `y` centred on it); `a|b` is `a` unless it overflows
  /// the area's right edge, else `b` (the flows).
  static func composition(_ kind: StandardFrameCalculator) -> StaticString {
    switch kind {
    case .containerTopLeftAligned: "F"
    case .containerTopRightAligned: "FR"
    case .containerBottomLeftAligned: "FB"
    case .containerBottomRightAligned: "FRB"
    case .containerCenterAligned: "FXY"
    case .containerLeftAlignedVStack: "Fd"
    case .containerCenterAlignedVStack: "FdX"
    case .containerRightAlignedVStack: "FdR"
    case .containerFullWidthVStack: "Vd"
    case .containerLeftAlignedVStackUp: "Fu"
    case .containerCenterAlignedVStackUp: "FuX"
    case .containerRightAlignedVStackUp: "FuR"
    case .containerFullWidthVStackUp: "Vu"
    case .topAlignedHStack: "F>t"
    case .centerAlignedHStack: "F>y"
    case .bottomAlignedHStack: "F>b"
    case .topAlignedHStackLeft: "F<t"
    case .centerAlignedHStackLeft: "F<y"
    case .bottomAlignedHStackLeft: "F<b"
    case .topAlignedFlow: "F>t|Fd"
    case .centerAlignedFlow: "F>y|Fd"
    case .bottomAlignedFlow: "F>b|Fd"
    case .matchContainer: "M"
    case .matchContainerFullBleed: "N"
    case .matchPrevious: "P"
    case .topLeftAligned: "Flt"
    case .topRightAligned: "Frt"
    case .bottomLeftAligned: "Flb"
    case .bottomRightAligned: "Frb"
    case .centerAligned: "Fxy"
    }
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
  /// carousel's row, a sequential section's (the standard calculators), and the flow
  /// typesetter's, from what ``writeReflow(_:horizontal:traitSets:to:)``
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
      } else if (p[0] === 2 || p[0] === 5) {
        length = sequentialLayOut(p, cells, X, Y, W, Hs);
      } else if (p[0] === 3) {
        length = flowLayOut(p, cells, X, Y, W, Hs, lines);
      } else if (p[0] === 4) {
        // Carousel (CarouselBody, CarouselRow.frame): one row, each cell at its own size, the
        // spacing apart, aligned in the band (as tall as the tallest cell, the first, or
        // fixed; stretch places cells at its top): the band is the body's length.
        const [, left, spacing, band, fixed, align] = p;
        let start = 0;
        length = band === 2 ? fixed : 0;
        for (let j = 0; j < k; j++) {
          const i = cells[j], w = C.nw[i] === null ? C.w[i] : C.nw[i], h = C.nh[i];
          X[j] = left + (start + j * spacing); W[j] = w; Hs[j] = h;
          start += w;
          if (band === 0 ? h > length : band === 1 && j === 0) length = h;
        }
        for (let j = 0; j < k; j++) Y[j] = align === 1 ? (length - Hs[j]) / 2 : align === 2 ? length - Hs[j] : 0;
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
    /** The page's copy of SequentialSection.layout (SequentialEngine.runPass, the standard
        calculators as compositions of FrameCalculatorArguments' helpers) for cells `cells` of
        sequential section `p` ([2, …] stacking, [5, …] any other; writeReflow), each cell at
        its own size (nw, nh) and options (sq): fills the frames, returns the body's length. */
    function sequentialLayOut(p, cells, X, Y, W, Hs) {
      const k = cells.length, stack = ["Fd", 0];
      const q = p[0] === 2 ? { cl: p[1], w: 0, ins: [p[2], 0, p[3], 0], calc: stack, sp: [p[8], 0, p[9], 0],
        pd: [p[4], p[5], p[6], p[7]] }
        : { cl: p[1], w: p[2], ins: p.slice(3, 7), calc: CALC[p[7]], sp: p.slice(8, 12), pd: p.slice(12, 16) };
      // A calculator: [composition, dependsOnContainerHeight] (calculatorCode); a cell's own
      // options: [calculator, spacing, padding].
      const own = (i) => C.sq ? C.sq[i] : null;
      const calcOf = (i) => { const o = own(i); return o && o[0] !== null ? CALC[o[0]] : q.calc; };
      // Rects [x, y, width, height]; state of the cell placed: area, bounds, pd, sp, prev P, size w × h.
      const inset = (r, e) => [r[0] + e[1], r[1] + e[0], r[2] - (e[1] + e[3]), r[3] - (e[0] + e[2])];
      const outset = (r, e) => [r[0] - e[1], r[1] - e[0], r[2] + (e[1] + e[3]), r[3] + (e[0] + e[2])];
      const atX = (r, x) => [x, r[1], r[2], r[3]], atY = (r, y) => [r[0], y, r[2], r[3]];
      let A, bounds, pd, sp, P, w, h;
      const base = { F: () => { const m = inset(A, pd); return [m[0], m[1], w, h]; },
        V: () => { const m = inset(A, pd); return [m[0], m[1], m[2], h]; }, M: () => inset(A, pd),
        N: () => inset(bounds, pd), P: () => P ? inset(outset(P.f, P.pd), pd) : inset(A, pd) };
      // A composition: a base (F sized to fit, V to fit vertically, M matching the area, N the
      // bounds, P the previous item), then helpers in order ("a|b": a unless it overflows the
      // area's right edge, then b). Container: T L B R its edges, X Y centred; previous: d u
      // below, above, > < right, left of it, t l b r its edges, x y its centre.
      const op = { T: (r) => atY(r, A[1] + pd[0]), L: (r) => atX(r, A[0] + pd[1]),
        B: (r) => atY(r, A[1] + A[3] - pd[2] - r[3]), R: (r) => atX(r, A[0] + A[2] - pd[3] - r[2]),
        X: (r) => atX(r, (A[0] + (A[0] + A[2])) / 2 - (r[2] + (pd[1] + pd[3])) / 2 + pd[1]),
        Y: (r) => atY(r, (A[1] + (A[1] + A[3])) / 2 - (r[3] + (pd[0] + pd[2])) / 2 + pd[0]),
        d: (r) => P ? atY(r, P.f[1] + P.f[3] + P.pd[2] + Math.max(P.sp[2], sp[0]) + pd[0]) : op.T(r),
        u: (r) => P ? atY(r, P.f[1] - P.pd[0] - Math.max(P.sp[0], sp[2]) - pd[2] - r[3]) : op.B(r),
        ">": (r) => P ? atX(r, P.f[0] + P.f[2] + P.pd[3] + Math.max(P.sp[3], sp[1]) + pd[1]) : op.L(r),
        "<": (r) => P ? atX(r, P.f[0] - P.pd[1] - Math.max(P.sp[1], sp[3]) - pd[3] - r[2]) : op.R(r),
        t: (r) => P ? atY(r, P.f[1] - P.pd[0] + pd[0]) : op.T(r), l: (r) => P ? atX(r, P.f[0] - P.pd[1] + pd[1]) : op.L(r),
        b: (r) => P ? atY(r, P.f[1] + P.f[3] + P.pd[2] - pd[2] - r[3]) : op.B(r),
        r: (r) => P ? atX(r, P.f[0] + P.f[2] + P.pd[3] - pd[3] - r[2]) : op.R(r),
        x: (r) => P ? atX(r, P.f[0] + P.f[2] / 2 - (r[2] + (pd[1] + pd[3])) / 2 + pd[1]) : op.X(r),
        y: (r) => P ? atY(r, P.f[1] + P.f[3] / 2 - (r[3] + (pd[0] + pd[2])) / 2 + pd[0]) : op.Y(r) };
      function place(code) {
        const [first, wrap] = code.split("|");
        let r = base[first[0]]();
        for (let c = 1; c < first.length; c++) r = op[first[c]](r);
        return wrap !== undefined && r[0] + r[2] + pd[3] > A[0] + A[2] ? place(wrap) : r;
      }
      // One pass in a container `height` tall: the frames, and the occupied bounds (the first
      // padded frame, or any after an empty union, then the union with each non-empty one).
      function pass(height) {
        bounds = [0, 0, Math.min(10000, q.w), height];
        A = inset(bounds, q.ins);
        P = null;
        let occupied = null;
        for (let j = 0; j < k; j++) {
          const i = cells[j], o = own(i);
          sp = o && o[1] !== null ? o[1] : q.sp; pd = o && o[2] !== null ? o[2] : q.pd;
          w = C.nw[i] === null ? C.w[i] : C.nw[i]; h = C.nh[i];
          const f = place(calcOf(i)[0]), padded = outset(f, pd), empty = (r) => !(r[2] > 0 && r[3] > 0);
          X[j] = f[0]; Y[j] = f[1]; W[j] = f[2]; Hs[j] = f[3];
          if (occupied === null || empty(occupied)) occupied = padded;
          else if (!empty(f)) {
            const x0 = Math.min(occupied[0], padded[0]), y0 = Math.min(occupied[1], padded[1]);
            occupied = [x0, y0, Math.max(occupied[0] + occupied[2], padded[0] + padded[2]) - x0,
              Math.max(occupied[1] + occupied[3], padded[1] + padded[3]) - y0];
          }
          P = { f: f, sp: sp, pd: pd };
        }
        return occupied;
      }
      // The sizing pass; then, when a calculator may care, the layout pass at the content height.
      const occupied = pass(10000), content = (occupied === null ? 0 : occupied[3]) + (q.ins[0] + q.ins[2]);
      let tall = false;
      for (let j = 0; j < k && !tall; j++) tall = calcOf(cells[j])[1] === 1;
      if (tall) pass(content);
      let bottom = 0;
      for (let j = 0; j < k; j++) {
        bottom = Math.max(bottom, Y[j] + Hs[j]);
        X[j] += q.cl; W[j] = Math.max(0, W[j]); Hs[j] = Math.max(0, Hs[j]);
      }
      return Math.max(content, bottom);
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
