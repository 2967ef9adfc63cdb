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
struct OptionalSize: Equatable {
  var width: Double?
  var height: Double?

  static let none = OptionalSize(width: nil, height: nil)

  subscript(axis: Axis) -> Double? {
    get { axis == .horizontal ? width : height }
    set { if axis == .horizontal { width = newValue } else { height = newValue } }
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

  static func + (a: EdgeInsets, b: EdgeInsets) -> EdgeInsets {
    EdgeInsets(
      top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
  }
}

/// Optional offsets (`top`/`left`/`bottom`/`right`; `nil` is `auto`), physical for left-to-right.
struct InsetOffsets: Equatable {
  var top: Double?
  var left: Double?
  var bottom: Double?
  var right: Double?

  func start(_ axis: Axis) -> Double? { axis == .horizontal ? left : top }
  func end(_ axis: Axis) -> Double? { axis == .horizontal ? right : bottom }
}

/// One box's style, resolved and sanitised for the engine, with its place in the flat tree.
struct ResolvedNode {
  var isHidden: Bool
  var isAbsolute: Bool
  var direction: FlexStyle.FlexDirection
  var wrap: FlexStyle.FlexWrap
  var justifyContent: FlexStyle.JustifyContent
  var alignItems: FlexStyle.AlignItems
  var alignSelf: FlexStyle.AlignSelf
  var alignContent: FlexStyle.AlignContent
  var flexGrow: Double
  var flexShrink: Double
  var flexBasis: Double?
  var size: OptionalSize
  var minSize: Size
  var maxSize: OptionalSize
  var margin: EdgeInsets
  var padding: EdgeInsets
  var border: EdgeInsets
  var inset: InsetOffsets
  var rowGap: Double
  var columnGap: Double
  /// Index of the first child in the flat arrays; children are contiguous.
  var firstChild: Int32
  var childCount: Int32
  /// Index into the measure closures, or -1.
  var measure: Int32

  /// Whether the box has a `width`, `height`, or a min/max size (so its sizing mode matters).
  var hasSizeConstraints: Bool {
    size.width != nil || size.height != nil || minSize.width > 0 || minSize.height > 0 || maxSize.width != nil
      || maxSize.height != nil
  }

  /// Padding plus border.
  var paddingBorder: EdgeInsets { padding + border }

  init(style s: FlexStyle, firstChild: Int32, childCount: Int32, measure: Int32) {
    let limit = FlexLayoutLimits.maxLength
    func length(_ v: Double?) -> Double? {
      guard let v, v.isFinite else { return nil }
      return Swift.min(Swift.max(v, 0), limit)
    }
    func factor(_ v: Double) -> Double { v.isFinite && v > 0 ? Swift.min(v, limit) : 0 }
    func gap(_ v: Double) -> Double { v.isFinite && v > 0 ? Swift.min(v, limit) : 0 }
    isHidden = s.display == .none
    isAbsolute = s.position == .absolute
    direction = s.flexDirection
    wrap = s.flexWrap
    justifyContent = s.justifyContent
    alignItems = s.alignItems
    alignSelf = s.alignSelf
    alignContent = s.alignContent
    flexGrow = factor(s.flexGrow)
    flexShrink = factor(s.flexShrink)
    flexBasis = length(s.flexBasis)
    size = OptionalSize(width: length(s.width), height: length(s.height))
    minSize = Size(width: length(s.minWidth) ?? 0, height: length(s.minHeight) ?? 0)
    maxSize = OptionalSize(width: length(s.maxWidth), height: length(s.maxHeight))
    margin = s.margin.insets(nonNegative: false)
    padding = s.padding.insets(nonNegative: true)
    border = s.border.insets(nonNegative: true)
    func offset(_ v: Double?) -> Double? {
      guard let v, v.isFinite else { return nil }
      return Swift.min(Swift.max(v, -limit), limit)
    }
    inset = InsetOffsets(
      top: offset(s.inset.top), left: offset(s.inset.leading), bottom: offset(s.inset.bottom),
      right: offset(s.inset.trailing))
    rowGap = gap(s.rowGap)
    columnGap = gap(s.columnGap)
    self.firstChild = firstChild
    self.childCount = childCount
    self.measure = measure
  }
}
