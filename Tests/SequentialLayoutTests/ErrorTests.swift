import LayoutGeometry
import SequentialLayout
import Testing

@Suite("Bad input")
struct ErrorTests {
  @Test("a non-finite frame from a custom calculator names the item")
  func customCalculator() {
    let container = Container()
      .containingItem(.label("a"))
      .containingItem(label("b").withFrameCalculator { _ in rect(0, .nan, 10, 10) })
      .containingItem(.label("c"))
    #expect {
      try container.layout(in: rect(0, 0, 100, 100))
    } throws: { error in
      guard case .nonFiniteFrame(let path, let item, _, let calculator) = error as? SequentialLayoutError
      else {
        return false
      }
      return path == [1] && item == "label 'b'" && calculator == nil
    }
  }

  @Test("a non-finite size reaches the frame and is reported with the standard calculator's name")
  func nonFiniteSize() throws {
    let container = Container()
      .containingItem(label("x").withSizeCalculator(.fixed(Size(width: .infinity, height: 10))))
    let error = try #require(throws: SequentialLayoutError.self) {
      try container.sizeThatFits(Size(width: 100, height: 100))
    }
    guard case .nonFiniteFrame(let path, let item, let frame, let calculator) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(path == [0])
    #expect(item == "label 'x'")
    #expect(frame.width == .infinity)
    #expect(calculator == "containerLeftAlignedVStack")
    #expect(
      error.description
        == "non-finite frame (0, 0, inf, 10) computed by calculator 'containerLeftAlignedVStack' for item 0 (label 'x')"
    )
  }

  @Test("inside a nested container: the index path when the container has a size, the container otherwise")
  func nested() throws {
    let bad = Container().containingItem(box(1, 1).withFrameCalculator { _ in rect(.infinity, 0, 1, 1) })
    let sized = Container().containingItem(.box(5, 5)).containingItem(
      bad.withSize(Size(width: 10, height: 10)))
    let sizedError = try #require(throws: SequentialLayoutError.self) {
      try sized.layout(in: rect(0, 0, 50, 50))
    }
    guard case .nonFiniteFrame(let path, let item, _, _) = sizedError else { throw sizedError }
    #expect(path == [1, 0])
    #expect(item == "box 1×1")

    // A nested container's dry layout cannot throw through its size calculator: its size is
    // NaN, and the enclosing container reports the nested container.
    let intrinsic = Container().containingItem(.box(5, 5)).containingItem(bad.asItem)
    let intrinsicError = try #require(throws: SequentialLayoutError.self) {
      try intrinsic.layout(in: rect(0, 0, 50, 50))
    }
    guard case .nonFiniteFrame(let path2, let item2, _, _) = intrinsicError else { throw intrinsicError }
    #expect(path2 == [1])
    #expect(item2 == "container of 1 items")
  }

  @Test("unknown calculator names: nil, or an error listing the known names")
  func unknownNames() throws {
    #expect(FrameCalculator<Int>.standard(named: "sideways") == nil)
    #expect(FrameCalculator<Int>.standard(named: "topAlignedFlow")?.name == "topAlignedFlow")
    let error = try #require(throws: SequentialLayoutError.self) {
      try FrameCalculator<Int>(standardName: "sideways")
    }
    #expect(error == .unknownFrameCalculator(name: "sideways", known: StandardFrameCalculator.knownNames))
    #expect(error.description.hasPrefix("unknown calculator 'sideways'; known: containerLeftAlignedVStack, "))
    #expect(StandardFrameCalculator.knownNames.count == 30)
    for name in StandardFrameCalculator.knownNames {
      #expect(FrameCalculator<Int>.standard(named: name)?.name == name)
    }
    #expect(throws: SequentialLayoutError.self) {
      try SequentialSectionItem(size: .fixed(.zero), frameCalculatorName: "nope")
    }
    #expect(throws: SequentialLayoutError.self) {
      try SequentialSectionDefaults(frameCalculatorName: "")
    }
  }

  @Test("NaN or negative bounds and non-finite insets are errors, not crashes")
  func invalidBounds() {
    let container = Container().containingItem(.box(1, 1))
    #expect(throws: SequentialLayoutError.self) { try container.layout(in: rect(0, 0, .nan, 10)) }
    #expect(throws: SequentialLayoutError.self) { try container.layout(in: rect(0, 0, -1, 10)) }
    #expect(throws: SequentialLayoutError.self) { try container.layout(in: rect(.infinity, 0, 1, 10)) }
    #expect(throws: SequentialLayoutError.self) { try container.sizeThatFits(Size(width: 10, height: .nan)) }
    #expect(throws: SequentialLayoutError.self) {
      try container.containingLayoutInsets(EdgeInsets(top: .infinity)).layout(in: rect(0, 0, 10, 10))
    }
    let items = [SequentialSectionItem(size: Size(width: 1, height: 1))]
    #expect(throws: SequentialLayoutError.self) { try SequentialSection.layout(items, width: .nan) }
    #expect(throws: SequentialLayoutError.self) { try SequentialSection.layout(items, width: -5) }
    #expect(throws: SequentialLayoutError.self) {
      try SequentialSection.layout(items, width: 10, layoutInsets: EdgeInsets(left: .nan))
    }
  }
}
