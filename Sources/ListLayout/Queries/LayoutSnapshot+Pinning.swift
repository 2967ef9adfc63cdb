import LayoutGeometry

/// Where the list is scrolled to, for pinning headers (and footers): the content offset of
/// the viewport's top edge, the height of anything covering the top (a navigation bar), and
/// the viewport's height and bottom cover (for footers).
///
/// Every value is along the scroll axis: in a horizontal list the offset is the x of the
/// viewport's leading (left) edge, the heights are widths, and headers pin to the leading edge.
public struct PinningContext: Sendable, Hashable {
  /// The content y at the viewport's top edge.
  public var contentOffset: Double
  /// How far below the top edge headers pin (the height of a bar drawn over the list).
  public var pinInset: Double
  /// The viewport's height; footers pin to its bottom edge when it is given.
  public var viewportHeight: Double?
  /// How far above the bottom edge footers pin.
  public var bottomPinInset: Double

  /// Creates a pinning context.
  public init(
    contentOffset: Double, pinInset: Double = 0, viewportHeight: Double? = nil, bottomPinInset: Double = 0
  ) {
    self.contentOffset = contentOffset
    self.pinInset = pinInset
    self.viewportHeight = viewportHeight
    self.bottomPinInset = bottomPinInset
  }
}

extension LayoutSnapshot {
  /// A header or footer for the given scroll position: pinned when the configuration says
  /// so, else at its natural position; `nil` when the section has none.
  ///
  /// A pinned header follows FSQCollectionViewAlignedLayout:
  ///
  ///     y = clamp(contentOffset + pinInset, section.minY, section.maxY − headerHeight)
  ///
  /// ```
  ///  contentOffset ─▶ ┌──────────────────────────┐ ◀─ viewport top
  ///                   │ (navigation bar)         │ pinInset
  ///                   ├══════ header of S1 ══════┤ ◀─ pinned: stuck under the bar
  ///                   │  cells of S1 scroll by   │
  ///                   │  …                       │
  ///                   ├══════ header of S1 ══════┤ ◀─ near S1's end it is pushed up
  ///   S1.maxY ──────▶ └──────────────────────────┘    with S1's bottom edge
  ///                   ┌══════ header of S2 ══════┐ ◀─ S2's header, never overlapped
  /// ```
  ///
  /// So the header of the section under the top edge sticks there, stays inside its own
  /// section at every offset, and is pushed up by the next section rather than overlapping
  /// its header. A pinned element gets ``LayoutAttributes/pinnedZIndex``, above every cell,
  /// and ``LayoutAttributes/isPinned`` whenever its position differs from the natural one.
  /// Sections without cells pin only when ``ListConfiguration/pinEmptySections`` is on (a
  /// collapsed section with cells pins as a section with cells). A section's
  /// ``Section/pinHeader`` and ``Section/pinFooter`` override the list's settings.
  /// Below a pinned list header (``ListSupplementary/pinned``) headers pin as if `pinInset`
  /// included its height; above a pinned list footer, footers likewise.
  /// Footers pin to the bottom edge, symmetrically, when ``ListConfiguration/pinSectionFooters``
  /// is on and the context gives a viewport height.
  ///
  /// - Complexity: O(log s).
  public func supplementaryAttributes(
    _ kind: ElementKind, inSection section: Int, pinning: PinningContext?
  )
    -> LayoutAttributes?
  {
    supplementary(kind, section, pinning: pinning)
  }

  func supplementary(_ kind: ElementKind, _ section: Int, pinning: PinningContext?) -> LayoutAttributes? {
    guard geometries.indices.contains(section) else { return nil }
    return supplementary(kind, section, top: sectionTop(section), pinning: pinning)
  }

  /// ``supplementary(_:_:pinning:)`` for an existing section whose top is `top`.
  func supplementary(
    _ kind: ElementKind, _ section: Int, top: Double, pinning: PinningContext?
  ) -> LayoutAttributes? {
    supplementary(kind, section, top: top, pinning: sectionPinning(for: pinning))
  }

  /// ``supplementary(_:_:pinning:)`` for an existing section whose top is `top`, with the
  /// scroll position's pinning read once per query (``SectionPinning``).
  @inline(__always)
  func supplementary(
    _ kind: ElementKind, _ section: Int, top: Double, pinning: SectionPinning
  ) -> LayoutAttributes? {
    guard let local = kind == .header ? geometries[section].headerFrame : geometries[section].footerFrame
    else { return nil }
    // The natural frame in layout space (as `supplementaryLayoutFrame` places it), named as
    // the section's geometry keeps it.
    var frame = local.offsetBy(dy: top)
    var element = LayoutAttributes(
      kind: kind, indexPath: ListIndexPath(item: 0, section: section), frame: directed(frame),
      zIndex: LayoutAttributes.supplementaryZIndex,
      id: kind == .header ? geometries[section].chrome.headerID : geometries[section].chrome.footerID)
    // Pinned in layout space (along y), then turned into the snapshot's direction.
    let target: Double
    switch kind {
    case .header:
      guard let pinned = pinning.headerTarget,
        geometries[section].chrome.pinHeader ?? pinning.pinsHeaders
      else { return element }
      target = pinned
    case .footer:
      guard let pinned = pinning.footerBottom,
        geometries[section].chrome.pinFooter ?? pinning.pinsFooters
      else { return element }
      target = pinned - frame.height
    case .cell, .overlay, .background, .listHeader, .listFooter, .badge, .separator:
      return element
    }
    // The section's extent is read in place (not copied). A collapsed section with cells
    // pins as a section with cells.
    guard geometries[section].hasCells || pinning.pinsEmptySections else { return element }
    let minY = top
    let maxY = minY + geometries[section].height
    let y = min(max(target, minY), maxY - frame.height)
    if y != frame.y {
      frame.origin.y = y
      element.frame = directed(frame)
      element.isPinned = true
      element.zIndex = LayoutAttributes.pinnedZIndex
    }
    return element
  }

  /// Where a scroll position pins sections' headers and footers, read once per query from the
  /// configuration and the list's pinned chrome (``sectionPinning(for:)``): `nil` targets when
  /// nothing pins (no pinning context, a non-finite offset, pinning turned off, or, for
  /// footers, no viewport height).
  struct SectionPinning {
    /// The y a header pins to: the content offset plus the pin inset (below a pinned list
    /// header).
    var headerTarget: Double?
    /// The y a footer's bottom pins to: the viewport's bottom edge less the bottom pin inset
    /// (above a pinned list footer).
    var footerBottom: Double?
    /// Whether sections without cells pin (``ListConfiguration/pinEmptySections``).
    var pinsEmptySections = false
    /// Whether headers pin in sections that do not say (``ListConfiguration/pinSectionHeaders``;
    /// a section's ``Section/pinHeader`` overrides it).
    var pinsHeaders = false
    /// Whether footers pin in sections that do not say (``ListConfiguration/pinSectionFooters``).
    var pinsFooters = false
  }

  /// Where `given` pins sections' headers and footers (``SectionPinning``). The targets are
  /// set whenever the scroll position is known (a section may pin when the list does not).
  func sectionPinning(for given: PinningContext?) -> SectionPinning {
    var result = SectionPinning()
    guard let given, given.contentOffset.isFinite else { return result }
    let pinning = sectionPinning(given)
    // The configuration's flags are read in place (not copied).
    result.pinsEmptySections = model.configuration.pinEmptySections
    result.pinsHeaders = model.configuration.pinSectionHeaders
    result.pinsFooters = model.configuration.pinSectionFooters
    result.headerTarget = pinning.contentOffset + pinning.pinInset
    if let viewportHeight = pinning.viewportHeight {
      result.footerBottom = pinning.contentOffset + viewportHeight - pinning.bottomPinInset
    }
    return result
  }

  /// The section whose header is stuck under the top edge at this scroll position: the one
  /// whose extent contains `contentOffset + pinInset`, if it has a header that pins.
  ///
  /// - Complexity: O(log s).
  public func pinnedHeaderSection(for pinning: PinningContext) -> Int? {
    let config = model.configuration
    guard !geometries.isEmpty else { return nil }
    let line = pinning.contentOffset + sectionPinning(pinning).pinInset
    guard line.isFinite else { return nil }
    let section = sectionHeights.firstIndex(
      wherePrefixExceeds: line - sectionsTop, perElement: config.sectionSpacing)
    guard section < geometries.count, sectionTop(section) <= line,
      line < sectionTop(section) + geometries[section].height
    else { return nil }
    guard geometries[section].headerFrame != nil,
      geometries[section].chrome.pinHeader ?? config.pinSectionHeaders,
      geometries[section].hasCells || config.pinEmptySections
    else { return nil }
    return section
  }
}
