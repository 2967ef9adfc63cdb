import Foundation
import LayoutGeometry
import ListLayout
import ListLayoutTestSupport
import ListLayoutTesting
import Testing

/// Each FSQCollectionViewAlignedLayout attribute alone and in combination, frames asserted
/// exactly (worked by hand from FSQ's typesetting rules).
@Suite struct FSQAttributeTests {
  @Test func defaultsAreFSQs() throws {
    let configuration = ListConfiguration(width: 320)
    #expect(configuration.contentInsets == EdgeInsets(all: 5))
    #expect(configuration.sectionSpacing == 10)
    #expect(configuration.pinSectionHeaders)
    #expect(configuration.defaultCellSize == Size(width: 100, height: 100))
    #expect(
      configuration.defaultSectionAttributes
        == SectionAttributes(
          horizontalAlignment: .left, verticalAlignment: .top, itemSpacing: 5, lineSpacing: 5, insets: .zero))
    #expect(
      configuration.defaultCellAttributes
        == CellAttributes(
          insets: .zero, shouldBeginLine: false, shouldEndLine: false, startLineIndentation: false))

    // Four default-sized cells: three fit in 310 points (100 + 5 + 100 + 5 + 100), the fourth wraps.
    let model = ListModel(
      configuration: configuration, sections: [Section(cells: Array(repeating: Cell(), count: 4))])
    let snapshot = try model.layout()
    let frames = (0..<4).map { snapshot.frame(of: ListIndexPath(item: $0, section: 0))! }
    #expect(
      frames == [
        rect(5, 5, 100, 100), rect(110, 5, 100, 100), rect(215, 5, 100, 100), rect(5, 110, 100, 100),
      ])
    #expect(snapshot.contentSize == Size(width: 320, height: 215))
  }

  @Test func horizontalAlignment() throws {
    let cells = [cell(100, 50), cell(100, 50)]
    func frames(_ alignment: HorizontalAlignment) throws -> [Rect] {
      try cellFrames(
        cells, width: 300, attributes: SectionAttributes(horizontalAlignment: alignment, itemSpacing: 10))
    }
    #expect(try frames(.left) == [rect(0, 0, 100, 50), rect(110, 0, 100, 50)])
    #expect(try frames(.center) == [rect(45, 0, 100, 50), rect(155, 0, 100, 50)])
    #expect(try frames(.right) == [rect(90, 0, 100, 50), rect(200, 0, 100, 50)])
  }

  @Test func centeringIsExactNotFloored() throws {
    let frames = try cellFrames([cell(101, 10)], width: 300, attributes: .topCenter)
    #expect(frames == [rect(99.5, 0, 101, 10)])
  }

  @Test func verticalAlignment() throws {
    let cells = [cell(50, 20), cell(50, 60), cell(50, 40)]
    func ys(_ alignment: VerticalAlignment) throws -> [Double] {
      try cellFrames(cells, width: 300, attributes: SectionAttributes(verticalAlignment: alignment)).map(\.y)
    }
    #expect(try ys(.top) == [0, 0, 0])
    #expect(try ys(.center) == [20, 0, 10])
    #expect(try ys(.bottom) == [40, 0, 20])
  }

  @Test func itemAndLineSpacing() throws {
    let cells = Array(repeating: cell(100, 30), count: 5)
    let frames = try cellFrames(
      cells, width: 250, attributes: SectionAttributes(itemSpacing: 20, lineSpacing: 7))
    #expect(
      frames == [
        rect(0, 0, 100, 30), rect(120, 0, 100, 30),
        rect(0, 37, 100, 30), rect(120, 37, 100, 30),
        rect(0, 74, 100, 30),
      ])
  }

  @Test func exactFitStaysOnTheLine() throws {
    // 3 × 100 + 2 × 5 = 310: exactly the line.
    let frames = try cellFrames(Array(repeating: cell(100, 10), count: 3), width: 310)
    #expect(frames.map(\.y) == [0, 0, 0])
    let tooWide = try cellFrames(Array(repeating: cell(100, 10), count: 3), width: 309.75)
    #expect(tooWide.map(\.y) == [0, 0, 15])
  }

  @Test func sectionInsets() throws {
    let insets = EdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
    let model = ListModel(
      configuration: plainConfiguration(width: 300),
      sections: [
        Section(cells: [cell(120, 10), cell(120, 10)], attributes: SectionAttributes(insets: insets))
      ])
    let snapshot = try model.layout()
    // The line box is 300 − 60 = 240 wide: 120 + 5 + 120 = 245 does not fit.
    #expect(snapshot.frame(of: ListIndexPath(item: 0, section: 0)) == rect(20, 10, 120, 10))
    #expect(snapshot.frame(of: ListIndexPath(item: 1, section: 0)) == rect(20, 25, 120, 10))
    #expect(snapshot.contentSize.height == 10 + 10 + 5 + 10 + 30)
  }

  @Test func cellInsetsAreAddedToLayoutButNotToTheFrame() throws {
    let insets = EdgeInsets(top: 5, left: 10, bottom: 15, right: 20)
    let cells = [cell(50, 50, [], CellAttributes(insets: insets)), cell(50, 30)]
    let frames = try cellFrames(cells, width: 300)
    // The first cell is laid out as 80 × 70; the second starts after it and the spacing.
    #expect(frames == [rect(10, 5, 50, 50), rect(85, 0, 50, 30)])
    // Vertical alignment treats insets as margins (CSS): centered in a 70-point line.
    let centered = try cellFrames(
      cells, width: 300, attributes: SectionAttributes(verticalAlignment: .center))
    #expect(centered == [rect(10, 5, 50, 50), rect(85, 20, 50, 30)])
    let bottom = try cellFrames(cells, width: 300, attributes: SectionAttributes(verticalAlignment: .bottom))
    #expect(bottom == [rect(10, 5, 50, 50), rect(85, 40, 50, 30)])
  }

  @Test func insetsWiderThanTheRemainingSpaceBreakBeforeSizing() throws {
    let recorder = ProposalRecorder()
    let cells = [
      cell(250, 10),
      Cell(
        size: .sizing { proposal in
          recorder.record(proposal.remainingLineSpace)
          return Size(width: 10, height: 10)
        }, attributes: CellAttributes(insets: EdgeInsets(left: 30, right: 30))),
    ]
    let frames = try cellFrames(cells, width: 300)
    let proposals = recorder.values
    // 60 points of insets exceed the 50 left, so the cell starts a new line before it is sized.
    #expect(proposals == [300 - 60])
    #expect(frames[1] == rect(30, 15, 10, 10))
  }

  @Test func shouldBeginAndEndLine() throws {
    let cells = [
      cell(50, 10), cell(50, 10, [], CellAttributes(shouldEndLine: true)), cell(50, 10),
      cell(50, 10, [], CellAttributes(shouldBeginLine: true)), cell(50, 10),
    ]
    let frames = try cellFrames(cells, width: 1000)
    #expect(
      frames.map(\.origin) == [
        Point(x: 0, y: 0), Point(x: 55, y: 0), Point(x: 0, y: 15), Point(x: 0, y: 30), Point(x: 55, y: 30),
      ])
    // A cell that both begins and ends a line sits alone.
    let alone = try cellFrames(
      [
        cell(50, 10), cell(50, 10, [], CellAttributes(shouldBeginLine: true, shouldEndLine: true)),
        cell(50, 10),
      ],
      width: 1000)
    #expect(alone.map(\.y) == [0, 15, 30])
  }

  @Test func startLineIndentationLeft() throws {
    let cells = [
      cell(100, 20), cell(50, 20, [], CellAttributes(startLineIndentation: true)), cell(150, 20),
      cell(100, 20),
      cell(60, 20),
    ]
    let frames = try cellFrames(cells, width: 300)
    // Line 1: 0 and 105; lines after start at 105 and are 195 wide.
    #expect(
      frames == [
        rect(0, 0, 100, 20), rect(105, 0, 50, 20), rect(105, 25, 150, 20), rect(105, 50, 100, 20),
        rect(210, 50, 60, 20),
      ])
  }

  @Test func startLineIndentationRight() throws {
    let attributes = SectionAttributes(horizontalAlignment: .right)
    let cells = [
      cell(50, 20, [], CellAttributes(startLineIndentation: true)), cell(100, 20), cell(150, 20),
      cell(120, 20),
    ]
    let frames = try cellFrames(cells, width: 300, attributes: attributes)
    // Line 1 (50 + 5 + 100 = 155) ends at 300: the indenting cell spans 145…195, so later
    // lines end at 195 (indentation 105 from the right) and are 195 wide.
    #expect(
      frames == [
        rect(145, 0, 50, 20), rect(200, 0, 100, 20), rect(45, 25, 150, 20), rect(75, 50, 120, 20),
      ])
  }

  @Test func indentationIgnoredWhenCentered() throws {
    let cells = [cell(100, 20, [], CellAttributes(startLineIndentation: true)), cell(250, 20)]
    let frames = try cellFrames(cells, width: 300, attributes: .topCenter)
    #expect(frames == [rect(100, 0, 100, 20), rect(25, 25, 250, 20)])
  }

  @Test func sizingCallbackGetsRemainingLineSpace() throws {
    let recorder = ProposalRecorder()
    let fill = Cell(
      size: .sizing { proposal in
        recorder.record(proposal.remainingLineSpace)
        recorder.record(proposal.lineWidth)
        return Size(width: max(0, proposal.remainingLineSpace), height: 40)
      })
    let frames = try cellFrames([cell(100, 20), fill, fill], width: 300)
    // The second cell fills the rest of line 1 (300 − 100 − 5). The third is told the space
    // left after the spacing (−5, as FSQ reports it), answers 0, and still wraps.
    #expect(recorder.values == [195, 300, -5, 300])
    #expect(frames == [rect(0, 0, 100, 20), rect(105, 0, 195, 40), rect(0, 45, 0, 40)])
  }

  @Test func cellWiderThanTheLineSitsAloneAndOverflows() throws {
    let cells = [cell(50, 10), cell(400, 10), cell(50, 10)]
    #expect(
      try cellFrames(cells, width: 300) == [rect(0, 0, 50, 10), rect(0, 15, 400, 10), rect(0, 30, 50, 10)])
    #expect(try cellFrames(cells, width: 300, attributes: .topCenter)[1] == rect(-50, 15, 400, 10))
    #expect(try cellFrames(cells, width: 300, attributes: .topRight)[1] == rect(-100, 15, 400, 10))
  }

  @Test func headersAndFootersSpanTheFullWidthAndSectionsAreSpaced() throws {
    let model = ListModel(width: 320, contentInsets: EdgeInsets(all: 10), sectionSpacing: 20) {
      Section(
        header: 40, footer: 30,
        attributes: SectionAttributes(insets: EdgeInsets(top: 7, left: 3, bottom: 9, right: 0))
      ) {
        Cell(100, 50)
      }
      Section(header: 40) { Cell(100, 50) }
    }
    let snapshot = try model.layout()
    #expect(snapshot.headerAttributes(inSection: 0)?.frame == rect(0, 10, 320, 40))
    #expect(snapshot.frame(of: ListIndexPath(item: 0, section: 0)) == rect(13, 57, 100, 50))
    #expect(snapshot.footerAttributes(inSection: 0)?.frame == rect(0, 116, 320, 30))
    #expect(snapshot.sectionFrame(0) == rect(0, 10, 320, 136))
    #expect(snapshot.headerAttributes(inSection: 1)?.frame == rect(0, 166, 320, 40))
    #expect(snapshot.frame(of: ListIndexPath(item: 0, section: 1)) == rect(10, 206, 100, 50))
    #expect(snapshot.contentSize == Size(width: 320, height: 266))
    #expect(snapshot.footerAttributes(inSection: 1) == nil)
  }

  @Test func emptySectionsStillTakeSpacing() throws {
    let model = ListModel(
      configuration: ListConfiguration(width: 100, contentInsets: .zero, sectionSpacing: 10),
      sections: [Section(cells: [cell(10, 10)]), Section(), Section(cells: [cell(10, 10)])])
    let snapshot = try model.layout()
    #expect(snapshot.frame(of: ListIndexPath(item: 0, section: 2))?.y == 30)
    #expect(snapshot.contentSize.height == 40)
  }

  @Test func nothingToShowHasNoHeight() throws {
    #expect(
      try ListModel(configuration: ListConfiguration(width: 100)).layout().contentSize
        == Size(width: 100, height: 0))
    let empty = ListModel(configuration: ListConfiguration(width: 100), sections: [Section()])
    #expect(try empty.layout().contentSize.height == 0)
  }

  @Test func rightToLeftMirrorsEverything() throws {
    let insets = EdgeInsets(top: 0, left: 10, bottom: 0, right: 0)
    let model = ListModel(width: 300, contentInsets: insets, sectionSpacing: 0, layoutDirection: .rtl) {
      Section(header: Supplementary(height: 20, width: 100)) {
        Cell(100, 10)
        Cell(50, 10)
      }
    }
    let snapshot = try model.layout()
    // Left-to-right the cells sit at 10 and 115; mirrored, the leading inset is on the right.
    #expect(snapshot.frame(of: ListIndexPath(item: 0, section: 0)) == rect(190, 20, 100, 10))
    #expect(snapshot.frame(of: ListIndexPath(item: 1, section: 0)) == rect(135, 20, 50, 10))
    #expect(snapshot.headerAttributes(inSection: 0)?.frame == rect(200, 0, 100, 20))
  }

  @Test func combinedAttributes() throws {
    // Center alignment, bottom alignment, spacings, section and cell insets together.
    let attributes = SectionAttributes(
      horizontalAlignment: .center, verticalAlignment: .bottom, itemSpacing: 10, lineSpacing: 4,
      insets: EdgeInsets(top: 6, left: 20, bottom: 8, right: 30))
    let cells = [
      cell(60, 30, [], CellAttributes(insets: EdgeInsets(top: 2, left: 4, bottom: 6, right: 8))),
      cell(80, 50), cell(100, 20, [], CellAttributes(shouldBeginLine: true)), cell(100, 40),
    ]
    let model = ListModel(
      configuration: plainConfiguration(width: 300), sections: [Section(cells: cells, attributes: attributes)]
    )
    let snapshot = try model.layout()
    let frames = (0..<4).map { snapshot.frame(of: ListIndexPath(item: $0, section: 0))! }
    // Line box: x 20…270 (250 wide). Line 1 uses 72 + 10 + 80 = 162 → offset 44; height 50.
    // Line 2 uses 210 → offset 20; height 40; top 6 + 50 + 4 = 60.
    #expect(
      frames == [
        rect(68, 20, 60, 30), rect(146, 6, 80, 50), rect(40, 80, 100, 20), rect(150, 60, 100, 40),
      ])
    #expect(snapshot.contentSize.height == 6 + 50 + 4 + 40 + 8)
  }
}

/// Collects what sizing callbacks were told (callbacks are `@Sendable`).
final class ProposalRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Double] = []
  func record(_ value: Double) { lock.withLock { storage.append(value) } }
  var values: [Double] { lock.withLock { storage } }
}

@Suite struct ReadmeExampleTests {
  @Test func readmeExample() throws {
    var model = ListModel(configuration: ListConfiguration(width: 375))
    model.sections = [
      Section(
        header: Supplementary(height: 44),
        cells: [Cell(id: "a", width: 100, height: 50), Cell(id: "b", width: 120, height: 50)],
        attributes: SectionAttributes(horizontalAlignment: .center))
    ]
    let snapshot = try model.layout()
    // The line box is 365 wide; the line uses 225, so it moves right by 70.
    #expect(snapshot.frame(of: ListIndexPath(item: 1, section: 0)) == rect(180, 49, 120, 50))
    let screen = snapshot.viewport(at: Point(x: 0, y: 30), size: Size(width: 375, height: 667))
    #expect(screen.elements.map(\.kind) == [.header, .cell, .cell])
    #expect(screen.elements[0].isPinned)
  }
}
