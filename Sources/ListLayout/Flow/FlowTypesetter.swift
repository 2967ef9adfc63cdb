import LayoutGeometry

/// FSQCollectionViewAlignedLayout's typesetter, generalised by a layout manager: cells are
/// words, lines are lines of a paragraph, a section is a paragraph.
///
/// For each cell, in order (``place(cell:at:)``):
/// 1. **Break before sizing** when the previous cell ends its line, this cell begins one, its
///    insets exceed the space left, or the manager's gap to the previous cell is infinite.
/// 2. **Gap**: the manager's margin to the leading edge for a line's first cell, else its gap
///    to the preceding cell; the manager's trailing-edge margin must also fit.
/// 3. **Size**: fixed, the default size, or asked of the sizing callback with the space left.
/// 4. **Break after sizing** when `x + gap + insets + width + trailing margin` exceeds the line
///    and the cell is not first on it. A cell wider than a line sits alone and overflows, or
///    shrinks when the manager's ``OversizedCellPolicy`` says so.
/// 5. **Place** it on the line; remember an indentation it starts.
///
/// When a line is finished (``finishLine()``):
/// 1. **Align horizontally**: the manager's offset (FSQ's alignment, Hub's centering).
/// 2. **Stack vertically**: below the previous line by the largest of the manager's vertical
///    gaps between the line's first cell and each cell of the line above (FSQ: `lineSpacing`).
/// 3. **Align vertically** inside the line box by the section's vertical alignment, treating
///    cell insets as CSS margins.
/// 4. **Indent** following lines if a cell of this line started an indentation.
struct FlowTypesetter<Policy: SpacingPolicy> {
  var policy: Policy

  // Inputs of the current section.
  var listWidth: Double
  var contentInsets: EdgeInsets
  var defaultCellSize: Size
  var defaultCellAttributes: CellAttributes
  var direction: LayoutDirection
  var attributes = SectionAttributes()
  var sectionIndex = 0
  var headerTraits: TraitSet?

  // The line box: where lines start and how wide they are, after insets and indentation.
  var baseLineLeft = 0.0
  var baseAvailable = 0.0
  var leadingIndent = 0.0
  var trailingIndent = 0.0
  var lineLeft = 0.0
  var available = 0.0

  // The line being filled; x is relative to the line box.
  var lineX = 0.0
  var lineHeight = 0.0
  /// The cells placed on the line so far.
  let line = ScratchBuffer<PendingCell>()
  /// Their traits, in the array the manager's line-offset question receives.
  var lineTraits: ContiguousArray<TraitSet> = []
  /// The traits of the cells of the line above.
  var previousLineTraits = ScratchBuffer<TraitSet>()
  var previousEndsLine = false
  var pendingIndent: (minX: Double, maxX: Double)?
  var isFirstLine = true

  // Output.
  var pages: ContiguousArray<LinePage> = []
  let page = PageBuilder()
  /// The bottom of the last finished line, relative to the current page's top.
  var pageBottom = 0.0
  /// Counts the lines laid out (tests pin how much an edit reflows).
  var linesLaidOut = 0

  init(policy: Policy, configuration: ListConfiguration) {
    self.policy = policy
    self.listWidth = configuration.width
    self.contentInsets = configuration.contentInsets
    self.defaultCellSize = configuration.defaultCellSize
    self.defaultCellAttributes = configuration.defaultCellAttributes
    self.direction = configuration.layoutDirection
  }

  /// Lays out one flow section into a ``SectionGeometry`` relative to the section's top.
  mutating func layout(
    _ section: Section, at index: Int, attributes: SectionAttributes
  ) throws(LayoutError)
    -> SectionGeometry
  {
    begin(section, at: index, attributes: attributes)
    try section.cells.forEachChunk { (cells, first) throws(LayoutError) in
      guard let base = cells.baseAddress else { return true }
      for i in cells.indices {
        try place(base + i, at: first + i)
      }
      return true
    }
    return finishSection(section)
  }

  // MARK: Section

  mutating func begin(_ section: Section, at index: Int, attributes: SectionAttributes) {
    self.attributes = attributes
    sectionIndex = index
    headerTraits = section.header?.traits
    policy.begin(section: attributes)
    baseLineLeft = contentInsets.left + attributes.insets.left
    baseAvailable = max(0, listWidth - contentInsets.horizontal - attributes.insets.horizontal)
    leadingIndent = 0
    trailingIndent = 0
    lineLeft = baseLineLeft
    available = baseAvailable
    resetLine()
    previousLineTraits.removeAll()
    previousEndsLine = false
    pendingIndent = nil
    isFirstLine = true
    pages = []
    page.removeAll()
    pageBottom = 0
  }

  mutating func finishSection(_ section: Section) -> SectionGeometry {
    if !line.isEmpty { finishLine() }
    let bottomMargin = isFirstLine ? 0 : bottomMarginOfLastLine()
    if page.lineCount > 0 || pages.isEmpty {
      pages.append(page.seal(height: pageBottom))
    }
    var geometry = SectionGeometry()
    geometry.pages = BlockArray(pages)
    geometry.pageHeights = PrefixSumTree(pages.lazy.map(\.height))
    geometry.pageItemCounts = PrefixSumTree(pages.lazy.map(\.itemCount))
    geometry.finish(
      header: section.header, footer: section.footer, listWidth: listWidth, attributes: attributes,
      bottomMargin: bottomMargin)
    pages = []
    return geometry
  }

  // MARK: Cells

  /// Steps 1–5 for one cell.
  ///
  /// The cell is read in place through a pointer into the section's cell array, so its
  /// identifier and size callback are never copied.
  mutating func place(_ cell: UnsafePointer<Cell>, at item: Int) throws(LayoutError) {
    let cellAttributes: CellAttributes
    if let own = cell.pointee.attributes {
      guard own.insets.isValidLayoutInsets else {
        throw .invalidValue(
          path: cellPath(item, "attributes.insets"), value: "\(own.insets)", expected: nonNegative)
      }
      cellAttributes = own
    } else {
      cellAttributes = defaultCellAttributes
    }
    let insets = cellAttributes.insets
    let traits = cell.pointee.traits

    // 1. Break before sizing.
    if !line.isEmpty
      && (previousEndsLine || cellAttributes.shouldBeginLine || insets.horizontal > available - lineX)
    {
      finishLine()
    }

    // 2. Gap and trailing margin.
    var gap =
      line.isEmpty
      ? policy.margin(traits, .left)
      : policy.horizontalGap(traits, after: policy.usesTraits ? line[line.count - 1].traits : TraitSet())
    if !gap.isFinite && !line.isEmpty {
      finishLine()
      gap = policy.margin(traits, .left)
    }
    let trailingMargin = policy.margin(traits, .right)

    // 3. Size.
    var size: Size
    // Fixed sizes (the common case) are read in place, without copying the enum.
    if let fixed = cell.pointee.size.fixedValue {
      size = fixed
    } else {
      size = try sizeOf(cell, at: item, gap: gap, insets: insets, trailingMargin: trailingMargin)
    }
    guard size.isValidLayoutSize else {
      throw .invalidValue(path: cellPath(item, "size"), value: "\(size)", expected: nonNegative)
    }

    // 4. Break after sizing.
    if !line.isEmpty && lineX + gap + insets.horizontal + size.width + trailingMargin > available {
      finishLine()
      gap = policy.margin(traits, .left)
    }
    if line.isEmpty && policy.oversizedCellPolicy == .shrink {
      let room = available - gap - insets.horizontal - trailingMargin
      if size.width > room { size.width = max(0, room) }
    }

    // 5. Place.
    let x = lineX + gap + insets.left
    var topMargin = 0.0
    if isFirstLine {
      if let headerTraits {
        topMargin = policy.gapToHeader(traits, headerTraits)
      } else {
        topMargin = policy.margin(traits, .top)
      }
    }
    let outerHeight = topMargin + insets.vertical + size.height
    line.append(
      PendingCell(
        x: x, width: size.width, height: size.height, outerTop: topMargin + insets.top,
        outerHeight: outerHeight,
        traits: traits))
    lineHeight = max(lineHeight, outerHeight)
    lineX = x + size.width + insets.right
    if cellAttributes.startLineIndentation && attributes.horizontalAlignment != .center {
      pendingIndent = (x, x + size.width)
    }
    previousEndsLine = cellAttributes.shouldEndLine
  }

  // MARK: Lines

  /// Steps 1–4 for the line being filled.
  mutating func finishLine() {
    let cells = line.elements
    let count = cells.count
    // 1. Align horizontally.
    let metrics = LineMetrics(
      availableWidth: available, usedWidth: lineX, firstCellMinX: cells[0].x,
      lastCellMaxX: cells[count - 1].x + cells[count - 1].width)
    let offset: Double
    if policy.usesTraits {
      for (i, cell) in cells.enumerated() {
        if i < lineTraits.count { lineTraits[i] = cell.traits } else { lineTraits.append(cell.traits) }
      }
      offset = policy.lineOffset(LineTraits(storage: lineTraits, range: 0..<count), metrics)
    } else {
      // The default manager aligns by the section's attributes alone.
      offset = attributes.horizontalAlignment.offset(for: metrics)
    }
    let left = lineLeft + offset

    // 2. Stack vertically.
    var top = pageBottom
    if !isFirstLine { top += gapAbove(firstTraits: cells[0].traits) }

    // Start a new page before this line if the current one is full.
    if page.itemCount >= LinePage.targetItemCount {
      pages.append(page.seal(height: pageBottom))
      page.removeAll()
      top -= pageBottom
      pageBottom = 0
    }

    // 3. Align vertically.
    page.beginLine(
      y: top, height: lineHeight, indent: LineIndent(leading: leadingIndent, trailing: trailingIndent))
    for cell in cells {
      let slack = lineHeight - cell.outerHeight
      let dy: Double =
        switch attributes.verticalAlignment {
        case .top: 0
        case .center: slack / 2
        case .bottom: slack
        }
      page.appendItem(x: left + cell.x, y: top + dy + cell.outerTop, width: cell.width, height: cell.height)
    }
    pageBottom = top + lineHeight
    linesLaidOut += 1

    // 4. Indent following lines.
    if let indent = pendingIndent {
      // Indentation accumulates (a later indenting cell lines up with its own edge) and is
      // clamped so the line box never leaves the section.
      switch attributes.horizontalAlignment {
      case .left: leadingIndent = min(leadingIndent + indent.minX, baseAvailable - trailingIndent)
      case .right: trailingIndent = min(trailingIndent + lineX - indent.maxX, baseAvailable - leadingIndent)
      case .center: break
      }
      lineLeft = baseLineLeft + leadingIndent
      available = max(0, baseAvailable - leadingIndent - trailingIndent)
      pendingIndent = nil
    }

    if policy.usesTraits {
      previousLineTraits.removeAll()
      for cell in cells { previousLineTraits.append(cell.traits) }
    }
    resetLine()
    isFirstLine = false
  }

  /// The gap between the line above and a new line whose first cell has `firstTraits`: the
  /// largest of the manager's gaps to each cell above.
  mutating func gapAbove(firstTraits: TraitSet) -> Double {
    guard policy.usesTraits else { return policy.verticalGap(TraitSet(), below: TraitSet()) }
    var gap = 0.0
    for above in previousLineTraits.elements {
      gap = max(gap, policy.verticalGap(firstTraits, below: above))
    }
    return gap
  }

  /// The margin below the last finished line: the largest of its cells' bottom margins.
  mutating func bottomMarginOfLastLine() -> Double {
    guard policy.usesTraits else { return policy.margin(TraitSet(), .bottom) }
    var margin = 0.0
    for traits in previousLineTraits.elements {
      margin = max(margin, policy.margin(traits, .bottom))
    }
    return margin
  }

  mutating func resetLine() {
    lineX = 0
    lineHeight = 0
    line.removeAll()
  }

  /// The size of a cell whose size is not fixed: the default, or asked of its callback or
  /// its flexbox content.
  func sizeOf(
    _ cell: UnsafePointer<Cell>, at item: Int, gap: Double, insets: EdgeInsets, trailingMargin: Double
  )
    throws(LayoutError) -> Size
  {
    switch cell.pointee.size {
    case .fixed(let fixed): return fixed
    case .automatic: return defaultCellSize
    case .sizing(let callback):
      return callback(proposal(item, gap: gap, insets: insets, trailingMargin: trailingMargin))
    case .flex(let content):
      return content.size(
        for: proposal(item, gap: gap, insets: insets, trailingMargin: trailingMargin), direction: direction)
    }
  }

  /// What a sizing callback is told: the space left on the line once the gap, the cell's
  /// insets and its trailing margin are taken out, and the line's width.
  func proposal(_ item: Int, gap: Double, insets: EdgeInsets, trailingMargin: Double) -> SizingProposal {
    SizingProposal(
      indexPath: IndexPath(item: item, section: sectionIndex),
      remainingLineSpace: available - lineX - gap - insets.horizontal - trailingMargin, lineWidth: available)
  }

  func cellPath(_ item: Int, _ field: String) -> String {
    "sections[\(sectionIndex)].items[\(item)].\(field)"
  }
}

let nonNegative = "a finite number, not negative"

/// A cell placed on the line being filled, before the line is aligned.
struct PendingCell: BitwiseCopyable {
  /// The frame's x, relative to the line box.
  var x: Double
  var width: Double
  var height: Double
  /// Distance from the top of the cell's outer box (top margin and insets) to its frame.
  var outerTop: Double
  /// Height of the outer box.
  var outerHeight: Double
  var traits: TraitSet
}
