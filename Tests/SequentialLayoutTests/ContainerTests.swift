import LayoutGeometry
import SequentialLayout
import Testing

@Suite("Spacing and padding")
struct SpacingPaddingTests {
  @Test(
    "between two items the larger of the facing pair applies",
    arguments: [(0.0, 0.0, 0.0), (10, 4, 10), (4, 10, 10), (7, 7, 7), (0, 12, 12)])
  func maxOfFacingPair(previousBottom: Double, currentTop: Double, gap: Double) throws {
    let result = try Container()
      .containingItem(box(10, 10).withSpacing(EdgeInsets(top: 99, bottom: previousBottom)))
      .containingItem(box(10, 10).withSpacing(EdgeInsets(top: currentTop, bottom: 99)))
      .layout(in: rect(0, 0, 100, 100))
    // The first item's own top spacing does not push it from the container edge.
    #expect(result.frames == [rect(0, 0, 10, 10), rect(0, 10 + gap, 10, 10)])
  }

  @Test("horizontal spacing uses the right/left pair")
  func horizontalPair() throws {
    let result = try Container()
      .containingItem(box(10, 10).withSpacing(EdgeInsets(left: 50, right: 3)))
      .containingItem(box(10, 10).withSpacing(EdgeInsets(left: 8)).withFrameCalculator(.topAlignedHStack))
      .containingItem(box(10, 10).withSpacing(EdgeInsets(left: 1)).withFrameCalculator(.topAlignedHStack))
      .layout(in: rect(0, 0, 100, 100))
    #expect(result.frames == [rect(0, 0, 10, 10), rect(18, 0, 10, 10), rect(29, 0, 10, 10)])
  }

  @Test("an item's spacing replaces the container's default whole")
  func itemSpacingReplacesDefault() throws {
    let result = try Container()
      .containingItem(.box(10, 10))
      .containingItem(box(10, 10).withSpacing(EdgeInsets(top: 3)))  // bottom 0 now
      .containingItem(.box(10, 10))
      .containingDefaultSpacing(EdgeInsets(top: 5, bottom: 5))
      .layout(in: rect(0, 0, 100, 100))
    #expect(result.frames == [rect(0, 0, 10, 10), rect(0, 15, 10, 10), rect(0, 30, 10, 10)])
  }

  @Test("padding is additive, outside the frame, from neighbours and container edges")
  func paddingAdds() throws {
    let result = try Container(layoutInsets: EdgeInsets(top: 4, left: 6))
      .containingItem(
        box(10, 10).withPadding(EdgeInsets(top: 1, left: 2, bottom: 3)).withSpacing(EdgeInsets(bottom: 5))
      )
      .containingItem(box(10, 10).withPadding(EdgeInsets(top: 7)).withSpacing(EdgeInsets(top: 2)))
      .layout(in: rect(0, 0, 100, 100))
    // Second: 15 (maxY) + 3 (previous bottom padding) + max(5, 2) + 7 (own top padding).
    #expect(result.frames == [rect(8, 5, 10, 10), rect(6, 30, 10, 10)])
    #expect(result.occupiedBounds == rect(6, 4, 12, 36))
  }

  @Test("negative padding unpads: frames overlap the whitespace they ignore")
  func negativePadding() throws {
    let container = Container()
      .containingItem(box(100, 20).withPadding(EdgeInsets(top: -4, left: -2, bottom: -4, right: 0)))
      .containingItem(.box(100, 20))
    let result = try container.layout(in: rect(0, 0, 200, 200))
    #expect(result.frames == [rect(-2, -4, 100, 20), rect(0, 12, 100, 20)])
    // The padded frame (0, 0, 98, 12) counts in the size, not the frame.
    #expect(try container.sizeThatFits(Size(width: 200, height: 200)) == Size(width: 100, height: 32))
  }

  @Test("padding is subtracted from the fitting size (and negative padding adds to it)")
  func paddingInFittingSize() throws {
    let fill = SizeCalculator<Widget> { Size(width: $0.fittingSize.width, height: 10) }
    let result = try Container()
      .containingItem(box(0, 0).withSizeCalculator(fill).withPadding(EdgeInsets(left: 5, right: 5)))
      .containingItem(box(0, 0).withSizeCalculator(fill).withPadding(EdgeInsets(left: -3, right: -3)))
      .layout(in: rect(0, 0, 200, 100))
    #expect(result.frames == [rect(5, 0, 190, 10), rect(-3, 10, 206, 10)])
  }

  @Test("spacing and padding calculators are given the item and the container")
  func calculatorsSeeItem() throws {
    let byKind = SpacingCalculator<Widget> { args in
      if case .button = args.item.value { return EdgeInsets(top: 12) }
      return EdgeInsets(top: args.container.insets.top)
    }
    let result = try Container(layoutInsets: EdgeInsets(top: 1))
      .containingItem(.label("a"))
      .containingItem(.button("b"))
      .containingItem(.label("c"))
      .containingDefaultSpacingCalculator(byKind)
      .layout(in: rect(0, 0, 100, 200))
    #expect(result.frames == [rect(0, 1, 10, 20), rect(0, 33, 50, 44), rect(0, 78, 10, 20)])
  }
}

@Suite("Options and observers")
struct OptionsTests {
  @Test("a skipped item gets no frame, no observer call, and is not the previous item")
  func skip() throws {
    let recorder = Recorder()
    let container = Container()
      .containingItem(.box(10, 10))
      .containingItem(box(50, 50).withOptions(LayoutOptions(shouldSkipLayout: true)))
      .containingItem(.box(10, 10))
      .containingDefaultLayoutObserver(recorder.observer)
    let result = try container.layout(in: rect(0, 0, 100, 100))
    #expect(result.frames == [rect(0, 0, 10, 10), nil, rect(0, 10, 10, 10)])
    #expect(recorder.indexes == [0, 2])
    #expect(try container.sizeThatFits(Size(width: 100, height: 100)) == Size(width: 10, height: 20))
  }

  @Test("an options calculator decides per item (skip hidden items)")
  func optionsCalculator() throws {
    let skipEmptyLabels = OptionsCalculator<Widget> { args in
      LayoutOptions(shouldSkipLayout: args.item.value == .label(""))
    }
    let result = try Container()
      .containingItem(.label("ab"))
      .containingItem(.label(""))
      .containingItem(.label("cd"))
      .containingDefaultOptionsCalculator(skipEmptyLabels)
      .layout(in: rect(0, 0, 100, 100))
    #expect(result.frames == [rect(0, 0, 20, 20), nil, rect(0, 20, 20, 20)])
  }

  @Test("an ignored item is laid out and is previous, but does not count in the size")
  func ignoreInSize() throws {
    let container = Container()
      .containingItem(.box(10, 10))
      .containingItem(box(80, 30).withOptions(LayoutOptions(shouldIgnoreWhenCalculatingSize: true)))
      .containingItem(.box(10, 10))
    let result = try container.layout(in: rect(0, 0, 100, 100))
    #expect(result.frames == [rect(0, 0, 10, 10), rect(0, 10, 80, 30), rect(0, 40, 10, 10)])
    #expect(result.occupiedBounds == rect(0, 0, 10, 50))
    #expect(try container.sizeThatFits(Size(width: 100, height: 100)) == Size(width: 10, height: 50))
  }

  @Test("saveAsPrevious false: the next item sees the same previous item")
  func saveAsPrevious() throws {
    let result = try Container()
      .containingItem(.box(40, 40))
      .containingItem(
        box(10, 10).withFrameCalculator(.bottomRightAligned).withOptions(LayoutOptions(saveAsPrevious: false))
      )
      .containingItem(
        box(10, 10).withFrameCalculator(.topRightAligned).withOptions(LayoutOptions(saveAsPrevious: false))
      )
      .containingItem(box(20, 20).withFrameCalculator(.topAlignedHStack))
      .layout(in: rect(0, 0, 100, 100))
    #expect(
      result.frames == [rect(0, 0, 40, 40), rect(30, 30, 10, 10), rect(30, 0, 10, 10), rect(40, 0, 20, 20)])
  }

  @Test("observers get every frame, in order, with the pass they belong to")
  func observers() throws {
    let recorder = Recorder()
    let own = Recorder()
    let container = Container()
      .containingItem(.box(10, 10))
      .containingItem(box(20, 10).withLayoutObserver(own.observer))
      .containingDefaultLayoutObserver(recorder.observer)
    _ = try container.sizeThatFits(Size(width: 100, height: 100))
    let result = try container.layout(in: rect(0, 0, 100, 100))
    // The item's own observer replaces the default one.
    #expect(recorder.all.map(\.index) == [0, 0])
    #expect(recorder.all.map(\.isSizing) == [true, false])
    #expect(own.all.map(\.isSizing) == [true, false])
    #expect(own.layoutFrames == [result.frames[1]!])
  }

  @Test("identifiable values: frames by identifier")
  func framesByID() throws {
    struct Cell: Identifiable, Sendable, SequentialSizing {
      var id: String
      var height: Double
      func sizeThatFits(_ fittingSize: Size) -> Size { Size(width: fittingSize.width, height: height) }
    }
    let frames = try SequentialContainer<Cell>()
      .containingItem(Cell(id: "a", height: 10))
      .containingItem(Cell(id: "b", height: 20))
      .framesByID(in: rect(0, 0, 50, 100))
    #expect(frames == ["a": rect(0, 0, 50, 10), "b": rect(0, 10, 50, 20)])
  }
}

@Suite("Calculator precedence")
struct PrecedenceTests {
  @Test("frame: item, then container default, then containerLeftAlignedVStack")
  func frameCalculators() throws {
    let plain = try Container().containingItem(.box(10, 10)).containingItem(.box(10, 10))
      .layout(in: rect(0, 0, 100, 100))
    #expect(plain.frames == [rect(0, 0, 10, 10), rect(0, 10, 10, 10)])
    let defaulted = try Container().containingItem(.box(10, 10))
      .containingItem(box(10, 10).withFrameCalculator(.containerRightAlignedVStack))
      .containingDefaultFrameCalculator(.topAlignedHStack)
      .layout(in: rect(0, 0, 100, 100))
    #expect(defaulted.frames == [rect(0, 0, 10, 10), rect(90, 10, 10, 10)])
  }

  @Test("sizing: item sizing, then default sizing, then item frame, then default frame")
  func sizingCalculators() throws {
    let recorder = Recorder()
    let container = Container()
      .containingItem(box(10, 10).withFrameCalculator(.containerRightAlignedVStack))
      .containingItem(
        box(10, 10).withFrameCalculator(.containerRightAlignedVStack).withSizingFrameCalculator(
          .containerCenterAlignedVStack)
      )
      .containingItem(.box(10, 10))
      .containingDefaultFrameCalculator(.containerRightAlignedVStack)
      .containingDefaultLayoutObserver(recorder.observer)
    _ = try container.sizeThatFits(Size(width: 100, height: 100))
    #expect(recorder.all.map(\.frame) == [rect(90, 0, 10, 10), rect(45, 10, 10, 10), rect(90, 20, 10, 10)])

    let withDefaultSizing = Recorder()
    _ = try container.containingDefaultSizingFrameCalculator(.containerLeftAlignedVStack)
      .containingDefaultLayoutObserver(withDefaultSizing.observer)
      .sizeThatFits(Size(width: 100, height: 100))
    #expect(
      withDefaultSizing.all.map(\.frame) == [rect(0, 0, 10, 10), rect(45, 10, 10, 10), rect(0, 20, 10, 10)])
    // Layout passes never use sizing calculators.
    #expect(try container.layout(in: rect(0, 0, 100, 100)).frames.allSatisfy { $0?.minX == 90 })
  }

  @Test("size: item, then container default, then intrinsic (zero for values that cannot size themselves)")
  func sizeCalculators() throws {
    let result = try SequentialContainer<Int>()
      .containingItem(1)
      .containingItem(SequentialItem(2).withSize(Size(width: 5, height: 5)))
      .layout(in: rect(0, 0, 100, 100))
    #expect(result.frames == [rect(0, 0, 0, 0), rect(0, 0, 5, 5)])
    let defaulted = try SequentialContainer<Int>()
      .containingItem(1)
      .containingItem(SequentialItem(2).withSize(Size(width: 5, height: 5)))
      .containingDefaultSize(Size(width: 7, height: 7))
      .layout(in: rect(0, 0, 100, 100))
    #expect(defaulted.frames == [rect(0, 0, 7, 7), rect(0, 7, 5, 5)])
  }

  @Test("bounds are clipped to the maximum dimension; a container's origin is respected")
  func bounds() throws {
    let container = Container().containingItem(box(10, 10).withFrameCalculator(.containerBottomRightAligned))
    let huge = try container.layout(in: rect(0, 0, .infinity, 1e300))
    #expect(huge.frames == [rect(9990, 9990, 10, 10)])
    let offset = try container.layout(in: rect(100, 200, 50, 50))
    #expect(offset.frames == [rect(140, 240, 10, 10)])
    #expect(try Container().sizeThatFits(Size(width: 10, height: 10)) == .zero)
    #expect(
      try Container(layoutInsets: EdgeInsets(all: 3)).sizeThatFits(Size(width: 10, height: 10))
        == Size(width: 6, height: 6))
  }
}

@Suite("Nested containers")
struct NestingTests {
  /// A wrapped label inside a nested container gets the width passed down: the container's
  /// dry layout offers it the outer width less the inner insets.
  @Test("wrapped text gets its width passed down through a nested container")
  func wrappedText() throws {
    let text = String(repeating: "a", count: 25)
    let card = Container(layoutInsets: EdgeInsets(all: 5)).containingItem(.label(text))
    let outer = Container()
      .containingItem(.label("Heading"))
      .containingItem(card.asItem)
      .containingItem(.label("after"))
    let (size, result) = try autosized(outer, width: 100)
    // 9 characters a line in 90 points: 3 lines.
    #expect(result.frames == [rect(0, 0, 70, 20), rect(0, 20, 100, 70), rect(0, 90, 50, 20)])
    #expect(result.nested[1]?.frames == [rect(5, 5, 90, 60)])
    #expect(size == Size(width: 100, height: 110))
    // Narrower: the heading wraps to 2 lines; the card's text gets 4 characters a line in
    // 40 points: 7 lines.
    let (narrow, _) = try autosized(outer, width: 50)
    #expect(narrow == Size(width: 50, height: 40 + 150 + 20))
  }

  @Test("nested containers nest to any depth; each sizes itself by dry layout")
  func deepNesting() throws {
    var inner = Container().containingItem(.box(10, 10))
    for _ in 0..<5 {
      inner = Container(layoutInsets: EdgeInsets(all: 1)).containingItem(inner.asItem).containingItem(
        .box(4, 4))
    }
    // Each level adds 1 of insets on each side and a 4-high box: 10 + 5 × 2 wide, 10 + 5 × 6 high.
    #expect(try inner.sizeThatFits(Size(width: 100, height: 100)) == Size(width: 20, height: 40))
    let result = try inner.layout(in: rect(0, 0, 20, 40))
    let flat = result.flattenedFrames()
    #expect(flat.count == 11)
    #expect(flat.first { $0.path == [0, 0, 0, 0, 0, 0] }?.frame == rect(5, 5, 10, 10))
  }

  @Test("a nested container given a negative size lays out in no room, without an error")
  func negativeNested() throws {
    let child = Container().containingItem(.box(5, 5))
    let result = try Container()
      .containingItem(child.withSize(Size(width: 20, height: 20)).withPadding(EdgeInsets(all: 30)))
      .containingItem(
        child.asItem.withFrameCalculator(.matchContainer).withPadding(EdgeInsets(left: 40, right: 40))
      )
      .layout(in: rect(0, 0, 50, 50))
    #expect(result.frames[1] == rect(40, 0, -30, 50))
    #expect(result.nested[1]?.container.bounds == rect(0, 0, 0, 50))
    #expect(result.nested[1]?.frames == [rect(0, 0, 5, 5)])
  }

  @Test("a nested container can be sized by a size calculator instead")
  func fixedSizeNested() throws {
    let row = Container().containingItems([box(30, 10), box(30, 10)]).containingDefaultFrameCalculator(
      .topAlignedHStack)
    let result = try Container()
      .containingItem(row.withSize(Size(width: 100, height: 40)))
      .layout(in: rect(0, 0, 200, 200))
    #expect(result.frames == [rect(0, 0, 100, 40)])
    #expect(result.nested[0]?.frames == [rect(0, 0, 30, 10), rect(30, 0, 30, 10)])
    #expect(result.nested[0]?.container.bounds == rect(0, 0, 100, 40))
  }
}
