import LayoutGeometry

// A headless scroll session: a snapshot seen through a viewport over time. The types a
// session is made of and the events it takes live here; the rules in ScrollSession+Rules.swift,
// the geometry queries it runs in ScrollSession+Queries.swift, and its JSON in
// Feed/ScrollSession+JSON.swift. See ListLayout.docc/ScrollSessions.md.

/// Where a list whose content is shorter than its viewport rests.
public enum ScrollGravity: String, Sendable, Hashable, CaseIterable {
  /// At the start: the content's top under the top inset (the default).
  case top
  /// At the end: the content's end above the bottom inset (a short chat sits at the bottom).
  case bottom
}

/// Where a flung list comes to rest.
public enum ScrollSnap: String, Sendable, Hashable, CaseIterable {
  /// Where the deceleration takes it, clamped (the default).
  case none
  /// With a cell's start under the top inset, or at either end: whichever is nearest to
  /// where the deceleration would take it.
  case cells
}

/// How the list's own header (``ListConfiguration/listHeader``) moves as the list scrolls.
public enum ListHeaderMode: String, Sendable, Hashable, CaseIterable {
  /// As the layout places it: at the top of the content, or pinned when it says so (the
  /// default).
  case standard
  /// A quick-return header: it slides away as the list scrolls forward and comes back as soon
  /// as it scrolls back, wherever the list is.
  case quickReturn
}

/// How a ``ScrollSession`` behaves: its insets, where it rests, how it flings.
public struct ScrollOptions: Sendable, Hashable {
  /// What covers the viewport's top edge (a navigation bar): the offset range starts at
  /// `−topInset`, and alignments keep cells below it.
  public var topInset: Double
  /// What covers the viewport's bottom edge (a tab bar, a keyboard): the offset range ends
  /// `bottomInset` past the content's end.
  public var bottomInset: Double
  /// Where content shorter than the viewport rests.
  public var gravity: ScrollGravity
  /// Whether a list resting at its end (within half a point) stays at its end when its content
  /// changes: a chat following new messages.
  public var followsEnd: Bool
  /// How many viewport lengths from an end count as near it (``ScrollSession/isNearStart``,
  /// ``ScrollSession/isNearEnd``): when a renderer loads more.
  public var loadThreshold: Double
  /// Where a fling comes to rest.
  public var snap: ScrollSnap
  /// The deceleration rate per millisecond of a fling (UIScrollView's normal rate, 0.998, by
  /// default): a fling at velocity v travels `v · r / (1 − r) / 1000` points.
  public var deceleration: Double
  /// How the list's own header moves.
  public var listHeaderMode: ListHeaderMode

  /// Creates options; every argument has UIScrollView's behaviour as its default.
  public init(
    topInset: Double = 0, bottomInset: Double = 0, gravity: ScrollGravity = .top, followsEnd: Bool = false,
    loadThreshold: Double = 1, snap: ScrollSnap = .none, deceleration: Double = 0.998,
    listHeaderMode: ListHeaderMode = .standard
  ) {
    self.topInset = topInset
    self.bottomInset = bottomInset
    self.gravity = gravity
    self.followsEnd = followsEnd
    self.loadThreshold = loadThreshold
    self.snap = snap
    self.deceleration = deceleration
    self.listHeaderMode = listHeaderMode
  }
}

/// A scroll to a cell: which cell, where in the viewport, and how far from there.
///
/// A jump stays pending after it lands: the session aligns its cell again after every
/// change (a measurement, an update, a resize) until the user scrolls, another jump is made,
/// or the cell is deleted, so that a jump through cells that were only estimated ends
/// exactly where asked once they are measured.
public struct ScrollJump: Sendable, Hashable {
  /// The cell to jump to.
  public enum Target: Sendable, Hashable {
    /// The first cell (in index-path order) with this identifier.
    case id(String)
    /// The cell at this index path.
    case item(ListIndexPath)
  }

  /// The cell to jump to.
  public var target: Target
  /// Where the cell goes: its start under the top inset, its middle in the middle of the
  /// area between the insets, or its end above the bottom inset.
  public var alignment: ScrollAlignment
  /// Added to the aligned offset (a positive offset scrolls further).
  public var offset: Double

  /// Creates a jump.
  public init(to target: Target, alignment: ScrollAlignment = .top, offset: Double = 0) {
    self.target = target
    self.alignment = alignment
    self.offset = offset
  }
}

/// Where a session starts.
public enum ScrollStart: Sendable, Hashable {
  /// At the smallest offset (the content's top under the top inset).
  case top
  /// At the largest offset (the content's end above the bottom inset): a chat.
  case end
  /// At a cell, as a jump (which stays pending).
  case jump(ScrollJump)
}

/// What a session saves to put the screen back later, on the same feed or an updated one
/// (``ScrollSession/savedState()``, ``ScrollEvent/restore(_:)``).
public struct ScrollState: Sendable, Hashable {
  /// The identifier of the anchor cell (``ScrollSession/anchor``), or `nil` when there was
  /// none or it had no identifier.
  public var anchorID: String?
  /// The anchor's start minus the top of the band between the insets
  /// (`minY − (offset + topInset)`).
  public var anchorDistance: Double
  /// The sizes measured for cells, by identifier.
  public var measuredSizes: [String: Size]
  /// The pending jump, if any (a jump to an item names the item where its cell is now).
  public var pendingJump: ScrollJump?

  /// Creates a state.
  public init(
    anchorID: String?, anchorDistance: Double, measuredSizes: [String: Size] = [:],
    pendingJump: ScrollJump? = nil
  ) {
    self.anchorID = anchorID
    self.anchorDistance = anchorDistance
    self.measuredSizes = measuredSizes
    self.pendingJump = pendingJump
  }
}

/// Something that happens to a scrolled list: the user scrolls, the renderer measures, the
/// feed changes, the app navigates.
public enum ScrollEvent: Sendable {
  /// Scrolls to an offset (clamped to the range).
  case scrollTo(Double)
  /// Scrolls by a distance (the result clamped).
  case scrollBy(Double)
  /// Flings at a velocity in points per second; the list comes to rest as
  /// ``ScrollOptions/snap`` says.
  case fling(velocity: Double)
  /// Scrolls a carousel section sideways to an offset (clamped to its range).
  case scrollCarousel(section: Int, to: Double)
  /// Flings a carousel sideways; it comes to rest as its ``CarouselPaging`` says.
  case flingCarousel(section: Int, velocity: Double)
  /// A new viewport: the list's width (its extent across the scroll axis) and the viewport's
  /// length along it; `nil` keeps either.
  case resize(width: Double?, height: Double?)
  /// Sizes a renderer measured, by cell identifier: those cells take them from now on.
  case measure([String: Size])
  /// A new version of the feed, diffed against the current one and applied incrementally.
  case update(ListModel)
  /// A jump to a cell (which stays pending).
  case jump(ScrollJump)
  /// Saves the state (``ScrollStep/state``); changes nothing.
  case save
  /// Puts a saved state back.
  case restore(ScrollState)
}

/// Why a session refused an event. The session is unchanged.
public enum ScrollError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A number that is not finite or out of its range.
  case invalidValue(String)
  /// No cell has the identifier (a measurement or a jump).
  case unknownIdentifier(String)
  /// No cell is at the index path (a jump).
  case noSuchItem(ListIndexPath)
  /// The section is not a carousel (or does not exist).
  case notACarousel(section: Int, numberOfSections: Int)
  /// The changed list cannot be laid out.
  case layout(LayoutError)

  public var description: String {
    switch self {
    case .invalidValue(let message): message
    case .unknownIdentifier(let id): "no cell has the identifier '\(id)'"
    case .noSuchItem(let path): "there is no cell at [\(path.section), \(path.item)]"
    case .notACarousel(let section, let count):
      HorizontalOffsetError(section: section, numberOfSections: count).description
    case .layout(let error): "layout: \(error)"
    }
  }
}

/// What one event did, beside the session's new state.
public struct ScrollStep: Sendable {
  /// The cells visible after the event that were not before, in index-path order (after it).
  public var appeared: [ListIndexPath]
  /// The cells visible before the event that are not after, in index-path order (before it).
  /// Across an update a cell is the same when the difference matches it.
  public var disappeared: [ListIndexPath]
  /// The saved state, after ``ScrollEvent/save``.
  public var state: ScrollState?

  /// Creates a step.
  public init(appeared: [ListIndexPath] = [], disappeared: [ListIndexPath] = [], state: ScrollState? = nil) {
    self.appeared = appeared
    self.disappeared = disappeared
    self.state = state
  }
}

/// A list as a person scrolls it: a layout, a viewport over it, and the rules that move the
/// viewport as the user scrolls and flings, the renderer measures cells, the feed changes and
/// the app jumps, saves and restores.
///
/// A session is a value: each event returns the new state, and a copy keeps the old one.
///
/// ```swift
/// let messages = ListModel(
///   configuration: ListConfiguration(width: 375),
///   sections: [Section(cells: (0..<50).map { Cell(id: "m\($0)", width: 355, height: 60) })])
/// var chat = try ScrollSession(
///   model: messages, viewportLength: 667,
///   options: ScrollOptions(bottomInset: 34, gravity: .bottom, followsEnd: true), start: .end)
/// chat.visibleCells                                                // what to draw
/// try chat.apply(.measure(["m48": Size(width: 355, height: 88)]))  // nothing on screen jumps
/// var newer = messages
/// newer.sections[0].cells.append(Cell(id: "m50", width: 355, height: 60))
/// try chat.apply(.update(newer))                                   // still at the end
/// try chat.apply(.scrollBy(-300))
/// chat.isNearStart                                                 // time to load older ones
/// ```
///
/// The rules are those of <doc:ScrollSessions>: the offset range and gravity, the
/// visible cells, the anchor that keeps the screen still across changes, pending jumps,
/// flings and snapping, carousels, measured sizes, saving and restoring, and a quick-return
/// list header. Every resting offset is clamped to the range.
///
/// - Complexity: a scroll or a fling costs O(log n + k) for the k cells visible; a
///   measurement, an update or a resize costs what the incremental edit costs, plus a search
///   by identifier (an index of identifiers, built on the first search after an update:
///   O(c + r log r) once for c cells written out and r runs, a run's derived identifiers
///   kept as ranges of numbers; see <doc:RunsOfCells>).
public struct ScrollSession: Sendable {
  /// The current layout.
  public internal(set) var snapshot: LayoutSnapshot
  /// The content offset along the scroll axis: the content coordinate at the viewport's top
  /// (leading) edge.
  public internal(set) var offset: Double
  /// The viewport's length along the scroll axis (its height in a vertical list).
  public internal(set) var viewportLength: Double
  /// The options the session was made with.
  public let options: ScrollOptions
  /// How far each carousel section is scrolled sideways (sections at 0 are not listed).
  public internal(set) var carouselOffsets = HorizontalOffsets()
  /// The sizes measured for cells, by identifier.
  public internal(set) var measuredSizes: [String: Size] = [:]
  /// The size each measured cell had in the feed when it was first measured.
  var estimates: [String: Estimate] = [:]
  /// The pending jump and the cell it aligns.
  var pending: PendingJump?
  /// The quick-return header's revealed length.
  public internal(set) var revealedHeaderLength: Double = 0
  /// The visible cells, in index-path order: those whose on-screen frame overlaps
  /// `(offset, offset + viewportLength)` along the scroll axis by a positive length (a
  /// carousel's cells moved by its offset, and overlapping `(0, width)` across it).
  public internal(set) var visibleCells: [ListIndexPath] = []
  /// The first cell of each identifier, built when first needed after a change of cells.
  var identifiers: IdentifierIndex?

  /// A pending jump and the cell it follows.
  struct PendingJump: Sendable {
    var jump: ScrollJump
    var target: ListIndexPath

    /// The jump as the public API and a saved state name it: a jump to an item names the
    /// item where its cell is now.
    var current: ScrollJump {
      guard case .item = jump.target else { return jump }
      var moved = jump
      moved.target = .item(target)
      return moved
    }
  }

  /// Starts a session over `model`, laid out with every frame computed up front
  /// (``FrameComputation/upFront``): a session reads every page of frames it scrolls past, and
  /// pages computed when first read make a step's cost depend on where their memory landed
  /// (about 1 to 3 µs a step on a million cells, against 0.7 µs up front).
  ///
  /// - Parameters:
  ///   - model: the feed.
  ///   - viewportLength: the viewport's length along the scroll axis.
  ///   - width: the list's extent across the scroll axis (the model's own width by default;
  ///     it stays the session's across updates until a resize).
  ///   - options: insets, gravity, following the end, flinging, the list header.
  ///   - start: where to start.
  /// - Throws: ``ScrollError`` for options out of range, a start at a cell that does not
  ///   exist, or a model that cannot be laid out.
  public init(
    model: ListModel, viewportLength: Double, width: Double? = nil, options: ScrollOptions = ScrollOptions(),
    start: ScrollStart = .top
  ) throws(ScrollError) {
    var model = model
    if let width {
      guard width.isFinite, width > 0 else { throw .invalidValue("the width must be greater than 0") }
      model.configuration.width = width
    }
    let snapshot: LayoutSnapshot
    do { snapshot = try model.layout(frames: .upFront) } catch { throw .layout(error) }
    try self.init(snapshot: snapshot, viewportLength: viewportLength, options: options, start: start)
  }

  /// Starts a session over a layout.
  ///
  /// - Throws: ``ScrollError`` for options out of range or a start at a cell that does not
  ///   exist.
  public init(
    snapshot: LayoutSnapshot, viewportLength: Double, options: ScrollOptions = ScrollOptions(),
    start: ScrollStart = .top
  ) throws(ScrollError) {
    try Self.check(options)
    guard viewportLength.isFinite, viewportLength >= 0 else {
      throw .invalidValue("the viewport's length must be a finite number, not negative")
    }
    self.snapshot = snapshot
    self.viewportLength = viewportLength
    self.options = options
    self.offset = 0
    revealedHeaderLength = listHeaderLength
    switch start {
    case .top: offset = minOffset
    case .end: offset = maxOffset
    case .jump(let jump):
      let target = try resolve(jump)
      pending = PendingJump(jump: jump, target: target)
      offset = alignedOffset(jump, target: target) ?? minOffset
    }
    visibleCells = snapshot.scrollVisibleCells(
      offset: offset, length: viewportLength, carouselOffsets: carouselOffsets)
  }

  static func check(_ options: ScrollOptions) throws(ScrollError) {
    guard options.topInset.isFinite, options.topInset >= 0, options.bottomInset.isFinite,
      options.bottomInset >= 0
    else { throw .invalidValue("the insets must be finite numbers, not negative") }
    guard options.loadThreshold.isFinite, options.loadThreshold >= 0 else {
      throw .invalidValue("the load threshold must be a finite number, not negative")
    }
    guard options.deceleration >= 0, options.deceleration < 1 else {
      throw .invalidValue("the deceleration rate must be at least 0 and less than 1")
    }
  }

  /// Applies one event and returns what it did; the session is then the new state.
  ///
  /// - Throws: ``ScrollError`` for a bad event; the session is unchanged.
  @discardableResult
  public mutating func apply(_ event: ScrollEvent) throws(ScrollError) -> ScrollStep {
    switch event {
    case .scrollTo(let y):
      try Self.finite(y, "the offset")
      return scroll(to: y)
    case .scrollBy(let d):
      try Self.finite(d, "the distance")
      return scroll(to: offset + d)
    case .fling(let velocity):
      try Self.finite(velocity, "the velocity")
      return scroll(to: flingTarget(velocity))
    case .scrollCarousel(let section, let x):
      try Self.finite(x, "the carousel's offset")
      let metrics = try carousel(section)
      carouselOffsets[section] = min(max(x, 0), metrics.maximumOffset)
      return moved(fromOffset: offset, visible: visibleCells)
    case .flingCarousel(let section, let velocity):
      try Self.finite(velocity, "the velocity")
      let metrics = try carousel(section)
      let current = carouselOffsets[section]
      carouselOffsets[section] = carouselRest(
        metrics, paging: carouselPaging(section), from: current, projected: current + travel(velocity))
      return moved(fromOffset: offset, visible: visibleCells)
    case .resize(let width, let height):
      return try resize(width: width, height: height)
    case .measure(let sizes):
      return try measure(sizes)
    case .update(let model):
      return try update(model)
    case .jump(let jump):
      try Self.finite(jump.offset, "the jump's offset")
      let target = try resolve(jump)
      let before = offset
      let visible = visibleCells
      pending = PendingJump(jump: jump, target: target)
      offset = alignedOffset(jump, target: target) ?? offset
      return moved(fromOffset: before, visible: visible)
    case .save:
      var step = ScrollStep()
      step.state = savedState()
      return step
    case .restore(let state):
      return try restore(state)
    }
  }

  /// Applies one event to a copy of this session and returns the copy and what it did.
  ///
  /// - Throws: ``ScrollError`` for a bad event.
  public func applying(_ event: ScrollEvent) throws(ScrollError) -> (session: ScrollSession, step: ScrollStep)
  {
    var next = self
    let step = try next.apply(event)
    return (next, step)
  }

  static func finite(_ value: Double, _ what: String) throws(ScrollError) {
    guard value.isFinite else { throw .invalidValue("\(what) must be a finite number") }
  }
}
