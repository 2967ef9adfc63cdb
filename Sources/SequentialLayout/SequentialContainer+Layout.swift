import LayoutGeometry

extension SequentialContainer {
  /// Lays out every arranged item in `bounds`, calls each item's layout observer, and lays out
  /// nested containers inside their frames.
  ///
  /// Bounds larger than ``SequentialLayoutLimits/maximumDimension`` are clipped to it.
  ///
  /// - Returns: The frames by item index, the occupied bounds, and the nested layouts.
  /// - Throws: ``SequentialLayoutError/nonFiniteFrame(itemPath:item:frame:calculator:)`` naming the
  ///   first item whose calculator returned a non-finite frame;
  ///   ``SequentialLayoutError/invalidBounds(_:insets:)`` for NaN or negative bounds.
  /// - Complexity: O(*n*) calculator calls for *n* items, plus the dry layouts of nested containers.
  public func layout(in bounds: Rect) throws(SequentialLayoutError) -> SequentialLayoutResult {
    try layout(in: bounds, path: [])
  }

  /// The smallest size holding every item not ignored in size, found by a dry layout into
  /// `fittingSize` (`sizeThatFits`).
  ///
  /// The dry layout uses each item's sizing frame calculator (then the container's default
  /// sizing calculator, then the frame calculators) and calls observers with `isSizing == true`.
  /// The size is the size of the union of the padded frames, plus the layout insets:
  ///
  /// ```
  ///   ┌ fittingSize ──────────────────────────┐
  ///   │ insets.top                            │
  ///   │   ┌ occupied ─────────┐               │
  ///   │   │ ┌────┐            │               │
  ///   │   │ └────┘ ┌───────┐  │               │
  ///   │   │        └───────┘  │               │
  ///   │   └───────────────────┘               │
  ///   │ insets.bottom                         │
  ///   └───────────────────────────────────────┘
  ///   result = occupied.size + insets
  /// ```
  ///
  /// Pass `.infinity` for an unbounded dimension: it is clipped to
  /// ``SequentialLayoutLimits/maximumDimension``.
  ///
  /// - Complexity: O(*n*) calculator calls.
  public func sizeThatFits(_ fittingSize: Size) throws(SequentialLayoutError) -> Size {
    let container = try Self.clippedContainer(
      Rect(origin: .zero, size: fittingSize), insets: layoutInsets)
    let occupied = try SequentialEngine.runPass(
      ContainerArrangement(items: items, defaults: defaults), container: container, isSizing: true, path: []
    ) { _, _ in }
    return (occupied?.size ?? .zero).outset(by: layoutInsets)
  }

  func layout(in bounds: Rect, path: [Int]) throws(SequentialLayoutError) -> SequentialLayoutResult {
    let container = try Self.clippedContainer(bounds, insets: layoutInsets)
    var frames = [Rect?](repeating: nil, count: items.count)
    let occupied = try SequentialEngine.runPass(
      ContainerArrangement(items: items, defaults: defaults), container: container, isSizing: false,
      path: path
    ) { index, frame in frames[index] = frame }
    var nested: [Int: SequentialLayoutResult] = [:]
    for (index, item) in items.enumerated() {
      guard case .container(let child) = item.content, let frame = frames[index] else { continue }
      // A calculator may give a nested container a negative size; it then has no room at all.
      let size = Size(width: Swift.max(0, frame.width), height: Swift.max(0, frame.height))
      nested[index] = try child.layout(in: Rect(origin: .zero, size: size), path: path + [index])
    }
    return SequentialLayoutResult(
      container: container, frames: frames, occupiedBounds: occupied, nested: nested)
  }

  /// Step 0 of every layout: check the bounds and clip them to the maximum dimension.
  static func clippedContainer(
    _ bounds: Rect, insets: EdgeInsets
  ) throws(SequentialLayoutError)
    -> ContainerDescription
  {
    // `>= 0` is false for NaN; an infinite size is allowed (it means unbounded) and clipped.
    guard bounds.origin.isFinite, bounds.width >= 0, bounds.height >= 0, insets.isFinite else {
      throw .invalidBounds(bounds, insets: insets)
    }
    var clipped = bounds
    clipped.size.width = Swift.min(SequentialLayoutLimits.maximumDimension, bounds.width)
    clipped.size.height = Swift.min(SequentialLayoutLimits.maximumDimension, bounds.height)
    return ContainerDescription(bounds: clipped, insets: insets)
  }
}

extension SequentialContainer where Value: Identifiable {
  /// Lays out the items and returns the frames of the value items by their identifiers
  /// (skipped items and nested containers are left out).
  public func framesByID(in bounds: Rect) throws(SequentialLayoutError) -> [Value.ID: Rect] {
    let result = try layout(in: bounds)
    var byID: [Value.ID: Rect] = [:]
    for (item, frame) in zip(items, result.frames) {
      if let value = item.value, let frame { byID[value.id] = frame }
    }
    return byID
  }
}

/// The items of one pass, with their effective calculators (defaults already applied).
///
/// The engine asks for what it needs one field at a time, so a list section never builds a
/// decorated item per cell: its items are resolved straight from the section's arrays.
protocol SequentialArrangement {
  associatedtype Value: Sendable
  /// The number of items.
  var count: Int { get }
  /// The item at `index`, as calculators see it.
  func item(at index: Int) -> SequentialItem<Value>
  /// The options of `item`.
  func options(of item: SequentialItem<Value>, in container: ContainerDescription) -> LayoutOptions
  /// The spacing of `item` (the item's, the default, or zero).
  func spacing(
    of item: SequentialItem<Value>, at index: Int, in container: ContainerDescription
  ) -> EdgeInsets
  /// The padding of `item` (the item's, the default, or zero).
  func padding(
    of item: SequentialItem<Value>, at index: Int, in container: ContainerDescription
  ) -> EdgeInsets
  /// The frame calculator of `item` in a layout or sizing pass.
  func frameCalculator(
    of item: SequentialItem<Value>, at index: Int, isSizing: Bool
  ) -> FrameCalculator<Value>
  /// The size calculator of `item`.
  func sizeCalculator(of item: SequentialItem<Value>, at index: Int) -> SizeCalculator<Value>
  /// The observer of `item`, if any.
  func observer(of item: SequentialItem<Value>) -> LayoutObserver<Value>?
}

/// A container's items: decorations first, then the container's defaults, then the standard ones.
struct ContainerArrangement<Value: Sendable>: SequentialArrangement {
  let items: [SequentialItem<Value>]
  let defaults: SequentialDefaults<Value>

  var count: Int { items.count }

  func item(at index: Int) -> SequentialItem<Value> { items[index] }

  func options(of item: SequentialItem<Value>, in container: ContainerDescription) -> LayoutOptions {
    (item.decorations?.optionsCalculator ?? defaults.optionsCalculator)?.resolve(item, in: container)
      ?? .default
  }

  func spacing(
    of item: SequentialItem<Value>, at index: Int, in container: ContainerDescription
  ) -> EdgeInsets {
    (item.decorations?.spacingCalculator ?? defaults.spacingCalculator)?.resolve(item, in: container) ?? .zero
  }

  func padding(
    of item: SequentialItem<Value>, at index: Int, in container: ContainerDescription
  ) -> EdgeInsets {
    (item.decorations?.paddingCalculator ?? defaults.paddingCalculator)?.resolve(item, in: container) ?? .zero
  }

  func frameCalculator(
    of item: SequentialItem<Value>, at index: Int, isSizing: Bool
  ) -> FrameCalculator<Value> {
    let decorations = item.decorations
    if isSizing, let sizing = decorations?.sizingFrameCalculator ?? defaults.sizingFrameCalculator {
      return sizing
    }
    return decorations?.frameCalculator ?? defaults.frameCalculator ?? .containerLeftAlignedVStack
  }

  func sizeCalculator(of item: SequentialItem<Value>, at index: Int) -> SizeCalculator<Value> {
    item.decorations?.sizeCalculator ?? defaults.sizeCalculator ?? .intrinsic
  }

  func observer(of item: SequentialItem<Value>) -> LayoutObserver<Value>? {
    item.decorations?.layoutObserver ?? defaults.layoutObserver
  }
}

/// The sequential layout pass shared by containers and sections.
enum SequentialEngine {
  /// One pass over the arranged items, in order. For each item:
  ///
  /// 1. Options: a skipped item is passed over (no frame, not previous).
  /// 2. Spacing and padding: the item's calculators, else the container's defaults, else zero.
  /// 3. Frame: in a sizing pass the item's sizing calculator, else the default sizing
  ///    calculator; then the item's frame calculator, else the default, else
  ///    `containerLeftAlignedVStack`. A non-finite frame throws, naming the item.
  /// 4. Observer: called with the frame.
  /// 5. Occupied bounds: unless ignored in size, the padded frame replaces empty occupied
  ///    bounds, or is unioned in when the frame is not empty (SQLayout's rule).
  /// 6. Previous: the item becomes the previous one, unless `saveAsPrevious` is false.
  ///
  /// - Returns: The occupied bounds, or `nil` when no item counted.
  static func runPass<Arrangement: SequentialArrangement>(
    _ arrangement: Arrangement, container: ContainerDescription, isSizing: Bool, path: [Int],
    record: (Int, Rect) -> Void
  ) throws(SequentialLayoutError) -> Rect? {
    typealias Value = Arrangement.Value
    var previous: PreviousItem<Value>? = nil
    var occupied: Rect? = nil

    for index in 0..<arrangement.count {
      let item = arrangement.item(at: index)

      // 1. Options.
      let options = arrangement.options(of: item, in: container)
      if options.shouldSkipLayout { continue }

      // 2. Spacing and padding.
      let spacing = arrangement.spacing(of: item, at: index, in: container)
      let padding = arrangement.padding(of: item, at: index, in: container)

      // 3. Frame.
      let calculator = arrangement.frameCalculator(of: item, at: index, isSizing: isSizing)
      let frame = calculator(
        FrameCalculatorArguments(
          item: item, index: index, sizeCalculator: arrangement.sizeCalculator(of: item, at: index),
          spacing: spacing, padding: padding, container: container, previous: previous, isSizing: isSizing))
      guard frame.isFinite else {
        throw .nonFiniteFrame(
          itemPath: path + [index], item: describe(item), frame: frame, calculator: calculator.name)
      }
      record(index, frame)

      // 4. Observer.
      if let observer = arrangement.observer(of: item) {
        observer(LayoutObserverArguments(item: item, index: index, frame: frame, isSizing: isSizing))
      }

      // 5. Occupied bounds.
      if !options.shouldIgnoreWhenCalculatingSize {
        let padded = frame.outset(by: padding)
        if let current = occupied, !current.isEmpty {
          if !frame.isEmpty { occupied = current.union(padded) }
        } else {
          occupied = padded
        }
      }

      // 6. Previous.
      if options.saveAsPrevious {
        previous = PreviousItem(
          content: item.content, index: index, frame: frame, spacing: spacing, padding: padding)
      }
    }
    return occupied
  }

  /// A short description of an item for error messages.
  static func describe<Value>(_ item: SequentialItem<Value>) -> String {
    switch item.content {
    case .value(let value): return String(describing: value)
    case .container(let container): return "container of \(container.items.count) items"
    }
  }
}
