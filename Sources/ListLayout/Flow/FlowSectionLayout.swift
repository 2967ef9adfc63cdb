import LayoutGeometry

/// The flow section layout (FSQ's typesetter, which also realises Hub's rows): cells in lines
/// like words in a paragraph, into a ``FlowBody`` of pages of lines. An edit re-lays out from
/// the line before the first touched cell until the line breaks agree with the old ones
/// (``relayout(_:in:old:edit:policy:)``).
struct FlowSectionLayout: SectionLayoutAlgorithm {
  var typesetter: FlowTypesetter
  /// Whether large sections store their pages' records as they are laid out, rather than
  /// defer them (``FrameComputation``).
  var computesFramesUpFront = false
  /// The thresholds and switches of this pass.
  let tuning: LayoutTuning

  init(configuration: ListConfiguration, tuning: LayoutTuning = .standard) {
    typesetter = FlowTypesetter(configuration: configuration)
    self.tuning = tuning
  }

  var linesLaidOut: Int { typesetter.linesLaidOut }

  mutating func layout<Policy: SpacingPolicy>(
    _ section: Section, in context: SectionContext, policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry {
    let runs = FlowRuns(section.cells, answersAreRepeatable: Policy.answersAreRepeatable)
    let plan = storagePlan(for: section, in: context, policy: policy, runs: runs)
    let secondHalf = plan.split.map {
      SecondHalf(
        section, in: context, policy: policy, from: $0,
        pages: plan.secondHalfSetup(count: section.cells.count))
    }
    let body = try run(
      PlaceSection(section: section, secondHalf: secondHalf, runs: runs), section, in: context,
      pages: plan.setup(count: runs.plannedCount), policy: &policy)
    return geometry(of: section, body: body, in: context)
  }

  /// Places cells `start..<end` of `cells` (to the end by default), a chunk at a time.
  mutating func place<Spacing: SpacingPolicy>(
    _ cells: CellList, from start: Int, to end: Int? = nil, spacing: inout Spacing
  ) throws(LayoutError) {
    let end = end ?? cells.count
    guard start < end else { return }
    try cells.forEachChunk(from: start) { (chunk, first) throws(LayoutError) in
      let skip = max(0, start - first)
      let stop = min(chunk.count, end - first)
      try typesetter.place(
        UnsafeBufferPointer(rebasing: chunk[skip..<stop]), first: first + skip, spacing: &spacing)
      return first + stop < end
    }
  }

  // MARK: Passes

  /// Begins `section` and runs `pass` with the manager's answers: as constants asked once
  /// for the section when they depend on no trait (``SectionConstants``, for which the
  /// typesetter is specialized to place a cell without asking anything), else as `policy`
  /// gives them. The one place that makes this choice; `pages` sets the typesetter's pages up
  /// first.
  mutating func run<Policy: SpacingPolicy, Pass: FlowPass>(
    _ pass: Pass, _ section: Section, in context: SectionContext, pages: PageSetup, policy: inout Policy
  ) throws(LayoutError) -> Pass.Result {
    typesetter.begin(section, in: context, spacing: &policy, pages: pages)
    if var constants = SectionConstants(
      &policy, headerTraits: typesetter.rules.headerTraits,
      defaults: context.configuration.defaultCellAttributes)
    {
      return try pass.run(&self, spacing: &constants)
    }
    return try pass.run(&self, spacing: &policy)
  }

  /// A whole section: in halves when `secondHalf` is being laid out.
  struct PlaceSection: FlowPass {
    let section: Section
    let secondHalf: SecondHalf?
    /// The runs laid out by repetition (none when the section is laid out in halves).
    var runs = FlowRuns()

    func run<Spacing: SpacingPolicy>(
      _ layout: inout FlowSectionLayout, spacing: inout Spacing
    ) throws(LayoutError) -> FlowBody {
      try layout.placeSection(section, secondHalf: secondHalf, runs: runs, spacing: &spacing)
    }
  }

  /// The records of the page `header` describes, which starts at `start`, laid out again.
  struct PageAgain: FlowPass {
    let section: Section
    let start: PageStart
    let header: LinePage.Header

    func run<Spacing: SpacingPolicy>(
      _ layout: inout FlowSectionLayout, spacing: inout Spacing
    ) throws(LayoutError) -> LinePage.Records {
      let lineAbove =
        start.lineAbove < start.item
        ? layout.keys(of: start.lineAbove..<start.item, in: section, &spacing) : nil
      layout.typesetter.resume(.page(start), lineAbove: lineAbove)
      try layout.place(section.cells, from: start.item, to: start.item + header.itemCount, spacing: &spacing)
      layout.typesetter.finishPendingLine(spacing: &spacing)
      // Our own invariant: only answers that are the same when asked again reach here
      // (``SpacingPolicy/answersAreRepeatable``), and the cells are values.
      precondition(
        layout.typesetter.position.pageBottom == header.height, "a page laid out again has the height it had")
      return layout.typesetter.page.takeRecords(matching: header)
    }
  }

  // MARK: Page storage

  /// Where the pages of `section` get their records when first read: the page laid out again
  /// with a copy of `policy` as it is before the section begins. `Policy`'s answers must be
  /// repeatable (``SpacingPolicy/answersAreRepeatable``).
  static func pageSource<Policy: SpacingPolicy>(
    _ section: Section, in context: SectionContext, policy: Policy
  ) -> PageSource {
    PageSource { start, header in
      var policy = policy
      var layout = FlowSectionLayout(configuration: context.configuration)
      let pages = PageSetup.again(start, reserve: header.itemCount)
      do throws(LayoutError) {
        return try layout.run(
          PageAgain(section: section, start: start, header: header), section, in: context, pages: pages,
          policy: &policy)
      } catch {
        // Our own invariant, as above: the first layout met no error on these cells.
        preconditionFailure("a page laid out again met an error its first layout did not: \(error)")
      }
    }
  }

  func geometry(of section: Section, body: FlowBody, in context: SectionContext) -> SectionGeometry {
    SectionGeometry(
      body: body, header: section.header, footer: section.footer, listWidth: context.configuration.width,
      insets: context.attributes.insets)
  }
}

/// Work a flow section layout does with the manager's answers as a concrete
/// ``SpacingPolicy`` (``FlowSectionLayout/run(_:_:in:pages:policy:)``).
protocol FlowPass {
  associatedtype Result
  func run<Spacing: SpacingPolicy>(
    _ layout: inout FlowSectionLayout, spacing: inout Spacing
  ) throws(LayoutError) -> Result
}
