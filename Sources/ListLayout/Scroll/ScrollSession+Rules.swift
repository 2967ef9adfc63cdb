import LayoutGeometry

// The rules of a scroll session (the ScrollSessions article): the offset range, the ends,
// the anchor, the priority after a change, jumps, flings, carousels, measured sizes, saving
// and restoring, and the quick-return header. H is the viewport's length along the scroll
// axis, T and B the insets; a frame's min and max are along that axis.

extension ScrollSession {
  /// The content's extent along the scroll axis.
  public var contentLength: Double { snapshot.contentLength }
  /// The list's extent across the scroll axis (the model's width).
  public var width: Double { snapshot.model.configuration.width }

  /// The smallest resting offset: `−T`, or the largest one when the content is shorter than
  /// the viewport and the gravity is ``ScrollGravity/bottom``.
  public var minOffset: Double { range.min }
  /// The largest resting offset: `contentLength + B − H`, or the smallest one when that is
  /// smaller and the gravity is ``ScrollGravity/top``.
  public var maxOffset: Double { range.max }

  /// Whether the offset is within half a point of ``minOffset``.
  public var isAtStart: Bool { offset <= minOffset + 0.5 }
  /// Whether the offset is within half a point of ``maxOffset``.
  public var isAtEnd: Bool { offset >= maxOffset - 0.5 }
  /// Whether the start is less than ``ScrollOptions/loadThreshold`` viewport lengths away.
  public var isNearStart: Bool { offset - minOffset < options.loadThreshold * viewportLength }
  /// Whether the end is less than ``ScrollOptions/loadThreshold`` viewport lengths away.
  public var isNearEnd: Bool { maxOffset - offset < options.loadThreshold * viewportLength }

  /// The pending jump, if any (a jump to an item names the item where its cell is now).
  public var pendingJump: ScrollJump? { pending?.current }

  /// The pending jump's cell when it is hidden in a collapsed section (the model keeps it, the
  /// layout has no frame for it): the session aligns the section's header in its place (the
  /// section itself when it has no header) until the section expands, when the jump lands on
  /// the cell. `nil` without a pending jump or when its cell is laid out.
  ///
  /// - Complexity: O(log s + log p).
  public var hiddenJumpTarget: ListIndexPath? {
    guard let target = pending?.target, snapshot.isHiddenCell(target) else { return nil }
    return target
  }

  /// The anchor: the first cell, in index-path order, whose frame overlaps the band between
  /// the insets, `(offset + T, offset + H − B)`, along the scroll axis. A change keeps it
  /// where it is on screen; ``savedState()`` records it.
  ///
  /// - Complexity: O(log n + k).
  public var anchor: ListIndexPath? {
    snapshot.firstCell(overlapping: offset + options.topInset, offset + viewportLength - options.bottomInset)
    {
      _ in true
    }
  }

  /// The list header's frame: with ``ListHeaderMode/quickReturn``, at
  /// `max(0, offset + T + revealed − length)` along the scroll axis; otherwise where
  /// `listlayout layout --offset` puts it (pinned when it pins). `nil` without a list header.
  public var listHeaderFrame: Rect? {
    guard let header = snapshot.model.configuration.listHeader else { return nil }
    switch options.listHeaderMode {
    case .standard:
      return snapshot.listHeader(
        pinning: PinningContext(contentOffset: offset, viewportHeight: viewportLength))?
        .frame
    case .quickReturn:
      let along = max(0, offset + options.topInset + revealedHeaderLength - header.height)
      return snapshot.directed(Rect(x: 0, y: along, width: width, height: header.height))
    }
  }

  /// The state to save: the anchor's identifier and its distance from the band's top, the
  /// measured sizes and the pending jump.
  ///
  /// - Complexity: O(log n + k), plus copying the measured sizes.
  public func savedState() -> ScrollState {
    var state = ScrollState(
      anchorID: nil, anchorDistance: 0, measuredSizes: measuredSizes, pendingJump: pendingJump)
    if let anchor, let id = snapshot.identifier(of: anchor), let extent = snapshot.alongExtent(of: anchor) {
      state.anchorID = id
      state.anchorDistance = extent.min - (offset + options.topInset)
    }
    return state
  }

  // MARK: The range

  /// The resting range for the current content and viewport.
  var range: (min: Double, max: Double) {
    Self.range(contentLength: contentLength, length: viewportLength, options: options)
  }

  /// `−T ... contentLength + B − H`, the empty case resolved by the gravity.
  static func range(
    contentLength: Double, length: Double, options: ScrollOptions
  ) -> (min: Double, max: Double) {
    var low = -options.topInset
    var high = contentLength + options.bottomInset - length
    if high < low {
      if options.gravity == .top { high = low } else { low = high }
    }
    return (low, high)
  }

  /// `value` clamped to the resting range.
  func clamped(_ value: Double) -> Double {
    let (low, high) = range
    return min(max(value, low), high)
  }

  // MARK: Scrolling

  /// Scrolls to `target` (clamped), ending a pending jump.
  mutating func scroll(to target: Double) -> ScrollStep {
    let before = offset
    let visible = visibleCells
    pending = nil
    offset = clamped(target)
    return moved(fromOffset: before, visible: visible)
  }

  /// After the offset moved from `before` (the cells the same): the quick-return header, the
  /// visible cells, and those that appeared and disappeared.
  mutating func moved(fromOffset before: Double, visible old: [ListIndexPath]) -> ScrollStep {
    reveal(by: offset - before)
    visibleCells = snapshot.scrollVisibleCells(
      offset: offset, length: viewportLength, carouselOffsets: carouselOffsets)
    return ScrollStep(
      appeared: Self.sorted(visibleCells, without: old), disappeared: Self.sorted(old, without: visibleCells))
  }

  /// The elements of sorted `list` not in sorted `other`.
  static func sorted(_ list: [ListIndexPath], without other: [ListIndexPath]) -> [ListIndexPath] {
    var result: [ListIndexPath] = []
    var j = 0
    for path in list {
      while j < other.count && other[j] < path { j += 1 }
      if j < other.count && other[j] == path { continue }
      result.append(path)
    }
    return result
  }

  /// The quick-return header's revealed length after the offset moved by `delta`.
  mutating func reveal(by delta: Double) {
    revealedHeaderLength = min(max(revealedHeaderLength - delta, 0), listHeaderLength)
  }

  /// The list header's extent along the scroll axis (0 without one).
  var listHeaderLength: Double { snapshot.model.configuration.listHeader?.height ?? 0 }

  /// How far a fling at `velocity` travels: `v · r / (1 − r) / 1000`.
  func travel(_ velocity: Double) -> Double {
    let r = options.deceleration
    return velocity * r / (1 - r) / 1000
  }

  /// Where a fling at `velocity` comes to rest, before clamping: the projection, or with
  /// ``ScrollSnap/cells`` the candidate nearest to it among every cell's `min − T`,
  /// ``minOffset`` and ``maxOffset`` (ties: the smaller).
  func flingTarget(_ velocity: Double) -> Double {
    let projected = offset + travel(velocity)
    guard options.snap == .cells, projected.isFinite else { return projected }
    let (low, high) = range
    var best = low
    func consider(_ candidate: Double) {
      let d = abs(candidate - projected)
      let e = abs(best - projected)
      if d < e || (d == e && candidate < best) { best = candidate }
    }
    consider(high)
    if let start = snapshot.nearestCellStart(toProjection: projected, topInset: options.topInset) {
      consider(start)
    }
    return best
  }

  // MARK: Carousels

  /// The metrics of carousel `section`.
  func carousel(_ section: Int) throws(ScrollError) -> CarouselMetrics {
    guard let metrics = snapshot.carouselMetrics(ofSection: section) else {
      throw .notACarousel(section: section, numberOfSections: snapshot.numberOfSections)
    }
    return metrics
  }

  /// How carousel `section` pages.
  func carouselPaging(_ section: Int) -> CarouselPaging {
    if case .carousel(let layout) = snapshot.model.sections[section].layout { return layout.paging }
    return .none
  }

  /// Where a carousel flung from `current` towards `projected` comes to rest: clamped to its
  /// range without paging; the nearest snap offset by item; by page, the nearest to the
  /// projection of the snap offset nearest to `current` and its two neighbours (ties: the
  /// smaller).
  func carouselRest(
    _ metrics: CarouselMetrics, paging: CarouselPaging, from current: Double, projected: Double
  ) -> Double {
    let snaps = metrics.snapOffsets
    let clampedProjection = min(max(projected, 0), metrics.maximumOffset)
    guard paging != .none, !snaps.isEmpty, projected.isFinite else { return clampedProjection }
    func nearer(_ a: Int, _ b: Int, to x: Double) -> Int {
      let d = abs(snaps[a] - x)
      let e = abs(snaps[b] - x)
      return d < e || (d == e && snaps[a] <= snaps[b]) ? a : b
    }
    /// The snap offset nearest to `x` (ties: the smaller), by binary search.
    func nearest(to x: Double) -> Int {
      var low = 0
      var high = snaps.count
      while low < high {
        let mid = (low + high) >> 1
        if snaps[mid] < x { low = mid + 1 } else { high = mid }
      }
      if low == snaps.count { return snaps.count - 1 }
      return low == 0 ? 0 : nearer(low - 1, low, to: x)
    }
    let rest: Int
    switch paging {
    case .none: return clampedProjection
    case .item: rest = nearest(to: projected)
    case .page:
      let here = nearest(to: current)
      var best = here
      for k in [here - 1, here + 1] where k >= 0 && k < snaps.count { best = nearer(best, k, to: projected) }
      rest = best
    }
    return min(max(snaps[rest], 0), metrics.maximumOffset)
  }

  /// Carousel offsets clamped to their carousels' ranges; those of sections that are no
  /// longer carousels dropped.
  mutating func clampCarouselOffsets() {
    guard !carouselOffsets.offsets.isEmpty else { return }
    var kept = HorizontalOffsets()
    for (section, x) in carouselOffsets.offsets {
      guard let metrics = snapshot.carouselMetrics(ofSection: section) else { continue }
      let value = min(max(x, 0), metrics.maximumOffset)
      if value != 0 { kept[section] = value }
    }
    carouselOffsets = kept
  }

  // MARK: Jumps

  /// The cell a jump names.
  mutating func resolve(_ jump: ScrollJump) throws(ScrollError) -> ListIndexPath {
    switch jump.target {
    case .id(let id):
      guard let path = indexPath(ofIdentifier: id) else { throw .unknownIdentifier(id) }
      return path
    case .item(let path):
      guard snapshot.frame(of: path) != nil || snapshot.isHiddenCell(path) else { throw .noSuchItem(path) }
      return path
    }
  }

  /// The offset that aligns `target` as `jump` asks, clamped: top `min − T + d`, center
  /// `(min + max) / 2 − (T + (H − T − B) / 2) + d`, bottom `max − (H − B) + d`; a cell
  /// hidden in a collapsed section stands in by its section's header (or the section).
  func alignedOffset(_ jump: ScrollJump, target: ListIndexPath) -> Double? {
    guard let extent = snapshot.alongExtent(of: target) ?? snapshot.standInExtent(ofHidden: target) else {
      return nil
    }
    let top = options.topInset
    let bottom = options.bottomInset
    let length = viewportLength
    let y: Double =
      switch jump.alignment {
      case .top: extent.min - top + jump.offset
      case .center: (extent.min + extent.max) / 2 - (top + (length - top - bottom) / 2) + jump.offset
      case .bottom: extent.max - (length - bottom) + jump.offset
      }
    return clamped(y)
  }

  /// The first cell with identifier `id`, from the index of identifiers (built now if it is
  /// not).
  mutating func indexPath(ofIdentifier id: String) -> ListIndexPath? {
    if identifiers == nil { identifiers = IdentifierIndex(snapshot.model) }
    return identifiers!.first(id, in: snapshot.model)
  }

  // MARK: Changes

  /// Moves to `next` (the same cells, or those `tracking` follows from this snapshot's) and
  /// a viewport `length` long, and settles the offset: a pending jump aligns its cell again;
  /// else, following the end, an offset that was at the end goes to the new end; else the
  /// anchor (the first cell in the band that the change neither deletes nor moves) keeps its
  /// place on screen; else the offset stays. Then it is clamped.
  mutating func change(to next: LayoutSnapshot, length: Double, tracking: CellTracking?) -> ScrollStep {
    let before = offset
    let old = visibleCells
    let wasAtEnd = offset >= maxOffset - 0.5
    let anchor = snapshot.firstCell(
      overlapping: offset + options.topInset, offset + viewportLength - options.bottomInset
    ) { path in tracking?.keepsInPlace(path) ?? true }
    let anchorMin = anchor.flatMap { snapshot.alongExtent(of: $0)?.min }
    if let tracking {
      if var jump = pending {
        if let target = tracking.newIndexPath(of: jump.target) {
          jump.target = target
          pending = jump
        } else {
          pending = nil
        }
      }
      var offsets = HorizontalOffsets()
      for (section, x) in carouselOffsets.offsets {
        if let moved = tracking.newSection(of: section) { offsets[moved] = x }
      }
      carouselOffsets = offsets
    }
    let hadHeader = snapshot.model.configuration.listHeader != nil
    snapshot = next
    viewportLength = length
    if !hadHeader { revealedHeaderLength = listHeaderLength }
    var target = before
    if let jump = pending, let aligned = alignedOffset(jump.jump, target: jump.target) {
      target = aligned
    } else if options.followsEnd && wasAtEnd {
      target = maxOffset
    } else if let anchor, let anchorMin,
      let new = tracking.map({ $0.newIndexPath(of: anchor) }) ?? anchor,
      let extent = snapshot.alongExtent(of: new)
    {
      target = before + (extent.min - anchorMin)
    }
    offset = clamped(target)
    clampCarouselOffsets()
    reveal(by: offset - before)
    visibleCells = snapshot.scrollVisibleCells(
      offset: offset, length: viewportLength, carouselOffsets: carouselOffsets)
    guard let tracking else {
      return ScrollStep(
        appeared: Self.sorted(visibleCells, without: old),
        disappeared: Self.sorted(old, without: visibleCells))
    }
    // Across an update a cell is the one the difference matches it with.
    let now = Set(visibleCells)
    var kept = Set<ListIndexPath>()
    var disappeared: [ListIndexPath] = []
    for path in old {
      if let new = tracking.newIndexPath(of: path), now.contains(new) {
        kept.insert(new)
      } else {
        disappeared.append(path)
      }
    }
    return ScrollStep(appeared: visibleCells.filter { !kept.contains($0) }, disappeared: disappeared)
  }

  /// A new width (laying the list out again) or viewport length.
  mutating func resize(width newWidth: Double?, height: Double?) throws(ScrollError) -> ScrollStep {
    if let newWidth {
      guard newWidth.isFinite, newWidth > 0 else { throw .invalidValue("the width must be greater than 0") }
    }
    if let height {
      guard height.isFinite, height >= 0 else {
        throw .invalidValue("the height must be a finite number, not negative")
      }
    }
    var next = snapshot
    if let newWidth, newWidth != width {
      var update = ListUpdate()
      update.width = newWidth
      next = try Self.edited(snapshot, update)
    }
    return change(to: next, length: height ?? viewportLength, tracking: nil)
  }

  /// Sizes measured by a renderer.
  mutating func measure(_ sizes: [String: Size]) throws(ScrollError) -> ScrollStep {
    let ids = sizes.keys.sorted()
    var paths: [ListIndexPath] = []
    paths.reserveCapacity(ids.count)
    var update = ListUpdate()
    for id in ids {
      let size = sizes[id]!
      guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
        throw .invalidValue("the size of '\(id)' must be finite and not negative")
      }
      guard let path = indexPath(ofIdentifier: id) else { throw .unknownIdentifier(id) }
      paths.append(path)
      update.resizeItem(at: path, to: size)
    }
    let next = try Self.edited(snapshot, update)
    let configuration = snapshot.model.configuration
    for (id, path) in zip(ids, paths) {
      if Self.needsEstimate(estimates[id]) {
        estimates[id] = Estimate(snapshot.model.sections[path.section].cells[path.item], configuration)
      }
      measuredSizes[id] = sizes[id]!
    }
    return change(to: next, length: viewportLength, tracking: nil)
  }

  /// A new version of the feed.
  mutating func update(_ feed: ListModel) throws(ScrollError) -> ScrollStep {
    var model = feed
    model.configuration.width = width
    var measured = measuredSizes
    var estimates = self.estimates
    if !measured.isEmpty {
      // The first cell of each measured identifier keeps its measured size while the feed's
      // size for it is the estimate it had when measured.
      let configuration = model.configuration
      let index = IdentifierIndex(model)
      var changes: [ListIndexPath: Size] = [:]
      for id in measured.keys.sorted() {
        guard let path = index.first(id, in: model), let size = measured[id] else { continue }
        let estimate = Estimate(model.sections[path.section].cells[path.item], configuration)
        switch estimates[id] ?? .unknown {
        case .unknown:
          estimates[id] = estimate
          changes[path] = size
        case let known where known == estimate && known != .incomparable:
          changes[path] = size
        default:
          measured[id] = nil
          estimates[id] = nil
        }
      }
      for (s, resized) in Dictionary(grouping: changes, by: \.key.section) {
        var cells = model.sections[s].cells
        for (path, size) in resized { cells[path.item].size = .fixed(size) }
        model.sections[s].cells = cells
      }
    }
    let difference = ListDifference(from: snapshot.model, to: model)
    let next: LayoutSnapshot
    let tracking: CellTracking
    do {
      (next, tracking) = try snapshot.applyingTracked(difference)
    } catch {
      throw Self.scrollError(error)
    }
    measuredSizes = measured
    self.estimates = estimates
    identifiers = nil
    return change(to: next, length: viewportLength, tracking: tracking)
  }

  /// Puts a saved state back: its sizes on the cells present, then its pending jump aligned,
  /// or its anchor at the same distance from the band's top (``minOffset``, or
  /// ``maxOffset`` with gravity bottom, when the anchor is gone).
  mutating func restore(_ state: ScrollState) throws(ScrollError) -> ScrollStep {
    try Self.finite(state.anchorDistance, "the anchor's distance")
    if let jump = state.pendingJump { try Self.finite(jump.offset, "the jump's offset") }
    let ids = state.measuredSizes.keys.sorted()
    var update = ListUpdate()
    var present: [(String, ListIndexPath)] = []
    for id in ids {
      let size = state.measuredSizes[id]!
      guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
        throw .invalidValue("the size of '\(id)' must be finite and not negative")
      }
      if let path = indexPath(ofIdentifier: id) {
        present.append((id, path))
        update.resizeItem(at: path, to: size)
      }
    }
    let next = update.isEmpty ? snapshot : try Self.edited(snapshot, update)
    // Saved sizes win over measured ones; a cell keeps the estimate of its first measurement.
    let configuration = snapshot.model.configuration
    var measured = measuredSizes
    for id in ids { measured[id] = state.measuredSizes[id]! }
    var estimates = self.estimates
    for (id, path) in present where Self.needsEstimate(estimates[id]) {
      estimates[id] = Estimate(snapshot.model.sections[path.section].cells[path.item], configuration)
    }
    for id in ids where estimates[id] == nil { estimates[id] = .unknown }
    let jump: PendingJump? = state.pendingJump.flatMap { jump in
      (try? resolve(jump)).map { PendingJump(jump: jump, target: $0) }
    }
    let anchor = state.anchorID.flatMap { indexPath(ofIdentifier: $0) }
    let before = offset
    let old = visibleCells
    snapshot = next
    measuredSizes = measured
    self.estimates = estimates
    pending = jump
    if let jump, let aligned = alignedOffset(jump.jump, target: jump.target) {
      offset = aligned
    } else if let anchor, let extent = snapshot.alongExtent(of: anchor) {
      offset = clamped(extent.min - state.anchorDistance - options.topInset)
    } else {
      offset = options.gravity == .bottom ? maxOffset : minOffset
    }
    clampCarouselOffsets()
    return moved(fromOffset: before, visible: old)
  }

  /// Whether a cell whose estimate is `estimate` takes the one it has now (a cell measured
  /// twice keeps the estimate of its first measurement).
  static func needsEstimate(_ estimate: Estimate?) -> Bool {
    estimate == nil || estimate == .unknown
  }

  /// `snapshot` with `update` applied.
  static func edited(_ snapshot: LayoutSnapshot, _ update: ListUpdate) throws(ScrollError) -> LayoutSnapshot {
    do {
      return try snapshot.applying(update).snapshot
    } catch {
      throw scrollError(error)
    }
  }

  static func scrollError(_ error: UpdateError) -> ScrollError {
    if case .layout(let layout) = error { return .layout(layout) }
    return .invalidValue(error.description)
  }
}

/// The size a cell had in the feed when it was first measured: what an update compares the
/// new feed's size with to keep the measurement.
enum Estimate: Sendable, Hashable {
  /// A fixed size, or the default cell size of an automatic one.
  case size(Size)
  /// A size only a layout knows (a sizing callback, flexbox content): never the same.
  case incomparable
  /// Not known (a size restored for a cell the feed did not have): the next feed with the
  /// cell sets it.
  case unknown

  init(_ cell: Cell, _ configuration: ListConfiguration) {
    switch cell.size {
    case .fixed(let size): self = .size(size)
    case .automatic: self = .size(configuration.defaultCellSize)
    case .sizing, .flex: self = .incomparable
    }
  }
}

/// How an update carries cells and sections from the old layout to the new one.
struct CellTracking {
  let resolved: ResolvedUpdate
  /// Old sections the difference moves.
  let movedSections: Set<Int>

  /// Where the old cell at `path` is after the update (the difference's matching); `nil` when
  /// it is deleted.
  func newIndexPath(of path: ListIndexPath) -> ListIndexPath? { resolved.newIndexPath(of: path) }

  /// Whether the update neither deletes nor moves the old cell at `path` (nor its section).
  func keepsInPlace(_ path: ListIndexPath) -> Bool {
    resolved.movedItems[path] == nil && !movedSections.contains(path.section) && newIndexPath(of: path) != nil
  }

  /// Where old section `section` is after the update; `nil` when it is deleted or replaced.
  func newSection(of section: Int) -> Int? {
    guard section >= 0 && section < resolved.newSectionIndex.count else { return nil }
    return resolved.newSectionIndex[section]
  }
}

extension LayoutSnapshot {
  /// Applies a difference as ``applying(_:anchor:)-(ListDifference,_)`` does, and keeps how
  /// it carries cells and sections across.
  func applyingTracked(_ difference: ListDifference) throws(UpdateError) -> (LayoutSnapshot, CellTracking) {
    let resolved = try resolving(difference)
    let result = try applying(resolved, layingOutWhole: difference.configuration != nil, anchor: nil)
    return (
      result.snapshot,
      CellTracking(resolved: resolved, movedSections: Set(difference.sections.moved.map(\.from)))
    )
  }
}
