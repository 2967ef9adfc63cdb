import LayoutGeometry

/// A reusable rule that places one item: given everything about the item, its container and the
/// item laid out before it, returns the item's frame in the container's coordinates.
///
/// Frame calculators are the heart of sequential layout. The standard library
/// (``FrameCalculator/containerLeftAlignedVStack``, ``FrameCalculator/topAlignedFlow``, …) covers
/// most needs; custom ones are closures, usually built from the placement helpers on
/// ``FrameCalculatorArguments`` or from other calculators:
///
/// ```swift
/// // Right-aligned under the previous item, 8 points in from the container's right edge.
/// let indentedRight = FrameCalculator<String> { args in
///   FrameCalculator.containerRightAlignedVStack(args).offsetBy(dx: -8)
/// }
/// ```
///
/// A calculator should follow the seed's best practices: spacing to a neighbour is the larger of
/// the facing pair, padding lies outside the frame and is subtracted from the fitting size, and
/// the absence of a previous item is handled sensibly (usually by aligning to the container).
public struct FrameCalculator<Value: Sendable>: Sendable {
  /// Which standard calculator this is, or `nil` for a custom one.
  public let kind: StandardFrameCalculator?

  /// Whether the frames this calculator returns may depend on the container's height.
  ///
  /// Custom calculators are assumed to (`true`). Standard calculators that only stack
  /// downwards from the container's top or the previous item say `false`, which lets
  /// ``SequentialSection`` skip its second pass.
  public let dependsOnContainerHeight: Bool

  @usableFromInline
  let body: @Sendable (FrameCalculatorArguments<Value>) -> Rect

  /// Creates a calculator from a closure.
  ///
  /// - Parameters:
  ///   - dependsOnContainerHeight: Whether the result may change with the container's height.
  ///   - body: The rule: arguments in, frame out.
  public init(
    dependsOnContainerHeight: Bool = true,
    _ body: @escaping @Sendable (FrameCalculatorArguments<Value>) -> Rect
  ) {
    self.init(kind: nil, dependsOnContainerHeight: dependsOnContainerHeight, body)
  }

  @usableFromInline
  init(
    kind: StandardFrameCalculator?, dependsOnContainerHeight: Bool,
    _ body: @escaping @Sendable (FrameCalculatorArguments<Value>) -> Rect
  ) {
    self.kind = kind
    self.dependsOnContainerHeight = dependsOnContainerHeight
    self.body = body
  }

  /// The standard name of the calculator (`"topAlignedFlow"`), or `nil` for a custom one.
  /// Errors name the calculator with it.
  @inlinable
  public var name: String? { kind?.rawValue }

  /// Computes the frame for `arguments`.
  @inlinable
  public func callAsFunction(_ arguments: FrameCalculatorArguments<Value>) -> Rect {
    body(arguments)
  }

  /// A calculator that always returns `frame` (the seed's `withSQFrame`).
  public static func fixed(_ frame: Rect) -> FrameCalculator {
    FrameCalculator(dependsOnContainerHeight: false) { _ in frame }
  }
}

/// Returns an item's preferred size given the size it should fit in (`sizeThatFits`).
///
/// A constant size is stored without a closure, so ``SizeCalculator/fixed(_:)`` costs no
/// allocation; that is what the list's fixed-size items use.
///
/// ```swift
/// // Text-like: ten points per character, wrapped to the width offered.
/// let text = SizeCalculator<String> { args in
///   let width = min(Double(args.item.value!.count) * 10, args.fittingSize.width)
///   let lines = (Double(args.item.value!.count) * 10 / max(width, 1)).rounded(.up)
///   return Size(width: width, height: lines * 20)
/// }
/// ```
public struct SizeCalculator<Value: Sendable>: Sendable {
  @usableFromInline
  enum Storage: Sendable {
    case fixed(Size)
    case closure(@Sendable (SizeCalculatorArguments<Value>) -> Size)
  }

  @usableFromInline
  let storage: Storage

  /// Creates a calculator from a closure that is given the fitting size.
  public init(_ body: @escaping @Sendable (SizeCalculatorArguments<Value>) -> Size) {
    storage = .closure(body)
  }

  /// A calculator that returns `size` whatever the fitting size (the seed's `withSQSize`).
  public static func fixed(_ size: Size) -> SizeCalculator {
    SizeCalculator(storage: .fixed(size))
  }

  private init(storage: Storage) { self.storage = storage }

  /// The constant size, when this calculator was made with ``fixed(_:)``.
  public var fixedSize: Size? {
    if case .fixed(let size) = storage { return size }
    return nil
  }

  /// Computes the size for `arguments`.
  @inlinable
  public func callAsFunction(_ arguments: SizeCalculatorArguments<Value>) -> Size {
    switch storage {
    case .fixed(let size): return size
    case .closure(let body): return body(arguments)
    }
  }

  /// The size an item has when nothing else is said: a nested container's
  /// ``SequentialContainer/sizeThatFits(_:)`` (a dry layout), a value's own answer when it
  /// conforms to ``SequentialSizing``, and `.zero` otherwise.
  public static var intrinsic: SizeCalculator {
    SizeCalculator { args in
      switch args.item.content {
      case .container(let container):
        // A failing nested layout cannot throw through a size calculator: its size is NaN,
        // which the enclosing layout reports as a non-finite frame naming this item.
        return (try? container.sizeThatFits(args.fittingSize)) ?? Size(width: .nan, height: .nan)
      case .value(let value):
        return (value as? any SequentialSizing)?.sizeThatFits(args.fittingSize) ?? .zero
      }
    }
  }
}

/// A value that knows its own size, so it needs no ``SizeCalculator`` (as a view's `sizeThatFits`).
public protocol SequentialSizing {
  /// The preferred size of the value when it should fit in `fittingSize`.
  func sizeThatFits(_ fittingSize: Size) -> Size
}

/// Returns edge insets for an item: its spacing or its padding.
///
/// Spacing is the minimum distance an item asks for from its neighbours; between two items the
/// larger of the facing pair applies:
///
/// ```
///   ┌──────────┐
///   │ previous │
///   └──────────┘ ─┬─ previous.spacing.bottom = 10 ┐
///                 │                               ├─ gap = max(10, 4) = 10
///   ┌──────────┐ ─┴─ current.spacing.top    = 4   ┘
///   │ current  │
///   └──────────┘
/// ```
///
/// Padding is additive and lies outside the frame, between the frame and everything else
/// (neighbours and container edges). Negative padding ("unpadding") pulls the frame outwards,
/// to ignore whitespace built into an item:
///
/// ```
///   container edge
///   │◄ insets.left ►│◄ padding.left ►┌───────┐
///   │               │                │ frame │
///   │               │                └───────┘
/// ```
public struct InsetsCalculator<Value: Sendable>: Sendable {
  @usableFromInline
  enum Storage: Sendable {
    case constant(EdgeInsets)
    case closure(@Sendable (ItemCalculatorArguments<Value>) -> EdgeInsets)
  }

  @usableFromInline
  let storage: Storage

  /// Creates a calculator from a closure.
  public init(_ body: @escaping @Sendable (ItemCalculatorArguments<Value>) -> EdgeInsets) {
    storage = .closure(body)
  }

  /// A calculator that always returns `insets`.
  public static func constant(_ insets: EdgeInsets) -> InsetsCalculator {
    InsetsCalculator(storage: .constant(insets))
  }

  private init(storage: Storage) { self.storage = storage }

  /// Computes the insets for `arguments`.
  @inlinable
  public func callAsFunction(_ arguments: ItemCalculatorArguments<Value>) -> EdgeInsets {
    switch storage {
    case .constant(let insets): return insets
    case .closure(let body): return body(arguments)
    }
  }

  /// The insets for `item` in `container`; constants are returned without building arguments.
  @inlinable
  func resolve(_ item: SequentialItem<Value>, in container: ContainerDescription) -> EdgeInsets {
    switch storage {
    case .constant(let insets): return insets
    case .closure(let body): return body(ItemCalculatorArguments(item: item, container: container))
    }
  }
}

/// Returns the spacing an item asks for from its neighbours (see ``InsetsCalculator``).
public typealias SpacingCalculator<Value: Sendable> = InsetsCalculator<Value>

/// Returns the padding around an item's frame (see ``InsetsCalculator``).
public typealias PaddingCalculator<Value: Sendable> = InsetsCalculator<Value>

/// Options that adjust how the container treats an item, often in response to outside conditions.
public struct LayoutOptions: Sendable, Hashable {
  /// The item is skipped, as if it were not arranged: no frame, no observer call, and it is
  /// not the previous item of the next one.
  public var shouldSkipLayout: Bool
  /// The item is laid out but does not count in the occupied bounds that size the container
  /// (backgrounds and decorations that follow the container's size).
  public var shouldIgnoreWhenCalculatingSize: Bool
  /// When `false`, the next item sees the same previous item as this one did
  /// (a badge laid over an avatar, followed by a label under the avatar).
  public var saveAsPrevious: Bool

  /// Creates options; the defaults lay the item out normally.
  public init(
    shouldSkipLayout: Bool = false, shouldIgnoreWhenCalculatingSize: Bool = false, saveAsPrevious: Bool = true
  ) {
    self.shouldSkipLayout = shouldSkipLayout
    self.shouldIgnoreWhenCalculatingSize = shouldIgnoreWhenCalculatingSize
    self.saveAsPrevious = saveAsPrevious
  }

  /// Normal layout: not skipped, counted in the size, saved as previous.
  public static let `default` = LayoutOptions()
}

/// Returns the ``LayoutOptions`` for an item.
public struct OptionsCalculator<Value: Sendable>: Sendable {
  @usableFromInline
  enum Storage: Sendable {
    case constant(LayoutOptions)
    case closure(@Sendable (ItemCalculatorArguments<Value>) -> LayoutOptions)
  }

  @usableFromInline
  let storage: Storage

  /// Creates a calculator from a closure.
  public init(_ body: @escaping @Sendable (ItemCalculatorArguments<Value>) -> LayoutOptions) {
    storage = .closure(body)
  }

  /// A calculator that always returns `options`.
  public static func constant(_ options: LayoutOptions) -> OptionsCalculator {
    OptionsCalculator(storage: .constant(options))
  }

  private init(storage: Storage) { self.storage = storage }

  /// Computes the options for `arguments`.
  @inlinable
  public func callAsFunction(_ arguments: ItemCalculatorArguments<Value>) -> LayoutOptions {
    switch storage {
    case .constant(let options): return options
    case .closure(let body): return body(arguments)
    }
  }

  /// The options for `item` in `container`; constants are returned without building arguments.
  @inlinable
  func resolve(_ item: SequentialItem<Value>, in container: ContainerDescription) -> LayoutOptions {
    switch storage {
    case .constant(let options): return options
    case .closure(let body): return body(ItemCalculatorArguments(item: item, container: container))
    }
  }
}

/// Called with each item's computed frame: how plain data gets its frames stored.
///
/// It is called in sizing passes too (``LayoutObserverArguments/isSizing`` is then `true`);
/// observers that store frames usually ignore those calls.
public struct LayoutObserver<Value: Sendable>: Sendable {
  @usableFromInline
  let body: @Sendable (LayoutObserverArguments<Value>) -> Void

  /// Creates an observer from a closure.
  public init(_ body: @escaping @Sendable (LayoutObserverArguments<Value>) -> Void) {
    self.body = body
  }

  /// Reports a computed frame.
  @inlinable
  public func callAsFunction(_ arguments: LayoutObserverArguments<Value>) {
    body(arguments)
  }
}
