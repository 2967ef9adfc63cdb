import LayoutGeometry
import ListLayout
import ListLayoutService
import TestSupport
import Testing

/// The service's viewports of a horizontal list: offsets along x, pinned list header and
/// section headers, and the sections met along x.
@Suite struct HorizontalListServiceTests {
  @Test func serviceViewportsOfAHorizontalListTakeXOffsets() throws {
    var service = LayoutService()
    let feed = try #require(
      String(
        data: try ChromeRenderModel.horizontal().jsonData(), encoding: .utf8))
    let loaded = service.respond(to: Array("{\"id\":1,\"op\":\"load\",\"feed\":\(feed)}".utf8))
    #expect(loaded == #"{"id":1,"ok":true,"contentSize":{"width":90,"height":100}}"#)
    let answer = service.respond(to: Array(#"{"id":2,"op":"viewport","offset":25,"height":50}"#.utf8))
    // The list header pins at x = 25; the section header (natural x 20) pins after it at 45.
    #expect(
      answer.contains(
        #"{"kind":"listHeader","id":"top","frame":{"x":25,"y":0,"width":20,"height":100},"zIndex":1025,"pinned":true}"#
      ))
    #expect(
      answer.contains(
        #"{"kind":"header","section":0,"id":"h","frame":{"x":45,"y":0,"width":10,"height":100},"zIndex":1024,"pinned":true}"#
      ))
    // The sections the viewport meets along x: the one section (x 20 ..< 80), then none
    // where only the list footer is.
    #expect(
      answer.hasSuffix(#""sections":[{"index":0,"frame":{"x":20,"y":0,"width":60,"height":100}}]}"#),
      "\(answer)")
    let end = service.respond(to: Array(#"{"id":3,"op":"viewport","offset":81,"height":9}"#.utf8))
    #expect(end.hasSuffix(#""sections":[]}"#), "\(end)")
  }
}

/// The horizontal model of the render tests, for the service test.
enum ChromeRenderModel {
  static func horizontal() -> ListModel {
    var configuration = ListConfiguration(width: 100, contentInsets: .zero, sectionSpacing: 0)
    configuration.listHeader = ListSupplementary(height: 20, id: "top", pinned: true)
    configuration.listFooter = ListSupplementary(height: 10, id: "end")
    configuration.scrollDirection = .horizontal
    return ListModel(
      configuration: configuration,
      sections: [
        Section(
          header: Supplementary(height: 10, id: "h"),
          cells: [Cell(id: "a", width: 50, height: 30), Cell(id: "b", width: 45, height: 30)],
          background: SectionBackground(id: "bg"))
      ])
  }
}
