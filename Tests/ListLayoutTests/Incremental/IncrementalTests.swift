import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// Random edits, applied incrementally, must give exactly the layout a full relayout of the
/// updated model gives (sizes are multiples of 0.5, so every sum is exact in binary).
@Suite struct IncrementalTests {
  @Test(arguments: 0..<6)
  func randomEditSequencesEqualFullRelayout(batch: Int) throws {
    var serial = 0
    for seed in UInt64(batch * 250)..<UInt64(batch * 250 + sweep(quick: 20, long: 250)) {
      var rng = SplitMix64(seed: 900_000 + seed)
      var snapshot = try ModelGenerator.model(&rng, maxSections: 3, maxCells: 60).layout()
      for step in 0..<8 {
        let update = EditGenerator.randomUpdate(&rng, snapshot.model, serial: &serial)
        let before = snapshot.allAttributes()
        let result: UpdateResult
        do {
          result = try snapshot.applying(update)
        } catch {
          Issue.record("seed \(seed) step \(step): \(error)")
          return
        }
        // The old snapshot is a value: unchanged by the edit.
        #expect(snapshot.allAttributes() == before)
        try assertEqualToFullRelayout(
          result.snapshot, "seed \(seed) step \(step) \(EditGenerator.describe(update))")
        if result.snapshot.allAttributes() != (try result.snapshot.model.layout()).allAttributes() { return }
        snapshot = result.snapshot
      }
    }
  }

  @Test func largeSectionEditsSpanPages() throws {
    var rng = SplitMix64(seed: 4242)
    var cells: [Cell] = []
    for i in 0..<6000 { cells.append(EditGenerator.randomCell(&rng, width: 375, id: "c\(i)")) }
    var snapshot = try ListModel(
      configuration: ListConfiguration(width: 375), sections: [Section(cells: cells)]
    ).layout()
    var serial = 0
    for step in 0..<sweep(quick: 15, long: 60) {
      var update = ListUpdate()
      let count = snapshot.numberOfItems(inSection: 0)
      let item = Int.random(in: 0..<count, using: &rng)
      switch step % 3 {
      case 0:
        update.resizeItem(
          at: ListIndexPath(item: item, section: 0),
          to: Size(width: Double(Int.random(in: 1...700, using: &rng)) / 2, height: 33))
      case 1:
        serial += 1
        for k in 0..<Int.random(in: 1...1500, using: &rng) {
          update.insertItem(
            EditGenerator.randomCell(&rng, width: 375, id: "x\(serial)-\(k)"),
            at: ListIndexPath(item: item + k, section: 0))
        }
      default:
        for k in 0..<min(Int.random(in: 1...1500, using: &rng), count - item) {
          update.deleteItem(at: ListIndexPath(item: item + k, section: 0))
        }
      }
      snapshot = try snapshot.applying(update).snapshot
      try assertEqualToFullRelayout(snapshot, "step \(step)")
    }
  }

  @Test func oneCellEditReflowsAHandfulOfLines() throws {
    // The benchmark feed: 200,000 cells of LCG widths on 375-point lines.
    var state: UInt64 = 42
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    var cells: [Cell] = []
    for _ in 0..<200_000 {
      let width = Double(40 + next() % 331)
      cells.append(Cell(width: width, height: Double(20 + next() % 101)))
    }
    let snapshot = try ListModel(
      configuration: ListConfiguration(width: 375), sections: [Section(cells: cells)]
    ).layout()
    let lines = snapshot.geometries[0].lineCount
    var rng = SplitMix64(seed: 7)
    var insertCounts: [Int] = []
    for _ in 0..<40 {
      let item = Int.random(in: 0..<200_000, using: &rng)
      var resize = ListUpdate()
      resize.resizeItem(at: ListIndexPath(item: item, section: 0), to: Size(width: 50, height: 300))
      let resized = try snapshot.applying(resize)
      // The line above, the cell's line, and at most a couple more until the breaks agree.
      #expect(
        resized.reflowedLines <= 6, "resize at \(item) reflowed \(resized.reflowedLines) of \(lines) lines")
      var insert = ListUpdate()
      insert.insertItem(Cell(width: 60, height: 60), at: ListIndexPath(item: item, section: 0))
      insertCounts.append(try snapshot.applying(insert).reflowedLines)
    }
    // An insertion reflows the paragraph until a line break absorbs the new cell: a few lines,
    // never the feed.
    #expect(insertCounts.max()! <= 48, "insert reflowed \(insertCounts) of \(lines) lines")
    #expect(Double(insertCounts.reduce(0, +)) / Double(insertCounts.count) <= 16, "\(insertCounts)")
  }

  @Test func snapshotsStayValuesAndSharePages() throws {
    let cells = (0..<10_000).map { (i: Int) -> Cell in
      Cell(width: Double(40 + i % 331), height: Double(20 + i % 101))
    }
    let snapshot = try ListModel(
      configuration: ListConfiguration(width: 375), sections: [Section(cells: cells)]
    ).layout()
    var update = ListUpdate()
    update.resizeItem(at: ListIndexPath(item: 5000, section: 0), to: Size(width: 10, height: 10))
    let next = try snapshot.applying(update).snapshot
    #expect(
      snapshot.frame(of: ListIndexPath(item: 5000, section: 0))?.size
        == Size(width: Double(40 + 5000 % 331), height: Double(20 + 5000 % 101)))
    #expect(next.frame(of: ListIndexPath(item: 5000, section: 0))?.size == Size(width: 10, height: 10))
    // Pages before the edit are the very same storage.
    #expect(snapshot.geometries[0].pages[0] === next.geometries[0].pages[0])
  }

  @Test func badBatchesAreTypedErrorsAndChangeNothing() throws {
    let model = ListModel(
      configuration: ListConfiguration(width: 300),
      sections: [
        Section(cells: [Cell(id: "a", width: 10, height: 10), Cell(id: "b", width: 10, height: 10)]),
        Section(),
      ])
    let snapshot = try model.layout()
    let before = snapshot.allAttributes()
    func expectError(_ build: (inout ListUpdate) -> Void) {
      var update = ListUpdate()
      build(&update)
      #expect(throws: UpdateError.self) { try snapshot.applying(update) }
    }
    expectError { $0.deleteItem(at: ListIndexPath(item: 2, section: 0)) }
    expectError { $0.deleteItem(at: ListIndexPath(item: 0, section: 5)) }
    expectError {
      $0.deleteItem(at: ListIndexPath(item: 0, section: 0))
      $0.deleteItem(at: ListIndexPath(item: 0, section: 0))
    }
    expectError { $0.insertItem(Cell(), at: ListIndexPath(item: 3, section: 0)) }
    expectError {
      $0.insertItem(Cell(), at: ListIndexPath(item: 0, section: 0))
      $0.insertItem(Cell(), at: ListIndexPath(item: 0, section: 0))
    }
    expectError {
      $0.deleteSection(at: 1)
      $0.moveItem(from: ListIndexPath(item: 0, section: 0), to: ListIndexPath(item: 0, section: 1))
    }
    expectError { $0.deleteSection(at: 2) }
    expectError { $0.moveSection(from: 0, to: 2) }
    expectError { $0.resizeItem(at: ListIndexPath(item: 0, section: 0), to: Size(width: .nan, height: 1)) }
    #expect(throws: UpdateError.unknownIdentifier("zz")) {
      try snapshot.applyingMeasurements(["zz": Size(width: 1, height: 1)])
    }
    #expect(snapshot.allAttributes() == before)
  }

  @Test func movesAcrossSectionsKeepIdentity() throws {
    let model = ListModel(
      configuration: ListConfiguration(width: 300),
      sections: [
        Section(cells: (0..<5).map { Cell(id: "a\($0)", width: 50, height: 20) }),
        Section(cells: (0..<3).map { Cell(id: "b\($0)", width: 50, height: 20) }),
      ])
    var update = ListUpdate()
    update.moveItem(from: ListIndexPath(item: 1, section: 0), to: ListIndexPath(item: 0, section: 1))
    update.deleteItem(at: ListIndexPath(item: 3, section: 0))
    update.insertItem(Cell(id: "new", width: 50, height: 20), at: ListIndexPath(item: 0, section: 0))
    let result = try model.layout().applying(update)
    #expect(result.snapshot.model.sections[0].cells.map(\.id) == ["new", "a0", "a2", "a4"])
    #expect(result.snapshot.model.sections[1].cells.map(\.id) == ["a1", "b0", "b1", "b2"])
    try assertEqualToFullRelayout(result.snapshot, "moves")
  }

  @Test func selfSizingMeasurementsReplaceEstimates() throws {
    let cells = (0..<50).map { Cell(id: "c\($0)", width: 100, height: 44) }
    let snapshot = try ListModel(
      configuration: ListConfiguration(width: 320), sections: [Section(cells: cells)]
    ).layout()
    let measured = try snapshot.applyingMeasurements([
      "c3": Size(width: 100, height: 120), "c10": Size(width: 300, height: 80),
    ])
    #expect(measured.snapshot.frame(of: ListIndexPath(item: 3, section: 0))?.height == 120)
    #expect(measured.snapshot.frame(of: ListIndexPath(item: 10, section: 0))?.width == 300)
    try assertEqualToFullRelayout(measured.snapshot, "measurements")
    let byPath = try snapshot.applyingMeasurements(byIndexPath: [
      ListIndexPath(item: 3, section: 0): Size(width: 100, height: 120)
    ])
    #expect(byPath.snapshot.frame(of: ListIndexPath(item: 3, section: 0))?.height == 120)
  }
}

/// The returned correction keeps the anchor cell still on screen.
@Suite struct ScrollAnchoringTests {
  @Test func anchorStaysPutAfterRandomEdits() throws {
    var serial = 0
    for seed in UInt64(0)..<400 {
      var rng = SplitMix64(seed: 5_000_000 + seed)
      var model = ModelGenerator.model(&rng, maxSections: 3, maxCells: 80)
      model.configuration.layoutDirection = .ltr
      let snapshot = try model.layout()
      guard snapshot.contentSize.height > 0 else { continue }
      let offset = Double.random(in: 0...snapshot.contentSize.height, using: &rng).rounded()
      let anchor = ScrollAnchor(contentOffset: offset, viewportHeight: 400)
      let update = EditGenerator.randomUpdate(&rng, model, serial: &serial)
      guard update.width == nil else { continue }
      let result = try snapshot.applying(update, anchor: anchor)
      guard let newIndexPath = result.anchorIndexPath else { continue }
      // Find the old cell the engine anchored: the first visible survivor.
      let visible = snapshot.elements(in: Rect(x: -1e15, y: offset, width: 2e15, height: 400)).filter {
        $0.kind == .cell
      }
      let resolved = try update.resolve(against: model)
      let old = try #require(
        visible.first {
          resolved.movedItems[$0.indexPath] == nil && resolved.newIndexPath(of: $0.indexPath) != nil
        })
      #expect(resolved.newIndexPath(of: old.indexPath) == newIndexPath)
      let oldOnScreen = old.frame.minY - offset
      let newOnScreen = result.snapshot.frame(of: newIndexPath)!.minY - result.contentOffset
      #expect(abs(oldOnScreen - newOnScreen) < 1e-9, "seed \(seed)")
    }
  }

  @Test func insertingAboveTheViewportShiftsTheOffset() throws {
    let cells = (0..<100).map { Cell(id: "c\($0)", width: 300, height: 50) }
    let snapshot = try ListModel(
      configuration: ListConfiguration(width: 320), sections: [Section(cells: cells)]
    ).layout()
    var update = ListUpdate()
    update.insertItem(Cell(id: "top", width: 300, height: 95), at: ListIndexPath(item: 0, section: 0))
    let result = try snapshot.applying(update, anchor: ScrollAnchor(contentOffset: 1000, viewportHeight: 600))
    #expect(result.contentOffsetCorrection == 100)
    #expect(result.contentOffset == 1100)
    // Anchoring to a chosen identifier.
    let chosen = try snapshot.applying(
      update, anchor: ScrollAnchor(contentOffset: 1000, viewportHeight: 600, target: .identifier("c50")))
    #expect(chosen.anchorIndexPath == ListIndexPath(item: 51, section: 0))
    #expect(chosen.contentOffsetCorrection == 100)
  }

  @Test func sticksToTheBottomLikeAChat() throws {
    let cells = (0..<30).map { Cell(id: "m\($0)", width: 300, height: 40) }
    let snapshot = try ListModel(
      configuration: ListConfiguration(width: 320), sections: [Section(cells: cells)]
    ).layout()
    let bottom = snapshot.contentSize.height - 500
    var update = ListUpdate()
    update.insertItem(Cell(id: "new", width: 300, height: 60), at: ListIndexPath(item: 30, section: 0))
    let result = try snapshot.applying(
      update, anchor: ScrollAnchor(contentOffset: bottom, viewportHeight: 500, sticksToBottom: true))
    #expect(result.contentOffset == result.snapshot.contentSize.height - 500)
    #expect(result.contentOffsetCorrection == 65)
  }
}
