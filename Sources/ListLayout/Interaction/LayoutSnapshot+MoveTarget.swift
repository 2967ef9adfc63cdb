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
  /// if let target = snapshot.moveTarget(dragging: IndexPath(item: 3, section: 0), at: point) {
  ///   let preview = try snapshot.previewingMove(from: IndexPath(item: 3, section: 0), to: target)
  /// }
  /// ```
  ///
  /// - Complexity: O(log n + k) for the k cells on the few lines near the point (a
  ///   carousel's row is searched outwards from the point).
  public func moveTarget(
    dragging: IndexPath, at point: Point, horizontalOffsets: HorizontalOffsets = .zero,
    allowsMovesBetweenSections: Bool = true
  ) -> IndexPath? {
    nil
  }

  /// The snapshot with the cell at `from` moved to `to` (the destination as
  /// ``moveTarget(dragging:at:horizontalOffsets:allowsMovesBetweenSections:)`` answers it):
  /// what a renderer animates the other cells towards while a drag hovers. The move is applied
  /// as an edit (``applying(_:anchor:)``), sharing every untouched section with this
  /// snapshot; a new point's preview is computed from this snapshot again, replacing the
  /// last. Moving a cell onto its own index path answers this snapshot.
  ///
  /// - Throws: ``UpdateError`` when `from` names no cell or `to` is no destination for it.
  /// - Complexity: O(log n) per touched section, plus the touched sections' reflow.
  public func previewingMove(from: IndexPath, to: IndexPath) throws(UpdateError) -> LayoutSnapshot {
    self
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
    0
  }
}
