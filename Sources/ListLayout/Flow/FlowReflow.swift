import LayoutGeometry

/// Re-lays out the part of one flow section an edit touched.
///
/// 1. **Resume** the typesetter at the start of the line before the one holding the first
///    touched cell, with the state the old layout had there (indentation, the line above,
///    the position): ``FlowTypesetter/resume(_:lineAbove:)``.
/// 2. **Reflow** cells from there, line by line.
/// 3. **Re-synchronise**: once past the last touched cell, stop at the first new line that
///    starts where an old line started (same cell, same indentation, not the section's first
///    line). Every old line from there on is unchanged but for a vertical shift.
/// 4. **Splice**: old pages before the touched one, the reflowed lines, the old lines after
///    the synchronisation point shifted by the difference, old pages after. Pages after the
///    splice are shared with the old snapshot untouched; their new positions come from the
///    section's prefix sums.
///
/// An edit made of groups of changes far apart (``SectionEdit/groups``) runs steps 1–4 per
/// group: the old pages between one group's synchronisation point and the next group's
/// resume line are kept as they are, so scattered changes cost the lines around each, not
/// the lines between them. A group the reflow reaches before re-synchronising on an earlier
/// page joins the one being reflowed.
extension FlowSectionLayout {
  mutating func relayout<Policy: SpacingPolicy>(
    _ section: Section, in context: SectionContext, old: SectionGeometry, edit: SectionEdit,
    policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry? {
    // Groups denser than one per `denseGroupSpan` cells cost more to reflow one by one than
    // the section costs to lay out whole (Benchmarks/README.md, "Why the speed machinery
    // exists").
    guard let oldBody = old.body as? FlowBody, oldBody.itemCount > 0, !section.cells.isEmpty,
      edit.groups.count * Self.denseGroupSpan <= section.cells.count
    else {
      return nil
    }
    let body = try run(
      Reflow(section: section, old: oldBody, edit: edit), section, in: context, pages: PageSetup(),
      policy: &policy)
    return geometry(of: section, body: body, in: context)
  }

  /// The fewest cells per group of changes for which an edit is reflowed group by group
  /// rather than laid out whole.
  static var denseGroupSpan: Int { LayoutTuning.denseEditGroupSpan }

  /// Steps 1–4 over the section's groups of changes.
  struct Reflow: FlowPass {
    let section: Section
    let old: FlowBody
    let edit: SectionEdit

    func run<Spacing: SpacingPolicy>(
      _ layout: inout FlowSectionLayout, spacing: inout Spacing
    ) throws(LayoutError) -> FlowBody {
      try layout.reflow(section, old: old, edit: edit, spacing: &spacing)
    }
  }

  mutating func reflow<Spacing: SpacingPolicy>(
    _ section: Section, old: FlowBody, edit: SectionEdit, spacing: inout Spacing
  ) throws(LayoutError) -> FlowBody {
    let groups =
      edit.groups.isEmpty
      ? [EditGroup(first: edit.first, lastDirty: edit.lastDirty, deltaBefore: 0, deltaAfter: edit.delta)]
      : edit.groups
    // A group resumes on a plain page: the repeated page holding its resume line is cut
    // around that line's copy first.
    var old = old
    for group in groups {
      let (page, line) = Self.resumeLine(in: old, beforeItem: group.first - group.deltaBefore)
      if old.pages[page].repetition != nil {
        old.splitRepetition(atLine: old.pageCounts.prefix(page).lines + line)
      }
    }
    // Each run of groups replaces a run of old pages; the old pages between runs are kept.
    var splices: [(replaced: Range<Int>, pages: ContiguousArray<LinePage>)] = []
    var g = 0
    while g < groups.count {
      if g > 0 { typesetter.restart() }
      var group = groups[g]
      // 1. Resume at the line before the one holding the group's first cell (or the last
      //    line, when appending): a changed cell may now fit on the line above, which ended
      //    because it did not.
      let (pageIndex, startLine) = Self.resumeLine(in: old, beforeItem: group.first - group.deltaBefore)
      let startPage = old.pages[pageIndex]
      typesetter.resume(
        .line(startLine, of: startPage),
        lineAbove: old.line(before: (pageIndex, startLine)).map {
          keys(of: $0, shiftedBy: group.deltaBefore, in: section, &spacing)
        })
      var startItem =
        old.pageCounts.prefix(pageIndex).items + startPage.lineStart(startLine) + group.deltaBefore
      var next = g + 1
      var nextResume = next < groups.count ? Self.resumePoint(of: groups[next], in: old) : nil
      var replaced = pageIndex..<old.pages.count
      var synced = false
      // The copies of a repeated page after the line the reflow re-synchronised on.
      var copiesAfter: LinePage?
      while true {
        // 2–3. Reflow until the lines re-synchronise before the next group's resume line; a
        //      group reached first joins this one.
        var sync: (page: Int, line: Int, shift: Double)?
        try section.cells.forEachChunk(from: startItem) { (cells, first) throws(LayoutError) in
          let skip = max(0, startItem - first)
          let stopped = try typesetter.place(
            UnsafeBufferPointer(rebasing: cells[skip...]), first: first + skip, spacing: &spacing
          ) { item, newLine in
            while let resume = nextResume, item >= resume.item {
              group.lastDirty = groups[next].lastDirty
              group.deltaAfter = groups[next].deltaAfter
              next += 1
              nextResume = next < groups.count ? Self.resumePoint(of: groups[next], in: old) : nil
            }
            guard let newLine, item > group.lastDirty, item > startItem,
              let match = old.lineStart(at: item - group.deltaAfter),
              old.pages[match.page].indent(beforeLine: match.line) == newLine.indent,
              nextResume.map({ ($0.page, $0.line) > (match.page, match.line) }) ?? true
            else { return false }
            sync = (
              match.page, match.line,
              newLine.top + newLine.gapAbove - old.pages[match.page].line(match.line).y
            )
            return true
          }
          if stopped { typesetter.discardPendingLine() }
          return !stopped
        }
        typesetter.finishPendingLine(spacing: &spacing)
        guard let sync else { break }
        synced = true
        let syncPage = old.pages[sync.page]
        if let resume = nextResume, resume.page == sync.page {
          // 4a. The next group resumes on this page: keep the old lines up to its resume
          //     line, then reflow it.
          let nextGroup = groups[next]
          let above = old.line(before: (resume.page, resume.line))!
          typesetter.resume(
            .afterAppending(sync.line..<resume.line, of: syncPage, shiftedBy: sync.shift),
            lineAbove: keys(of: above, shiftedBy: nextGroup.deltaBefore, in: section, &spacing))
          group = nextGroup
          startItem = resume.item
          next += 1
          nextResume = next < groups.count ? Self.resumePoint(of: groups[next], in: old) : nil
          continue
        }
        // 4b. Splice: the rest of the page the lines re-synchronised on, then old pages. On
        //     a repeated page, the rest of the copy holding the line, then the copies after.
        if let repetition = syncPage.repetition {
          let base = repetition.base
          let (copy, line) = sync.line.quotientAndRemainder(dividingBy: base.lineCount)
          let top = syncPage.line(sync.line).y + sync.shift
          typesetter.appendLines(of: base, from: line, shiftedBy: top - base.line(line).y)
          if copy + 1 < repetition.copies { copiesAfter = base.repeated(repetition.copies - copy - 1) }
        } else {
          typesetter.appendLines(of: syncPage, from: sync.line, shiftedBy: sync.shift)
        }
        replaced = pageIndex..<(sync.page + 1)
        break
      }
      var pages = typesetter.takePages()
      if let copiesAfter { pages.append(copiesAfter) }
      splices.append((replaced, pages))
      guard synced else { break }
      g = next
    }
    var body = old
    if splices.count == 1 || splices.allSatisfy({ $0.replaced.count == $0.pages.count }) {
      // Pages replaced one for one keep every other page's place: each splice is written in
      // place (from the last, so that the earlier ranges still hold), in O(log pages) a page,
      // where building the body again would cost O(pages).
      for splice in splices.reversed() { body.replacePages(splice.replaced, with: splice.pages) }
    } else {
      var pages = ContiguousArray<LinePage>()
      pages.reserveCapacity(old.pages.count + splices.count)
      var kept = 0
      for splice in splices {
        for k in kept..<splice.replaced.lowerBound { pages.append(old.pages[k]) }
        pages.append(contentsOf: splice.pages)
        kept = splice.replaced.upperBound
      }
      for k in kept..<old.pages.count { pages.append(old.pages[k]) }
      body = FlowBody(pages: pages, trailingSpace: 0)
    }
    // The bottom margin follows the section's last line.
    body.trailingSpace = 0
    if let last = body.lastLine() {
      body.trailingSpace = typesetter.bottomMargin(
        ofLineWith: keys(of: last, in: section, &spacing), spacing: &spacing)
    }
    return body
  }

  /// The line an edit of old item `item` resumes at: the line before the one holding it (or
  /// the last line, for an item past the end).
  static func resumeLine(in old: FlowBody, beforeItem item: Int) -> (page: Int, line: Int) {
    let located = old.locate(item: min(item, old.itemCount - 1))
    var pageIndex = located.page
    var startLine = old.pages[pageIndex].line(containing: located.local)
    if startLine > 0 {
      startLine -= 1
    } else if let previous = old.pages[..<pageIndex].lastIndex(where: { $0.lineCount > 0 }) {
      pageIndex = previous
      startLine = old.pages[previous].lineCount - 1
    }
    return (pageIndex, startLine)
  }

  /// Where a group would resume: its old page and line, and the new index of the line's
  /// first cell.
  static func resumePoint(of group: EditGroup, in old: FlowBody) -> (page: Int, line: Int, item: Int) {
    let (page, line) = Self.resumeLine(in: old, beforeItem: group.first - group.deltaBefore)
    return (
      page, line, old.pageCounts.prefix(page).items + old.pages[page].lineStart(line) + group.deltaBefore
    )
  }

  /// The trait keys of cells `items` (none when the answers do not depend on traits), or of
  /// the cells `shift` places after them.
  func keys<Spacing: SpacingPolicy>(
    of items: Range<Int>, shiftedBy shift: Int = 0, in section: Section, _ spacing: inout Spacing
  )
    -> [TraitKey]
  {
    guard spacing.usesTraits else { return [] }
    return items.map { spacing.key(section.cells[$0 + shift].traits) }
  }
}
