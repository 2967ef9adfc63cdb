import LayoutGeometry

/// Re-lays out the part of one flow section an edit touched.
///
/// 1. **Resume** the typesetter at the start of the line before the one holding the first
///    touched cell, with the state the old layout had there (indentation, the line above,
///    the position): ``FlowTypesetter/resume(at:of:lineAbove:)``.
/// 2. **Reflow** cells from there, line by line.
/// 3. **Re-synchronise**: once past the last touched cell, stop at the first new line that
///    starts where an old line started (same cell, same indentation, not the section's first
///    line). Every old line from there on is unchanged but for a vertical shift.
/// 4. **Splice**: old pages before the touched one, the reflowed lines, the old lines after
///    the synchronisation point shifted by the difference, old pages after. Pages after the
///    splice are shared with the old snapshot untouched; their new positions come from the
///    section's prefix sums.
extension FlowSectionLayout {
  mutating func relayout<Policy: SpacingPolicy>(
    _ section: Section, in context: SectionContext, old: SectionGeometry, edit: SectionEdit,
    policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry? {
    guard let oldBody = old.body as? FlowBody, oldBody.itemCount > 0, !section.cells.isEmpty else {
      return nil
    }
    typesetter.begin(section, in: context, spacing: &policy)
    let body: FlowBody
    if var constants = SectionConstants(
      &policy, headerTraits: typesetter.rules.headerTraits,
      defaults: context.configuration.defaultCellAttributes)
    {
      body = try reflow(section, old: oldBody, edit: edit, spacing: &constants)
    } else {
      body = try reflow(section, old: oldBody, edit: edit, spacing: &policy)
    }
    return geometry(of: section, body: body, in: context)
  }

  mutating func reflow<Spacing: SpacingPolicy>(
    _ section: Section, old: FlowBody, edit: SectionEdit, spacing: inout Spacing
  ) throws(LayoutError) -> FlowBody {
    // 1. Resume at the line before the one holding old item `first` (or the last line, when
    //    appending): a changed cell may now fit on the line above, which ended because it
    //    did not.
    let located = old.locate(item: min(edit.first, old.itemCount - 1))
    var pageIndex = located.page
    var startLine = old.pages[pageIndex].line(containing: located.local)
    if startLine > 0 {
      startLine -= 1
    } else if let previous = old.pages[..<pageIndex].lastIndex(where: { $0.lineCount > 0 }) {
      pageIndex = previous
      startLine = old.pages[previous].lineCount - 1
    }
    let startPage = old.pages[pageIndex]
    let above = old.line(before: (pageIndex, startLine))
    typesetter.resume(
      at: startLine, of: startPage, lineAbove: above.map { keys(of: $0, in: section, &spacing) })
    let startItem = old.pageItemCounts.prefix(pageIndex) + startPage.lineStart(startLine)

    // 2–3. Reflow until the lines re-synchronise.
    var sync: (page: Int, line: Int, shift: Double)?
    try section.cells.forEachChunk(from: startItem) { (cells, first) throws(LayoutError) in
      let skip = max(0, startItem - first)
      let stopped = try typesetter.place(
        UnsafeBufferPointer(rebasing: cells[skip...]), first: first + skip, spacing: &spacing
      ) { item, newLine in
        guard let newLine, item > edit.lastDirty, item > startItem,
          let match = old.lineStart(at: item - edit.delta),
          old.pages[match.page].indent(beforeLine: match.line) == newLine.indent
        else { return false }
        sync = (
          match.page, match.line, newLine.top + newLine.gapAbove - old.pages[match.page].line(match.line).y
        )
        return true
      }
      if stopped { typesetter.discardPendingLine() }
      return !stopped
    }

    // 4. Splice.
    var replaced = pageIndex..<old.pages.count
    typesetter.finishPendingLine(spacing: &spacing)
    if let sync {
      typesetter.appendLines(of: old.pages[sync.page], from: sync.line, shiftedBy: sync.shift)
      replaced = pageIndex..<(sync.page + 1)
    }
    var body = old
    body.replacePages(replaced, with: typesetter.takePages())
    // The bottom margin follows the section's last line.
    body.trailingSpace = 0
    if let last = body.lastLine() {
      body.trailingSpace = typesetter.bottomMargin(
        ofLineWith: keys(of: last, in: section, &spacing), spacing: &spacing)
    }
    return body
  }

  /// The trait keys of cells `items` (none when the answers do not depend on traits).
  func keys<Spacing: SpacingPolicy>(
    of items: Range<Int>, in section: Section, _ spacing: inout Spacing
  )
    -> [TraitKey]
  {
    guard spacing.usesTraits else { return [] }
    return items.map { spacing.key(section.cells[$0].traits) }
  }
}
