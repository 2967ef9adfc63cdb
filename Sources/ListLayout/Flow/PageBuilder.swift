/// The page writer: the page of lines the typesetter is filling, as ``ItemRecord``s and
/// ``LineRecord``s in blocks of ``PageMemory`` or in a slice of a large section's
/// ``PageArena``. When the page is full, the records become the page's where they are (the
/// builder's blocks, shrunk in place, or the arena's slice) and the builder starts new ones.
///
/// Unsafe memory: the builder owns its blocks until it hands them to a ``LinePage``; the
/// typesetter writes through a ``Cursor`` (the blocks, their capacities and the counts, as a
/// value kept in registers during a run of cells), whose writes stay within the capacities it
/// carries. The builder never escapes its typesetter; nothing here is shared.
final class PageBuilder {
  // Only the owning typesetter touches these, one access at a time: dynamic exclusivity
  // checks would only cost time.
  @exclusivity(unchecked) private var items: UnsafeMutablePointer<ItemRecord>
  @exclusivity(unchecked) private var itemCapacity: Int
  @exclusivity(unchecked) private var lines: UnsafeMutablePointer<LineRecord>
  @exclusivity(unchecked) private var lineCapacity: Int
  /// The counts, as the last ``commit(_:)`` left them.
  @exclusivity(unchecked) private var counts = Counts()
  /// The indentation before each line, kept only from the first indented line on (the
  /// lines before it have none).
  let lineIndent = ScratchBuffer<LineIndent>(capacity: 16)
  /// The arena the records are written into, for a large section (``useArena(items:)``):
  /// `items` and `lines` then point at the current page's first records in it, and sealing
  /// a page moves them past its records. `nil`: the blocks are the builder's own.
  @exclusivity(unchecked) private var arena: PageArena?
  /// The records written into the arena before the current page.
  @exclusivity(unchecked) private var arenaItemsUsed = 0
  @exclusivity(unchecked) private var arenaLinesUsed = 0
  /// Whether pages end where the section's item index passes a multiple of the target count
  /// (``startPages(at:)``), rather than once a page holds the target count.
  @exclusivity(unchecked) private var pagesFollowItemIndex = false
  /// The section's index of the current page's first item (kept when pages follow the item
  /// index).
  @exclusivity(unchecked) private var pageStart = 0
  /// The finished items at which the current page is sealed, at the end of the line that
  /// reaches it.
  @exclusivity(unchecked) private var pageLimit = LinePage.targetItemCount
  /// Where sealed pages get their records when they are first read, when they are not kept
  /// (``deferRecords(to:)``).
  @exclusivity(unchecked) private var source: PageSource?
  /// The section's index of the first cell of the last line sealed.
  @exclusivity(unchecked) private var lastSealedLineStart = 0
  /// The height of the last page sealed.
  @exclusivity(unchecked) private(set) var lastSealedHeight = 0.0
  /// The largest section index of a cell whose size was asked of its callback or computed
  /// from its flexbox tree (``noteComputedSize(at:)``).
  @exclusivity(unchecked) private var lastComputedSize = -1
  /// Whether the typesetter must not ask callbacks for sizes (it lays out a section's second
  /// half on a helper thread, and stops instead).
  @exclusivity(unchecked) var refusesCalls = false

  /// How many records the page holds.
  struct Counts {
    var items = 0
    /// The first item of the line being filled: items from here on are pending, their x
    /// relative to the line box and their y relative to the line's top, until the line is
    /// finished.
    var lineFirstItem = 0
    var lines = 0
    /// Whether indentation is being recorded (``lineIndent`` is not empty).
    var recordsIndents = false
  }

  // Blocks are sized for the page they will most likely hold (judged by the page before), so
  // that shrinking them when the page is sealed frees little: freed tails would stay
  // resident between the pages, as memory nothing uses.
  init() {
    itemCapacity = LinePage.targetItemCount + 32
    items = PageMemory.allocate(itemCapacity)
    lineCapacity = LinePage.targetItemCount / 2
    lines = PageMemory.allocate(lineCapacity)
  }

  deinit {
    if let arena {
      arena.recordUse(items: arenaItemsUsed + counts.items, lines: arenaLinesUsed + counts.lines)
    } else {
      PageMemory.release(items)
      PageMemory.release(lines)
    }
  }

  var itemCount: Int { counts.items }
  var lineCount: Int { counts.lines }
  var lineFirstItem: Int { counts.lineFirstItem }

  /// Writes the next section's pages into an arena with room for `count` cells (and as many
  /// lines), when arenas are available; the builder must be empty. ``leaveArena()`` ends it.
  /// `prefault`: whether a new mapping is faulted in ahead of the typesetter by a thread of
  /// its own (not when another typesetter uses the other processor).
  func useArena(items count: Int, prefault: Bool = true) {
    precondition(counts.items == 0 && counts.lines == 0 && arena == nil, "an arena starts an empty builder")
    guard let arena = PageArena(items: count, lines: count, prefault: prefault) else { return }
    PageMemory.release(items)
    PageMemory.release(lines)
    self.arena = arena
    items = arena.items
    lines = arena.lines
    itemCapacity = count
    lineCapacity = count
    arenaItemsUsed = 0
    arenaLinesUsed = 0
  }

  /// Makes room for a section of `count` cells (as much as one page of them takes), so that
  /// small sections get small blocks and large ones do not grow a block step by step. In an
  /// arena, which has room for the whole section, it does nothing.
  func reserve(items count: Int) {
    let items = min(count, LinePage.targetItemCount) + 32
    let lines = min(count, LinePage.targetItemCount / 2) + 16
    if itemCapacity < items { growItems(to: items) }
    if lineCapacity < lines { growLines(to: lines) }
  }

  /// Goes back to blocks of the builder's own, copying the records not yet sealed into a page
  /// (with room for at least `items` item and `lines` line records).
  func leaveArena(items minimumItems: Int = 0, lines minimumLines: Int = 0) {
    guard let arena else { return }
    arena.recordUse(items: arenaItemsUsed + counts.items, lines: arenaLinesUsed + counts.lines)
    let newItemCapacity = max(LinePage.targetItemCount + 32, minimumItems)
    let newLineCapacity = max(LinePage.targetItemCount / 2, minimumLines)
    let ownItems: UnsafeMutablePointer<ItemRecord> = PageMemory.allocate(newItemCapacity)
    ownItems.update(from: items, count: counts.items)
    let ownLines: UnsafeMutablePointer<LineRecord> = PageMemory.allocate(newLineCapacity)
    ownLines.update(from: lines, count: counts.lines)
    items = ownItems
    lines = ownLines
    itemCapacity = newItemCapacity
    lineCapacity = newLineCapacity
    self.arena = nil
  }

  /// Line `line`'s record.
  func line(_ line: Int) -> LineRecord {
    precondition(line >= 0 && line < counts.lines, "line \(line) out of the builder's 0..<\(counts.lines)")
    return lines[line]
  }

  func removeAll() {
    counts = Counts()
    lineIndent.removeAll()
    leaveArena()
    pagesFollowItemIndex = false
    pageStart = 0
    pageLimit = LinePage.targetItemCount
    source = nil
    lastComputedSize = -1
    refusesCalls = false
  }

  /// Makes the pages of the empty builder end at the first line that starts at or after each
  /// multiple of ``LinePage/targetItemCount`` of the section's item index, the first page
  /// starting at item `item`.
  ///
  /// Why: where pages end then depends only on where lines start, not on where the first
  /// page started. Two typesetters that start at different cells of a section and come to
  /// break lines at the same cells also end their pages at the same cells from there on,
  /// and write the same pages (the section's two halves laid out at once join there, see
  /// ``FlowSectionLayout``). A whole layout's pages hold about the target count as before.
  func startPages(at item: Int) {
    precondition(counts.items == 0 && counts.lines == 0, "pages start in an empty builder")
    pagesFollowItemIndex = true
    pageStart = item
    pageLimit = Self.pageLimit(startingAt: item)
    lastSealedLineStart = item
    lastSealedHeight = 0
  }

  /// Starts pages at `start`, a page laid out again (below another): the first line finished
  /// seals an empty page of the height of the one above, so that the line's top is computed
  /// as it was when the page was first started (relative to the page above, then moved up by
  /// its height).
  func startPages(below start: PageStart) {
    startPages(at: start.item)
    pageLimit = 0
  }

  /// Seals pages without their records from now on, writing each page over the last: a page
  /// gets its records from `source` when first read (``DeferredRecords``). Pages must follow
  /// the item index (``startPages(at:)``), and the builder must use its own blocks. A page
  /// holding a cell sized by a callback or a flexbox tree keeps its records (a callback is
  /// asked once; a tree, dearer to lay out than a line of fixed sizes, is computed once).
  func deferRecords(to source: PageSource) {
    precondition(pagesFollowItemIndex && arena == nil, "deferred pages follow the item index, in own blocks")
    self.source = source
  }

  /// Notes that the size of cell `item` (a section index) was asked of its callback or
  /// computed from its flexbox tree.
  func noteComputedSize(at item: Int) {
    lastComputedSize = max(lastComputedSize, item)
  }

  /// The records of the finished lines, which must be those `header` describes, as blocks
  /// that are now the caller's (a deferred page's records, laid out again).
  func takeRecords(matching header: LinePage.Header) -> LinePage.Records {
    precondition(
      counts.items == header.itemCount && counts.lineFirstItem == counts.items
        && counts.lines == header.lineCount,
      "a page laid out again has the lines it had")
    precondition(arena == nil, "records are taken from own blocks")
    let records = LinePage.Records(
      items: PageMemory.resize(items, to: counts.items), lines: PageMemory.resize(lines, to: counts.lines),
      indents: indents(of: 0..<counts.lines))
    items = PageMemory.allocate(1)
    itemCapacity = 1
    lines = PageMemory.allocate(1)
    lineCapacity = 1
    counts = Counts()
    lineIndent.removeAll()
    return records
  }

  /// The finished items at which a page starting at section item `item` is sealed.
  static func pageLimit(startingAt item: Int) -> Int {
    LinePage.targetItemCount - item % LinePage.targetItemCount
  }

  /// Drops the pending items.
  func discardPendingItems() { counts.items = counts.lineFirstItem }

  // MARK: Writing

  /// The records and counts as a value the typesetter keeps in registers while it places a
  /// run of cells. Valid until ``commit(_:)``, which must come before any other call on the
  /// builder but ``append(_:to:hasRoom:)`` and ``finishLine(_:y:height:box:inRun:)``.
  struct Cursor {
    fileprivate let items: UnsafeMutablePointer<ItemRecord>
    fileprivate let lines: UnsafeMutablePointer<LineRecord>
    fileprivate let itemCapacity: Int
    fileprivate let lineCapacity: Int
    /// The finished items at which the page is sealed.
    let pageLimit: Int
    var counts: Counts

    /// Whether one more item and one more line fit the blocks.
    var hasRoomForACell: Bool { counts.items < itemCapacity && counts.lines < lineCapacity }

    /// Whether no item is pending (the line being filled is empty).
    var lineIsEmpty: Bool { counts.items == counts.lineFirstItem }
    /// The number of pending items.
    var pendingCount: Int { counts.items - counts.lineFirstItem }

    /// The first and last pending items (the line must have one).
    @inline(__always)
    var pendingEnds: (first: ItemRecord, last: ItemRecord) {
      (items[counts.lineFirstItem], items[counts.items - 1])
    }

    /// Makes the pending items page-relative: x moves by `left`, y by `top`.
    @inline(__always)
    func placePendingItems(left: Double, top: Double) {
      var record = items + counts.lineFirstItem
      let end = items + counts.items
      while record < end {
        record.pointee.x = left + record.pointee.x
        record.pointee.y = top + record.pointee.y
        record += 1
      }
    }

    /// Makes the pending items page-relative: x moves by `left`, y becomes `y(k, y)` for the
    /// line's k-th item.
    @inline(__always)
    func placePendingItems(left: Double, y newY: (Int, Double) -> Double) {
      for i in counts.lineFirstItem..<counts.items {
        items[i].x = left + items[i].x
        items[i].y = newY(i - counts.lineFirstItem, items[i].y)
      }
    }
  }

  /// The cursor for the builder's current records and counts.
  @inline(__always)
  func cursor() -> Cursor {
    Cursor(
      items: items, lines: lines, itemCapacity: itemCapacity, lineCapacity: lineCapacity,
      pageLimit: pageLimit,
      counts: counts)
  }

  /// Takes back the counts a cursor advanced.
  @inline(__always)
  func commit(_ cursor: Cursor) { counts = cursor.counts }

  /// Appends an item record (pending until its line is finished), growing the block first
  /// when it is full (`hasRoom`: the caller has checked it is not).
  @inline(__always)
  func append(_ item: ItemRecord, to cursor: inout Cursor, hasRoom: Bool = false) {
    if !hasRoom && cursor.counts.items == cursor.itemCapacity { cursor = grown(cursor, items: true) }
    cursor.items[cursor.counts.items] = item
    cursor.counts.items += 1
  }

  /// Ends the line of the pending items (now page-relative) at `y`, with the given height and
  /// the indentation of `box`, the line box it was set in.
  @inline(__always)
  ///
  /// `inRun`: the caller has checked that the line box is not indented, no indentation is
  /// being recorded and the line block has room (``Cursor/hasRoomForACell``).
  func finishLine(_ cursor: inout Cursor, y: Double, height: Double, box: LineBox, inRun: Bool = false) {
    if !inRun && (box.isIndented || cursor.counts.recordsIndents) {
      record(box.indent, beforeLine: cursor.counts.lines)
      cursor.counts.recordsIndents = true
    }
    if !inRun && cursor.counts.lines == cursor.lineCapacity { cursor = grown(cursor, items: false) }
    cursor.lines[cursor.counts.lines] = LineRecord(
      firstItem: cursor.counts.lineFirstItem, y: y, height: height)
    cursor.counts.lines += 1
    cursor.counts.lineFirstItem = cursor.counts.items
  }

  private func record(_ indent: LineIndent, beforeLine line: Int) {
    while lineIndent.count < line { lineIndent.append(LineIndent()) }
    lineIndent.append(indent)
  }

  /// The cursor after growing the item or line block. (By value, not `inout`: a cursor whose
  /// address went to a call could not stay in registers.)
  @inline(never)
  private func grown(_ cursor: Cursor, items: Bool) -> Cursor {
    commit(cursor)
    if items {
      growItems(to: itemCapacity + max(32, itemCapacity / 4))
    } else {
      growLines(to: lineCapacity + max(32, lineCapacity / 4))
    }
    return self.cursor()
  }

  private func growItems(to capacity: Int) {
    if arena != nil { return leaveArena(items: capacity, lines: lineCapacity) }
    items = PageMemory.resize(items, to: capacity)
    itemCapacity = capacity
  }

  private func growLines(to capacity: Int) {
    if arena != nil { return leaveArena(items: itemCapacity, lines: capacity) }
    lines = PageMemory.resize(lines, to: capacity)
    lineCapacity = capacity
  }

  // MARK: Sealing

  /// The finished lines as a page with the given extent. The builder's blocks become the
  /// page's, shrunk to fit, and the pending items move to the front of new blocks; or, in an
  /// arena, the page is the slice written so far and the pending items start the next.
  ///
  /// - Parameter continuing: whether more lines follow; when not (a section's or an edit's
  ///   last page), the new blocks are only big enough for the pending items, if any.
  func sealFinishedLines(height: Double, continuing: Bool = true) -> LinePage {
    let pageItems = counts.lineFirstItem
    let pageLines = counts.lines
    let pending = counts.items - counts.lineFirstItem
    let header = LinePage.Header(itemCount: pageItems, lineCount: pageLines, height: height)
    let start = PageStart(
      item: pageStart, lineAbove: lastSealedLineStart, aboveBottom: lastSealedHeight,
      indent: lineIndent.isEmpty ? LineIndent() : lineIndent[0])
    lastSealedHeight = height
    let defers = source != nil && pageLines > 0 && lastComputedSize < pageStart
    let indents = defers ? nil : indents(of: 0..<pageLines)
    lineIndent.removeAll()
    counts = Counts(items: pending, lineFirstItem: 0, lines: 0)
    if pagesFollowItemIndex {
      if pageLines > 0 { lastSealedLineStart = pageStart + lines[pageLines - 1].firstItem }
      pageStart += pageItems
      pageLimit = Self.pageLimit(startingAt: pageStart)
    }
    if defers, let source {
      // The next page is written over this one, its pending items moved to the front.
      UnsafeMutableRawPointer(items).copyMemory(
        from: items + pageItems, byteCount: pending * MemoryLayout<ItemRecord>.stride)
      return LinePage(header: header, deferred: DeferredRecords(source: source, start: start))
    }
    if let arena {
      // The page is a slice of the arena; the pending items are already where the next
      // page starts.
      let page = LinePage(header: header, items: items, lines: lines, indents: indents, arena: arena)
      items += pageItems
      itemCapacity -= pageItems
      arenaItemsUsed += pageItems
      lines += pageLines
      lineCapacity -= pageLines
      arenaLinesUsed += pageLines
      arena.noteSealed(items: arenaItemsUsed, lines: arenaLinesUsed)
      return page
    }
    // The next page most likely has lines like this one's: room for the target count, the
    // lines that cross it and the line being filled; and for about as many lines.
    let lineLength = pageLines == 0 ? 1 : (pageItems + pageLines - 1) / pageLines
    let nextItemCapacity =
      continuing
      ? max(LinePage.targetItemCount + 4 * lineLength + 16, pending + 4 * lineLength + 16) : pending
    let nextLineCapacity = continuing ? max(16, pageLines + pageLines / 16 + 8) : 0
    let nextItems: UnsafeMutablePointer<ItemRecord> = PageMemory.allocate(nextItemCapacity)
    nextItems.update(from: items + pageItems, count: pending)
    let nextLines: UnsafeMutablePointer<LineRecord> = PageMemory.allocate(nextLineCapacity)
    let page = LinePage(
      header: header, items: PageMemory.resize(items, to: pageItems),
      lines: PageMemory.resize(lines, to: pageLines),
      indents: indents)
    items = nextItems
    itemCapacity = max(1, nextItemCapacity)
    lines = nextLines
    lineCapacity = max(1, nextLineCapacity)
    return page
  }

  /// The indentation before lines `range`, or `nil` when no line is indented.
  private func indents(of range: Range<Int>) -> UnsafeMutablePointer<LineIndent>? {
    guard !lineIndent.isEmpty, !range.isEmpty else { return nil }
    let block: UnsafeMutablePointer<LineIndent> = PageMemory.allocate(range.count)
    for (n, line) in range.enumerated() {
      block[n] = line < lineIndent.count ? lineIndent[line] : LineIndent()
    }
    return block
  }

  /// The finished lines as one page, or cut at line boundaries into pages of about
  /// ``LinePage/targetItemCount`` cells when they hold more than `maxItems` (copied then).
  func sealSplitting(height: Double, maxItems: Int) -> [LinePage] {
    guard counts.lineFirstItem > maxItems, counts.lines > 1 else {
      return [sealFinishedLines(height: height, continuing: false)]
    }
    var pages: [LinePage] = []
    var first = 0
    var top = 0.0
    for line in 1..<counts.lines
    where lines[line].firstItem - lines[first].firstItem >= LinePage.targetItemCount {
      let bottom = lines[line - 1].maxY
      pages.append(makePage(lines: first..<line, top: top, height: bottom - top))
      first = line
      top = bottom
    }
    pages.append(makePage(lines: first..<counts.lines, top: top, height: height - top))
    return pages
  }

  /// A copy of lines `lines` as a page, positions made relative to `top`.
  private func makePage(lines range: Range<Int>, top: Double, height: Double) -> LinePage {
    guard !range.isEmpty else { return LinePage.empty(height: height) }
    let first = lines[range.lowerBound].firstItem
    let end = range.upperBound < counts.lines ? lines[range.upperBound].firstItem : counts.lineFirstItem
    let count = end - first
    let pageItems: UnsafeMutablePointer<ItemRecord> = PageMemory.allocate(count)
    pageItems.update(from: items + first, count: count)
    let pageLines: UnsafeMutablePointer<LineRecord> = PageMemory.allocate(range.count)
    pageLines.update(from: lines + range.lowerBound, count: range.count)
    for n in 0..<range.count {
      pageLines[n].firstItem -= first
      pageLines[n].y -= top
    }
    if top != 0 {
      for i in 0..<count { pageItems[i].y -= top }
    }
    return LinePage(
      header: LinePage.Header(itemCount: count, lineCount: range.count, height: height), items: pageItems,
      lines: pageLines, indents: indents(of: range))
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
  var bottom: Double { counts.lines == 0 ? 0 : lines[counts.lines - 1].maxY }

  /// Loads the first `lines` lines of `page`, to continue filling it.
  func load(_ page: LinePage, lines: Int) {
    removeAll()
    precondition(arena == nil, "edits fill the builder's own blocks")
    append(lines: 0..<lines, of: page, shiftedBy: 0)
  }

  /// Appends lines `lines` of `other`, moved down by `shift`, record by record: the same
  /// values as finishing each line in turn, copied in bulk.
  private func append(lines range: Range<Int>, of other: LinePage, shiftedBy shift: Double) {
    guard !range.isEmpty else { return }
    precondition(counts.lineFirstItem == counts.items, "lines are appended between lines only")
    let otherLines = other.lineRecords
    let firstItem = otherLines[range.lowerBound].firstItem
    let endItem =
      range.upperBound < otherLines.count ? otherLines[range.upperBound].firstItem : other.itemCount
    let count = endItem - firstItem
    // Edits load a page and append the rest of it: room for what comes, plus a little for
    // the lines an edit adds, as the block becomes the new page.
    if counts.items + count > itemCapacity { growItems(to: counts.items + count + 32) }
    if counts.lines + range.count > lineCapacity { growLines(to: counts.lines + range.count + 16) }
    // Plain pointers and counts in locals: stores through the pointers could otherwise
    // alias the builder's fields, which the loops would then reload.
    let itemsTo = items + counts.items
    itemsTo.update(from: other.itemRecords.baseAddress! + firstItem, count: count)
    for i in 0..<count { itemsTo[i].y += shift }
    let itemOffset = counts.items - firstItem
    let linesTo = lines + counts.lines
    for (n, l) in range.enumerated() {
      let from = otherLines[l]
      linesTo[n] = LineRecord(firstItem: from.firstItem + itemOffset, y: from.y + shift, height: from.height)
    }
    if other.hasIndent || !lineIndent.isEmpty {
      for (n, l) in range.enumerated() {
        let indent = other.indent(beforeLine: l)
        if indent != LineIndent() || !lineIndent.isEmpty { record(indent, beforeLine: counts.lines + n) }
      }
    }
    counts.items += count
    counts.lines += range.count
    counts.lineFirstItem = counts.items
    counts.recordsIndents = !lineIndent.isEmpty
  }
}
