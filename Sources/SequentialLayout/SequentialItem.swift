import LayoutGeometry

/// An arranged item: a plain value (or a nested container) decorated with calculators.
///
/// Every decoration is optional; a missing one falls back to the container's default
/// (``SequentialContainer/containingDefaultFrameCalculator(_:)`` and friends) and then to the
/// standard behaviour: ``FrameCalculator/containerLeftAlignedVStack``, the intrinsic size, no
/// spacing, no padding, default options, no observer.
///
/// Decorators return modified copies, so they chain as in the seed:
///
/// ```swift
/// SequentialItem("skip")
///   .withFrameCalculator(.topAlignedFlow)
///   .withSpacing(EdgeInsets(top: 50))
/// ```
public struct SequentialItem<Value: Sendable>: Sendable {
  /// What an item is: a value, or a container laid out inside the item's frame.
  public enum Content: Sendable {
    /// A plain value (a label's model, an identifier, …).
    case value(Value)
    /// A nested container; it sizes itself by dry layout and lays out its own items.
    indirect case container(SequentialContainer<Value>)
  }

  /// What the item is.
  public var content: Content

  /// The decorations, shared between copies until one is changed (copy on write); `nil` for an
  /// undecorated item, so copying an item costs at most one retain.
  @usableFromInline
  var decorations: Decorations?

  /// Places the item; `nil` uses the container's default.
  public var frameCalculator: FrameCalculator<Value>? {
    get { decorations?.frameCalculator }
    set { decorate { $0.frameCalculator = newValue } }
  }
  /// Places the item during sizing passes only; `nil` uses the container's default sizing
  /// calculator, then the frame calculator.
  public var sizingFrameCalculator: FrameCalculator<Value>? {
    get { decorations?.sizingFrameCalculator }
    set { decorate { $0.sizingFrameCalculator = newValue } }
  }
  /// Sizes the item; `nil` uses the container's default, then ``SizeCalculator/intrinsic``.
  public var sizeCalculator: SizeCalculator<Value>? {
    get { decorations?.sizeCalculator }
    set { decorate { $0.sizeCalculator = newValue } }
  }
  /// The spacing the item asks for; `nil` uses the container's default, then zero.
  public var spacingCalculator: SpacingCalculator<Value>? {
    get { decorations?.spacingCalculator }
    set { decorate { $0.spacingCalculator = newValue } }
  }
  /// The padding around the item's frame; `nil` uses the container's default, then zero.
  public var paddingCalculator: PaddingCalculator<Value>? {
    get { decorations?.paddingCalculator }
    set { decorate { $0.paddingCalculator = newValue } }
  }
  /// The item's options; `nil` uses the container's default, then ``LayoutOptions/default``.
  public var optionsCalculator: OptionsCalculator<Value>? {
    get { decorations?.optionsCalculator }
    set { decorate { $0.optionsCalculator = newValue } }
  }
  /// Receives the item's frame; `nil` uses the container's default observer, if any.
  public var layoutObserver: LayoutObserver<Value>? {
    get { decorations?.layoutObserver }
    set { decorate { $0.layoutObserver = newValue } }
  }

  /// Changes the decorations, copying them first when another item shares them.
  private mutating func decorate(_ change: (Decorations) -> Void) {
    if decorations == nil {
      decorations = Decorations()
    } else if !isKnownUniquelyReferenced(&decorations!) {
      decorations = decorations!.copy()
    }
    change(decorations!)
  }

  /// The storage of an item's decorations.
  ///
  /// Mutable, but only ever mutated through ``decorate(_:)`` when uniquely referenced, so values
  /// sharing it never observe a change: that is what makes the `@unchecked Sendable` sound.
  @usableFromInline
  final class Decorations: @unchecked Sendable {
    @usableFromInline var frameCalculator: FrameCalculator<Value>?
    @usableFromInline var sizingFrameCalculator: FrameCalculator<Value>?
    @usableFromInline var sizeCalculator: SizeCalculator<Value>?
    @usableFromInline var spacingCalculator: SpacingCalculator<Value>?
    @usableFromInline var paddingCalculator: PaddingCalculator<Value>?
    @usableFromInline var optionsCalculator: OptionsCalculator<Value>?
    @usableFromInline var layoutObserver: LayoutObserver<Value>?

    init() {}

    func copy() -> Decorations {
      let copy = Decorations()
      copy.frameCalculator = frameCalculator
      copy.sizingFrameCalculator = sizingFrameCalculator
      copy.sizeCalculator = sizeCalculator
      copy.spacingCalculator = spacingCalculator
      copy.paddingCalculator = paddingCalculator
      copy.optionsCalculator = optionsCalculator
      copy.layoutObserver = layoutObserver
      return copy
    }
  }

  /// An undecorated item holding `value`.
  public init(_ value: Value) {
    content = .value(value)
  }

  /// An undecorated item holding a nested container.
  public init(_ container: SequentialContainer<Value>) {
    content = .container(container)
  }

  /// The value, or `nil` for a nested container.
  @inlinable
  public var value: Value? {
    if case .value(let value) = content { return value }
    return nil
  }

  /// The nested container, or `nil` for a value.
  @inlinable
  public var container: SequentialContainer<Value>? {
    if case .container(let container) = content { return container }
    return nil
  }
}

// MARK: - Decorators

extension SequentialItem {
  /// The item placed by `calculator` (`withSQFrameCalculator`).
  public func withFrameCalculator(_ calculator: FrameCalculator<Value>) -> SequentialItem {
    var copy = self
    copy.frameCalculator = calculator
    return copy
  }

  /// The item placed by a custom closure.
  public func withFrameCalculator(
    _ body: @escaping @Sendable (FrameCalculatorArguments<Value>) -> Rect
  ) -> SequentialItem {
    withFrameCalculator(FrameCalculator(body))
  }

  /// The item always placed at `frame` (`withSQFrame`).
  public func withFrame(_ frame: Rect) -> SequentialItem {
    withFrameCalculator(.fixed(frame))
  }

  /// The item placed by `calculator` during sizing passes (`withSQSizingFrameCalculator`).
  public func withSizingFrameCalculator(_ calculator: FrameCalculator<Value>) -> SequentialItem {
    var copy = self
    copy.sizingFrameCalculator = calculator
    return copy
  }

  /// The item sized by `calculator` (`withSQSizeCalculator`).
  public func withSizeCalculator(_ calculator: SizeCalculator<Value>) -> SequentialItem {
    var copy = self
    copy.sizeCalculator = calculator
    return copy
  }

  /// The item sized by a custom closure that is given the fitting size.
  public func withSizeCalculator(
    _ body: @escaping @Sendable (SizeCalculatorArguments<Value>) -> Size
  ) -> SequentialItem {
    withSizeCalculator(SizeCalculator(body))
  }

  /// The item with a constant size (`withSQSize`).
  public func withSize(_ size: Size) -> SequentialItem {
    withSizeCalculator(.fixed(size))
  }

  /// The item spaced by `calculator` (`withSQSpacingCalculator`).
  public func withSpacingCalculator(_ calculator: SpacingCalculator<Value>) -> SequentialItem {
    var copy = self
    copy.spacingCalculator = calculator
    return copy
  }

  /// The item with constant spacing (`withSQSpacing`); between two items the larger of the
  /// facing pair applies:
  ///
  /// ```
  ///   ┌──────┐ max(previous.right, left) ┌──────┐
  ///   │ prev │◄─────────────────────────►│ item │
  ///   └──────┘                           └──────┘
  /// ```
  public func withSpacing(_ spacing: EdgeInsets) -> SequentialItem {
    withSpacingCalculator(.constant(spacing))
  }

  /// The item padded by `calculator` (`withSQPaddingCalculator`).
  public func withPaddingCalculator(_ calculator: PaddingCalculator<Value>) -> SequentialItem {
    var copy = self
    copy.paddingCalculator = calculator
    return copy
  }

  /// The item with constant padding (`withSQPadding`): space outside the frame that always
  /// adds up, from neighbours and container edges alike; negative values "unpad":
  ///
  /// ```
  ///   ┌──────┐ spacing ┌ padding ─────┐
  ///   │ prev │◄───────►│  ┌───────┐   │
  ///   └──────┘         │  │ frame │   │
  ///                    │  └───────┘   │
  ///                    └──────────────┘
  /// ```
  public func withPadding(_ padding: EdgeInsets) -> SequentialItem {
    withPaddingCalculator(.constant(padding))
  }

  /// The item with options from `calculator` (`withSQLayoutOptionsCalculator`).
  public func withOptionsCalculator(_ calculator: OptionsCalculator<Value>) -> SequentialItem {
    var copy = self
    copy.optionsCalculator = calculator
    return copy
  }

  /// The item with constant options (`withSQLayoutOptions`).
  public func withOptions(_ options: LayoutOptions) -> SequentialItem {
    withOptionsCalculator(.constant(options))
  }

  /// The item reporting its frames to `observer` (`withSQLayoutObserver`).
  public func withLayoutObserver(_ observer: LayoutObserver<Value>) -> SequentialItem {
    var copy = self
    copy.layoutObserver = observer
    return copy
  }

  /// The item reporting its frames to a closure.
  public func withLayoutObserver(
    _ body: @escaping @Sendable (LayoutObserverArguments<Value>) -> Void
  ) -> SequentialItem {
    withLayoutObserver(LayoutObserver(body))
  }
}
