/// The page of lines the typesetter is filling: plain buffers while it grows, sealed into an
/// immutable ``LinePage`` (one copy of each array) when full.
final class PageBuilder {
  // Items and lines are each a set of parallel columns with one count and one capacity, so
  // appending a cell checks capacity once rather than once per column. The builder never
  // escapes its typesetter; nothing here is shared.
  @exclusivity(unchecked) private var itemStorage: UnsafeMutablePointer<Double>
  @exclusivity(unchecked) private var itemCapacity: Int
  @exclusivity(unchecked) private(set) var itemCount = 0
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
    lineCount = 0
    lineIndent.removeAll()
  }

  /// Starts a line at `y` with the given height and the indentation in force before it.
  func beginLine(y: Double, height: Double, indent: LineIndent) {
    if indent != LineIndent() || !lineIndent.isEmpty {
      while lineIndent.count < lineCount { lineIndent.append(LineIndent()) }
      lineIndent.append(indent)
    }
    if lineCount == lineCapacity {
      lineStorage = grow(lineStorage, columns: 3, count: lineCount, capacity: &lineCapacity)
    }
    lineStorage[lineCount] = Double(itemCount)
    lineStorage[lineCapacity + lineCount] = y
    lineStorage[2 * lineCapacity + lineCount] = height
    lineCount += 1
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
    guard !lines.isEmpty else { return LinePage(height: height) }
    let items =
      lineStart(lines.lowerBound)..<(lines.upperBound < lineCount ? lineStart(lines.upperBound) : itemCount)
    let base = Double(items.lowerBound)
    var indent: ContiguousArray<LineIndent> = []
    if !lineIndent.isEmpty {
      indent.reserveCapacity(lines.count)
      for line in lines { indent.append(line < lineIndent.count ? lineIndent[line] : LineIndent()) }
    }
    let lineStarts = UnsafeBufferPointer(start: lineStorage, count: lineCount)
    return LinePage(
      itemX: ContiguousArray(itemX[items]), itemY: Self.copy(itemY[items], minus: top),
      itemWidth: ContiguousArray(itemWidth[items]), itemHeight: ContiguousArray(itemHeight[items]),
      lineStart: ContiguousArray(unsafeUninitializedCapacity: lines.count) { buffer, count in
        for (n, line) in lines.enumerated() { buffer[n] = Int32(lineStarts[line] - base) }
        count = lines.count
      },
      lineY: Self.copy(lineY[lines], minus: top), lineHeight: ContiguousArray(lineHeight[lines]),
      lineIndent: indent, height: height)
  }

  /// `values` minus `offset`, copied in one tight loop.
  private static func copy(
    _ values: Slice<UnsafeBufferPointer<Double>>, minus offset: Double
  )
    -> ContiguousArray<Double>
  {
    if offset == 0 { return ContiguousArray(values) }
    return ContiguousArray(unsafeUninitializedCapacity: values.count) { buffer, count in
      for (n, value) in values.enumerated() { buffer[n] = value - offset }
      count = values.count
    }
  }

  /// Appends `other`'s lines from `line` on, moved down by `shift`.
  func appendLines(of other: LinePage, from line: Int, shiftedBy shift: Double) {
    guard line < other.lineCount else { return }
    for l in line..<other.lineCount {
      beginLine(y: other.lineY[l] + shift, height: other.lineHeight[l], indent: other.indent(beforeLine: l))
      for i in other.items(ofLine: l) {
        appendItem(
          x: other.itemX[i], y: other.itemY[i] + shift, width: other.itemWidth[i], height: other.itemHeight[i]
        )
      }
    }
  }

  /// The bottom of the last line, relative to the page's top.
  var bottom: Double { lineCount == 0 ? 0 : lineY[lineCount - 1] + lineHeight[lineCount - 1] }

  /// Loads the first `lines` lines of `page`, to continue filling it.
  func load(_ page: LinePage, lines: Int) {
    removeAll()
    for l in 0..<lines {
      beginLine(y: page.lineY[l], height: page.lineHeight[l], indent: page.indent(beforeLine: l))
      for i in page.items(ofLine: l) {
        appendItem(x: page.itemX[i], y: page.itemY[i], width: page.itemWidth[i], height: page.itemHeight[i])
      }
    }
  }

}
