import LayoutGeometry

/// One item of a list section laid out sequentially: a value, its size, and optionally its own
/// frame calculator, spacing and padding (the section's defaults apply otherwise).
public struct SequentialSectionItem<Value: Sendable>: Sendable {
  /// The item's value (an index, an identifier, a model); calculators see it as `args.item.value`.
  public var value: Value
  /// The item's size: ``SizeCalculator/fixed(_:)`` or a calculator given the fitting size
  /// (the section's width less insets and padding, by an unbounded height).
  public var size: SizeCalculator<Value>
  /// The item's frame calculator, or `nil` for the section's.
  public var frameCalculator: FrameCalculator<Value>?
  /// The item's spacing, or `nil` for the section's. It replaces the section's whole.
  public var spacing: EdgeInsets?
  /// The item's padding, or `nil` for the section's. It replaces the section's whole.
  public var padding: EdgeInsets?

  /// Creates an item with a size calculator.
  public init(
    _ value: Value, size: SizeCalculator<Value>, frameCalculator: FrameCalculator<Value>? = nil,
    spacing: EdgeInsets? = nil, padding: EdgeInsets? = nil
  ) {
    self.value = value
    self.size = size
    self.frameCalculator = frameCalculator
    self.spacing = spacing
    self.padding = padding
  }

  /// Creates an item with a fixed size.
  public init(
    _ value: Value, size: Size, frameCalculator: FrameCalculator<Value>? = nil,
    spacing: EdgeInsets? = nil, padding: EdgeInsets? = nil
  ) {
    self.init(value, size: .fixed(size), frameCalculator: frameCalculator, spacing: spacing, padding: padding)
  }

  /// Creates an item whose frame calculator is given by its standard name (from JSON).
  ///
  /// - Throws: ``SequentialLayoutError/unknownFrameCalculator(name:known:)``.
  public init(
    _ value: Value, size: SizeCalculator<Value>, frameCalculatorName: String,
    spacing: EdgeInsets? = nil, padding: EdgeInsets? = nil
  ) throws(SequentialLayoutError) {
    self.init(
      value, size: size, frameCalculator: try FrameCalculator(standardName: frameCalculatorName),
      spacing: spacing, padding: padding)
  }

  @inlinable
  var sequentialItem: SequentialItem<Value> {
    var item = SequentialItem(value)
    item.sizeCalculator = size
    item.frameCalculator = frameCalculator
    if let spacing { item.spacingCalculator = .constant(spacing) }
    if let padding { item.paddingCalculator = .constant(padding) }
    return item
  }
}

/// A section's defaults for the items that do not set their own.
public struct SequentialSectionDefaults<Value: Sendable>: Sendable {
  /// The frame calculator of items without one.
  public var frameCalculator: FrameCalculator<Value>
  /// The spacing of items without their own (see ``InsetsCalculator`` for the max-of-pair rule).
  public var spacing: EdgeInsets
  /// The padding of items without their own.
  public var padding: EdgeInsets

  /// Creates defaults; with none given, items stack left-aligned with no spacing or padding.
  public init(
    frameCalculator: FrameCalculator<Value> = .containerLeftAlignedVStack, spacing: EdgeInsets = .zero,
    padding: EdgeInsets = .zero
  ) {
    self.frameCalculator = frameCalculator
    self.spacing = spacing
    self.padding = padding
  }

  /// Creates defaults whose frame calculator is given by its standard name (from JSON).
  ///
  /// - Throws: ``SequentialLayoutError/unknownFrameCalculator(name:known:)``.
  public init(
    frameCalculatorName: String, spacing: EdgeInsets = .zero, padding: EdgeInsets = .zero
  ) throws(SequentialLayoutError) {
    self.init(
      frameCalculator: try FrameCalculator(standardName: frameCalculatorName), spacing: spacing,
      padding: padding)
  }
}

/// The layout of one sequential section: a frame per item and the content height.
public struct SequentialSectionLayout: Sendable, Equatable {
  /// One frame per item, in item order, in the section's coordinates (origin at the section's
  /// top-left corner, layout insets included).
  public var frames: [Rect]
  /// The section's height: the occupied bounds' height plus the vertical layout insets.
  public var contentHeight: Double

  /// Creates a layout.
  public init(frames: [Rect], contentHeight: Double) {
    self.frames = frames
    self.contentHeight = contentHeight
  }
}

/// The entry point a list uses to lay out one section sequentially.
///
/// A section behaves like a self-sizing ``SequentialContainer`` of the given width:
///
/// 1. A sizing pass places the items in `width × unbounded` and finds the content height
///    (the height of the union of the padded frames, plus the vertical insets; see
///    ``SequentialContainer/sizeThatFits(_:)``).
/// 2. If any calculator in use may depend on the container's height (bottom- or centre-aligned,
///    matching the container, or custom), a layout pass places the items again in
///    `width × contentHeight`; otherwise the first pass's frames are final.
///
/// Unlike ``SequentialContainer/layout(in:)``, the second pass does not clip the height to
/// ``SequentialLayoutLimits/maximumDimension``: list sections may be taller. (The sizing pass
/// does, so a calculator that fills the container's height makes the section 10 000 high.)
/// Size calculators should depend on `fittingSize.width` only: the fitting height differs
/// between the passes.
///
/// ```swift
/// let items = [
///   SequentialSectionItem(0, size: Size(width: 80, height: 44)),
///   SequentialSectionItem(1, size: Size(width: 80, height: 44)),
///   SequentialSectionItem(2, size: text, frameCalculator: .containerFullWidthVStack),
/// ]
/// let layout = try SequentialSection.layout(
///   items, width: 320, layoutInsets: EdgeInsets(all: 16),
///   defaults: SequentialSectionDefaults(frameCalculator: .topAlignedFlow, spacing: EdgeInsets(all: 8)))
/// layout.frames[2]        // (16, 76, 288, …)
/// layout.contentHeight
/// ```
public enum SequentialSection {
  /// Lays out one section's items in a container of `width` (height unbounded).
  ///
  /// - Parameters:
  ///   - items: The items, in order.
  ///   - width: The section's width; finite and not negative (clipped to
  ///     ``SequentialLayoutLimits/maximumDimension``).
  ///   - layoutInsets: The insets of the layout area inside the section.
  ///   - defaults: The frame calculator, spacing and padding of items without their own.
  /// - Returns: A frame per item and the content height.
  /// - Throws: ``SequentialLayoutError/nonFiniteFrame(itemPath:item:frame:calculator:)`` whose
  ///   path is `[index]` of the first item given a non-finite frame;
  ///   ``SequentialLayoutError/invalidBounds(_:insets:)`` for a bad width or insets.
  /// - Complexity: O(*n*) calculator calls (2*n* when a second pass is needed); one allocation
  ///   for the frames.
  public static func layout<Value: Sendable>(
    _ items: [SequentialSectionItem<Value>], width: Double, layoutInsets: EdgeInsets = .zero,
    defaults: SequentialSectionDefaults<Value> = SequentialSectionDefaults()
  ) throws(SequentialLayoutError) -> SequentialSectionLayout {
    let sizingBounds = Rect(x: 0, y: 0, width: width, height: .infinity)
    let sizing = try SequentialContainer<Value>.clippedContainer(sizingBounds, insets: layoutInsets)
    var containerDefaults = SequentialDefaults<Value>()
    containerDefaults.frameCalculator = defaults.frameCalculator
    containerDefaults.spacingCalculator = .constant(defaults.spacing)
    containerDefaults.paddingCalculator = .constant(defaults.padding)
    let arranged = items.lazy.map(\.sequentialItem)

    // 1. Sizing pass.
    var frames = [Rect](repeating: .zero, count: items.count)
    let occupied = try SequentialEngine.runPass(
      arranged, defaults: containerDefaults, container: sizing, isSizing: true, path: []
    ) { index, frame in frames[index] = frame }
    let contentHeight = (occupied?.height ?? 0) + layoutInsets.vertical

    // 2. Layout pass at the content height, when a calculator may care.
    let needsLayoutPass = items.contains {
      ($0.frameCalculator ?? defaults.frameCalculator).dependsOnContainerHeight
    }
    if needsLayoutPass {
      var bounds = sizing.bounds
      bounds.size.height = contentHeight
      _ = try SequentialEngine.runPass(
        arranged, defaults: containerDefaults,
        container: ContainerDescription(bounds: bounds, insets: layoutInsets), isSizing: false, path: []
      ) { index, frame in frames[index] = frame }
    }
    return SequentialSectionLayout(frames: frames, contentHeight: contentHeight)
  }
}
