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
    var page = LinePage()
    page.itemX = ContiguousArray(itemX.elements)
    page.itemY = ContiguousArray(itemY.elements)
    page.itemWidth = ContiguousArray(itemWidth.elements)
    page.itemHeight = ContiguousArray(itemHeight.elements)
    page.lineStart = ContiguousArray(lineStart.elements)
    page.lineY = ContiguousArray(lineY.elements)
    page.lineHeight = ContiguousArray(lineHeight.elements)
    if !lineIndent.isEmpty {
      page.lineIndent = ContiguousArray(lineIndent.elements)
      while page.lineIndent.count < page.lineCount { page.lineIndent.append(LineIndent()) }
    }
    page.height = height
    return page
  }

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
