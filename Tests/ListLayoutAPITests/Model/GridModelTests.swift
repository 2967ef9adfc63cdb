import LayoutGeometry
import ListLayout
import Testing

/// The shared model of grid and masonry sections: the column formula, the JSON keys, their
/// errors, writing and equality.
@Suite struct GridModelTests {
  // MARK: Columns

  @Test func adaptiveColumnsFollowTheAutoFillFormula() {
    // max(1, floor((W + gap) / (M + gap))), worked out by hand.
    let cases: [(width: Double, minimum: Double, gap: Double, count: Int)] = [
      (375, 120, 10, 2),  // 385 / 130 = 2.96
      (390, 120, 10, 3),  // 400 / 130 = 3.07
      (380, 120, 10, 3),  // 390 / 130 = 3 exactly: the third column fits
      (100, 120, 10, 1),  // narrower than one column: still one
      (0, 50, 0, 1),
      (1000, 100, 0, 10),
    ]
    for c in cases {
      let count = GridColumns.adaptive(minimumWidth: c.minimum).columnCount(forWidth: c.width, spacing: c.gap)
      #expect(count == c.count, "\(c)")
    }
    #expect(GridColumns.count(3).columnCount(forWidth: 10, spacing: 100) == 3)
    // Clamps: at most maximumCount columns, at least one.
    #expect(GridColumns.adaptive(minimumWidth: 1e-9).columnCount(forWidth: 1e7, spacing: 0) == 1024)
    #expect(GridColumns.count(5000).columnCount(forWidth: 100, spacing: 0) == 1024)
    #expect(GridColumns.count(0).columnCount(forWidth: 100, spacing: 0) == 1)
  }

  @Test func columnsShareTheWidthEqually() {
    #expect(GridColumns.columnWidth(count: 3, width: 320, spacing: 10) == 100)
    #expect(GridColumns.columnWidth(count: 2, width: 375, spacing: 10) == 182.5)
    #expect(GridColumns.columnWidth(count: 1, width: 375, spacing: 10) == 375)
    // Gaps wider than the section: columns of width 0, never negative.
    #expect(GridColumns.columnWidth(count: 4, width: 20, spacing: 10) == 0)
  }

  @Test func spansClampToTheColumnCount() {
    #expect(GridSpan.columns(2).columns(in: 3) == 2)
    #expect(GridSpan.columns(7).columns(in: 3) == 3)
    #expect(GridSpan.fullRow.columns(in: 4) == 4)
  }

  // MARK: JSON

  private func feed(layout: String, span: String? = nil) -> String {
    let cell =
      span.map { #"{"size": {"width": 1, "height": 20}, "span": \#($0)}"# }
      ?? #"{"size": {"width": 1, "height": 20}}"#
    return #"{"width": 320, "sections": [{"layout": \#(layout), "items": [\#(cell)]}]}"#
  }

  @Test func gridAndMasonryLayoutsRead() throws {
    let grid = try ListModel(json: feed(layout: #"{"type": "grid", "columns": 3}"#))
    #expect(grid.sections[0].layout == .grid(GridLayout(columns: .count(3))))
    let full = try ListModel(
      json: feed(
        layout: #"""
          {"rowAlignment": "stretch", "minColumnWidth": 120.5, "type": "grid", "columnSpacing": 4,
           "rowSpacing": 0, "packing": "dense"}
          """#, span: #""full""#))
    #expect(
      full.sections[0].layout
        == .grid(
          GridLayout(
            columns: .adaptive(minimumWidth: 120.5), columnSpacing: 4, rowSpacing: 0, rowAlignment: .stretch,
            packing: .dense)))
    #expect(full.sections[0].cells[0].span == .fullRow)
    let masonry = try ListModel(
      json: feed(
        layout: #"{"type": "masonry", "minColumnWidth": 150, "rowSpacing": 2}"#, span: "2"))
    #expect(
      masonry.sections[0].layout
        == .masonry(MasonryLayout(columns: .adaptive(minimumWidth: 150), rowSpacing: 2)))
    #expect(masonry.sections[0].cells[0].span == .columns(2))
    #expect(masonry.sections[0].cells[0].span != .columns(3))
  }

  @Test(
    arguments: [
      // (layout, span, path, message fragment)
      (
        #"{"type": "grid", "columns": 3, "minColumnWidth": 100}"#, nil, "sections[0].layout.minColumnWidth",
        "not both"
      ),
      (
        #"{"type": "grid", "minColumnWidth": 100, "columns": 3}"#, nil, "sections[0].layout.columns",
        "not both"
      ),
      (#"{"type": "grid"}"#, nil, "sections[0].layout", "needs columns"),
      (#"{"type": "grid", "columns": 0}"#, nil, "sections[0].layout.columns", "whole number"),
      (#"{"type": "grid", "columns": 2.5}"#, nil, "sections[0].layout.columns", "whole number"),
      (#"{"type": "grid", "columns": 1025}"#, nil, "sections[0].layout.columns", "whole number"),
      (#"{"type": "grid", "minColumnWidth": 0}"#, nil, "sections[0].layout.minColumnWidth", "greater than 0"),
      (#"{"type": "grid", "minColumnWidth": -4}"#, nil, "sections[0].layout.minColumnWidth", "negative"),
      (
        #"{"type": "grid", "columns": 2, "columnSpacing": -1}"#, nil, "sections[0].layout.columnSpacing",
        "negative"
      ),
      (#"{"type": "grid", "columns": 2, "rowSpacing": "x"}"#, nil, "sections[0].layout.rowSpacing", "number"),
      (
        #"{"type": "grid", "columns": 2, "rowAlignment": "middle"}"#, nil, "sections[0].layout.rowAlignment",
        "stretch"
      ),
      (#"{"type": "grid", "columns": 2, "packing": "tight"}"#, nil, "sections[0].layout.packing", "dense"),
      (#"{"type": "grid", "columns": 2, "gap": 3}"#, nil, "sections[0].layout.gap", "unknown key"),
      (
        #"{"type": "masonry", "columns": 2, "packing": "dense"}"#, nil, "sections[0].layout",
        "packing belongs"
      ),
      (
        #"{"type": "masonry", "columns": 2, "rowAlignment": "top"}"#, nil, "sections[0].layout",
        "rowAlignment"
      ),
      (#"{"type": "grid", "columns": 2, "padding": {}}"#, nil, "sections[0].layout", "padding belongs"),
      (#"{"type": "flow", "columns": 2}"#, nil, "sections[0].layout", "columns belongs"),
      (#"{"columns": 2}"#, nil, "sections[0].layout", "columns belongs"),
      (#"{"type": "sequential", "rowSpacing": 2}"#, nil, "sections[0].layout", "rowSpacing belongs"),
      (#"{"type": "grid", "columns": 2}"#, "0", "sections[0].items[0].span", "whole number"),
      (#"{"type": "grid", "columns": 2}"#, "-1", "sections[0].items[0].span", "whole number"),
      (#"{"type": "grid", "columns": 2}"#, "1.5", "sections[0].items[0].span", "whole number"),
      (#"{"type": "grid", "columns": 2}"#, #""all""#, "sections[0].items[0].span", "full"),
      (#"{"type": "grid", "columns": 2}"#, "true", "sections[0].items[0].span", "number"),
    ] as [(String, String?, String, String)])
  func badLayoutKeysNameTheirPath(layout: String, span: String?, path: String, fragment: String) {
    do {
      _ = try ListModel(json: feed(layout: layout, span: span))
      Issue.record("\(layout) \(span ?? "") read without an error")
    } catch {
      #expect(error.path == path, "\(layout) \(span ?? ""): \(error)")
      #expect(error.message.contains(fragment), "\(layout) \(span ?? ""): \(error)")
    }
  }

  @Test func itemLayoutsRejectSectionKeys() {
    let text = #"""
      {"width": 320, "sections": [{"layout": {"type": "sequential"},
        "items": [{"layout": {"columns": 2}}]}]}
      """#
    #expect {
      _ = try ListModel(json: text)
    } throws: { error in
      guard let error = error as? JSONInputError else { return false }
      return error.kind == .unknownKey && error.path == "sections[0].items[0].layout.columns"
    }
  }

  @Test func layoutsAndSpansWriteAndReadBack() throws {
    let layouts: [SectionLayout] = [
      .grid(GridLayout(columns: .count(3))),
      .grid(
        GridLayout(
          columns: .adaptive(minimumWidth: 0.1), columnSpacing: 0, rowSpacing: 7.25, rowAlignment: .bottom,
          packing: .dense)),
      .masonry(MasonryLayout(columns: .count(2))),
      .masonry(MasonryLayout(columns: .adaptive(minimumWidth: 150), columnSpacing: 3)),
    ]
    let spans: [GridSpan?] = [nil, .columns(1), .columns(4), .fullRow]
    for layout in layouts {
      var model = ListModel(configuration: ListConfiguration(width: 320))
      var cells: [Cell] = []
      for span in spans {
        var cell = Cell(width: 10, height: 10)
        cell.span = span
        cells.append(cell)
      }
      model.sections = [Section(cells: cells, layout: layout)]
      for defaults in FeedWritingOptions.Defaults.allCases {
        let bytes = try model.jsonBytes(options: FeedWritingOptions(defaults: defaults))
        let read = try ListModel(json: bytes)
        #expect(read == model, "\(layout) \(defaults): \(String(decoding: bytes, as: UTF8.self))")
      }
    }
  }

  @Test func unwritableValuesNameTheirPath() {
    var model = ListModel(configuration: ListConfiguration(width: 320))
    var cell = Cell(width: 10, height: 10)
    cell.span = .columns(0)
    model.sections = [Section(cells: [cell], layout: .grid(GridLayout(columns: .count(0))))]
    #expect(throws: FeedWritingError.self) { try model.jsonBytes() }
    do {
      _ = try model.jsonBytes()
    } catch {
      #expect("\(error)".contains("sections[0].layout.columns"))
    }
    model.sections[0].layout = .grid(GridLayout(columns: .count(2)))
    do {
      _ = try model.jsonBytes()
      Issue.record("a span of 0 was written")
    } catch {
      #expect("\(error)".contains("sections[0].cells[0].span"))
    }
  }

  @Test func spanAndLayoutTakePartInEquality() {
    var a = Cell(width: 1, height: 1)
    var b = a
    b.span = .columns(2)
    #expect(a != b)
    a.span = .columns(2)
    #expect(a == b && a.hashValue == b.hashValue)
    b.span = .fullRow
    #expect(a != b)
    let grid = SectionLayout.grid(GridLayout(columns: .count(2)))
    #expect(grid != .grid(GridLayout(columns: .count(2), packing: .dense)))
    #expect(grid != .masonry(MasonryLayout(columns: .count(2))))
    #expect(grid == .grid(GridLayout(columns: .count(2))))
    #expect(grid.hashValue == SectionLayout.grid(GridLayout(columns: .count(2))).hashValue)
  }
}
