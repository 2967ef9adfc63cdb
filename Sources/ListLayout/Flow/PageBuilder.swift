/// The page writer: where the pages of lines the typesetter fills end, and what a sealed page
/// records besides its lines (where it starts, its indentation). The records themselves are
/// written into a ``PageStore``, set up once per pass by ``start(_:)`` from a ``PageSetup``,
/// and every page is sealed by it; the builder holds no pointer.
///
/// Pages end in one of two ways: where the section's item index passes a multiple of
/// ``LinePage/targetItemCount`` (a layout: ``start(_:)``), or once a page holds that many cells
/// (an edit, which ``load(_:lines:)`` starts).
///
/// Only its typesetter touches it, on one thread: dynamic exclusivity checks would only cost
/// time.
final class PageBuilder {
  /// The records of the page being written, and of the pages sealed before in the arena.
  @exclusivity(unchecked) private var store = PageStore()
  /// The indentation before each line, kept only from the first indented line on (the
  /// lines before it have none).
  let lineIndent = ScratchBuffer<LineIndent>(capacity: 16)
  /// Whether pages end where the section's item index passes a multiple of the target count,
  /// rather than once a page holds the target count.
  @exclusivity(unchecked) private var pagesFollowItemIndex = false
  /// The section's index of the current page's first item (kept when pages follow the item
  /// index).
  @exclusivity(unchecked) private var pageStart = 0
  /// The finished items at which the current page is sealed, at the end of the line that
  /// reaches it.
  @exclusivity(unchecked) private var pageLimit = LinePage.targetItemCount
  /// The section's index of the first cell of the last line sealed.
  @exclusivity(unchecked) private var lastSealedLineStart = 0
  /// The height of the last page sealed.
  @exclusivity(unchecked) private(set) var lastSealedHeight = 0.0
  /// The largest section index of a cell whose size was asked of its callback or computed
  /// from its flexbox tree (``noteComputedSize(at:)``): the pages holding it keep their
  /// records whatever the plan.
  @exclusivity(unchecked) private var lastComputedSize = -1
  /// Whether the next page sealed keeps its records whatever the plan (a run's period, laid
  /// out as one page past where the item index ends pages: laid out again, it would end
  /// where the index says).
  @exclusivity(unchecked) private var keepsNextRecords = false

  var itemCount: Int { store.counts.items }
  var lineCount: Int { store.counts.lines }
  var lineFirstItem: Int { store.counts.lineFirstItem }

  /// Empties the builder and sets it up as `setup` says: where its pages' records go, where
  /// the first page starts (pages follow the item index from there), the room to reserve.
  func start(_ setup: PageSetup) {
    lineIndent.removeAll()
    store.reset(to: setup.records, reserving: setup.reserve)
    lastComputedSize = -1
    keepsNextRecords = false
    pagesFollowItemIndex = true
    switch setup.start {
    case .item(let item):
      pageStart = item
      pageLimit = Self.pageLimit(startingAt: item)
    case .below(let start):
      // The first line finished seals an empty page of the height of the one above, so that
      // the line's top is computed as it was when the page was first started (relative to
      // the page above, then moved up by its height).
      pageStart = start.item
      pageLimit = 0
    }
    lastSealedLineStart = pageStart
    lastSealedHeight = 0
  }

  /// Empties the builder, its pages sealed at the target count, into blocks of its own (an
  /// edit, or the end of a section's first half).
  func removeAll() {
    lineIndent.removeAll()
    store.reset(to: .ownBlocks)
    pagesFollowItemIndex = false
    pageStart = 0
    pageLimit = LinePage.targetItemCount
    lastComputedSize = -1
    keepsNextRecords = false
  }

  /// Line `line`'s record.
  func line(_ line: Int) -> LineRecord { store.line(line) }

  /// The finished items at which a page starting at section item `item` is sealed: pages end
  /// at the first line that starts at or after each multiple of ``LinePage/targetItemCount``
  /// of the section's item index.
  ///
  /// Why: where pages end then depends only on where lines start, not on where the first
  /// page started. Two typesetters that start at different cells of a section and come to
  /// break lines at the same cells also end their pages at the same cells from there on,
  /// and write the same pages (the section's two halves laid out at once join there, see
  /// ``FlowSectionLayout``). A whole layout's pages hold about the target count as before.
  static func pageLimit(startingAt item: Int) -> Int {
    LinePage.targetItemCount - item % LinePage.targetItemCount
  }

  /// Notes that the size of cell `item` (a section index) was asked of its callback or
  /// computed from its flexbox tree: its page keeps its records (a callback is asked once; a
  /// tree, dearer to lay out than a line of fixed sizes, is computed once).
  func noteComputedSize(at item: Int) {
    lastComputedSize = max(lastComputedSize, item)
  }

  /// Drops the pending items.
  func discardPendingItems() { store.discardPendingItems() }

  // MARK: Writing

  /// The cursor for the current records and counts (``PageCursor``). Valid until
  /// ``commit(_:)``, which must come before any other call on the builder but
  /// ``append(_:to:hasRoom:)`` and ``finishLine(_:y:height:box:inRun:)``.
  @inline(__always)
  func cursor() -> PageCursor { store.cursor(pageLimit: pageLimit) }

  /// Takes back the counts a cursor advanced.
  @inline(__always)
  func commit(_ cursor: PageCursor) { store.commit(cursor) }

  /// Appends an item record (pending until its line is finished), growing the block first
  /// when it is full (`hasRoom`: the caller has checked it is not).
  @inline(__always)
  func append(_ item: ItemRecord, to cursor: inout PageCursor, hasRoom: Bool = false) {
    if !hasRoom && cursor.itemsAreFull { cursor = grown(cursor, items: true) }
    cursor.appendItem(item)
  }

  /// Ends the line of the pending items (now page-relative) at `y`, with the given height and
  /// the indentation of `box`, the line box it was set in.
  ///
  /// `inRun`: the caller has checked that the line box is not indented, no indentation is
  /// being recorded and the line block has room (``PageCursor/hasRoomForACell``).
  @inline(__always)
  func finishLine(_ cursor: inout PageCursor, y: Double, height: Double, box: LineBox, inRun: Bool = false) {
    if !inRun && (box.isIndented || cursor.counts.recordsIndents) {
      record(box.indent, beforeLine: cursor.counts.lines)
      cursor.counts.recordsIndents = true
    }
    if !inRun && cursor.linesAreFull { cursor = grown(cursor, items: false) }
    cursor.appendLine(y: y, height: height)
  }

  private func record(_ indent: LineIndent, beforeLine line: Int) {
    while lineIndent.count < line { lineIndent.append(LineIndent()) }
    lineIndent.append(indent)
  }

  /// The cursor after growing the item or line block. (By value, not `inout`: a cursor whose
  /// address went to a call could not stay in registers.)
  @inline(never)
  private func grown(_ cursor: PageCursor, items: Bool) -> PageCursor {
    store.grow(cursor, items: items)
    return self.cursor()
  }

  // MARK: Sealing

  /// The finished lines as a page with the given extent, sealed by the store as its plan
  /// says; the pending items start the next page.
  ///
  /// - Parameter continuing: whether more lines follow; when not (a section's or an edit's
  ///   last page), the next page gets only the room its pending items take, if any.
  func sealFinishedLines(height: Double, continuing: Bool = true) -> LinePage {
    let counts = store.counts
    let start = PageStart(
      item: pageStart, lineAbove: lastSealedLineStart, aboveBottom: lastSealedHeight,
      indent: lineIndent.isEmpty ? LineIndent() : lineIndent[0])
    let keepsRecords = counts.lines == 0 || lastComputedSize >= pageStart || keepsNextRecords
    keepsNextRecords = false
    lastSealedHeight = height
    if pagesFollowItemIndex {
      if counts.lines > 0 { lastSealedLineStart = pageStart + store.line(counts.lines - 1).firstItem }
      pageStart += counts.lineFirstItem
      pageLimit = Self.pageLimit(startingAt: pageStart)
    }
    let page = store.seal(
      PageStore.Seal(height: height, start: start, keepsRecords: keepsRecords, continuing: continuing),
      indents: lineIndent)
    lineIndent.removeAll()
    return page
  }

  /// The finished lines (no line being filled) as one page, or cut at line boundaries into
  /// pages of about ``LinePage/targetItemCount`` cells when they hold more than `maxItems`
  /// (copied then; the builder is empty afterwards).
  func sealSplitting(height: Double, maxItems: Int) -> [LinePage] {
    guard store.counts.lineFirstItem > maxItems, store.counts.lines > 1 else {
      return [sealFinishedLines(height: height, continuing: false)]
    }
    defer { lineIndent.removeAll() }
    return store.sealSplitting(height: height, indents: lineIndent)
  }

  /// The records of the finished lines, which must be those `header` describes, as blocks
  /// that are now the caller's (a deferred page's records, laid out again).
  func takeRecords(matching header: LinePage.Header) -> LinePage.Records {
    defer { lineIndent.removeAll() }
    return store.takeRecords(matching: header, indents: lineIndent)
  }

  // MARK: Repetitions

  /// Seals no page until the next ``sealFinishedLines(height:continuing:)`` (a run's period of
  /// lines is laid out as one page), and that page keeps its records. Takes effect for
  /// cursors made after it.
  func holdPages() {
    pageLimit = Int.max
    keepsNextRecords = true
  }

  /// Ends ``holdPages()``: pages end where the item index says again.
  func releasePages() { pageLimit = Self.pageLimit(startingAt: pageStart) }

  /// Notes that the next line starts at the top of a page whose page above ended at that
  /// line's top (sealed at a line start, not as the line was finished): a page laid out
  /// again then computes its first line's top as this pass does.
  func sealedAtLineStart() { lastSealedHeight = 0 }

  /// Moves the section's item index on by `items` cells laid out elsewhere (the copies of a
  /// repeated page): where pages end and start from here is counted from there.
  func skip(items: Int) {
    pageStart += items
    lastSealedLineStart += items
    pageLimit = Self.pageLimit(startingAt: pageStart)
  }

  // MARK: Edits

  /// Appends `other`'s lines from `line` on, moved down by `shift`.
  func appendLines(of other: LinePage, from line: Int, shiftedBy shift: Double) {
    append(lines: line..<other.lineCount, of: other, shiftedBy: shift)
  }

  /// Appends lines `lines` of `other`, moved down by `shift`.
  func appendLines(_ lines: Range<Int>, of other: LinePage, shiftedBy shift: Double) {
    append(lines: lines, of: other, shiftedBy: shift)
  }

  /// The bottom of the last line, relative to the page's top.
  var bottom: Double { store.bottom }

  /// Empties the builder (``removeAll()``) and loads the first `lines` lines of `page`, to
  /// continue filling it.
  func load(_ page: LinePage, lines: Int) {
    removeAll()
    append(lines: 0..<lines, of: page, shiftedBy: 0)
  }

  /// Appends lines `lines` of `other`, moved down by `shift`, with their indentation.
  private func append(lines range: Range<Int>, of other: LinePage, shiftedBy shift: Double) {
    guard !range.isEmpty else { return }
    let firstLine = store.counts.lines
    store.appendLines(range, of: other, shiftedBy: shift)
    if other.hasIndent || !lineIndent.isEmpty {
      for (n, l) in range.enumerated() {
        let indent = other.indent(beforeLine: l)
        if indent != LineIndent() || !lineIndent.isEmpty { record(indent, beforeLine: firstLine + n) }
      }
    }
    store.noteRecordsIndents(!lineIndent.isEmpty)
  }
}
