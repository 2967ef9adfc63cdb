import LayoutGeometry

/// FSQCollectionViewAlignedLayout's typesetter, generalised by a layout manager: cells are
/// words, lines are lines of a paragraph, a section is a paragraph.
///
/// For each cell, in order (``place(_:at:_:_:_:_:inRun:)``):
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
/// When a line is finished (``finishLine(_:_:_:_:inRun:)``):
/// 1. **Align horizontally**: the manager's offset (FSQ's alignment, Hub's centering).
/// 2. **Stack vertically**: below the previous line by the largest of the manager's vertical
///    gaps between the line's first cell and each cell of the line above (FSQ: `lineSpacing`).
/// 3. **Align vertically** inside the line box by the section's vertical alignment, treating
///    cell insets as CSS margins (`stretch` makes each cell as tall as the line less them).
/// 4. **Indent** following lines if a cell of this line started an indentation.
///
/// Both routines are written once, generic over the ``SpacingPolicy`` that answers the
/// manager's questions: ``SectionConstants`` when the answers do not depend on traits (asked
/// once per section), else the manager's answers, direct or memoized. The compiler makes
/// each a specialization; there is no second copy of a rule. A run of cells works on the
/// typesetter's ``FlowPosition`` and the page builder's cursor as local values.
struct FlowTypesetter {
  // Inputs of the list.
  let listWidth: Double
  let contentInsets: EdgeInsets
  let defaultCellSize: Size
  let defaultCellAttributes: CellAttributes
  let direction: LayoutDirection

  // Inputs of the current section.
  private(set) var attributes = SectionAttributes()
  private(set) var sectionIndex = 0
  /// What the routines read of the section, in one value a run of cells keeps in registers.
  private(set) var rules = FlowRules()

  /// Where the typesetter is, between runs of cells.
  private(set) var position = FlowPosition(box: LineBox())

  /// Counts the lines laid out (tests pin how much an edit reflows).
  var linesLaidOut: Int { linesLaidOutBefore + position.linesFinished }

  /// Whether the typesetter stops at a cell sized by a callback rather than ask it (it lays
  /// out a section's second half on a helper thread: ``PageSetup/refusesCalls``).
  private(set) var refusesCalls = false

  /// The outer heights of the line's cells, kept only when ``FlowRules/needsOuterHeights``.
  private let lineOuterHeights = ScratchBuffer<Double>()
  /// The traits of the line's cells, kept only when the manager's answers depend on them.
  private var lineCellTraits = ScratchBuffer<TraitKey>()
  /// The traits of the cells of the line above (likewise).
  private var previousLineTraits = ScratchBuffer<TraitKey>()

  // Output.
  /// The pages sealed so far in the current section.
  private(set) var pages: ContiguousArray<LinePage> = []
  /// The page being filled.
  let page = PageBuilder()
  /// The lines laid out in sections before the current one.
  private var linesLaidOutBefore = 0

  init(configuration: ListConfiguration) {
    self.listWidth = configuration.width
    self.contentInsets = configuration.contentInsets
    self.defaultCellSize = configuration.defaultCellSize
    self.defaultCellAttributes = configuration.defaultCellAttributes
    self.direction = configuration.layoutDirection
  }

  // MARK: Sections

  /// Starts a section: its inputs, an empty line box at its top, no pages, the page builder
  /// set up as `pages` says.
  mutating func begin<Spacing: SpacingPolicy>(
    _ section: Section, in context: SectionContext, spacing: inout Spacing, pages setup: PageSetup
  ) {
    attributes = context.attributes
    sectionIndex = context.index
    spacing.begin(section: attributes)
    rules = FlowRules(
      defaults: defaultCellAttributes, horizontalAlignment: attributes.horizontalAlignment,
      verticalAlignment: attributes.verticalAlignment,
      headerTraits: section.header.map { spacing.key($0.traits) })
    restart()
    refusesCalls = setup.refusesCalls
    page.start(setup)
  }

  /// Starts the current section over: an empty line box at its top, no pages (an edit then
  /// resumes at one of its old lines).
  mutating func restart() {
    linesLaidOutBefore += position.linesFinished
    position = FlowPosition(
      box: LineBox(
        left: contentInsets.left + attributes.insets.left,
        available: max(0, listWidth - contentInsets.horizontal - attributes.insets.horizontal)))
    lineOuterHeights.removeAll()
    lineCellTraits.removeAll()
    previousLineTraits.removeAll()
    pages = []
    page.removeAll()
  }

  /// Where the typesetter resumes a section it laid out before (``resume(_:lineAbove:)``).
  enum Resumption {
    /// At the start of line `line` of `page`, the lines before it kept (an edit).
    case line(Int, of: LinePage)
    /// At the page that starts at `PageStart`, whose records were deferred (the builder set up
    /// by ``PageSetup/again(_:reserve:)``).
    case page(PageStart)
    /// After the finished lines and lines `lines` of `page` appended below them, moved down by
    /// `shiftedBy` (kept as they were): the next group of changes of an edit.
    case afterAppending(Range<Int>, of: LinePage, shiftedBy: Double)
  }

  /// Resumes the section at `point` with the state the typesetter had when it first reached
  /// it: the lines kept before it, the indentation in force, the bottom of the line above
  /// and, in `lineAbove`, the traits of that line's cells (`nil` when it is the section's
  /// first line; possibly on an earlier page).
  mutating func resume<Traits: Sequence<TraitKey>>(_ point: Resumption, lineAbove: Traits?) {
    switch point {
    case .line(let line, let old):
      page.load(old, lines: line)
      position.box.indent = old.indent(beforeLine: line)
      position.pageBottom = line > 0 ? old.line(line - 1).maxY : 0
    case .page(let start):
      position.box.indent = start.indent
      position.pageBottom = lineAbove == nil ? 0 : start.aboveBottom
    case .afterAppending(let lines, let old, let shift):
      page.appendLines(lines, of: old, shiftedBy: shift)
      let finished = position.linesFinished
      position = FlowPosition(
        box: LineBox(left: position.box.baseLeft, available: position.box.baseAvailable))
      position.linesFinished = finished
      position.box.indent = old.indent(beforeLine: lines.upperBound)
      position.pageBottom = page.bottom
      lineOuterHeights.removeAll()
      lineCellTraits.removeAll()
    }
    if let lineAbove {
      position.isFirstLine = false
      previousLineTraits.removeAll()
      for traits in lineAbove { previousLineTraits.append(traits) }
    }
  }

  /// Finishes the section: its last line, its last page; returns its body.
  mutating func finishSection<Spacing: SpacingPolicy>(spacing: inout Spacing) -> FlowBody {
    finishPendingLine(spacing: &spacing)
    let bottomMargin = position.isFirstLine ? 0 : bottomMarginOfLastLine(spacing: &spacing)
    if page.lineCount > 0 || pages.isEmpty {
      // The next section sizes the builder's blocks for itself (`PageSetup/reserve`).
      pages.append(page.sealFinishedLines(height: position.pageBottom, continuing: false))
    }
    defer { pages = [] }
    return FlowBody(pages: pages, trailingSpace: bottomMargin)
  }

  /// Takes the pages sealed so far, dropping the lines after them (a section's first half,
  /// joined to its second half's pages there), and empties the builder.
  mutating func takeSealedPages() -> ContiguousArray<LinePage> {
    page.removeAll()
    defer { pages = [] }
    return pages
  }

  /// Counts `count` lines laid out elsewhere (by the typesetter of a section's second half)
  /// as laid out by this one.
  mutating func countLines(_ count: Int) {
    linesLaidOutBefore += count
  }

  /// Takes the pages sealed so far, and the finished lines not yet sealed as pages of about
  /// ``LinePage/targetItemCount`` cells (an edit's reflowed lines).
  mutating func takePages() -> ContiguousArray<LinePage> {
    pages.append(
      contentsOf: page.sealSplitting(height: position.pageBottom, maxItems: 2 * LinePage.targetItemCount))
    defer { pages = [] }
    return pages
  }

  // MARK: Runs of cells

  // The typesetter is driven through two orchestrators: ``place(_:first:spacing:)`` (a layout)
  // and ``place(_:first:spacing:until:)`` (an edit, or the join of two halves, which watch
  // where lines start); ``resume(_:lineAbove:)`` sets it at a line it reached before. Their
  // steps are private: runs of plain cells (`placeRun`), a cell a run declines (`placeAlone`),
  // and the rules for one cell and one line (`place(_:at:_:_:_:_:inRun:)`, `finishLine`).

  /// Places cells `first...` of the section, in order: runs of plain cells, each in one loop
  /// with the state in registers (`placeRun`), and each cell a run stops at on the general
  /// path (`placeAlone`).
  mutating func place<Spacing: SpacingPolicy>(
    _ cells: UnsafeBufferPointer<Cell>, first: Int, spacing: inout Spacing
  ) throws(LayoutError) {
    guard let base = cells.baseAddress else { return }
    var i = 0
    while i < cells.count {
      i = placeRun(cells, from: i, first: first, spacing: &spacing)
      guard i < cells.count else { return }
      try placeAlone(base + i, at: first + i, spacing: &spacing)
      i += 1
    }
  }

  /// Places cells `start...` of `cells` (items `first...` of the section) with the state in
  /// locals, until a cell that needs more than the loop does without a call: attributes of
  /// its own, a size to compute or an invalid one, a full block or page, aligned or indented
  /// lines (see `place(_:at:_:_:_:_:inRun:)`).
  ///
  /// The loop keeps the state in registers (the spacing moved in, not copied, so a memo is
  /// not duplicated); with no call in it, nothing has to be saved around one.
  ///
  /// - Returns: the index of the first cell not placed.
  private mutating func placeRun<Spacing: SpacingPolicy>(
    _ cells: UnsafeBufferPointer<Cell>, from start: Int, first: Int, spacing: inout Spacing
  ) -> Int {
    guard let base = cells.baseAddress else { return start }
    var position = position
    var cursor = page.cursor()
    var spacingHere = consume spacing
    let rules = rules
    var i = start
    // A run never throws: it stops before any cell that could.
    while i < cells.count,
      (try? place(base + i, at: first + i, rules, &position, &cursor, &spacingHere, inRun: true)) == true
    {
      i += 1
    }
    page.commit(cursor)
    self.position = position
    spacing = spacingHere
    return i
  }

  /// Places cells `first...` of the section, in order, calling `stop` after each with the
  /// item and, when the cell started a new line, that line's start; stops when it returns
  /// `true`.
  ///
  /// - Returns: whether `stop` stopped it.
  mutating func place<Spacing: SpacingPolicy>(
    _ cells: UnsafeBufferPointer<Cell>, first: Int, spacing: inout Spacing,
    until stop: (_ item: Int, _ newLine: NewLine?) -> Bool
  ) throws(LayoutError) -> Bool {
    guard let base = cells.baseAddress else { return false }
    var position = position
    var cursor = page.cursor()
    defer {
      page.commit(cursor)
      self.position = position
    }
    let rules = rules
    for i in 0..<cells.count {
      _ = try place(base + i, at: first + i, rules, &position, &cursor, &spacing, inRun: false)
      var newLine: NewLine?
      if cursor.pendingCount == 1 {
        newLine = NewLine(
          indent: position.box.indent, top: position.pageBottom,
          gapAbove: gapAbove(firstTraits: firstCellTraits(spacing), spacing: &spacing),
          pageAbove: cursor.counts.lines == 1
            ? PageBoundary(start: first + i - cursor.counts.lineFirstItem, heightAbove: page.lastSealedHeight)
            : nil)
      }
      if stop(first + i, newLine) { return true }
    }
    return false
  }

  /// Places one cell on the general path (one a run declined).
  private mutating func placeAlone<Spacing: SpacingPolicy>(
    _ cell: UnsafePointer<Cell>, at item: Int, spacing: inout Spacing
  ) throws(LayoutError) {
    var position = position
    var cursor = page.cursor()
    defer {
      page.commit(cursor)
      self.position = position
    }
    _ = try place(cell, at: item, rules, &position, &cursor, &spacing, inRun: false)
  }

  /// Finishes the line being filled, if it has cells.
  mutating func finishPendingLine<Spacing: SpacingPolicy>(spacing: inout Spacing) {
    var position = position
    var cursor = page.cursor()
    if !cursor.lineIsEmpty { finishLine(rules, &position, &cursor, &spacing) }
    page.commit(cursor)
    self.position = position
  }

  /// The number of cells on the line being filled.
  var pendingCount: Int { page.itemCount - page.lineFirstItem }

  /// Drops the line being filled (its cells are placed again elsewhere, or kept from before).
  mutating func discardPendingLine() {
    page.discardPendingItems()
    position.lineX = 0
    position.lineHeight = 0
    lineOuterHeights.removeAll()
    lineCellTraits.removeAll()
  }

  /// Seals the finished lines (no line being filled) as a page ending at the last one's
  /// bottom; the next line starts at the top of the next page. What a run's period of lines
  /// starts and ends at (`Flow/FlowRepetition.swift`).
  mutating func sealAtLineStart() {
    pages.append(page.sealFinishedLines(height: position.pageBottom))
    page.sealedAtLineStart()
    position.pageBottom = 0
  }

  /// Replaces the last page sealed (one period of a run's lines, the next line starting as
  /// its first did) by `copies` copies of it, and goes on below them.
  mutating func repeatLastPage(copies: Int) {
    let base = pages.removeLast()
    pages.append(base.repeated(copies))
    page.skip(items: (copies - 1) * base.itemCount)
  }

  /// Appends `page`'s lines from `line` on, moved down by `shift`, after the finished lines.
  mutating func appendLines(of page: LinePage, from line: Int, shiftedBy shift: Double) {
    self.page.appendLines(of: page, from: line, shiftedBy: shift)
    position.pageBottom = self.page.bottom
  }

  // MARK: Cells

  /// Steps 1–5 for one cell.
  ///
  /// The cell is read in place through a pointer into the section's cell array, so its
  /// identifier and size callback are never copied. A fixed size is known before the line is
  /// touched, so for such a cell (the common case) the breaks before and after sizing are
  /// one test; a cell sized with the space left is sized after the break before sizing.
  ///
  /// `inRun` (a constant where it is inlined) makes the loop of `placeRun(_:from:first:spacing:)`:
  /// the routine then declines (returns `false`, changing nothing) a cell whose placement
  /// could call out of the loop (see the first test), and what it declines cannot arise in
  /// the rest of it. Otherwise it places every cell and returns `true`.
  @inline(__always)
  private mutating func place<Spacing: SpacingPolicy>(
    _ cell: UnsafePointer<Cell>, at item: Int, _ r: FlowRules, _ p: inout FlowPosition,
    _ c: inout PageCursor, _ spacing: inout Spacing, inRun: Bool
  ) throws(LayoutError) -> Bool {
    if inRun {
      // Room for one more item and line, no page to seal, no own attributes, a valid fixed
      // size, top-aligned lines and no indentation: nothing below calls out.
      guard c.hasRoomForACell, c.counts.lineFirstItem < c.pageLimit, !cell.pointee.hasExtras,
        let size = cell.pointee.size.fixedValue, size.isValidLayoutSize, r.isPlain, !p.box.isIndented,
        !c.counts.recordsIndents, p.pendingIndent == nil
      else { return false }
    }
    let own = !inRun && cell.pointee.hasExtras ? try ownAttributes(of: cell, at: item) : nil
    let cellAttributes = own ?? r.defaults
    // With the section's constants, the default attributes neither break nor indent lines: the
    // compiler drops those tests for cells without attributes of their own.
    let defaultsArePlain = Spacing.defaultCellsArePlain && own == nil
    let beginsLine = !defaultsArePlain && cellAttributes.shouldBeginLine
    let endsLine = !defaultsArePlain && cellAttributes.shouldEndLine
    let startsIndent = !defaultsArePlain && cellAttributes.startLineIndentation
    let insets = cellAttributes.insets
    let traits = spacing.usesTraits ? spacing.key(cell.pointee.traits) : .none
    let fixedSize = cell.pointee.size.fixedValue

    // The manager's answers step 2 needs, asked first (an infinite gap to the preceding cell
    // is a break before sizing).
    let trailingMargin = spacing.margin(traits, .right)
    var gap = 0.0
    if !c.lineIsEmpty {
      let previous = spacing.usesTraits ? lineCellTraits[lineCellTraits.count - 1] : .none
      gap = spacing.horizontalGap(traits, after: previous)
      // 1. Break before sizing: the previous cell ends its line, this one begins one, its
      //    insets exceed the space left, or the manager asks for a new line. 4. With a fixed
      //    size, break after sizing too when the cell does not fit.
      var breaks =
        p.previousEndsLine || beginsLine || insets.horizontal > p.box.available - p.lineX || !gap.isFinite
      if !breaks, let fixedSize {
        breaks = overflows(
          width: fixedSize.width, p, gap: gap, insets: insets, trailingMargin: trailingMargin)
      }
      if breaks { finishLine(r, &p, &c, &spacing, inRun: inRun) }
    }
    // 2. Gap: the leading margin for a line's first cell.
    if c.lineIsEmpty { gap = spacing.margin(traits, .left) }

    // 3. Size.
    var size: Size
    if let fixedSize {
      size = fixedSize
    } else {
      size = try sizeOf(cell, at: item, p, gap: gap, insets: insets, trailingMargin: trailingMargin)
      // 4. Break after sizing.
      if !c.lineIsEmpty
        && overflows(width: size.width, p, gap: gap, insets: insets, trailingMargin: trailingMargin)
      {
        finishLine(r, &p, &c, &spacing, inRun: inRun)
        gap = spacing.margin(traits, .left)
      }
    }
    guard inRun || size.isValidLayoutSize else {
      throw invalidValue(item, "size", size)
    }
    if c.lineIsEmpty && spacing.oversizedCellPolicy == .shrink {
      let room = p.box.available - gap - insets.horizontal - trailingMargin
      if size.width > room { size.width = max(0, room) }
    }

    // 5. Place.
    let x = p.lineX + gap + insets.left
    var topMargin = 0.0
    if p.isFirstLine {
      if let headerTraits = r.headerTraits {
        topMargin = spacing.gapToHeader(traits, headerTraits)
      } else {
        topMargin = spacing.margin(traits, .top)
      }
    }
    let outerHeight = topMargin + insets.vertical + size.height
    page.append(
      ItemRecord(x: x, y: topMargin + insets.top, width: size.width, height: size.height), to: &c,
      hasRoom: inRun)
    if r.needsOuterHeights { lineOuterHeights.append(outerHeight) }
    if spacing.usesTraits { lineCellTraits.append(traits) }
    p.lineHeight = max(p.lineHeight, outerHeight)
    p.lineX = x + size.width + insets.right
    if startsIndent && r.horizontalAlignment != .center {
      p.pendingIndent = PendingIndent(minX: x, maxX: x + size.width)
    }
    p.previousEndsLine = endsLine
    return true
  }

  /// Whether a cell `width` wide, after `gap`, with its insets and the manager's trailing
  /// margin, runs past the end of the line being filled (an exact fit does not).
  @inline(__always)
  func overflows(
    width: Double, _ p: FlowPosition, gap: Double, insets: EdgeInsets, trailingMargin: Double
  ) -> Bool {
    p.lineX + gap + insets.horizontal + width + trailingMargin > p.box.available
  }

  /// A cell's own attributes, checked (out of the placement loop).
  @inline(never)
  func ownAttributes(of cell: UnsafePointer<Cell>, at item: Int) throws(LayoutError) -> CellAttributes? {
    guard let own = cell.pointee.attributes else { return nil }
    guard own.insets.isValidLayoutInsets else {
      throw invalidValue(item, "attributes.insets", own.insets)
    }
    return own
  }

  // MARK: Lines

  /// Steps 1–4 for the line being filled (which has cells).
  @inline(__always)
  private mutating func finishLine<Spacing: SpacingPolicy>(
    _ r: FlowRules, _ p: inout FlowPosition, _ c: inout PageCursor, _ spacing: inout Spacing,
    inRun: Bool = false
  ) {
    // 1. Align horizontally.
    let (first, last) = c.pendingEnds
    let metrics = LineMetrics(
      availableWidth: p.box.available, usedWidth: p.lineX, firstCellMinX: first.x, lastCellMaxX: last.maxX)
    let offset: Double
    if spacing.usesTraits {
      offset = spacing.lineOffset(lineCellTraits.elements, metrics)
    } else {
      offset = spacing.lineOffset(UnsafeBufferPointer(start: nil, count: 0), metrics)
    }
    let left = p.box.left + offset

    // 2. Stack vertically.
    var top = p.pageBottom
    if !p.isFirstLine { top += gapAbove(firstTraits: firstCellTraits(spacing), spacing: &spacing) }

    // Start a new page before this line if the current one is full.
    // (A run never gets here with a full page: it declines the cell first.)
    if !inRun && c.counts.lineFirstItem >= c.pageLimit {
      c = sealPage(c, height: p.pageBottom)
      top -= p.pageBottom
      p.pageBottom = 0
    }

    // 3. Align vertically, making the line's frames page-relative.
    let lineHeight = p.lineHeight
    if inRun || r.verticalAlignment == .top {
      c.placePendingItems(left: left, top: top)
    } else {
      alignPendingItems(c, left: left, top: top, lineHeight: lineHeight, alignment: r.verticalAlignment)
    }
    page.finishLine(&c, y: top, height: lineHeight, box: p.box, inRun: inRun)
    p.pageBottom = top + lineHeight
    p.linesFinished += 1

    // 4. Indent following lines.
    if let indent = p.pendingIndent {
      p.box.indent(by: indent, lineWidth: p.lineX, alignment: r.horizontalAlignment)
      p.pendingIndent = nil
    }

    if spacing.usesTraits {
      swap(&previousLineTraits, &lineCellTraits)
      lineCellTraits.removeAll()
    }
    if r.needsOuterHeights { lineOuterHeights.removeAll() }
    p.lineX = 0
    p.lineHeight = 0
    p.isFirstLine = false
  }

  /// The traits of the first cell of the line being filled (empty when the manager's answers
  /// do not depend on traits).
  @inline(__always)
  func firstCellTraits<Spacing: SpacingPolicy>(_ spacing: Spacing) -> TraitKey {
    spacing.usesTraits ? lineCellTraits[0] : .none
  }

  /// The gap between the line above and a new line whose first cell has `firstTraits`: the
  /// largest of the manager's gaps to each cell above.
  @inline(__always)
  func gapAbove<Spacing: SpacingPolicy>(firstTraits: TraitKey, spacing: inout Spacing) -> Double {
    guard spacing.usesTraits else { return spacing.verticalGap(.none, below: .none) }
    var gap = 0.0
    for above in previousLineTraits.elements {
      gap = max(gap, spacing.verticalGap(firstTraits, below: above))
    }
    return gap
  }

  /// The margin below the last finished line: the largest of its cells' bottom margins.
  func bottomMarginOfLastLine<Spacing: SpacingPolicy>(spacing: inout Spacing) -> Double {
    guard spacing.usesTraits else { return spacing.margin(.none, .bottom) }
    var margin = 0.0
    for traits in previousLineTraits.elements {
      margin = max(margin, spacing.margin(traits, .bottom))
    }
    return margin
  }

  /// The margin below a line whose cells have `traits` (an edited section's last line).
  mutating func bottomMargin<Spacing: SpacingPolicy, Traits: Sequence<TraitKey>>(
    ofLineWith traits: Traits, spacing: inout Spacing
  ) -> Double {
    previousLineTraits.removeAll()
    for t in traits { previousLineTraits.append(t) }
    return bottomMarginOfLastLine(spacing: &spacing)
  }

  /// The size of a cell whose size is not fixed: the default, or asked of its callback or
  /// its flexbox content (out of the placement loop).
  @inline(never)
  func sizeOf(
    _ cell: UnsafePointer<Cell>, at item: Int, _ p: FlowPosition, gap: Double, insets: EdgeInsets,
    trailingMargin: Double
  ) throws(LayoutError) -> Size {
    // What a sizing callback is told: the space left on the line once the gap, the cell's
    // insets and its trailing margin are taken out, and the line's width.
    func proposal() -> SizingProposal {
      SizingProposal(
        indexPath: ListIndexPath(item: item, section: sectionIndex),
        remainingLineSpace: p.box.available - p.lineX - gap - insets.horizontal - trailingMargin,
        lineWidth: p.box.available)
    }
    switch cell.pointee.size {
    case .fixed(let fixed): return fixed
    case .automatic: return defaultCellSize
    case .sizing(let callback):
      // Thrown only to stop a section's second half, which is then laid out here again.
      if refusesCalls {
        throw .sectionLayoutFailed(path: cellPath(item, "size"), reason: "callback on a helper")
      }
      page.noteComputedSize(at: item)
      return callback(proposal())
    case .flex(let content):
      page.noteComputedSize(at: item)
      return content.size(for: proposal(), direction: direction)
    }
  }

  /// Seals the finished lines as a page of the given height; returns the cursor for the next.
  @inline(never)
  mutating func sealPage(_ c: PageCursor, height: Double) -> PageCursor {
    page.commit(c)
    pages.append(page.sealFinishedLines(height: height))
    return page.cursor()
  }

  /// Step 3 of line finishing for lines aligned to their center or bottom: the pending items
  /// made page-relative, moved down by the room their outer height leaves in the line.
  @inline(never)
  func alignPendingItems(
    _ c: PageCursor, left: Double, top: Double, lineHeight: Double, alignment: VerticalAlignment
  ) {
    switch alignment {
    case .top: c.placePendingItems(left: left, top: top)
    case .center:
      c.placePendingItems(left: left) { k, y in top + (lineHeight - lineOuterHeights[k]) / 2 + y }
    case .bottom:
      c.placePendingItems(left: left) { k, y in top + (lineHeight - lineOuterHeights[k]) + y }
    case .stretch:
      // The line's height less the cell's margins (its outer height less its own height):
      // CSS's stretch of a cell whose margins are its insets and the manager's top margin.
      c.placePendingItems(left: left, top: top) { k, height in
        max(0, lineHeight - (lineOuterHeights[k] - height))
      }
    }
  }

  /// The error for an invalid value of a cell (out of the placement loop).
  @inline(never)
  func invalidValue<Value>(_ item: Int, _ field: String, _ value: Value) -> LayoutError {
    .invalidValue(path: cellPath(item, field), value: "\(value)", expected: nonNegative)
  }

  func cellPath(_ item: Int, _ field: String) -> String {
    "sections[\(sectionIndex)].items[\(item)].\(field)"
  }
}

let nonNegative = "a finite number, not negative"

/// Where lines start and how wide they are: a section's content box after its insets and the
/// indentation in force.
struct LineBox {
  /// The line box's left edge and width before indentation.
  let baseLeft: Double
  let baseAvailable: Double
  private(set) var leadingIndent = 0.0
  private(set) var trailingIndent = 0.0
  /// Whether any indentation is in force.
  private(set) var isIndented = false
  /// The left edge of lines.
  private(set) var left: Double
  /// The width of lines.
  private(set) var available: Double

  init(left: Double = 0, available: Double = 0) {
    baseLeft = left
    baseAvailable = available
    self.left = left
    self.available = available
  }

  /// The indentation in force.
  var indent: LineIndent {
    get { LineIndent(leading: leadingIndent, trailing: trailingIndent) }
    set {
      leadingIndent = newValue.leading
      trailingIndent = newValue.trailing
      isIndented = newValue != LineIndent()
      left = baseLeft + leadingIndent
      available = max(0, baseAvailable - leadingIndent - trailingIndent)
    }
  }

  /// Indents following lines by a cell that started an indentation on a line `lineWidth`
  /// wide. Indentation accumulates (a later indenting cell lines up with its own edge) and is
  /// clamped so that the line box never leaves the section.
  mutating func indent(by cell: PendingIndent, lineWidth: Double, alignment: HorizontalAlignment) {
    var indent = indent
    switch alignment {
    case .left: indent.leading = min(leadingIndent + cell.minX, baseAvailable - trailingIndent)
    case .right: indent.trailing = min(trailingIndent + lineWidth - cell.maxX, baseAvailable - leadingIndent)
    case .center: break
    }
    self.indent = indent
  }
}

/// Where a line the typesetter has just started sits: what an edit compares with the old
/// lines.
struct NewLine {
  /// The indentation in force.
  var indent: LineIndent
  /// The bottom of the line above, relative to the page's top.
  var top: Double
  /// The gap between the line above and this one.
  var gapAbove: Double
  /// When the line above is the first of its page (it starts a page), where that page
  /// starts. (A page starts at a line when the line is finished, as the next one begins.)
  var pageAbove: PageBoundary?
}

/// Where a page starts: its first item, and the height of the page before it.
struct PageBoundary {
  var start: Int
  var heightAbove: Double
}

/// The horizontal extent of a cell that starts an indentation, relative to its line box.
struct PendingIndent {
  var minX: Double
  var maxX: Double
}

/// Where the typesetter is in a section: the line box, the line being filled and the bottom of
/// the page so far. A value, so that a run of cells keeps it in registers.
struct FlowPosition {
  var box: LineBox
  /// Where the line being filled ends (after its last cell's right inset), relative to the
  /// line box.
  var lineX = 0.0
  /// The line's height so far (the tallest outer height of its cells).
  var lineHeight = 0.0
  /// The bottom of the last finished line, relative to the current page's top.
  var pageBottom = 0.0
  var isFirstLine = true
  var previousEndsLine = false
  /// The indentation a cell of the line being filled starts, applied when the line ends.
  var pendingIndent: PendingIndent?
  /// The lines finished in the section so far.
  var linesFinished = 0
}

/// What the placement and line-finishing routines read of the current section.
struct FlowRules {
  let defaults: CellAttributes
  let horizontalAlignment: HorizontalAlignment
  let verticalAlignment: VerticalAlignment
  /// The header's traits, when the section has a header (the first line's gap is then asked
  /// relative to it).
  let headerTraits: TraitKey?
  /// Whether lines are top-aligned and the default attributes neither break nor indent
  /// lines (a run of cells then needs no call).
  let isPlain: Bool

  init(
    defaults: CellAttributes = CellAttributes(), horizontalAlignment: HorizontalAlignment = .left,
    verticalAlignment: VerticalAlignment = .top, headerTraits: TraitKey? = nil
  ) {
    self.defaults = defaults
    self.horizontalAlignment = horizontalAlignment
    self.verticalAlignment = verticalAlignment
    self.headerTraits = headerTraits
    isPlain =
      verticalAlignment == .top && !defaults.shouldBeginLine && !defaults.shouldEndLine
      && !defaults.startLineIndentation
  }
  /// Whether lines align vertically other than at the top (their cells' outer heights are
  /// then kept).
  var needsOuterHeights: Bool { verticalAlignment != .top }
}
