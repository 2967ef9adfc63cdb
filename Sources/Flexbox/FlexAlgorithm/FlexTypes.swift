import LayoutGeometry

/// Both axes, for loops that treat them alike (a constant, so looping allocates nothing).
let bothAxes: [Axis] = [.horizontal, .vertical]

/// Calls `body(position, index)` for each index of `range`, backwards when `reversed`, without
/// allocating an order array.
@inline(__always)
func forEachIndex(in range: Range<Int>, reversed: Bool, _ body: (Int, Int) -> Void) {
  let count = range.count
  for position in 0..<count {
    body(position, reversed ? range.upperBound - 1 - position : range.lowerBound + position)
  }
}

/// A width and a height, each possibly unknown (`nil`).
///
/// Stored as two plain numbers, NaN standing for unknown (an engine length is never NaN): half
/// the size of two optionals, and the resolved nodes and flex items that hold these are copied
/// and scanned on every layout.
struct OptionalSize: Equatable {
  private var storedWidth: Double
  private var storedHeight: Double

  @inline(__always)
  init(width: Double?, height: Double?) {
    storedWidth = width ?? .nan
    storedHeight = height ?? .nan
  }

  var width: Double? {
    @inline(__always) get { storedWidth.isNaN ? nil : storedWidth }
    @inline(__always) set { storedWidth = newValue ?? .nan }
  }
  var height: Double? {
    @inline(__always) get { storedHeight.isNaN ? nil : storedHeight }
    @inline(__always) set { storedHeight = newValue ?? .nan }
  }

  static func == (a: OptionalSize, b: OptionalSize) -> Bool { a.width == b.width && a.height == b.height }

  static let none = OptionalSize(width: nil, height: nil)

  /// Whether both dimensions are unknown.
  var isNone: Bool {
    @inline(__always) get { storedWidth.isNaN && storedHeight.isNaN }
  }

  subscript(axis: Axis) -> Double? {
    @inline(__always) get { axis == .horizontal ? width : height }
    @inline(__always) set { if axis == .horizontal { width = newValue } else { height = newValue } }
  }
}

/// The space offered to a box along one axis (CSS Sizing §2.1 "available space").
enum AvailableSpace: Equatable {
  /// A definite length.
  case definite(Double)
  /// Size the box under a min-content constraint.
  case minContent
  /// Size the box under a max-content constraint.
  case maxContent

  /// The length, when definite.
  var value: Double? {
    if case .definite(let v) = self { return v }
    return nil
  }

  /// The space reduced by `amount` (only a definite space changes).
  func minus(_ amount: Double) -> AvailableSpace {
    if case .definite(let v) = self { return .definite(v - amount) }
    return self
  }

  /// The space clamped between optional bounds (only a definite space changes).
  func clamped(min lower: Double?, max upper: Double?) -> AvailableSpace {
    if case .definite(let v) = self { return .definite(v.clamped(min: lower, max: upper)) }
    return self
  }
}

/// The space offered along both axes.
struct AvailableSize: Equatable {
  var width: AvailableSpace
  var height: AvailableSpace

  subscript(axis: Axis) -> AvailableSpace {
    get { axis == .horizontal ? width : height }
    set { if axis == .horizontal { width = newValue } else { height = newValue } }
  }

  static func axes(main: Axis, _ mainValue: AvailableSpace, cross: AvailableSpace) -> AvailableSize {
    main == .horizontal
      ? AvailableSize(width: mainValue, height: cross) : AvailableSize(width: cross, height: mainValue)
  }
}

/// Whether a box only reports its size or also places its descendants.
enum RunMode: Equatable {
  case computeSize
  case performLayout
}

/// Whether a box's own `width`/`height` apply (inherent) or the caller already folded them
/// into the known dimensions (content).
enum SizingMode: Equatable {
  case contentSize
  case inherentSize
}

extension FlexLength {
  /// Whether the length is `auto` (a pattern match: cheaper than the synthesized `==`).
  @inline(__always)
  var isAuto: Bool {
    if case .auto = self { return true }
    return false
  }
}

extension Optional where Wrapped == FlexLength {
  /// Whether the length is given and `auto`.
  @inline(__always)
  var isAuto: Bool {
    if case .auto? = self { return true }
    return false
  }
}

extension Double {
  /// The value clamped to optional bounds; when the minimum exceeds the maximum the minimum wins (CSS).
  @inline(__always)
  func clamped(min lower: Double?, max upper: Double?) -> Double {
    var v = self
    if let upper, v > upper { v = upper }
    if let lower, v < lower { v = lower }
    return v
  }
}

extension Optional where Wrapped == Double {
  /// The value clamped to optional bounds, or `nil`.
  @inline(__always)
  func clamped(min lower: Double?, max upper: Double?) -> Double? {
    self.map { $0.clamped(min: lower, max: upper) }
  }
}

extension Size {
  /// A size from main and cross extents.
  @inline(__always)
  static func axes(main: Axis, _ mainValue: Double, cross: Double) -> Size {
    main == .horizontal
      ? Size(width: mainValue, height: cross) : Size(width: cross, height: mainValue)
  }
}

extension EdgeInsets {
  /// The inset at the start of `axis` (left or top).
  @inline(__always)
  func start(_ axis: Axis) -> Double { axis == .horizontal ? left : top }
  /// The inset at the end of `axis` (right or bottom).
  @inline(__always)
  func end(_ axis: Axis) -> Double { axis == .horizontal ? right : bottom }
  /// Both insets along `axis`.
  @inline(__always)
  func sum(_ axis: Axis) -> Double { axis == .horizontal ? left + right : top + bottom }

  /// Adds `amount` to the inset at the start of `axis`.
  @inline(__always)
  mutating func addToStart(_ axis: Axis, _ amount: Double) {
    if axis == .horizontal { left += amount } else { top += amount }
  }
  /// Adds `amount` to the inset at the end of `axis`.
  @inline(__always)
  mutating func addToEnd(_ axis: Axis, _ amount: Double) {
    if axis == .horizontal { right += amount } else { bottom += amount }
  }

  static func + (a: EdgeInsets, b: EdgeInsets) -> EdgeInsets {
    EdgeInsets(
      top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
  }
}

/// Optional offsets (`top`/`left`/`bottom`/`right`; `nil` is `auto`), physical for left-to-right.
///
/// Stored as plain numbers, NaN standing for `auto` (see ``OptionalSize``).
struct InsetOffsets: Equatable {
  private var storedTop = Double.nan
  private var storedLeft = Double.nan
  private var storedBottom = Double.nan
  private var storedRight = Double.nan

  init() {}

  init(top: Double?, left: Double?, bottom: Double?, right: Double?) {
    storedTop = top ?? .nan
    storedLeft = left ?? .nan
    storedBottom = bottom ?? .nan
    storedRight = right ?? .nan
  }

  var top: Double? {
    @inline(__always) get { storedTop.isNaN ? nil : storedTop }
    @inline(__always) set { storedTop = newValue ?? .nan }
  }
  var left: Double? {
    @inline(__always) get { storedLeft.isNaN ? nil : storedLeft }
    @inline(__always) set { storedLeft = newValue ?? .nan }
  }
  var bottom: Double? {
    @inline(__always) get { storedBottom.isNaN ? nil : storedBottom }
    @inline(__always) set { storedBottom = newValue ?? .nan }
  }
  var right: Double? {
    @inline(__always) get { storedRight.isNaN ? nil : storedRight }
    @inline(__always) set { storedRight = newValue ?? .nan }
  }

  static func == (a: InsetOffsets, b: InsetOffsets) -> Bool {
    a.top == b.top && a.left == b.left && a.bottom == b.bottom && a.right == b.right
  }

  func start(_ axis: Axis) -> Double? { axis == .horizontal ? left : top }
  func end(_ axis: Axis) -> Double? { axis == .horizontal ? right : bottom }
}

/// Physical edges of a box with `margin: auto` (bits of `ResolvedNode.autoMargins`).
enum AutoMarginEdge {
  static let top: UInt8 = 1
  static let left: UInt8 = 2
  static let bottom: UInt8 = 4
  static let right: UInt8 = 8

  /// The bit of the start (left or top) edge of `axis`.
  @inline(__always)
  static func start(_ axis: Axis) -> UInt8 { axis == .horizontal ? left : top }
  /// The bit of the end (right or bottom) edge of `axis`.
  @inline(__always)
  static func end(_ axis: Axis) -> UInt8 { axis == .horizontal ? right : bottom }
}

extension FlexStyle.AlignSelf {
  /// `self-start`/`self-end` as `start`/`end` of the container's writing mode: swapped when
  /// the item's direction differs from its container's and the axis is the inline one.
  func selfAligned(itemDirectionDiffers: Bool) -> FlexStyle.AlignSelf {
    guard itemDirectionDiffers else { return self }
    switch self {
    case .selfStart: return .selfEnd
    case .selfEnd: return .selfStart
    default: return self
    }
  }

  /// The value with `start`/`end` (and `self-` forms) made flex-relative for a container that
  /// does (or does not) wrap in reverse: the writing mode's start is its cross-end then.
  func flexRelative(wrapReverse: Bool) -> FlexStyle.AlignSelf {
    switch self {
    case .start, .selfStart: wrapReverse ? .flexEnd : .flexStart
    case .end, .selfEnd: wrapReverse ? .flexStart : .flexEnd
    default: self
    }
  }
}

/// The sizes a `stretch` value resolves against (see ``FlexLength/stretch``).
enum StretchBase {
  /// The containing block the percentages resolve against (a flex item's, the root's).
  case containingBlock
  /// The given sizes (an absolutely positioned box's inset-modified containing block).
  case given(width: Double?, height: Double?)
  /// Left as they are (an absolutely positioned box before its insets are known).
  case kept
}

/// The properties of a box given as `stretch` (bits of `ResolvedNode.stretchBits`).
enum StretchProperty {
  static let width: UInt8 = 1
  static let height: UInt8 = 2
  static let minWidth: UInt8 = 4
  static let minHeight: UInt8 = 8
  static let maxWidth: UInt8 = 16
  static let maxHeight: UInt8 = 32
  static let flexBasis: UInt8 = 64

  /// The size, minimum and maximum bits of `axis`.
  @inline(__always)
  static func sizes(_ axis: Axis) -> (size: UInt8, min: UInt8, max: UInt8) {
    axis == .horizontal ? (width, minWidth, maxWidth) : (height, minHeight, maxHeight)
  }
}

/// One box's style, resolved and sanitised for the engine, with its place in the flat tree.
///
/// Lengths that depend on the containing block (percentages) are resolved by
/// ``resolveLengths(_:widthBase:heightBase:basisAxis:)`` against the bases its parent gives it
/// when the parent lays it out; a percentage with no definite base behaves as CSS says for its
/// property ([CSS Values 4 §4.3](https://www.w3.org/TR/css-values-4/#percentages)).
struct ResolvedNode {
  var isHidden: Bool
  var isAbsolute: Bool
  /// `position: static`: a container that is no containing block for absolutely positioned
  /// boxes (its insets are ignored as well).
  var isStatic: Bool
  var direction: FlexStyle.FlexDirection
  var wrap: FlexStyle.FlexWrap
  var justifyContent: FlexStyle.JustifyContent
  var alignItems: FlexStyle.AlignItems
  var alignSelf: FlexStyle.AlignSelf
  var alignContent: FlexStyle.AlignContent
  /// `safe` alignment (CSS Box Alignment 3 §4.4) of `justify-content`, `align-items`,
  /// `align-content` (`align-self` keeps its `unsafe` too: see `alignSelfSafety`).
  var isJustifySafe: Bool
  var isAlignItemsSafe: Bool
  var alignSelfSafety: FlexStyle.OverflowAlignment
  var isAlignContentSafe: Bool
  var flexGrow: Double
  var flexShrink: Double
  /// `flex-basis` when definite (NaN-coded, see ``OptionalSize``).
  var flexBasis: Double? {
    @inline(__always) get { storedFlexBasis.isNaN ? nil : storedFlexBasis }
    @inline(__always) set { storedFlexBasis = newValue ?? .nan }
  }
  private var storedFlexBasis = Double.nan
  /// `flex-basis: content` (or a percentage without a definite base): size from the content
  /// even when the box has a main size.
  var flexBasisIsContent = false
  /// `flex-basis` is a percentage (see `FlexEngine.intrinsicMainSize`).
  var flexBasisIsPercent = false
  var size: OptionalSize
  var minSize: Size
  var maxSize: OptionalSize
  var margin: EdgeInsets
  var padding: EdgeInsets
  var border: EdgeInsets
  var inset: InsetOffsets
  var rowGap: Double
  var columnGap: Double
  /// `row-gap`/`column-gap` percentages (of the box's own content box), when given as such.
  var rowGapPercent: Double? { storedRowGapPercent.isNaN ? nil : storedRowGapPercent }
  var columnGapPercent: Double? { storedColumnGapPercent.isNaN ? nil : storedColumnGapPercent }
  private var storedRowGapPercent = Double.nan
  private var storedColumnGapPercent = Double.nan
  /// Whether `width` / `height` are literally `auto` (a percentage without a base behaves as
  /// `auto` for sizing, but is not `auto`: the box is not stretched, CSS Flexbox §9.4 step 11).
  var isAutoWidth: Bool
  var isAutoHeight: Bool
  /// Edges with `margin: auto` (``AutoMarginEdge`` bits).
  var autoMargins: UInt8 = 0
  /// `aspect-ratio` (width over height, finite and > 0), of the border box, or of the content box
  /// with `box-sizing: content-box`.
  var aspectRatio: Double? { storedAspectRatio.isNaN ? nil : storedAspectRatio }
  private var storedAspectRatio = Double.nan
  var aspectRatioIsContentBox = false
  /// `min-width: auto` / `min-height: auto` on a box that is not a scroll container: as a flex
  /// item, its automatic minimum size in the main axis is content-based (CSS Flexbox §4.5).
  var hasAutoMinWidth = false
  var hasAutoMinHeight = false
  /// Whether the box has any length to resolve against its containing block.
  var needsBase: Bool
  /// `width`, `min-width`, `max-width`, `flex-basis` given as `min-content` (1), `max-content`
  /// (2) or `fit-content` (3), found from the box's content when its parent lays it out
  /// (`FlexEngine.resolveIntrinsicKeywords`); 0 otherwise.
  var widthKeyword: UInt8 = 0
  var minWidthKeyword: UInt8 = 0
  var maxWidthKeyword: UInt8 = 0
  var flexBasisKeyword: UInt8 = 0
  /// `min-height`, `max-height` given as one of the keywords (any non-zero value): the box's
  /// content height at its used width (`FlexEngine.resolveBlockAxisKeywords`); 0 otherwise.
  var minHeightKeyword: UInt8 = 0
  var maxHeightKeyword: UInt8 = 0
  /// The properties given as `stretch` (``StretchProperty`` bits), resolved by
  /// ``resolveLengths(_:widthBase:heightBase:basisAxis:stretch:reportsChanges:)``.
  var stretchBits: UInt8 = 0
  /// Index of the box's style in `FlexEngine.baseStyles` when it ``needsBase``, else -1.
  var baseStyle: Int32 = -1
  /// Index of the first child in the flat arrays; children are contiguous.
  var firstChild: Int32
  var childCount: Int32
  /// Index into the measure closures, or -1.
  var measure: Int32

  /// Whether the box has a `width`, `height`, or a min/max size (so its sizing mode matters).
  var hasSizeConstraints: Bool {
    @inline(__always) get {
      !size.isNone || minSize.width > 0 || minSize.height > 0 || !maxSize.isNone
    }
  }

  /// Padding plus border.
  var paddingBorder: EdgeInsets { padding + border }

  /// The size along the other axis that `size` along `axis` gives through the aspect ratio
  /// ([CSS Sizing 4 §2.2](https://www.w3.org/TR/css-sizing-4/#aspect-ratio-size-transfers)),
  /// clamped by that axis's min/max sizes and never less than its padding and border; `size` is
  /// first floored at the padding and border along `axis`, as Chromium does.
  func transferredSize(_ size: Double, from axis: Axis, ratio: Double) -> Double {
    let pb = paddingBorder
    // A border box is never smaller than its padding and border: a smaller size given along
    // `axis` (a percentage, a parent's cross size) is floored there before it transfers.
    let size = Swift.max(size, pb.sum(axis))
    let other = axis.cross
    var result: Double
    if aspectRatioIsContentBox {
      let inner = Swift.max(size - pb.sum(axis), 0)
      result = (axis == .horizontal ? inner / ratio : inner * ratio) + pb.sum(other)
    } else {
      result = axis == .horizontal ? size / ratio : size * ratio
    }
    // (Chromium keeps the transferred size in its layout unit, 1/64 pt, cut toward zero.)
    result = (Swift.min(result, FlexLayoutLimits.maxLength) * 64).rounded(.towardZero) / 64
    return Swift.max(result.clamped(min: minSize[other], max: maxSize[other]), pb.sum(other))
  }

  /// Whether the box's parent lays its children out mirrored: its left and right margins,
  /// insets and `auto` margins are swapped before layout.
  var isMirroredChild = false
  /// Whether the box's direction differs from the run's.
  var isFlipped = false
  /// `align-items: self-start` (1) or `self-end` (2), which depend on each item's direction.
  var alignItemsSelf: UInt8 = 0
  /// Whether the box lays its children out mirrored (its direction differs from the run's): its
  /// left and right padding and border are swapped before layout.
  var mirrorsChildren = false

  /// Resolves the style `s` points to (read in place through a pointer: a style is large, and a
  /// copy of it costs more than resolving it).
  init(
    style s: UnsafePointer<FlexStyle>, firstChild: Int32, childCount: Int32, measure: Int32,
    isMirroredChild: Bool = false,
    mirrorsChildren: Bool = false
  ) {
    self.isMirroredChild = isMirroredChild
    self.mirrorsChildren = mirrorsChildren
    let limit = FlexLayoutLimits.maxLength
    func factor(_ v: Double) -> Double { v.isFinite && v > 0 ? Swift.min(v, limit) : 0 }
    isHidden = s.pointee.display == .none
    isAbsolute = s.pointee.position == .absolute
    isStatic = s.pointee.position == .static
    direction = s.pointee.flexDirection
    wrap = s.pointee.flexWrap
    // `start`/`end` are the writing mode's (top or left): flex-start or flex-end as the box's
    // own flex direction and wrap have them (CSS Box Alignment 3 §5.1, §6.1).
    let reverse = s.pointee.flexDirection.isReverse
    let wrapReverse = s.pointee.flexWrap == .wrapReverse
    switch s.pointee.justifyContent {
    case .start: justifyContent = reverse ? .flexEnd : .flexStart
    case .end: justifyContent = reverse ? .flexStart : .flexEnd
    default: justifyContent = s.pointee.justifyContent
    }
    alignItemsSelf = s.pointee.alignItems == .selfStart ? 1 : s.pointee.alignItems == .selfEnd ? 2 : 0
    switch s.pointee.alignItems {
    case .start, .selfStart: alignItems = wrapReverse ? .flexEnd : .flexStart
    case .end, .selfEnd: alignItems = wrapReverse ? .flexStart : .flexEnd
    default: alignItems = s.pointee.alignItems
    }
    alignSelf = s.pointee.alignSelf
    switch s.pointee.alignContent {
    case .start: alignContent = wrapReverse ? .flexEnd : .flexStart
    case .end: alignContent = wrapReverse ? .flexStart : .flexEnd
    default: alignContent = s.pointee.alignContent
    }
    isJustifySafe = s.pointee.justifyContentSafety == .safe
    isAlignItemsSafe = s.pointee.alignItemsSafety == .safe
    alignSelfSafety = s.pointee.alignSelfSafety
    isAlignContentSafe = s.pointee.alignContentSafety == .safe
    flexGrow = factor(s.pointee.flexGrow)
    flexShrink = factor(s.pointee.flexShrink)
    border = s.pointee.border.insets(nonNegative: true)
    if mirrorsChildren { swap(&border.left, &border.right) }
    func gap(_ v: FlexLength) -> (Double, Double?) {
      switch v {
      case .points(let p): return (p.isFinite && p > 0 ? Swift.min(p, limit) : 0, nil)
      case .percent(let p): return (0, p.isFinite && p > 0 ? Swift.min(p, limit) : 0)
      default: return (0, nil)
      }
    }
    let (row, rowPercent) = gap(s.pointee.rowGapLength)
    let (column, columnPercent) = gap(s.pointee.columnGapLength)
    rowGap = row
    columnGap = column
    storedRowGapPercent = rowPercent ?? .nan
    storedColumnGapPercent = columnPercent ?? .nan
    func hasPercent(_ v: FlexLength?) -> Bool { v?.isPercent ?? false }
    let width = s.pointee.widthLength
    let height = s.pointee.heightLength
    let minWidth = s.pointee.minWidthLength
    let minHeight = s.pointee.minHeightLength
    let maxWidth = s.pointee.maxWidthLength
    let maxHeight = s.pointee.maxHeightLength
    let basis = s.pointee.flexBasisLength
    // Each length's keyword, in one switch: `min-content` 1, `max-content` 2, `fit-content` 3,
    // `stretch` 4 (0 for any other value).
    @inline(__always)
    func keyword(_ v: FlexLength) -> UInt8 {
      switch v {
      case .minContent: 1
      case .maxContent: 2
      case .fitContent: 3
      case .stretch: 4
      default: 0
      }
    }
    let keywords = (
      width: keyword(width), height: keyword(height), minWidth: keyword(minWidth),
      minHeight: keyword(minHeight),
      maxWidth: keyword(maxWidth), maxHeight: keyword(maxHeight), basis: keyword(basis)
    )
    @inline(__always)
    func intrinsic(_ k: UInt8) -> UInt8 { k == 4 ? 0 : k }
    @inline(__always)
    func stretchBit(_ k: UInt8, _ bit: UInt8) -> UInt8 { k == 4 ? bit : 0 }
    let hasWidthKeywords =
      intrinsic(keywords.width) | intrinsic(keywords.minWidth) | intrinsic(keywords.maxWidth)
      | intrinsic(keywords.basis) != 0
    stretchBits =
      stretchBit(keywords.width, StretchProperty.width) | stretchBit(keywords.height, StretchProperty.height)
      | stretchBit(keywords.minWidth, StretchProperty.minWidth)
      | stretchBit(keywords.minHeight, StretchProperty.minHeight)
      | stretchBit(keywords.maxWidth, StretchProperty.maxWidth)
      | stretchBit(keywords.maxHeight, StretchProperty.maxHeight)
      | stretchBit(keywords.basis, StretchProperty.flexBasis)
    func edgesHavePercent(_ e: FlexLengthEdges) -> Bool {
      hasPercent(e.top) || hasPercent(e.leading) || hasPercent(e.bottom) || hasPercent(e.trailing)
    }
    let marginHasPercent = edgesHavePercent(s.pointee.marginLengths)
    let paddingHasPercent = edgesHavePercent(s.pointee.paddingLengths)
    let insetHasPercent = edgesHavePercent(s.pointee.insetLengths)
    let edgesHavePercents = marginHasPercent || paddingHasPercent || insetHasPercent
    let isContentBox = s.pointee.boxSizing == .contentBox
    needsBase =
      hasPercent(width) || hasPercent(height) || hasPercent(basis) || hasPercent(minWidth)
      || hasPercent(minHeight) || hasPercent(maxWidth) || hasPercent(maxHeight) || edgesHavePercents
      // A content-box flex basis gets the padding and border along the parent's main axis.
      || (isContentBox && basis.points != nil)
      || hasWidthKeywords || stretchBits != 0
    widthKeyword = intrinsic(keywords.width)
    minWidthKeyword = intrinsic(keywords.minWidth)
    maxWidthKeyword = intrinsic(keywords.maxWidth)
    minHeightKeyword = intrinsic(keywords.minHeight)
    maxHeightKeyword = intrinsic(keywords.maxHeight)
    flexBasisKeyword = intrinsic(keywords.basis)
    flexBasisIsPercent = basis.isPercent || stretchBits & StretchProperty.flexBasis != 0
    if let ratio = s.pointee.aspectRatio, ratio.isFinite, ratio > 0 {
      storedAspectRatio = Swift.min(Swift.max(ratio, 1 / limit), limit)
      aspectRatioIsContentBox = isContentBox
    }
    let overflow = s.pointee.overflow
    let isScrollContainer = overflow == .hidden || overflow == .scroll
    hasAutoMinWidth = minWidth.isAuto && !isScrollContainer
    hasAutoMinHeight = minHeight.isAuto && !isScrollContainer
    isAutoWidth = width.isAuto
    isAutoHeight = height.isAuto
    size = .none
    minSize = .zero
    maxSize = .none
    margin = .zero
    padding = .zero
    inset = InsetOffsets()
    self.firstChild = firstChild
    self.childCount = childCount
    self.measure = measure
    resolveLengths(s, widthBase: nil, heightBase: nil, basisAxis: nil, reportsChanges: false)
  }

  /// `percent`% of `base`, as Chromium computes it: the base in its layout unit (1/64 pt; a
  /// flexed size the engine keeps exact is one there, the nearest), the product in single
  /// precision, cut to the layout unit toward zero.
  @inline(__always)
  static func percentage(_ percent: Double, of base: Double) -> Double {
    let unitBase = (base * 64).rounded() / 64
    let value = Double(Float(unitBase) * Float(percent) / 100)
    return (value * 64).rounded(.towardZero) / 64
  }

  /// Resolves the lengths that may depend on the containing block: sizes, `flex-basis`,
  /// margins, padding and insets, against a containing block of `widthBase` × `heightBase`
  /// (`nil` where not definite), `flex-basis` against the base along `basisAxis` (the parent's
  /// main axis). Returns whether anything changed (false without looking when `reportsChanges` is false).
  ///
  /// Without a definite base a percentage behaves as CSS says: `width`/`height` and insets as
  /// `auto` ([CSS Sizing 3 §5.2.1](https://www.w3.org/TR/css-sizing-3/#cyclic-percentage-contribution),
  /// [CSS Position 3 §3.1](https://www.w3.org/TR/css-position-3/#insets)), minimum sizes as 0,
  /// maximum sizes as `none`, margins and padding as 0 (their percentages are of the
  /// containing block's width on all four edges,
  /// [CSS Box 3 §3.1](https://www.w3.org/TR/css-box-3/#margin-physical)), and `flex-basis` as
  /// `content` ([CSS Flexbox §7.2.3](https://www.w3.org/TR/css-flexbox-1/#flex-basis-property)).
  /// With `box-sizing: content-box`, definite sizes get the padding and border added.
  ///
  /// A `stretch` value is the base `stretch` names (by default the same containing block) less
  /// the margins along its axis, a border-box size whatever the `box-sizing`; without a base it
  /// behaves as a percentage does.
  @discardableResult
  mutating func resolveLengths(
    _ s: UnsafePointer<FlexStyle>, widthBase: Double?, heightBase: Double?, basisAxis: Axis?,
    stretch: StretchBase = .containingBlock, reportsChanges: Bool = true
  )
    -> Bool
  {
    let limit = FlexLayoutLimits.maxLength
    @inline(__always)
    func clampLength(_ v: Double) -> Double? { v.isFinite ? Swift.min(Swift.max(v, 0), limit) : nil }
    @inline(__always)
    func clampOffset(_ v: Double) -> Double? { v.isFinite ? Swift.min(Swift.max(v, -limit), limit) : nil }
    @inline(__always)
    func resolved(_ v: FlexLength?, base: Double?) -> Double? {
      switch v {
      case .points(let p)?: return p
      case .percent(let p)?: return base.map { Self.percentage(p, of: $0) }
      default: return nil
      }
    }
    @inline(__always)
    func length(_ v: FlexLength, base: Double?) -> Double? { resolved(v, base: base).flatMap(clampLength) }
    @inline(__always)
    func edge(_ v: FlexLength?, nonNegative: Bool) -> Double {
      guard let r = resolved(v, base: widthBase), let c = nonNegative ? clampLength(r) : clampOffset(r) else {
        return 0
      }
      return c
    }
    var newPadding = EdgeInsets(
      top: edge(s.pointee.paddingLengths.top, nonNegative: true),
      left: edge(s.pointee.paddingLengths.leading, nonNegative: true),
      bottom: edge(s.pointee.paddingLengths.bottom, nonNegative: true),
      right: edge(s.pointee.paddingLengths.trailing, nonNegative: true))
    var newMargin = EdgeInsets(
      top: edge(s.pointee.marginLengths.top, nonNegative: false),
      left: edge(s.pointee.marginLengths.leading, nonNegative: false),
      bottom: edge(s.pointee.marginLengths.bottom, nonNegative: false),
      right: edge(s.pointee.marginLengths.trailing, nonNegative: false))
    var newAuto: UInt8 = 0
    if s.pointee.marginLengths.top.isAuto { newAuto |= AutoMarginEdge.top }
    if s.pointee.marginLengths.leading.isAuto { newAuto |= AutoMarginEdge.left }
    if s.pointee.marginLengths.bottom.isAuto { newAuto |= AutoMarginEdge.bottom }
    if s.pointee.marginLengths.trailing.isAuto { newAuto |= AutoMarginEdge.right }
    // content-box sizes: add padding and border to definite sizes.
    let pb = newPadding + border
    let isContentBox = s.pointee.boxSizing == .contentBox
    @inline(__always)
    func boxed(_ v: Double?, _ axis: Axis) -> Double? {
      guard let v else { return nil }
      return isContentBox ? Swift.min(v + pb.sum(axis), limit) : v
    }
    var newSize = OptionalSize(
      width: boxed(length(s.pointee.widthLength, base: widthBase), .horizontal),
      height: boxed(length(s.pointee.heightLength, base: heightBase), .vertical))
    var newMin = Size(
      width: boxed(length(s.pointee.minWidthLength, base: widthBase), .horizontal) ?? 0,
      height: boxed(length(s.pointee.minHeightLength, base: heightBase), .vertical) ?? 0)
    var newMax = OptionalSize(
      width: boxed(length(s.pointee.maxWidthLength, base: widthBase), .horizontal),
      height: boxed(length(s.pointee.maxHeightLength, base: heightBase), .vertical))
    var newBasis: Double?
    var newBasisIsContent = false
    let stretchBits = stretchBits
    if stretchBits != 0 {
      // The size that makes the margin box fill the base (CSS Sizing 4 §3.1).
      let bases: (width: Double?, height: Double?)
      switch stretch {
      case .containingBlock: bases = (widthBase, heightBase)
      case .given(let width, let height): bases = (width, height)
      case .kept: bases = (nil, nil)
      }
      let isKept: Bool
      if case .kept = stretch { isKept = true } else { isKept = false }
      for axis in bothAxes {
        let bits = StretchProperty.sizes(axis)
        let base = axis == .horizontal ? bases.width : bases.height
        let fill = base.map { Swift.min(Swift.max($0 - newMargin.sum(axis), 0), limit) }
        if stretchBits & bits.size != 0 { newSize[axis] = isKept ? size[axis] : fill }
        if stretchBits & bits.min != 0 {
          if axis == .horizontal {
            newMin.width = isKept ? minSize.width : fill ?? 0
          } else {
            newMin.height = isKept ? minSize.height : fill ?? 0
          }
        }
        if stretchBits & bits.max != 0 { newMax[axis] = isKept ? maxSize[axis] : fill }
      }
    }
    switch s.pointee.flexBasisLength {
    case .stretch:
      // (Along the parent's main axis, against the base the percentages have.)
      let base = basisAxis.flatMap { $0 == .horizontal ? widthBase : heightBase }
      if let base, let axis = basisAxis {
        newBasis = Swift.min(Swift.max(base - newMargin.sum(axis), 0), limit)
      } else {
        newBasisIsContent = true
      }
    case .points(let p): newBasis = clampLength(p)
    case .percent:
      let base = basisAxis.flatMap { $0 == .horizontal ? widthBase : heightBase }
      if let base, let v = length(s.pointee.flexBasisLength, base: base) {
        newBasis = v
      } else {
        newBasisIsContent = true
      }
    case .content: newBasisIsContent = true
    default: newBasis = nil
    }
    if let basis = newBasis, isContentBox, let axis = basisAxis, stretchBits & StretchProperty.flexBasis == 0
    {
      newBasis = Swift.min(basis + pb.sum(axis), limit)
    }
    var newInset = InsetOffsets()
    if s.pointee.position != .static {
      newInset = InsetOffsets(
        top: resolved(s.pointee.insetLengths.top, base: heightBase).flatMap(clampOffset),
        left: resolved(s.pointee.insetLengths.leading, base: widthBase).flatMap(clampOffset),
        bottom: resolved(s.pointee.insetLengths.bottom, base: heightBase).flatMap(clampOffset),
        right: resolved(s.pointee.insetLengths.trailing, base: widthBase).flatMap(clampOffset))
    }
    if mirrorsChildren { swap(&newPadding.left, &newPadding.right) }
    if isMirroredChild {
      swap(&newMargin.left, &newMargin.right)
      (newInset.left, newInset.right) = (newInset.right, newInset.left)
      let left = newAuto & AutoMarginEdge.left != 0
      let right = newAuto & AutoMarginEdge.right != 0
      newAuto &= ~(AutoMarginEdge.left | AutoMarginEdge.right)
      if left { newAuto |= AutoMarginEdge.right }
      if right { newAuto |= AutoMarginEdge.left }
    }
    let changed =
      reportsChanges
      && (newSize != size || newMin != minSize || newMax != maxSize || newMargin != margin
        || newPadding != padding
        || newInset != inset || newBasis != flexBasis || newBasisIsContent != flexBasisIsContent
        || newAuto != autoMargins)
    size = newSize
    minSize = newMin
    maxSize = newMax
    margin = newMargin
    padding = newPadding
    inset = newInset
    flexBasis = newBasis
    flexBasisIsContent = newBasisIsContent
    autoMargins = newAuto
    return changed
  }
}
