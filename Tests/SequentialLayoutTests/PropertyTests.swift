import LayoutGeometry
import SequentialLayout
import TestSupport
import Testing

/// Seeded property tests: each seed builds a random layout; failures print the seed. One test
/// runs every seed, so a passing run prints one line per property, not one per seed.
@Suite("Properties")
struct PropertyTests {
  static let seeds: [UInt64] = Array(0..<200)

  /// A VStack places each item exactly the facing spacing (the larger of the pair) and both
  /// paddings below the previous one, so padded frames never overlap vertically.
  @Test("a VStack's frames never overlap and respect spacing (every seed)")
  func vstackEverySeed() throws {
    for seed in Self.seeds {
      do { try vstack(seed: seed) } catch { Issue.record(error, "seed \(seed)") }
    }
  }

  func vstack(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let count = Int.random(in: 1...30, using: &random)
    var container = Container(layoutInsets: random.insets(0...10))
    var spacings: [EdgeInsets] = []
    var paddings: [EdgeInsets] = []
    for _ in 0..<count {
      let spacing = random.insets(0...12)
      let padding = random.insets(0...6)
      spacings.append(spacing)
      paddings.append(padding)
      container = container.containingItem(
        box(random.whole(0...80), random.whole(0...40)).withSpacing(spacing).withPadding(padding))
    }
    let result = try container.layout(in: rect(0, 0, 200, 10_000))
    let frames = result.frames.map { $0! }
    for index in frames.indices {
      #expect(frames[index].minX == container.layoutInsets.left + paddings[index].left, "seed \(seed)")
      guard index > 0 else {
        #expect(frames[0].minY == container.layoutInsets.top + paddings[0].top, "seed \(seed)")
        continue
      }
      let gap = max(spacings[index - 1].bottom, spacings[index].top)
      let expectedY = frames[index - 1].maxY + paddings[index - 1].bottom + gap + paddings[index].top
      #expect(frames[index].minY == expectedY, "seed \(seed), item \(index)")
      let above = frames[index - 1].outset(by: paddings[index - 1])
      let below = frames[index].outset(by: paddings[index])
      #expect(below.minY - above.maxY >= gap, "seed \(seed), item \(index)")
    }
  }

  /// The size from a dry layout holds every counted frame, whatever the calculators and options.
  @Test("sizeThatFits bounds contain every non-ignored frame (every seed)")
  func sizeContainsFramesEverySeed() throws {
    for seed in Self.seeds {
      do { try sizeContainsFrames(seed: seed) } catch { Issue.record(error, "seed \(seed)") }
    }
  }

  func sizeContainsFrames(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let names = StandardFrameCalculator.allCases
    let insets = random.insets(0...10)
    var container = Container(layoutInsets: insets)
    var ignored: [Bool] = []
    var paddings: [EdgeInsets] = []
    for _ in 0..<Int.random(in: 1...20, using: &random) {
      let ignore = Int.random(in: 0..<6, using: &random) == 0
      let padding = random.insets(0...5)
      ignored.append(ignore)
      paddings.append(padding)
      let widget: Widget =
        Bool.random(using: &random)
        ? .box(random.whole(0...60), random.whole(0...30))
        : .label(String(repeating: "x", count: Int.random(in: 0...30, using: &random)))
      container = container.containingItem(
        Item(widget)
          .withFrameCalculator(.standard(names.randomElement(using: &random)!))
          .withPadding(padding)
          .withSpacing(random.insets(0...8))
          .withOptions(
            LayoutOptions(
              shouldIgnoreWhenCalculatingSize: ignore,
              saveAsPrevious: Int.random(in: 0..<5, using: &random) > 0)))
    }
    let fitting = Size(width: random.whole(50...400), height: random.whole(50...800))
    let size = try container.sizeThatFits(fitting)
    let result = try container.layout(in: Rect(origin: .zero, size: fitting))
    #expect(size == result.fittingSize, "seed \(seed)")
    guard let occupied = result.occupiedBounds else {
      #expect(size == Size.zero.outset(by: insets), "seed \(seed)")
      return
    }
    #expect(occupied.size.outset(by: insets) == size, "seed \(seed)")
    for (index, frame) in result.frames.enumerated() where !ignored[index] {
      guard let frame, !frame.isEmpty else { continue }
      #expect(occupied.contains(frame.outset(by: paddings[index])), "seed \(seed), item \(index)")
    }
  }

  /// Items of one height in a flow with no spacing never overlap and stay inside the layout
  /// area's width when each fits on a line of its own.
  @Test("a flow's items never overlap and wrap inside the width (every seed)")
  func flowEverySeed() throws {
    for seed in Self.seeds {
      do { try flow(seed: seed) } catch { Issue.record(error, "seed \(seed)") }
    }
  }

  func flow(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let width = random.whole(60...300)
    let insets = EdgeInsets(
      top: random.whole(0...10), left: random.whole(0...10), bottom: 0, right: random.whole(0...10))
    let area = width - insets.horizontal
    let items = (0..<Int.random(in: 1...40, using: &random)).map { _ in box(random.whole(1...Int(area)), 20) }
    let result = try Container(layoutInsets: insets, items: items).containingDefaultFrameCalculator(
      .topAlignedFlow
    )
    .layout(in: rect(0, 0, width, 10_000))
    let frames = result.frames.map { $0! }
    for (index, frame) in frames.enumerated() {
      #expect(frame.minX >= insets.left && frame.maxX <= width - insets.right, "seed \(seed), item \(index)")
      for other in frames[..<index] {
        #expect(!frame.intersects(other), "seed \(seed), item \(index)")
      }
    }
  }

  /// The list's entry point equals a self-sizing container of the same items: sized by dry
  /// layout, then laid out at that height (differential test).
  @Test("a section lays out like an autosized container (every seed)")
  func sectionMatchesContainerEverySeed() throws {
    for seed in Self.seeds {
      do { try sectionMatchesContainer(seed: seed) } catch { Issue.record(error, "seed \(seed)") }
    }
  }

  func sectionMatchesContainer(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let names = StandardFrameCalculator.allCases
    let width = random.whole(100...500)
    let insets = random.insets(0...16)
    let defaults = SequentialSectionDefaults(
      frameCalculator: .standard(names.randomElement(using: &random)!), spacing: random.insets(0...10),
      padding: random.insets(-2...4))
    let widgets: [Widget] = (0..<Int.random(in: 0...25, using: &random)).map { _ in
      Bool.random(using: &random)
        ? .box(random.whole(0...90), random.whole(0...50))
        : .label(String(repeating: "y", count: Int.random(in: 1...40, using: &random)))
    }
    // Values are indexes into the model, as in the list.
    let size = SizeCalculator<Int> { args in widgets[args.item.value!].sizeThatFits(args.fittingSize) }
    var sectionItems: [SequentialSectionItem] = []
    var container = SequentialContainer<Int>(layoutInsets: insets)
      .containingDefaultFrameCalculator(defaults.frameCalculator)
      .containingDefaultSpacing(defaults.spacing)
      .containingDefaultPadding(defaults.padding)
    for index in widgets.indices {
      let calculator: FrameCalculator<Int>? =
        Bool.random(using: &random) ? .standard(names.randomElement(using: &random)!) : nil
      let spacing: EdgeInsets? = Bool.random(using: &random) ? random.insets(0...10) : nil
      let padding: EdgeInsets? = Bool.random(using: &random) ? random.insets(-2...6) : nil
      sectionItems.append(
        SequentialSectionItem(size: size, frameCalculator: calculator, spacing: spacing, padding: padding))
      var item = SequentialItem(index).withSizeCalculator(size)
      if let calculator { item = item.withFrameCalculator(calculator) }
      if let spacing { item = item.withSpacing(spacing) }
      if let padding { item = item.withPadding(padding) }
      container = container.containingItem(item)
    }
    let section = try SequentialSection.layout(
      sectionItems, width: width, layoutInsets: insets, defaults: defaults)
    let (fitted, result) = try autosized(container, width: width)
    #expect(section.contentHeight == fitted.height, "seed \(seed)")
    // A container clips its bounds to the maximum dimension; a section's layout pass does not
    // (sections may be taller), so frames agree only below that height.
    if fitted.height <= SequentialLayoutLimits.maximumDimension {
      #expect(section.frames == result.frames.map { $0! }, "seed \(seed)")
    }
  }
}

@Suite("Calculator contracts")
struct CalculatorContractTests {
  /// A calculator that says it does not depend on the container's height must give the same
  /// frames at any height: the section skips its second pass on that promise.
  @Test(
    "height-independent standard calculators give the same frames at any height",
    arguments: StandardFrameCalculator.allCases.filter { !$0.dependsOnContainerHeight })
  func heightIndependent(kind: StandardFrameCalculator) throws {
    for seed in UInt64(0)..<50 {
      var random = SplitMix64(seed: seed)
      let items = (0..<Int.random(in: 1...12, using: &random)).map { _ in
        box(random.whole(0...80), random.whole(0...40))
          .withSpacing(random.insets(0...8)).withPadding(random.insets(-3...5))
      }
      let container = Container(layoutInsets: random.insets(0...10), items: items)
        .containingDefaultFrameCalculator(.standard(kind))
      let short = try container.layout(in: rect(0, 0, 240, random.whole(0...300)))
      let tall = try container.layout(in: rect(0, 0, 240, random.whole(301...9000)))
      #expect(short.frames == tall.frames, "seed \(seed)")
    }
  }

  @Test("the flag is reported by the calculators, and composition keeps it")
  func flags() {
    #expect(!FrameCalculator<Int>.containerLeftAlignedVStack.dependsOnContainerHeight)
    #expect(FrameCalculator<Int>.bottomAlignedHStack.dependsOnContainerHeight)
    #expect(FrameCalculator<Int> { _ in .zero }.dependsOnContainerHeight)
    #expect(!FrameCalculator<Int>.fixed(.zero).dependsOnContainerHeight)
    #expect(!FrameCalculator<Int>.flow(line: .topAlignedHStack).dependsOnContainerHeight)
    #expect(FrameCalculator<Int>.flow(line: .centerAlignedHStack).dependsOnContainerHeight)
    #expect(!FrameCalculator<Int>.topAlignedFlow.offsetBy(dx: 1).dependsOnContainerHeight)
    #expect(FrameCalculator<Int> { _ in .zero }.name == nil)
    #expect(FrameCalculator<Int>.topAlignedFlow.kind == .topAlignedFlow)
  }

  @Test("items are values: decorating a copy leaves the original alone")
  func copyOnWrite() throws {
    let original = box(10, 10).withSpacing(EdgeInsets(top: 5))
    var copy = original
    copy.spacingCalculator = .constant(EdgeInsets(top: 50))
    let decorated = original.withFrameCalculator(.containerRightAlignedVStack)
    let container = Container().containingItem(.box(10, 10))
    let results = try [original, copy, decorated].map {
      try container.containingItem($0).layout(in: rect(0, 0, 100, 100)).frames[1]
    }
    #expect(results == [rect(0, 15, 10, 10), rect(0, 60, 10, 10), rect(90, 15, 10, 10)])
    #expect(original.frameCalculator == nil)
    #expect(decorated.spacingCalculator != nil)
  }
}
