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
    guard sectionCount == model.sections.count, (0..<sectionCount).contains(where: placed) else { return }
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
      var flow = false
      if model.layout == nil { flow = placed(section) }
      if case .flow = model.layout { flow = placed(section) }
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
      guard placed(section), let frame = snapshot.sectionFrame(section) else {
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
