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
  var headerTraits: TraitKey?

  // The line box: where lines start and how wide they are, after insets and indentation.
  var baseLineLeft = 0.0
  var baseAvailable = 0.0
  var leadingIndent = 0.0
  var trailingIndent = 0.0
  var lineLeft = 0.0
  var available = 0.0

  // The line being filled. Its cells are written straight into the page builder, with x
  // relative to the line box and y the distance from the line's top to the frame before
  // vertical alignment; finishing the line makes them page-relative in place.
  var lineX = 0.0
  var lineHeight = 0.0
  /// The outer heights of the line's cells, kept only when the section aligns lines
  /// vertically other than at the top (``needsOuterHeights``).
  let lineOuterHeights = ScratchBuffer<Double>()
  var needsOuterHeights = false
  /// The traits of the line's cells, kept only when the manager's answers depend on them.
  var lineCellTraits = ScratchBuffer<TraitKey>()
  /// The traits of the cells of the line above (likewise).
  var previousLineTraits = ScratchBuffer<TraitKey>()
  var previousEndsLine = false
  var pendingIndent: (minX: Double, maxX: Double)?
  var isFirstLine = true
  /// The manager's answers for the current section when none of them depends on traits,
  /// asked once at the section's start; `nil` when plain cells cannot take the fast path.
  var uniform: UniformSpacing?

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
    if section.cells.count >= PageArena.minimumItems { page.useArena(items: section.cells.count) }
    page.reserve(items: section.cells.count)
    let uniform = uniform
    try section.cells.forEachChunk { (cells, first) throws(LayoutError) in
      try place(cells, first: first, uniform: uniform)
      return true
    }
    return finishSection(section)
  }

  /// Places a run of cells, items `first...` of the section: runs of plain cells in lines
  /// that need no alignment pass through ``placePlainRun(_:from:to:uniform:)``, every other
  /// cell one at a time.
  mutating func place(
    _ cells: UnsafeBufferPointer<Cell>, first: Int, uniform: UniformSpacing?
  ) throws(LayoutError) {
    guard let base = cells.baseAddress else { return }
    var i = 0
    while i < cells.count {
      if let uniform, uniform.alignsTopLeft, pendingIndent == nil, leadingIndent == 0, trailingIndent == 0,
        page.lineIndent.isEmpty
      {
        i = placePlainRun(base, from: i, to: cells.count, uniform: uniform)
        if i == cells.count { return }
      }
      try place(base + i, at: first + i, uniform: uniform)
      i += 1
    }
  }

  // MARK: Section

  mutating func begin(_ section: Section, at index: Int, attributes: SectionAttributes) {
    self.attributes = attributes
    sectionIndex = index
    headerTraits = section.header.map { policy.key($0.traits) }
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
    needsOuterHeights = attributes.verticalAlignment != .top
    uniform = UniformSpacing(
      &policy, section: attributes, defaults: defaultCellAttributes, headerTraits: headerTraits)
  }

  mutating func finishSection(_ section: Section) -> SectionGeometry {
    if !lineIsEmpty { finishLine() }
    let bottomMargin = isFirstLine ? 0 : bottomMarginOfLastLine()
    if page.lineCount > 0 || pages.isEmpty {
      // The next section sizes the builder's blocks for itself (`reserve(items:)`).
      pages.append(page.sealFinishedLines(height: pageBottom, continuing: false))
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

  /// Places one cell: plain cells (a fixed size, no attributes of their own) through
  /// ``placePlain(_:at:uniform:)`` when the section's spacing is uniform, every other cell
  /// through ``place(_:at:)``. Both keep the same line state, so they mix freely.
  @inline(__always)
  mutating func place(_ cell: UnsafePointer<Cell>, at item: Int, uniform: UniformSpacing?) throws(LayoutError)
  {
    if let uniform, !cell.pointee.hasExtras, let size = cell.pointee.size.fixedValue {
      try placePlain(size, at: item, uniform: uniform)
    } else {
      try place(cell, at: item)
    }
  }

  /// Steps 1–5 for a plain cell when the section's spacing is uniform: the same decisions and
  /// the same arithmetic as ``place(_:at:)`` (so the frames are bit-identical), with the
  /// manager's answers read from `uniform` instead of asked per cell.
  @inline(__always)
  mutating func placePlain(_ size: Size, at item: Int, uniform u: UniformSpacing) throws(LayoutError) {
    // 1. Break before sizing (the default attributes neither begin nor end lines).
    if !lineIsEmpty && (previousEndsLine || u.insets.horizontal > available - lineX) {
      finishPlainLine(u)
    }
    // 2–3. Gap, trailing margin, size.
    var gap = lineIsEmpty ? u.leadingMargin : u.itemGap
    guard size.isValidLayoutSize else {
      throw .invalidValue(path: cellPath(item, "size"), value: "\(size)", expected: nonNegative)
    }
    var width = size.width
    // 4. Break after sizing.
    if !lineIsEmpty && lineX + gap + u.insets.horizontal + width + u.trailingMargin > available {
      finishPlainLine(u)
      gap = u.leadingMargin
    }
    if lineIsEmpty && u.shrinksOversizedCells {
      let room = available - gap - u.insets.horizontal - u.trailingMargin
      if width > room { width = max(0, room) }
    }
    // 5. Place.
    let x = lineX + gap + u.insets.left
    let topMargin = isFirstLine ? u.firstLineTopMargin : 0
    let outerHeight = topMargin + u.insets.vertical + size.height
    page.appendItem(x: x, y: topMargin + u.insets.top, width: width, height: size.height)
    if needsOuterHeights { lineOuterHeights.append(outerHeight) }
    lineHeight = max(lineHeight, outerHeight)
    lineX = x + width + u.insets.right
    previousEndsLine = false
  }

  /// ``placePlain(_:at:uniform:)`` and ``finishPlainLine(_:)`` over `cells[start..<end]`
  /// with the line state in locals (the loop the floor of the benchmarks runs, plus what a
  /// list needs): the same decisions and arithmetic, so the frames are bit-identical.
  ///
  /// It stops before the first cell that is not plain, whose size is invalid (the caller's
  /// per-cell path reports it), whose line break must first seal a full page, or that does
  /// not fit the builder's blocks (the per-cell path grows them); the caller places that
  /// cell. Requires a uniform section with top- and left-aligned lines and no
  /// indentation in force or pending.
  ///
  /// - Returns: the index of the first cell not placed.
  mutating func placePlainRun(
    _ cells: UnsafePointer<Cell>, from start: Int, to end: Int, uniform u: UniformSpacing
  ) -> Int {
    let cursor = page.cursor()
    var c = cursor.cursor
    let end = min(end, start + cursor.room)
    var lineX = lineX
    var lineHeight = lineHeight
    var pageBottom = pageBottom
    var isFirstLine = isFirstLine
    var previousEndsLine = previousEndsLine
    var finishedLines = 0
    let available = available
    let lineLeft = lineLeft
    let insetsWidth = u.insets.horizontal
    let insetsHeight = u.insets.vertical
    var i = start
    while i < end {
      let cell = cells + i
      guard !cell.pointee.hasExtras, let size = cell.pointee.size.fixedValue, size.isValidLayoutSize else {
        break
      }
      var width = size.width
      var lineIsEmpty = c.itemCount == c.lineFirstItem
      var gap = lineIsEmpty ? u.leadingMargin : u.itemGap
      // 1 and 4. Break before or after sizing (with a non-empty line, the gap is the item gap).
      if !lineIsEmpty
        && (previousEndsLine || insetsWidth > available - lineX
          || lineX + gap + insetsWidth + width + u.trailingMargin > available)
      {
        if c.lineFirstItem >= LinePage.targetItemCount { break }
        var top = pageBottom
        if !isFirstLine { top += u.lineGap }
        for k in c.lineFirstItem..<c.itemCount {
          let record = c.items + k * LinePage.itemStride
          record[0] = lineLeft + record[0]
          record[1] = top + record[1]
        }
        let line = c.lines + c.lineCount * LinePage.lineStride
        line[0] = Double(c.lineFirstItem)
        line[1] = top
        line[2] = lineHeight
        c.lineCount += 1
        c.lineFirstItem = c.itemCount
        pageBottom = top + lineHeight
        finishedLines += 1
        lineX = 0
        lineHeight = 0
        isFirstLine = false
        lineIsEmpty = true
        gap = u.leadingMargin
      }
      if lineIsEmpty && u.shrinksOversizedCells {
        let room = available - gap - insetsWidth - u.trailingMargin
        if width > room { width = max(0, room) }
      }
      // 5. Place.
      let x = lineX + gap + u.insets.left
      let topMargin = isFirstLine ? u.firstLineTopMargin : 0
      let outerHeight = topMargin + insetsHeight + size.height
      let record = c.items + c.itemCount * LinePage.itemStride
      record[0] = x
      record[1] = topMargin + u.insets.top
      record[2] = width
      record[3] = size.height
      c.itemCount += 1
      lineHeight = max(lineHeight, outerHeight)
      lineX = x + width + u.insets.right
      previousEndsLine = false
      i += 1
    }
    page.commit(c)
    self.lineX = lineX
    self.lineHeight = lineHeight
    self.pageBottom = pageBottom
    self.isFirstLine = isFirstLine
    self.previousEndsLine = previousEndsLine
    linesLaidOut += finishedLines
    return i
  }

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
    let traits = policy.usesTraits ? policy.key(cell.pointee.traits) : .none

    // 1. Break before sizing.
    if !lineIsEmpty
      && (previousEndsLine || cellAttributes.shouldBeginLine || insets.horizontal > available - lineX)
    {
      finishLine()
    }

    // 2. Gap and trailing margin.
    var gap =
      lineIsEmpty
      ? policy.margin(traits, .left)
      : policy.horizontalGap(
        traits, after: policy.usesTraits ? lineCellTraits[lineCellTraits.count - 1] : .none)
    if !gap.isFinite && !lineIsEmpty {
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
    if !lineIsEmpty && lineX + gap + insets.horizontal + size.width + trailingMargin > available {
      finishLine()
      gap = policy.margin(traits, .left)
    }
    if lineIsEmpty && policy.oversizedCellPolicy == .shrink {
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
    page.appendItem(x: x, y: topMargin + insets.top, width: size.width, height: size.height)
    if needsOuterHeights { lineOuterHeights.append(outerHeight) }
    if policy.usesTraits { lineCellTraits.append(traits) }
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
    let first = page.lineFirstItem
    let count = page.itemCount - first
    // 1. Align horizontally.
    let offset: Double
    if policy.usesTraits || attributes.horizontalAlignment != .left {
      let last = first + count - 1
      let metrics = LineMetrics(
        availableWidth: available, usedWidth: lineX, firstCellMinX: page.itemX[first],
        lastCellMaxX: page.itemX[last] + page.itemWidth[last])
      if policy.usesTraits {
        offset = policy.lineOffset(lineCellTraits.elements, metrics)
      } else {
        // The default manager aligns by the section's attributes alone.
        offset = attributes.horizontalAlignment.offset(for: metrics)
      }
    } else {
      offset = 0
    }
    let left = lineLeft + offset

    // 2. Stack vertically.
    var top = pageBottom
    if !isFirstLine { top += uniform?.lineGap ?? gapAbove(firstTraits: firstCellTraits) }

    // Start a new page before this line if the current one is full.
    if first >= LinePage.targetItemCount {
      pages.append(page.sealFinishedLines(height: pageBottom))
      top -= pageBottom
      pageBottom = 0
    }

    // 3. Align vertically, making the line's frames page-relative.
    switch attributes.verticalAlignment {
    case .top: page.placePendingItems(left: left, top: top)
    case .center:
      page.placePendingItems(left: left) { k, y in top + (lineHeight - lineOuterHeights[k]) / 2 + y }
    case .bottom:
      page.placePendingItems(left: left) { k, y in top + (lineHeight - lineOuterHeights[k]) + y }
    }
    page.finishLine(
      y: top, height: lineHeight, indent: LineIndent(leading: leadingIndent, trailing: trailingIndent))
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

    if policy.usesTraits { swap(&previousLineTraits, &lineCellTraits) }
    resetLine()
    isFirstLine = false
  }

  /// ``finishLine()`` for the common case of a section with uniform spacing whose lines are
  /// top- and left-aligned and start no indentation: the same steps and arithmetic, without
  /// the cases that cannot arise.
  @inline(__always)
  mutating func finishPlainLine(_ u: UniformSpacing) {
    guard u.alignsTopLeft, pendingIndent == nil else { return finishLine() }
    var top = pageBottom
    if !isFirstLine { top += u.lineGap }
    if page.lineFirstItem >= LinePage.targetItemCount {
      pages.append(page.sealFinishedLines(height: pageBottom))
      top -= pageBottom
      pageBottom = 0
    }
    page.placePendingItems(left: lineLeft, top: top)
    page.finishLine(
      y: top, height: lineHeight, indent: LineIndent(leading: leadingIndent, trailing: trailingIndent))
    pageBottom = top + lineHeight
    linesLaidOut += 1
    lineX = 0
    lineHeight = 0
    isFirstLine = false
  }

  /// Whether no cell has been placed on the line being filled.
  var lineIsEmpty: Bool { page.itemCount == page.lineFirstItem }

  /// The traits of the first cell of the line being filled (empty when the manager's answers
  /// do not depend on traits).
  var firstCellTraits: TraitKey { policy.usesTraits ? lineCellTraits[0] : .none }

  /// The gap between the line above and a new line whose first cell has `firstTraits`: the
  /// largest of the manager's gaps to each cell above.
  mutating func gapAbove(firstTraits: TraitKey) -> Double {
    guard policy.usesTraits else { return policy.verticalGap(.none, below: .none) }
    var gap = 0.0
    for above in previousLineTraits.elements {
      gap = max(gap, policy.verticalGap(firstTraits, below: above))
    }
    return gap
  }

  /// The margin below the last finished line: the largest of its cells' bottom margins.
  mutating func bottomMarginOfLastLine() -> Double {
    guard policy.usesTraits else { return policy.margin(.none, .bottom) }
    var margin = 0.0
    for traits in previousLineTraits.elements {
      margin = max(margin, policy.margin(traits, .bottom))
    }
    return margin
  }

  /// Clears the state of the line being filled (its cells, once finished, belong to the page).
  mutating func resetLine() {
    lineX = 0
    lineHeight = 0
    lineOuterHeights.removeAll()
    lineCellTraits.removeAll()
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

/// The layout manager's answers for one section when none of them depends on traits (the
/// default manager), together with the section's default cell insets: what
/// ``FlowTypesetter/placePlain(_:at:uniform:)`` reads instead of asking per cell.
struct UniformSpacing {
  var leadingMargin: Double
  var trailingMargin: Double
  var itemGap: Double
  var lineGap: Double
  var firstLineTopMargin: Double
  var insets: EdgeInsets
  var shrinksOversizedCells: Bool
  /// Whether lines are top- and left-aligned (no alignment pass).
  var alignsTopLeft: Bool

  /// The answers for the section `policy` has begun, or `nil` when they depend on traits,
  /// when every cell starts a line, or when the default attributes break or indent lines.
  init?<Policy: SpacingPolicy>(
    _ policy: inout Policy, section: SectionAttributes, defaults: CellAttributes, headerTraits: TraitKey?
  ) {
    guard !policy.usesTraits, !defaults.shouldBeginLine, !defaults.shouldEndLine,
      !defaults.startLineIndentation, defaults.insets.isValidLayoutInsets
    else { return nil }
    let none = TraitKey.none
    itemGap = policy.horizontalGap(none, after: none)
    guard itemGap.isFinite else { return nil }
    leadingMargin = policy.margin(none, .left)
    trailingMargin = policy.margin(none, .right)
    lineGap = policy.verticalGap(none, below: none)
    firstLineTopMargin = headerTraits.map { policy.gapToHeader(none, $0) } ?? policy.margin(none, .top)
    insets = defaults.insets
    shrinksOversizedCells = policy.oversizedCellPolicy == .shrink
    alignsTopLeft = section.horizontalAlignment == .left && section.verticalAlignment == .top
  }
}
