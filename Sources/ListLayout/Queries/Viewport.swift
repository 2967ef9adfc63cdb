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
    let pinning = PinningContext(
      contentOffset: contentOffset.y, pinInset: pinInset, viewportHeight: size.height)
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
    let ahead = max(0, screensAhead) * size.height
    let behind = max(0, screensBehind) * size.height
    // Prefetch only cells not yet on screen: wholly below the bottom edge, or above the top.
    let below = cellRange(overlappingY: rect.maxY, rect.maxY + (direction == .forward ? ahead : behind)) {
      $0.minY >= rect.maxY
    }
    let above = cellRange(overlappingY: rect.minY - (direction == .forward ? behind : ahead), rect.minY) {
      $0.maxY <= rect.minY
    }
    return ViewportLayout(
      rect: rect, contentSize: contentSize, elements: elements, overlayIDs: overlays.map(\.id),
      prefetchAhead: direction == .forward ? below : above,
      prefetchBehind: direction == .forward ? above : below)
  }

  /// The first and last cells whose frames overlap the band `minY ..< maxY` (a zero-height
  /// frame counts when its y is in the band) and satisfy `filter`.
  ///
  /// - Complexity: O(log n + k) for k cells on lines in the band.
  public func cellRange(
    overlappingY minY: Double, _ maxY: Double, where filter: (Rect) -> Bool = { _ in true }
  ) -> ClosedRange<IndexPath>? {
    guard minY.isFinite, maxY.isFinite, maxY > minY else { return nil }
    var first: IndexPath?
    var last: IndexPath?
    forEachSection(overlapping: Rect(x: 0, y: minY, width: 1, height: maxY - minY)) { section in
      forEachCellCandidate(ofSection: section, overlappingY: minY, maxY) { item, frame in
        let overlaps = frame.maxY > minY && frame.minY < maxY
        let pointInBand = frame.height == 0 && frame.minY >= minY && frame.minY < maxY
        if (overlaps || pointInBand) && filter(frame) {
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
  /// content (never above 0, never past the end); `nil` when there is no such cell.
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
    guard let frame = frame(of: indexPath), viewportHeight.isFinite, viewportHeight >= 0 else { return nil }
    let y: Double =
      switch alignment {
      case .top: frame.minY - topInset
      case .center: frame.midY - (viewportHeight + topInset) / 2
      case .bottom: frame.maxY - viewportHeight
      }
    return min(max(y, 0), max(0, contentSize.height - viewportHeight))
  }
}
