import LayoutGeometry

/// The CSS flexbox properties of one box, named as CSS (and Yoga and Taffy) name them.
///
/// A `FlexStyle` is what the engine reads. Core Layout's vocabulary (``ContainerBehavior``,
/// ``SizeBehavior``, ``Layout/overriddenPosition``…) is a view onto it, translated by the one
/// table in ``CoreLayoutMapping``. Defaults are Yoga's, which differ from a browser's:
/// `flex-direction: column`, `flex-shrink: 0`, `box-sizing: border-box`,
/// `align-content: flex-start`, minimum sizes 0 (no automatic minimum size).
///
/// All sizes are border-box sizes in points. Edges are logical (`leading`/`trailing`), resolved
/// against the ``LayoutDirection`` given to the computation.
///
/// Bad numbers never crash: a NaN or infinite size reads as `auto` (`nil`), a negative size,
/// padding or border clamps to 0, a NaN or negative flex factor reads as 0, and when a minimum
/// exceeds its maximum the minimum wins, as in CSS.
public struct FlexStyle: Sendable, Hashable {
  /// `display`: whether the box takes part in layout at all (`none` gives it a zero frame).
  public var display: Display = .flex
  /// `position`: whether the box is in flow (`relative`) or placed against its parent (`absolute`).
  public var position: PositionType = .relative
  /// `flex-direction`: the main axis and its direction.
  public var flexDirection: FlexDirection = .column
  /// `flex-wrap`: whether items wrap onto several lines.
  public var flexWrap: FlexWrap = .noWrap
  /// `justify-content`: main-axis distribution of the items in a line.
  public var justifyContent: JustifyContent = .flexStart
  /// `align-items`: default cross-axis alignment of the items in a line.
  public var alignItems: AlignItems = .stretch
  /// `align-self`: this item's cross-axis alignment (`auto` defers to the parent's `align-items`).
  public var alignSelf: AlignSelf = .auto
  /// `align-content`: cross-axis distribution of the lines of a multi-line container.
  public var alignContent: AlignContent = .flexStart
  /// `flex-grow`: share of positive free space.
  public var flexGrow: Double = 0
  /// `flex-shrink`: share of negative free space, weighted by the content-box flex basis.
  public var flexShrink: Double = 0
  /// `flex-basis`: the initial main size (`nil` is `auto`: use `width`/`height`, else content).
  public var flexBasis: Double?
  /// `width` (`nil` is `auto`).
  public var width: Double?
  /// `height` (`nil` is `auto`).
  public var height: Double?
  /// `min-width` (0 by default, as in Yoga).
  public var minWidth: Double = 0
  /// `min-height` (0 by default, as in Yoga).
  public var minHeight: Double = 0
  /// `max-width` (`nil` is `none`).
  public var maxWidth: Double?
  /// `max-height` (`nil` is `none`).
  public var maxHeight: Double?
  /// `margin`: space outside the border (may be negative).
  public var margin: Edges = .zero
  /// `padding`: space inside the border.
  public var padding: Edges = .zero
  /// `border` widths: space inside the box, outside the padding.
  public var border: Edges = .zero
  /// `top`/`left`/`bottom`/`right` (as `leading`/`trailing`): offsets of a relative box from its
  /// place in flow, or of an absolute box from its parent's padding box.
  public var inset: Edges = .zero
  /// `row-gap`: space between lines of a row container, or items of a column container.
  public var rowGap: Double = 0
  /// `column-gap`: space between items of a row container, or lines of a column container.
  public var columnGap: Double = 0

  /// Creates the default style (Yoga's defaults).
  public init() {}

  /// `display`.
  public enum Display: String, Sendable, Hashable, CaseIterable {
    /// A flex container taking part in layout.
    case flex
    /// Removed from layout; its frame (and its subtree's) is zero.
    case none
  }

  /// `position`.
  public enum PositionType: String, Sendable, Hashable, CaseIterable {
    /// In flow, then moved by its insets.
    case relative
    /// Out of flow, placed by its insets against the parent's padding box.
    case absolute
  }

  /// `flex-direction`.
  public enum FlexDirection: String, Sendable, Hashable, CaseIterable {
    /// `row`.
    case row
    /// `row-reverse`.
    case rowReverse = "row-reverse"
    /// `column`.
    case column
    /// `column-reverse`.
    case columnReverse = "column-reverse"

    /// Whether the main axis is horizontal.
    public var isRow: Bool { self == .row || self == .rowReverse }
    /// Whether items run from main-end to main-start.
    public var isReverse: Bool { self == .rowReverse || self == .columnReverse }
  }

  /// `flex-wrap`.
  public enum FlexWrap: String, Sendable, Hashable, CaseIterable {
    /// `nowrap`.
    case noWrap = "nowrap"
    /// `wrap`.
    case wrap
    /// `wrap-reverse`.
    case wrapReverse = "wrap-reverse"
  }

  /// `justify-content`.
  public enum JustifyContent: String, Sendable, Hashable, CaseIterable {
    /// `flex-start`.
    case flexStart = "flex-start"
    /// `center`.
    case center
    /// `flex-end`.
    case flexEnd = "flex-end"
    /// `space-between`.
    case spaceBetween = "space-between"
    /// `space-around`.
    case spaceAround = "space-around"
    /// `space-evenly`.
    case spaceEvenly = "space-evenly"
  }

  /// `align-items`.
  public enum AlignItems: String, Sendable, Hashable, CaseIterable {
    /// `flex-start`.
    case flexStart = "flex-start"
    /// `center`.
    case center
    /// `flex-end`.
    case flexEnd = "flex-end"
    /// `stretch`.
    case stretch
  }

  /// `align-self`.
  public enum AlignSelf: String, Sendable, Hashable, CaseIterable {
    /// `auto`.
    case auto
    /// `flex-start`.
    case flexStart = "flex-start"
    /// `center`.
    case center
    /// `flex-end`.
    case flexEnd = "flex-end"
    /// `stretch`.
    case stretch
  }

  /// `align-content`.
  public enum AlignContent: String, Sendable, Hashable, CaseIterable {
    /// `flex-start`.
    case flexStart = "flex-start"
    /// `center`.
    case center
    /// `flex-end`.
    case flexEnd = "flex-end"
    /// `stretch`.
    case stretch
    /// `space-between`.
    case spaceBetween = "space-between"
    /// `space-around`.
    case spaceAround = "space-around"
    /// `space-evenly`.
    case spaceEvenly = "space-evenly"
  }
}
