import ListLayout
import Testing

/// The getting-started examples (README's quick start and the DocC article), run: what their
/// comments say is what they do.
@Suite struct GettingStartedExampleTests {
  @Test func quickStart() throws {
    var configuration = ListConfiguration(width: 375)
    configuration.listHeader = ListSupplementary(height: 56, id: "search", pinned: true)
    let model = ListModel(configuration: configuration) {
      Section(header: Supplementary(height: 44, id: "today"), attributes: .topCenter) {
        Cell("a", 100, 50)
        Cell("b", 120, 50)
        for i in 0..<30 { Cell("row\(i)", 365, 80) }
      }
    }
    let snapshot = try model.layout()
    // Below the bar (56) and the top inset (5), the header (44); a and b centered in 365.
    #expect(
      snapshot.frame(of: ListIndexPath(item: 1, section: 0)) == Rect(x: 180, y: 105, width: 120, height: 50))
    let screen = snapshot.viewport(at: Point(x: 0, y: 300), size: Size(width: 375, height: 667))
    let pinned = screen.elements.filter(\.isPinned).map(\.id)
    #expect(pinned == ["search", "today"])
    let offset = try #require(
      snapshot.contentOffset(
        toShow: ListIndexPath(item: 9, section: 0), alignment: .top, viewportHeight: 667,
        avoidingPinnedHeaders: true))
    // row7 starts at 160 + 7 × 85 = 755; the bar and "today" cover 100 points.
    #expect(offset == 655)
    let atOffset = snapshot.viewport(at: Point(x: 0, y: offset), size: Size(width: 375, height: 667))
    let header = try #require(atOffset.elements.first { $0.id == "today" })
    #expect(header.frame.maxY == 755 && header.isPinned)

    var update = ListUpdate()
    update.insertItem(Cell(id: "new", width: 100, height: 50), at: ListIndexPath(item: 0, section: 0))
    let edited = try snapshot.applying(update, anchor: ScrollAnchor(contentOffset: 300, viewportHeight: 667))
    #expect(edited.snapshot.attributes(at: ListIndexPath(item: 0, section: 0))?.id == "new")

    var next = model
    next.sections[0].cells.remove(at: 0)
    let difference = ListDifference(from: model, to: next)
    #expect(difference.items.deleted == [ListIndexPath(item: 0, section: 0)])
    let change = try snapshot.transition(difference, contentOffset: 300, viewportHeight: 667)
    #expect(change.result.snapshot.allAttributes() == (try next.layout()).allAttributes())
  }

  @Test func article() throws {
    let model = ListModel(width: 375) {
      Section(header: Supplementary(height: 44, id: "today")) {
        Cell("a", 100, 50)
        Cell("b", 120, 50)
        for i in 0..<20 { Cell("row\(i)", 365, 60) }
      }
    }
    let snapshot = try model.layout()
    #expect(
      snapshot.frame(of: ListIndexPath(item: 1, section: 0)) == Rect(x: 110, y: 49, width: 120, height: 50))
    #expect(snapshot.attributes(at: ListIndexPath(item: 1, section: 0))?.id == "b")

    var configuration = ListConfiguration(width: 375)
    configuration.listHeader = ListSupplementary(height: 56, id: "search", pinned: true)
    let feed = ListModel(configuration: configuration) {
      for s in 0..<3 {
        Section(header: 40) {
          for i in 0..<10 { Cell("s\(s)-\(i)", 365, 80) }
        }
      }
    }
    let laidOut = try feed.layout()
    let offset = try #require(
      laidOut.contentOffset(
        toShow: ListIndexPath(item: 4, section: 1), alignment: .top, viewportHeight: 667,
        avoidingPinnedHeaders: true))
    let screen = laidOut.viewport(at: Point(x: 0, y: offset), size: Size(width: 375, height: 667))
    #expect(screen.elements.filter(\.isPinned).map(\.kind) == [.listHeader, .header])
    let cell = try #require(screen.elements.first { $0.id == "s1-4" })
    let header = try #require(screen.elements.first { $0.kind == .header && $0.isPinned })
    #expect(header.frame.maxY == cell.frame.minY && header.indexPath.section == 1)

    var next = model
    next.sections[0].cells.remove(at: 0)
    next.sections[0].cells.append(Cell(id: "c", width: 100, height: 50))
    let difference = ListDifference(from: model, to: next)
    #expect(difference.items.deleted == [ListIndexPath(item: 0, section: 0)])
    #expect(difference.items.inserted == [ListIndexPath(item: 21, section: 0)])
  }
}
