import LayoutGeometry

/// A decoration drawn behind a section: it covers the section from the top of its header to
/// the bottom of its footer, between the list's left and right content insets, inset by its
/// own ``insets``, below every cell (``ElementKind/background``, z-index
/// ``LayoutAttributes/backgroundZIndex``).
///
/// ```
///  ┌──────────────────────── list width ────────────────────────┐
///  │ contentInsets.left ┌── background (insets inside) ──┐ right │
///  │                    │ ┌ header ───────────────────┐  │       │
///  │                    │   cells                        │       │
///  │                    │ └ footer ───────────────────┘  │       │
///  │                    └────────────────────────────────┘       │
///  └─────────────────────────────────────────────────────────────┘
/// ```
///
/// A background takes no room: the section's frames are the same with or without it. When
/// its insets leave no room, its width or height is 0.
public struct SectionBackground: Sendable, Hashable {
  /// An identifier, echoed in the layout output.
  public var id: String?
  /// How far the background stays inside the section's band (default: none).
  public var insets: EdgeInsets

  /// Creates a background.
  public init(id: String? = nil, insets: EdgeInsets = .zero) {
    self.id = id
    self.insets = insets
  }
}

/// The list's own header or footer: a full-width element above the first section (above the
/// top content inset) or below the last one (below the bottom content inset).
///
/// ```
///  ┌──────────── list header (full width) ───────────┐ ◀─ y = 0; pinned: the viewport's top
///  │ contentInsets.top                                │
///  │ sections …                                       │
///  │ contentInsets.bottom                             │
///  └──────────── list footer (full width) ───────────┘
/// ```
///
/// A pinned list header stays at the top of the viewport (below the pin inset) once the list
/// scrolls past it, and section headers pin below it; a pinned list footer stays at the
/// bottom of a viewport whose height is known, and pinned section footers stay above it.
public struct ListSupplementary: Sendable, Hashable {
  /// The extent along the scroll axis (a height in a vertical list, a width in a horizontal one).
  public var height: Double
  /// An identifier, echoed in the layout output.
  public var id: String?
  /// Whether it stays in the viewport while the list scrolls.
  public var pinned: Bool

  /// Creates a list header or footer.
  public init(height: Double, id: String? = nil, pinned: Bool = false) {
    self.height = height
    self.id = id
    self.pinned = pinned
  }
}

/// The axis a list scrolls along.
public enum ScrollAxis: String, Sendable, Hashable, CaseIterable {
  /// Top to bottom (the default).
  case vertical
  /// Left to right: every frame is the vertical layout of the transposed model, transposed
  /// back (see ``ListConfiguration/scrollDirection``).
  case horizontal
}
