import LayoutThreads

/// A large flow section laid out by two typesetters at once, one per half, joined where their
/// lines agree. The pages are the ones a single typesetter writes, record for record.
///
/// 1. **Split** at the middle cell *k*. A helper thread typesets cells *k…* as if a line
///    started at *k* (no indentation, no line above) into pages of its own
///    (``SecondHalf``), while this thread typesets cells *…k−1* as usual.
/// 2. **Agree**: this thread goes on from *k*, line by line, until a line starts at a cell
///    where one of the helper's lines starts too, with the same indentation. From there on
///    both break lines at the same cells: where a line breaks depends only on its cells and
///    on the state at its start, which is the line box with its indentation (the line above
///    changes only how far down the line sits).
/// 3. **Join** at the next page this thread starts where the page above has the height of
///    the helper's. Pages end at the first line that starts at or after each multiple of
///    ``LinePage/targetItemCount`` of the item index (``PageBuilder/pageLimit(startingAt:)``), so the
///    helper starts a page at the same cell, below the same line; positions are relative to
///    their page, the first line's computed from the height of the page above (whose last
///    bits rounding can change, hence the check). The helper's pages from there on hold what
///    this thread would write, and are taken as they are.
///
/// This thread lays the rest out alone when the helper fails (a layout error, which this
/// thread then meets itself at the same cell), when the helper meets a cell sized by a
/// callback (callbacks are asked on the calling thread, once per cell: the helper stops
/// there), when lines are indented at *k* (indentation accumulates to the end of the section,
/// so the helper's lines, which start with none, would never agree), or when no join is found
/// within the join window past *k* (``LayoutTuning/joinWindowPages``).
extension FlowSectionLayout {
  /// Places the section's cells, in halves when `secondHalf` is being laid out (steps 1–3),
  /// and finishes it.
  mutating func placeSection<Spacing: SpacingPolicy>(
    _ section: Section, secondHalf: SecondHalf?, runs: FlowRuns = FlowRuns(), spacing: inout Spacing
  ) throws(LayoutError) -> FlowBody {
    guard let secondHalf else {
      try place(section.cells, runs: runs, spacing: &spacing)
      return typesetter.finishSection(spacing: &spacing)
    }
    // The helper reads the section: it ends before this returns or throws.
    defer { _ = secondHalf.wait() }
    let split = secondHalf.start
    try place(section.cells, from: 0, to: split, spacing: &spacing)
    let indented = typesetter.position.box.isIndented || typesetter.position.pendingIndent != nil
    guard let tail = secondHalf.wait(), !indented else {
      try place(section.cells, from: split, spacing: &spacing)
      return typesetter.finishSection(spacing: &spacing)
    }
    return try join(section, tail, at: split, spacing: &spacing)
  }

  /// Steps 2–3: goes on from `split` until the lines agree with `tail`'s (the helper's pages
  /// of cells `split…`) and a page starts, then takes `tail`'s pages from that one on.
  mutating func join<Spacing: SpacingPolicy>(
    _ section: Section, _ tail: FlowBody, at split: Int, spacing: inout Spacing
  ) throws(LayoutError) -> FlowBody {
    var agreedAt: Int?
    var joinPage: Int?
    var resumeAt: Int?
    let window = split + tuning.joinWindow
    try section.cells.forEachChunk(from: split) { (cells, first) throws(LayoutError) in
      let skip = max(0, split - first)
      let stopped = try typesetter.place(
        UnsafeBufferPointer(rebasing: cells[skip...]), first: first + skip, spacing: &spacing
      ) { item, newLine in
        // The helper's first line starts at `split` by assumption, not by agreement.
        guard let newLine, item > split else { return false }
        if let agreedAt {
          // A page this thread starts after a line of agreement starts one of the helper's.
          // Its lines' positions are computed from the height of the page above, which
          // rounding can make differ in its last bits: they must be the same.
          if let boundary = newLine.pageAbove, boundary.start > agreedAt {
            let (page, local) = tail.locate(item: boundary.start - split)
            if local == 0, page > 0, tail.pages[page - 1].height == boundary.heightAbove {
              joinPage = page
              return true
            }
          }
        } else if let match = tail.lineStart(at: item - split),
          tail.pages[match.page].indent(beforeLine: match.line) == newLine.indent
        {
          agreedAt = item
          return false
        }
        // No join in the window (the lines, or the pages' heights, never agreed): the rest
        // is placed here, at full speed.
        if item >= window {
          resumeAt = item
          return true
        }
        return false
      }
      // Stopped at a line's first cell: it is placed again by this thread, or the helper's
      // pages replace it and the line above.
      if stopped { typesetter.discardPendingLine() }
      return !stopped
    }
    if let joinPage {
      var pages = typesetter.takeSealedPages()
      var lines = 0
      for k in joinPage..<tail.pages.count {
        pages.append(tail.pages[k])
        lines += tail.pages[k].lineCount
      }
      typesetter.countLines(lines)
      tuning.counters?.noteJoin()
      return FlowBody(pages: pages, trailingSpace: tail.trailingSpace)
    }
    if let resumeAt { try place(section.cells, from: resumeAt, spacing: &spacing) }
    return typesetter.finishSection(spacing: &spacing)
  }

  /// The second half of a section, laid out by a helper thread from cell ``start`` on, into
  /// pages of its own ``PageStore``; they reach this thread sealed, when ``wait()`` joins the
  /// helper (``HelperResult``).
  final class SecondHalf {
    let start: Int
    private let result: HelperResult<FlowBody?>

    /// Starts laying out cells `start…` of `section` with a copy of `policy` (its answers
    /// are repeatable, ``SpacingPolicy/answersAreRepeatable``), its pages set up as `pages`
    /// says, on a helper thread, or here when none can be started.
    init<Policy: SpacingPolicy>(
      _ section: Section, in context: SectionContext, policy: Policy, from start: Int, pages: PageSetup
    ) {
      self.start = start
      result = HelperResult { Self.layOut(section, in: context, policy: policy, from: start, pages: pages) }
    }

    /// Waits for the helper; the pages of cells ``start``… (the first of them as if a line
    /// started at ``start``), or `nil` when it failed or met a cell sized by a callback.
    func wait() -> FlowBody? { result.wait() }

    private static func layOut<Policy: SpacingPolicy>(
      _ section: Section, in context: SectionContext, policy: Policy, from start: Int, pages: PageSetup
    ) -> FlowBody? {
      var policy = policy
      var layout = FlowSectionLayout(configuration: context.configuration)
      return try? layout.run(
        PlaceRest(section: section, start: start), section, in: context, pages: pages, policy: &policy)
    }
  }

  /// The cells of a section from `start` on (where its pages start: ``PageSetup/startingAt``).
  struct PlaceRest: FlowPass {
    let section: Section
    let start: Int

    func run<Spacing: SpacingPolicy>(
      _ layout: inout FlowSectionLayout, spacing: inout Spacing
    ) throws(LayoutError) -> FlowBody {
      try layout.place(section.cells, from: start, spacing: &spacing)
      return layout.typesetter.finishSection(spacing: &spacing)
    }
  }
}
