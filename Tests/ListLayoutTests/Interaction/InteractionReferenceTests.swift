import LayoutGeometry
import ListLayout
import ListLayoutTestSupport
import TestSupport
import Testing

/// Drop targets, focus steps, accessibility and the reading order against brute-force
/// references (every cell scanned) on seeded models of every section kind, both scroll
/// directions and right to left.
@Suite struct InteractionReferenceTests {
  @Test(arguments: 0..<4)
  func moveTargetsEqualTheReference(batch: Int) throws {
    for seed in UInt64(31_000 + batch * 1000)..<UInt64(31_000 + batch * 1000 + sweep(quick: 60, long: 600)) {
      var rng = SplitMix64(seed: seed)
      let model = InteractionModels.model(&rng)
      guard let snapshot = try? model.layout() else { continue }
      let offsets = CarouselGenerator.randomOffsets(&rng, snapshot)
      let reference = InteractionReference(snapshot, offsets: offsets)
      guard !reference.cells.isEmpty else { continue }
      for _ in 0..<30 {
        let dragging = rng.pick(reference.cells).path
        let point = InteractionModels.point(&rng, reference)
        for between in [true, false] {
          let expected = reference.moveTarget(dragging: dragging, at: point, between: between)
          let actual = snapshot.moveTarget(
            dragging: dragging, at: point, horizontalOffsets: offsets, allowsMovesBetweenSections: between)
          #expect(actual == expected, "seed \(seed) dragging \(dragging) at \(point) between \(between)")
          if actual != expected { return }
        }
      }
    }
  }

  @Test(arguments: 0..<4)
  func focusStepsEqualTheReference(batch: Int) throws {
    for seed in UInt64(32_000 + batch * 1000)..<UInt64(32_000 + batch * 1000 + sweep(quick: 60, long: 600)) {
      var rng = SplitMix64(seed: seed)
      let model = InteractionModels.model(&rng)
      guard let snapshot = try? model.layout() else { continue }
      let offsets = CarouselGenerator.randomOffsets(&rng, snapshot)
      let reference = InteractionReference(snapshot, offsets: offsets)
      guard !reference.cells.isEmpty else { continue }
      for _ in 0..<20 {
        let from = rng.pick(reference.cells).path
        for direction in FocusDirection.allCases {
          let expected = reference.focus(from: from, direction)
          let actual = snapshot.nextFocus(from: from, direction: direction, horizontalOffsets: offsets)
          #expect(actual == expected, "seed \(seed) from \(from) \(direction)")
          if actual != expected { return }
        }
      }
    }
  }

  @Test func accessibilityEqualsTheReference() throws {
    for seed in UInt64(33_000)..<UInt64(33_000 + sweep(quick: 200, long: 2000)) {
      var rng = SplitMix64(seed: seed)
      let model = InteractionModels.model(&rng)
      guard let snapshot = try? model.layout() else { continue }
      let reference = InteractionReference(snapshot)
      for s in 0..<snapshot.numberOfSections {
        let count = snapshot.numberOfItems(inSection: s)
        let grid = reference.gridPlaces(section: s)
        for i in 0..<count {
          let info = try #require(snapshot.accessibility(of: ListIndexPath(item: i, section: s)))
          #expect(info.positionInSet == i + 1 && info.setSize == count, "seed \(seed) [\(s), \(i)]")
          if let grid {
            let (row, column, span) = grid.places[i]
            let expected = GridCellPosition(
              row: row + 1, column: column + 1, rowSpan: 1, columnSpan: span, rowCount: grid.rows,
              columnCount: grid.columns)
            #expect(info.grid == expected, "seed \(seed) [\(s), \(i)]")
            if info.grid != expected { return }
          } else {
            #expect(info.grid == nil, "seed \(seed) [\(s), \(i)]")
          }
          let role = snapshot.accessibilityRole(of: .cell, inSection: s)
          #expect(role == (grid == nil ? .listItem : .gridCell))
        }
        #expect(snapshot.accessibility(of: ListIndexPath(item: count, section: s)) == nil)
        #expect(snapshot.accessibility(of: ListIndexPath(item: -1, section: s)) == nil)
        #expect(snapshot.accessibilityRole(of: .header, inSection: s) == .heading)
      }
    }
  }

  @Test func readingOrderEqualsTheReference() throws {
    for seed in UInt64(34_000)..<UInt64(34_000 + sweep(quick: 200, long: 2000)) {
      var rng = SplitMix64(seed: seed)
      let model = InteractionModels.model(&rng)
      guard let snapshot = try? model.layout() else { continue }
      let expected = InteractionReference(snapshot).readingOrder()
      var forward: [ElementReference] = []
      var element = snapshot.nextInReadingOrder(after: nil)
      while let found = element, forward.count <= expected.count {
        forward.append(found)
        element = snapshot.nextInReadingOrder(after: found)
      }
      #expect(forward == expected, "seed \(seed)")
      var backward: [ElementReference] = []
      element = snapshot.nextInReadingOrder(after: nil, backward: true)
      while let found = element, backward.count <= expected.count {
        backward.append(found)
        element = snapshot.nextInReadingOrder(after: found, backward: true)
      }
      #expect(backward == expected.reversed(), "seed \(seed)")
    }
  }

  /// Over a collapsed section (header, insets, footer) the target is item 0 of it, as for a
  /// section without cells, and the preview hides the cell there: the source closes up, the
  /// model's section starts with the dragged cell, which has no frame.
  @Test func aDropIntoACollapsedSectionHidesTheCell() throws {
    for horizontal in [false, true] {
      var configuration = ListConfiguration(width: 320)
      if horizontal { configuration.scrollDirection = .horizontal }
      let cells = { (prefix: String, n: Int) in
        (0..<n).map { Cell(id: "\(prefix)\($0)", width: 90, height: 40) }
      }
      let folded = Section(
        header: Supplementary(height: 30), footer: Supplementary(height: 20), cells: cells("k", 3),
        collapsed: true)
      let model = ListModel(
        configuration: configuration,
        sections: [Section(cells: cells("a", 7)), folded, Section(cells: cells("b", 4))])
      let snapshot = try model.layout()
      let section = try #require(snapshot.sectionFrame(1))
      let dragging = ListIndexPath(item: 2, section: 0)
      for point in [Point(x: section.midX, y: section.midY), Point(x: section.minX + 1, y: section.minY + 1)]
      {
        let target = snapshot.moveTarget(dragging: dragging, at: point)
        #expect(target == ListIndexPath(item: 0, section: 1), "\(point)")
        #expect(
          snapshot.moveTarget(dragging: dragging, at: point, allowsMovesBetweenSections: false)?.section == 0)
        let preview = try snapshot.previewingMove(from: dragging, to: ListIndexPath(item: 0, section: 1))
        #expect(preview.numberOfItems(inSection: 0) == 6)
        #expect(preview.numberOfItems(inSection: 1) == 0)
        #expect(preview.frame(of: ListIndexPath(item: 0, section: 1)) == nil)
        #expect(preview.model.sections[1].cells.map(\.id) == ["a2", "k0", "k1", "k2"])
        #expect(preview.allAttributes().allSatisfy { $0.kind != .cell || $0.indexPath.section != 1 })
      }
    }
  }

  /// The preview is the layout of the model with the move applied, bit for bit.
  @Test func previewsEqualAFullLayoutOfTheMovedModel() throws {
    for seed in UInt64(35_000)..<UInt64(35_000 + sweep(quick: 100, long: 1000)) {
      var rng = SplitMix64(seed: seed)
      let model = InteractionModels.model(&rng)
      guard let snapshot = try? model.layout() else { continue }
      let reference = InteractionReference(snapshot)
      guard !reference.cells.isEmpty else { continue }
      for _ in 0..<4 {
        let dragging = rng.pick(reference.cells).path
        let point = InteractionModels.point(&rng, reference)
        guard let target = snapshot.moveTarget(dragging: dragging, at: point) else { continue }
        let preview = try snapshot.previewingMove(from: dragging, to: target)
        var moved = model
        let cell = moved.sections[dragging.section].cells.remove(at: dragging.item)
        moved.sections[target.section].cells.insert(cell, at: target.item)
        let full = try moved.layout()
        _ = try expectSameLayout(preview, full, "seed \(seed) \(dragging) → \(target)")
      }
    }
  }

  /// Focus steps and drop targets on a snapshot after edits (whose touched sections have new
  /// bodies, and with them new cell extents) equal the reference on the edited snapshot.
  @Test func stepsAfterEditsEqualTheReference() throws {
    for seed in UInt64(36_000)..<UInt64(36_000 + sweep(quick: 60, long: 600)) {
      var rng = SplitMix64(seed: seed)
      let model = InteractionModels.model(&rng)
      guard var snapshot = try? model.layout() else { continue }
      for _ in 0..<3 {
        let reference = InteractionReference(snapshot)
        guard !reference.cells.isEmpty else { break }
        // Ask first, so that extents are read from the bodies before the edit.
        for direction in FocusDirection.allCases {
          _ = snapshot.nextFocus(from: rng.pick(reference.cells).path, direction: direction)
        }
        var update = ListUpdate()
        let resized = rng.pick(reference.cells).path
        update.resizeItem(
          at: resized, to: Size(width: Double(rng.below(400)) / 2, height: Double(rng.below(200)) / 2))
        let moved = rng.pick(reference.cells).path
        if moved != resized {
          update.moveItem(
            from: moved, to: ListIndexPath(item: 0, section: rng.below(snapshot.numberOfSections)))
        }
        guard let edited = try? snapshot.applying(update).snapshot else { break }
        snapshot = edited
        let after = InteractionReference(snapshot)
        for _ in 0..<10 {
          let from = rng.pick(after.cells).path
          for direction in FocusDirection.allCases {
            let expected = after.focus(from: from, direction)
            #expect(
              snapshot.nextFocus(from: from, direction: direction) == expected,
              "seed \(seed) \(from) \(direction)")
          }
          let point = InteractionModels.point(&rng, after)
          #expect(
            snapshot.moveTarget(dragging: from, at: point)
              == after.moveTarget(dragging: from, at: point, between: true),
            "seed \(seed) \(from) at \(point)")
        }
      }
    }
  }
}
