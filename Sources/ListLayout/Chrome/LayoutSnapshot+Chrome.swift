import LayoutGeometry

// The list header and footer, section backgrounds, and the scroll axis: what the snapshot
// adds around its sections. Everything is worked out in layout space (a vertical list, left
// to right) and turned into the snapshot's direction by ``LayoutSnapshot/directed(_:)``.

extension LayoutSnapshot {
  /// Whether the list scrolls horizontally (its frames are the transposed layout's).
  var isHorizontal: Bool { model.configuration.scrollDirection == .horizontal }

  /// The axis the list scrolls along.
  public var scrollAxis: ScrollAxis { model.configuration.scrollDirection }

  /// The content's extent along the scroll axis (its height in a vertical list, its width in
  /// a horizontal one).
  public var contentLength: Double { isHorizontal ? contentSize.width : contentSize.height }

  /// The content insets in layout space (transposed in a horizontal list).
  var layoutInsets: EdgeInsets {
    isHorizontal ? model.configuration.contentInsets.transposed : model.configuration.contentInsets
  }

  /// The list header's extent along the scroll axis (0 without one).
  var listHeaderExtent: Double { model.configuration.listHeader?.height ?? 0 }

  /// The list footer's extent along the scroll axis (0 without one).
  var listFooterExtent: Double { model.configuration.listFooter?.height ?? 0 }

  /// A coordinate along the scroll axis: `point.y` in a vertical list, `point.x` in a
  /// horizontal one.
  func scrollCoordinate(_ point: Point) -> Double { isHorizontal ? point.x : point.y }

  /// The extent of `rect` along the scroll axis.
  func scrollRange(_ rect: Rect) -> (min: Double, max: Double) {
    isHorizontal ? (rect.minX, rect.maxX) : (rect.minY, rect.maxY)
  }

  /// A rect that spans the band `min ..< max` along the scroll axis and (nearly) all of the
  /// other axis, in the snapshot's direction.
  func scrollBand(_ min: Double, _ max: Double) -> Rect {
    let across = -Double.greatestFiniteMagnitude / 4
    let band = Rect(x: across, y: min, width: .greatestFiniteMagnitude / 2, height: max - min)
    return isHorizontal ? band.transposed : band
  }

  // MARK: The list header and footer

  /// The list header at its natural position (the top of the content), or `nil` without one.
  ///
  /// - Complexity: O(1).
  public func listHeaderAttributes() -> LayoutAttributes? {
    listHeader(pinning: nil)
  }

  /// The list footer at its natural position (the end of the content), or `nil` without one.
  ///
  /// - Complexity: O(1).
  public func listFooterAttributes() -> LayoutAttributes? {
    listFooter(pinning: nil)
  }

  /// The list header for a scroll position: a pinned one stays at `contentOffset + pinInset`
  /// once the list scrolls past its natural place (never above it), shrinking towards its
  /// ``ListSupplementary/minHeight`` when it has one.
  ///
  /// - Complexity: O(1).
  func listHeader(pinning: PinningContext?) -> LayoutAttributes? {
    guard let header = model.configuration.listHeader else { return nil }
    var frame = Rect(x: 0, y: 0, width: model.configuration.width, height: header.height)
    var isPinned = false
    if let s = pinnedListHeaderTop(pinning) {
      frame.origin.y = s
      frame.size.height = header.shrunkHeight(scrolledPast: s)
      isPinned = true
    }
    return LayoutAttributes(
      kind: .listHeader, indexPath: ListIndexPath(item: 0, section: -1), frame: directed(frame),
      zIndex: isPinned ? LayoutAttributes.pinnedListZIndex : LayoutAttributes.supplementaryZIndex,
      isPinned: isPinned, id: header.id)
  }

  /// Where a pinned list header's top is for `pinning` (along the scroll axis), when the
  /// list has scrolled past its natural place: `contentOffset + pinInset` when that is
  /// past 0; `nil` when the header stays where it is (or does not pin).
  func pinnedListHeaderTop(_ pinning: PinningContext?) -> Double? {
    guard let header = model.configuration.listHeader, header.pinned, let pinning,
      pinning.contentOffset.isFinite, pinning.pinInset.isFinite
    else { return nil }
    let target = pinning.contentOffset + pinning.pinInset
    return target > 0 ? target : nil
  }

  /// The list footer for a scroll position: a pinned one stays at the viewport's bottom edge
  /// (above `bottomPinInset`) while its natural place is below it, when the viewport's height
  /// is known.
  ///
  /// - Complexity: O(1).
  func listFooter(pinning: PinningContext?) -> LayoutAttributes? {
    guard let footer = model.configuration.listFooter else { return nil }
    var frame = Rect(
      x: 0, y: listHeaderExtent + sectionsExtent, width: model.configuration.width, height: footer.height)
    var isPinned = false
    if footer.pinned, let pinning, let viewportHeight = pinning.viewportHeight,
      pinning.contentOffset.isFinite, viewportHeight.isFinite, pinning.bottomPinInset.isFinite
    {
      let target = pinning.contentOffset + viewportHeight - pinning.bottomPinInset - footer.height
      if target < frame.minY {
        frame.origin.y = target
        isPinned = true
      }
    }
    return LayoutAttributes(
      kind: .listFooter, indexPath: ListIndexPath(item: 0, section: -1), frame: directed(frame),
      zIndex: isPinned ? LayoutAttributes.pinnedListZIndex : LayoutAttributes.supplementaryZIndex,
      isPinned: isPinned, id: footer.id)
  }

  /// The pinning context section headers and footers pin in: below a pinned list header (its
  /// current bottom, when it shrinks) and above a pinned list footer.
  func sectionPinning(_ pinning: PinningContext) -> PinningContext {
    var adjusted = pinning
    if let header = model.configuration.listHeader, header.pinned {
      adjusted.pinInset += header.shrunkHeight(scrolledPast: pinnedListHeaderTop(pinning) ?? 0)
    }
    if let footer = model.configuration.listFooter, footer.pinned, pinning.viewportHeight != nil {
      adjusted.bottomPinInset += footer.height
    }
    return adjusted
  }

  // MARK: Section backgrounds

  /// The background of `section`, or `nil` when the section has none or does not exist: the
  /// section's band (header top to footer bottom) between the content insets, inset by the
  /// background's own insets (a width or height the insets would make negative is 0).
  ///
  /// - Complexity: O(log s).
  public func backgroundAttributes(inSection section: Int) -> LayoutAttributes? {
    guard geometries.indices.contains(section) else { return nil }
    return backgroundAttributes(inSection: section, top: sectionTop(section))
  }

  /// ``backgroundAttributes(inSection:)`` for an existing section whose top is `top`.
  func backgroundAttributes(inSection section: Int, top: Double) -> LayoutAttributes? {
    // The section is read in place: a copy would retain its cells and chrome.
    guard let background = model.sections.withElement(at: section, { $0.background }) else { return nil }
    let insets = isHorizontal ? background.insets.transposed : background.insets
    let content = layoutInsets
    let frame = Rect(
      x: content.left + insets.left, y: top + insets.top,
      width: max(0, model.configuration.width - content.left - content.right - insets.left - insets.right),
      height: max(0, geometries[section].height - insets.top - insets.bottom))
    return LayoutAttributes(
      kind: .background, indexPath: ListIndexPath(item: 0, section: section), frame: directed(frame),
      zIndex: LayoutAttributes.backgroundZIndex, id: background.id)
  }
}

extension LayoutSnapshot {
  /// The layout of one frame of the list scrolled to `offset` along its scroll axis, in a
  /// viewport `length` long along that axis and as wide as the list across it: the same as
  /// ``viewport(at:size:pinInset:direction:screensAhead:screensBehind:overlays:horizontalOffsets:)``
  /// at `(0, offset)` in a vertical list and at `(offset, 0)` in a horizontal one (carousels
  /// scrolled sideways by `horizontalOffsets`).
  ///
  /// ```swift
  /// let frame = snapshot.viewport(scrolledTo: 1200, length: 667)   // y in a vertical list, x in a horizontal one
  /// ```
  ///
  /// - Complexity: O(log n + k) for k cells visible or prefetched.
  public func viewport(
    scrolledTo offset: Double, length: Double, pinInset: Double = 0, direction: ScrollMotion = .forward,
    screensAhead: Double = 2, screensBehind: Double = 1, overlays: [Overlay] = [],
    horizontalOffsets: HorizontalOffsets = .zero
  ) -> ViewportLayout {
    let across = model.configuration.width
    return viewport(
      at: isHorizontal ? Point(x: offset, y: 0) : Point(x: 0, y: offset),
      size: isHorizontal ? Size(width: length, height: across) : Size(width: across, height: length),
      pinInset: pinInset, direction: direction, screensAhead: screensAhead, screensBehind: screensBehind,
      overlays: overlays, horizontalOffsets: horizontalOffsets)
  }
}
