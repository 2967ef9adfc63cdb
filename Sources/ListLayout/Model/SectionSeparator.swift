import LayoutGeometry

/// Lines drawn between consecutive lines of a flow section, or consecutive rows of a grid
/// section: elements of kind ``ElementKind/separator``, none after the last line, none in
/// masonry, sequential or carousel sections.
///
/// ```
///  │ insets.left ┌────┐ ┌──────┐             │
///  │             │cell│ │ cell │             │
///  │             └────┘ └──────┘             │
///  │        ═══════════════════════          │ ◀─ thickness, centred in the gap
///  │             ┌──────────┐                │
///  │◀ left ▶                       ◀ right ▶│
/// ```
///
/// A separator spans the section's line width (the list's width less the content insets and
/// the section's insets) less its own `left` and `right` insets, mirrored in a right-to-left
/// list (`left` is the leading edge). In a horizontal list it is a vertical line between two
/// columns: `left` and `right` apply along the cross axis, from its top and its bottom, as
/// every inset is transposed there. It is centred in the gap between a line's bottom and the
/// next line's top, and takes no room: every other frame is the same with or without it.
/// Its index path is item *k* of its section for the separator below line (or row) *k*.
public struct SectionSeparator: Sendable, Hashable {
  /// The separator's extent along the scroll axis (its height in a vertical list).
  public var thickness: Double
  /// The inset from the leading end of the section's line width.
  public var leftInset: Double
  /// The inset from the trailing end of the section's line width.
  public var rightInset: Double
  /// An identifier, echoed in the layout output.
  public var id: String?

  /// Creates a separator.
  public init(thickness: Double, leftInset: Double = 0, rightInset: Double = 0, id: String? = nil) {
    self.thickness = thickness
    self.leftInset = leftInset
    self.rightInset = rightInset
    self.id = id
  }

  /// Checks the separator's values (finite, not negative).
  func validate(path: @autoclosure () -> String) throws(LayoutError) {
    try checkNonNegative(thickness, path() + ".thickness")
    try checkNonNegative(leftInset, path() + ".insets.left")
    try checkNonNegative(rightInset, path() + ".insets.right")
  }
}
