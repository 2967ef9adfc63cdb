#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A point in a layout's coordinate space: x grows to the right, y grows downwards.
///
/// Coordinates are `Double`, the width of `CGFloat` on 64-bit Apple platforms, so frames computed
/// here match the ones UIKit would compute bit for bit.
///
/// `Codable` as `{"x": 10, "y": 20}` (the keys are the property names, a stable form).
public struct Point: Sendable, Hashable, Codable, CustomStringConvertible, BitwiseCopyable {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate.
  public var y: Double

  /// Creates a point.
  @inlinable
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, `(0, 0)`.
  public static let zero = Point(x: 0, y: 0)

  /// The coordinate along `axis`.
  @inlinable
  public subscript(axis: Axis) -> Double {
    get { axis == .horizontal ? x : y }
    set { if axis == .horizontal { x = newValue } else { y = newValue } }
  }

  /// The point moved by `dx` and `dy`.
  @inlinable
  public func offsetBy(dx: Double = 0, dy: Double = 0) -> Point {
    Point(x: x + dx, y: y + dy)
  }

  /// Whether both coordinates are finite numbers.
  @inlinable
  public var isFinite: Bool { x.isFinite && y.isFinite }

  public var description: String { "(\(formatted(x)), \(formatted(y)))" }
}

/// A width and a height.
///
/// `Codable` as `{"width": 375, "height": 44}` (the feed format's form of a size).
public struct Size: Sendable, Hashable, Codable, CustomStringConvertible, BitwiseCopyable {
  /// The extent along the horizontal axis.
  public var width: Double
  /// The extent along the vertical axis.
  public var height: Double

  /// Creates a size.
  @inlinable
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The empty size, `0 × 0`.
  public static let zero = Size(width: 0, height: 0)

  /// The extent along `axis`.
  @inlinable
  public subscript(axis: Axis) -> Double {
    get { axis == .horizontal ? width : height }
    set { if axis == .horizontal { width = newValue } else { height = newValue } }
  }

  /// Whether both extents are finite numbers.
  @inlinable
  public var isFinite: Bool { width.isFinite && height.isFinite }

  /// Whether both extents are finite and not negative: the sizes a layout accepts as input.
  @inlinable
  public var isValidLayoutSize: Bool { isFinite && width >= 0 && height >= 0 }

  /// The size grown by `insets` (a cell's laid-out size: its size plus its insets).
  @inlinable
  public func outset(by insets: EdgeInsets) -> Size {
    Size(width: width + insets.horizontal, height: height + insets.vertical)
  }

  public var description: String { "\(formatted(width))×\(formatted(height))" }
}

/// A rectangle given by its origin (top-left corner) and size.
///
/// `Codable` as `{"x": 0, "y": 5, "width": 375, "height": 44}`, the form of every frame in
/// the layout output (see ``init(from:)``).
public struct Rect: Sendable, Hashable, Codable, CustomStringConvertible, BitwiseCopyable {
  /// The top-left corner.
  public var origin: Point
  /// The extent.
  public var size: Size

  /// Creates a rectangle from an origin and a size.
  @inlinable
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its four scalars.
  @inlinable
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.origin = Point(x: x, y: y)
    self.size = Size(width: width, height: height)
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The origin's x.
  @inlinable public var x: Double {
    get { origin.x }
    set { origin.x = newValue }
  }
  /// The origin's y.
  @inlinable public var y: Double {
    get { origin.y }
    set { origin.y = newValue }
  }
  /// The width.
  @inlinable public var width: Double {
    get { size.width }
    set { size.width = newValue }
  }
  /// The height.
  @inlinable public var height: Double {
    get { size.height }
    set { size.height = newValue }
  }

  /// The smallest x.
  @inlinable public var minX: Double { origin.x }
  /// The smallest y.
  @inlinable public var minY: Double { origin.y }
  /// The largest x: `x + width`.
  @inlinable public var maxX: Double { origin.x + size.width }
  /// The largest y: `y + height`.
  @inlinable public var maxY: Double { origin.y + size.height }
  /// The horizontal centre.
  @inlinable public var midX: Double { origin.x + size.width / 2 }
  /// The vertical centre.
  @inlinable public var midY: Double { origin.y + size.height / 2 }

  /// The smallest coordinate along `axis`.
  @inlinable
  public func min(_ axis: Axis) -> Double { origin[axis] }
  /// The largest coordinate along `axis`.
  @inlinable
  public func max(_ axis: Axis) -> Double { origin[axis] + size[axis] }

  /// Whether the rectangle has no area.
  @inlinable
  public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

  /// Whether all four scalars are finite.
  @inlinable
  public var isFinite: Bool { origin.isFinite && size.isFinite }

  /// Whether the two rectangles share a region of positive area.
  ///
  /// Rectangles that only touch along an edge do not intersect, and an empty rectangle
  /// intersects nothing (as `CGRectIntersectsRect` on empty rectangles).
  @inlinable
  public func intersects(_ other: Rect) -> Bool {
    guard !isEmpty, !other.isEmpty else { return false }
    return minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
  }

  /// The overlap of two rectangles, or `nil` when they do not intersect.
  @inlinable
  public func intersection(_ other: Rect) -> Rect? {
    guard intersects(other) else { return nil }
    let x0 = Swift.max(minX, other.minX)
    let y0 = Swift.max(minY, other.minY)
    return Rect(
      x: x0, y: y0, width: Swift.min(maxX, other.maxX) - x0, height: Swift.min(maxY, other.maxY) - y0)
  }

  /// The smallest rectangle containing both.
  @inlinable
  public func union(_ other: Rect) -> Rect {
    let x0 = Swift.min(minX, other.minX)
    let y0 = Swift.min(minY, other.minY)
    return Rect(
      x: x0, y: y0, width: Swift.max(maxX, other.maxX) - x0, height: Swift.max(maxY, other.maxY) - y0)
  }

  /// Whether `point` lies inside: the top and left edges are inside, the bottom and right are not.
  @inlinable
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// Whether `other` lies entirely inside, edges included.
  @inlinable
  public func contains(_ other: Rect) -> Bool {
    other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }

  /// The rectangle shrunk by `insets` on each edge (`UIEdgeInsetsInsetRect`).
  @inlinable
  public func inset(by insets: EdgeInsets) -> Rect {
    Rect(
      x: minX + insets.left, y: minY + insets.top,
      width: size.width - insets.horizontal, height: size.height - insets.vertical)
  }

  /// The rectangle grown by `insets` on each edge.
  @inlinable
  public func outset(by insets: EdgeInsets) -> Rect {
    Rect(
      x: minX - insets.left, y: minY - insets.top,
      width: size.width + insets.horizontal, height: size.height + insets.vertical)
  }

  /// The rectangle moved by `dx` and `dy`.
  @inlinable
  public func offsetBy(dx: Double = 0, dy: Double = 0) -> Rect {
    Rect(origin: origin.offsetBy(dx: dx, dy: dy), size: size)
  }

  /// The rectangle mirrored horizontally inside a container of the given width
  /// (a right-to-left layout's frame from a left-to-right one).
  @inlinable
  public func mirrored(inWidth containerWidth: Double) -> Rect {
    Rect(x: containerWidth - maxX, y: minY, width: size.width, height: size.height)
  }

  public var description: String {
    "(\(formatted(minX)), \(formatted(minY)), \(formatted(size.width)), \(formatted(size.height)))"
  }

  /// The keys of a rectangle's `Codable` form: `{"x": 0, "y": 5, "width": 375, "height": 44}`,
  /// the form of every frame in the layout output.
  private enum CodingKeys: String, CodingKey {
    case x, y, width, height
    // The nested form earlier versions wrote, still read.
    case origin, size
  }

  /// Encodes the rectangle as `{"x": …, "y": …, "width": …, "height": …}` (the frames of the
  /// layout output are written so).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(origin.x, forKey: .x)
    try container.encode(origin.y, forKey: .y)
    try container.encode(size.width, forKey: .width)
    try container.encode(size.height, forKey: .height)
  }

  /// Decodes a rectangle written as `{"x": …, "y": …, "width": …, "height": …}`, or in the
  /// nested form `{"origin": {"x": …, "y": …}, "size": {"width": …, "height": …}}` that
  /// versions before 0.2 wrote.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if container.contains(.origin) || container.contains(.size) {
      self.init(
        origin: try container.decode(Point.self, forKey: .origin),
        size: try container.decode(Size.self, forKey: .size))
    } else {
      self.init(
        x: try container.decode(Double.self, forKey: .x), y: try container.decode(Double.self, forKey: .y),
        width: try container.decode(Double.self, forKey: .width),
        height: try container.decode(Double.self, forKey: .height))
    }
  }
}

/// Distances inside the four edges of a rectangle, as `UIEdgeInsets`.
///
/// ```
///        ┌──────────── top ────────────┐
///        │  ┌───────────────────────┐  │
///   left │  │        content        │  │ right
///        │  └───────────────────────┘  │
///        └─────────── bottom ──────────┘
/// ```
///
/// `Codable` as `{"top": 0, "left": 8, "bottom": 0, "right": 8}`: every key is required (the
/// feed format's insets, where missing keys are 0, are read by the feed reader).
public struct EdgeInsets: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The inset from the top edge.
  public var top: Double
  /// The inset from the left edge.
  public var left: Double
  /// The inset from the bottom edge.
  public var bottom: Double
  /// The inset from the right edge.
  public var right: Double

  /// Creates insets from the four edges (UIKit's order: top, left, bottom, right).
  @inlinable
  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// The same inset on every edge.
  @inlinable
  public init(all value: Double) {
    self.init(top: value, left: value, bottom: value, right: value)
  }

  /// No inset.
  public static let zero = EdgeInsets()

  /// `left + right`.
  @inlinable public var horizontal: Double { left + right }
  /// `top + bottom`.
  @inlinable public var vertical: Double { top + bottom }

  /// The sum of the two insets along `axis`.
  @inlinable
  public func total(_ axis: Axis) -> Double { axis == .horizontal ? horizontal : vertical }

  /// The inset at the start of `axis` (left or top).
  @inlinable
  public func leading(_ axis: Axis) -> Double { axis == .horizontal ? left : top }

  /// The inset at the end of `axis` (right or bottom).
  @inlinable
  public func trailing(_ axis: Axis) -> Double { axis == .horizontal ? right : bottom }

  /// The insets with left and right exchanged (a right-to-left layout's view of them).
  @inlinable
  public var mirrored: EdgeInsets { EdgeInsets(top: top, left: right, bottom: bottom, right: left) }

  /// Whether all four are finite.
  @inlinable
  public var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }

  /// Whether all four are finite and not negative.
  @inlinable
  public var isValidLayoutInsets: Bool { isFinite && top >= 0 && left >= 0 && bottom >= 0 && right >= 0 }

  public var description: String {
    "(top: \(formatted(top)), left: \(formatted(left)), bottom: \(formatted(bottom)), right: \(formatted(right)))"
  }
}

/// One of the two axes of a plane.
public enum Axis: String, Sendable, Hashable, Codable, CaseIterable {
  case horizontal
  case vertical

  /// The other axis.
  @inlinable
  public var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// The reading direction of a layout: where "leading" and "trailing" are.
public enum LayoutDirection: String, Sendable, Hashable, Codable, CaseIterable {
  /// Left to right: leading is left.
  case ltr
  /// Right to left: leading is right, and layouts are mirrored.
  case rtl
}

/// A number written the shortest way that reads back to the same `Double`
/// (`12` rather than `12.0`), for descriptions and generated source.
package func formatted(_ value: Double) -> String {
  if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
    return String(Int64(value))
  }
  return "\(value)"
}
