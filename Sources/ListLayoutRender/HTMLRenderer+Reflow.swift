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
  func writeReflow(_ snapshot: LayoutSnapshot, horizontal: Bool, to out: inout ByteWriter) {
    let model = snapshot.model
    let configuration = snapshot.configuration
    let sectionCount = snapshot.numberOfSections
    func placed(_ section: Int) -> Bool {
      guard !model.sections[section].collapsed else { return false }
      switch model.sections[section].layout {
      case .grid, .masonry: return true
      case .sequential(let defaults): return Self.stacks(defaults, model.sections[section].cells)
      default: return false
      }
    }
    guard sectionCount == model.sections.count, (0..<sectionCount).contains(where: placed) else { return }
    func layoutSpace(_ insets: EdgeInsets) -> EdgeInsets {
      horizontal
        ? EdgeInsets(top: insets.left, left: insets.top, bottom: insets.right, right: insets.bottom) : insets
    }
    func along(_ size: Size) -> Double { horizontal ? size.width : size.height }
    let content = layoutSpace(configuration.contentInsets)
    out.write(",\n\"reflow\":[")
    var naturalCells: [Int] = []
    var naturalHeights: [Double] = []
    var spanCells: [Int] = []
    var spans: [Int] = []
    var first = 0
    for section in 0..<sectionCount {
      if section > 0 { out.write(",") }
      let model = model.sections[section]
      let count = snapshot.numberOfItems(inSection: section)
      defer { first += count }
      // Every cell's own height and span (a cell may be dragged into a grid or a masonry).
      if count == model.cells.count {
        var item = 0
        snapshot.forEachElement(inSection: section) { element in
          guard element.kind == .cell, item < count else { return }
          let cell = model.cells[item]
          let frame = element.frame
          let own: Double? =
            switch cell.size {
            case .fixed(let size): along(size)
            case .automatic: along(configuration.defaultCellSize)
            default: nil
            }
          if let own, own != (horizontal ? frame.width : frame.height) {
            naturalCells.append(first + item)
            naturalHeights.append(own)
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
      default:
        out.write("null")
      }
    }
    out.write(configuration.layoutDirection == .rtl ? "],\"mirror\":true" : "]")
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
