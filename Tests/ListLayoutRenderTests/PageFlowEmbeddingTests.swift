import Foundation
import ListLayout
import ListLayoutRender
import Testing

/// What the page embeds to lay flow sections out again while a drag previews a move (`reflow`
/// entries of kind 3, `flow` tables, `fd`, `fa`, `nw`), against the library's layout manager
/// and model on seeded feeds, both managers, both axes, both directions. (The page's copy of
/// the typesetter is checked against the library's frames and previews in Chromium:
/// `InteractionChromiumTests`, which lays every such section out again as it is and drags.)
@Suite struct PageFlowEmbeddingTests {
  static let traitNames = ["fullWidth", "stackable", "centered", "alwaysStackUpwards", "compactWidth"]

  static func feed(seed: UInt64, rtl: Bool, horizontal: Bool, hub: Bool) -> String {
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    func traits() -> String {
      let first = next(traitNames.count)
      let second = next(traitNames.count)
      return first == second
        ? #"["\#(traitNames[first])"]"# : #"["\#(traitNames[first])","\#(traitNames[second])"]"#
    }
    func cells(_ count: Int, _ prefix: String) -> String {
      (0..<count).map { item -> String in
        let own =
          next(5) == 0
          ? #","attributes":{"insets":{"top":\#(next(5)),"left":\#(next(7)),"bottom":\#(next(4)),"right":\#(next(6))},"shouldBeginLine":\#(next(3) == 0),"shouldEndLine":\#(next(3) == 0),"startLineIndentation":\#(next(4) == 0)}"#
          : ""
        let traits = next(2) == 0 ? #","traits":\#(traits())"# : ""
        return
          #"{"id":"\#(prefix)\#(item)","size":{"width":\#(20 + next(next(6) == 0 ? 500 : 150)),"height":\#(10 + next(60))}\#(own)\#(traits)}"#
      }.joined(separator: ",")
    }
    let alignments = ["left", "center", "right"]
    let verticals = ["top", "center", "bottom", "stretch"]
    func attributes() -> String {
      #"{"horizontalAlignment":"\#(alignments[next(3)])","verticalAlignment":"\#(verticals[next(4)])","itemSpacing":\#(next(9)),"lineSpacing":\#(next(9)),"insets":{"top":\#(next(9)),"left":\#(next(9)),"bottom":\#(next(9)),"right":\#(next(9))}}"#
    }
    let manager = hub ? #"{"type":"traits","margin":\#(5 + next(10))}"# : #"{"type":"attributes"}"#
    return #"""
      {"width":360,"layoutDirection":"\#(rtl ? "rtl" : "ltr")","scrollDirection":"\#(horizontal ? "horizontal" : "vertical")",
      "layoutManager":\#(manager),"contentInsets":{"top":3,"left":9,"bottom":2,"right":4},
      "defaultCellAttributes":{"insets":{"top":1,"left":2,"bottom":0,"right":3}},"sections":[
      {"attributes":\#(attributes()),"items":[\#(cells(30, "a"))]},
      {"header":{"height":20,"traits":\#(traits())},"attributes":\#(attributes()),"items":[\#(cells(40, "b"))]},
      {"layout":{"type":"grid","columns":3},"items":[\#(cells(9, "g"))]},
      {"header":{"height":12},"items":[]},
      {"attributes":\#(attributes()),"items":[\#(cells(25, "c"))]}]}
      """#
  }

  struct Page {
    let layout: [String: Any]
    let sections: [String: Any]
    let cells: [String: Any]

    init(_ snapshot: LayoutSnapshot) throws {
      let json = HTMLRenderer().layoutJSON(snapshot)
      layout = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      sections = try #require(layout["sections"] as? [String: Any])
      cells = try #require(layout["cells"] as? [String: Any])
    }

    /// `[[cell, …], [value, …]]` as a dictionary.
    func pairs(_ key: String) -> [Int: Any] {
      guard let pairs = sections[key] as? [[Any]], pairs.count == 2 else { return [:] }
      var map: [Int: Any] = [:]
      for (cell, value) in zip(pairs[0], pairs[1]) { map[(cell as? Int) ?? -1] = value }
      return map
    }
  }

  @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
  func flowSectionsEmbedTheirManagersAnswersAndTheirCellsOwnValues(rtl: Bool, horizontal: Bool) throws {
    var shrunkCells = 0
    for hub in [false, true] {
      for seed in UInt64(1)...6 {
        let model = try ListModel(
          json: Array(Self.feed(seed: seed, rtl: rtl, horizontal: horizontal, hub: hub).utf8))
        let snapshot = try model.layout()
        let page = try Page(snapshot)
        let context = "seed \(seed) hub \(hub)"
        let reflow = try #require(page.sections["reflow"] as? [Any], "\(context)")
        let tables = try #require(page.sections["flow"] as? [[String: Any]], "\(context)")
        let firsts = try #require(page.sections["first"] as? [Int])
        let traitIndex = try #require(page.cells["t"] as? [Int])
        let widths = try #require(page.cells["w"] as? [Double])
        let ys = try #require(page.sections["y"] as? [Double])
        let headers = try #require(page.sections["header"] as? [Any])
        // The page's trait sets, from the model's cells and headers.
        var sets: [Int: TraitSet] = [0: []]
        for section in 0..<model.sections.count {
          for (item, cell) in model.sections[section].cells.enumerated() {
            sets[traitIndex[firsts[section] + item]] = cell.traits
          }
          if let header = model.sections[section].header, let entry = headers[section] as? [Any] {
            sets[try #require(entry[4] as? Int)] = header.traits
          }
        }
        let traitCount = try #require(page.layout["traits"] as? [Any]).count
        #expect(sets.count == traitCount, "\(context): every trait set is a cell's or a header's")
        func swap(_ insets: EdgeInsets) -> EdgeInsets {
          horizontal
            ? EdgeInsets(top: insets.left, left: insets.top, bottom: insets.right, right: insets.bottom)
            : insets
        }
        let content = swap(model.configuration.contentInsets)
        for section in [0, 1, 3, 4] {
          let entry = try #require(reflow[section] as? [Double], "\(context) section \(section)")
          let modelSection = model.sections[section]
          let attributes = modelSection.attributes ?? model.configuration.defaultSectionAttributes
          let insets = swap(attributes.insets)
          #expect(entry[0] == 3)
          #expect(entry[1] == content.left + insets.left)
          #expect(entry[2] == 360 - content.left - content.right - insets.left - insets.right)
          #expect(
            entry[3]
              == Double(["left", "center", "right"].firstIndex(of: "\(attributes.horizontalAlignment)")!))
          #expect(
            entry[4]
              == Double(
                ["top", "center", "bottom", "stretch"].firstIndex(of: "\(attributes.verticalAlignment)")!))
          let header = (headers[section] as? [Any]).flatMap { $0[3] as? Double } ?? 0
          #expect(entry[6] == ys[section] + header + insets.top, "\(context) section \(section): body top")
          // The table: the manager's answers for every pair of the page's trait sets.
          let table = tables[Int(entry[5])]
          var layoutAttributes = attributes
          layoutAttributes.insets = insets
          let manager: any LayoutManager = model.configuration.layoutManager
          let n = traitCount
          func numbers(_ key: String) throws -> [Double?] {
            try #require(table[key] as? [Any], "\(context) \(key)").map { $0 as? Double }
          }
          let (leading, trailing, top, bottom) = try (numbers("l"), numbers("r"), numbers("t"), numbers("b"))
          let (across, down) = try (numbers("hg"), numbers("vg"))
          #expect(across.count == n * n && down.count == n * n && leading.count == n)
          let header2 = modelSection.header.map(\.traits)
          #expect((table["hd"] != nil) == (header2 != nil))
          #expect((table["s"] as? Int) == (hub ? 1 : 0))
          for k in 0..<n {
            let set = try #require(sets[k])
            #expect(leading[k] == manager.margin(for: set, to: .left, in: layoutAttributes))
            #expect(trailing[k] == manager.margin(for: set, to: .right, in: layoutAttributes))
            #expect(top[k] == manager.margin(for: set, to: .top, in: layoutAttributes))
            #expect(bottom[k] == manager.margin(for: set, to: .bottom, in: layoutAttributes))
            if let header2 {
              let gap = try numbers("hd")[k]
              #expect(gap == manager.verticalGap(for: set, toHeaderWith: header2, in: layoutAttributes))
            }
            if hub {
              let centred = try #require(table["c"] as? [Int])
              #expect(centred[k] == (set.contains(.centered) ? 1 : 0))
            } else {
              #expect(table["c"] == nil)
            }
            for p in 0..<n {
              let preceding = try #require(sets[p])
              let gap = manager.horizontalGap(for: set, after: preceding, in: layoutAttributes)
              #expect(across[k * n + p] == (gap.isFinite ? gap : nil), "\(context): gap \(k) after \(p)")
              #expect(
                down[k * n + p] == manager.verticalGap(for: set, below: preceding, in: layoutAttributes))
            }
          }
        }
        #expect(reflow[2] is [Any], "the grid keeps its entry")
        // Each cell's own attributes (in layout space) and, in flow sections, its own width.
        let own = page.pairs("fa")
        let naturalWidths = page.pairs("nw")
        let defaults = try #require(page.sections["fd"] as? [Double])
        func code(_ attributes: CellAttributes) -> [Double] {
          let insets = swap(attributes.insets)
          return [
            insets.top, insets.left, insets.bottom, insets.right,
            Double(
              (attributes.shouldBeginLine ? 1 : 0) | (attributes.shouldEndLine ? 2 : 0)
                | (attributes.startLineIndentation ? 4 : 0)),
          ]
        }
        #expect(defaults == code(model.configuration.defaultCellAttributes))
        var shrunk = 0
        for section in 0..<model.sections.count {
          for (item, cell) in model.sections[section].cells.enumerated() {
            let index = firsts[section] + item
            #expect((own[index] as? [Double]) == cell.attributes.map(code), "\(context) cell \(index)")
            guard case .fixed(let size) = cell.size else { continue }
            let width = horizontal ? size.height : size.width
            let frame = widths[index]  // layout space, as the page holds it
            if section == 2 {
              #expect(naturalWidths[index] == nil, "a grid's cells keep their frames' widths")
            } else {
              #expect(
                (naturalWidths[index] as? Double) == (width != frame ? width : nil),
                "\(context) cell \(index)")
              if width != frame { shrunk += 1 }
            }
          }
        }
        if hub { shrunkCells += shrunk }
      }
    }
    // (Across a horizontal list, cells are their heights wide: none is wider than a line.)
    if !horizontal { #expect(shrunkCells > 0, "cells wider than their lines shrink") }
  }

  /// A caller's manager (asked during the layout only), a cell sized by a callback, and more
  /// trait sets than the page tabulates: the flow sections are not embedded.
  @Test func flowSectionsThePageCannotLayOutAreNotEmbedded() throws {
    struct Custom: LayoutManager {
      func margin(for traits: TraitSet, to edge: ContentEdge, in section: SectionAttributes) -> Double { 3 }
      func horizontalGap(
        for traits: TraitSet, after preceding: TraitSet, in section: SectionAttributes
      ) -> Double {
        4
      }
      func verticalGap(
        for traits: TraitSet, below preceding: TraitSet, in section: SectionAttributes
      ) -> Double {
        5
      }
    }
    let json = Self.feed(seed: 3, rtl: false, horizontal: false, hub: true)
    var model = try ListModel(json: Array(json.utf8))
    model.configuration.layoutManager = Custom()
    var page = try Page(try model.layout())
    var reflow = try #require(page.sections["reflow"] as? [Any])
    #expect(reflow[0] is NSNull && reflow[1] is NSNull && reflow[4] is NSNull && page.sections["flow"] == nil)
    #expect(reflow[2] is [Any])

    model = try ListModel(json: Array(json.utf8))
    model.sections[1].cells[3].size = .sizing { _ in Size(width: 50, height: 20) }
    page = try Page(try model.layout())
    reflow = try #require(page.sections["reflow"] as? [Any])
    #expect(reflow[0] is [Any] && reflow[1] is NSNull && reflow[4] is [Any])
    let firsts = try #require(page.sections["first"] as? [Int])
    #expect(page.pairs("nw")[firsts[1] + 3] is NSNull, "a cell sized by a callback has no own width")

    model = try ListModel(json: Array(json.utf8))
    for item in 0..<30 {
      model.sections[0].cells[item].traits = [LayoutTrait("t\(item)")]
    }
    page = try Page(try model.layout())
    reflow = try #require(page.sections["reflow"] as? [Any])
    #expect(reflow[0] is NSNull && reflow[1] is NSNull && page.sections["flow"] == nil)
  }
}
