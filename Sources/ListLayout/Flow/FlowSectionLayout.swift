import LayoutGeometry

/// The flow section layout (FSQ's typesetter, which also realises Hub's rows): cells in lines
/// like words in a paragraph, into a ``FlowBody`` of pages of lines. An edit re-lays out from
/// the line before the first touched cell until the line breaks agree with the old ones
/// (``relayout(_:in:old:edit:policy:)``).
struct FlowSectionLayout: SectionLayoutAlgorithm {
  var typesetter: FlowTypesetter

  init(configuration: ListConfiguration) {
    typesetter = FlowTypesetter(configuration: configuration)
  }

  var linesLaidOut: Int { typesetter.linesLaidOut }

  mutating func layout<Policy: SpacingPolicy>(
    _ section: Section, in context: SectionContext, policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry {
    typesetter.begin(section, in: context, spacing: &policy)
    let count = section.cells.count
    if count >= PageArena.minimumItems { typesetter.page.useArena(items: count) }
    typesetter.page.reserve(items: count)
    let body: FlowBody
    // Answers that do not depend on traits are asked once, here: the typesetter specialized
    // for the constants places a cell without asking anything.
    if var constants = SectionConstants(
      &policy, headerTraits: typesetter.rules.headerTraits,
      defaults: context.configuration.defaultCellAttributes)
    {
      try place(section.cells, from: 0, spacing: &constants)
      body = typesetter.finishSection(spacing: &constants)
    } else {
      try place(section.cells, from: 0, spacing: &policy)
      body = typesetter.finishSection(spacing: &policy)
    }
    return geometry(of: section, body: body, in: context)
  }

  /// Places cells `start...` of `cells`, a chunk at a time.
  mutating func place<Spacing: SpacingPolicy>(
    _ cells: CellList, from start: Int, spacing: inout Spacing
  ) throws(LayoutError) {
    try cells.forEachChunk(from: start) { (chunk, first) throws(LayoutError) in
      let skip = max(0, start - first)
      try typesetter.place(
        UnsafeBufferPointer(rebasing: chunk[skip...]), first: first + skip, spacing: &spacing)
      return true
    }
  }

  func geometry(of section: Section, body: FlowBody, in context: SectionContext) -> SectionGeometry {
    SectionGeometry(
      body: body, header: section.header, footer: section.footer, listWidth: context.configuration.width,
      insets: context.attributes.insets)
  }
}
