import LayoutGeometry
import Testing

@testable import ListLayout

/// Finite sizes that add up to more than a `Double` holds, along a carousel's row or a
/// horizontal list's axis, are errors naming the section; a paged row of astronomically many
/// pages lists a clamped number of offsets instead of counting them one by one.
@Suite struct HugeSumTests {
  func carousel(_ widths: [Double], paging: CarouselPaging = .none) -> ListModel {
    ListModel(
      configuration: ListConfiguration(width: 375),
      sections: [
        Section(cells: [Cell(id: "a", width: 10, height: 10)]),
        Section(
          cells: widths.enumerated().map { Cell(id: "c\($0.offset)", width: $0.element, height: 10) },
          layout: .carousel(CarouselLayout(paging: paging))),
      ])
  }

  @Test func aCarouselRowSummingToInfinityIsAnError() throws {
    #expect(throws: LayoutError.self) { try carousel([1e308, 1e308, 1e308]).layout() }
    do {
      _ = try carousel([1e308, 1e308, 1e308]).layout()
    } catch {
      #expect("\(error)".contains("sections[1]"))
    }
    // The same row after an edit that makes it infinite.
    let snapshot = try carousel([1e308, 10]).layout()
    var update = ListUpdate()
    update.resizeItem(at: ListIndexPath(item: 1, section: 1), to: Size(width: 1e308, height: 10))
    #expect(throws: (any Error).self) { try snapshot.applying(update) }
  }

  @Test func aPagedRowOfAstronomicallyManyPagesIsClamped() throws {
    let snapshot = try carousel([1e300], paging: .page).layout()
    let metrics = try #require(snapshot.carouselMetrics(ofSection: 1))
    #expect(metrics.snapOffsets.count == SnapOffsets.maximumPages + 1)
    #expect(metrics.snapOffsets.last == metrics.maximumOffset)
    #expect(metrics.snapOffsets[1] == 375)
    // Comparing and hashing such rows does not walk their offsets.
    let again = try #require(try carousel([1e300], paging: .page).layout().carouselMetrics(ofSection: 1))
    #expect(metrics == again && Set([metrics, again]).count == 1)
    let longer = try #require(try carousel([2e300], paging: .page).layout().carouselMetrics(ofSection: 1))
    #expect(metrics.snapOffsets != longer.snapOffsets)
  }

  /// Paged offsets equal the same offsets held as a list, and differ from a list that
  /// differs anywhere (the O(1) comparison of two paged rows reads only their ends).
  @Test func pagedSnapOffsetsCompareByTheirOffsets() {
    let paged = SnapOffsets.pages(width: 100, end: 250)
    #expect(Array(paged) == [0, 100, 200, 250])
    #expect(paged == SnapOffsets(storage: .list([0, 100, 200, 250])))
    #expect(paged.hashValue == SnapOffsets(storage: .list([0, 100, 200, 250])).hashValue)
    #expect(paged != SnapOffsets(storage: .list([0, 100, 210, 250])))
    #expect(
      paged != SnapOffsets.pages(width: 90, end: 250) && paged != SnapOffsets.pages(width: 100, end: 260))
    #expect(SnapOffsets.pages(width: 100, end: 150) != SnapOffsets.pages(width: 120, end: 150))
    #expect(SnapOffsets.pages(width: 200, end: 150) == SnapOffsets.pages(width: 300, end: 150))  // [0, 150]
  }

  /// The JSON output lists at most `maximumWrittenSnapOffsets` offsets of a carousel: the
  /// first ones, then the last (the end of the row, where a client must be able to snap),
  /// and the whole count.
  @Test func writtenSnapOffsetsAreCutButKeepTheEnd() throws {
    let snapshot = try carousel([1e9 + 0.5], paging: .page).layout()
    let metrics = try #require(snapshot.carouselMetrics(ofSection: 1))
    let limit = LayoutSnapshot.maximumWrittenSnapOffsets
    #expect(metrics.snapOffsets.count > limit)
    let bytes = ByteWriter.bytes { snapshot.writeSectionJSON(1, first: true, to: &$0) }
    let text = String(decoding: bytes, as: UTF8.self)
    let list = try #require(text.split(separator: "[").last?.split(separator: "]").first)
    let written = list.split(separator: ",").map { Double($0)! }
    #expect(written.count == limit)
    #expect(written.last == metrics.maximumOffset)
    #expect(Array(written.dropLast()) == (0..<limit - 1).map { Double($0) * 375 })
    #expect(text.hasSuffix(",\"snapOffsetCount\":\(metrics.snapOffsets.count)}"))
  }

  @Test func aHorizontalListSummingToInfinityIsAnError() throws {
    var configuration = ListConfiguration(width: 300)
    configuration.scrollDirection = .horizontal
    let model = ListModel(
      configuration: configuration,
      sections: [
        Section(cells: [Cell(id: "a", width: 1e308, height: 10)]),
        Section(cells: [Cell(id: "b", width: 1e308, height: 10)]),
      ])
    #expect(throws: LayoutError.self) { try model.layout() }
  }
}
