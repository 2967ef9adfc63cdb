import LayoutGeometry

/// One item of a list section laid out sequentially: its size, and optionally its own frame
/// calculator, spacing and padding (the section's defaults apply otherwise).
///
/// Calculators see the item's index in the section as its value (`args.item.value`), so a size
/// calculator can look the item up in the list's model.
public struct SequentialSectionItem: Sendable {
  /// The item's size: ``SizeCalculator/fixed(_:)`` or a calculator given the fitting size
  /// (the section's width less insets and padding, by an unbounded height).
  public var size: SizeCalculator<Int>
  /// The item's frame calculator, or `nil` for the section's.
  public var frameCalculator: FrameCalculator<Int>?
  /// The item's spacing, or `nil` for the section's. It replaces the section's whole.
  public var spacing: EdgeInsets?
  /// The item's padding, or `nil` for the section's. It replaces the section's whole.
  public var padding: EdgeInsets?

  /// Creates an item with a size calculator.
  public init(
    size: SizeCalculator<Int>, frameCalculator: FrameCalculator<Int>? = nil, spacing: EdgeInsets? = nil,
    padding: EdgeInsets? = nil
  ) {
    self.size = size
    self.frameCalculator = frameCalculator
    self.spacing = spacing
    self.padding = padding
  }

  /// Creates an item with a fixed size.
  public init(
    size: Size, frameCalculator: FrameCalculator<Int>? = nil, spacing: EdgeInsets? = nil,
    padding: EdgeInsets? = nil
  ) {
    self.init(size: .fixed(size), frameCalculator: frameCalculator, spacing: spacing, padding: padding)
  }

  /// Creates an item whose frame calculator is given by its standard name (from JSON).
  ///
  /// - Throws: ``SequentialLayoutError/unknownFrameCalculator(name:known:)``.
  public init(
    size: SizeCalculator<Int>, frameCalculatorName: String, spacing: EdgeInsets? = nil,
    padding: EdgeInsets? = nil
  ) throws(SequentialLayoutError) {
    self.init(
      size: size, frameCalculator: try FrameCalculator(standardName: frameCalculatorName), spacing: spacing,
      padding: padding)
  }
}

/// A section's defaults for the items that do not set their own.
public struct SequentialSectionDefaults: Sendable {
  /// The frame calculator of items without one.
  public var frameCalculator: FrameCalculator<Int>
  /// The spacing of items without their own (see ``InsetsCalculator`` for the max-of-pair rule).
  public var spacing: EdgeInsets
  /// The padding of items without their own.
  public var padding: EdgeInsets

  /// Creates defaults; with none given, items stack left-aligned with no spacing or padding.
  public init(
    frameCalculator: FrameCalculator<Int> = .containerLeftAlignedVStack, spacing: EdgeInsets = .zero,
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
/// // A text item: 20 points a line, 36 characters a line at 288 wide (a stand-in for measuring).
/// let text = SizeCalculator<Int> { args in
///   Size(width: args.fittingSize.width, height: 20 * (100 / (args.fittingSize.width / 8)).rounded(.up))
/// }
/// let items = [
///   SequentialSectionItem(size: Size(width: 80, height: 44)),
///   SequentialSectionItem(size: Size(width: 80, height: 44)),
///   SequentialSectionItem(size: text, frameCalculator: .containerFullWidthVStack),
/// ]
/// let layout = try SequentialSection.layout(
///   items, width: 320, layoutInsets: EdgeInsets(all: 16),
///   defaults: SequentialSectionDefaults(frameCalculator: .topAlignedFlow, spacing: EdgeInsets(all: 8)))
/// layout.frames[0]        // (16, 16, 80, 44)
/// layout.frames[1]        // (104, 16, 80, 44): right of item 0, max(8, 8) apart
/// layout.frames[2]        // (16, 68, 288, 60): full width, 8 below item 1, 3 lines of text
/// layout.contentHeight    // 144: the occupied height (y 16 to 128) plus the insets
/// ```
///
/// From JSON (`"layout": {"type": "sequential", "frameCalculator": "topAlignedFlow",
/// "spacing": {…}}` per section and per item), resolve names with the throwing initialisers;
/// an unknown name throws ``SequentialLayoutError/unknownFrameCalculator(name:known:)``, whose
/// description lists the known names:
///
/// ```swift
/// let defaults = try SequentialSectionDefaults(frameCalculatorName: "topAlignedFlow", spacing: EdgeInsets(all: 8))
/// let item = try SequentialSectionItem(
///   size: .fixed(Size(width: 80, height: 44)), frameCalculatorName: "containerFullWidthVStack")
/// do {
///   _ = try SequentialSectionDefaults(frameCalculatorName: "leftFlow")
/// } catch {
///   print(error)  // unknown calculator 'leftFlow'; known: containerLeftAlignedVStack, …
/// }
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
  public static func layout(
    _ items: [SequentialSectionItem], width: Double, layoutInsets: EdgeInsets = .zero,
    defaults: SequentialSectionDefaults = SequentialSectionDefaults()
  ) throws(SequentialLayoutError) -> SequentialSectionLayout {
    let sizingBounds = Rect(x: 0, y: 0, width: width, height: .infinity)
    let sizing = try SequentialContainer<Int>.clippedContainer(sizingBounds, insets: layoutInsets)
    let arrangement = SectionArrangement(items: items, defaults: defaults)

    // 1. Sizing pass.
    var frames = [Rect](repeating: .zero, count: items.count)
    let occupied = try SequentialEngine.runPass(arrangement, container: sizing, isSizing: true, path: []) {
      index, frame in frames[index] = frame
    }
    let contentHeight = (occupied?.height ?? 0) + layoutInsets.vertical

    // 2. Layout pass at the content height, when a calculator may care.
    let needsLayoutPass = items.contains {
      ($0.frameCalculator ?? defaults.frameCalculator).dependsOnContainerHeight
    }
    if needsLayoutPass {
      var bounds = sizing.bounds
      bounds.size.height = contentHeight
      let container = ContainerDescription(bounds: bounds, insets: layoutInsets)
      _ = try SequentialEngine.runPass(arrangement, container: container, isSizing: false, path: []) {
        index, frame in frames[index] = frame
      }
    }
    return SequentialSectionLayout(frames: frames, contentHeight: contentHeight)
  }
}

/// A section's items: each item's own size, calculator, spacing and padding, else the section's.
/// Calculators see plain items whose value is their index.
struct SectionArrangement: SequentialArrangement {
  let items: [SequentialSectionItem]
  let defaultFrameCalculator: FrameCalculator<Int>
  let defaultSpacing: EdgeInsets
  let defaultPadding: EdgeInsets

  init(items: [SequentialSectionItem], defaults: SequentialSectionDefaults) {
    self.items = items
    defaultFrameCalculator = defaults.frameCalculator
    defaultSpacing = defaults.spacing
    defaultPadding = defaults.padding
  }

  var count: Int { items.count }

  func item(at index: Int) -> SequentialItem<Int> { SequentialItem(index) }

  func options(of item: SequentialItem<Int>, in container: ContainerDescription) -> LayoutOptions { .default }

  func spacing(of item: SequentialItem<Int>, at index: Int, in container: ContainerDescription) -> EdgeInsets
  {
    if let spacing = items[index].spacing { return spacing }
    return defaultSpacing
  }

  func padding(of item: SequentialItem<Int>, at index: Int, in container: ContainerDescription) -> EdgeInsets
  {
    if let padding = items[index].padding { return padding }
    return defaultPadding
  }

  func frameCalculator(of item: SequentialItem<Int>, at index: Int, isSizing: Bool) -> FrameCalculator<Int> {
    if let calculator = items[index].frameCalculator { return calculator }
    return defaultFrameCalculator
  }

  func sizeCalculator(of item: SequentialItem<Int>, at index: Int) -> SizeCalculator<Int> {
    items[index].size
  }

  func observer(of item: SequentialItem<Int>) -> LayoutObserver<Int>? { nil }
}
