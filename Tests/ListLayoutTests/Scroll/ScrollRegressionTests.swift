import Testing

@testable import ListLayout

/// Inputs the scroll fuzz target found, kept as tests.
@Suite struct ScrollRegressionTests {
  /// A right-to-left carousel's cell that ends at the row's edge in layout space ends past the
  /// screen's left edge by a rounding once mirrored (94.5 − (94.5 + 0.1) = −0.0999…94): its
  /// on-screen frame, the one a renderer draws, overlaps the screen by 5.7e-15, so it is
  /// visible. (The session tested the frame before mirroring.)
  @Test func aMirroredCarouselCellIsVisibleByItsOnScreenFrame() throws {
    let shelf = Section(
      cells: [
        Cell(id: "a", width: 34, height: 20), Cell(width: 27.5, height: 20),
        Cell(id: "c", width: 0.1, height: 20),
      ],
      layout: .carousel(CarouselLayout(itemSpacing: 16.5, paging: .page)))
    let model = ListModel(
      configuration: ListConfiguration(width: 94.5, contentInsets: .zero, layoutDirection: .rtl),
      sections: [shelf])
    let session = try ScrollSession(model: model, viewportLength: 100)
    let frame = try #require(session.snapshot.frame(of: ListIndexPath(item: 2, section: 0)))
    #expect(frame.maxX > 0 && frame.minX < 0)
    #expect(
      session.visibleCells == [
        ListIndexPath(item: 0, section: 0), ListIndexPath(item: 1, section: 0),
        ListIndexPath(item: 2, section: 0),
      ])
  }
}
