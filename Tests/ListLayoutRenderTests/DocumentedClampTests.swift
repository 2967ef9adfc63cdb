import Foundation
import ListLayoutRender
import Testing

/// The table of the DocC article "Numbers and limits"
/// (`Sources/ListLayout/ListLayout.docc/NumbersAndLimits.md`), row by row.
@Suite struct DocumentedClampTests {
  @Test func finiteValuesAreLaidOutAsGiven() throws {
    let json = #"{"width": 375, "sections": [{"items": [{"attributes": {"insets": {"left": 1e308}}}]}]}"#
    let snapshot = try ListModel(json: json).layout()
    #expect(snapshot.frame(of: ListIndexPath(item: 0, section: 0))?.minX == 1e308)
  }

  @Test func sumsThatReachInfinityAreErrors() {
    var model = ListModel(configuration: ListConfiguration(width: 375))
    model.sections = [Section(cells: [Cell(width: 10, height: 1e308), Cell(width: 400, height: 1e308)])]
    #expect(throws: LayoutError.self) { try model.layout() }
  }

  @Test func aZeroWidthIsAnError() {
    #expect(throws: LayoutError.self) { try ListModel(configuration: ListConfiguration(width: 0)).layout() }
  }

  @Test func flexLengthsAreCappedAndInvalidOnesRead() {
    let huge = Layout(size: .absolute(width: 1e300, height: 10)).compute(width: nil, height: nil)
    #expect(huge.frame.width == FlexLayoutLimits.maxLength && FlexLayoutLimits.maxLength == 1e9)
    let invalid = Layout(size: .absolute(width: -10, height: .nan)).compute(width: nil, height: nil)
    #expect(invalid.frame.size == Size(width: 0, height: 0))  // 0, and auto with no content
    let child = Layout(
      size: .absolute(width: 30, height: .nan), children: [Layout(size: .absolute(width: 5, height: 7))])
    #expect(child.compute(width: nil, height: nil).frame.height == 7, "a NaN height reads as auto")
  }

  @Test func theFlexCommandPrintsTheCappedWidth() throws {
    let json = #"{"id": "wide", "style": {"width": 1e300, "height": 20}}"#
    let output = String(decoding: try FlexDocument.layoutJSON(from: Data(json.utf8)), as: UTF8.self)
    #expect(output.contains(#""width":1000000000,"#), "\(output)")
  }

  @Test func thePagesOffsetIsClamped() {
    for offset in [-5, Double.nan, .infinity] {
      #expect(HTMLRenderer(initialOffset: offset).initialOffset == 0)
    }
  }
}
