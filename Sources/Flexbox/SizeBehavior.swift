import LayoutGeometry

/// What a relative size closure is told about the space it may use.
public struct RelativeSizeOptions: Sendable, Hashable {
  /// The content-box space available: a definite width or height, `.infinity` when unconstrained
  /// (max-content), or 0 when the content's smallest size is asked for (min-content).
  public var containerSize: Size
  /// The content-box width the box will have, when the container has already decided it.
  public var knownWidth: Double?
  /// The content-box height the box will have, when the container has already decided it.
  public var knownHeight: Double?

  /// Creates options.
  public init(containerSize: Size, knownWidth: Double? = nil, knownHeight: Double? = nil) {
    self.containerSize = containerSize
    self.knownWidth = knownWidth
    self.knownHeight = knownHeight
  }
}

/// A closure measuring a box's content (text, an image) inside the space it is offered.
///
/// It returns the content-box size. A NaN, infinite or negative result is read as 0.
public typealias RelativeSizeClosure = @Sendable (RelativeSizeOptions) -> Size

/// How a ``Layout`` is sized (Core Layout's `SizeBehavior`): a mode plus minimum and maximum sizes.
///
/// ```swift
/// let atLeast = SizeBehavior(minWidth: 44, minHeight: 44)
/// let grows: SizeBehavior = .flexible(units: 2)
/// let fixed: SizeBehavior = .absolute(width: 97, height: 58)
/// let measured: SizeBehavior = .relative { options in Size(width: 80, height: 20) }
/// ```
public struct SizeBehavior: Sendable {
  /// The sizing mode.
  public var mode: Mode
  /// The smallest width (`min-width`).
  public var minWidth: Double?
  /// The smallest height (`min-height`).
  public var minHeight: Double?
  /// The largest width (`max-width`).
  public var maxWidth: Double?
  /// The largest height (`max-height`).
  public var maxHeight: Double?

  /// The sizing modes.
  public enum Mode: Sendable {
    /// Sized by content; shrinks when the line overflows, never grows (the default).
    case flexibleShrinksButDoesntGrow
    /// Grows (and shrinks) to share the line's space, in proportion to `units`.
    case flexible(units: UInt)
    /// A fixed width and/or height; does not grow or shrink.
    case absolute(width: Double?, height: Double?)
    /// Sized by a closure measuring the content inside the offered space.
    case relative(RelativeSizeClosure)
  }

  /// Creates a size behaviour.
  public init(
    mode: Mode = .flexibleShrinksButDoesntGrow, minWidth: Double? = nil, minHeight: Double? = nil,
    maxWidth: Double? = nil, maxHeight: Double? = nil
  ) {
    self.mode = mode
    self.minWidth = minWidth
    self.minHeight = minHeight
    self.maxWidth = maxWidth
    self.maxHeight = maxHeight
  }

  /// The default: sized by content, shrinks but does not grow.
  public static var flexibleShrinksButDoesntGrow: SizeBehavior { SizeBehavior() }

  /// Grows to fill the line, sharing free space in proportion to `units` (`flex: units 1 0`).
  public static func flexible(units: UInt = 1) -> SizeBehavior { SizeBehavior(mode: .flexible(units: units)) }

  /// A fixed width and/or height (`flex: 0 0 auto` with `width`/`height`).
  public static func absolute(width: Double? = nil, height: Double? = nil) -> SizeBehavior {
    SizeBehavior(mode: .absolute(width: width, height: height))
  }

  /// Sized by `closure`, which measures the content inside the space offered.
  public static func relative(closure: @escaping RelativeSizeClosure) -> SizeBehavior {
    SizeBehavior(mode: .relative(closure))
  }
}
