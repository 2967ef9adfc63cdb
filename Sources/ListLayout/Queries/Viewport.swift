import LayoutGeometry

/// Which way the list is moving as it scrolls, towards the end of its content or its start:
/// prefetching looks further ahead than behind. (The axis a list scrolls along is a
/// ``ScrollAxis``, ``ListConfiguration/scrollDirection``.)
public enum ScrollMotion: String, Sendable, Hashable, CaseIterable {
  /// Towards the end of the content (down; right in a horizontal list).
  case forward
  /// Towards the start of the content (up; left in a horizontal list).
  case backward
}

/// The old name of ``ScrollMotion``, which read as the axis a list scrolls along
/// (``ScrollAxis``, ``ListConfiguration/scrollDirection``).
@available(*, deprecated, renamed: "ScrollMotion")
public typealias ScrollDirection = ScrollMotion

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
  public var prefetchAhead: ClosedRange<ListIndexPath>?
  /// The cells to prefetch behind, against the scroll direction, likewise.
  public var prefetchBehind: ClosedRange<ListIndexPath>?
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
  ///   - direction: which way the list is moving, for prefetching.
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
    at contentOffset: Point, size: Size, pinInset: Double = 0, direction: ScrollMotion = .forward,
    screensAhead: Double = 2, screensBehind: Double = 1, overlays: [Overlay] = [],
    horizontalOffsets: HorizontalOffsets = .zero
  ) -> ViewportLayout {
    let rect = Rect(origin: contentOffset, size: size)
    // Offsets and lengths along the scroll axis (x and width in a horizontal list).
    let offset = scrollCoordinate(contentOffset)
    let length = isHorizontal ? size.width : size.height
    let pinning = PinningContext(contentOffset: offset, pinInset: pinInset, viewportHeight: length)
    // A carousel's cells count within its sideways reach (carousels exist only in vertical
    // lists: a horizontal list with one fails to lay out).
    let sideways = Sideways(
      rect: rect, ahead: max(0, screensAhead) * size.width, behind: max(0, screensBehind) * size.width)
    // One walk over the sections on screen: the elements, and each carousel's sideways
    // prefetch from the same visit of its cells.
    var scratch = QueryScratch(offsets: horizontalOffsets, sideways: isHorizontal ? nil : sideways)
    var elements: [LayoutAttributes] = []
    if rect.isFinite {
      elements.reserveCapacity(64)
      appendElements(in: rect, pinning: pinning, to: &elements, &scratch)
    }
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
          kind: .overlay, indexPath: ListIndexPath(item: index, section: -1), frame: frame,
          zIndex: LayoutAttributes.overlayZIndex, id: overlay.id))
    }
    let ahead = max(0, screensAhead) * length
    let behind = max(0, screensBehind) * length
    // Prefetch only cells not yet on screen: wholly past the trailing edge, or before the
    // leading one. Each band is searched from its ends: the first section with a matching
    // cell from its start, the last from its end.
    let (start, end) = scrollRange(rect)
    // (A vertical list's carousels need the whole viewport for their reach.)
    let horizontal = isHorizontal
    let searched = horizontal || rect.isFinite
    let reach = isHorizontal ? nil : self.reach(sideways)
    let below =
      searched
      ? cellRange(
        overlappingY: end, end + (direction == .forward ? ahead : behind), reach: reach,
        offsets: scratch.offsets,
        scratch.candidates
      ) { horizontal ? $0.minX >= end : $0.minY >= end } : nil
    let above =
      searched
      ? cellRange(
        overlappingY: start - (direction == .forward ? behind : ahead), start, reach: reach,
        offsets: scratch.offsets,
        scratch.candidates
      ) { horizontal ? $0.maxX <= start : $0.maxY <= start } : nil
    scratch.finish()
    return ViewportLayout(
      rect: rect, contentSize: contentSize, elements: elements, overlayIDs: overlays.map(\.id),
      prefetchAhead: direction == .forward ? below : above,
      prefetchBehind: direction == .forward ? above : below,
      prefetchSideways: scratch.prefetch)
  }

  /// A viewport's sideways prefetch reach in carousels, left to right in the snapshot's
  /// direction.
  struct Sideways {
    var rect: Rect
    /// How far past the trailing edge (towards a carousel's end) and before the leading edge.
    var ahead: Double
    var behind: Double
  }

  /// The sideways x extent a carousel's cells are prefetched in, left to right (the body's
  /// own direction).
  func reach(_ sideways: Sideways) -> (minX: Double, maxX: Double) {
    let (minX, maxX) = leftToRight(sideways.rect.minX, sideways.rect.maxX)
    return (minX - sideways.behind, maxX + sideways.ahead)
  }

  /// The first and last cells whose frames overlap the band `minY ..< maxY` along the scroll
  /// axis (a frame of no extent along it counts when it starts in the band) and satisfy
  /// `filter` (given the frame in the snapshot's direction); with a `reach`, a carousel's
  /// cells (scrolled by `offsets`) count only where their x extent, left to right, meets it.
  ///
  /// The band's sections are walked from its start until one holds a matching cell, and
  /// back from its end likewise: the sections between cannot change the range. Each
  /// section searched hands its cells in the band over in one call, into `candidates`.
  ///
  /// - Complexity: O(log n + s + k) for s sections in the band and k candidate cells of the
  ///   sections searched.
  func cellRange(
    overlappingY minY: Double, _ maxY: Double, reach: (minX: Double, maxX: Double)?,
    offsets: SectionOffsets, _ candidates: CellCandidates,
    where filter: (Rect) -> Bool
  ) -> ClosedRange<ListIndexPath>? {
    guard minY.isFinite, maxY.isFinite, maxY > minY else { return nil }
    let direction = frameDirection
    /// Whether a cell's frame (layout space, left to right) counts, in a carousel or not.
    func matches(_ layout: Rect, carousel: Bool) -> Bool {
      if carousel, let reach, !(layout.maxX > reach.minX && layout.minX < reach.maxX) { return false }
      let overlaps = layout.maxY > minY && layout.minY < maxY
      let pointInBand = layout.height == 0 && layout.minY >= minY && layout.minY < maxY
      return (overlaps || pointInBand) && filter(direction.directed(layout))
    }
    let cells = CellSearch(
      minX: -.infinity, maxX: .infinity, sideways: reach, minY: minY, maxY: maxY, offsets: offsets)
    /// Searches `section` (whose top is `top`) for its first matching cell, from the start, or
    /// its last one, from the end (a carousel's row read backwards; other bodies hand their
    /// cells in the band over in one call, read from the end).
    func search(_ section: Int, top: Double, last: Bool) -> Int? {
      guard let (box, origin) = queryBody(section, top: top) else { return nil }
      guard last else { return box.firstCandidate(cells, section: section, origin: origin, where: matches) }
      return box.lastCandidate(cells, section: section, origin: origin, using: candidates, where: matches)
    }
    // The band's sections, as every query finds them: searched from the first until one
    // holds a match, and from one past the last (found by binary search) back to it.
    guard let sections = sectionSearch(overlapping: scrollBand(minY, maxY)) else { return nil }
    let endSection = sectionEnd(from: sections.first, below: sections.maxY)
    var walk = SectionWalk(from: sections.first, sectionsTop: sectionsTop)
    var found: ListIndexPath?
    while walk.section < endSection {
      let top = walk.top(in: self)
      guard top < sections.maxY else { break }
      if let item = search(walk.section, top: top, last: false) {
        found = ListIndexPath(item: item, section: walk.section)
        break
      }
      walk.advance()
    }
    guard let first = found else { return nil }
    let firstSection = first.section
    var section = endSection - 1
    while section >= firstSection {
      if let item = search(section, top: sectionTop(section), last: true) {
        return first...ListIndexPath(item: item, section: section)
      }
      section -= 1
    }
    // The search from the end finds at least the first match (x only grows along a row):
    // a body whose two visits disagree is a bug, which a query survives.
    assertionFailure("section \(firstSection)'s first match \(first) is not found from its end")
    return first...first
  }

  /// The first and last cells whose frames overlap the band `minY ..< maxY` along the scroll
  /// axis (y in a vertical list, x in a horizontal one; a frame of no extent along it counts
  /// when it starts in the band) and satisfy `filter`.
  ///
  /// - Complexity: O(log n + s + k) for the s sections and k cells on lines in the band.
  public func cellRange(
    overlappingY minY: Double, _ maxY: Double, where filter: (Rect) -> Bool = { _ in true }
  ) -> ClosedRange<ListIndexPath>? {
    var scratch = QueryScratch(offsets: .zero)
    defer { scratch.finish() }
    return cellRange(
      overlappingY: minY, maxY, reach: nil, offsets: scratch.offsets, scratch.candidates, where: filter)
  }

  /// The content offset that shows the cell at `indexPath` aligned as asked, clamped to the
  /// content (never above 0, never past the end); `nil` when there is no such cell. In a
  /// horizontal list it is an x offset, `top` is the leading edge and `viewportHeight` the
  /// viewport's width.
  ///
  /// With `avoidingPinnedHeaders`, the cell is placed below what pins over it at that offset:
  /// the pinned list header (``ListSupplementary/pinned``) and its own section's header
  /// (when ``ListConfiguration/pinSectionHeaders`` is on), which pin below `topInset` exactly
  /// as ``viewport(at:size:pinInset:direction:screensAhead:screensBehind:overlays:horizontalOffsets:)``
  /// with `pinInset: topInset` pins them. Top alignment puts the cell's top at the pinned
  /// section header's bottom; center alignment centers it in the area below that header;
  /// bottom alignment keeps its bottom at the viewport's bottom edge, above a pinned list
  /// footer, unless the cell is too tall for the area below the headers, where its top is
  /// shown instead. The header of an earlier section pinned at that offset is pushed up by the
  /// cell's section and never covers the cell; only an offset clamped at the content's start
  /// can leave the cell under a bar the content cannot scroll away from.
  ///
  /// ```swift
  /// let offset = snapshot.contentOffset(
  ///   toShow: ListIndexPath(item: 0, section: 0), alignment: .top, viewportHeight: 667,
  ///   avoidingPinnedHeaders: true)
  /// ```
  ///
  /// - Parameters:
  ///   - indexPath: the cell to show.
  ///   - alignment: top puts the cell just below `topInset`, center in the middle of the
  ///     area below `topInset`, bottom at the viewport's bottom edge.
  ///   - viewportHeight: the viewport's height.
  ///   - topInset: space kept free at the top (a bar drawn over the list).
  ///   - avoidingPinnedHeaders: whether the pinned list header and the cell's pinned section
  ///     header count as covering the top too (default `false`: the offset ignores them).
  /// - Complexity: O(log n).
  public func contentOffset(
    toShow indexPath: ListIndexPath, alignment: ScrollAlignment, viewportHeight: Double, topInset: Double = 0,
    avoidingPinnedHeaders: Bool = false
  ) -> Double? {
    guard let real = frame(of: indexPath), viewportHeight.isFinite, viewportHeight >= 0 else { return nil }
    let frame = isHorizontal ? real.transposed : real
    // What covers the top at the offset found (beyond `topInset`), and the bottom.
    let chrome = avoidingPinnedHeaders ? pinnedChrome(over: indexPath.section) : (top: 0, bottom: 0)
    let covered = topInset + chrome.top
    let top = frame.minY - covered
    let y: Double =
      switch alignment {
      case .top: top
      case .center: frame.midY - (viewportHeight + covered) / 2
      case .bottom: frame.maxY - (viewportHeight - chrome.bottom)
      }
    // A cell too tall for the free area shows its top, not its middle or bottom, when it
    // would otherwise slip under the headers.
    let aligned = avoidingPinnedHeaders ? min(y, top) : y
    return min(max(aligned, 0), max(0, contentLength - viewportHeight))
  }

  /// The extents along the scroll axis of what pins over the cells of `section`: at the top,
  /// the pinned list header and the section's header when headers pin; at the bottom, the
  /// pinned list footer.
  func pinnedChrome(over section: Int) -> (top: Double, bottom: Double) {
    let configuration = model.configuration
    var top = 0.0
    if let header = configuration.listHeader, header.pinned { top += header.height }
    if configuration.pinSectionHeaders, let header = supplementaryLayoutFrame(.header, section) {
      top += header.height
    }
    var bottom = 0.0
    if let footer = configuration.listFooter, footer.pinned { bottom += footer.height }
    return (top, bottom)
  }
}

extension LayoutSnapshot {
  /// How this snapshot turns a body's frame into its own direction (the configuration read
  /// in place).
  var frameDirection: FrameDirection {
    FrameDirection(mirrored: isMirrored, horizontal: isHorizontal, width: model.configuration.width)
  }
}

/// How the snapshot turns a body's frame (layout space, left to right) into its own
/// direction (``LayoutSnapshot/directed(_:)``), with the configuration read once per query
/// rather than once per cell.
struct FrameDirection {
  let mirrored: Bool
  let horizontal: Bool
  let width: Double

  init(mirrored: Bool, horizontal: Bool, width: Double) {
    self.mirrored = mirrored
    self.horizontal = horizontal
    self.width = width
  }

  @inline(__always)
  func directed(_ frame: Rect) -> Rect {
    let mirrored = mirrored ? frame.mirrored(inWidth: width) : frame
    return horizontal ? mirrored.transposed : mirrored
  }
}

/// A carousel's sideways prefetch: which of its cells count, and the first and last that do on
/// each side of the viewport (-1 for none yet).
struct SidewaysTally {
  /// The viewport's x extent, left to right (layout space), its rect in layout space, and the
  /// x extent prefetching reaches (``LayoutSnapshot/reach(_:)``).
  let visible: (minX: Double, maxX: Double)
  let rect: Rect
  let reach: (minX: Double, maxX: Double)
  private(set) var aheadFirst = -1
  private(set) var aheadLast = -1
  private(set) var behindFirst = -1
  private(set) var behindLast = -1

  init(visible: (minX: Double, maxX: Double), rect: Rect, reach: (minX: Double, maxX: Double)) {
    self.visible = visible
    self.rect = rect
    self.reach = reach
  }

  /// Where a carousel's cell is prefetched.
  enum Side {
    case ahead, behind
  }

  /// The side a carousel's cell (its `frame` left to right, scrolled) is prefetched on, if
  /// any: when it meets the viewport's vertical extent, ahead when it lies wholly past the
  /// visible x extent's trailing edge within reach, else behind when wholly before its leading
  /// edge within it. The rule of the sideways prefetch.
  @inline(__always)
  func side(of frame: Rect) -> Side? {
    guard frame.maxY > rect.minY || (frame.height == 0 && frame.minY >= rect.minY), frame.minY < rect.maxY
    else { return nil }
    if frame.minX >= visible.maxX && frame.minX < reach.maxX { return .ahead }
    if frame.maxX <= visible.minX && frame.maxX > reach.minX { return .behind }
    return nil
  }

  /// Counts cell `item`, on `side` (cells may be counted in any order).
  @inline(__always)
  mutating func add(_ item: Int, on side: Side) {
    switch side {
    case .ahead:
      aheadFirst = aheadFirst < 0 ? item : min(aheadFirst, item)
      aheadLast = max(aheadLast, item)
    case .behind:
      behindFirst = behindFirst < 0 ? item : min(behindFirst, item)
      behindLast = max(behindLast, item)
    }
  }

  /// The prefetch of section `section`, or `nil` when no cell counted.
  func prefetch(section: Int) -> CarouselPrefetch? {
    guard aheadFirst >= 0 || behindFirst >= 0 else { return nil }
    return CarouselPrefetch(
      section: section, ahead: aheadFirst < 0 ? nil : aheadFirst...aheadLast,
      behind: behindFirst < 0 ? nil : behindFirst...behindLast)
  }
}
