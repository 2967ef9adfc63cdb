/// The page of lines the typesetter is filling: plain buffers while it grows, sealed into an
/// immutable ``LinePage`` (one copy of each array) when full.
final class PageBuilder {
  // Items and lines are each a set of parallel columns with one count and one capacity, so
  // appending a cell checks capacity once rather than once per column. The builder never
  // escapes its typesetter; nothing here is shared.
  @exclusivity(unchecked) private var itemStorage: UnsafeMutablePointer<Double>
  @exclusivity(unchecked) private var itemCapacity: Int
  @exclusivity(unchecked) private(set) var itemCount = 0
  /// The first item of the line being filled: items from here on are pending, their x
  /// relative to the line box and their y relative to the line's top, until
  /// ``finishLine(y:height:indent:)``.
  @exclusivity(unchecked) private(set) var lineFirstItem = 0
  @exclusivity(unchecked) private var lineStorage: UnsafeMutablePointer<Double>
  @exclusivity(unchecked) private var lineCapacity: Int
  @exclusivity(unchecked) private(set) var lineCount = 0
  let lineIndent = ScratchBuffer<LineIndent>(capacity: 16)

  init(items: Int = LinePage.targetItemCount + 64, lines: Int = 256) {
    itemCapacity = items
    itemStorage = .allocate(capacity: 4 * items)
    lineCapacity = lines
    lineStorage = .allocate(capacity: 3 * lines)
  }

  deinit {
    itemStorage.deallocate()
    lineStorage.deallocate()
  }

  // Column k of the items starts at itemStorage + k * itemCapacity: x, y, width, height.
  var itemX: UnsafeBufferPointer<Double> { UnsafeBufferPointer(start: itemStorage, count: itemCount) }
  var itemY: UnsafeBufferPointer<Double> {
    UnsafeBufferPointer(start: itemStorage + itemCapacity, count: itemCount)
  }
  var itemWidth: UnsafeBufferPointer<Double> {
    UnsafeBufferPointer(start: itemStorage + 2 * itemCapacity, count: itemCount)
  }
  var itemHeight: UnsafeBufferPointer<Double> {
    UnsafeBufferPointer(start: itemStorage + 3 * itemCapacity, count: itemCount)
  }
  // Column k of the lines: start (an item index, stored exactly as a Double), y, height.
  var lineY: UnsafeBufferPointer<Double> {
    UnsafeBufferPointer(start: lineStorage + lineCapacity, count: lineCount)
  }
  var lineHeight: UnsafeBufferPointer<Double> {
    UnsafeBufferPointer(start: lineStorage + 2 * lineCapacity, count: lineCount)
  }
  func lineStart(_ line: Int) -> Int { Int(lineStorage[line]) }

  func removeAll() {
    itemCount = 0
    lineFirstItem = 0
    lineCount = 0
    lineIndent.removeAll()
  }

  /// Makes the pending items page-relative: x moves by `left`, y by `top`.
  @inline(__always)
  func placePendingItems(left: Double, top: Double) {
    let x = itemStorage
    let y = itemStorage + itemCapacity
    for i in lineFirstItem..<itemCount {
      x[i] = left + x[i]
      y[i] = top + y[i]
    }
  }

  /// Makes the pending items page-relative: x moves by `left`, y becomes `y(k, y)` for the
  /// line's k-th item.
  @inline(__always)
  func placePendingItems(left: Double, y newY: (Int, Double) -> Double) {
    let x = itemStorage
    let y = itemStorage + itemCapacity
    for i in lineFirstItem..<itemCount {
      x[i] = left + x[i]
      y[i] = newY(i - lineFirstItem, y[i])
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
    if lineCount == lineCapacity {
      lineStorage = grow(lineStorage, columns: 3, count: lineCount, capacity: &lineCapacity)
    }
    lineStorage[lineCount] = Double(lineFirstItem)
    lineStorage[lineCapacity + lineCount] = y
    lineStorage[2 * lineCapacity + lineCount] = height
    lineCount += 1
    lineFirstItem = itemCount
  }

  /// Raw access to the columns for the typesetter's plain-cell loop
  /// (``FlowTypesetter/placePlainRun(_:from:to:uniform:)``), which keeps the counts in
  /// registers instead of in the builder.
  struct Cursor {
    let x: UnsafeMutablePointer<Double>
    let y: UnsafeMutablePointer<Double>
    let width: UnsafeMutablePointer<Double>
    let height: UnsafeMutablePointer<Double>
    let lineStart: UnsafeMutablePointer<Double>
    let lineY: UnsafeMutablePointer<Double>
    let lineHeight: UnsafeMutablePointer<Double>
    var itemCount: Int
    var lineFirstItem: Int
    var lineCount: Int
  }

  /// Makes room for `count` more items and as many more lines (a line holds at least one
  /// item) and returns the columns and counts. The cursor is valid until ``commit(_:)``,
  /// which must come before any other call on the builder.
  @inline(__always)
  func cursor(reserving count: Int) -> Cursor {
    while itemCount + count > itemCapacity {
      itemStorage = grow(itemStorage, columns: 4, count: itemCount, capacity: &itemCapacity)
    }
    while lineCount + count > lineCapacity {
      lineStorage = grow(lineStorage, columns: 3, count: lineCount, capacity: &lineCapacity)
    }
    return Cursor(
      x: itemStorage, y: itemStorage + itemCapacity, width: itemStorage + 2 * itemCapacity,
      height: itemStorage + 3 * itemCapacity, lineStart: lineStorage, lineY: lineStorage + lineCapacity,
      lineHeight: lineStorage + 2 * lineCapacity, itemCount: itemCount, lineFirstItem: lineFirstItem,
      lineCount: lineCount)
  }

  /// Takes back the counts a cursor advanced.
  @inline(__always)
  func commit(_ cursor: Cursor) {
    itemCount = cursor.itemCount
    lineFirstItem = cursor.lineFirstItem
    lineCount = cursor.lineCount
  }

  @inline(__always)
  func appendItem(x: Double, y: Double, width: Double, height: Double) {
    if itemCount == itemCapacity {
      itemStorage = grow(itemStorage, columns: 4, count: itemCount, capacity: &itemCapacity)
    }
    let at = itemStorage + itemCount
    at[0] = x
    at[itemCapacity] = y
    at[2 * itemCapacity] = width
    at[3 * itemCapacity] = height
    itemCount += 1
  }

  private func grow(
    _ storage: UnsafeMutablePointer<Double>, columns: Int, count: Int, capacity: inout Int
  ) -> UnsafeMutablePointer<Double> {
    let bigger = UnsafeMutablePointer<Double>.allocate(capacity: columns * capacity * 2)
    for column in 0..<columns {
      (bigger + column * capacity * 2).update(from: storage + column * capacity, count: count)
    }
    storage.deallocate()
    capacity *= 2
    return bigger
  }

  /// The page so far, with the given extent.
  func seal(height: Double) -> LinePage {
    makePage(lines: 0..<lineCount, top: 0, height: height)
  }

  /// The finished lines as a page with the given extent; they leave the builder, the pending
  /// items stay (moved to the front).
  func sealFinishedLines(height: Double) -> LinePage {
    let sealed = seal(height: height)
    let pending = itemCount - lineFirstItem
    for column in 0..<4 {
      let base = itemStorage + column * itemCapacity
      base.update(from: base + lineFirstItem, count: pending)
    }
    itemCount = pending
    lineFirstItem = 0
    lineCount = 0
    lineIndent.removeAll()
    return sealed
  }

  /// The page so far, cut at line boundaries into pages of about
  /// ``LinePage/targetItemCount`` cells when it holds more than `maxItems`.
  func sealSplitting(height: Double, maxItems: Int) -> [LinePage] {
    guard itemCount > maxItems, lineCount > 1 else { return [seal(height: height)] }
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

  /// A page of lines `lines`, positions made relative to `top`.
  private func makePage(lines: Range<Int>, top: Double, height: Double) -> LinePage {
    guard !lines.isEmpty else { return LinePage.empty(height: height) }
    let first = lineStart(lines.lowerBound)
    let end = lines.upperBound < lineCount ? lineStart(lines.upperBound) : lineFirstItem
    let items = end - first
    let hasIndent = !lineIndent.isEmpty
    return LinePage.make(items: items, lines: lines.count, hasIndent: hasIndent, height: height) { page in
      let from = itemStorage + first
      page.x.update(from: from, count: items)
      Self.copy(from + itemCapacity, to: page.y, count: items, minus: top)
      page.width.update(from: from + 2 * itemCapacity, count: items)
      page.height.update(from: from + 3 * itemCapacity, count: items)
      let base = Double(first)
      for (n, line) in lines.enumerated() { page.lineStart[n] = lineStorage[line] - base }
      Self.copy(lineStorage + lineCapacity + lines.lowerBound, to: page.lineY, count: lines.count, minus: top)
      page.lineHeight.update(from: lineStorage + 2 * lineCapacity + lines.lowerBound, count: lines.count)
      if hasIndent {
        for (n, line) in lines.enumerated() {
          let indent = line < lineIndent.count ? lineIndent[line] : LineIndent()
          page.leadingIndent[n] = indent.leading
          page.trailingIndent[n] = indent.trailing
        }
      }
    }
  }

  /// Copies `count` values minus `offset`, in one tight loop.
  private static func copy(
    _ values: UnsafeMutablePointer<Double>, to target: UnsafeMutablePointer<Double>, count: Int,
    minus offset: Double
  ) {
    if offset == 0 {
      target.update(from: values, count: count)
    } else {
      for n in 0..<count { target[n] = values[n] - offset }
    }
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
    append(lines: 0..<lines, of: page, shiftedBy: 0)
  }

  /// Appends lines `lines` of `other`, moved down by `shift`, column by column: the same
  /// values as finishing each line in turn, copied in bulk.
  private func append(lines: Range<Int>, of other: LinePage, shiftedBy shift: Double) {
    guard !lines.isEmpty else { return }
    precondition(lineFirstItem == itemCount, "lines are appended between lines only")
    let source = other.columns
    let starts = other.lineStart
    let firstItem = Int(starts[lines.lowerBound])
    let endItem = lines.upperBound < starts.count ? Int(starts[lines.upperBound]) : other.itemCount
    let items = endItem - firstItem
    while itemCount + items > itemCapacity {
      itemStorage = grow(itemStorage, columns: 4, count: itemCount, capacity: &itemCapacity)
    }
    while lineCount + lines.count > lineCapacity {
      lineStorage = grow(lineStorage, columns: 3, count: lineCount, capacity: &lineCapacity)
    }
    let at = itemStorage + itemCount
    at.update(from: source.x + firstItem, count: items)
    for n in 0..<items { at[itemCapacity + n] = source.y[firstItem + n] + shift }
    (at + 2 * itemCapacity).update(from: source.width + firstItem, count: items)
    (at + 3 * itemCapacity).update(from: source.height + firstItem, count: items)
    let itemOffset = Double(itemCount - firstItem)
    for (n, l) in lines.enumerated() {
      let line = lineCount + n
      lineStorage[line] = source.lineStart[l] + itemOffset
      lineStorage[lineCapacity + line] = source.lineY[l] + shift
      lineStorage[2 * lineCapacity + line] = source.lineHeight[l]
    }
    if other.header.hasIndent || !lineIndent.isEmpty {
      for (n, l) in lines.enumerated() {
        let indent = other.indent(beforeLine: l)
        if indent != LineIndent() || !lineIndent.isEmpty {
          while lineIndent.count < lineCount + n { lineIndent.append(LineIndent()) }
          lineIndent.append(indent)
        }
      }
    }
    itemCount += items
    lineCount += lines.count
    lineFirstItem = itemCount
  }
}
