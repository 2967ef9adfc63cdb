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
  /// The cells to prefetch sideways in each carousel section the viewport shows, in section
  /// order.
  public var prefetchSideways: [CarouselPrefetch] = []
}

/// The cells of one carousel section to prefetch sideways: those not yet on screen within a
/// few viewport widths of it along the carousel's row, at the carousel's offset.
public struct CarouselPrefetch: Sendable, Hashable {
  /// The carousel's section.
  public var section: Int
  /// The cells wholly past the viewport's trailing edge (towards the carousel's end) within
  /// `screensAhead` viewport widths, by item index.
  public var ahead: ClosedRange<Int>?
  /// The cells wholly before the viewport's leading edge within `screensBehind` viewport
  /// widths, by item index.
  public var behind: ClosedRange<Int>?
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
  ///   - horizontalOffsets: how far carousel sections are scrolled sideways: their cells are
  ///     returned moved by it, only where they meet the viewport; prefetching reaches
  ///     `screensAhead` viewport widths towards a carousel's end and `screensBehind` towards
  ///     its start (``ViewportLayout/prefetchSideways``), and counts a carousel's cells in
  ///     ``ViewportLayout/prefetchAhead`` and ``ViewportLayout/prefetchBehind`` only within
  ///     that sideways reach.
  /// - Complexity: O(log n + k) for k cells visible or prefetched.
  public func viewport(
    at contentOffset: Point, size: Size, pinInset: Double = 0, direction: ScrollDirection = .forward,
    screensAhead: Double = 2, screensBehind: Double = 1, overlays: [Overlay] = [],
    horizontalOffsets: HorizontalOffsets = .zero
  ) -> ViewportLayout {
    let rect = Rect(origin: contentOffset, size: size)
    // Offsets and lengths along the scroll axis (x and width in a horizontal list).
    let offset = scrollCoordinate(contentOffset)
    let length = isHorizontal ? size.width : size.height
    let pinning = PinningContext(contentOffset: offset, pinInset: pinInset, viewportHeight: length)
    // The sections on screen, each with its top and sideways offset: the sideways prefetch
    // walks the same sections again.
    var visited: [VisitedSection]? = rect.isFinite && !isHorizontal ? [] : nil
    var elements =
      rect.isFinite
      ? self.elements(in: rect, pinning: pinning, horizontalOffsets: horizontalOffsets, visited: &visited)
      : []
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
    let below: ClosedRange<IndexPath>?
    let above: ClosedRange<IndexPath>?
    // A carousel's cells count within its sideways reach (carousels exist only in vertical
    // lists: a horizontal list with one fails to lay out).
    let sideways = Sideways(
      rect: rect, ahead: max(0, screensAhead) * size.width, behind: max(0, screensBehind) * size.width,
      offsets: horizontalOffsets)
    if isHorizontal {
      below = cellRange(overlappingY: end, end + (direction == .forward ? ahead : behind)) { [self] in
        scrollRange($0).min >= end
      }
      above = cellRange(overlappingY: start - (direction == .forward ? behind : ahead), start) { [self] in
        scrollRange($0).max <= start
      }
    } else {
      below = cellRange(overlappingY: end, end + (direction == .forward ? ahead : behind), sideways: sideways)
      {
        $0.minY >= end
      }
      above = cellRange(
        overlappingY: start - (direction == .forward ? behind : ahead), start, sideways: sideways
      ) {
        $0.maxY <= start
      }
    }
    return ViewportLayout(
      rect: rect, contentSize: contentSize, elements: elements, overlayIDs: overlays.map(\.id),
      prefetchAhead: direction == .forward ? below : above,
      prefetchBehind: direction == .forward ? above : below,
      prefetchSideways: visited.map { carouselPrefetch(in: rect, sideways, sections: $0) } ?? [])
  }

  /// A viewport's sideways prefetch reach in carousels, left to right in the snapshot's
  /// direction.
  struct Sideways {
    var rect: Rect
    /// How far past the trailing edge (towards a carousel's end) and before the leading edge.
    var ahead: Double
    var behind: Double
    var offsets: HorizontalOffsets
  }

  /// The sideways x extent a carousel's cells are prefetched in, left to right (the body's
  /// own direction).
  func reach(_ sideways: Sideways) -> (minX: Double, maxX: Double) {
    let (minX, maxX) = leftToRight(sideways.rect.minX, sideways.rect.maxX)
    return (minX - sideways.behind, maxX + sideways.ahead)
  }

  /// For every carousel whose cells meet the viewport's vertical extent, the cells within
  /// reach past each side of the viewport, not on it. `sections` are those
  /// ``forEachSection(overlapping:_:)`` visits for `rect`, with their tops and offsets worked
  /// out already.
  ///
  /// - Complexity: O(log n + k) for k cells in reach.
  func carouselPrefetch(in rect: Rect, _ sideways: Sideways, sections: [VisitedSection]) -> [CarouselPrefetch]
  {
    var result: [CarouselPrefetch] = []
    let (visibleMinX, visibleMaxX) = leftToRight(rect.minX, rect.maxX)
    let (minX, maxX) = reach(sideways)
    for visited in sections {
      let section = visited.section
      guard geometries[section].body.scrollsSideways, geometries[section].itemCount > 0 else { continue }
      var prefetch = CarouselPrefetch(section: section)
      geometries[section].body.forEachItem(
        overlappingX: minX, maxX, y: rect.minY, rect.maxY, scrolledBy: visited.offset,
        at: geometries[section].bodyOrigin(sectionTop: visited.top)
      ) { item, frame in
        guard frame.maxY > rect.minY || (frame.height == 0 && frame.minY >= rect.minY), frame.minY < rect.maxY
        else { return true }
        if frame.minX >= visibleMaxX && frame.minX < maxX {
          prefetch.ahead = (prefetch.ahead?.lowerBound ?? item)...item
        } else if frame.maxX <= visibleMinX && frame.maxX > minX {
          prefetch.behind = (prefetch.behind?.lowerBound ?? item)...item
        }
        return true
      }
      if prefetch.ahead != nil || prefetch.behind != nil { result.append(prefetch) }
    }
    return result
  }

  /// ``cellRange(overlappingY:_:where:)`` with a carousel's cells counted only within the
  /// viewport's sideways reach, at the carousel's offset. Only the first and the last
  /// sections with a matching cell are searched cell by cell: the sections between them
  /// cannot change the range.
  ///
  /// - Complexity: O(log n + k) for k candidate cells of those two sections.
  func cellRange(
    overlappingY minY: Double, _ maxY: Double, sideways: Sideways, where filter: (Rect) -> Bool
  ) -> ClosedRange<IndexPath>? {
    guard minY.isFinite, maxY.isFinite, maxY > minY, sideways.rect.isFinite else { return nil }
    let (minX, maxX) = reach(sideways)
    /// The matching cells of `section` (whose top is `top`), in item order, until `body`
    /// returns `false`.
    func matches(_ section: Int, top: Double, _ body: (Int) -> Bool) {
      guard geometries[section].itemCount > 0 else { return }
      let carousel = geometries[section].body.scrollsSideways
      geometries[section].body.forEachItem(
        overlappingX: minX, maxX, y: minY, maxY, scrolledBy: sideways.offsets[section],
        at: geometries[section].bodyOrigin(sectionTop: top)
      ) { item, bodyFrame in
        if carousel && !(bodyFrame.maxX > minX && bodyFrame.minX < maxX) { return true }
        let frame = directed(bodyFrame)
        let overlaps = frame.maxY > minY && frame.minY < maxY
        let pointInBand = frame.height == 0 && frame.minY >= minY && frame.minY < maxY
        return !((overlaps || pointInBand) && filter(frame)) || body(item)
      }
    }
    var sections: [(section: Int, top: Double)] = []
    forEachSection(overlapping: Rect(x: 0, y: minY, width: 1, height: maxY - minY)) {
      sections.append(($0, $1))
    }
    var first: IndexPath?
    var firstSection = sections.count
    for (k, (section, top)) in sections.enumerated() {
      matches(section, top: top) { item in
        first = IndexPath(item: item, section: section)
        return false
      }
      if first != nil {
        firstSection = k
        break
      }
    }
    guard let first else { return nil }
    for (section, top) in sections[firstSection...].reversed() {
      var last: IndexPath?
      matches(section, top: top) { item in
        last = IndexPath(item: item, section: section)
        return true
      }
      if let last { return first...last }
    }
    return first...first
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
