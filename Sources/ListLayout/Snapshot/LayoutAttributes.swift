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

  /// The order of kinds within a section in every listing: header, cells, footer.
  var order: Int {
    switch self {
    case .header: 0
    case .cell: 1
    case .footer: 2
    case .overlay: 3
    }
  }

  public static func < (lhs: ElementKind, rhs: ElementKind) -> Bool { lhs.order < rhs.order }
}

/// Where one element goes: the layout's answer for a cell, header or footer.
///
/// It holds no identifier, so that listing a million cells copies no strings: name an element
/// with ``LayoutSnapshot/identifier(of:kind:)``.
public struct LayoutAttributes: Sendable, Hashable, CustomStringConvertible {
  /// Cell, header or footer.
  public var kind: ElementKind
  /// The cell's index path; for headers and footers, item 0 of their section; for overlays,
  /// item *i* (the overlay's position) of section −1.
  public var indexPath: IndexPath
  /// The frame in content coordinates.
  public var frame: Rect
  /// The drawing order: higher is in front.
  public var zIndex: Int
  /// Whether the frame is a pinned (sticky) position rather than the natural one.
  public var isPinned: Bool

  /// Creates attributes.
  public init(kind: ElementKind, indexPath: IndexPath, frame: Rect, zIndex: Int, isPinned: Bool = false) {
    self.kind = kind
    self.indexPath = indexPath
    self.frame = frame
    self.zIndex = zIndex
    self.isPinned = isPinned
  }

  /// The z-index of cells.
  public static let cellZIndex = 0
  /// The z-index of headers and footers at their natural position: above cells.
  public static let supplementaryZIndex = 1
  /// The z-index of pinned headers and footers: above every cell and natural header.
  public static let pinnedZIndex = 1024
  /// The z-index of overlays: above everything else.
  public static let overlayZIndex = 2048

  /// The order of every listing: section, then kind (header, cell, footer), then item.
  public static func listingOrder(_ lhs: LayoutAttributes, _ rhs: LayoutAttributes) -> Bool {
    (lhs.indexPath.section, lhs.kind.order, lhs.indexPath.item)
      < (rhs.indexPath.section, rhs.kind.order, rhs.indexPath.item)
  }

  public var description: String {
    "\(kind) \(indexPath) \(frame) z\(zIndex)\(isPinned ? " pinned" : "")"
  }
}
