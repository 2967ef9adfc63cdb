import LayoutGeometry

/// Which way the list is scrolling: prefetching looks further ahead than behind.
public enum ScrollDirection: String, Sendable, Hashable, CaseIterable {
  /// Towards the end of the content (down).
  case forward
  /// Towards the start of the content (up).
  case backward
}

/// Where to put an item when scrolling to it.
public enum ScrollAlignment: String, Sendable, Hashable, CaseIterable {
  case top, center, bottom
}

/// An element laid over the viewport rather than the content, as Hub Framework's overlay
/// components: a spinner, an empty-state message. It is centered in the viewport unless its
/// `offset` hook moves it.
public struct Overlay: Sendable {
  /// An identifier echoed in the output.
  public var id: String
  /// The overlay's size.
  public var size: Size
  /// Moves the overlay from its centered position: given the centered frame and the
  /// viewport's rect (both in content coordinates), returns the offset to apply.
  public var offset: (@Sendable (_ centered: Rect, _ viewport: Rect) -> Point)?

  /// Creates an overlay.
  public init(
    id: String, size: Size, offset: (@Sendable (_ centered: Rect, _ viewport: Rect) -> Point)? = nil
  ) {
    self.id = id
    self.size = size
    self.offset = offset
  }
}

/// Everything a renderer needs for one frame of a scrolling list.
public struct ViewportLayout: Sendable {
  /// The viewport in content coordinates.
  public var rect: Rect
  /// The content's size.
  public var contentSize: Size
  /// The visible elements with their final frames (headers and footers pinned), in listing
  /// order, followed by the overlays.
  public var elements: [LayoutAttributes]
  /// The identifiers of the overlays among ``elements``, by overlay position.
  public var overlayIDs: [String]
  /// The cells to prefetch ahead, in the scroll direction: those wholly past the viewport's
  /// leading edge within `screensAhead` viewport heights.
  public var prefetchAhead: ClosedRange<IndexPath>?
  /// The cells to prefetch behind, against the scroll direction, likewise.
  public var prefetchBehind: ClosedRange<IndexPath>?
}

extension LayoutSnapshot {
  /// The layout of one frame of a scrolling list.
  ///
  /// In a horizontal list the offset's x is the scroll position: headers pin to the
  /// leading edge at `contentOffset.x + pinInset`, and prefetching runs along x, by viewport
  /// widths.
  ///
  /// - Parameters:
  ///   - contentOffset: the content point at the viewport's top-left corner.
  ///   - size: the viewport's size.
  ///   - pinInset: how far below the top edge headers pin (a bar drawn over the list).
  ///   - direction: the scroll direction, for prefetching.
  ///   - screensAhead: how many viewport heights to prefetch in the scroll direction.
  ///   - screensBehind: how many viewport heights to prefetch against it.
  ///   - overlays: elements to center in the viewport, listed after the content.
  /// - Complexity: O(log n + k) for k cells visible or prefetched.
  public func viewport(
    at contentOffset: Point, size: Size, pinInset: Double = 0, direction: ScrollDirection = .forward,
    screensAhead: Double = 2, screensBehind: Double = 1, overlays: [Overlay] = []
  ) -> ViewportLayout {
    let rect = Rect(origin: contentOffset, size: size)
    // Offsets and lengths along the scroll axis (x and width in a horizontal list).
    let offset = scrollCoordinate(contentOffset)
    let length = isHorizontal ? size.width : size.height
    let pinning = PinningContext(contentOffset: offset, pinInset: pinInset, viewportHeight: length)
    var elements = rect.isFinite ? self.elements(in: rect, pinning: pinning) : []
    for (index, overlay) in overlays.enumerated() {
      var frame = Rect(
        x: rect.minX + (rect.width - overlay.size.width) / 2,
        y: rect.minY + (rect.height - overlay.size.height) / 2,
        width: overlay.size.width, height: overlay.size.height)
      if let hook = overlay.offset {
        let offset = hook(frame, rect)
        frame = frame.offsetBy(dx: offset.x, dy: offset.y)
      }
      elements.append(
        LayoutAttributes(
          kind: .overlay, indexPath: IndexPath(item: index, section: -1), frame: frame,
          zIndex: LayoutAttributes.overlayZIndex))
    }
    let ahead = max(0, screensAhead) * length
    let behind = max(0, screensBehind) * length
    // Prefetch only cells not yet on screen: wholly past the trailing edge, or before the
    // leading one.
    let (start, end) = scrollRange(rect)
    let below = cellRange(overlappingY: end, end + (direction == .forward ? ahead : behind)) { [self] in
      scrollRange($0).min >= end
    }
    let above = cellRange(overlappingY: start - (direction == .forward ? behind : ahead), start) { [self] in
      scrollRange($0).max <= start
    }
    return ViewportLayout(
      rect: rect, contentSize: contentSize, elements: elements, overlayIDs: overlays.map(\.id),
      prefetchAhead: direction == .forward ? below : above,
      prefetchBehind: direction == .forward ? above : below)
  }

  /// The first and last cells whose frames overlap the band `minY ..< maxY` along the scroll
  /// axis (y in a vertical list, x in a horizontal one; a frame of no extent along it counts
  /// when it starts in the band) and satisfy `filter`.
  ///
  /// - Complexity: O(log n + k) for k cells on lines in the band.
  public func cellRange(
    overlappingY minY: Double, _ maxY: Double, where filter: (Rect) -> Bool = { _ in true }
  ) -> ClosedRange<IndexPath>? {
    guard minY.isFinite, maxY.isFinite, maxY > minY else { return nil }
    var first: IndexPath?
    var last: IndexPath?
    forEachSection(overlapping: scrollBand(minY, maxY)) { section in
      forEachCellCandidate(ofSection: section, overlappingY: minY, maxY) { item, rect in
        let frame = isHorizontal ? rect.transposed : rect
        let overlaps = frame.maxY > minY && frame.minY < maxY
        let pointInBand = frame.height == 0 && frame.minY >= minY && frame.minY < maxY
        if (overlaps || pointInBand) && filter(rect) {
          let indexPath = IndexPath(item: item, section: section)
          if first == nil { first = indexPath }
          last = indexPath
        }
        return true
      }
    }
    guard let first, let last else { return nil }
    return first...last
  }

  /// The content offset that shows the cell at `indexPath` aligned as asked, clamped to the
  /// content (never above 0, never past the end); `nil` when there is no such cell. In a
  /// horizontal list it is an x offset, `top` is the leading edge and `viewportHeight` the
  /// viewport's width.
  ///
  /// - Parameters:
  ///   - indexPath: the cell to show.
  ///   - alignment: top puts the cell just below `topInset`, center in the middle of the
  ///     area below `topInset`, bottom at the viewport's bottom edge.
  ///   - viewportHeight: the viewport's height.
  ///   - topInset: space kept free at the top (a bar, a pinned header's height).
  /// - Complexity: O(log n).
  public func contentOffset(
    toShow indexPath: IndexPath, alignment: ScrollAlignment, viewportHeight: Double, topInset: Double = 0
  ) -> Double? {
    guard let real = frame(of: indexPath), viewportHeight.isFinite, viewportHeight >= 0 else { return nil }
    let frame = isHorizontal ? real.transposed : real
    let y: Double =
      switch alignment {
      case .top: frame.minY - topInset
      case .center: frame.midY - (viewportHeight + topInset) / 2
      case .bottom: frame.maxY - viewportHeight
      }
    return min(max(y, 0), max(0, contentLength - viewportHeight))
  }
}
