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
  /// A badge on a cell (see ``Badge``): listed right after its cell, drawn above cells.
  case badge

  /// The order of kinds within a section in every listing: background, header, cells (each
  /// followed by its badges), footer (the list header comes before every section and the list footer after, by their index
  /// paths' place in ``LayoutAttributes/listingOrder(_:_:)``).
  var order: Int {
    switch self {
    case .listHeader: 0
    case .background: 1
    case .header: 2
    case .cell: 3
    case .badge: 4
    case .footer: 5
    case .listFooter: 6
    case .overlay: 7
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
/// It holds no identifier, so that listing a million cells copies no strings: name an element
/// with ``LayoutSnapshot/identifier(of:kind:)``.
public struct LayoutAttributes: Sendable, Hashable, CustomStringConvertible {
  /// Cell, header or footer.
  public var kind: ElementKind
  /// The badge's position among its cell's badges (stored in the room the kind leaves before
  /// the index path: the attributes are no larger for it).
  private var storedBadgeIndex: Int32
  /// The cell's index path (a badge's: its cell's); for headers, footers and backgrounds,
  /// item 0 of their section; for the list header and footer, item 0 of section −1; for
  /// overlays, item *i* (the overlay's position) of section −1.
  public var indexPath: IndexPath
  /// The frame in content coordinates.
  public var frame: Rect
  /// The drawing order: higher is in front.
  public var zIndex: Int
  /// Whether the frame is a pinned (sticky) position rather than the natural one.
  public var isPinned: Bool

  /// For a badge, its position in its cell's ``Cell/badges``; 0 for every other kind.
  public var badgeIndex: Int {
    get { Int(storedBadgeIndex) }
    set { storedBadgeIndex = Int32(clamping: newValue) }
  }

  /// Creates attributes (`badgeIndex`: a badge's position among its cell's badges).
  public init(
    kind: ElementKind, indexPath: IndexPath, frame: Rect, zIndex: Int, isPinned: Bool = false,
    badgeIndex: Int = 0
  ) {
    self.kind = kind
    self.storedBadgeIndex = Int32(clamping: badgeIndex)
    self.indexPath = indexPath
    self.frame = frame
    self.zIndex = zIndex
    self.isPinned = isPinned
  }

  // The stacking order (see the Queries article's table): every query and renderer draws and
  // hits elements by these, the later in listing order in front on a tie.

  /// The z-index of section backgrounds: below every cell.
  public static let backgroundZIndex = -1
  /// The z-index of cells.
  public static let cellZIndex = 0
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
  /// header, cells each followed by its badges, footer, each by item), then the list footer.
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
    return "\(kind) \(indexPath)\(badge) \(frame) z\(zIndex)\(isPinned ? " pinned" : "")"
  }
}
