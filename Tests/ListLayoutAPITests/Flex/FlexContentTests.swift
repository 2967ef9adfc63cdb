import Flexbox
import Foundation
import ListLayout
import ListLayoutTestSupport
import TestSupport
import Testing

/// Cells sized by a flexbox content tree.
@Suite struct FlexContentTests {
  /// A row: a 40 × 40 avatar and a text block that grows, with 8 points of padding.
  static func row(textHeight: Double = 20) -> Layout {
    var style = FlexStyle()
    style.flexDirection = .row
    style.padding = Edges(top: 8, leading: 8, bottom: 8, trailing: 8)
    var avatar = FlexStyle()
    avatar.width = 40
    avatar.height = 40
    var text = FlexStyle()
    text.flexGrow = 1
    text.height = textHeight
    text.minWidth = 100
    return Layout(
      style: style,
      children: [Layout(identifier: "avatar", style: avatar), Layout(identifier: "text", style: text)])
  }

  @Test func contentWidthModes() throws {
    let configuration = plainConfiguration(width: 320)
    func frames(_ width: FlexContent.Width) throws -> [Rect] {
      let model = ListModel(
        configuration: configuration,
        sections: [
          Section(cells: [
            Cell(width: 100, height: 30), Cell(id: "row", size: .flex(FlexContent(Self.row(), width: width))),
          ])
        ])
      let snapshot = try model.layout()
      return (0..<2).map { snapshot.frame(of: ListIndexPath(item: $0, section: 0))! }
    }
    // Intrinsic: 8 + 40 + 100 + 8 = 156 wide, 56 tall; fits after the first cell.
    #expect(try frames(.intrinsic)[1] == rect(105, 0, 156, 56))
    // Remaining line space: 320 − 100 − 5 = 215.
    #expect(try frames(.remainingLineSpace)[1] == rect(105, 0, 215, 56))
    // The full line: too wide to share it, so it wraps.
    #expect(try frames(.lineWidth)[1] == rect(0, 35, 320, 56))
  }

  @Test func rendererGetsTheContentFrames() throws {
    let model = ListModel(
      configuration: plainConfiguration(width: 320),
      sections: [Section(cells: [Cell(id: "row", size: .flex(FlexContent(Self.row(), width: .lineWidth)))])])
    let snapshot = try model.layout()
    let content = try #require(snapshot.flexContent(at: ListIndexPath(item: 0, section: 0)))
    #expect(content.frame.size == Size(width: 320, height: 56))
    #expect(content.children.map(\.frame) == [rect(8, 8, 40, 40), rect(48, 8, 264, 20)])
    #expect(snapshot.flexContent(at: ListIndexPath(item: 1, section: 0)) == nil)
  }

  @Test func contentFromJSON() throws {
    let feed = """
      {"width": 320, "contentInsets": {"top": 0, "left": 0, "bottom": 0, "right": 0},
       "sections": [{"items": [{"id": "row", "contentWidth": "lineWidth",
         "content": {"style": {"flexDirection": "row", "padding": {"top": 8, "left": 8, "bottom": 8, "right": 8}},
                     "children": [{"id": "avatar", "style": {"width": 40, "height": 40}},
                                  {"id": "text", "style": {"flexGrow": 1, "height": 20}}]}}]}]}
      """
    let snapshot = try ListModel(json: feed).layout()
    #expect(snapshot.frame(of: ListIndexPath(item: 0, section: 0)) == rect(0, 0, 320, 56))
    do {
      _ = try ListModel(
        json:
          #"{"width": 320, "sections": [{"items": [{"content": {"style": {"flexGrow": "lots"}}}]}]}"#)
      Issue.record("no error")
    } catch {
      // The content tree is read by the same reader as the feed: the path goes down to the key.
      #expect(error.path == "sections[0].items[0].content.style.flexGrow")
      #expect(error.kind == .typeMismatch)
      #expect(error.column == 75)  // the value "lots"
    }
    #expect(throws: JSONInputError.self) {
      try ListModel(
        json:
          #"{"width": 320, "sections": [{"items": [{"size": {"width": 1, "height": 1}, "content": {}}]}]}"#)
    }
  }

  @Test func flexCellsInSequentialSectionsAndEdits() throws {
    var model = ListModel(
      configuration: plainConfiguration(width: 320),
      sections: [
        Section(
          cells: [Cell(size: .flex(FlexContent(Self.row(textHeight: 60)))), Cell(width: 50, height: 50)],
          layout: .sequential(SequentialSectionDefaults()))
      ])
    let snapshot = try model.layout()
    #expect(snapshot.frame(of: ListIndexPath(item: 0, section: 0)) == rect(0, 0, 156, 76))
    var update = ListUpdate()
    update.reloadItem(
      at: ListIndexPath(item: 1, section: 0),
      with: Cell(size: .flex(FlexContent(Self.row(), width: .lineWidth))))
    let edited = try snapshot.applying(update).snapshot
    #expect(edited.frame(of: ListIndexPath(item: 1, section: 0)) == rect(0, 76, 320, 56))
    model.sections[0].layout = nil
    #expect(try model.layout().invariantViolations() == [])
  }
}

/// Deep flexbox content on a small stack.
@Suite struct DeepFlexContentTests {
  /// Regression: a model holding a cell whose flexbox content was 10,000 (or 100,000) levels
  /// deep released that tree recursively when the model went away.
  @Test("a cell with 10,000- and 100,000-level content lays out and is released on a 256 KB stack")
  func deepContent() {
    onSmallStack {
      for depth in [10_000, 100_000] {
        var content = Layout(size: .absolute(width: 30, height: 20))
        for _ in 0..<depth { content = Layout(children: [content]) }
        let model = ListModel(
          configuration: plainConfiguration(width: 320),
          sections: [Section(cells: [Cell(id: "deep", size: .flex(FlexContent(content, width: .lineWidth)))])]
        )
        if depth == 10_000 {
          let snapshot = try? model.layout()
          #expect(
            snapshot?.frame(of: ListIndexPath(item: 0, section: 0))?.size == Size(width: 320, height: 20))
          #expect(snapshot?.flexContent(at: ListIndexPath(item: 0, section: 0))?.depth == depth)
        }
      }
    }
  }
}
