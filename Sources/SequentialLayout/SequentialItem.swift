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
  /// Places the item; `nil` uses the container's default.
  public var frameCalculator: FrameCalculator<Value>?
  /// Places the item during sizing passes only; `nil` uses the container's default sizing
  /// calculator, then the frame calculator.
  public var sizingFrameCalculator: FrameCalculator<Value>?
  /// Sizes the item; `nil` uses the container's default, then ``SizeCalculator/intrinsic``.
  public var sizeCalculator: SizeCalculator<Value>?
  /// The spacing the item asks for; `nil` uses the container's default, then zero.
  public var spacingCalculator: SpacingCalculator<Value>?
  /// The padding around the item's frame; `nil` uses the container's default, then zero.
  public var paddingCalculator: PaddingCalculator<Value>?
  /// The item's options; `nil` uses the container's default, then ``LayoutOptions/default``.
  public var optionsCalculator: OptionsCalculator<Value>?
  /// Receives the item's frame; `nil` uses the container's default observer, if any.
  public var layoutObserver: LayoutObserver<Value>?

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
