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
  /// The tests' settings for this pass, if any (``Probe``).
  let probe: Probe?

  init(configuration: ListConfiguration) {
    typesetter = FlowTypesetter(configuration: configuration)
    probe = Self.probe
  }

  var linesLaidOut: Int { typesetter.linesLaidOut }

  mutating func layout<Policy: SpacingPolicy>(
    _ section: Section, in context: SectionContext, policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry {
    let count = section.cells.count
    // A large section's pages get their records when first read (DeferredRecords.swift),
    // and its second half is laid out by a helper meanwhile (FlowHalves.swift).
    let source = defersRecords(count: count) ? Self.pageSource(section, in: context, policy: policy) : nil
    let secondHalf = halvesSplit(count: count).map {
      SecondHalf(section, in: context, policy: policy, from: $0, deferringTo: source)
    }
    typesetter.begin(section, in: context, spacing: &policy)
    if let source {
      typesetter.page.deferRecords(to: source)
    } else if count >= PageArena.minimumItems {
      if let secondHalf {
        typesetter.page.useArena(items: Self.firstHalfCapacity(split: secondHalf.start), prefault: false)
      } else {
        typesetter.page.useArena(items: count)
      }
    }
    typesetter.page.reserve(items: count)
    let body: FlowBody
    // Answers that do not depend on traits are asked once, here: the typesetter specialized
    // for the constants places a cell without asking anything.
    if var constants = SectionConstants(
      &policy, headerTraits: typesetter.rules.headerTraits,
      defaults: context.configuration.defaultCellAttributes)
    {
      body = try placeSection(section, secondHalf: secondHalf, spacing: &constants)
    } else {
      body = try placeSection(section, secondHalf: secondHalf, spacing: &policy)
    }
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

  /// Sections with at least this many cells defer their pages' records.
  static let deferredMinimumItems = PageArena.minimumItems

  /// Whether a section of `count` cells defers its pages' records.
  func defersRecords(count: Int) -> Bool {
    !computesFramesUpFront && count >= (probe?.deferredMinimum ?? Self.deferredMinimumItems)
  }

  /// Where the pages of `section` get their records when first read: the page laid out again
  /// with a copy of `policy` as it is before the section begins.
  static func pageSource<Policy: SpacingPolicy>(
    _ section: Section, in context: SectionContext, policy: Policy
  ) -> PageSource {
    PageSource { start, header in
      var policy = policy
      var layout = FlowSectionLayout(configuration: context.configuration)
      layout.typesetter.begin(section, in: context, spacing: &policy)
      layout.typesetter.page.reserve(items: header.itemCount)
      do throws(LayoutError) {
        if var constants = SectionConstants(
          &policy, headerTraits: layout.typesetter.rules.headerTraits,
          defaults: context.configuration.defaultCellAttributes)
        {
          return try layout.layOutAgain(section, page: start, header, spacing: &constants)
        }
        return try layout.layOutAgain(section, page: start, header, spacing: &policy)
      } catch {
        preconditionFailure("a page laid out again met an error its first layout did not: \(error)")
      }
    }
  }

  /// The records of the page `header` describes, which starts at `start`, laid out again.
  mutating func layOutAgain<Spacing: SpacingPolicy>(
    _ section: Section, page start: PageStart, _ header: LinePage.Header, spacing: inout Spacing
  ) throws(LayoutError) -> LinePage.Records {
    let lineAbove =
      start.lineAbove < start.item ? keys(of: start.lineAbove..<start.item, in: section, &spacing) : nil
    typesetter.resume(atPage: start, lineAbove: lineAbove)
    try place(section.cells, from: start.item, to: start.item + header.itemCount, spacing: &spacing)
    typesetter.finishPendingLine(spacing: &spacing)
    precondition(
      typesetter.position.pageBottom == header.height, "a page laid out again has the height it had")
    return typesetter.page.takeRecords(matching: header)
  }

  func geometry(of section: Section, body: FlowBody, in context: SectionContext) -> SectionGeometry {
    SectionGeometry(
      body: body, header: section.header, footer: section.footer, listWidth: context.configuration.width,
      insets: context.attributes.insets)
  }
}
