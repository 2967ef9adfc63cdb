import Foundation
import LayoutGeometry
import ListLayout
import ListLayoutRender
import Testing

@Suite struct HTMLRendererTests {
  /// The JSON the page embeds, decoded.
  func embeddedLayout(_ page: String) throws -> [String: Any] {
    let start = try #require(page.range(of: "<script id=\"layout\" type=\"application/json\">"))
    let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    let json = page[start.upperBound..<end.lowerBound]
    return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }

  @Test func pageIsSelfContained() throws {
    let page = HTMLRenderer(title: "sample").render(try sampleSnapshot())
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.contains("Content-Security-Policy"))
    #expect(occurrences(of: "<script", in: page) == 3)
    #expect(occurrences(of: "</script>", in: page) == 3)
    #expect(!page.contains("src="))
    #expect(!page.contains("http://") && !page.contains("https://"))
  }

  @Test func embedsTheLayoutAsParallelArrays() throws {
    let snapshot = try sampleSnapshot()
    let layout = try embeddedLayout(HTMLRenderer().render(snapshot))
    let cells = try #require(layout["cells"] as? [String: Any])
    let xs = try #require(cells["x"] as? [Double])
    let ys = try #require(cells["y"] as? [Double])
    #expect(xs.count == 23 && ys.count == 23)
    let frame = try #require(snapshot.frame(of: ListIndexPath(item: 4, section: 1)))
    #expect(xs[3 + 4] == frame.minX && ys[3 + 4] == frame.minY)
    let ids = try #require(cells["id"] as? [Any])
    #expect(ids[0] as? String == "<a&\"b>")
    #expect(ids[2] is NSNull)
    let sections = try #require(layout["sections"] as? [String: Any])
    #expect(sections["first"] as? [Int] == [0, 3])
    #expect(sections["count"] as? [Int] == [3, 20])
    let headers = try #require(sections["header"] as? [Any])
    let header = try #require(headers[0] as? [Any])
    let natural = try #require(snapshot.headerAttributes(inSection: 0)).frame
    #expect(header[1] as? Double == natural.minY)
    #expect(header[5] as? String == "top")
    let footers = try #require(sections["footer"] as? [Any])
    #expect(footers[1] is NSNull)
    let pin = try #require(layout["pin"] as? [String: Any])
    #expect(pin["headers"] as? Bool == true)
    #expect(layout["height"] as? Double == snapshot.contentSize.height)
  }

  @Test func hostileIdentifiersCannotCloseTheScript() throws {
    var model = sampleModel()
    model.sections[0].cells[1].id = "</script><script>alert(1)</script><!--"
    model.sections[0].header?.id = "<b>&amp;"
    let page = HTMLRenderer(title: "</title><script>x</script>").render(try model.layout())
    #expect(occurrences(of: "</script>", in: page) == 3)
    #expect(!page.contains("<!--"))
    #expect(page.contains("&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;"))
    let ids = try #require((try embeddedLayout(page)["cells"] as? [String: Any])?["id"] as? [Any])
    #expect(ids[1] as? String == "</script><script>alert(1)</script><!--")
  }

  @Test func largeFeedsStayCompact() throws {
    let cells = (0..<100_000).map { (i: Int) -> Cell in
      let width = Double(40 + i % 300)
      let height = Double(20 + i % 100)
      return Cell(id: "c\(i)", width: width, height: height)
    }
    let model = ListModel(configuration: ListConfiguration(width: 375), sections: [Section(cells: cells)])
    let page = HTMLRenderer().render(try model.layout())
    // Four numbers, a trait index and an id per cell: about 30 bytes each.
    #expect(page.utf8.count < 100_000 * 40)
  }

  @Test func initialOffsetIsEmbedded() throws {
    let layout = try embeddedLayout(HTMLRenderer(initialOffset: 120).render(try sampleSnapshot()))
    #expect(layout["offset"] as? Double == 120)
  }
}
