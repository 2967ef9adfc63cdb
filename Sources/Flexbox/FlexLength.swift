import LayoutGeometry

/// A CSS length-percentage or sizing keyword, as `width`, `height`, `flex-basis`, the min/max
/// sizes, margins, padding, insets and gaps take it.
///
/// Which forms a property accepts is CSS's: keywords a property does not take read as that
/// property's initial value (see each ``FlexStyle`` property). A percentage resolves against
/// its base (the containing block's width or height, or the container's own content box for
/// gaps); without a definite base it behaves as CSS says for its property: `auto` for sizes and
/// insets, `0` for minimum sizes, margins, padding and gaps, `none` for maximum sizes, and
/// `content` for `flex-basis`
/// ([CSS Values 4 §4.3](https://www.w3.org/TR/css-values-4/#percentages),
/// [CSS Sizing 3 §5.2.1](https://www.w3.org/TR/css-sizing-3/#cyclic-percentage-contribution)).
public enum FlexLength: Sendable, Hashable, CustomStringConvertible {
  /// `auto` (also `none` for maximum sizes): the property's automatic value.
  case auto
  /// A length in points.
  case points(Double)
  /// A percentage (`50` is `50%`) of the property's base.
  case percent(Double)
  /// `min-content` ([CSS Sizing 3 §3.1](https://www.w3.org/TR/css-sizing-3/#valdef-width-min-content)).
  case minContent
  /// `max-content` ([CSS Sizing 3 §3.1](https://www.w3.org/TR/css-sizing-3/#valdef-width-max-content)).
  case maxContent
  /// `fit-content` ([CSS Sizing 3 §3.1](https://www.w3.org/TR/css-sizing-3/#valdef-width-fit-content)).
  case fitContent
  /// `content`: only `flex-basis` takes it (size from the content, ignoring `width`/`height`,
  /// [CSS Flexbox §7.2.3](https://www.w3.org/TR/css-flexbox-1/#valdef-flex-basis-content)).
  case content
  /// `stretch` (Chromium's `-webkit-fill-available`): the size that makes the box's margin box
  /// fill its containing block along the property's axis, `width`, `height`, the min/max sizes
  /// and `flex-basis` taking it ([CSS Sizing 4 §3.1](https://www.w3.org/TR/css-sizing-4/#valdef-width-stretch)):
  /// the containing block's size less the box's margins (`auto` margins as 0), whatever its
  /// `box-sizing`, never below its padding and border.
  ///
  /// The containing block is the flex container's content box for an item, the space offered
  /// to the computation for the root, and for an absolutely positioned box its inset-modified
  /// containing block (the padding box less its insets, an `auto` inset taking the box's static
  /// position when the opposite one is `auto` too; CSS Position 3 §4.1). Where that size is not
  /// definite the value behaves as a percentage with no base: `auto` for `width` and `height`,
  /// `0` for minimum sizes, `none` for maximum sizes, `content` for `flex-basis`; but, as Chromium
  /// has it, a single-line container whose cross size comes from its content gives an item's
  /// cross-axis `stretch` sizes the size of its line. As a contribution to its container's
  /// intrinsic size, a `stretch` size counts as `auto`.
  case stretch

  /// The length in points, when it is one; `nil` otherwise.
  public var points: Double? {
    if case .points(let v) = self { return v }
    return nil
  }

  /// Whether the value is a percentage.
  public var isPercent: Bool {
    if case .percent = self { return true }
    return false
  }

  /// The CSS text of the value: `12`, `50%`, `auto`, `min-content`…
  public var description: String {
    switch self {
    case .auto: "auto"
    case .points(let v): formatted(v)
    case .percent(let v): formatted(v) + "%"
    case .minContent: "min-content"
    case .maxContent: "max-content"
    case .fitContent: "fit-content"
    case .content: "content"
    case .stretch: "stretch"
    }
  }
}

/// Four optional ``FlexLength``s around a box (margins, padding, insets), named by reading
/// direction as ``Edges`` is. A `nil` edge is not set: 0 for margins and padding, `auto` for
/// insets.
public struct FlexLengthEdges: Sendable, Hashable {
  /// The top edge.
  public var top: FlexLength?
  /// The leading edge (left in a left-to-right layout).
  public var leading: FlexLength?
  /// The bottom edge.
  public var bottom: FlexLength?
  /// The trailing edge (right in a left-to-right layout).
  public var trailing: FlexLength?

  /// Creates edges; unset edges stay `nil`.
  public init(
    top: FlexLength? = nil, leading: FlexLength? = nil, bottom: FlexLength? = nil, trailing: FlexLength? = nil
  ) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// The same value on all four edges.
  public init(all value: FlexLength) {
    self.init(top: value, leading: value, bottom: value, trailing: value)
  }

  /// Point edges from ``Edges``.
  public init(_ edges: Edges) {
    self.init(
      top: edges.top.map(FlexLength.points), leading: edges.leading.map(FlexLength.points),
      bottom: edges.bottom.map(FlexLength.points), trailing: edges.trailing.map(FlexLength.points))
  }

  /// The point edges as ``Edges``; any other value (`auto`, a percentage) reads as `nil`.
  public var pointEdges: Edges {
    Edges(top: top?.points, leading: leading?.points, bottom: bottom?.points, trailing: trailing?.points)
  }

  /// Whether every set edge is in points.
  var isAllPoints: Bool {
    func ok(_ v: FlexLength?) -> Bool { v == nil || v!.points != nil }
    return ok(top) && ok(leading) && ok(bottom) && ok(trailing)
  }
}
