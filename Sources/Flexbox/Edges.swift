import LayoutGeometry

/// Four optional distances around a box, named by reading direction (Core Layout's `Edges`).
///
/// `leading` is the start of a line of text (left in a left-to-right layout, right in a
/// right-to-left one) and `trailing` its end. A `nil` edge means "not set": zero for margin,
/// padding and border, and "auto" for the offsets of an overridden position.
///
/// ```
///              top
///        ┌──────────────┐
///        │              │
///leading │     box      │ trailing
///        │              │
///        └──────────────┘
///             bottom
/// ```
public struct Edges: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The distance at the top edge.
  public var top: Double?
  /// The distance at the leading edge (left in LTR, right in RTL).
  public var leading: Double?
  /// The distance at the bottom edge.
  public var bottom: Double?
  /// The distance at the trailing edge (right in LTR, left in RTL).
  public var trailing: Double?

  /// Creates edges; unset edges stay `nil`.
  public init(top: Double? = nil, leading: Double? = nil, bottom: Double? = nil, trailing: Double? = nil) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// The same distance on all four edges.
  public init(all value: Double) {
    self.init(top: value, leading: value, bottom: value, trailing: value)
  }

  /// No edge set.
  public static let zero = Edges()

  /// The edges as physical insets for a layout direction, `nil` and NaN read as 0, magnitudes
  /// capped at ``FlexLayoutLimits/maxLength``.
  ///
  /// When `nonNegative` is true, negative values clamp to 0 (padding and border cannot be
  /// negative; margins can).
  func insets(nonNegative: Bool) -> EdgeInsets {
    func value(_ v: Double?) -> Double {
      guard let v, v.isFinite else { return 0 }
      let limit = FlexLayoutLimits.maxLength
      return Swift.min(Swift.max(v, nonNegative ? 0 : -limit), limit)
    }
    return EdgeInsets(top: value(top), left: value(leading), bottom: value(bottom), right: value(trailing))
  }

  /// The set edges, as `Edges(top: 8, leading: 8)`.
  public var description: String {
    var parts: [String] = []
    if let top { parts.append("top: \(formatted(top))") }
    if let leading { parts.append("leading: \(formatted(leading))") }
    if let bottom { parts.append("bottom: \(formatted(bottom))") }
    if let trailing { parts.append("trailing: \(formatted(trailing))") }
    return "Edges(\(parts.joined(separator: ", ")))"
  }
}
