import LayoutGeometry

/// The kind of a laid-out element.
public enum ElementKind: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
  /// A section's header.
  case header
  /// A cell.
  case cell
  /// A section's footer.
  case footer
  /// An element laid over the viewport rather than the content (a spinner, an empty-state
  /// message): see ``Overlay``.
  case overlay
  /// A section's background decoration (see ``SectionBackground``), below every cell.
  case background
  /// The list's header, above the first section (see ``ListConfiguration/listHeader``).
  case listHeader
  /// The list's footer, below the last section (see ``ListConfiguration/listFooter``).
  case listFooter
  /// A line between two lines (or rows) of a section (see ``SectionSeparator``): item *k*
  /// of its section is the separator below line *k*.
  case separator
  /// A badge on a cell (see ``Badge``): listed right after its cell, drawn above cells.
  case badge

  /// The order of kinds within a section in every listing: background, header, cells (each
  /// followed by its badges), separators, footer (the list header comes before every
  /// section and the list footer after, by their index
  /// paths' place in ``LayoutAttributes/listingOrder(_:_:)``).
  var order: Int {
    switch self {
    case .listHeader: 0
    case .background: 1
    case .header: 2
    case .cell: 3
    case .badge: 4
    case .separator: 5
    case .footer: 6
    case .listFooter: 7
    case .overlay: 8
    }
  }

  /// The rank of the kind among the elements of a section in a listing: a badge ranks with
  /// its cell (and after it, by ``LayoutAttributes/badgeIndex``).
  var listingRank: Int { self == .badge ? ElementKind.cell.order : order }

  /// Whether the element belongs to the list rather than to a section (the list header and
  /// footer) or to the viewport (an overlay): its index path names no section.
  public var isOutsideSections: Bool { self == .listHeader || self == .listFooter || self == .overlay }

  public static func < (lhs: ElementKind, rhs: ElementKind) -> Bool { lhs.order < rhs.order }
}

/// Where one element goes: the layout's answer for a cell, header or footer.
///
/// Every query names its elements with ``id`` from the model (a cell's ``Cell/id``, a
/// header's or footer's ``Supplementary/id``, a background's or the list header's and
/// footer's own): a renderer names the element without going back to the snapshot. The
/// identifier is the model's own string, shared, not copied (ids of up to 15 UTF-8 bytes are
/// stored inline); a cell found by a rect, point or viewport query keeps a reference to its
/// section's cells instead and reads its identifier from them when asked (the query itself
/// does not read the model's cells).
///
/// Attributes are `Codable` in the layout output's key form (see ``init(from:)``).
public struct LayoutAttributes: Sendable, Hashable, CustomStringConvertible {
  // (Stored in this order so that the name's tag byte and the two one-byte fields share a
  // word: 80 bytes a value.)

  /// The element's identifier, or where it is read when asked (``ElementName``): a query
  /// that lists cells keeps a reference to their section's cells rather than reading each
  /// one's identifier (what would read the model's memory for every cell of every query).
  private var name: ElementName
  /// Cell, header or footer.
  public var kind: ElementKind
  /// Whether the frame is a pinned (sticky) position rather than the natural one.
  public var isPinned: Bool
  /// The badge's position among its cell's badges (stored in the room the kind leaves before
  /// the index path: the attributes are no larger for it).
  private var storedBadgeIndex: Int32
  /// The cell's index path (a badge's: its cell's); for a separator, item *k* of its section
  /// below line *k*; for headers, footers and backgrounds, item 0 of their section; for the
  /// list header and footer, item 0 of section −1; for overlays, item *i* (the overlay's
  /// position) of section −1.
  public var indexPath: ListIndexPath
  /// The frame in content coordinates.
  public var frame: Rect
  /// The drawing order: higher is in front.
  public var zIndex: Int

  /// The element's identifier in the model: the cell's ``Cell/id``, the header's or footer's
  /// ``Supplementary/id``, the background's ``SectionBackground/id``, the list header's or
  /// footer's ``ListSupplementary/id``, an overlay's ``Overlay/id``; `nil` when it has none
  /// (for every kind but overlays, ``LayoutSnapshot/identifier(of:kind:)`` gives the same
  /// answer).
  ///
  /// Part of equality: the same element at the same place named differently is a change.
  ///
  /// - Complexity: O(1), but a cell found by a rect, point or viewport query reads its
  ///   identifier from its section's cells when asked, O(log n).
  public var id: String? {
    get { name.id }
    set { name = .given(newValue) }
  }

  /// For a badge, its position in its cell's ``Cell/badges``; 0 for every other kind.
  public var badgeIndex: Int {
    get { Int(storedBadgeIndex) }
    set { storedBadgeIndex = Int32(clamping: newValue) }
  }

  /// Creates attributes (`badgeIndex`: a badge's position among its cell's badges).
  public init(
    kind: ElementKind, indexPath: ListIndexPath, frame: Rect, zIndex: Int, isPinned: Bool = false,
    badgeIndex: Int = 0, id: String? = nil
  ) {
    self.init(
      kind: kind, indexPath: indexPath, frame: frame, zIndex: zIndex, isPinned: isPinned,
      badgeIndex: badgeIndex,
      name: .given(id))
  }

  /// Attributes named by `name`.
  init(
    kind: ElementKind, indexPath: ListIndexPath, frame: Rect, zIndex: Int, isPinned: Bool = false,
    badgeIndex: Int = 0, name: ElementName
  ) {
    self.name = name
    self.kind = kind
    self.storedBadgeIndex = Int32(clamping: badgeIndex)
    self.indexPath = indexPath
    self.frame = frame
    self.zIndex = zIndex
    self.isPinned = isPinned
  }

  /// Whether the two are the same element at the same place, named alike (``id`` compared
  /// as a string, however each was found).
  public static func == (lhs: LayoutAttributes, rhs: LayoutAttributes) -> Bool {
    lhs.kind == rhs.kind && lhs.isPinned == rhs.isPinned && lhs.storedBadgeIndex == rhs.storedBadgeIndex
      && lhs.indexPath == rhs.indexPath && lhs.frame == rhs.frame && lhs.zIndex == rhs.zIndex
      && lhs.name.isSame(as: rhs.name)
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(isPinned)
    hasher.combine(storedBadgeIndex)
    hasher.combine(indexPath)
    hasher.combine(frame)
    hasher.combine(zIndex)
    hasher.combine(id)
  }

  // The stacking order (see the Queries article's table): every query and renderer draws and
  // hits elements by these, the later in listing order in front on a tie.

  /// The z-index of section backgrounds: below every cell.
  public static let backgroundZIndex = -1
  /// The z-index of cells.
  public static let cellZIndex = 0
  /// The z-index of separators: the cells' (listed after them, a separator is drawn over a
  /// cell it meets).
  public static let separatorZIndex = 0
  /// The z-index of section headers and footers, and of the list header and footer, at their
  /// natural position: above cells.
  public static let supplementaryZIndex = 1
  /// The z-index of badges (``Badge``): above cells and natural headers and footers (a badge
  /// may overhang them), below pinned ones.
  public static let badgeZIndex = 2
  /// The z-index of pinned section headers and footers: above every cell, badge and natural
  /// header.
  public static let pinnedZIndex = 1024
  /// The z-index of a pinned list header or footer: above pinned section headers and
  /// footers, which pin below (above) it and may be pushed under it.
  public static let pinnedListZIndex = 1025
  /// The z-index of overlays: above everything else.
  public static let overlayZIndex = 2048

  /// The order of every listing: the list header, then section by section (background,
  /// header, cells each followed by its badges, separators, footer, each by item), then the
  /// list footer.
  public static func listingOrder(_ lhs: LayoutAttributes, _ rhs: LayoutAttributes) -> Bool {
    (lhs.listingSection, lhs.kind.listingRank, lhs.indexPath.item, lhs.badgeRank)
      < (rhs.listingSection, rhs.kind.listingRank, rhs.indexPath.item, rhs.badgeRank)
  }

  /// A cell before its badges, and these in order.
  private var badgeRank: Int { kind == .badge ? 1 + badgeIndex : 0 }

  /// The section an element is listed with: the list header before every section, the list
  /// footer after every section.
  private var listingSection: Int {
    switch kind {
    case .listHeader: Int.min
    case .listFooter: Int.max
    default: indexPath.section
    }
  }

  public var description: String {
    let badge = kind == .badge ? " #\(badgeIndex)" : ""
    let name = id.map { " \"\($0)\"" } ?? ""
    return "\(kind) \(indexPath)\(badge)\(name) \(frame) z\(zIndex)\(isPinned ? " pinned" : "")"
  }
}
