import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

func masonry(_ columns: GridColumns, column: Double? = nil, row: Double? = nil) -> SectionLayout {
  .masonry(MasonryLayout(columns: columns, columnSpacing: column, rowSpacing: row))
}

@Suite struct MasonryTests {
  /// Worked out by hand from the rules: 3 lanes of (320 − 2 · 10) / 3 = 100 at x 0, 110, 220.
  ///
  /// ```
  ///  a (lane 0, 0–100)   b (lane 1, 0–50)    c (lane 2, 0–70)
  ///  d spans 2: runs [0,1] lowest next top 108, [1,2] 78 → lanes 1–2 at 78, to 118
  ///  e: lane 0 (next top 108) at 108, to 138
  ///  f full: max(146, 126, 126) = 146
  /// ```
  static let handCells = [
    Cell(id: "a", width: 1, height: 100), Cell(id: "b", width: 1, height: 50),
    Cell(id: "c", width: 1, height: 70),
    {
      var d = Cell(id: "d", width: 1, height: 40); d.span = .columns(2); return d
    }(),
    Cell(id: "e", width: 1, height: 30),
    {
      var f = Cell(id: "f", width: 1, height: 20); f.span = .fullRow; return f
    }(),
  ]
  static let handFrames = [
    rect(0, 0, 100, 100), rect(110, 0, 100, 50), rect(220, 0, 100, 70), rect(110, 78, 210, 40),
    rect(0, 108, 100, 30), rect(0, 146, 320, 20),
  ]

  @Test func handComputedFrames() throws {
    let model = ListModel(
      configuration: plainConfiguration(width: 320),
      sections: [Section(cells: Self.handCells, layout: masonry(.count(3), column: 10, row: 8))])
    let snapshot = try model.layout()
    #expect((0..<6).map { snapshot.frame(of: ListIndexPath(item: $0, section: 0))! } == Self.handFrames)
    #expect(snapshot.contentSize == Size(width: 320, height: 166))
    #expect(snapshot.invariantViolations() == [])
    // A band crossing a, d and e (d comes before e in item order, though it sits higher).
    #expect(snapshot.elements(in: rect(0, 90, 320, 20)).map(\.indexPath.item) == [0, 3, 4])
    #expect(snapshot.element(at: Point(x: 150, y: 100))?.indexPath.item == 3)
  }

  @Test func rightToLeftMirrorsTheLanes() throws {
    var configuration = plainConfiguration(width: 320)
    configuration.layoutDirection = .rtl
    let model = ListModel(
      configuration: configuration,
      sections: [Section(cells: Self.handCells, layout: masonry(.count(3), column: 10, row: 8))])
    let snapshot = try model.layout()
    let mirrored = Self.handFrames.map { rect(320 - $0.maxX, $0.minY, $0.width, $0.height) }
    #expect((0..<6).map { snapshot.frame(of: ListIndexPath(item: $0, section: 0))! } == mirrored)
    #expect(snapshot.frame(of: ListIndexPath(item: 0, section: 0)) == rect(220, 0, 100, 100))
  }

  /// Ties go to the leading lane: equal cells alternate 0, 1, 0, 1; with no spacing and zero
  /// heights, every cell stays in lane 0.
  @Test func tiesGoToTheLeadingLane() throws {
    let equal = (0..<4).map { Cell(id: "\($0)", width: 1, height: 10) }
    var model = ListModel(
      configuration: plainConfiguration(width: 200),
      sections: [Section(cells: equal, layout: masonry(.count(2), column: 0, row: 0))])
    var snapshot = try model.layout()
    #expect(
      (0..<4).map { snapshot.frame(of: ListIndexPath(item: $0, section: 0))! } == [
        rect(0, 0, 100, 10), rect(100, 0, 100, 10), rect(0, 10, 100, 10), rect(100, 10, 100, 10),
      ])
    model.sections[0].cells = CellList((0..<3).map { Cell(id: "\($0)", width: 1, height: 0) })
    snapshot = try model.layout()
    #expect((0..<3).map { snapshot.frame(of: ListIndexPath(item: $0, section: 0))!.minX } == [0, 0, 0])
  }

  /// Adaptive lanes: `max(1, floor((W + gap) / (M + gap)))` in the width inside the content
  /// and section insets; spacings default to the section's item and line spacing.
  @Test func adaptiveLanesAndDefaultSpacings() throws {
    var configuration = plainConfiguration(width: 375)
    configuration.contentInsets = EdgeInsets(top: 0, left: 10, bottom: 0, right: 5)
    let attributes = SectionAttributes(
      itemSpacing: 20, lineSpacing: 4, insets: EdgeInsets(top: 6, left: 10, bottom: 0, right: 0))
    // W = 375 − 15 − 10 = 350: floor(370 / 120) = 3 lanes of (350 − 40) / 3.
    let model = ListModel(
      configuration: configuration,
      sections: [
        Section(
          cells: (0..<4).map { Cell(id: "\($0)", width: 1, height: Double(10 * ($0 + 1))) },
          attributes: attributes, layout: masonry(.adaptive(minimumWidth: 100)))
      ])
    let snapshot = try model.layout()
    let lane = (350.0 - 40) / 3
    let frames = (0..<4).map { snapshot.frame(of: ListIndexPath(item: $0, section: 0))! }
    #expect(frames[0] == rect(20, 6, lane, 10))
    #expect(frames[1] == rect(20 + (lane + 20), 6, lane, 20))
    #expect(frames[2] == rect(20 + 2 * (lane + 20), 6, lane, 30))
    // Lane 0's next top is 6 + 10 + 4.
    #expect(frames[3] == rect(20, 20, lane, 40))
  }

  /// A sizing callback is given the spanned width as both the space left and the line width;
  /// a span over the lane count is clamped to it.
  @Test func sizingCallbacksGetTheSpannedWidth() throws {
    let recorder = MasonryProposalRecorder()
    var cells = (0..<3).map { _ in
      Cell(size: .sizing { proposal in recorder.record(proposal) })
    }
    cells[1].span = .columns(2)
    cells[2].span = .columns(9)
    let model = ListModel(
      configuration: plainConfiguration(width: 310),
      sections: [Section(cells: cells, layout: masonry(.count(3), column: 5, row: 0))])
    let snapshot = try model.layout()
    #expect(recorder.proposals.map(\.lineWidth) == [100, 205, 310])
    #expect(recorder.proposals.map(\.remainingLineSpace) == [100, 205, 310])
    #expect(snapshot.frame(of: ListIndexPath(item: 2, section: 0)) == rect(0, 205, 310, 310))
  }

  @Test func badCellValuesNameTheirPath() {
    var bad = Cell(width: 1, height: 10)
    bad.span = .columns(0)
    let zeroSpan = ListModel(
      configuration: plainConfiguration(width: 320),
      sections: [Section(cells: [Cell(width: 1, height: 1), bad], layout: masonry(.count(2)))])
    #expect(throws: LayoutError.self) { try zeroSpan.layout() }
    #expect((try? zeroSpan.layout()) == nil)
    do {
      _ = try zeroSpan.layout()
    } catch {
      #expect(error.path == "sections[0].items[1].span")
    }
    let negative = ListModel(
      configuration: plainConfiguration(width: 320),
      sections: [Section(cells: [Cell(width: 1, height: -1)], layout: masonry(.count(2)))])
    do {
      _ = try negative.layout()
      Issue.record("no error")
    } catch {
      #expect(error.path == "sections[0].items[0].size")
    }
    let nanHeight = ListModel(
      configuration: plainConfiguration(width: 320),
      sections: [
        Section(
          cells: [Cell(size: .sizing { _ in Size(width: 1, height: .nan) })], layout: masonry(.count(2)))
      ])
    do {
      _ = try nanHeight.layout()
      Issue.record("no error")
    } catch {
      #expect(error.path == "sections[0].items[0].size")
    }
    let noLanes = ListModel(
      configuration: plainConfiguration(width: 320),
      sections: [Section(cells: [Cell(width: 1, height: 1)], layout: masonry(.count(0)))])
    do {
      _ = try noLanes.layout()
      Issue.record("no error")
    } catch {
      #expect(error.path == "sections[0].layout.columns")
    }
  }

  /// The hand-computed section, read from a feed.
  @Test func masonryFeedFromJSON() throws {
    let text = #"""
      {"width": 320, "contentInsets": {"top": 0, "left": 0, "bottom": 0, "right": 0},
       "sections": [{"layout": {"type": "masonry", "columns": 3, "columnSpacing": 10, "rowSpacing": 8},
         "items": [{"id": "a", "size": {"width": 1, "height": 100}}, {"id": "b", "size": {"width": 1, "height": 50}},
                   {"id": "c", "size": {"width": 1, "height": 70}},
                   {"id": "d", "size": {"width": 1, "height": 40}, "span": 2},
                   {"id": "e", "size": {"width": 1, "height": 30}},
                   {"id": "f", "size": {"width": 1, "height": 20}, "span": "full"}]}]}
      """#
    let snapshot = try ListModel(json: text).layout()
    #expect((0..<6).map { snapshot.frame(of: ListIndexPath(item: $0, section: 0))! } == Self.handFrames)
  }

  /// Bad masonry keys in a feed are errors naming the key path, line and column.
  @Test(
    arguments: [
      (
        #"{"type": "masonry", "columns": 2, "minColumnWidth": 90}"#, "2", "sections[0].layout.minColumnWidth",
        1
      ),
      (#"{"type": "masonry"}"#, "1", "sections[0].layout", 1),
      (#"{"type": "masonry", "columns": 0}"#, "1", "sections[0].layout.columns", 1),
      (#"{"type": "masonry", "minColumnWidth": 0}"#, "1", "sections[0].layout.minColumnWidth", 1),
      (#"{"type": "masonry", "columns": 2, "lanes": 2}"#, "1", "sections[0].layout.lanes", 1),
      (#"{"type": "masonry", "columns": 2, "rowSpacing": -2}"#, "1", "sections[0].layout.rowSpacing", 1),
      (#"{"type": "masonry", "columns": 2}"#, "0", "sections[0].items[0].span", 2),
      (#"{"type": "masonry", "columns": 2}"#, #""half""#, "sections[0].items[0].span", 2),
    ] as [(String, String, String, Int)])
  func badMasonryFeedsNameTheirPath(layout: String, span: String, path: String, line: Int) {
    let text = """
      {"width": 320, "sections": [{"layout": \(layout),
        "items": [{"size": {"width": 1, "height": 20}, "span": \(span)}]}]}
      """
    do {
      _ = try ListModel(json: text)
      Issue.record("\(layout) read without an error")
    } catch {
      #expect(error.path == path, "\(layout): \(error)")
      #expect(error.line == line, "\(layout): \(error)")
    }
  }

  /// The engine equals the plain reference, frame for frame, over thousands of seeded models;
  /// and every snapshot keeps its invariants.
  @Test(arguments: 0..<6)
  func engineEqualsReference(batch: Int) throws {
    for seed in (batch * 500)..<(batch * 500 + sweep(quick: 50, long: 500)) {
      var rng = SplitMix64(seed: UInt64(seed))
      let model = MasonryGenerator.model(&rng, maxCells: seed % 50 == 0 ? 600 : 60)
      let snapshot = try model.layout()
      try Self.expectEqualsReference(snapshot, "seed \(seed)")
    }
  }

  static func expectEqualsReference(_ snapshot: LayoutSnapshot, _ label: String) throws {
    let reference = ReferenceMasonryLayout.layout(snapshot.model)
    #expect(snapshot.invariantViolations() == [], "\(label)")
    #expect(snapshot.contentSize.height == reference.contentHeight, "\(label)")
    for (s, frames) in reference.cells.enumerated() {
      #expect(snapshot.headerAttributes(inSection: s)?.frame == reference.headers[s], "\(label) header \(s)")
      #expect(snapshot.footerAttributes(inSection: s)?.frame == reference.footers[s], "\(label) footer \(s)")
      for (item, frame) in frames.enumerated() {
        let actual = snapshot.frame(of: ListIndexPath(item: item, section: s))
        if actual != frame {
          Issue.record("\(label) [\(s), \(item)]: engine \(String(describing: actual)), reference \(frame)")
          return
        }
      }
    }
  }

  /// Rect and point queries equal a brute-force scan of every element.
  @Test(arguments: 0..<4)
  func queriesEqualBruteForce(batch: Int) throws {
    for seed in (batch * 150)..<(batch * 150 + sweep(quick: 30, long: 150)) {
      var rng = SplitMix64(seed: UInt64(10_000 + seed))
      let model = MasonryGenerator.model(&rng, maxCells: seed % 10 == 0 ? 1500 : 80)
      let snapshot = try model.layout()
      let all = snapshot.allAttributes()
      let width = model.configuration.width
      let height = max(1, snapshot.contentSize.height)
      for _ in 0..<20 {
        let query = Rect(
          x: Double.random(in: -50...width, using: &rng),
          y: Double.random(in: -50...(height + 50), using: &rng),
          width: Double(Int.random(in: 0...400, using: &rng)) / 2,
          height: Double(Int.random(in: 0...800, using: &rng)) / 2)
        let expected = all.filter { $0.frame.intersects(query) }
        let actual = snapshot.elements(in: query)
        #expect(actual == expected, "seed \(seed) rect \(query)")
        let point = Point(
          x: Double(Int.random(in: 0...Int(width), using: &rng)),
          y: Double(Int.random(in: -10...Int(height + 10), using: &rng)))
        var best: LayoutAttributes?
        for element in all where element.frame.contains(point) && element.zIndex >= (best?.zIndex ?? .min) {
          best = element
        }
        #expect(snapshot.element(at: point) == best, "seed \(seed) point \(point)")
      }
    }
  }

  /// A random valid batch for a masonry model: a few resizes, one deletion, insertion,
  /// reload (a new span) or move, a width change, or a new section.
  static func randomUpdate(_ rng: inout SplitMix64, _ model: ListModel, serial: inout Int) -> ListUpdate {
    var update = ListUpdate()
    let kind = Int.random(in: 0..<12, using: &rng)
    if kind == 0 {
      update.width = [120.0, 320, 375, 414.5].randomElement(using: &rng)!
      return update
    }
    if kind == 1 || model.sections.isEmpty {
      update.insertSection(
        MasonryGenerator.section(&rng, maxCells: 30, serial: &serial),
        at: Int.random(in: 0...model.sections.count, using: &rng))
      return update
    }
    let s = Int.random(in: 0..<model.sections.count, using: &rng)
    let count = model.sections[s].cells.count
    serial += 1
    let fresh = MasonryGenerator.cell(&rng, id: "u\(serial)")
    guard count > 0 else {
      update.insertItem(fresh, at: ListIndexPath(item: 0, section: s))
      return update
    }
    // Edits near the end as often as anywhere (they reuse most of the section).
    func item() -> Int {
      Bool.random(using: &rng)
        ? Int.random(in: 0..<count, using: &rng) : max(0, count - 1 - Int.random(in: 0..<20, using: &rng))
    }
    switch kind {
    case 2, 3:
      var resized = Set<Int>()
      for _ in 0..<Int.random(in: 1...3, using: &rng) where resized.insert(item()).inserted {}
      for i in resized.sorted() {
        update.resizeItem(
          at: ListIndexPath(item: i, section: s),
          to: Size(width: 10, height: Double(Int.random(in: 0...300, using: &rng)) / 2))
      }
    case 4, 5: update.deleteItem(at: ListIndexPath(item: item(), section: s))
    case 6, 7:
      update.insertItem(fresh, at: ListIndexPath(item: Int.random(in: 0...count, using: &rng), section: s))
    case 8, 9: update.reloadItem(at: ListIndexPath(item: item(), section: s), with: fresh)
    case 10:
      update.moveItem(
        from: ListIndexPath(item: item(), section: s), to: ListIndexPath(item: item(), section: s))
    default: update.deleteSection(at: s)
    }
    return update
  }

  /// Edits applied incrementally give exactly what a full relayout of the edited model gives,
  /// which is exactly what the reference gives.
  @Test(arguments: 0..<4)
  func editsEqualFullRelayout(batch: Int) throws {
    for seed in (batch * 250)..<(batch * 250 + sweep(quick: 20, long: 250)) {
      var rng = SplitMix64(seed: UInt64(20_000 + seed))
      var snapshot = try MasonryGenerator.model(&rng, maxSections: 3, maxCells: seed % 4 == 0 ? 700 : 80)
        .layout()
      var serial = 0
      for step in 0..<4 {
        let update = Self.randomUpdate(&rng, snapshot.model, serial: &serial)
        let result = try snapshot.applying(update)
        let full = try result.snapshot.model.layout()
        let label = "seed \(seed) step \(step)"
        #expect(result.snapshot.allAttributes() == full.allAttributes(), "\(label)")
        #expect(result.snapshot.contentSize == full.contentSize, "\(label)")
        #expect(result.snapshot.invariantViolations() == [], "\(label)")
        snapshot = result.snapshot
      }
      try Self.expectEqualsReference(snapshot, "seed \(seed) after edits")
    }
  }

  /// An edit lays out again from the chunk of 256 cells holding it to the section's end, not
  /// before; the chunks before it are shared with the old snapshot.
  @Test func anEditReflowsFromItsChunkToTheEnd() throws {
    let cells = (0..<1000).map { Cell(id: "\($0)", width: 1, height: Double(10 + $0 % 7)) }
    let model = ListModel(
      configuration: plainConfiguration(width: 320),
      sections: [Section(cells: cells, layout: masonry(.count(2)))])
    let snapshot = try model.layout()
    var update = ListUpdate()
    update.resizeItem(at: ListIndexPath(item: 900, section: 0), to: Size(width: 1, height: 55))
    let result = try snapshot.applying(update)
    #expect(result.reflowedLines == 1000 - 768)
    let old = try #require(snapshot.geometries[0].body as? MasonryBody)
    let new = try #require(result.snapshot.geometries[0].body as? MasonryBody)
    #expect(old.records.chunks.count == 3 && new.records.chunks.count == 3)
    #expect(zip(old.records.chunks, new.records.chunks).allSatisfy { $0 === $1 })
    #expect(result.snapshot.allAttributes() == (try result.snapshot.model.layout()).allAttributes())
    // Appending reflows only the last chunk.
    var append = ListUpdate()
    append.insertItem(Cell(id: "new", width: 1, height: 5), at: ListIndexPath(item: 1000, section: 0))
    #expect(try snapshot.applying(append).reflowedLines == 1001 - 768)
  }

  /// A section large enough that its placer seals chunks into an arena (``ChunkArena``) holds
  /// exactly what a placer without one gives for the same cells (the reference is quadratic,
  /// too slow for this many); its queries equal a scan, and edits (which place the rest of the
  /// section into blocks of their own, or into a new arena when they start at its first cell)
  /// equal a full relayout.
  @Test func aLargeSectionInAnArena() throws {
    var rng = SplitMix64(seed: 77)
    let count = ChunkArena.minimumCells + 4_321
    let lanes = MasonryLanes(count: 3, width: 115, columnSpacing: 5, rowSpacing: 4, left: 0)
    var plain = MasonryPlacer(lanes: lanes)
    var cells: [Cell] = []
    for item in 0..<count {
      var cell = Cell(id: "c\(item)", width: 10, height: Double(Int.random(in: 0...300, using: &rng)) / 2)
      let span = Int.random(in: 0..<12, using: &rng) == 0 ? Int.random(in: 2...3, using: &rng) : 1
      if span > 1 { cell.span = .columns(span) }
      cells.append(cell)
      plain.place(height: cell.size.fixedValue!.height, span: span)
    }
    let model = ListModel(
      configuration: plainConfiguration(width: 355),
      sections: [Section(cells: cells, layout: masonry(.count(3), column: 5, row: 4))])
    var snapshot = try model.layout()
    let body = try #require(snapshot.geometries[0].body as? MasonryBody)
    #expect(body.lanes == lanes)
    #expect(Array(body.records) == Array(plain.body.records))
    #expect(body.laneItems.map { Array($0) } == plain.body.laneItems.map { Array($0) })
    #expect(body.height == plain.body.height)
    #expect(snapshot.invariantViolations() == [])
    let all = snapshot.allAttributes()
    for _ in 0..<20 {
      let query = Rect(
        x: 0, y: Double.random(in: 0...snapshot.contentSize.height, using: &rng), width: 355, height: 667)
      #expect(snapshot.elements(in: query) == all.filter { $0.frame.intersects(query) }, "rect \(query)")
    }
    for item in [5, count / 2, count - 3] {
      var update = ListUpdate()
      update.resizeItem(at: ListIndexPath(item: item, section: 0), to: Size(width: 10, height: 333))
      snapshot = try snapshot.applying(update).snapshot
      #expect(snapshot.allAttributes() == (try snapshot.model.layout()).allAttributes(), "resize \(item)")
      #expect(snapshot.invariantViolations() == [])
    }
  }

  /// The section's height is the lowest bottom, which may belong to a cell before the chunk an
  /// edit resumes from: the checkpoint keeps it.
  @Test func anEditKeepsTheBottomOfATallCellBeforeIt() throws {
    var cells = (0..<300).map { Cell(id: "\($0)", width: 1, height: 10) }
    cells[250] = Cell(id: "tall", width: 1, height: 100_000)
    let model = ListModel(
      configuration: plainConfiguration(width: 320),
      sections: [Section(cells: cells, layout: masonry(.count(2)))])
    let snapshot = try model.layout()
    var update = ListUpdate()
    update.resizeItem(at: ListIndexPath(item: 290, section: 0), to: Size(width: 1, height: 20))
    let result = try snapshot.applying(update)
    #expect(result.reflowedLines == 300 - 256)
    #expect(result.snapshot.contentSize == (try result.snapshot.model.layout()).contentSize)
    #expect(result.snapshot.contentSize.height > 100_000)
  }

  /// The invariant check catches a body whose cells overlap in a lane.
  @Test func invariantsCatchOverlapInALane() {
    var placer = MasonryPlacer(
      lanes: MasonryLanes(count: 2, width: 100, columnSpacing: 0, rowSpacing: 0, left: 0))
    placer.place(height: 10, span: 1)
    placer.place(height: 10, span: 1)
    var body = placer.body
    let check = BodyCheck(
      section: 0, origin: BodyOrigin(sectionTop: 0, bodyTop: 0), sectionHeight: 100, listWidth: 200,
      insetsFit: true, epsilon: 1e-9)
    #expect(body.invariantViolations(check) == [])
    body.records.truncate(to: 1)
    body.records.append(MasonryRecord(y: 5, height: 10, lane: 0, span: 1))
    body.laneItems[1].truncate(to: 0)
    body.laneItems[0].append(1)
    body.height = 15
    #expect(
      body.invariantViolations(check) == [
        "section 0 item 1 (0, 5, 100, 10) overlaps the cell above it in lane 0"
      ])
  }
}

/// Records sizing proposals; answers a square of the proposed width.
final class MasonryProposalRecorder: @unchecked Sendable {
  private(set) var proposals: [SizingProposal] = []
  func record(_ proposal: SizingProposal) -> Size {
    proposals.append(proposal)
    return Size(width: proposal.lineWidth, height: proposal.lineWidth)
  }
}
