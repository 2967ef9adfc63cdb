import LayoutGeometry

/// A direction keyboard focus moves in (``LayoutSnapshot/nextFocus(from:direction:horizontalOffsets:)``).
public enum FocusDirection: String, Sendable, Hashable, CaseIterable {
  /// Towards the top of the screen.
  case up
  /// Towards the bottom of the screen.
  case down
  /// Towards the left of the screen (whatever the layout direction).
  case left
  /// Towards the right of the screen (whatever the layout direction).
  case right
  /// The next cell in index-path order.
  case forward
  /// The previous cell in index-path order.
  case backward
}

/// Where focus lands: a cell, and, when the cell is in a carousel, the carousel offset that
/// shows it.
public struct FocusTarget: Sendable, Hashable {
  /// The cell that takes focus.
  public var indexPath: IndexPath
  /// For a cell of a carousel, the offset its carousel scrolls to so that the cell is fully
  /// in view with the least scrolling (the current offset when it already is); `nil` for a
  /// cell of any other section.
  public var carouselOffset: Double?

  /// A focus target.
  public init(indexPath: IndexPath, carouselOffset: Double? = nil) {
    self.indexPath = indexPath
    self.carouselOffset = carouselOffset
  }
}

extension LayoutSnapshot {
  /// The cell keyboard focus moves to from the cell at `from` in `direction`; `nil` at an
  /// edge (no cell that way), or when `from` names no cell.
  ///
  /// Up, down, left and right compare frames as they are on screen: carousels' cells moved
  /// by their offsets in `horizontalOffsets`, each counting only the part of it within the
  /// list's width (`0 ..< width` across a vertical list), a cell wholly outside not at all.
  /// With `f` the current cell's frame and `c` a candidate's:
  ///
  /// - A candidate lies wholly beyond `f`: down `c.minY ≥ f.maxY`, up `c.maxY ≤ f.minY`,
  ///   right `c.minX ≥ f.maxX`, left `c.maxX ≤ f.minX`.
  /// - Among the candidates that overlap `f` across the direction with positive length (the
  ///   beam), the smallest gap along the direction between the two frames, then the smallest
  ///   distance between centres across it, then the lower index path.
  /// - With none in the beam, the smallest `13·major² + minor²` (major: the gap along the
  ///   direction, minor: the distance between the centres across it), then the lower index
  ///   path.
  ///
  /// Left and right from a carousel's cell move within that carousel, by the same rule in the
  /// carousel's content coordinates (its cells not moved, none cut); at its end, `nil`.
  /// Forward and backward follow index-path order, across sections.
  ///
  /// A target in a carousel carries the offset that brings the cell fully into view with the
  /// least scrolling from its current offset (the current offset when none is needed; a cell
  /// wider than the list brings its leading edge to the list's leading edge).
  ///
  /// - Complexity: O(log n + k) for the k cells between the current cell and the answer;
  ///   a cell with nothing in its beam visits every cell beyond it in that direction.
  public func nextFocus(
    from: IndexPath, direction: FocusDirection, horizontalOffsets: HorizontalOffsets = .zero
  ) -> FocusTarget? {
    nil
  }
}
