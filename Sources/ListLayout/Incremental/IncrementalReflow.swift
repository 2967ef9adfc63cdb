import LayoutGeometry

/// Re-lays out the part of one section an edit touched.
///
/// 1. **Resume** the typesetter at the start of the line holding the first touched cell,
///    with the state the old layout had there (indentation, the line above, the position).
/// 2. **Reflow** cells from there, line by line.
/// 3. **Re-synchronise**: once past the last touched cell, stop at the first new line that
///    starts where an old line started (same cell, same indentation, not the section's first
///    line). Every old line from there on is unchanged but for a vertical shift.
/// 4. **Splice**: old pages before the touched one, the reflowed lines, the old lines after
///    the synchronisation point shifted by the difference, old pages after. Pages after the
///    splice are shared with the old snapshot untouched; their new positions come from the
///    section's prefix sums.
extension FlowTypesetter {
  /// Reflows `section` (the updated one) given its old geometry.
  mutating func reflow(
    _ section: Section, at index: Int, attributes: SectionAttributes, old: SectionGeometry,
    first: Int, lastDirty: Int, delta: Int
  ) throws(LayoutError) -> SectionGeometry {
    let oldCount = old.itemCount
    guard oldCount > 0, !section.cells.isEmpty else {
      return try layout(section, at: index, attributes: attributes)
    }
    // 1. Resume at the line before the one holding old item `first` (or the last line, when
    //    appending): a changed cell may now fit on the line above, which ended because it
    //    did not.
    let located = old.locate(item: min(first, oldCount - 1))
    var pageIndex = located.page
    var startLine = old.pages[pageIndex].line(containing: located.local)
    if startLine > 0 {
      startLine -= 1
    } else if let previous = old.pages[..<pageIndex].lastIndex(where: { $0.lineCount > 0 }) {
      pageIndex = previous
      startLine = old.pages[previous].lineCount - 1
    }
    let startPage = old.pages[pageIndex]
    begin(section, at: index, attributes: attributes)
    page.load(startPage, lines: startLine)
    let indent = startPage.indent(beforeLine: startLine)
    leadingIndent = indent.leading
    trailingIndent = indent.trailing
    lineLeft = baseLineLeft + leadingIndent
    available = max(0, baseAvailable - leadingIndent - trailingIndent)
    pageBottom = startLine > 0 ? startPage.lineY[startLine - 1] + startPage.lineHeight[startLine - 1] : 0
    let pageFirstItem = old.pageItemCounts.prefix(pageIndex)
    if let above = old.line(before: (pageIndex, startLine)) {
      isFirstLine = false
      previousLineTraits.removeAll()
      for item in above { previousLineTraits.append(policy.key(section.cells[item].traits)) }
    }
    let startItem = pageFirstItem + Int(startPage.lineStart[startLine])

    // 2–3. Reflow until the lines re-synchronise.
    var sync: (page: Int, line: Int, shift: Double)?
    let uniform = uniform
    try section.cells.forEachChunk(from: startItem) { (cells, first) throws(LayoutError) in
      guard let base = cells.baseAddress else { return true }
      for local in max(0, startItem - first)..<cells.count {
        let item = first + local
        try place(base + local, at: item, uniform: uniform)
        if page.itemCount - page.lineFirstItem == 1, item > lastDirty, item > startItem,
          let match = old.lineStart(at: item - delta),
          old.pages[match.page].indent(beforeLine: match.line)
            == LineIndent(leading: leadingIndent, trailing: trailingIndent)
        {
          let gap = gapAbove(firstTraits: firstCellTraits)
          sync = (match.page, match.line, pageBottom + gap - old.pages[match.page].lineY[match.line])
          page.discardPendingItems()
          resetLine()
          return false
        }
      }
      return true
    }

    // 4. Splice.
    var replaced = pageIndex..<old.pages.count
    if !lineIsEmpty { finishLine() }
    if let sync {
      page.appendLines(of: old.pages[sync.page], from: sync.line, shiftedBy: sync.shift)
      pageBottom = page.bottom
      replaced = pageIndex..<(sync.page + 1)
    }
    pages.append(contentsOf: page.sealSplitting(height: pageBottom, maxItems: 2 * LinePage.targetItemCount))
    var geometry = old
    geometry.replacePages(replaced, with: pages)
    pages = []

    // The bottom margin follows the section's last line.
    var bottomMargin = 0.0
    if let last = geometry.lastLine() {
      previousLineTraits.removeAll()
      for item in last { previousLineTraits.append(policy.key(section.cells[item].traits)) }
      bottomMargin = bottomMarginOfLastLine()
    }
    geometry.finish(
      header: section.header, footer: section.footer, listWidth: listWidth, attributes: attributes,
      bottomMargin: bottomMargin)
    return geometry
  }
}

extension LinePage {
  /// The line holding page-local item `local`.
  func line(containing local: Int) -> Int {
    var low = 0
    var high = lineStart.count - 1
    while low < high {
      let mid = (low + high + 1) >> 1
      if Int(lineStart[mid]) <= local { low = mid } else { high = mid - 1 }
    }
    return low
  }
}

extension SectionGeometry {
  /// The absolute item range of the line before `position` (page, line), if any.
  func line(before position: (page: Int, line: Int)) -> Range<Int>? {
    var (page, line) = position
    if line > 0 {
      line -= 1
    } else {
      repeat {
        page -= 1
      } while page >= 0 && pages[page].lineCount == 0
      guard page >= 0 else { return nil }
      line = pages[page].lineCount - 1
    }
    let base = pageItemCounts.prefix(page)
    let local = pages[page].items(ofLine: line)
    return (base + local.lowerBound)..<(base + local.upperBound)
  }

  /// The absolute item range of the section's last line, if any.
  func lastLine() -> Range<Int>? {
    line(before: (pages.count, 0))
  }

  /// Where old item `item` starts a line: its page and line, or `nil` when it is not the
  /// first cell of a line, or starts the section's first line.
  func lineStart(at item: Int) -> (page: Int, line: Int)? {
    guard item > 0, item < itemCount else { return nil }
    let (page, local) = locate(item: item)
    let line = pages[page].line(containing: local)
    guard Int(pages[page].lineStart[line]) == local else { return nil }
    return (page, line)
  }

  /// Replaces the pages in `range` with `newPages`, keeping the prefix sums in step.
  mutating func replacePages<Pages: Collection<LinePage>>(_ range: Range<Int>, with newPages: Pages) {
    if range.count == newPages.count {
      for (offset, page) in zip(0..., newPages) {
        pages[range.lowerBound + offset] = page
        pageHeights[range.lowerBound + offset] = page.height
        pageItemCounts[range.lowerBound + offset] = page.itemCount
      }
    } else {
      pages.replaceSubrange(range, with: newPages)
      pageHeights.replaceSubrange(range, with: newPages.map(\.height))
      pageItemCounts.replaceSubrange(range, with: newPages.map(\.itemCount))
    }
  }

  /// Recomputes the section's frames around its pages: header, footer and height.
  mutating func finish(
    header: Supplementary?, footer: Supplementary?, listWidth: Double, attributes: SectionAttributes,
    bottomMargin: Double
  ) {
    var y = 0.0
    headerFrame = nil
    footerFrame = nil
    if let header {
      headerFrame = Rect(x: 0, y: 0, width: header.width ?? listWidth, height: header.height)
      y = header.height
    }
    y += attributes.insets.top
    bodyTop = y
    y += pageHeights.total + bottomMargin + attributes.insets.bottom
    if let footer {
      footerFrame = Rect(x: 0, y: y, width: footer.width ?? listWidth, height: footer.height)
      y += footer.height
    }
    height = y
  }
}
