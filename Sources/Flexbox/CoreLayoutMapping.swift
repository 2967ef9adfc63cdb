import LayoutGeometry

/// The one table translating Core Layout's names into CSS flexbox properties.
///
/// | Core Layout                                   | CSS                                            |
/// |-----------------------------------------------|------------------------------------------------|
/// | `primaryAxis: .horizontal` / `.vertical`      | `flex-direction: row` / `column`               |
/// | `isReversed: true`                            | `row-reverse` / `column-reverse`               |
/// | `primaryAxisDistribution: .leading`           | `justify-content: flex-start`                  |
/// | `.center` / `.trailing`                       | `center` / `flex-end`                          |
/// | `.spaceAround` / `.spaceBetween` / `.spaceEvenly` | `space-around` / `space-between` / `space-evenly` |
/// | `secondaryAxisDistribution: .leading`         | `align-items: flex-start`                      |
/// | `.center` / `.trailing` / `.stretch`          | `center` / `flex-end` / `stretch`              |
/// | `secondaryAxisDistributionWhenWrapping: .leading` | `align-content: flex-start`                |
/// | `.center` / `.trailing` / `.stretch`          | `center` / `flex-end` / `stretch`              |
/// | `.spaceAround` / `.spaceBetween` / `.spaceEvenly` | `space-around` / `space-between` / `space-evenly` |
/// | `shouldWrap: true` (`wrapsReversed: true`)    | `flex-wrap: wrap` (`wrap-reverse`)             |
/// | `primaryAxisGap` / `secondaryAxisGap`         | `column-gap` / `row-gap` in a row container, `row-gap` / `column-gap` in a column |
/// | `overriddenSecondaryAxisDistribution`         | `align-self` (as `align-items`; `nil` is `auto`) |
/// | `overriddenPosition: .absolute(edges)`        | `position: absolute` + `top`/`left`/`bottom`/`right` |
/// | `overriddenPosition: .relative(edges)`        | `position: relative` + `top`/`left`/`bottom`/`right` |
/// | `size: .flexibleShrinksButDoesntGrow`         | `flex: 0 1 auto`                               |
/// | `size: .flexible(units: n)`                   | `flex: n 1 0`                                  |
/// | `size: .absolute(width: w, height: h)`        | `flex: 0 0 auto; width: w; height: h`          |
/// | `size: .relative(closure)`                    | `flex: 0 0 auto` + content measured by `closure` |
/// | `SizeBehavior(minWidth:…maxHeight:)`          | `min-width`, `min-height`, `max-width`, `max-height` |
/// | `margin` / `padding` / `border`               | `margin` / `padding` / `border-width`          |
/// | `Edges.leading` / `.trailing`                 | `left` / `right` in LTR, `right` / `left` in RTL |
/// | `isIncludedInLayout: false`                   | `display: none`                                |
public enum CoreLayoutMapping {
  /// `justify-content` for a primary-axis distribution.
  public static func justifyContent(_ value: PrimaryAxisDistribution) -> FlexStyle.JustifyContent {
    switch value {
    case .leading: .flexStart
    case .center: .center
    case .trailing: .flexEnd
    case .spaceAround: .spaceAround
    case .spaceBetween: .spaceBetween
    case .spaceEvenly: .spaceEvenly
    }
  }

  /// The primary-axis distribution for a `justify-content`.
  public static func primaryAxisDistribution(_ value: FlexStyle.JustifyContent) -> PrimaryAxisDistribution {
    switch value {
    case .flexStart, .start: .leading
    case .center: .center
    case .flexEnd, .end: .trailing
    case .spaceAround: .spaceAround
    case .spaceBetween: .spaceBetween
    case .spaceEvenly: .spaceEvenly
    }
  }

  /// `align-items` for a secondary-axis distribution.
  public static func alignItems(_ value: SecondaryAxisDistribution) -> FlexStyle.AlignItems {
    switch value {
    case .leading: .flexStart
    case .center: .center
    case .trailing: .flexEnd
    case .stretch: .stretch
    case .baseline: .baseline
    }
  }

  /// The secondary-axis distribution for an `align-items`.
  public static func secondaryAxisDistribution(_ value: FlexStyle.AlignItems) -> SecondaryAxisDistribution {
    switch value {
    case .flexStart, .start, .selfStart: .leading
    case .center: .center
    case .flexEnd, .end, .selfEnd: .trailing
    case .stretch: .stretch
    case .baseline: .baseline
    }
  }

  /// `align-self` for an overridden secondary-axis distribution (`nil` is `auto`).
  public static func alignSelf(_ value: SecondaryAxisDistribution?) -> FlexStyle.AlignSelf {
    switch value {
    case nil: .auto
    case .leading: .flexStart
    case .center: .center
    case .trailing: .flexEnd
    case .stretch: .stretch
    case .baseline: .baseline
    }
  }

  /// The overridden secondary-axis distribution for an `align-self` (`auto` is `nil`).
  public static func overriddenSecondaryAxisDistribution(
    _ value: FlexStyle.AlignSelf
  ) -> SecondaryAxisDistribution? {
    switch value {
    case .auto: nil
    case .flexStart, .start, .selfStart: .leading
    case .center: .center
    case .flexEnd, .end, .selfEnd: .trailing
    case .stretch: .stretch
    case .baseline: .baseline
    }
  }

  /// `align-content` for a wrapping distribution.
  public static func alignContent(_ value: SecondaryAxisDistributionWhenWrapping) -> FlexStyle.AlignContent {
    switch value {
    case .leading: .flexStart
    case .center: .center
    case .trailing: .flexEnd
    case .stretch: .stretch
    case .spaceAround: .spaceAround
    case .spaceBetween: .spaceBetween
    case .spaceEvenly: .spaceEvenly
    }
  }

  /// The wrapping distribution for an `align-content`.
  public static func secondaryAxisDistributionWhenWrapping(
    _ value: FlexStyle.AlignContent
  ) -> SecondaryAxisDistributionWhenWrapping {
    switch value {
    case .flexStart, .start: .leading
    case .center: .center
    case .flexEnd, .end: .trailing
    case .stretch: .stretch
    case .spaceAround: .spaceAround
    case .spaceBetween: .spaceBetween
    case .spaceEvenly: .spaceEvenly
    }
  }

  /// Writes a container behaviour into a style.
  public static func apply(_ container: ContainerBehavior, to style: inout FlexStyle) {
    let horizontal = container.primaryAxis == .horizontal
    style.flexDirection =
      horizontal
      ? (container.isReversed ? .rowReverse : .row) : (container.isReversed ? .columnReverse : .column)
    style.justifyContent = justifyContent(container.primaryAxisDistribution)
    style.alignItems = alignItems(container.secondaryAxisDistribution)
    style.alignContent = alignContent(container.secondaryAxisDistributionWhenWrapping)
    style.flexWrap = container.shouldWrap ? (container.wrapsReversed ? .wrapReverse : .wrap) : .noWrap
    style.columnGap = horizontal ? container.primaryAxisGap : container.secondaryAxisGap
    style.rowGap = horizontal ? container.secondaryAxisGap : container.primaryAxisGap
  }

  /// Reads a container behaviour from a style.
  public static func container(of style: FlexStyle) -> ContainerBehavior {
    let horizontal = style.flexDirection.isRow
    return ContainerBehavior(
      primaryAxis: horizontal ? .horizontal : .vertical,
      primaryAxisDistribution: primaryAxisDistribution(style.justifyContent),
      secondaryAxisDistribution: secondaryAxisDistribution(style.alignItems),
      secondaryAxisDistributionWhenWrapping: secondaryAxisDistributionWhenWrapping(style.alignContent),
      shouldWrap: style.flexWrap != .noWrap,
      isReversed: style.flexDirection.isReverse,
      wrapsReversed: style.flexWrap == .wrapReverse,
      primaryAxisGap: horizontal ? style.columnGap : style.rowGap,
      secondaryAxisGap: horizontal ? style.rowGap : style.columnGap)
  }

  /// Writes a size behaviour into a style; returns the measure closure of a relative size.
  public static func apply(_ size: SizeBehavior, to style: inout FlexStyle) -> RelativeSizeClosure? {
    var measure: RelativeSizeClosure?
    style.width = nil
    style.height = nil
    style.flexBasis = nil
    switch size.mode {
    case .flexibleShrinksButDoesntGrow:
      style.flexGrow = 0
      style.flexShrink = 1
    case .flexible(let units):
      style.flexGrow = Double(units)
      style.flexShrink = 1
      style.flexBasis = 0
    case .absolute(let width, let height):
      style.flexGrow = 0
      style.flexShrink = 0
      style.width = width
      style.height = height
    case .relative(let closure):
      style.flexGrow = 0
      style.flexShrink = 0
      measure = closure
    case .percent(let width, let height):
      style.flexGrow = 0
      style.flexShrink = 0
      style.widthLength = width.map(FlexLength.percent) ?? .auto
      style.heightLength = height.map(FlexLength.percent) ?? .auto
    }
    style.aspectRatio = size.aspectRatio
    style.minWidth = size.minWidth ?? 0
    style.minHeight = size.minHeight ?? 0
    style.maxWidth = size.maxWidth
    style.maxHeight = size.maxHeight
    return measure
  }

  /// Reads a size behaviour from a style and measure closure.
  public static func size(of style: FlexStyle, measure: RelativeSizeClosure?) -> SizeBehavior {
    let mode: SizeBehavior.Mode
    if let measure {
      mode = .relative(measure)
    } else if style.flexGrow > 0 {
      mode = .flexible(units: UInt(Swift.min(style.flexGrow.rounded(), Double(UInt32.max))))
    } else if style.widthLength.isPercent || style.heightLength.isPercent {
      func percent(_ length: FlexLength) -> Double? {
        if case .percent(let value) = length { return value }
        return nil
      }
      mode = .percent(width: percent(style.widthLength), height: percent(style.heightLength))
    } else if style.width != nil || style.height != nil {
      mode = .absolute(width: style.width, height: style.height)
    } else {
      mode = .flexibleShrinksButDoesntGrow
    }
    return SizeBehavior(
      mode: mode, minWidth: style.minWidth == 0 ? nil : style.minWidth,
      minHeight: style.minHeight == 0 ? nil : style.minHeight, maxWidth: style.maxWidth,
      maxHeight: style.maxHeight, aspectRatio: style.aspectRatio)
  }
}

extension Layout {
  /// How the children are arranged; reading never gives `nil` (every box is a flex container),
  /// setting `nil` restores the defaults.
  public var container: ContainerBehavior? {
    get { CoreLayoutMapping.container(of: style) }
    set { CoreLayoutMapping.apply(newValue ?? ContainerBehavior(), to: &style) }
  }

  /// Overrides the parent's secondary-axis distribution for this box (`align-self`).
  public var overriddenSecondaryAxisDistribution: SecondaryAxisDistribution? {
    get { CoreLayoutMapping.overriddenSecondaryAxisDistribution(style.alignSelf) }
    set { style.alignSelf = CoreLayoutMapping.alignSelf(newValue) }
  }

  /// Places the box at offsets from its container instead of in flow (`position` and insets).
  public var overriddenPosition: OverriddenPosition? {
    get {
      if style.position == .absolute { return .absolute(style.inset) }
      return style.inset == .zero ? nil : .relative(style.inset)
    }
    set {
      switch newValue {
      case nil:
        style.position = .relative
        style.inset = .zero
      case .absolute(let edges):
        style.position = .absolute
        style.inset = edges
      case .relative(let edges):
        style.position = .relative
        style.inset = edges
      }
    }
  }

  /// The sizing mode and minimum/maximum sizes.
  public var size: SizeBehavior {
    get { CoreLayoutMapping.size(of: style, measure: measure) }
    set { measure = CoreLayoutMapping.apply(newValue, to: &style) }
  }

  /// Space outside the box, pushing siblings away (`margin`).
  ///
  /// ```
  ///  ┌ margin ─────────────┐
  ///  │  ┌ border ───────┐  │
  ///  │  │ ┌ padding ──┐ │  │
  ///  │  │ │  content  │ │  │
  ///  │  │ └───────────┘ │  │
  ///  │  └───────────────┘  │
  ///  └─────────────────────┘
  /// ```
  ///
  /// An edge in ``autoMargins`` reads as `nil` and stays `auto` while the new value leaves it
  /// unset.
  public var margin: Edges {
    get { style.margin }
    set {
      let autos = autoMargins
      style.margin = newValue
      var kept: AutoMarginEdges = []
      if newValue.top == nil, autos.contains(.top) { kept.insert(.top) }
      if newValue.leading == nil, autos.contains(.leading) { kept.insert(.leading) }
      if newValue.bottom == nil, autos.contains(.bottom) { kept.insert(.bottom) }
      if newValue.trailing == nil, autos.contains(.trailing) { kept.insert(.trailing) }
      if !kept.isEmpty { autoMargins = kept }
    }
  }

  /// Space inside the border, pushing children inwards (`padding`).
  public var padding: Edges {
    get { style.padding }
    set { style.padding = newValue }
  }

  /// Border widths: inside the box, outside the padding (`border-width`).
  public var border: Edges {
    get { style.border }
    set { style.border = newValue }
  }

  /// The edges whose margin is `auto` (CSS Flexbox §8.1): they take the free space along the
  /// line (a badge pushed to the trailing end by `autoMargins: .leading`), or across it. Setting
  /// an edge makes it `auto`; clearing it restores its ``margin`` of 0.
  public var autoMargins: AutoMarginEdges {
    get {
      var edges: AutoMarginEdges = []
      if style.marginLengths.top == .auto { edges.insert(.top) }
      if style.marginLengths.leading == .auto { edges.insert(.leading) }
      if style.marginLengths.bottom == .auto { edges.insert(.bottom) }
      if style.marginLengths.trailing == .auto { edges.insert(.trailing) }
      return edges
    }
    set {
      func update(_ edge: inout FlexLength?, _ isAuto: Bool) {
        if isAuto {
          edge = .auto
        } else if edge == .auto {
          edge = nil
        }
      }
      update(&style.marginLengths.top, newValue.contains(.top))
      update(&style.marginLengths.leading, newValue.contains(.leading))
      update(&style.marginLengths.bottom, newValue.contains(.bottom))
      update(&style.marginLengths.trailing, newValue.contains(.trailing))
    }
  }

  /// The box's reading direction (`direction`); `nil` inherits its parent's (the root's is the
  /// direction given to ``compute(with:direction:)``). A box whose direction differs lays its
  /// children out mirrored.
  public var direction: LayoutDirection? {
    get { style.direction }
    set { style.direction = newValue }
  }

  /// Whether the box takes part in layout (`display`).
  public var isIncludedInLayout: Bool {
    get { style.display != .none }
    set { style.display = newValue ? .flex : .none }
  }
}

/// Edges of a box, as a set (see ``Layout/autoMargins``).
public struct AutoMarginEdges: OptionSet, Sendable, Hashable {
  /// The edges as bits.
  public let rawValue: UInt8
  /// Creates a set from its raw bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  /// The top edge.
  public static let top = AutoMarginEdges(rawValue: 1)
  /// The leading edge.
  public static let leading = AutoMarginEdges(rawValue: 2)
  /// The bottom edge.
  public static let bottom = AutoMarginEdges(rawValue: 4)
  /// The trailing edge.
  public static let trailing = AutoMarginEdges(rawValue: 8)
  /// Both horizontal edges: centred along a row, or across a column.
  public static let horizontal: AutoMarginEdges = [.leading, .trailing]
  /// Both vertical edges.
  public static let vertical: AutoMarginEdges = [.top, .bottom]
}
