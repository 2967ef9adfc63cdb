import SequentialLayout
import Testing

/// The module's landing page (SequentialLayout.docc) shows an example and a diagram of what it
/// computes: this is that example, as written there, with the diagram's frames.
@Suite("The overview's example")
struct OverviewExampleTests {
  // Labels 10 points a character and 20 high (a stand-in for measuring text).
  static let labelSize = SizeCalculator<String> { args in
    Size(width: Double(args.item.value?.count ?? 0) * 10, height: 20)
  }

  @Test("the diagram is what the code computes")
  func diagram() throws {
    let labelSize = Self.labelSize
    let screen = SequentialContainer<String>()
      .containingItem("Title")
      .containingItem("Subtitle")
      .containingItem(
        SequentialItem("skip").withFrameCalculator(.topAlignedFlow).withSpacing(EdgeInsets(top: 50))
      )
      .containingItem(SequentialItem("more").withFrameCalculator(.topAlignedFlow))
      .containingDefaultSizeCalculator(labelSize)

    let size = try screen.sizeThatFits(Size(width: 100, height: .infinity))
    let layout = try screen.layout(in: Rect(x: 0, y: 0, width: 100, height: size.height))
    let frames = layout.frames.map { $0! }
    #expect(size == Size(width: 80, height: 110))
    #expect(
      frames == [
        Rect(x: 0, y: 0, width: 50, height: 20), Rect(x: 0, y: 20, width: 80, height: 20),
        Rect(x: 0, y: 90, width: 40, height: 20), Rect(x: 40, y: 90, width: 40, height: 20),
      ])
    // Title and Subtitle stacked; skip on a line of its own, 50 below Subtitle; more right of skip.
    #expect(frames[0] == Rect(x: 0, y: 0, width: 50, height: 20))
    #expect(frames[1] == Rect(x: 0, y: 20, width: 80, height: 20))
    #expect(frames[2].minX == 0 && frames[2].minY == frames[1].maxY + 50, "skip: \(frames[2])")
    #expect(frames[3].minX == frames[2].maxX && frames[3].minY == frames[2].minY, "more: \(frames[3])")
  }

  /// `SequentialSection`'s doc example, with the frames its comments give.
  @Test("the section example's frames")
  func section() throws {
    let text = SizeCalculator<Int> { args in
      Size(width: args.fittingSize.width, height: 20 * (100 / (args.fittingSize.width / 8)).rounded(.up))
    }
    let items = [
      SequentialSectionItem(size: Size(width: 80, height: 44)),
      SequentialSectionItem(size: Size(width: 80, height: 44)),
      SequentialSectionItem(size: text, frameCalculator: .containerFullWidthVStack),
    ]
    let layout = try SequentialSection.layout(
      items, width: 320, layoutInsets: EdgeInsets(all: 16),
      defaults: SequentialSectionDefaults(frameCalculator: .topAlignedFlow, spacing: EdgeInsets(all: 8)))
    #expect(
      layout.frames == [
        Rect(x: 16, y: 16, width: 80, height: 44), Rect(x: 104, y: 16, width: 80, height: 44),
        Rect(x: 16, y: 68, width: 288, height: 60),
      ])
    #expect(layout.contentHeight == 144)
    #expect(throws: SequentialLayoutError.self) {
      try SequentialSectionDefaults(frameCalculatorName: "leftFlow")
    }
  }
}
