/// The one seam between the flow typesetter's page writer (``PageBuilder``) and the memory
/// a section's pages live in. The builder chooses nothing: ``PageSetup`` (made from the
/// section's ``FlowSectionLayout/StoragePlan``, the one place the choice is made, from
/// ``LayoutTuning``) hands it a ``Plan``, and every page it seals comes out of
/// ``seal(_:indents:)``.
///
/// | plan | records written into | a sealed page holds | freed |
/// |---|---|---|---|
/// | ``Plan/ownBlocks`` | blocks of the store's own (``RawBlocks``) | those blocks, shrunk in place | with the page |
/// | ``Plan/arena(items:prefault:)`` | one ``PageArena``, front to back | its slice, and the arena | the mapping, after the last page of it and the store |
/// | ``Plan/deferred(_:)`` | the store's blocks, written over page after page | where it starts (``DeferredRecords``) | records computed when first read, with the page |
/// | two halves | a store per typesetter, each with a plan above | pages of either store | as each page's plan says |
///
/// The contract:
/// - **Who writes**: one typesetter, on one thread, through its builder's store, which never
///   escapes it. Records are written through a ``PageCursor`` (between ``cursor(pageLimit:)``
///   and ``commit(_:)``) or by the store itself; nothing else writes a record of a page that is
///   not sealed.
/// - **Sealing**: ``seal(_:indents:)`` makes the finished lines a ``LinePage``; the store never
///   writes that page's records again (a deferred page has none: the blocks written over are
///   the store's). Under `DEBUG` or `LISTLAYOUT_CHECKS` the records are checked there
///   (``LinePage/checkInvariants(_:items:lines:)``).
/// - **Who reads**: any thread, once the page is sealed and handed to it (in a snapshot, or by
///   joining the helper that sealed it). A sealed page's records never change; a deferred
///   page's records are computed by its first readers and published once (``DeferredRecords``).
/// - **When memory is freed**: own blocks with the page that holds them (the blocks being
///   written, with the store); an arena's mapping once its last page and its store are gone
///   (kept as a spare for the next arena, or unmapped: ``ArenaMapping/giveBack()``); a deferred
///   page's computed records with the page.
/// - **What threads share**: sealed pages (immutable); a deferred page's published records
///   (an atomic pointer, acquire and release); an arena's progress (relaxed atomics, read by
///   the thread that faults the arena in, which reads no record); the spare mappings (a
///   lock, ``PThreadLock``); the byte counts of ``LayoutMemory`` (relaxed atomics). Never a
///   store, nor a page being written.
/// - **The two halves**: the helper's typesetter writes a store of its own; its pages reach
///   the calling thread sealed, when the helper is joined (``HelperResult/wait()``), and join
///   the calling thread's sealed pages in one list: each page owns or keeps alive its memory,
///   so pages of two stores mix freely.
/// - **An arena that fills** (a first half that goes on past the room its plan gave it) moves
///   the records not yet sealed into blocks of the store's own and goes on there; the pages
///   sealed before keep the arena.
///
/// Noncopyable: the store owns its blocks, and its `deinit` frees them (or records what it
/// wrote into its arena).
struct PageStore: ~Copyable {
  /// Where a store puts the records of the pages it seals.
  enum Plan {
    /// A block of the store's own per page.
    case ownBlocks
    /// Slices of one arena with room for `items` cells (and as many lines), when arenas are
    /// available (else own blocks); `prefault`: a thread of its own faults a new mapping in
    /// ahead of the typesetter.
    case arena(items: Int, prefault: Bool)
    /// Nowhere: each page gets its records from the source when first read, unless the
    /// builder says it keeps them (``Seal/keepsRecords``).
    case deferred(PageSource)
  }

  /// The plan in force (an arena that filled is own blocks from then on).
  private enum Kind {
    case ownBlocks
    case arena(PageArena)
    case deferred(PageSource)
  }

  private var kind: Kind
  /// The records being written: in an arena, the current page's first records in it.
  private var items: UnsafeMutablePointer<ItemRecord>
  private var itemCapacity: Int
  private var lines: UnsafeMutablePointer<LineRecord>
  private var lineCapacity: Int
  /// How many records the page being written holds, as the last ``commit(_:)`` left them.
  private(set) var counts = PageCounts()
  /// The records written into the arena before the current page.
  private var arenaItemsUsed = 0
  private var arenaLinesUsed = 0

  /// An empty store of own blocks. Blocks are sized for the page they will most likely hold
  /// (judged by the page before, when sealing), so that shrinking them when a page is sealed
  /// frees little: freed tails would stay resident between the pages, as memory nothing uses.
  init() {
    kind = .ownBlocks
    itemCapacity = LinePage.targetItemCount + 32
    items = RawBlocks.allocate(itemCapacity)
    lineCapacity = LinePage.targetItemCount / 2
    lines = RawBlocks.allocate(lineCapacity)
  }

  deinit {
    switch kind {
    case .arena(let arena):
      arena.recordUse(items: arenaItemsUsed + counts.items, lines: arenaLinesUsed + counts.lines)
    case .ownBlocks, .deferred:
      RawBlocks.release(items)
      RawBlocks.release(lines)
    }
  }

  /// Empties the store and sets it up for `plan`, with room for a section of `count` cells
  /// (as much as one page of them takes, so that small sections get small blocks and large
  /// ones do not grow a block step by step). The only way a store changes plans.
  mutating func reset(to plan: Plan, reserving count: Int = 0) {
    counts = PageCounts()
    leaveArena()
    switch plan {
    case .ownBlocks:
      kind = .ownBlocks
    case .deferred(let source):
      kind = .deferred(source)
    case .arena(let itemCount, let prefault):
      kind = .ownBlocks
      if let arena = PageArena(items: itemCount, lines: itemCount, prefault: prefault) {
        RawBlocks.release(items)
        RawBlocks.release(lines)
        kind = .arena(arena)
        items = arena.items
        lines = arena.lines
        itemCapacity = itemCount
        lineCapacity = itemCount
        arenaItemsUsed = 0
        arenaLinesUsed = 0
        return
      }
    }
    let itemRoom = min(count, LinePage.targetItemCount) + 32
    let lineRoom = min(count, LinePage.targetItemCount / 2) + 16
    if itemCapacity < itemRoom { growItems(to: itemRoom) }
    if lineCapacity < lineRoom { growLines(to: lineRoom) }
  }

  /// Goes on in blocks of the store's own, copying the records not yet sealed (with room for
  /// at least `items` item and `lines` line records); nothing when not in an arena.
  private mutating func leaveArena(items minimumItems: Int = 0, lines minimumLines: Int = 0) {
    guard case .arena(let arena) = kind else { return }
    arena.recordUse(items: arenaItemsUsed + counts.items, lines: arenaLinesUsed + counts.lines)
    let newItemCapacity = max(LinePage.targetItemCount + 32, minimumItems)
    let newLineCapacity = max(LinePage.targetItemCount / 2, minimumLines)
    let ownItems: UnsafeMutablePointer<ItemRecord> = RawBlocks.allocate(newItemCapacity)
    ownItems.update(from: items, count: counts.items)
    let ownLines: UnsafeMutablePointer<LineRecord> = RawBlocks.allocate(newLineCapacity)
    ownLines.update(from: lines, count: counts.lines)
    items = ownItems
    lines = ownLines
    itemCapacity = newItemCapacity
    lineCapacity = newLineCapacity
    kind = .ownBlocks
  }

  // MARK: Writing

  /// The cursor for the records and counts, sealing pages at `pageLimit` finished items.
  @inline(__always)
  func cursor(pageLimit: Int) -> PageCursor {
    PageCursor(
      items: items, lines: lines, itemCapacity: itemCapacity, lineCapacity: lineCapacity,
      pageLimit: pageLimit, counts: counts)
  }

  /// Takes back the counts a cursor advanced.
  @inline(__always)
  mutating func commit(_ cursor: PageCursor) { counts = cursor.counts }

  /// Takes back `cursor`'s counts and makes room for a quarter more item records (`items`)
  /// or line records; make a new cursor afterwards.
  mutating func grow(_ cursor: PageCursor, items: Bool) {
    commit(cursor)
    if items {
      growItems(to: itemCapacity + max(32, itemCapacity / 4))
    } else {
      growLines(to: lineCapacity + max(32, lineCapacity / 4))
    }
  }

  private mutating func growItems(to capacity: Int) {
    if case .arena = kind { return leaveArena(items: capacity, lines: lineCapacity) }
    items = RawBlocks.resize(items, to: capacity)
    itemCapacity = capacity
  }

  private mutating func growLines(to capacity: Int) {
    if case .arena = kind { return leaveArena(items: itemCapacity, lines: capacity) }
    lines = RawBlocks.resize(lines, to: capacity)
    lineCapacity = capacity
  }

  /// Drops the items after the last finished line.
  mutating func discardPendingItems() { counts.items = counts.lineFirstItem }

  /// Notes whether indentation is being recorded (``PageCounts/recordsIndents``).
  mutating func noteRecordsIndents(_ records: Bool) { counts.recordsIndents = records }

  /// Finished line `line`'s record (checked).
  func line(_ line: Int) -> LineRecord {
    precondition(line >= 0 && line < counts.lines, "line \(line) out of the builder's 0..<\(counts.lines)")
    return lines[line]
  }

  /// The bottom of the last finished line, relative to the page's top.
  var bottom: Double { counts.lines == 0 ? 0 : lines[counts.lines - 1].maxY }

  /// Appends lines `range` of `other`, moved down by `shift`, record by record: the same
  /// values as finishing each line in turn, copied in bulk (an edit). No line may be pending.
  mutating func appendLines(_ range: Range<Int>, of other: LinePage, shiftedBy shift: Double) {
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
    // alias the store's fields, which the loops would then reload.
    let itemsTo = items + counts.items
    itemsTo.update(from: other.itemRecords.baseAddress! + firstItem, count: count)
    for i in 0..<count { itemsTo[i].y += shift }
    let itemOffset = counts.items - firstItem
    let linesTo = lines + counts.lines
    for (n, l) in range.enumerated() {
      let from = otherLines[l]
      linesTo[n] = LineRecord(firstItem: from.firstItem + itemOffset, y: from.y + shift, height: from.height)
    }
    counts.items += count
    counts.lines += range.count
    counts.lineFirstItem = counts.items
  }

  // MARK: Sealing

  /// What the builder knows of the page being sealed.
  struct Seal {
    /// The page's extent.
    var height: Double
    /// Where the page starts, for a deferred page laid out again.
    var start: PageStart
    /// Whether the page keeps its records whatever the plan (it holds a cell sized by a
    /// callback or a flexbox tree, or no line).
    var keepsRecords: Bool
    /// Whether more lines follow; when not (a section's or an edit's last page), new blocks
    /// are only big enough for the pending items, if any.
    var continuing: Bool
  }

  /// The finished lines as a page, as the plan says; the pending items (the line being
  /// filled) start the next page, at the front of the records being written.
  ///
  /// - Own blocks: the blocks become the page's, shrunk to fit, and new ones are allocated.
  /// - Arena: the page is the slice written so far, and the next starts after it.
  /// - Deferred: the page keeps where it starts; the next is written over it.
  mutating func seal(_ seal: Seal, indents lineIndent: ScratchBuffer<LineIndent>) -> LinePage {
    let pageItems = counts.lineFirstItem
    let pageLines = counts.lines
    let pending = counts.items - counts.lineFirstItem
    let extents = LinePage.extents(of: items, count: pageItems, lines: lines, lineCount: pageLines)
    let header = LinePage.Header(
      itemCount: pageItems, lineCount: pageLines, height: seal.height, cellExtents: extents.page,
      lineRunExtents: extents.runs)
    #if DEBUG || LISTLAYOUT_CHECKS
    LinePage.checkInvariants(header, items: items, lines: lines)
    #endif
    counts = PageCounts(items: pending, lineFirstItem: 0, lines: 0)
    switch kind {
    case .deferred(let source) where !seal.keepsRecords:
      // The next page is written over this one, its pending items moved to the front.
      UnsafeMutableRawPointer(items).copyMemory(
        from: items + pageItems, byteCount: pending * MemoryLayout<ItemRecord>.stride)
      return LinePage(header: header, deferred: DeferredRecords(source: source, start: seal.start))
    case .arena(let arena):
      // The page is a slice of the arena; the pending items are already where the next
      // page starts.
      let page = LinePage(
        header: header, items: items, lines: lines, indents: Self.indents(lineIndent, pageLines), arena: arena
      )
      items += pageItems
      itemCapacity -= pageItems
      arenaItemsUsed += pageItems
      lines += pageLines
      lineCapacity -= pageLines
      arenaLinesUsed += pageLines
      arena.noteSealed(items: arenaItemsUsed, lines: arenaLinesUsed)
      return page
    case .ownBlocks, .deferred:
      // The next page most likely has lines like this one's: room for the target count, the
      // lines that cross it and the line being filled; and for about as many lines.
      let lineLength = pageLines == 0 ? 1 : (pageItems + pageLines - 1) / pageLines
      let nextItemCapacity =
        seal.continuing
        ? max(LinePage.targetItemCount + 4 * lineLength + 16, pending + 4 * lineLength + 16) : pending
      let nextLineCapacity = seal.continuing ? max(16, pageLines + pageLines / 16 + 8) : 0
      let nextItems: UnsafeMutablePointer<ItemRecord> = RawBlocks.allocate(nextItemCapacity)
      nextItems.update(from: items + pageItems, count: pending)
      let nextLines: UnsafeMutablePointer<LineRecord> = RawBlocks.allocate(nextLineCapacity)
      let page = LinePage(
        header: header, items: RawBlocks.resize(items, to: pageItems),
        lines: RawBlocks.resize(lines, to: pageLines), indents: Self.indents(lineIndent, pageLines))
      items = nextItems
      itemCapacity = max(1, nextItemCapacity)
      lines = nextLines
      lineCapacity = max(1, nextLineCapacity)
      return page
    }
  }

  /// The finished lines as pages of about ``LinePage/targetItemCount`` cells, cut at line
  /// boundaries and copied, positions made relative to each page's top (an edit's reflowed
  /// lines, when they hold more than one page should). No line may be pending; the store is
  /// empty afterwards.
  mutating func sealSplitting(height: Double, indents lineIndent: ScratchBuffer<LineIndent>) -> [LinePage] {
    precondition(counts.lineFirstItem == counts.items, "pages are cut between lines only")
    var pages: [LinePage] = []
    var first = 0
    var top = 0.0
    for line in 1..<max(1, counts.lines)
    where lines[line].firstItem - lines[first].firstItem >= LinePage.targetItemCount {
      let bottom = lines[line - 1].maxY
      pages.append(copyPage(lines: first..<line, top: top, height: bottom - top, lineIndent))
      first = line
      top = bottom
    }
    pages.append(copyPage(lines: first..<counts.lines, top: top, height: height - top, lineIndent))
    counts = PageCounts()
    return pages
  }

  /// A copy of lines `range` as a page, positions made relative to `top`.
  private func copyPage(
    lines range: Range<Int>, top: Double, height: Double, _ lineIndent: ScratchBuffer<LineIndent>
  ) -> LinePage {
    guard !range.isEmpty else { return LinePage.empty(height: height) }
    let first = lines[range.lowerBound].firstItem
    let end = range.upperBound < counts.lines ? lines[range.upperBound].firstItem : counts.lineFirstItem
    let count = end - first
    let pageItems: UnsafeMutablePointer<ItemRecord> = RawBlocks.allocate(count)
    pageItems.update(from: items + first, count: count)
    let pageLines: UnsafeMutablePointer<LineRecord> = RawBlocks.allocate(range.count)
    pageLines.update(from: lines + range.lowerBound, count: range.count)
    for n in 0..<range.count {
      pageLines[n].firstItem -= first
      pageLines[n].y -= top
    }
    if top != 0 {
      for i in 0..<count { pageItems[i].y -= top }
    }
    let extents = LinePage.extents(of: pageItems, count: count, lines: pageLines, lineCount: range.count)
    let header = LinePage.Header(
      itemCount: count, lineCount: range.count, height: height, cellExtents: extents.page,
      lineRunExtents: extents.runs)
    #if DEBUG || LISTLAYOUT_CHECKS
    LinePage.checkInvariants(header, items: pageItems, lines: pageLines)
    #endif
    return LinePage(
      header: header, items: pageItems, lines: pageLines, indents: Self.indents(lineIndent, range))
  }

  /// The records of the finished lines, which must be those `header` describes, as blocks
  /// that are now the caller's (a deferred page's records, laid out again by a store of own
  /// blocks). The store is empty afterwards.
  mutating func takeRecords(
    matching header: LinePage.Header, indents lineIndent: ScratchBuffer<LineIndent>
  ) -> LinePage.Records {
    // Our own invariants: a page laid out again has the lines it had, in a store set up with
    // blocks of its own (``PageSetup/again(_:reserve:)``).
    precondition(
      counts.items == header.itemCount && counts.lineFirstItem == counts.items
        && counts.lines == header.lineCount,
      "a page laid out again has the lines it had")
    guard case .ownBlocks = kind else { preconditionFailure("records are taken from own blocks") }
    #if DEBUG || LISTLAYOUT_CHECKS
    LinePage.checkInvariants(header, items: items, lines: lines)
    #endif
    let records = LinePage.Records(
      items: RawBlocks.resize(items, to: counts.items), lines: RawBlocks.resize(lines, to: counts.lines),
      indents: Self.indents(lineIndent, counts.lines))
    items = RawBlocks.allocate(1)
    itemCapacity = 1
    lines = RawBlocks.allocate(1)
    lineCapacity = 1
    counts = PageCounts()
    return records
  }

  /// The indentation before lines `range` as a block of its own, or `nil` when no line is
  /// indented (`lineIndent` holds the indentation of the first lines, up to the last
  /// indented one).
  private static func indents(
    _ lineIndent: ScratchBuffer<LineIndent>, _ range: Range<Int>
  ) -> UnsafeMutablePointer<LineIndent>? {
    guard !lineIndent.isEmpty, !range.isEmpty else { return nil }
    let block: UnsafeMutablePointer<LineIndent> = RawBlocks.allocate(range.count)
    for (n, line) in range.enumerated() {
      block[n] = line < lineIndent.count ? lineIndent[line] : LineIndent()
    }
    return block
  }

  private static func indents(
    _ lineIndent: ScratchBuffer<LineIndent>, _ lineCount: Int
  ) -> UnsafeMutablePointer<LineIndent>? {
    indents(lineIndent, 0..<lineCount)
  }
}

/// How many records the page being written holds.
struct PageCounts {
  var items = 0
  /// The first item of the line being filled: items from here on are pending, their x
  /// relative to the line box and their y relative to the line's top, until the line is
  /// finished.
  var lineFirstItem = 0
  var lines = 0
  /// Whether indentation is being recorded (the builder's `lineIndent` is not empty).
  var recordsIndents = false
}

/// The records being written and their counts, as a value the typesetter keeps in registers
/// while it places a run of cells (``PageStore/cursor(pageLimit:)``). Valid until
/// ``PageStore/commit(_:)``, which must come before any other use of the store.
///
/// Writes are not bounds-checked in release builds: the writer checks for room first
/// (``hasRoomForACell``, ``itemsAreFull``, ``linesAreFull``), and debug builds assert it.
struct PageCursor {
  fileprivate let items: UnsafeMutablePointer<ItemRecord>
  fileprivate let lines: UnsafeMutablePointer<LineRecord>
  fileprivate let itemCapacity: Int
  fileprivate let lineCapacity: Int
  /// The finished items at which the page is sealed.
  let pageLimit: Int
  var counts: PageCounts

  /// Whether one more item and one more line fit the blocks.
  var hasRoomForACell: Bool { counts.items < itemCapacity && counts.lines < lineCapacity }
  /// Whether the item block is full.
  var itemsAreFull: Bool { counts.items == itemCapacity }
  /// Whether the line block is full.
  var linesAreFull: Bool { counts.lines == lineCapacity }

  /// Whether no item is pending (the line being filled is empty).
  var lineIsEmpty: Bool { counts.items == counts.lineFirstItem }
  /// The number of pending items.
  var pendingCount: Int { counts.items - counts.lineFirstItem }

  /// The first and last pending items (the line must have one).
  @inline(__always)
  var pendingEnds: (first: ItemRecord, last: ItemRecord) {
    assert(!lineIsEmpty, "the line being filled has no item")
    return (items[counts.lineFirstItem], items[counts.items - 1])
  }

  /// Appends an item record, pending until its line is finished (the block must have room).
  @inline(__always)
  mutating func appendItem(_ item: ItemRecord) {
    assert(counts.items < itemCapacity, "an item record past the block")
    items[counts.items] = item
    counts.items += 1
  }

  /// Ends the line of the pending items at `y` with the given height (the block must have
  /// room for a line).
  @inline(__always)
  mutating func appendLine(y: Double, height: Double) {
    assert(counts.lines < lineCapacity, "a line record past the block")
    lines[counts.lines] = LineRecord(firstItem: counts.lineFirstItem, y: y, height: height)
    counts.lines += 1
    counts.lineFirstItem = counts.items
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

  /// Makes the pending items page-relative as ``placePendingItems(left:top:)`` does, and gives
  /// the line's k-th item the height `height(k, height)` (a stretched line).
  @inline(__always)
  func placePendingItems(left: Double, top: Double, height newHeight: (Int, Double) -> Double) {
    for i in counts.lineFirstItem..<counts.items {
      items[i].x = left + items[i].x
      items[i].y = top + items[i].y
      items[i].height = newHeight(i - counts.lineFirstItem, items[i].height)
    }
  }
}
