import LayoutGeometry

/// A sequential layout container: arranged items placed one after another by their calculators.
///
/// The container is a value. `containing…` methods return modified copies, so a container is
/// declared as one chain, as in the seed; a container is itself an item, so containers nest:
///
/// ```swift
/// let row = SequentialContainer<String>()
///   .containingItem("act1").containingItem("act2").containingItem("act3")
///   .containingDefaultFrameCalculator(.topAlignedHStack)
///   .containingDefaultSpacing(EdgeInsets(left: 10, right: 10))
///
/// let screen = SequentialContainer<String>()
///   .containingItem("Title")
///   .containingItem(row.withFrameCalculator(.containerCenterAlignedVStack))
///   .containingDefaultSpacing(EdgeInsets(top: 10, bottom: 10))
///
/// let result = try screen.layout(in: Rect(x: 0, y: 0, width: 320, height: 480))
/// ```
///
/// Lay it out with ``layout(in:)``; size it with ``sizeThatFits(_:)`` (a dry layout).
public struct SequentialContainer<Value: Sendable>: Sendable {
  /// The arranged items, in layout order.
  public var items: [SequentialItem<Value>]
  /// The insets of the layout area inside the bounds.
  ///
  /// ```
  ///   ┌──────────── bounds ─────────────┐
  ///   │  ┌──── layout area ─────────┐   │
  ///   │  │  items go here           │◄─►│ layoutInsets.right
  ///   │  └──────────────────────────┘   │
  ///   └─────────────────────────────────┘
  /// ```
  public var layoutInsets: EdgeInsets
  /// Calculators used by items that do not set their own.
  public var defaults: SequentialDefaults<Value>

  /// An empty container.
  public init(layoutInsets: EdgeInsets = .zero, items: [SequentialItem<Value>] = []) {
    self.items = items
    self.layoutInsets = layoutInsets
    self.defaults = SequentialDefaults()
  }
}

/// The calculators a container gives the items that do not set their own.
public struct SequentialDefaults<Value: Sendable>: Sendable {
  /// The default frame calculator; `nil` means ``FrameCalculator/containerLeftAlignedVStack``.
  public var frameCalculator: FrameCalculator<Value>?
  /// The default frame calculator of sizing passes; `nil` means the frame calculator.
  public var sizingFrameCalculator: FrameCalculator<Value>?
  /// The default size calculator; `nil` means ``SizeCalculator/intrinsic``.
  public var sizeCalculator: SizeCalculator<Value>?
  /// The default spacing; `nil` means zero.
  public var spacingCalculator: SpacingCalculator<Value>?
  /// The default padding; `nil` means zero.
  public var paddingCalculator: PaddingCalculator<Value>?
  /// The default options; `nil` means ``LayoutOptions/default``.
  public var optionsCalculator: OptionsCalculator<Value>?
  /// The default observer; `nil` means none.
  public var layoutObserver: LayoutObserver<Value>?

  /// No defaults.
  public init() {}
}

// MARK: - Chaining

extension SequentialContainer {
  /// The container with `item` appended (`containingArrangedItem`).
  public func containingItem(_ item: SequentialItem<Value>) -> SequentialContainer {
    var copy = self
    copy.items.append(item)
    return copy
  }

  /// The container with an undecorated `value` appended.
  public func containingItem(_ value: Value) -> SequentialContainer {
    containingItem(SequentialItem(value))
  }

  /// The container with an undecorated nested `container` appended.
  public func containingItem(_ container: SequentialContainer) -> SequentialContainer {
    containingItem(SequentialItem(container))
  }

  /// The container with `items` appended.
  public func containingItems(_ items: some Sequence<SequentialItem<Value>>) -> SequentialContainer {
    var copy = self
    copy.items.append(contentsOf: items)
    return copy
  }

  /// The container with other layout insets.
  public func containingLayoutInsets(_ insets: EdgeInsets) -> SequentialContainer {
    var copy = self
    copy.layoutInsets = insets
    return copy
  }

  /// The container with a default frame calculator.
  public func containingDefaultFrameCalculator(_ calculator: FrameCalculator<Value>) -> SequentialContainer {
    var copy = self
    copy.defaults.frameCalculator = calculator
    return copy
  }

  /// The container with a default frame for every item.
  public func containingDefaultFrame(_ frame: Rect) -> SequentialContainer {
    containingDefaultFrameCalculator(.fixed(frame))
  }

  /// The container with a default frame calculator for sizing passes: it wins over the items'
  /// own frame calculators (but not their own sizing calculators) while sizing.
  public func containingDefaultSizingFrameCalculator(
    _ calculator: FrameCalculator<Value>
  ) -> SequentialContainer {
    var copy = self
    copy.defaults.sizingFrameCalculator = calculator
    return copy
  }

  /// The container with a default size calculator.
  public func containingDefaultSizeCalculator(_ calculator: SizeCalculator<Value>) -> SequentialContainer {
    var copy = self
    copy.defaults.sizeCalculator = calculator
    return copy
  }

  /// The container with a default constant size.
  public func containingDefaultSize(_ size: Size) -> SequentialContainer {
    containingDefaultSizeCalculator(.fixed(size))
  }

  /// The container with a default spacing calculator.
  public func containingDefaultSpacingCalculator(
    _ calculator: SpacingCalculator<Value>
  ) -> SequentialContainer {
    var copy = self
    copy.defaults.spacingCalculator = calculator
    return copy
  }

  /// The container with a default constant spacing. An item's own spacing replaces it whole
  /// (no per-edge merge), as in the seed.
  ///
  /// ```
  ///   ┌──────┐
  ///   │ item │ ── bottom 10 ┐
  ///   └──────┘              ├─ max(10, 10) = 10
  ///   ┌──────┐ ── top 10  ──┘
  ///   │ item │
  ///   └──────┘
  /// ```
  public func containingDefaultSpacing(_ spacing: EdgeInsets) -> SequentialContainer {
    containingDefaultSpacingCalculator(.constant(spacing))
  }

  /// The container with a default padding calculator.
  public func containingDefaultPaddingCalculator(
    _ calculator: PaddingCalculator<Value>
  ) -> SequentialContainer {
    var copy = self
    copy.defaults.paddingCalculator = calculator
    return copy
  }

  /// The container with a default constant padding (see ``SequentialItem/withPadding(_:)``).
  public func containingDefaultPadding(_ padding: EdgeInsets) -> SequentialContainer {
    containingDefaultPaddingCalculator(.constant(padding))
  }

  /// The container with a default options calculator.
  public func containingDefaultOptionsCalculator(
    _ calculator: OptionsCalculator<Value>
  ) -> SequentialContainer {
    var copy = self
    copy.defaults.optionsCalculator = calculator
    return copy
  }

  /// The container with default constant options.
  public func containingDefaultOptions(_ options: LayoutOptions) -> SequentialContainer {
    containingDefaultOptionsCalculator(.constant(options))
  }

  /// The container with a default layout observer.
  public func containingDefaultLayoutObserver(_ observer: LayoutObserver<Value>) -> SequentialContainer {
    var copy = self
    copy.defaults.layoutObserver = observer
    return copy
  }
}

// MARK: - The container as an item

extension SequentialContainer {
  /// The container as an undecorated item of an enclosing container.
  public var asItem: SequentialItem<Value> { SequentialItem(self) }

  /// The container as an item placed by `calculator` in its enclosing container.
  ///
  /// `containing…` calls must come before the first `with…` call, which turns the container
  /// into an item.
  public func withFrameCalculator(_ calculator: FrameCalculator<Value>) -> SequentialItem<Value> {
    asItem.withFrameCalculator(calculator)
  }

  /// The container as an item placed by `calculator` during sizing passes of its enclosing container.
  public func withSizingFrameCalculator(_ calculator: FrameCalculator<Value>) -> SequentialItem<Value> {
    asItem.withSizingFrameCalculator(calculator)
  }

  /// The container as an item sized by `calculator` instead of by dry layout.
  public func withSizeCalculator(_ calculator: SizeCalculator<Value>) -> SequentialItem<Value> {
    asItem.withSizeCalculator(calculator)
  }

  /// The container as an item with a constant size.
  public func withSize(_ size: Size) -> SequentialItem<Value> {
    asItem.withSize(size)
  }

  /// The container as an item with constant spacing.
  public func withSpacing(_ spacing: EdgeInsets) -> SequentialItem<Value> {
    asItem.withSpacing(spacing)
  }

  /// The container as an item with constant padding.
  public func withPadding(_ padding: EdgeInsets) -> SequentialItem<Value> {
    asItem.withPadding(padding)
  }

  /// The container as an item with constant options.
  public func withOptions(_ options: LayoutOptions) -> SequentialItem<Value> {
    asItem.withOptions(options)
  }

  /// The container as an item reporting its frame to `observer`.
  public func withLayoutObserver(_ observer: LayoutObserver<Value>) -> SequentialItem<Value> {
    asItem.withLayoutObserver(observer)
  }
}
