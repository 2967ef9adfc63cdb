import Foundation
import ListLayout
import ListLayoutRender
import Testing

/// What the page embeds to lay grid and masonry sections out again while a drag previews a
/// move (`reflow`, `nh`, `span`, badges' `a`), against the library's frames on seeded
/// sections: the resolved columns and lanes put every cell where the library put it. (The
/// page's copy of the placements is checked against the library's previews in Chromium:
/// `InteractionChromiumTests`.)
@Suite struct PageReflowEmbeddingTests {
  static func feed(seed: UInt64, rtl: Bool, horizontal: Bool) -> String {
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    func cells(_ count: Int, _ prefix: String) -> String {
      (0..<count).map { item -> String in
        let span = next(6) == 0 ? (next(3) == 0 ? #","span":"full""# : #","span":2"#) : ""
        let anchor = next(2) == 0 ? "bottom" : "topLeading"
        let badge =
          next(4) == 0 ? #","badges":[{"size":{"width":12,"height":10},"anchor":"\#(anchor)"}]"# : ""
        return
          #"{"id":"\#(prefix)\#(item)","size":{"width":\#(30 + next(90)),"height":\#(20 + next(60))}\#(span)\#(badge)}"#
      }.joined(separator: ",")
    }
    let grid =
      #"{"type":"grid","columns":\#(2 + next(3)),"columnSpacing":7,"rowSpacing":5,"rowAlignment":"stretch"}"#
    let masonry = #"{"type":"masonry","minColumnWidth":\#(60 + next(40)),"columnSpacing":4,"rowSpacing":3}"#
    return #"""
      {"width":400,"layoutDirection":"\#(rtl ? "rtl" : "ltr")","scrollDirection":"\#(horizontal ? "horizontal" : "vertical")",
      "contentInsets":{"top":3,"left":9,"bottom":2,"right":4},"sections":[
      {"items":[\#(cells(3, "f"))]},
      {"header":{"height":20},"attributes":{"insets":{"top":6,"left":5,"bottom":4,"right":8}},"layout":\#(grid),"items":[\#(cells(40, "g"))]},
      {"layout":\#(masonry),"items":[\#(cells(30, "m"))]},
      {"header":{"height":10},"attributes":{"insets":{"top":2,"left":2,"bottom":2,"right":2}},"layout":\#(grid),"items":[]}]}
      """#
  }

  @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
  func embeddedValuesPlaceEveryCellWhereTheLibraryDid(rtl: Bool, horizontal: Bool) throws {
    for seed in UInt64(1)...8 {
      let snapshot = try ListModel(json: Array(Self.feed(seed: seed, rtl: rtl, horizontal: horizontal).utf8))
        .layout()
      let json = HTMLRenderer().layoutJSON(snapshot)
      let layout = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      let width = try #require(layout["width"] as? Double)
      let sections = try #require(layout["sections"] as? [String: Any])
      let cells = try #require(layout["cells"] as? [String: Any])
      let (xs, ys, ws, hs) = try (
        #require(cells["x"] as? [Double]), #require(cells["y"] as? [Double]),
        #require(cells["w"] as? [Double]),
        #require(cells["h"] as? [Double])
      )
      let reflow = try #require(sections["reflow"] as? [Any])
      let firsts = try #require(sections["first"] as? [Int])
      let counts = try #require(sections["count"] as? [Int])
      #expect((reflow[0] as? [Double])?.first == 3, "the flow section: see PageFlowEmbeddingTests")
      #expect((sections["mirror"] as? Bool ?? false) == rtl)
      // The cells with a span, and those a stretched row made taller than their own height.
      let spans = try #require(sections["span"] as? [[Int]])
      let own = try #require(sections["nh"] as? [[Double]])
      for (position, cell) in own[0].enumerated() {
        #expect(
          own[1][position] < hs[Int(cell)], "seed \(seed): a stretched cell is taller than its own height")
      }
      for section in 1...3 {
        let values = try #require(reflow[section] as? [Double], "seed \(seed) section \(section)")
        let grid = values[0] == 0
        let (columns, pitch, spacing) = (Int(values[1]), values[2] + values[3], values[3])
        let origin = values[5]
        let bodyTop = values[grid ? 8 : 6]
        let range = firsts[section]..<(firsts[section] + counts[section])
        if !range.isEmpty {
          #expect(range.map { ys[$0] }.min() == bodyTop, "seed \(seed) section \(section): the body's top")
        } else {
          let header = try #require((sections["header"] as? [Any])?[section] as? [Any])
          let sectionTop = try #require((sections["y"] as? [Double])?[section])
          #expect(bodyTop == sectionTop + (header[3] as? Double ?? -1) + 2)
        }
        for cell in range {
          let span =
            spans[0].firstIndex(of: cell).map { spans[1][$0] == 0 ? columns : min(spans[1][$0], columns) }
            ?? 1
          let left = rtl ? width - xs[cell] - ws[cell] : xs[cell]
          let column = (left - origin) / pitch
          #expect(
            abs(column - column.rounded()) < 1e-9 && column > -1e-9, "seed \(seed) cell \(cell) at \(left)")
          #expect(abs(ws[cell] - (Double(span) * values[2] + Double(span - 1) * spacing)) < 1e-9)
        }
      }
      // Each badge (no offset) sits on its anchor point of its cell: the embedded anchor's.
      let badges = try #require(layout["badges"] as? [String: Any])
      let (bx, by, bw, bh) = try (
        #require(badges["x"] as? [Double]), #require(badges["y"] as? [Double]),
        #require(badges["w"] as? [Double]),
        #require(badges["h"] as? [Double])
      )
      let owners = try #require(badges["c"] as? [Int])
      let anchors =
        try (badges["a"] as? [Int]) ?? Array(repeating: #require(badges["a"] as? Int), count: bx.count)
      #expect(Set(anchors).count == 2, "seed \(seed): two anchors")
      for (k, anchor) in anchors.enumerated() {
        let (fx, fy) = (Double(anchor % 3) / 2, Double(anchor / 3) / 2)
        let cell = owners[k]
        #expect(abs(bx[k] - (xs[cell] + fx * (ws[cell] - bw[k]))) < 1e-9, "seed \(seed) badge \(k)")
        #expect(abs(by[k] - (ys[cell] + fy * (hs[cell] - bh[k]))) < 1e-9, "seed \(seed) badge \(k)")
      }
    }
  }

  /// Sections of cells whose own widths are not their frames' (a grid's and a masonry's, a
  /// carousel's cells of mixed sizes, a stacking sequential section's) and a carousel (a
  /// vertical list's only), with seeded sizes and band policies.
  static func ownWidthFeed(seed: UInt64, rtl: Bool, horizontal: Bool) -> String {
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    func cells(_ count: Int, _ prefix: String, uniform: Bool = false) -> String {
      (0..<count).map { item -> String in
        let (width, height) = uniform ? (70, 40) : (20 + next(150), 10 + next(90))
        return #"{"id":"\#(prefix)\#(item)","size":{"width":\#(width),"height":\#(height)}}"#
      }.joined(separator: ",")
    }
    let bands = [#""tallest""#, #""first""#, "\(30 + next(60))"]
    let alignments = ["top", "center", "bottom", "stretch"]
    let carousel =
      horizontal
      ? ""
      : #"{"header":{"height":14},"attributes":{"verticalAlignment":"\#(alignments[next(4)])","insets":{"top":4,"left":6,"bottom":3,"right":2}},"layout":{"type":"carousel","itemSpacing":\#(next(12)),"height":\#(bands[next(3)])},"items":[\#(cells(12 + next(20), "k"))]},"#
    return #"""
      {"width":380,"layoutDirection":"\#(rtl ? "rtl" : "ltr")","scrollDirection":"\#(horizontal ? "horizontal" : "vertical")",
      "contentInsets":{"top":3,"left":9,"bottom":2,"right":4},"sections":[
      {"layout":{"type":"grid","columns":\#(2 + next(3)),"columnSpacing":5},"items":[\#(cells(30, "g"))]},
      \#(carousel)
      {"layout":{"type":"masonry","minColumnWidth":\#(60 + next(40))},"items":[\#(cells(25, "m"))]},
      {"layout":{"type":"grid","columns":3},"items":[\#(cells(9, "u", uniform: true))]},
      {"layout":{"type":"sequential"},"items":[\#(cells(8, "s"))]},
      {"items":[\#(cells(10, "f"))]}]}
      """#
  }

  /// `ow` holds each cell's own width across the scroll axis per section where one is not its
  /// frame's (a number when the section's cells share it), the flow sections apart (`nw`);
  /// a carousel's entry places every cell where the library did.
  @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
  func ownWidthsAndCarouselsAreEmbedded(rtl: Bool, horizontal: Bool) throws {
    var arrays = 0
    var numbers = 0
    for seed in UInt64(1)...8 {
      let model = try ListModel(
        json: Array(Self.ownWidthFeed(seed: seed, rtl: rtl, horizontal: horizontal).utf8))
      let snapshot = try model.layout()
      let json = HTMLRenderer().layoutJSON(snapshot)
      let layout = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      let sections = try #require(layout["sections"] as? [String: Any])
      let cells = try #require(layout["cells"] as? [String: Any])
      let (xs, ys, ws, hs) = try (
        #require(cells["x"] as? [Double]), #require(cells["y"] as? [Double]),
        #require(cells["w"] as? [Double]), #require(cells["h"] as? [Double])
      )
      let reflow = try #require(sections["reflow"] as? [Any])
      let firsts = try #require(sections["first"] as? [Int])
      let own = try #require(sections["ow"] as? [Any], "seed \(seed)")
      #expect(own.count == model.sections.count)
      for (section, modelSection) in model.sections.enumerated() {
        let kind = (reflow[section] as? [Double])?.first
        #expect(kind != nil, "seed \(seed) section \(section): laid out")
        var expected: [Double] = []
        var differs = false
        for (item, cell) in modelSection.cells.enumerated() {
          guard case .fixed(let size) = cell.size else { continue }
          let width = horizontal ? size.height : size.width
          expected.append(width)
          if width != ws[firsts[section] + item] { differs = true }
        }
        if kind == 3 {
          #expect(own[section] is NSNull, "a flow section's cells: nw")
        } else if !differs {
          #expect(own[section] is NSNull, "seed \(seed) section \(section): every own width is its frame's")
        } else if let width = own[section] as? Double {
          numbers += 1
          #expect(expected.allSatisfy { $0 == width }, "seed \(seed) section \(section)")
        } else {
          arrays += 1
          #expect((own[section] as? [Double]) == expected, "seed \(seed) section \(section)")
        }
        guard kind == 4, let entry = reflow[section] as? [Double] else { continue }
        // The carousel's row, as CarouselLayout documents it, from the embedded values.
        let (left, spacing, policy, fixed, alignment, bodyTop) =
          (entry[1], entry[2], entry[3], entry[4], entry[5], entry[6])
        let range = firsts[section]..<(firsts[section] + modelSection.cells.count)
        let band = policy == 2 ? fixed : policy == 1 ? hs[range.lowerBound] : range.map { hs[$0] }.max() ?? 0
        var start = 0.0
        for (j, cell) in range.enumerated() {
          var x = left + start + Double(j) * spacing
          if rtl { x = 380 - x - ws[cell] }
          let y = bodyTop + (alignment == 1 ? (band - hs[cell]) / 2 : alignment == 2 ? band - hs[cell] : 0)
          #expect(abs(xs[cell] - x) < 1e-9 && abs(ys[cell] - y) < 1e-9, "seed \(seed) carousel cell \(j)")
          start += ws[cell]
        }
      }
    }
    #expect(arrays > 0 && numbers > 0, "cells of mixed and of one own width")
  }
}
