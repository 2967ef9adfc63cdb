import LayoutGeometry

/// What to keep still on screen across an edit.
public struct ScrollAnchor: Sendable, Hashable {
  /// Which cell to keep in place.
  public enum Target: Sendable, Hashable {
    /// The first visible cell that survives the edit (the default).
    case firstVisible
    /// The cell at this index path (before the edit).
    case indexPath(ListIndexPath)
    /// The cell with this identifier.
    case identifier(String)
  }

  /// The content offset (y of the viewport's top edge) before the edit.
  public var contentOffset: Double
  /// The viewport's height.
  public var viewportHeight: Double
  /// The cell to keep in place.
  public var target: Target
  /// Whether a viewport showing the end of the content keeps showing the end (chat-style).
  public var sticksToBottom: Bool

  /// Creates an anchor.
  public init(
    contentOffset: Double, viewportHeight: Double, target: Target = .firstVisible,
    sticksToBottom: Bool = false
  ) {
    self.contentOffset = contentOffset
    self.viewportHeight = viewportHeight
    self.target = target
    self.sticksToBottom = sticksToBottom
  }
}

/// The outcome of an edit: the new snapshot, and how to scroll so nothing jumps.
public struct UpdateResult: Sendable {
  /// The layout after the edit. The snapshot the edit was applied to is unchanged.
  public var snapshot: LayoutSnapshot
  /// The content offset that keeps the anchor cell where it was on screen (or the bottom in
  /// view); equal to the anchor's offset when there was no anchor or it did not survive.
  public var contentOffset: Double
  /// `contentOffset` minus the anchor's offset before the edit: add it to the scroll
  /// position.
  public var contentOffsetCorrection: Double
  /// The anchor cell after the edit, if one was kept in place.
  public var anchorIndexPath: ListIndexPath?
  /// How many lines were laid out again (the cost of the edit).
  public var reflowedLines: Int
}

extension LayoutSnapshot {
  /// Applies a batch of edits and returns the new snapshot.
  ///
  /// Only the touched sections are reflowed, each from the line holding its first touched
  /// cell until its lines re-synchronise with the old ones; everything after shifts by a
  /// delta held in prefix sums, and untouched pages of lines are shared with this snapshot.
  /// The result equals a full relayout of the updated model (checked by differential tests).
  /// A width change lays every section out again.
  ///
  /// - Parameters:
  ///   - update: the edits, with UIKit's batch-update index semantics.
  ///   - anchor: the scroll position to correct so the content does not jump.
  /// - Throws: ``UpdateError`` for out-of-range, duplicate or contradictory indices (this
  ///   snapshot is unchanged either way).
  /// - Complexity: O(log n + r) for r cells laid out again (a section layout that cannot
  ///   resume from an edit lays the touched section out whole). Without section operations the
  ///   other sections' geometry, heights and model values are shared, not visited: an edit
  ///   copies the chunk of cells, the chunk of sections and the block of geometries holding
  ///   each touched section, and O(s / 64) block references for s sections. Inserting,
  ///   deleting, reloading or moving sections adds O(s).
  public func applying(_ update: ListUpdate, anchor: ScrollAnchor? = nil) throws(UpdateError) -> UpdateResult
  {
    let resolved = try update.resolve(against: model)
    let widthChanged = update.width != nil && update.width != model.configuration.width
    return try applying(resolved, layingOutWhole: widthChanged, anchor: anchor)
  }

  /// The layout of a resolved update (a batch or a difference): laid out whole when the
  /// configuration changed, else re-laid out from the old layout; then anchored.
  func applying(
    _ resolved: ResolvedUpdate, layingOutWhole: Bool, anchor: ScrollAnchor?
  ) throws(UpdateError) -> UpdateResult {
    let next: LayoutSnapshot
    let reflowed: Int
    do {
      if layingOutWhole {
        try resolved.model.configuration.validate()
        next = try resolved.model.layout(frames: frameComputation, tuning: tuning)
        reflowed = next.geometries.reduce(0) { $0 + $1.lineCount }
      } else {
        let (updated, count) = try LayoutEngine.relayout(resolved, from: self)
        next = try updated.checkedFinite()
        reflowed = count
      }
    } catch {
      throw .layout(error)
    }
    return anchored(next, resolved: resolved, anchor: anchor, reflowed: reflowed)
  }

  /// Applies sizes a renderer measured for cells it showed (self-sizing), by identifier.
  ///
  /// - Throws: ``UpdateError/unknownIdentifier(_:)`` when no cell has one of the identifiers.
  /// - Complexity: O(c + r log r) to index the identifiers of c cells written out and r runs
  ///   (a run's derived identifiers are ranges of numbers), then as
  ///   ``applying(_:anchor:)-(ListUpdate,_)``; measure by index path with
  ///   ``applyingMeasurements(byIndexPath:anchor:)`` to avoid the search.
  public func applyingMeasurements(
    _ sizes: [String: Size], anchor: ScrollAnchor? = nil
  ) throws(UpdateError)
    -> UpdateResult
  {
    var update = ListUpdate()
    if !sizes.isEmpty {
      let index = IdentifierIndex(model)
      for id in sizes.keys.sorted() {
        guard let path = index.first(id, in: model) else { throw .unknownIdentifier(id) }
        update.resizeItem(at: path, to: sizes[id]!)
      }
    }
    return try applying(update, anchor: anchor)
  }

  /// Applies sizes a renderer measured for cells it showed, by index path.
  ///
  /// - Complexity: as ``applying(_:anchor:)-(ListUpdate,_)``.
  public func applyingMeasurements(
    byIndexPath sizes: [ListIndexPath: Size], anchor: ScrollAnchor? = nil
  )
    throws(UpdateError) -> UpdateResult
  {
    var update = ListUpdate()
    for (indexPath, size) in sizes { update.resizeItem(at: indexPath, to: size) }
    return try applying(update, anchor: anchor)
  }

  /// The scroll correction that keeps the anchor still.
  func anchored(
    _ next: LayoutSnapshot, resolved: ResolvedUpdate, anchor: ScrollAnchor?, reflowed: Int
  ) -> UpdateResult {
    guard let anchor, anchor.contentOffset.isFinite, anchor.viewportHeight.isFinite else {
      return UpdateResult(
        snapshot: next, contentOffset: anchor?.contentOffset ?? 0, contentOffsetCorrection: 0,
        anchorIndexPath: nil,
        reflowedLines: reflowed)
    }
    let offset = anchor.contentOffset
    if anchor.sticksToBottom && offset + anchor.viewportHeight >= contentLength - 0.5 {
      let bottom = max(0, next.contentLength - anchor.viewportHeight)
      return UpdateResult(
        snapshot: next, contentOffset: bottom, contentOffsetCorrection: bottom - offset, anchorIndexPath: nil,
        reflowedLines: reflowed)
    }
    var candidates: [ListIndexPath] = []
    switch anchor.target {
    case .indexPath(let indexPath): candidates = [indexPath]
    case .identifier(let id):
      if let path = model.firstCell(withIdentifier: id) { candidates = [path] }
    case .firstVisible:
      let viewport = scrollBand(offset, offset + max(anchor.viewportHeight, 1e-9))
      candidates = elements(in: viewport).filter { $0.kind == .cell }.map(\.indexPath)
    }
    for old in candidates where resolved.movedItems[old] == nil {
      guard let oldFrame = frame(of: old), let new = resolved.newIndexPath(of: old),
        let newFrame = next.frame(of: new)
      else { continue }
      let correction = next.scrollRange(newFrame).min - scrollRange(oldFrame).min
      return UpdateResult(
        snapshot: next, contentOffset: offset + correction, contentOffsetCorrection: correction,
        anchorIndexPath: new,
        reflowedLines: reflowed)
    }
    return UpdateResult(
      snapshot: next, contentOffset: offset, contentOffsetCorrection: 0, anchorIndexPath: nil,
      reflowedLines: reflowed)
  }
}

extension LayoutEngine {
  /// Lays out an updated model reusing `old` wherever the update left it alone.
  static func relayout(
    _ resolved: ResolvedUpdate, from old: LayoutSnapshot
  ) throws(LayoutError) -> (LayoutSnapshot, Int) {
    try withSpacingPolicy(
      for: resolved.model.configuration.layoutManager, Relayout(resolved: resolved, old: old))
  }
}

/// An updated model laid out from the snapshot before the update: untouched sections kept,
/// edited ones laid out again from their edit points, new ones laid out whole.
struct Relayout: SpacingPolicyJob {
  let resolved: ResolvedUpdate
  let old: LayoutSnapshot

  func run<Policy: SpacingPolicy>(policy: inout Policy) throws(LayoutError) -> (LayoutSnapshot, Int) {
    let model = resolved.model
    let configuration = model.configuration
    var layouts = SectionLayouts(
      configuration: configuration, frames: old.frameComputation, tuning: old.tuning)
    var snapshot: LayoutSnapshot
    if resolved.origins.isInPlace && model.sections.count == old.geometries.count {
      // Same sections in the same places: lay out only the touched ones, and share every
      // other block of geometries and section heights with the old snapshot.
      var geometries = old.geometries
      var heights = old.sectionHeights
      let candidates = resolved.origins.candidates
      for index in candidates {
        let geometry = try layout(index, of: model, layouts: &layouts, policy: &policy)
        geometries[index] = geometry
        heights[index] = geometry.height
      }
      var overflows = old.overflows
      overflows.update(sections: candidates, in: geometries)
      snapshot = LayoutSnapshot(model: model, geometries: geometries, heights: heights, overflows: overflows)
    } else {
      var geometries = ContiguousArray<SectionGeometry>()
      geometries.reserveCapacity(model.sections.count)
      for index in model.sections.indices {
        geometries.append(try layout(index, of: model, layouts: &layouts, policy: &policy))
      }
      snapshot = LayoutSnapshot(model: model, geometries: BlockArray(geometries))
    }
    snapshot.frameComputation = old.frameComputation
    snapshot.tuning = old.tuning
    return (snapshot, layouts.linesLaidOut)
  }

  /// New section `index`: the old geometry when unchanged, else laid out from its edit points
  /// or from scratch.
  func layout<Policy: SpacingPolicy>(
    _ index: Int, of model: ListModel, layouts: inout SectionLayouts, policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry {
    let section = model.sections[index]
    let configuration = model.configuration
    switch resolved.origins[index] {
    case .fresh:
      return try layouts.layout(section, at: index, in: configuration, policy: &policy)
    case .unchanged(let oldIndex):
      // Its cells unchanged; its own settings (collapsed, pinning, separators) as the
      // section now has them.
      try section.separator?.validate(path: "sections[\(index)].separator")
      return old.geometries[oldIndex].styled(for: section, in: configuration)
    case .edited(let oldIndex, let edit):
      let previous = old.geometries[oldIndex]
      // The badges of the cells the edit touched, counted and bounded again (not the whole
      // section's), on the geometry with the cells (a collapsed section keeps it).
      let badges = try SectionBadges(
        updating: previous.expandedGeometry.badges,
        oldCells: old.model.sections.withElement(at: oldIndex) { $0.cells },
        newCells: section.cells, edit: edit, horizontal: configuration.scrollDirection == .horizontal,
        section: index)
      return try layouts.relayout(
        section, at: index, in: configuration, old: previous, edit: edit, badges: badges, policy: &policy)
    }
  }
}

/// What the benchmarks time apart from an edit.
@_spi(Benchmarks) public enum EditCosts {
  /// Times the touched sections' reflow of `update` on `snapshot` alone: resolves the update,
  /// then calls `measure` once with the work of laying out again each section the update
  /// touched (from its edit points, as ``LayoutSnapshot/applying(_:anchor:)-(ListUpdate,_)``
  /// does), without building the new snapshot around them.
  ///
  /// - Throws: what ``LayoutSnapshot/applying(_:anchor:)-(ListUpdate,_)`` throws for the
  ///   update's indices (before `measure` is called) or for its layout (after).
  public static func timeReflow(
    of update: ListUpdate, on snapshot: LayoutSnapshot, _ measure: @escaping (() -> Void) -> Void
  ) throws(UpdateError) {
    let resolved = try update.resolve(against: snapshot.model)
    do {
      try LayoutEngine.withSpacingPolicy(
        for: resolved.model.configuration.layoutManager,
        TouchedReflow(relayout: Relayout(resolved: resolved, old: snapshot), measure: measure))
    } catch {
      throw .layout(error)
    }
  }
}

/// The sections an update touched, laid out again inside a caller's measurement.
private struct TouchedReflow: SpacingPolicyJob {
  let relayout: Relayout
  let measure: (() -> Void) -> Void

  func run<Policy: SpacingPolicy>(policy: inout Policy) throws(LayoutError) {
    let model = relayout.resolved.model
    var layouts = SectionLayouts(
      configuration: model.configuration, frames: relayout.old.frameComputation, tuning: relayout.old.tuning)
    let candidates = relayout.resolved.origins.candidates
    var failure: LayoutError?
    measure {
      do throws(LayoutError) {
        for index in candidates {
          _ = try relayout.layout(index, of: model, layouts: &layouts, policy: &policy)
        }
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }
}
