import Foundation
import ListLayout
import Testing

@testable import ListLayoutRender

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

  /// Sequential sections of seeded standard calculators, spacing, padding and insets, and
  /// cells of their own options (`withOptions`).
  static func sequentialFeed(seed: UInt64, horizontal: Bool, withOptions: Bool) -> String {
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let names = StandardFrameCalculator.knownNames
    func insets(_ bound: Int) -> String {
      #"{"top":\#(next(bound)),"left":\#(next(bound)),"bottom":\#(next(bound)),"right":\#(next(bound))}"#
    }
    func cells(_ count: Int, _ prefix: String) -> String {
      (0..<count).map { item -> String in
        let own =
          withOptions && next(4) == 0
          ? #","layout":{"frameCalculator":"\#(names[next(names.count)])","padding":\#(insets(5))}"# : ""
        return
          #"{"id":"\#(prefix)\#(item)","size":{"width":\#(20 + next(200)),"height":\#(10 + next(60))}\#(own)}"#
      }.joined(separator: ",")
    }
    func section(_ prefix: String) -> String {
      #"{"header":{"height":\#(10 + next(20))},"attributes":{"insets":\#(insets(9))},"layout":{"type":"sequential","frameCalculator":"\#(names[next(names.count)])","spacing":\#(insets(8)),"padding":\#(insets(5))},"items":[\#(cells(6 + next(20), prefix))]}"#
    }
    return #"""
      {"width":390,"scrollDirection":"\#(horizontal ? "horizontal" : "vertical")",
      "contentInsets":{"top":3,"left":9,"bottom":2,"right":4},"sections":[
      \#(section("a")),{"layout":{"type":"sequential"},"items":[\#(cells(5, "s"))]},\#(section("b")),
      {"layout":{"type":"grid","columns":3},"items":[\#(cells(7, "g"))]}]}
      """#
  }

  /// A sequential section's entry holds its container, insets, calculator (named in `calc`),
  /// spacing, padding and top, in layout space; `sq` each cell's own options (and with one,
  /// every sequential section is written whole); a caller's calculator is not embedded.
  @Test(arguments: [false, true])
  func sequentialSectionsEmbedTheirCalculatorsAndTheirCellsOptions(horizontal: Bool) throws {
    func swap(_ insets: EdgeInsets) -> [Double] {
      horizontal
        ? [insets.left, insets.top, insets.right, insets.bottom]
        : [insets.top, insets.left, insets.bottom, insets.right]
    }
    var ownCount = 0
    for seed in UInt64(1)...6 {
      for withOptions in [false, true] {
        let model = try ListModel(
          json: Array(Self.sequentialFeed(seed: seed, horizontal: horizontal, withOptions: withOptions).utf8))
        let json = HTMLRenderer().layoutJSON(try model.layout())
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let sections = try #require(layout["sections"] as? [String: Any])
        let reflow = try #require(sections["reflow"] as? [Any])
        let calc = try #require(sections["calc"] as? [[Any]]).map { entry in
          (entry[0] as? String ?? "", entry[1] as? Int ?? -1)
        }
        let ys = try #require(sections["y"] as? [Double])
        let headers = try #require(sections["header"] as? [Any])
        let firsts = try #require(sections["first"] as? [Int])
        let anyOwn = model.sections.contains { $0.cells.contains { $0.sequential != nil } }
        let content = swap(model.configuration.contentInsets)
        for section in 0..<3 {
          let entry = try #require(reflow[section] as? [Double], "seed \(seed) section \(section)")
          guard case .sequential(let defaults) = model.sections[section].layout else {
            Issue.record("section \(section) is sequential")
            continue
          }
          let header = (headers[section] as? [Any]).flatMap { $0[3] as? Double } ?? 0
          let insets = swap(model.sections[section].attributes?.insets ?? .zero)
          if defaults.frameCalculator.kind == .containerLeftAlignedVStack && !anyOwn {
            // Stacking, with no cell of options of its own on the page: the short form.
            #expect(entry.count == 11 && entry[0] == 2 && entry[1] == content[1] + insets[1])
            #expect(entry[10] == ys[section] + header)
            continue
          }
          try #require(entry[0] == 5 && entry.count == 17, "seed \(seed) section \(section)")
          #expect(Array(entry[1...6]) == [content[1], 390 - content[1] - content[3]] + insets)
          let (name, tall) = calc[Int(entry[7])]
          let kind = try #require(defaults.frameCalculator.kind)
          #expect(name == "\(HTMLRenderer.composition(kind))" && (tall == 1) == kind.dependsOnContainerHeight)
          #expect(
            Array(entry[8...11]) == swap(defaults.spacing) && Array(entry[12...15]) == swap(defaults.padding))
          #expect(
            entry[16] == ys[section] + header, "seed \(seed) section \(section): its top below its header")
        }
        #expect(reflow[3] is [Any], "the grid")
        // Each cell's own options, by its index on the page.
        var expected: [Int: SequentialItemOptions] = [:]
        for (section, modelSection) in model.sections.enumerated() {
          for (item, cell) in modelSection.cells.enumerated() where cell.sequential != nil {
            expected[firsts[section] + item] = cell.sequential
          }
        }
        guard let pairs = sections["sq"] as? [[Any]] else {
          #expect(expected.isEmpty, "seed \(seed): no cell has options of its own")
          continue
        }
        #expect(pairs[0].count == expected.count)
        for (cell, value) in zip(pairs[0], pairs[1]) {
          let index = try #require(cell as? Int)
          let options = try #require(expected[index])
          let values = try #require(value as? [Any])
          let calculator = (values[0] as? Int).map { calc[$0].0 }
          #expect(calculator == options.frameCalculator?.kind.map { "\(HTMLRenderer.composition($0))" })
          #expect((values[1] as? [Double]) == options.spacing.map(swap))
          #expect((values[2] as? [Double]) == options.padding.map(swap))
          ownCount += 1
        }
      }
    }
    #expect(ownCount > 0)

    // A caller's calculator (a closure), the section's or a cell's: the section is not laid out.
    var model = try ListModel(
      json: Array(Self.sequentialFeed(seed: 3, horizontal: horizontal, withOptions: false).utf8))
    model.sections[0].layout = .sequential(
      SequentialSectionDefaults(frameCalculator: FrameCalculator { $0.matchingContainer() }))
    model.sections[2].cells[1].sequential = SequentialItemOptions(
      frameCalculator: FrameCalculator { _ in .zero })
    let json = HTMLRenderer().layoutJSON(try model.layout())
    let layout = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let sections = try #require(layout["sections"] as? [String: Any])
    let reflow = try #require(sections["reflow"] as? [Any])
    #expect(reflow[0] is NSNull && reflow[2] is NSNull && (reflow[1] as? [Double])?.first == 5)
    let pairs = try #require(sections["sq"] as? [[Any]])
    #expect((pairs[1].first as? [Any])?.first as? Int == -1, "a caller's calculator: -1")
  }
}
