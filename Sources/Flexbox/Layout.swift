import LayoutGeometry

/// A box in a layout tree: its style, an optional content measurement and its children.
///
/// Build trees with Core Layout's vocabulary:
///
/// ```swift
/// let layout = Layout(
///   container: ContainerBehavior(primaryAxis: .vertical),
///   padding: Edges(all: 8),
///   children: [Layout(size: SizeBehavior(minHeight: 44))]
/// )
/// let computed = layout.compute(with: Size(width: 160, height: 284))
/// // ComputedLayout(frame: Rect(x: 0, y: 0, width: 160, height: 284), children: [
/// //   ComputedLayout(frame: Rect(x: 8, y: 8, width: 144, height: 44))])
/// ```
///
/// or with CSS's, through ``style``. The Core Layout properties (``container``, ``size``,
/// ``margin``…) read and write ``style`` through ``CoreLayoutMapping``.
public struct Layout: Sendable, BoxedChildren {
  /// A name carried to the ``ComputedLayout`` (and shown in pictures and JSON).
  public var identifier: String?
  /// The CSS flexbox properties: the single source of truth for the engine.
  public var style: FlexStyle
  /// Measures the content of a leaf (set by ``SizeBehavior/relative(closure:)``).
  public var measure: RelativeSizeClosure?
  /// For a measured leaf, the distance from the top of its content box to the baseline of its
  /// first line of text, if it has one (``MonospaceText`` sets it). A box without a baseline is
  /// aligned by the bottom of its border box in baseline alignment (CSS Box Alignment 3 §9.1).
  public var firstBaseline: Double?
  /// The boxes laid out inside this one.
  ///
  /// A value like any array: copies of a layout share their children until one of them changes
  /// them. Releasing a tree of any depth does not recurse.
  public var children: [Layout] {
    get { boxedChildren }
    set { boxedChildren = newValue }
    _modify { yield &boxedChildren }
  }

  /// ``children`` in a box of their own (see `ChildStorage.swift`), `nil` when there are none.
  var childStorage: ChildBox<Layout>?

  /// Creates a layout from CSS properties.
  public init(
    identifier: String? = nil, style: FlexStyle, measure: RelativeSizeClosure? = nil, children: [Layout] = []
  ) {
    self.identifier = identifier
    self.style = style
    self.measure = measure
    self.childStorage = children.isEmpty ? nil : ChildBox(children)
  }

  /// Creates a layout with Core Layout's vocabulary.
  ///
  /// - Parameters:
  ///   - identifier: A name carried to the computed layout.
  ///   - container: How the children are arranged.
  ///   - overriddenSecondaryAxisDistribution: Overrides the parent's secondary-axis distribution.
  ///   - overriddenPosition: Takes the box out of flow and places it against its parent.
  ///   - size: The sizing mode and minimum/maximum sizes.
  ///   - margin: Space outside the box.
  ///   - padding: Space inside the box, around the children.
  ///   - border: Border widths, inside the box, outside the padding.
  ///   - isIncludedInLayout: `false` removes the box from layout (`display: none`).
  ///   - children: The boxes inside.
  public init(
    identifier: String? = nil,
    container: ContainerBehavior? = nil,
    overriddenSecondaryAxisDistribution: SecondaryAxisDistribution? = nil,
    overriddenPosition: OverriddenPosition? = nil,
    size: SizeBehavior = .flexibleShrinksButDoesntGrow,
    margin: Edges = .zero,
    padding: Edges = .zero,
    border: Edges = .zero,
    isIncludedInLayout: Bool = true,
    children: [Layout] = []
  ) {
    self.identifier = identifier
    self.style = FlexStyle()
    self.measure = nil
    self.childStorage = children.isEmpty ? nil : ChildBox(children)
    self.container = container
    self.overriddenSecondaryAxisDistribution = overriddenSecondaryAxisDistribution
    self.overriddenPosition = overriddenPosition
    self.size = size
    self.margin = margin
    self.padding = padding
    self.border = border
    self.isIncludedInLayout = isIncludedInLayout
  }

  /// Creates a layout whose margin is given before its size (the order some Core Layout examples use).
  public init(
    identifier: String? = nil,
    container: ContainerBehavior? = nil,
    overriddenSecondaryAxisDistribution: SecondaryAxisDistribution? = nil,
    overriddenPosition: OverriddenPosition? = nil,
    margin: Edges,
    size: SizeBehavior = .flexibleShrinksButDoesntGrow,
    padding: Edges = .zero,
    border: Edges = .zero,
    isIncludedInLayout: Bool = true,
    children: [Layout] = []
  ) {
    self.init(
      identifier: identifier, container: container,
      overriddenSecondaryAxisDistribution: overriddenSecondaryAxisDistribution,
      overriddenPosition: overriddenPosition, size: size, margin: margin, padding: padding, border: border,
      isIncludedInLayout: isIncludedInLayout, children: children)
  }

  /// Creates a layout placed at absolute offsets from its container (Core Layout's
  /// `overriddenPosition: Edges(…)`).
  public init(
    identifier: String? = nil,
    container: ContainerBehavior? = nil,
    overriddenSecondaryAxisDistribution: SecondaryAxisDistribution? = nil,
    overriddenPosition: Edges,
    size: SizeBehavior = .flexibleShrinksButDoesntGrow,
    margin: Edges = .zero,
    padding: Edges = .zero,
    border: Edges = .zero,
    isIncludedInLayout: Bool = true,
    children: [Layout] = []
  ) {
    self.init(
      identifier: identifier, container: container,
      overriddenSecondaryAxisDistribution: overriddenSecondaryAxisDistribution,
      overriddenPosition: .absolute(overriddenPosition), size: size, margin: margin, padding: padding,
      border: border, isIncludedInLayout: isIncludedInLayout, children: children)
  }
}

extension Layout: CustomReflectable {
  /// The identifier, style, measure closure and children, as the stored properties were
  /// shown before the children moved into a box of their own.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "identifier": identifier as Any, "style": style, "measure": measure as Any, "children": children,
      ],
      displayStyle: .struct)
  }
}

/// Where a box goes when its container's arrangement is overridden.
///
/// ```
///  container ┌──────────────────────┐
///            │  top                 │
///            │   ↓                  │
///            │──→┌────┐             │
///            │lead│box│             │
///            │   └────┘             │
///            └──────────────────────┘
/// ```
public enum OverriddenPosition: Sendable, Hashable {
  /// Out of flow, at these offsets from the container's padding box (`position: absolute`).
  case absolute(Edges)
  /// In flow, then moved by these offsets (`position: relative` with insets).
  case relative(Edges)
}
