import LayoutGeometry

/// The frames a container's layout computed, by item index.
///
/// Frames are in the container's coordinates (those of the bounds it was laid out in). A nested
/// container's own items are in ``nested``, in that container's coordinates (its bounds start at
/// the origin, as a view's do); ``flattenedFrames()`` gives them all in the outer coordinates.
public struct SequentialLayoutResult: Sendable, Equatable {
  /// The bounds and insets the items were laid out in (after clipping to
  /// ``SequentialLayoutLimits/maximumDimension``).
  public var container: ContainerDescription
  /// One frame per arranged item, in order; `nil` for items whose options skip layout.
  public var frames: [Rect?]
  /// The smallest rectangle holding the padded frames of every item not ignored in size
  /// (see ``SequentialContainer/sizeThatFits(_:)``), or `nil` when there is none.
  public var occupiedBounds: Rect?
  /// The layouts of nested containers, by their item index, each in its own coordinates.
  public var nested: [Int: SequentialLayoutResult]

  /// Creates a result.
  public init(
    container: ContainerDescription, frames: [Rect?], occupiedBounds: Rect?,
    nested: [Int: SequentialLayoutResult] = [:]
  ) {
    self.container = container
    self.frames = frames
    self.occupiedBounds = occupiedBounds
    self.nested = nested
  }

  /// The size that fits the occupied bounds plus the layout insets (what ``SequentialContainer/sizeThatFits(_:)``
  /// returns for a dry layout in the same bounds).
  public var fittingSize: Size {
    let occupied = occupiedBounds?.size ?? .zero
    return occupied.outset(by: container.insets)
  }

  /// Every frame, nested ones included, in this layout's coordinates, with its index path
  /// (one index per nesting level), in layout order (a container before its items).
  ///
  /// - Complexity: O(*n*) in the number of items at every level.
  public func flattenedFrames() -> [(path: [Int], frame: Rect)] {
    var output: [(path: [Int], frame: Rect)] = []
    append(to: &output, prefix: [], offset: .zero)
    return output
  }

  private func append(to output: inout [(path: [Int], frame: Rect)], prefix: [Int], offset: Point) {
    for (index, frame) in frames.enumerated() {
      guard let frame else { continue }
      let moved = frame.offsetBy(dx: offset.x, dy: offset.y)
      output.append((prefix + [index], moved))
      if let child = nested[index] {
        child.append(to: &output, prefix: prefix + [index], offset: moved.origin)
      }
    }
  }
}

/// Limits that keep layout arithmetic finite.
public enum SequentialLayoutLimits {
  /// Bounds are clipped to this width and height before layout (as SQLayout does), so an
  /// "unbounded" fitting size such as `.infinity` or `.greatestFiniteMagnitude` stays usable.
  public static let maximumDimension: Double = 10_000
}
