import LayoutGeometry

/// The container an item is being laid out in: its bounds and the insets of its layout area.
///
/// ```
///   ┌─────────────────── bounds ───────────────────┐
///   │            insets.top                        │
///   │         ┌──────── layoutArea ────────┐       │
///   │ insets. │                            │insets.│
///   │  left   │   items are placed here    │ right │
///   │         └────────────────────────────┘       │
///   │            insets.bottom                     │
///   └──────────────────────────────────────────────┘
/// ```
public struct ContainerDescription: Sendable, Hashable {
  /// The container's bounds, in the coordinates frames are returned in.
  public var bounds: Rect
  /// The insets of the layout area inside the bounds.
  public var insets: EdgeInsets

  /// Creates a description.
  public init(bounds: Rect, insets: EdgeInsets) {
    self.bounds = bounds
    self.insets = insets
  }

  /// The bounds inset by the layout insets: where items go.
  @inlinable
  public var layoutArea: Rect { bounds.inset(by: insets) }
}

/// What an item is told about the item laid out before it: where it is and what it asked for.
public struct PreviousItem<Value: Sendable>: Sendable {
  /// What the previous item is (its value, or a nested container); its decorations are not kept.
  public var content: SequentialItem<Value>.Content
  /// Its index among the container's arranged items.
  public var index: Int
  /// Its frame (padding not included).
  public var frame: Rect
  /// Its spacing.
  public var spacing: EdgeInsets
  /// Its padding.
  public var padding: EdgeInsets

  /// Creates a description of a previous item.
  public init(
    content: SequentialItem<Value>.Content, index: Int, frame: Rect, spacing: EdgeInsets, padding: EdgeInsets
  ) {
    self.content = content
    self.index = index
    self.frame = frame
    self.spacing = spacing
    self.padding = padding
  }

  /// The previous item's value, or `nil` for a nested container.
  @inlinable
  public var value: Value? {
    if case .value(let value) = content { return value }
    return nil
  }

  /// The frame grown by the padding: the space the previous item occupies.
  @inlinable
  public var paddedFrame: Rect { frame.outset(by: padding) }
}

/// Everything a frame calculator needs, in one value.
///
/// ```
///   ┌ container.bounds ─────────────────────────┐
///   │  ┌ container.layoutArea ───────────────┐  │
///   │  │ ┌──────────┐                        │  │
///   │  │ │ previous │  previous.frame,       │  │
///   │  │ └──────────┘  .spacing, .padding    │  │
///   │  │      gap = max(previous.spacing.bottom, spacing.top)
///   │  │ ┌──────────┐                        │  │
///   │  │ │   item   │  sizeCalculator,       │  │
///   │  │ └──────────┘  spacing, padding      │  │
///   │  └─────────────────────────────────────┘  │
///   └───────────────────────────────────────────┘
/// ```
public struct FrameCalculatorArguments<Value: Sendable>: Sendable {
  /// The item being placed.
  public var item: SequentialItem<Value>
  /// Its index among the container's arranged items.
  public var index: Int
  /// The item's effective size calculator (its own, the container's default, or intrinsic).
  public var sizeCalculator: SizeCalculator<Value>
  /// The item's spacing: the minimum distance it asks for from its neighbours.
  public var spacing: EdgeInsets
  /// The item's padding: extra space outside its frame (may be negative).
  public var padding: EdgeInsets
  /// The container's bounds and layout insets.
  public var container: ContainerDescription
  /// The previous item, or `nil` for the first item laid out.
  public var previous: PreviousItem<Value>?
  /// Whether this is a dry layout to find the container's size.
  public var isSizing: Bool

  /// Creates arguments (the container does this; tests and composed calculators may too).
  public init(
    item: SequentialItem<Value>, index: Int = 0, sizeCalculator: SizeCalculator<Value>,
    spacing: EdgeInsets = .zero, padding: EdgeInsets = .zero, container: ContainerDescription,
    previous: PreviousItem<Value>? = nil, isSizing: Bool = false
  ) {
    self.item = item
    self.index = index
    self.sizeCalculator = sizeCalculator
    self.spacing = spacing
    self.padding = padding
    self.container = container
    self.previous = previous
    self.isSizing = isSizing
  }

  /// The item's preferred size when it should fit in `fittingSize` (padding already removed).
  @inlinable
  public func size(fitting fittingSize: Size) -> Size {
    sizeCalculator(SizeCalculatorArguments(item: item, container: container, fittingSize: fittingSize))
  }
}

/// What a size calculator is given.
public struct SizeCalculatorArguments<Value: Sendable>: Sendable {
  /// The item being sized.
  public var item: SequentialItem<Value>
  /// The container it is laid out in.
  public var container: ContainerDescription
  /// The size to fit in: the space offered, less the item's padding.
  public var fittingSize: Size

  /// Creates arguments.
  public init(item: SequentialItem<Value>, container: ContainerDescription, fittingSize: Size) {
    self.item = item
    self.container = container
    self.fittingSize = fittingSize
  }
}

/// What spacing, padding and options calculators are given.
public struct ItemCalculatorArguments<Value: Sendable>: Sendable {
  /// The item.
  public var item: SequentialItem<Value>
  /// The container it is laid out in.
  public var container: ContainerDescription

  /// Creates arguments.
  public init(item: SequentialItem<Value>, container: ContainerDescription) {
    self.item = item
    self.container = container
  }
}

/// What a layout observer is given.
public struct LayoutObserverArguments<Value: Sendable>: Sendable {
  /// The item laid out.
  public var item: SequentialItem<Value>
  /// Its index among the container's arranged items.
  public var index: Int
  /// Its computed frame, in the container's coordinates.
  public var frame: Rect
  /// Whether this was a dry layout to find the container's size.
  public var isSizing: Bool

  /// Creates arguments.
  public init(item: SequentialItem<Value>, index: Int, frame: Rect, isSizing: Bool) {
    self.item = item
    self.index = index
    self.frame = frame
    self.isSizing = isSizing
  }
}
