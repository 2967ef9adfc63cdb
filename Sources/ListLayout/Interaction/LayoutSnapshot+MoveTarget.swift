import LayoutGeometry

extension LayoutSnapshot {
  /// Where the cell at `dragging` would go if dropped at `point` (content coordinates):
  /// the index path it would have after the move, in UIKit's move semantics (the index path
  /// a ``ListUpdate/moveItem(from:to:)`` names as its destination); `nil` for a point outside
  /// the content (or not finite), a `dragging` that names no cell, or a list without sections.
  ///
  /// The rule, UIKit's default for interactive moves, with carousels' cells where
  /// `horizontalOffsets` scrolls them:
  ///
  /// 1. The cell under the point (its frame contains it): its index path (the dragged cell
  ///    takes its place). Where cells overlap, the lower index path.
  /// 2. Else the section whose extent along the scroll axis (header to footer, insets
  ///    included) contains the point, or, between sections, the nearer section by distance
  ///    along the axis (ties: the earlier section):
  ///    - a section with no cells: item 0 of it;
  ///    - in a section other than the dragged cell's, a point beyond the centre of that
  ///      section's last cell along the scroll axis: the end of the section (one past its
  ///      last item);
  ///    - else the cell of that section nearest to the point, by the distance from the point
  ///      to the cell's frame (`√(dx² + dy²)`, 0 inside); ties: the lower index path.
  ///
  /// With `allowsMovesBetweenSections` false, the same restricted to the dragged cell's
  /// section: only its cells count in step 1, and step 2 always picks its section.
  ///
  /// ```swift
  /// let dragged = ListIndexPath(item: 0, section: 0)
  /// if let target = snapshot.moveTarget(dragging: dragged, at: Point(x: 120, y: 40)) {
  ///   let preview = try snapshot.previewingMove(from: dragged, to: target)
  ///   print(preview.contentSize)
  /// }
  /// ```
  ///
  /// - Complexity: O(log n + k) for the k cells on the few lines near the point (a
  ///   carousel's row is searched outwards from the point).
  public func moveTarget(
    dragging: ListIndexPath, at point: Point, horizontalOffsets: HorizontalOffsets = .zero,
    allowsMovesBetweenSections: Bool = true
  ) -> ListIndexPath? {
    guard point.isFinite, frame(of: dragging) != nil else { return nil }
    let size = contentSize
    guard point.x >= 0, point.x <= size.width, point.y >= 0, point.y <= size.height else { return nil }
    let own = dragging.section
    // 1. The cell under the point: the first found (sections in order, items in order).
    let along = scrollCoordinate(point)
    var under: ListIndexPath?
    forEachOnScreenCell(along: along - 1, along + 1, across: acrossRange, offsets: horizontalOffsets) {
      path, frame, _ in
      guard under == nil, allowsMovesBetweenSections || path.section == own, frame.contains(point) else {
        return
      }
      under = path
    }
    if let under { return under }
    // 2. The section, then the cell in it.
    let section = allowsMovesBetweenSections ? nearestSection(along: along) : own
    let count = numberOfItems(inSection: section)
    guard count > 0 else { return ListIndexPath(item: 0, section: section) }
    if section != own, let last = frame(of: ListIndexPath(item: count - 1, section: section)) {
      let (minAlong, maxAlong) = alongRange(last)
      if along > minAlong + (maxAlong - minAlong) / 2 { return ListIndexPath(item: count, section: section) }
    }
    let offset = isCarousel(section) ? horizontalOffsets[section] : 0
    return nearestCell(inSection: section, to: point, scrolledBy: offset).map {
      ListIndexPath(item: $0, section: section)
    }
  }

  /// The section nearest to `along` (a coordinate along the scroll axis) by the distance to
  /// its extent, header to footer (0 inside); the earlier on a tie. The list has sections.
  ///
  /// - Complexity: O(log s).
  func nearestSection(along: Double) -> Int {
    let count = geometries.count
    let found = sectionHeights.firstIndex(
      wherePrefixExceeds: along - sectionsTop, perElement: model.configuration.sectionSpacing)
    // The section found holds the point or is followed by the gap holding it; rounding in
    // the sums may put it one off, so its neighbours are measured too.
    var best = (section: -1, distance: Double.infinity)
    for section in max(0, min(found, count - 1) - 1)...min(count - 1, found + 1) {
      let extent = alongExtent(ofSection: section)
      let gap = max(0, extent.top - along, along - extent.bottom)
      if gap < best.distance || best.section < 0 { best = (section, gap) }
    }
    return best.section
  }

  /// The cell of `section` (which has cells) nearest to `point` by the distance from the point
  /// to its on-screen frame (a carousel's moved by `offset`); the lower item on a tie.
  ///
  /// A band along the scroll axis around the point widens until the nearest cell in it is
  /// nearer than the band's half-width (no cell outside can be as near); a carousel's row is
  /// searched outwards from the point.
  ///
  /// - Complexity: O(log n + k) for the k cells of the last band (a carousel's: the cells up
  ///   to the answer's distance across).
  func nearestCell(inSection section: Int, to point: Point, scrolledBy offset: Double) -> Int? {
    let extent = alongExtent(ofSection: section)
    let top = extent.top
    guard let (box, origin) = queryBody(section, top: top) else { return nil }
    let direction = frameDirection
    var best: (distance: Double, item: Int)?
    func consider(_ item: Int, _ frame: Rect) {
      let d = distance(from: point, to: frame)
      if let found = best, !(d < found.distance || (d == found.distance && item < found.item)) { return }
      best = (d, item)
    }
    let along = scrollCoordinate(point)
    if box.scrollsSideways {
      // A carousel (only in vertical lists): its row outwards from the point, in layout space,
      // each run ending once its cells are farther across than the nearest so far.
      let x = leftToRight(point.x, point.x).0
      let slack = searchSlack(abs(x) + abs(offset) + model.configuration.width)
      box.body.forEachItem(
        awayFrom: x + offset, y: -.greatestFiniteMagnitude, .greatestFiniteMagnitude, at: origin
      ) { item, layout, run in
        var moved = layout
        moved.origin.x = layout.origin.x - offset
        consider(item, direction.directed(moved))
        guard let found = best else { return true }
        let bound = run == .leftward ? x - moved.maxX : moved.minX - x
        return bound - slack <= found.distance
      }
      return best?.item
    }
    let low = extent.top - extent.reach.0
    let high = extent.bottom + extent.reach.1
    var radius = max(LayoutTuning.nearestCellBandRadius, low - along, along - high)
    while true {
      let minAlong = along - radius
      let maxAlong = along + radius
      best = nil
      box.body.forEachItem(overlappingY: minAlong, maxAlong, at: origin) { item, frame in
        consider(item, direction.directed(frame))
        return true
      }
      // Every cell nearer than `radius` was in the band; past the section's extent, every cell.
      if let found = best, found.distance < radius { return found.item }
      if minAlong <= low && maxAlong >= high { return best?.item }
      radius *= 4
    }
  }

  /// The snapshot with the cell at `from` moved to `to` (the destination as
  /// ``moveTarget(dragging:at:horizontalOffsets:allowsMovesBetweenSections:)`` answers it):
  /// what a renderer animates the other cells towards while a drag hovers. The move is applied
  /// as an edit (``applying(_:anchor:)-(ListUpdate,_)``), sharing every untouched section with this
  /// snapshot; a new point's preview is computed from this snapshot again, replacing the
  /// last. Moving a cell onto its own index path answers this snapshot.
  ///
  /// - Throws: ``UpdateError`` when `from` names no cell or `to` is no destination for it.
  /// - Complexity: O(log n) per touched section, plus the touched sections' reflow.
  public func previewingMove(from: ListIndexPath, to: ListIndexPath) throws(UpdateError) -> LayoutSnapshot {
    if from == to, frame(of: from) != nil { return self }
    var update = ListUpdate()
    update.moveItem(from: from, to: to)
    return try applying(update).snapshot
  }
}

/// How fast a list scrolls by itself while a drag hovers near the viewport's edges.
///
/// For a point (a coordinate along the scroll axis, in content coordinates) inside the
/// viewport `offset ... offset + viewportLength` at a distance `e` less than ``edgeZone``
/// from its leading or trailing edge, the speed is `maximumSpeed · (edgeZone − e) / edgeZone`
/// towards that edge (negative towards the leading edge; the leading zone wins where both
/// hold); beyond an edge, ``maximumSpeed`` towards it; else 0.
///
/// ```swift
/// let speed = AutoScroll().speed(at: 1010, offset: 400, viewportLength: 640)  // 600 pt/s
/// ```
public struct AutoScroll: Sendable, Hashable {
  /// The width of each edge's zone, in points (60 by default). Not finite or negative
  /// counts as 0: no zone.
  public var edgeZone: Double
  /// The fastest speed, in points per second (1,200 by default). Not finite or negative
  /// counts as 0.
  public var maximumSpeed: Double

  /// Auto-scrolling with an edge zone and a maximum speed.
  public init(edgeZone: Double = 60, maximumSpeed: Double = 1_200) {
    self.edgeZone = edgeZone
    self.maximumSpeed = maximumSpeed
  }

  /// The speed, in points per second, for a drag at `point` along the scroll axis while the
  /// viewport spans `offset ... offset + viewportLength`: negative towards the leading edge,
  /// positive towards the trailing edge. A coordinate, offset or length that is not finite
  /// answers 0; a negative length counts as 0.
  public func speed(at point: Double, offset: Double, viewportLength: Double) -> Double {
    guard point.isFinite, offset.isFinite, viewportLength.isFinite else { return 0 }
    let zone = edgeZone.isFinite && edgeZone > 0 ? edgeZone : 0
    let fastest = maximumSpeed.isFinite && maximumSpeed > 0 ? maximumSpeed : 0
    let end = offset + max(0, viewportLength)
    if point < offset { return -fastest }
    if point > end { return fastest }
    let leading = point - offset
    if leading < zone { return 0 - fastest * (zone - leading) / zone }
    let trailing = end - point
    if trailing < zone { return fastest * (zone - trailing) / zone }
    return 0
  }
}
