import LayoutGeometry

// The building blocks of frame calculators. Each takes a rectangle and returns it sized or moved
// by one rule, so calculators read as a composition: "size to fit the container, place below
// the previous item, align to the container's right". They all follow the seed's best
// practices: spacing to the previous item is the larger of the facing pair, padding lies outside
// the frame (and is subtracted from fitting sizes), and without a previous item the container
// stands in for it.

extension FrameCalculatorArguments {
  // MARK: Matching

  /// The container's layout area less the item's padding (`matchContainer`).
  ///
  /// ```
  ///   ┌ bounds ─────────────────────┐
  ///   │ insets ┌ padding ────────┐  │
  ///   │        │ ┌─ result ────┐ │  │
  ///   │        │ └─────────────┘ │  │
  ///   │        └─────────────────┘  │
  ///   └─────────────────────────────┘
  /// ```
  @inlinable
  public func matchingContainer() -> Rect {
    container.layoutArea.inset(by: padding)
  }

  /// The container's bounds, ignoring the layout insets, less the item's padding.
  @inlinable
  public func matchingContainerFullBleed() -> Rect {
    container.bounds.inset(by: padding)
  }

  /// The previous item's padded frame less this item's padding; the container's layout area
  /// without a previous item.
  @inlinable
  public func matchingPrevious() -> Rect {
    guard let previous else { return matchingContainer() }
    return previous.paddedFrame.inset(by: padding)
  }

  // MARK: Sizing

  /// `rect`'s origin with the item's size when fitting in `rect.size` (padding is already out
  /// of `rect` when it comes from ``matchingContainer()``).
  @inlinable
  public func sizedToFit(_ rect: Rect) -> Rect {
    Rect(origin: rect.origin, size: size(fitting: rect.size))
  }

  /// `rect`'s origin and width with the item's height when fitting in `rect.width` (unbounded
  /// height). With `canShrinkHorizontally`, a narrower preferred width is kept.
  @inlinable
  public func sizedToFitVertically(_ rect: Rect, canShrinkHorizontally: Bool = false) -> Rect {
    var sized = sizedToFit(
      Rect(origin: rect.origin, size: Size(width: rect.width, height: .greatestFiniteMagnitude)))
    sized.size.width = canShrinkHorizontally ? Swift.min(rect.width, sized.width) : rect.width
    return sized
  }

  /// `rect`'s origin and height with the item's width when fitting in `rect.height` (unbounded width).
  @inlinable
  public func sizedToFitHorizontally(_ rect: Rect) -> Rect {
    var sized = sizedToFit(
      Rect(origin: rect.origin, size: Size(width: .greatestFiniteMagnitude, height: rect.height)))
    sized.size.height = rect.height
    return sized
  }

  // MARK: Next to the previous item

  /// `rect` moved below the previous item; to the container's top without one.
  ///
  /// ```
  ///   ┌──────┐
  ///   │ prev │
  ///   └──────┘  previous.padding.bottom
  ///             + max(previous.spacing.bottom, spacing.top)
  ///             + padding.top
  ///   ┌──────┐
  ///   │ rect │
  ///   └──────┘
  /// ```
  @inlinable
  public func placedBelowPrevious(_ rect: Rect) -> Rect {
    guard let previous else { return alignedToContainerTop(rect) }
    var moved = rect
    moved.origin.y =
      previous.frame.maxY + previous.padding.bottom
      + Swift.max(previous.spacing.bottom, spacing.top) + padding.top
    return moved
  }

  /// `rect` moved above the previous item; to the container's bottom without one.
  @inlinable
  public func placedAbovePrevious(_ rect: Rect) -> Rect {
    guard let previous else { return alignedToContainerBottom(rect) }
    var moved = rect
    moved.origin.y =
      previous.frame.minY - previous.padding.top
      - Swift.max(previous.spacing.top, spacing.bottom) - padding.bottom - rect.height
    return moved
  }

  /// `rect` moved right of the previous item; to the container's left without one.
  ///
  /// ```
  ///   ┌──────┐ previous.padding.right               ┌──────┐
  ///   │ prev │ + max(previous.spacing.right, left)  │ rect │
  ///   └──────┘ + padding.left                       └──────┘
  /// ```
  @inlinable
  public func placedRightOfPrevious(_ rect: Rect) -> Rect {
    guard let previous else { return alignedToContainerLeft(rect) }
    var moved = rect
    moved.origin.x =
      previous.frame.maxX + previous.padding.right
      + Swift.max(previous.spacing.right, spacing.left) + padding.left
    return moved
  }

  /// `rect` moved left of the previous item; to the container's right without one.
  @inlinable
  public func placedLeftOfPrevious(_ rect: Rect) -> Rect {
    guard let previous else { return alignedToContainerRight(rect) }
    var moved = rect
    moved.origin.x =
      previous.frame.minX - previous.padding.left
      - Swift.max(previous.spacing.left, spacing.right) - padding.right - rect.width
    return moved
  }

  // MARK: Aligned to the container

  /// `rect` moved to the top of the layout area, padding included.
  @inlinable
  public func alignedToContainerTop(_ rect: Rect) -> Rect {
    var moved = rect
    moved.origin.y = container.layoutArea.minY + padding.top
    return moved
  }

  /// `rect` moved to the left of the layout area, padding included.
  @inlinable
  public func alignedToContainerLeft(_ rect: Rect) -> Rect {
    var moved = rect
    moved.origin.x = container.layoutArea.minX + padding.left
    return moved
  }

  /// `rect` moved to the bottom of the layout area, padding included.
  @inlinable
  public func alignedToContainerBottom(_ rect: Rect) -> Rect {
    var moved = rect
    moved.origin.y = container.layoutArea.maxY - padding.bottom - rect.height
    return moved
  }

  /// `rect` moved to the right of the layout area, padding included.
  @inlinable
  public func alignedToContainerRight(_ rect: Rect) -> Rect {
    var moved = rect
    moved.origin.x = container.layoutArea.maxX - padding.right - rect.width
    return moved
  }

  /// `rect` centred horizontally in the layout area, its padded width centred.
  @inlinable
  public func alignedToContainerCenterX(_ rect: Rect) -> Rect {
    let area = container.layoutArea
    var moved = rect
    moved.origin.x = (area.minX + area.maxX) / 2 - (rect.width + padding.horizontal) / 2 + padding.left
    return moved
  }

  /// `rect` centred vertically in the layout area, its padded height centred.
  @inlinable
  public func alignedToContainerCenterY(_ rect: Rect) -> Rect {
    let area = container.layoutArea
    var moved = rect
    moved.origin.y = (area.minY + area.maxY) / 2 - (rect.height + padding.vertical) / 2 + padding.top
    return moved
  }

  // MARK: Aligned to the previous item

  /// `rect`'s padded top on the previous item's padded top; the container's top without one.
  @inlinable
  public func alignedToPreviousTop(_ rect: Rect) -> Rect {
    guard let previous else { return alignedToContainerTop(rect) }
    var moved = rect
    moved.origin.y = previous.frame.minY - previous.padding.top + padding.top
    return moved
  }

  /// `rect`'s padded left on the previous item's padded left; the container's left without one.
  @inlinable
  public func alignedToPreviousLeft(_ rect: Rect) -> Rect {
    guard let previous else { return alignedToContainerLeft(rect) }
    var moved = rect
    moved.origin.x = previous.frame.minX - previous.padding.left + padding.left
    return moved
  }

  /// `rect`'s padded bottom on the previous item's padded bottom; the container's bottom without one.
  @inlinable
  public func alignedToPreviousBottom(_ rect: Rect) -> Rect {
    guard let previous else { return alignedToContainerBottom(rect) }
    var moved = rect
    moved.origin.y = previous.frame.maxY + previous.padding.bottom - padding.bottom - rect.height
    return moved
  }

  /// `rect`'s padded right on the previous item's padded right; the container's right without one.
  @inlinable
  public func alignedToPreviousRight(_ rect: Rect) -> Rect {
    guard let previous else { return alignedToContainerRight(rect) }
    var moved = rect
    moved.origin.x = previous.frame.maxX + previous.padding.right - padding.right - rect.width
    return moved
  }

  /// `rect`'s padded width centred on the previous item's frame; the container's centre without one.
  @inlinable
  public func alignedToPreviousCenterX(_ rect: Rect) -> Rect {
    guard let previous else { return alignedToContainerCenterX(rect) }
    var moved = rect
    moved.origin.x = previous.frame.midX - (rect.width + padding.horizontal) / 2 + padding.left
    return moved
  }

  /// `rect`'s padded height centred on the previous item's frame; the container's centre without one.
  @inlinable
  public func alignedToPreviousCenterY(_ rect: Rect) -> Rect {
    guard let previous else { return alignedToContainerCenterY(rect) }
    var moved = rect
    moved.origin.y = previous.frame.midY - (rect.height + padding.vertical) / 2 + padding.top
    return moved
  }

  // MARK: Wrapping

  /// Whether `rect`, with the item's right padding, reaches past the layout area's right edge
  /// (the test a flow uses to wrap to a new line).
  @inlinable
  public func overflowsContainerRight(_ rect: Rect) -> Bool {
    rect.maxX + padding.right > container.layoutArea.maxX
  }
}
