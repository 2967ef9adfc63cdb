import LayoutGeometry
import SequentialLayout
import Testing

@Suite("Sections (the list's entry point)")
struct SequentialSectionTests {
  static let text = SizeCalculator<Int> {
    Widget.textSize(characters: 25, fittingWidth: $0.fittingSize.width)
  }

  @Test("a flow section with defaults and per-item overrides")
  func flowSection() throws {
    let items = [
      SequentialSectionItem(size: Size(width: 80, height: 44)),
      SequentialSectionItem(size: Size(width: 80, height: 44)),
      SequentialSectionItem(size: Self.text, frameCalculator: .containerFullWidthVStack),
      SequentialSectionItem(size: Size(width: 100, height: 44)),
    ]
    let layout = try SequentialSection.layout(
      items, width: 320, layoutInsets: EdgeInsets(all: 16),
      defaults: SequentialSectionDefaults(frameCalculator: .topAlignedFlow, spacing: EdgeInsets(all: 8)))
    #expect(
      layout.frames == [
        rect(16, 16, 80, 44), rect(104, 16, 80, 44), rect(16, 68, 288, 20), rect(16, 96, 100, 44),
      ])
    #expect(layout.contentHeight == 156)
  }

  @Test("the documented example")
  func documentedExample() throws {
    let items = [
      SequentialSectionItem(size: Size(width: 80, height: 44)),
      SequentialSectionItem(size: Size(width: 80, height: 44)),
      SequentialSectionItem(size: Self.text, frameCalculator: .containerFullWidthVStack),
    ]
    let layout = try SequentialSection.layout(
      items, width: 320, layoutInsets: EdgeInsets(all: 16),
      defaults: SequentialSectionDefaults(frameCalculator: .topAlignedFlow, spacing: EdgeInsets(all: 8)))
    let h = 20.0
    #expect(layout.frames == [rect(16, 16, 80, 44), rect(104, 16, 80, 44), rect(16, 68, 288, h)])
    #expect(layout.contentHeight == (52 + h) + 32)
  }

  @Test("calculators and defaults chosen by name, spacing and padding per item")
  func byName() throws {
    let defaults = try SequentialSectionDefaults(
      frameCalculatorName: "topAlignedHStack", spacing: EdgeInsets(left: 4, right: 4),
      padding: EdgeInsets(top: 2))
    let items = [
      SequentialSectionItem(size: .fixed(Size(width: 10, height: 10))),
      SequentialSectionItem(size: .fixed(Size(width: 10, height: 10)), spacing: EdgeInsets(left: 20)),
      try SequentialSectionItem(
        size: .fixed(Size(width: 10, height: 10)), frameCalculatorName: "containerLeftAlignedVStack",
        padding: EdgeInsets(top: 5, left: 3)),
    ]
    let layout = try SequentialSection.layout(items, width: 100, defaults: defaults)
    // Item 2: below item 1 (12 + 2 bottom padding 0 + max(0, 0) + 5), at the left plus padding 3.
    #expect(layout.frames == [rect(0, 2, 10, 10), rect(30, 2, 10, 10), rect(3, 17, 10, 10)])
    #expect(layout.contentHeight == 27)
  }

  @Test("a calculator that depends on the height gets a second pass at the content height")
  func secondPass() throws {
    let items = [
      SequentialSectionItem(size: Size(width: 40, height: 40)),
      SequentialSectionItem(size: Size(width: 20, height: 20)),
      SequentialSectionItem(size: Size(width: 60, height: 60)),
    ]
    let layout = try SequentialSection.layout(
      items, width: 300, defaults: SequentialSectionDefaults(frameCalculator: .centerAlignedHStack))
    #expect(layout.contentHeight == 60)
    #expect(layout.frames == [rect(0, 10, 40, 40), rect(40, 20, 20, 20), rect(60, 0, 60, 60)])
  }

  @Test("a section taller than the maximum dimension is laid out at its full height")
  func tallSection() throws {
    var items = (0..<2_000).map { _ in SequentialSectionItem(size: Size(width: 10, height: 10)) }
    items.append(
      SequentialSectionItem(
        size: Size(width: 5, height: 5), frameCalculator: .containerBottomRightAligned))
    let layout = try SequentialSection.layout(items, width: 100)
    #expect(layout.contentHeight == 20_000)
    #expect(layout.frames[1_999] == rect(0, 19_990, 10, 10))
    // In the sizing pass it sat at the bottom of the 10 000-point fitting height; laid out at the
    // content height, it goes to the content's bottom.
    #expect(layout.frames[2_000] == rect(95, 19_995, 5, 5))
  }

  @Test("empty sections have the insets' height")
  func empty() throws {
    let layout = try SequentialSection.layout(
      [SequentialSectionItem](), width: 100, layoutInsets: EdgeInsets(top: 3, bottom: 4))
    #expect(layout == SequentialSectionLayout(frames: [], contentHeight: 7))
  }

  @Test("a non-finite frame names the item's index")
  func nonFinite() throws {
    let items = (0..<5).map { _ in
      SequentialSectionItem(
        size: SizeCalculator { args in
          args.item.value == 3 ? Size(width: .nan, height: 1) : Size(width: 1, height: 1)
        })
    }
    let error = try #require(throws: SequentialLayoutError.self) {
      try SequentialSection.layout(items, width: 100)
    }
    guard case .nonFiniteFrame(let path, let item, _, _) = error else { throw error }
    #expect(path == [3])
    #expect(item == "3")
  }

  @Test("many items: one frame each, stacked exactly")
  func many() throws {
    let count = 20_000
    let items = (0..<count).map { _ in SequentialSectionItem(size: Size(width: 100, height: 10)) }
    let layout = try SequentialSection.layout(
      items, width: 375, layoutInsets: EdgeInsets(top: 5, bottom: 5),
      defaults: SequentialSectionDefaults(spacing: EdgeInsets(bottom: 2)))
    #expect(layout.frames.count == count)
    #expect(layout.frames[count - 1] == rect(0, 5 + Double(count - 1) * 12, 100, 10))
    #expect(layout.contentHeight == 10 + Double(count) * 12 - 2)
  }
}
