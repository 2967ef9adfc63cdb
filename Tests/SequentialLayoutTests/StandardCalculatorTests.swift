import LayoutGeometry
import SequentialLayout
import Testing

/// Every standard calculator, with exact frames, without and with a previous item.
///
/// The fixture: bounds (0, 0, 200, 300) with insets (top 10, left 20, bottom 30, right 40), so the
/// layout area is (20, 10, 140, 260), centred at (90, 140). The item is 30×20 with padding
/// (1, 2, 3, 4) and spacing (5, 6, 7, 8); the previous item is (50, 100, 40, 30) with padding 2 on
/// every edge and spacing (top 9, left 3, bottom 4, right 10).
@Suite("Standard frame calculators")
struct StandardCalculatorTests {
  static let container = ContainerDescription(
    bounds: rect(0, 0, 200, 300), insets: EdgeInsets(top: 10, left: 20, bottom: 30, right: 40))
  static let padding = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
  static let spacing = EdgeInsets(top: 5, left: 6, bottom: 7, right: 8)
  static let previous = PreviousItem<Widget>(
    content: .value(.box(40, 30)), index: 0, frame: rect(50, 100, 40, 30),
    spacing: EdgeInsets(top: 9, left: 3, bottom: 4, right: 10), padding: EdgeInsets(all: 2))

  static func arguments(previous: PreviousItem<Widget>?) -> FrameCalculatorArguments<Widget> {
    FrameCalculatorArguments(
      item: box(30, 20), index: 1, sizeCalculator: .intrinsic, spacing: spacing, padding: padding,
      container: container, previous: previous)
  }

  /// (without a previous item, with one), worked out by hand from the seed's rules:
  /// below previous y = 130 + 2 + max(4, 5) + 1 = 138; above y = 100 - 2 - max(9, 7) - 3 - 20 = 66;
  /// right of previous x = 90 + 2 + max(10, 6) + 2 = 104; left x = 50 - 2 - max(3, 8) - 4 - 30 = 6.
  static let expected: [StandardFrameCalculator: (first: Rect, next: Rect)] = [
    .containerLeftAlignedVStack: (rect(22, 11, 30, 20), rect(22, 138, 30, 20)),
    .containerCenterAlignedVStack: (rect(74, 11, 30, 20), rect(74, 138, 30, 20)),
    .containerRightAlignedVStack: (rect(126, 11, 30, 20), rect(126, 138, 30, 20)),
    .containerFullWidthVStack: (rect(22, 11, 134, 20), rect(22, 138, 134, 20)),
    .containerLeftAlignedVStackUp: (rect(22, 247, 30, 20), rect(22, 66, 30, 20)),
    .containerCenterAlignedVStackUp: (rect(74, 247, 30, 20), rect(74, 66, 30, 20)),
    .containerRightAlignedVStackUp: (rect(126, 247, 30, 20), rect(126, 66, 30, 20)),
    .containerFullWidthVStackUp: (rect(22, 247, 134, 20), rect(22, 66, 134, 20)),
    .topAlignedHStack: (rect(22, 11, 30, 20), rect(104, 99, 30, 20)),
    .centerAlignedHStack: (rect(22, 129, 30, 20), rect(104, 104, 30, 20)),
    .bottomAlignedHStack: (rect(22, 247, 30, 20), rect(104, 109, 30, 20)),
    .topAlignedHStackLeft: (rect(126, 11, 30, 20), rect(6, 99, 30, 20)),
    .centerAlignedHStackLeft: (rect(126, 129, 30, 20), rect(6, 104, 30, 20)),
    .bottomAlignedHStackLeft: (rect(126, 247, 30, 20), rect(6, 109, 30, 20)),
    .topAlignedFlow: (rect(22, 11, 30, 20), rect(104, 99, 30, 20)),
    .centerAlignedFlow: (rect(22, 129, 30, 20), rect(104, 104, 30, 20)),
    .bottomAlignedFlow: (rect(22, 247, 30, 20), rect(104, 109, 30, 20)),
    .matchContainer: (rect(22, 11, 134, 256), rect(22, 11, 134, 256)),
    .matchContainerFullBleed: (rect(2, 1, 194, 296), rect(2, 1, 194, 296)),
    .matchPrevious: (rect(22, 11, 134, 256), rect(50, 99, 38, 30)),
    .topLeftAligned: (rect(22, 11, 30, 20), rect(50, 99, 30, 20)),
    .topRightAligned: (rect(126, 11, 30, 20), rect(58, 99, 30, 20)),
    .bottomLeftAligned: (rect(22, 247, 30, 20), rect(50, 109, 30, 20)),
    .bottomRightAligned: (rect(126, 247, 30, 20), rect(58, 109, 30, 20)),
    .centerAligned: (rect(74, 129, 30, 20), rect(54, 104, 30, 20)),
    .containerTopLeftAligned: (rect(22, 11, 30, 20), rect(22, 11, 30, 20)),
    .containerTopRightAligned: (rect(126, 11, 30, 20), rect(126, 11, 30, 20)),
    .containerBottomLeftAligned: (rect(22, 247, 30, 20), rect(22, 247, 30, 20)),
    .containerBottomRightAligned: (rect(126, 247, 30, 20), rect(126, 247, 30, 20)),
    .containerCenterAligned: (rect(74, 129, 30, 20), rect(74, 129, 30, 20)),
  ]

  @Test("without a previous item, every calculator")
  func first() {
    for kind in StandardFrameCalculator.allCases {
      guard let expected = Self.expected[kind] else {
        Issue.record("no expectation for \(kind)")
        continue
      }
      let calculator = FrameCalculator<Widget>.standard(kind)
      #expect(calculator(Self.arguments(previous: nil)) == expected.first, "\(kind)")
      #expect(calculator.name == kind.rawValue)
    }
  }

  @Test("with a previous item, every calculator")
  func next() {
    for kind in StandardFrameCalculator.allCases {
      guard let expected = Self.expected[kind] else {
        Issue.record("no expectation for \(kind)")
        continue
      }
      #expect(
        FrameCalculator<Widget>.standard(kind)(Self.arguments(previous: Self.previous)) == expected.next,
        "\(kind)")
    }
  }

  @Test("the named properties are the registry's calculators")
  func namedProperties() {
    let args = Self.arguments(previous: Self.previous)
    let pairs: [(FrameCalculator<Widget>, StandardFrameCalculator)] = [
      (.containerLeftAlignedVStack, .containerLeftAlignedVStack),
      (.containerCenterAlignedVStack, .containerCenterAlignedVStack),
      (.containerRightAlignedVStack, .containerRightAlignedVStack),
      (.containerFullWidthVStack, .containerFullWidthVStack),
      (.topAlignedFlow, .topAlignedFlow), (.topAlignedHStack, .topAlignedHStack),
      (.centerAlignedHStack, .centerAlignedHStack), (.bottomAlignedHStack, .bottomAlignedHStack),
      (.matchContainer, .matchContainer), (.topRightAligned, .topRightAligned),
      (.topLeftAligned, .topLeftAligned), (.bottomLeftAligned, .bottomLeftAligned),
      (.bottomRightAligned, .bottomRightAligned),
    ]
    for (calculator, kind) in pairs {
      #expect(calculator.name == kind.rawValue)
      #expect(calculator(args) == Self.expected[kind]?.next)
    }
  }

  @Test("a flow wraps under the previous item at the container's left when the line is full")
  func flowWraps() {
    // Right of this previous item, the frame would end at 174 + 30 + padding 4 > 160.
    var previous = Self.previous
    previous.frame = rect(120, 100, 40, 30)
    let args = Self.arguments(previous: previous)
    #expect(FrameCalculator<Widget>.topAlignedFlow(args) == rect(22, 138, 30, 20))
    #expect(FrameCalculator<Widget>.centerAlignedFlow(args) == rect(22, 138, 30, 20))
    #expect(FrameCalculator<Widget>.bottomAlignedFlow(args) == rect(22, 138, 30, 20))
    // Exactly reaching the edge still fits: 104 + 30 + 4 = 138 ≤ 138.
    var narrow = Self.arguments(previous: Self.previous)
    narrow.container.insets.right = 62
    #expect(FrameCalculator<Widget>.topAlignedFlow(narrow) == rect(104, 99, 30, 20))
    narrow.container.insets.right = 63
    #expect(FrameCalculator<Widget>.topAlignedFlow(narrow) == rect(22, 138, 30, 20))
  }

  @Test("the fitting size given to the size calculator is the layout area less the padding")
  func fittingSizeLessPadding() {
    var args = Self.arguments(previous: nil)
    args.sizeCalculator = SizeCalculator { $0.fittingSize.outset(by: EdgeInsets()) }
    #expect(FrameCalculator<Widget>.containerTopLeftAligned(args) == rect(22, 11, 134, 256))
    // The full-width stack asks for the height at the padded width.
    args.sizeCalculator = SizeCalculator {
      Widget.textSize(characters: 20, fittingWidth: $0.fittingSize.width)
    }
    #expect(FrameCalculator<Widget>.containerFullWidthVStack(args) == rect(22, 11, 134, 40))
  }
}

@Suite("Calculator composition")
struct CompositionTests {
  @Test("a flow built from other calculators behaves like the standard one")
  func composedFlow() throws {
    let composed = FrameCalculator<Widget>.flow(line: .topAlignedHStack)
    let items = [button("one"), button("two"), button("three"), button("four")]
    let standard = try Container(items: items).containingDefaultFrameCalculator(.topAlignedFlow)
      .layout(in: rect(0, 0, 250, 400))
    let built = try Container(items: items).containingDefaultFrameCalculator(composed)
      .layout(in: rect(0, 0, 250, 400))
    #expect(built.frames == standard.frames)
    // one 70, two 70, three 90 → 230 ≤ 250; four wraps.
    #expect(
      standard.frames == [rect(0, 0, 70, 44), rect(70, 0, 70, 44), rect(140, 0, 90, 44), rect(0, 44, 80, 44)])
  }

  @Test("a flow with a custom wrap: right-aligned lines")
  func customWrap() throws {
    let calculator = FrameCalculator<Widget>.flow(line: .topAlignedHStack, wrap: .containerRightAlignedVStack)
    let result = try Container(items: [box(60, 10), box(60, 10), box(60, 10)])
      .containingDefaultFrameCalculator(calculator).layout(in: rect(0, 0, 130, 100))
    #expect(result.frames == [rect(0, 0, 60, 10), rect(60, 0, 60, 10), rect(70, 10, 60, 10)])
  }

  @Test("adjusted, offsetBy and either build calculators from others")
  func adjustments() throws {
    let shifted = FrameCalculator<Widget>.containerRightAlignedVStack.offsetBy(dx: -8, dy: 2)
    let centredOnPrevious = FrameCalculator<Widget>.containerLeftAlignedVStack.adjusted { args, frame in
      args.alignedToPreviousCenterX(frame)
    }
    let firstOnly = FrameCalculator<Widget>.either(
      .containerCenterAlignedVStack, or: .containerLeftAlignedVStack
    ) {
      $0.previous == nil
    }
    let result = try Container()
      .containingItem(box(40, 10).withFrameCalculator(firstOnly))
      .containingItem(box(20, 10).withFrameCalculator(centredOnPrevious))
      .containingItem(box(10, 10).withFrameCalculator(shifted))
      .containingItem(box(10, 10).withFrameCalculator(firstOnly))
      .layout(in: rect(0, 0, 100, 100))
    #expect(
      result.frames == [rect(30, 0, 40, 10), rect(40, 10, 20, 10), rect(82, 22, 10, 10), rect(0, 32, 10, 10)])
  }

  @Test("a custom calculator from placement helpers: below the previous item, right edges aligned")
  func customFromHelpers() throws {
    let rightUnderPrevious = FrameCalculator<Widget> { args in
      args.alignedToPreviousRight(args.placedBelowPrevious(args.sizedToFit(args.matchingContainer())))
    }
    let result = try Container()
      .containingItem(box(50, 10).withFrameCalculator(.containerCenterAlignedVStack))
      .containingItem(box(20, 10).withFrameCalculator(rightUnderPrevious))
      .layout(in: rect(0, 0, 100, 100))
    #expect(result.frames == [rect(25, 0, 50, 10), rect(55, 10, 20, 10)])
  }
}
