import LayoutGeometry

/// The plug point for section layouts: the placement algorithm of one section.
///
/// A section layout lays a section out into a body of its own kind (``SectionBody``), lays it
/// out again after an edit (from the edit point, or whole), and its body answers the
/// snapshot's look-ups and queries. Shared code (the snapshot, the queries, the invariants,
/// the edit path) sees only ``SectionGeometry`` and ``SectionBody``; it never asks which
/// kind a section is. Adding a layout means adding a folder with its algorithm and its body,
/// a case of the model's ``SectionLayout``, and one line in ``SectionLayouts``.
///
/// The manager's answers come as a ``SpacingPolicy`` generic parameter, so that each layout
/// is compiled for the manager's concrete type: the hot loop calls it directly (or through
/// the memo), never through an existential.
protocol SectionLayoutAlgorithm {
  /// Lays out `section` (already validated) into a geometry relative to the section's top.
  mutating func layout<Policy: SpacingPolicy>(
    _ section: Section, in context: SectionContext, policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry

  /// Lays out `section` (the updated one) again after an edit, reusing `old` (the section's
  /// geometry before it) where the edit left it alone; or `nil` when this layout cannot
  /// resume from an edit point (the section is then laid out whole).
  mutating func relayout<Policy: SpacingPolicy>(
    _ section: Section, in context: SectionContext, old: SectionGeometry, edit: SectionEdit,
    policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry?

  /// How many lines (or rows) this layout has laid out so far (an edit's cost).
  var linesLaidOut: Int { get }
}

/// What a section layout is told besides its section.
struct SectionContext {
  /// The list's configuration.
  var configuration: ListConfiguration
  /// The section's index, for error paths and sizing proposals.
  var index: Int
  /// The section's attributes (its own, or the configuration's defaults).
  var attributes: SectionAttributes
}

/// The cells an edit touched in one section: every cell before `first` is untouched, and new
/// item *n* > `lastDirty` is old item *n* − `delta`, untouched.
struct SectionEdit {
  var first: Int
  var lastDirty: Int
  var delta: Int
  /// The same edit as separate groups of nearby changes, in order (empty: one group, the
  /// whole range). A layout may re-lay out each group apart and keep what lies between.
  var groups: [EditGroup] = []
}

/// One group of nearby changes of a ``SectionEdit``, in new item indices: new item *n* is old
/// item *n* − `deltaBefore` for the untouched cells before `first` (back to the previous
/// group), and *n* − `deltaAfter` for those after `lastDirty` (up to the next group).
struct EditGroup: Equatable {
  var first: Int
  var lastDirty: Int
  var deltaBefore: Int
  var deltaAfter: Int
}

/// The section layouts of one layout pass, each made once and reused section after section
/// (their buffers with them): the one place that maps a section's ``SectionLayout`` to its
/// algorithm.
struct SectionLayouts {
  /// The flow layout, kept from section to section (its typesetter's buffers with it).
  var flow: FlowSectionLayout
  /// The lines laid out by layouts made for one section.
  var otherLinesLaidOut = 0
  /// The mapping the carousels of this pass put their cells' sums in (see ``CarouselCells``),
  /// when the pass was told of enough carousel cells (``reserveCarouselCells(_:carousels:)``).
  private var carouselArena: ChunkArena?
  /// The context handed to each section: the list's configuration in layout space, copied
  /// here once per pass (not once per section), and the section's index and attributes, set
  /// for each section in place.
  private var context: SectionContext

  /// The layouts of a pass over a list of `configuration`, computing large flow sections'
  /// frames when `frames` says: every section laid out by them must be given that same
  /// configuration.
  init(configuration: ListConfiguration, frames: FrameComputation, tuning: LayoutTuning) {
    let space = configuration.layoutSpace
    flow = FlowSectionLayout(configuration: space, tuning: tuning)
    flow.computesFramesUpFront = frames == .upFront
    context = SectionContext(configuration: space, index: 0, attributes: space.defaultSectionAttributes)
  }

  /// How many lines the layouts have laid out so far.
  var linesLaidOut: Int { flow.linesLaidOut + otherLinesLaidOut }

  /// Makes one arena for the carousels this pass will lay out, `cells` cells over
  /// `carousels` sections, when they are many (as a large flow section gets one): their
  /// chunks then come from one mapping, not one allocation each.
  mutating func reserveCarouselCells(_ cells: Int, carousels: Int) {
    guard cells >= ChunkArena.minimumCells else { return }
    let bytes = CarouselCells.arenaBytes(count: cells) + carousels * CarouselCells.arenaBytes(count: 0)
    carouselArena = ChunkArena(bytes: bytes)
  }

  /// Validates one section's own values and lays it out with its section layout. `list` is
  /// the configuration these layouts were made with.
  mutating func layout<Policy: SpacingPolicy>(
    _ given: Section, at index: Int, in list: ListConfiguration, policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry {
    // A horizontal list is laid out as its transposed model (see `Chrome/Transposition.swift`);
    // a vertical one's section is passed on as given (not copied).
    try Self.checkDirection(given, at: index, in: list)
    let horizontal = list.scrollDirection == .horizontal
    var geometry =
      horizontal
      ? try layout(inLayoutSpace: given.transposed, at: index, policy: &policy)
      : try layout(inLayoutSpace: given, at: index, policy: &policy)
    // The cells' badges take no room: they are counted, checked and bounded apart (on the
    // geometry with the cells, which a collapsed section keeps).
    let badges = try SectionBadges(
      given.cells, in: 0..<given.cells.count, horizontal: horizontal, section: index)
    if !badges.isEmpty { geometry.setBadges(badges) }
    return geometry.styled(for: given, in: list)
  }

  /// Lays out a section already in layout space.
  private mutating func layout<Policy: SpacingPolicy>(
    inLayoutSpace section: Section, at index: Int, policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry {
    try context.prepare(validating: section, at: index)
    switch section.layout ?? .flow {
    case .flow: return try flow.layout(section, in: context, policy: &policy)
    case .sequential(let defaults):
      return try Self.layoutOnce(
        SequentialLayoutAlgorithm(defaults: defaults), section, context, &policy, &otherLinesLaidOut)
    case .grid(let grid):
      return try Self.layoutOnce(GridSectionLayout(grid), section, context, &policy, &otherLinesLaidOut)
    case .masonry(let masonry):
      return try Self.layoutOnce(MasonrySectionLayout(masonry), section, context, &policy, &otherLinesLaidOut)
    case .carousel(let carousel):
      // Laid out here rather than through `layoutOnce`: no part of `self` is passed inout
      // during the call, so `context` is read in place rather than copied for it.
      var carouselLayout = CarouselSectionLayout(carousel: carousel, arena: carouselArena)
      defer { otherLinesLaidOut += carouselLayout.linesLaidOut }
      return try carouselLayout.layout(section, in: context, policy: &policy)
    }
  }

  /// Lays out an edited section again from its old geometry, or whole when its layout cannot
  /// resume from the edit.
  mutating func relayout<Policy: SpacingPolicy>(
    _ given: Section, at index: Int, in list: ListConfiguration, old: SectionGeometry,
    edit: SectionEdit, badges: SectionBadges, policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry {
    try Self.checkDirection(given, at: index, in: list)
    // A collapsed section's cells are laid out as if it were expanded (``SectionChrome``).
    let old = old.expandedGeometry
    let resumed: SectionGeometry?
    if list.scrollDirection == .horizontal {
      resumed = try relayout(
        inLayoutSpace: given.transposed, at: index, in: list.layoutSpace, old: old, edit: edit,
        policy: &policy)
    } else {
      resumed = try relayout(inLayoutSpace: given, at: index, in: list, old: old, edit: edit, policy: &policy)
    }
    if var resumed {
      // (The cells changed: what queries kept of their badges is forgotten either way.)
      if badges != resumed.badges { resumed.setBadges(badges) } else { resumed.renewBadgeIndex() }
      return resumed.styled(for: given, in: list)
    }
    return try layout(given, at: index, in: list, policy: &policy)
  }

  /// Lays out a section already in layout space again from its old geometry; `nil` when its
  /// layout cannot resume from the edit.
  private mutating func relayout<Policy: SpacingPolicy>(
    inLayoutSpace section: Section, at index: Int, in configuration: ListConfiguration, old: SectionGeometry,
    edit: SectionEdit, policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry? {
    let context = try SectionContext(validating: section, at: index, in: configuration)
    switch section.layout ?? .flow {
    case .flow: return try flow.relayout(section, in: context, old: old, edit: edit, policy: &policy)
    case .sequential(let defaults):
      return try relayoutOnce(
        SequentialLayoutAlgorithm(defaults: defaults), section, context, old, edit, &policy)
    case .grid(let grid):
      return try relayoutOnce(GridSectionLayout(grid), section, context, old, edit, &policy)
    case .masonry(let masonry):
      return try relayoutOnce(MasonrySectionLayout(masonry), section, context, old, edit, &policy)
    case .carousel(let carousel):
      return try relayoutOnce(
        CarouselSectionLayout(carousel: carousel), section, context, old, edit, &policy)
    }
  }

  /// Fails for a section layout the list's scroll direction does not support: a carousel in
  /// a horizontal list (a row scrolling sideways inside a list scrolling sideways).
  static func checkDirection(
    _ section: Section, at index: Int, in configuration: ListConfiguration
  ) throws(LayoutError) {
    guard configuration.scrollDirection == .horizontal, case .carousel = section.layout else { return }
    throw .sectionLayoutFailed(
      path: "sections[\(index)].layout", reason: "carousel sections in a horizontal list are not supported")
  }
}

extension SectionLayouts {
  /// Lays `section` out with `algorithm`, a layout made for this one section, counting its
  /// lines into `lines` (static: `context` is read in place from the layouts, not copied).
  private static func layoutOnce<Algorithm: SectionLayoutAlgorithm, Policy: SpacingPolicy>(
    _ algorithm: Algorithm, _ section: Section, _ context: SectionContext, _ policy: inout Policy,
    _ lines: inout Int
  ) throws(LayoutError) -> SectionGeometry {
    var algorithm = algorithm
    defer { lines += algorithm.linesLaidOut }
    return try algorithm.layout(section, in: context, policy: &policy)
  }

  /// Lays `section` out again after `edit` with `algorithm`, a layout made for this one
  /// section; `nil` when it cannot resume from the edit.
  private mutating func relayoutOnce<Algorithm: SectionLayoutAlgorithm, Policy: SpacingPolicy>(
    _ algorithm: Algorithm, _ section: Section, _ context: SectionContext, _ old: SectionGeometry,
    _ edit: SectionEdit, _ policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry? {
    var algorithm = algorithm
    defer { otherLinesLaidOut += algorithm.linesLaidOut }
    return try algorithm.relayout(section, in: context, old: old, edit: edit, policy: &policy)
  }
}

extension SectionContext {
  /// Makes this the context of section `index` (keeping the configuration), once the
  /// section's own values are checked.
  mutating func prepare(validating section: Section, at index: Int) throws(LayoutError) {
    try Self.validate(section, at: index)
    self.index = index
    attributes = section.attributes ?? configuration.defaultSectionAttributes
  }

  /// The context of section `index`, once its own values are checked.
  init(validating section: Section, at index: Int, in configuration: ListConfiguration) throws(LayoutError) {
    try Self.validate(section, at: index)
    self.init(
      configuration: configuration, index: index,
      attributes: section.attributes ?? configuration.defaultSectionAttributes)
  }

  /// Checks section `index`'s own values: its attributes, header, footer and background.
  static func validate(_ section: Section, at index: Int) throws(LayoutError) {
    if let attributes = section.attributes {
      try attributes.validate(path: "sections[\(index)].attributes")
    }
    try section.header?.validate(path: "sections[\(index)].header")
    try section.footer?.validate(path: "sections[\(index)].footer")
    if let background = section.background, !background.insets.isValidLayoutInsets {
      throw .invalidValue(
        path: "sections[\(index)].background.insets", value: "\(background.insets)", expected: nonNegative)
    }
    try section.separator?.validate(path: "sections[\(index)].separator")
  }

  /// The key path of a cell's field, for errors.
  func cellPath(_ item: Int, _ field: String) -> String {
    "sections[\(index)].items[\(item)].\(field)"
  }
}
