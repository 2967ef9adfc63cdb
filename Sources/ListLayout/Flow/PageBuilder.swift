/// The page of lines the typesetter is filling, in the record layout of ``LinePage``: when
/// the page is full, the records become the page's where they are, in the builder's own
/// blocks (shrunk in place; the builder starts new ones) or in a slice of a large section's
/// ``PageArena``.
final class PageBuilder {
  // Items and lines are records in blocks of PageMemory (see LinePage); records make growing
  // a block one `realloc` and sealing it no copy at all. The builder never escapes its
  // typesetter; nothing here is shared.
  @exclusivity(unchecked) private var items: UnsafeMutablePointer<Double>
  @exclusivity(unchecked) private var itemCapacity: Int
  @exclusivity(unchecked) private(set) var itemCount = 0
  /// The first item of the line being filled: items from here on are pending, their x
  /// relative to the line box and their y relative to the line's top, until
  /// ``finishLine(y:height:indent:)``.
  @exclusivity(unchecked) private(set) var lineFirstItem = 0
  @exclusivity(unchecked) private var lines: UnsafeMutablePointer<Double>
  @exclusivity(unchecked) private var lineCapacity: Int
  @exclusivity(unchecked) private(set) var lineCount = 0
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

  private static let itemStride = LinePage.itemStride
  private static let lineStride = LinePage.lineStride
  // Blocks are sized for the page they will most likely hold (judged by the page before), so
  // that shrinking them when the page is sealed frees little: freed tails would stay
  // resident between the pages, as memory nothing uses.
  init() {
    itemCapacity = LinePage.targetItemCount + 32
    items = PageMemory.allocate(itemCapacity * Self.itemStride)
    lineCapacity = LinePage.targetItemCount / 2
    lines = PageMemory.allocate(lineCapacity * Self.lineStride)
  }

  deinit {
    if let arena {
      arena.recordUse(items: arenaItemsUsed + itemCount, lines: arenaLinesUsed + lineCount)
    } else {
      PageMemory.release(items)
      PageMemory.release(lines)
    }
  }

  /// Writes the next section's pages into an arena with room for `count` cells (and as many
  /// lines), when arenas are available; the builder must be empty. ``leaveArena()`` ends it.
  func useArena(items count: Int) {
    precondition(itemCount == 0 && lineCount == 0 && arena == nil, "an arena starts an empty builder")
    guard let arena = PageArena(items: count, lines: count) else { return }
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
    arena.recordUse(items: arenaItemsUsed + itemCount, lines: arenaLinesUsed + lineCount)
    let newItemCapacity = max(LinePage.targetItemCount + 32, minimumItems)
    let newLineCapacity = max(LinePage.targetItemCount / 2, minimumLines)
    let ownItems: UnsafeMutablePointer<Double> = PageMemory.allocate(newItemCapacity * Self.itemStride)
    ownItems.update(from: items, count: itemCount * Self.itemStride)
    let ownLines: UnsafeMutablePointer<Double> = PageMemory.allocate(newLineCapacity * Self.lineStride)
    ownLines.update(from: lines, count: lineCount * Self.lineStride)
    items = ownItems
    lines = ownLines
    itemCapacity = newItemCapacity
    lineCapacity = newLineCapacity
    self.arena = nil
  }

  // The columns the typesetter reads back (line metrics for alignment, line extents).
  var itemX: PageColumn { PageColumn(items, field: 0, stride: Self.itemStride, count: itemCount) }
  var itemWidth: PageColumn { PageColumn(items, field: 2, stride: Self.itemStride, count: itemCount) }
  var lineY: PageColumn { PageColumn(lines, field: 1, stride: Self.lineStride, count: lineCount) }
  var lineHeight: PageColumn { PageColumn(lines, field: 2, stride: Self.lineStride, count: lineCount) }
  /// The first item of line `line` (stored exactly as a Double).
  func lineStart(_ line: Int) -> Int { Int(lines[line * Self.lineStride]) }

  func removeAll() {
    itemCount = 0
    lineFirstItem = 0
    lineCount = 0
    lineIndent.removeAll()
    leaveArena()
  }

  /// Makes the pending items page-relative: x moves by `left`, y by `top`.
  @inline(__always)
  func placePendingItems(left: Double, top: Double) {
    for i in lineFirstItem..<itemCount {
      let record = items + i * Self.itemStride
      record[0] = left + record[0]
      record[1] = top + record[1]
    }
  }

  /// Makes the pending items page-relative: x moves by `left`, y becomes `y(k, y)` for the
  /// line's k-th item.
  @inline(__always)
  func placePendingItems(left: Double, y newY: (Int, Double) -> Double) {
    for i in lineFirstItem..<itemCount {
      let record = items + i * Self.itemStride
      record[0] = left + record[0]
      record[1] = newY(i - lineFirstItem, record[1])
    }
  }

  /// Drops the pending items.
  func discardPendingItems() { itemCount = lineFirstItem }

  /// Ends the line of the pending items (now page-relative) at `y`, with the given height and
  /// the indentation in force before it.
  @inline(__always)
  func finishLine(y: Double, height: Double, indent: LineIndent) {
    if indent != LineIndent() || !lineIndent.isEmpty {
      while lineIndent.count < lineCount { lineIndent.append(LineIndent()) }
      lineIndent.append(indent)
    }
    if lineCount == lineCapacity { growLines(to: lineCapacity + max(32, lineCapacity / 4)) }
    let record = lines + lineCount * Self.lineStride
    record[0] = Double(lineFirstItem)
    record[1] = y
    record[2] = height
    lineCount += 1
    lineFirstItem = itemCount
  }

  @inline(__always)
  func appendItem(x: Double, y: Double, width: Double, height: Double) {
    if itemCount == itemCapacity { growItems(to: itemCapacity + max(32, itemCapacity / 4)) }
    let record = items + itemCount * Self.itemStride
    record[0] = x
    record[1] = y
    record[2] = width
    record[3] = height
    itemCount += 1
  }

  /// Raw access to the records for the typesetter's plain-cell loop
  /// (``FlowTypesetter/placePlainRun(_:from:to:uniform:)``), which keeps the counts in
  /// registers instead of in the builder.
  struct Cursor {
    /// Item records: x, y, width, height.
    let items: UnsafeMutablePointer<Double>
    /// Line records: first item, y, height.
    let lines: UnsafeMutablePointer<Double>
    var itemCount: Int
    var lineFirstItem: Int
    var lineCount: Int
  }

  /// The records and counts, and `room`: how many more items fit, each of which may also
  /// finish a line. The cursor is valid until ``commit(_:)``, which must come before any
  /// other call on the builder.
  @inline(__always)
  func cursor() -> (cursor: Cursor, room: Int) {
    let cursor = Cursor(
      items: items, lines: lines, itemCount: itemCount, lineFirstItem: lineFirstItem, lineCount: lineCount)
    return (cursor, min(itemCapacity - itemCount, lineCapacity - lineCount))
  }

  /// Takes back the counts a cursor advanced.
  @inline(__always)
  func commit(_ cursor: Cursor) {
    itemCount = cursor.itemCount
    lineFirstItem = cursor.lineFirstItem
    lineCount = cursor.lineCount
  }

  private func growItems(to capacity: Int) {
    if arena != nil { return leaveArena(items: capacity, lines: lineCapacity) }
    items = PageMemory.resize(items, to: capacity * Self.itemStride)
    itemCapacity = capacity
  }

  private func growLines(to capacity: Int) {
    if arena != nil { return leaveArena(items: itemCapacity, lines: capacity) }
    lines = PageMemory.resize(lines, to: capacity * Self.lineStride)
    lineCapacity = capacity
  }

  /// The finished lines as a page with the given extent. The builder's blocks become the
  /// page's, shrunk to fit, and the pending items move to the front of new blocks; or, in an
  /// arena, the page is the slice written so far and the pending items start the next.
  ///
  /// - Parameter continuing: whether more lines follow; when not (a section's or an edit's
  ///   last page), the new blocks are only big enough for the pending items, if any.
  func sealFinishedLines(height: Double, continuing: Bool = true) -> LinePage {
    let pageItems = lineFirstItem
    let pending = itemCount - lineFirstItem
    if let arena {
      // The page is a slice of the arena; the pending items are already where the next
      // page starts.
      let page = LinePage(
        header: LinePage.Header(itemCount: pageItems, lineCount: lineCount, height: height), items: items,
        lines: lines, indents: indents(of: 0..<lineCount), arena: arena)
      items += pageItems * Self.itemStride
      itemCapacity -= pageItems
      arenaItemsUsed += pageItems
      itemCount = pending
      lineFirstItem = 0
      lines += lineCount * Self.lineStride
      lineCapacity -= lineCount
      arenaLinesUsed += lineCount
      lineCount = 0
      lineIndent.removeAll()
      return page
    }
    // The next page most likely has lines like this one's: room for the target count, the
    // lines that cross it and the line being filled; and for about as many lines.
    let lineLength = lineCount == 0 ? 1 : (pageItems + lineCount - 1) / lineCount
    let nextItemCapacity =
      continuing
      ? max(LinePage.targetItemCount + 4 * lineLength + 16, pending + 4 * lineLength + 16) : pending
    let nextLineCapacity = continuing ? max(16, lineCount + lineCount / 16 + 8) : 0
    let nextItems: UnsafeMutablePointer<Double> = PageMemory.allocate(nextItemCapacity * Self.itemStride)
    nextItems.update(from: items + pageItems * Self.itemStride, count: pending * Self.itemStride)
    let nextLines: UnsafeMutablePointer<Double> = PageMemory.allocate(nextLineCapacity * Self.lineStride)
    let page = LinePage(
      header: LinePage.Header(itemCount: pageItems, lineCount: lineCount, height: height),
      items: PageMemory.resize(items, to: pageItems * Self.itemStride),
      lines: PageMemory.resize(lines, to: lineCount * Self.lineStride),
      indents: indents(of: 0..<lineCount))
    items = nextItems
    itemCapacity = nextItemCapacity
    itemCount = pending
    lineFirstItem = 0
    lines = nextLines
    lineCapacity = nextLineCapacity
    lineCount = 0
    lineIndent.removeAll()
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
    guard lineFirstItem > maxItems, lineCount > 1 else {
      return [sealFinishedLines(height: height, continuing: false)]
    }
    var pages: [LinePage] = []
    var first = 0
    var top = 0.0
    for line in 1..<lineCount where lineStart(line) - lineStart(first) >= LinePage.targetItemCount {
      let bottom = lineY[line - 1] + lineHeight[line - 1]
      pages.append(makePage(lines: first..<line, top: top, height: bottom - top))
      first = line
      top = bottom
    }
    pages.append(makePage(lines: first..<lineCount, top: top, height: height - top))
    return pages
  }

  /// A copy of lines `lines` as a page, positions made relative to `top`.
  private func makePage(lines range: Range<Int>, top: Double, height: Double) -> LinePage {
    guard !range.isEmpty else { return LinePage.empty(height: height) }
    let first = lineStart(range.lowerBound)
    let end = range.upperBound < lineCount ? lineStart(range.upperBound) : lineFirstItem
    let count = end - first
    let pageItems: UnsafeMutablePointer<Double> = PageMemory.allocate(count * Self.itemStride)
    pageItems.update(from: items + first * Self.itemStride, count: count * Self.itemStride)
    let pageLines: UnsafeMutablePointer<Double> = PageMemory.allocate(range.count * Self.lineStride)
    pageLines.update(from: lines + range.lowerBound * Self.lineStride, count: range.count * Self.lineStride)
    for n in 0..<range.count {
      pageLines[n * Self.lineStride] -= Double(first)
      pageLines[n * Self.lineStride + 1] -= top
    }
    if top != 0 {
      for i in 0..<count { pageItems[i * Self.itemStride + 1] -= top }
    }
    return LinePage(
      header: LinePage.Header(itemCount: count, lineCount: range.count, height: height), items: pageItems,
      lines: pageLines, indents: indents(of: range))
  }

  /// Appends `other`'s lines from `line` on, moved down by `shift`.
  func appendLines(of other: LinePage, from line: Int, shiftedBy shift: Double) {
    append(lines: line..<other.lineCount, of: other, shiftedBy: shift)
  }

  /// The bottom of the last line, relative to the page's top.
  var bottom: Double { lineCount == 0 ? 0 : lineY[lineCount - 1] + lineHeight[lineCount - 1] }

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
    precondition(lineFirstItem == itemCount, "lines are appended between lines only")
    let starts = other.lineStart
    let firstItem = Int(starts[range.lowerBound])
    let endItem = range.upperBound < starts.count ? Int(starts[range.upperBound]) : other.itemCount
    let count = endItem - firstItem
    // Edits load a page and append the rest of it: room for what comes, plus a little for
    // the lines an edit adds, as the block becomes the new page.
    if itemCount + count > itemCapacity { growItems(to: itemCount + count + 32) }
    if lineCount + range.count > lineCapacity { growLines(to: lineCount + range.count + 16) }
    // Plain pointers and counts in locals: stores through the pointers could otherwise
    // alias the builder's fields, which the loops would then reload.
    let itemsTo = items + itemCount * Self.itemStride
    let itemsFrom = other.itemRecords + firstItem * Self.itemStride
    itemsTo.update(from: itemsFrom, count: count * Self.itemStride)
    var y = itemsTo + 1
    for _ in 0..<count {
      y.pointee += shift
      y += Self.itemStride
    }
    let itemOffset = Double(itemCount - firstItem)
    var from = other.lineRecords + range.lowerBound * Self.lineStride
    var to = lines + lineCount * Self.lineStride
    for _ in range {
      to[0] = from[0] + itemOffset
      to[1] = from[1] + shift
      to[2] = from[2]
      from += Self.lineStride
      to += Self.lineStride
    }
    if other.hasIndent || !lineIndent.isEmpty {
      for (n, l) in range.enumerated() {
        let indent = other.indent(beforeLine: l)
        if indent != LineIndent() || !lineIndent.isEmpty {
          while lineIndent.count < lineCount + n { lineIndent.append(LineIndent()) }
          lineIndent.append(indent)
        }
      }
    }
    itemCount += count
    lineCount += range.count
    lineFirstItem = itemCount
  }
}
