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
  /// `display`: whether the box takes part in layout at all (`none` gives it a zero frame), or
  /// hands its children to its parent (`contents`).
  public var display: Display = .flex
  /// `position`: whether the box is in flow (`relative`, `static`) or placed against its
  /// containing block (`absolute`): its parent, unless that is `static`.
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
  /// `safe`/`unsafe` for `justify-content`
  /// ([CSS Box Alignment 3 §4.4](https://www.w3.org/TR/css-align-3/#overflow-values)).
  public var justifyContentSafety: OverflowAlignment = .default
  /// `safe`/`unsafe` for `align-items`.
  public var alignItemsSafety: OverflowAlignment = .default
  /// `safe`/`unsafe` for `align-self`.
  public var alignSelfSafety: OverflowAlignment = .default
  /// `safe`/`unsafe` for `align-content`.
  public var alignContentSafety: OverflowAlignment = .default
  /// `flex-grow`: share of positive free space.
  public var flexGrow: Double = 0
  /// `flex-shrink`: share of negative free space, weighted by the content-box flex basis.
  public var flexShrink: Double = 0
  /// `flex-basis`: the initial main size (`.auto`: use `width`/`height`, else content; a
  /// percentage of the container's inner main size, `content` without a definite one).
  public var flexBasisLength: FlexLength = .auto
  /// `width` (`.auto` by default); a percentage of the containing block's width.
  public var widthLength: FlexLength = .auto
  /// `height` (`.auto` by default); a percentage of the containing block's height, `auto`
  /// when that is not definite.
  public var heightLength: FlexLength = .auto
  /// `min-width`: `0` by default, as in Yoga; `.auto` is CSS's initial value, the automatic
  /// minimum size of a flex item ([CSS Flexbox §4.5](https://www.w3.org/TR/css-flexbox-1/#min-size-auto)).
  public var minWidthLength: FlexLength = .points(0)
  /// `min-height`: `0` by default, as in Yoga; `.auto` is the automatic minimum size.
  public var minHeightLength: FlexLength = .points(0)
  /// `max-width` (`.auto` is `none`, the default).
  public var maxWidthLength: FlexLength = .auto
  /// `max-height` (`.auto` is `none`, the default).
  public var maxHeightLength: FlexLength = .auto
  /// `margin`: space outside the border (may be negative); `.auto` edges take free space
  /// ([CSS Flexbox §8.1](https://www.w3.org/TR/css-flexbox-1/#auto-margins)); percentages are of
  /// the containing block's width, on all four edges.
  public var marginLengths = FlexLengthEdges()
  /// `padding`: space inside the border; percentages are of the containing block's width.
  public var paddingLengths = FlexLengthEdges()
  /// `border` widths: space inside the box, outside the padding.
  public var border: Edges = .zero
  /// `top`/`left`/`bottom`/`right` (as `leading`/`trailing`): offsets of a relative box from its
  /// place in flow, or of an absolute box from its parent's padding box; unset is `auto`.
  /// Percentages are of the containing block's height (`top`, `bottom`) or width.
  public var insetLengths = FlexLengthEdges()
  /// `row-gap`: space between lines of a row container, or items of a column container; a
  /// percentage of the container's content-box height (0 when that is not definite).
  public var rowGapLength: FlexLength = .points(0)
  /// `column-gap`: space between items of a row container, or lines of a column container; a
  /// percentage of the container's content-box width.
  public var columnGapLength: FlexLength = .points(0)
  /// `aspect-ratio`: width over height (`nil` is `auto`), the preferred ratio of a box whose
  /// width or height is automatic ([CSS Sizing 4 §2](https://www.w3.org/TR/css-sizing-4/#aspect-ratio)).
  public var aspectRatio: Double?
  /// `box-sizing`: whether `width`, `height` and the min/max sizes are of the border box (the
  /// default here, as in Yoga) or of the content box (CSS's initial value).
  public var boxSizing: BoxSizing = .borderBox
  /// `overflow`: a box that is not `visible` is a scroll container, whose automatic minimum
  /// size is 0 ([CSS Flexbox §4.5](https://www.w3.org/TR/css-flexbox-1/#min-size-auto)).
  public var overflow: Overflow = .visible
  /// `direction`: the box's inline direction (`nil` inherits the parent's; the root's is the
  /// direction given to the computation).
  public var direction: LayoutDirection?

  /// `flex-basis` in points (`nil` is `auto` or any other value; see ``flexBasisLength``).
  public var flexBasis: Double? {
    get { flexBasisLength.points }
    set { flexBasisLength = newValue.map(FlexLength.points) ?? .auto }
  }
  /// `width` in points (`nil` is `auto` or any other value; see ``widthLength``).
  public var width: Double? {
    get { widthLength.points }
    set { widthLength = newValue.map(FlexLength.points) ?? .auto }
  }
  /// `height` in points (`nil` is `auto` or any other value; see ``heightLength``).
  public var height: Double? {
    get { heightLength.points }
    set { heightLength = newValue.map(FlexLength.points) ?? .auto }
  }
  /// `min-width` in points (0 by default, as in Yoga; 0 too for any other value).
  public var minWidth: Double {
    get { minWidthLength.points ?? 0 }
    set { minWidthLength = .points(newValue) }
  }
  /// `min-height` in points (0 by default, as in Yoga; 0 too for any other value).
  public var minHeight: Double {
    get { minHeightLength.points ?? 0 }
    set { minHeightLength = .points(newValue) }
  }
  /// `max-width` in points (`nil` is `none` or any other value).
  public var maxWidth: Double? {
    get { maxWidthLength.points }
    set { maxWidthLength = newValue.map(FlexLength.points) ?? .auto }
  }
  /// `max-height` in points (`nil` is `none` or any other value).
  public var maxHeight: Double? {
    get { maxHeightLength.points }
    set { maxHeightLength = newValue.map(FlexLength.points) ?? .auto }
  }
  /// `margin` in points (edges that are `auto` or percentages read as `nil`; see ``marginLengths``).
  public var margin: Edges {
    get { marginLengths.pointEdges }
    set { marginLengths = FlexLengthEdges(newValue) }
  }
  /// `padding` in points (percentage edges read as `nil`; see ``paddingLengths``).
  public var padding: Edges {
    get { paddingLengths.pointEdges }
    set { paddingLengths = FlexLengthEdges(newValue) }
  }
  /// The insets in points (edges that are `auto` or percentages read as `nil`; see ``insetLengths``).
  public var inset: Edges {
    get { insetLengths.pointEdges }
    set { insetLengths = FlexLengthEdges(newValue) }
  }
  /// `row-gap` in points (0 for a percentage; see ``rowGapLength``).
  public var rowGap: Double {
    get { rowGapLength.points ?? 0 }
    set { rowGapLength = .points(newValue) }
  }
  /// `column-gap` in points (0 for a percentage; see ``columnGapLength``).
  public var columnGap: Double {
    get { columnGapLength.points ?? 0 }
    set { columnGapLength = .points(newValue) }
  }

  /// Creates the default style (Yoga's defaults).
  public init() {}

  /// `display`.
  public enum Display: String, Sendable, Hashable, CaseIterable {
    /// A flex container taking part in layout.
    case flex
    /// Removed from layout; its frame (and its subtree's) is zero.
    case none
    /// No box of its own ([CSS Display 3 §2.5](https://www.w3.org/TR/css-display-3/#box-generation)):
    /// its children take its place among its parent's children, in order, and inherit its
    /// `direction`; its other properties have no effect. Its frame is zero, at its parent's
    /// origin, so its children's frames are relative to the parent they are laid out in. A
    /// leaf's measured content is not laid out (it generates no item). On the root, `contents`
    /// acts as `flex`, as CSS computes it for the root element.
    case contents
  }

  /// `position`.
  public enum PositionType: String, Sendable, Hashable, CaseIterable {
    /// In flow, then moved by its insets.
    case relative
    /// Out of flow, placed by its insets against its containing block's padding box (the
    /// parent's, or a `static` parent's nearest positioned ancestor's).
    case absolute
    /// In flow; its insets do not apply (CSS's initial value). A static box is no containing
    /// block: its absolutely positioned children are sized and offset against the padding box
    /// of its nearest ancestor that is not static (the root at the latest; [CSS Position 3
    /// §2.1](https://www.w3.org/TR/css-position-3/#def-cb)), while their static position stays
    /// in it. Their frames are still relative to it.
    case `static`
  }

  /// The overflow alignment of an alignment keyword.
  public enum OverflowAlignment: String, Sendable, Hashable, CaseIterable {
    /// Neither keyword: as Chromium aligns flex items, `unsafe` (the subject may overflow at
    /// both ends), but `space-around`/`space-evenly` fall back to `start` (see the engine).
    case `default` = ""
    /// `safe`: a subject that would overflow its alignment container is aligned at `start`.
    case safe
    /// `unsafe`: aligned as asked even when it overflows.
    case unsafe
  }

  /// `box-sizing`.
  public enum BoxSizing: String, Sendable, Hashable, CaseIterable {
    /// Sizes are of the border box (the default here).
    case borderBox = "border-box"
    /// Sizes are of the content box (CSS's initial value).
    case contentBox = "content-box"
  }

  /// `overflow` (both axes).
  public enum Overflow: String, Sendable, Hashable, CaseIterable {
    /// Content may overflow the box (the default).
    case visible
    /// Clipped, a scroll container.
    case hidden
    /// Clipped, but not a scroll container: its automatic minimum size is content-based.
    case clip
    /// A scroll container.
    case scroll
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
    /// `start`: the start of the axis in the writing mode (top, or left), whatever the flex
    /// direction or wrap.
    case start
    /// `end`: the end of the axis in the writing mode.
    case end
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
    /// `start`: the start of the axis in the writing mode (top, or left), whatever the flex
    /// direction or wrap.
    case start
    /// `end`: the end of the axis in the writing mode.
    case end
    /// `self-start`: as `start` (items share their container's writing mode here).
    case selfStart = "self-start"
    /// `self-end`: as `end`.
    case selfEnd = "self-end"
    /// `baseline`: in a row container, items aligned by their first baselines ([CSS Flexbox
    /// §8.3](https://www.w3.org/TR/css-flexbox-1/#baseline-participation)); in a column container,
    /// as Chromium does, by the left edges of their border boxes.
    case baseline
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
    /// `start`: the start of the axis in the writing mode (top, or left), whatever the flex
    /// direction or wrap.
    case start
    /// `end`: the end of the axis in the writing mode.
    case end
    /// `self-start`: as `start` (items share their container's writing mode here).
    case selfStart = "self-start"
    /// `self-end`: as `end`.
    case selfEnd = "self-end"
    /// `baseline`: in a row container, items aligned by their first baselines ([CSS Flexbox
    /// §8.3](https://www.w3.org/TR/css-flexbox-1/#baseline-participation)); in a column container,
    /// as Chromium does, by the left edges of their border boxes.
    case baseline
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
    /// `start`: the start of the axis in the writing mode (top, or left), whatever the flex
    /// direction or wrap.
    case start
    /// `end`: the end of the axis in the writing mode.
    case end
  }
}
