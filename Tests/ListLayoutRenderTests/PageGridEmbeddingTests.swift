import Foundation
import LayoutGeometry
import ListLayout
import ListLayoutRender
import Testing

/// The grid placement the page embeds for its ARIA (`grid`), against rows and columns worked
/// out here from the cells' frames, on seeded grids sparse and dense, with spans, both ways.
@Suite struct PageGridEmbeddingTests {
  /// A feed of a flow section then a grid section of `count` cells with seeded spans and heights.
  static func feed(seed: UInt64, columns: Int, dense: Bool, rtl: Bool, count: Int) -> String {
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let cells = (0..<count).map { item -> String in
      let span = next(5) == 0 ? 1 + next(columns) : 1
      return #"{"id":"g\#(item)","size":{"width":50,"height":\#(20 + next(60))},"span":\#(span)}"#
    }
    let layout =
      #"{"type":"grid","columns":\#(columns),"columnSpacing":7,"rowSpacing":5,"rowAlignment":"top","packing":"\#(dense ? "dense" : "sparse")"}"#
    return #"""
      {"width":400,"layoutDirection":"\#(rtl ? "rtl" : "ltr")","sections":[
      {"items":[{"size":{"width":100,"height":30}}]},
      {"header":{"height":20},"layout":\#(layout),"items":[\#(cells.joined(separator: ","))]}]}
      """#
  }

  @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
  func embeddedGridIsTheGridTheFramesShow(dense: Bool, rtl: Bool) throws {
    for seed in UInt64(1)...12 {
      let columns = 2 + Int(seed % 4)
      let text = Self.feed(seed: seed, columns: columns, dense: dense, rtl: rtl, count: 20 + Int(seed) * 7)
      let snapshot = try ListModel(json: Array(text.utf8)).layout()
      let json = HTMLRenderer().layoutJSON(snapshot)
      let layout = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      let sections = try #require(layout["sections"] as? [String: Any])
      let grids = try #require(sections["grid"] as? [Any])
      #expect(grids.count == 2 && grids[0] is NSNull)
      let grid = try #require(grids[1] as? [String: Any])
      let rows = try #require(grid["r"] as? [Int])
      let firsts = try #require(grid["c"] as? [Int])
      let spans = try #require(grid["cs"] as? [Int])
      let count = snapshot.numberOfItems(inSection: 1)
      try #require(rows.count == count && firsts.count == count && spans.count == count)

      // Brute force from the frames: rows are the distinct tops; columns are equal, the first
      // cell's column is the leading one.
      let frames = try (0..<count).map {
        try #require(snapshot.frame(of: ListLayout.ListIndexPath(item: $0, section: 1)))
      }
      let tops = Array(Set(frames.map(\.minY))).sorted()
      let leading = rtl ? frames.map(\.maxX).max()! : frames.map(\.minX).min()!
      let trailing = rtl ? frames.map(\.minX).min()! : frames.map(\.maxX).max()!
      let pitch = (abs(trailing - leading) + 7) / Double(columns)
      #expect(grid["rows"] as? Int == tops.count)
      #expect(grid["cols"] as? Int == columns)
      for (item, frame) in frames.enumerated() {
        let fromLeading = rtl ? leading - frame.maxX : frame.minX - leading
        let column = Int((fromLeading / pitch).rounded()) + 1
        let span = Int(((frame.width + 7) / pitch).rounded())
        let row = try #require(tops.firstIndex(of: frame.minY)) + 1
        let embedded: [Int] = [rows[item], firsts[item], spans[item]]
        let expected: [Int] = [row, column, span]
        #expect(embedded == expected, "seed \(seed), item \(item) at \(frame)")
      }
    }
  }

  @Test func noGridNoKey() throws {
    let json = HTMLRenderer().layoutJSON(try sampleSnapshot())
    #expect(!json.contains("\"grid\""))
  }
}
