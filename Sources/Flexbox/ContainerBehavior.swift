import LayoutGeometry

/// How a ``Layout`` arranges its children (Core Layout's `ContainerBehavior`).
///
/// ```swift
/// ContainerBehavior(primaryAxis: .horizontal, primaryAxisDistribution: .spaceBetween, shouldWrap: true)
/// ```
///
/// Each property maps to one CSS property through ``CoreLayoutMapping``.
public struct ContainerBehavior: Sendable, Hashable {
  /// The axis children are placed along (`flex-direction`); `.vertical` by default.
  public var primaryAxis: Axis
  /// How children are spread along the primary axis (`justify-content`).
  public var primaryAxisDistribution: PrimaryAxisDistribution
  /// How children are placed across the primary axis (`align-items`).
  public var secondaryAxisDistribution: SecondaryAxisDistribution
  /// How lines are spread across the primary axis when wrapping (`align-content`).
  public var secondaryAxisDistributionWhenWrapping: SecondaryAxisDistributionWhenWrapping
  /// Whether children flow onto further lines (`flex-wrap: wrap`).
  public var shouldWrap: Bool
  /// Whether children run from the trailing (or bottom) end (`row-reverse`/`column-reverse`).
  public var isReversed: Bool
  /// Whether new lines stack towards the top or leading side (`flex-wrap: wrap-reverse`).
  public var wrapsReversed: Bool
  /// Space between neighbouring children in a line.
  ///
  /// ```
  ///  ┌───┐ gap ┌───┐ gap ┌───┐
  ///  │ 1 │<--->│ 2 │<--->│ 3 │
  ///  └───┘     └───┘     └───┘
  /// ```
  public var primaryAxisGap: Double
  /// Space between neighbouring lines of a wrapping container.
  public var secondaryAxisGap: Double

  /// Creates a container behaviour; every argument has Core Layout's default.
  public init(
    primaryAxis: Axis = .vertical,
    primaryAxisDistribution: PrimaryAxisDistribution = .leading,
    secondaryAxisDistribution: SecondaryAxisDistribution = .stretch,
    secondaryAxisDistributionWhenWrapping: SecondaryAxisDistributionWhenWrapping = .leading,
    shouldWrap: Bool = false,
    isReversed: Bool = false,
    wrapsReversed: Bool = false,
    primaryAxisGap: Double = 0,
    secondaryAxisGap: Double = 0
  ) {
    self.primaryAxis = primaryAxis
    self.primaryAxisDistribution = primaryAxisDistribution
    self.secondaryAxisDistribution = secondaryAxisDistribution
    self.secondaryAxisDistributionWhenWrapping = secondaryAxisDistributionWhenWrapping
    self.shouldWrap = shouldWrap
    self.isReversed = isReversed
    self.wrapsReversed = wrapsReversed
    self.primaryAxisGap = primaryAxisGap
    self.secondaryAxisGap = secondaryAxisGap
  }
}

/// Distribution of children along the primary axis (`justify-content`).
public enum PrimaryAxisDistribution: String, Sendable, Hashable, CaseIterable {
  /// Packed at the leading (or top) end.
  case leading
  /// Packed in the middle.
  case center
  /// Packed at the trailing (or bottom) end.
  case trailing
  /// Equal space around each child (half-size at the ends).
  case spaceAround
  /// Equal space between children, none at the ends.
  case spaceBetween
  /// Equal space between children and at both ends.
  case spaceEvenly
}

/// Placement of children across the primary axis (`align-items`, `align-self`).
public enum SecondaryAxisDistribution: String, Sendable, Hashable, CaseIterable {
  /// At the leading (or top) side of the line.
  case leading
  /// In the middle of the line.
  case center
  /// At the trailing (or bottom) side of the line.
  case trailing
  /// Stretched to the line's cross size when the child's cross size is not set.
  case stretch
  /// Aligned by the children's first baselines in a horizontal container (`align-items:
  /// baseline`); by the left edges of their boxes in a vertical one.
  case baseline
}

/// Distribution of lines across the primary axis when wrapping (`align-content`).
public enum SecondaryAxisDistributionWhenWrapping: String, Sendable, Hashable, CaseIterable {
  /// Lines packed at the start.
  case leading
  /// Lines packed in the middle.
  case center
  /// Lines packed at the end.
  case trailing
  /// Lines grown to share the free space.
  case stretch
  /// Equal space around each line.
  case spaceAround
  /// Equal space between lines.
  case spaceBetween
  /// Equal space between lines and at both ends.
  case spaceEvenly
}
