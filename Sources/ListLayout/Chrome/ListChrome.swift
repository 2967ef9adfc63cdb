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
  /// For a pinned list header, the extent it shrinks to as the list scrolls (iOS's large
  /// title becoming a bar); `nil` keeps its ``height``. At most ``height``; a list footer,
  /// or a header that does not pin, cannot have one (the layout fails naming it).
  ///
  /// Scrolled to `contentOffset` with `s = max(0, contentOffset + pinInset)`, the header's
  /// frame is `(0, s, width, max(minHeight, height − s))` (along x in a horizontal list): it
  /// shrinks as the content scrolls under it (the content does not move: its sections still
  /// start below the header's full ``height``), and section headers pin below its current
  /// bottom.
  ///
  /// ```
  ///  offset 0                 offset 40                 offset ≥ height − minHeight
  ///  ┌────────────────────┐   ┌────────────────────┐    ┌────────────────────┐
  ///  │ header (height)    │   │ header (height−40) │    │ header (minHeight) │
  ///  │                    │   ├────────────────────┤    ├────────────────────┤
  ///  ├────────────────────┤   │ content under it   │    │ content under it   │
  /// ```
  public var minHeight: Double?

  /// Creates a list header or footer.
  public init(height: Double, id: String? = nil, pinned: Bool = false, minHeight: Double? = nil) {
    self.height = height
    self.id = id
    self.pinned = pinned
    self.minHeight = minHeight
  }

  /// The extent of a pinned list header whose top is `s` (≥ 0) past the content's top.
  func shrunkHeight(scrolledPast s: Double) -> Double {
    guard let minHeight else { return height }
    return max(minHeight, height - s)
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
