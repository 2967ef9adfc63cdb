/// The page of lines the typesetter is filling: plain buffers while it grows, sealed into an
/// immutable ``LinePage`` (one copy of each array) when full.
final class PageBuilder {
  let itemX = ScratchBuffer<Double>(capacity: LinePage.targetItemCount + 64)
  let itemY = ScratchBuffer<Double>(capacity: LinePage.targetItemCount + 64)
  let itemWidth = ScratchBuffer<Double>(capacity: LinePage.targetItemCount + 64)
  let itemHeight = ScratchBuffer<Double>(capacity: LinePage.targetItemCount + 64)
  let lineStart = ScratchBuffer<Int32>(capacity: 256)
  let lineY = ScratchBuffer<Double>(capacity: 256)
  let lineHeight = ScratchBuffer<Double>(capacity: 256)
  let lineIndent = ScratchBuffer<LineIndent>(capacity: 16)

  var itemCount: Int { itemX.count }
  var lineCount: Int { lineStart.count }

  func removeAll() {
    itemX.removeAll()
    itemY.removeAll()
    itemWidth.removeAll()
    itemHeight.removeAll()
    lineStart.removeAll()
    lineY.removeAll()
    lineHeight.removeAll()
    lineIndent.removeAll()
  }

  /// Starts a line at `y` with the given height and the indentation in force before it.
  func beginLine(y: Double, height: Double, indent: LineIndent) {
    if indent != LineIndent() || !lineIndent.isEmpty {
      while lineIndent.count < lineStart.count { lineIndent.append(LineIndent()) }
      lineIndent.append(indent)
    }
    lineStart.append(Int32(truncatingIfNeeded: itemX.count))
    lineY.append(y)
    lineHeight.append(height)
  }

  func appendItem(x: Double, y: Double, width: Double, height: Double) {
    itemX.append(x)
    itemY.append(y)
    itemWidth.append(width)
    itemHeight.append(height)
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
    for line in 1..<lineCount where Int(lineStart[line]) - Int(lineStart[first]) >= LinePage.targetItemCount {
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
      Int(
        lineStart[lines.lowerBound])..<(lines.upperBound < lineCount
      ? Int(lineStart[lines.upperBound]) : itemCount)
    let base = Int32(items.lowerBound)
    var indent: ContiguousArray<LineIndent> = []
    if !lineIndent.isEmpty {
      indent.reserveCapacity(lines.count)
      for line in lines { indent.append(line < lineIndent.count ? lineIndent[line] : LineIndent()) }
    }
    return LinePage(
      itemX: ContiguousArray(itemX.elements[items]),
      itemY: top == 0
        ? ContiguousArray(itemY.elements[items])
        : ContiguousArray(itemY.elements[items].lazy.map { $0 - top }),
      itemWidth: ContiguousArray(itemWidth.elements[items]),
      itemHeight: ContiguousArray(itemHeight.elements[items]),
      lineStart: ContiguousArray(lineStart.elements[lines].lazy.map { $0 - base }),
      lineY: top == 0
        ? ContiguousArray(lineY.elements[lines])
        : ContiguousArray(lineY.elements[lines].lazy.map { $0 - top }),
      lineHeight: ContiguousArray(lineHeight.elements[lines]), lineIndent: indent, height: height)
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
    let items = lines < page.lineCount ? Int(page.lineStart[lines]) : page.itemCount
    for i in 0..<items {
      appendItem(x: page.itemX[i], y: page.itemY[i], width: page.itemWidth[i], height: page.itemHeight[i])
    }
    for l in 0..<lines {
      lineStart.append(page.lineStart[l])
      lineY.append(page.lineY[l])
      lineHeight.append(page.lineHeight[l])
      if !page.lineIndent.isEmpty { lineIndent.append(page.lineIndent[l]) }
    }
  }
}
