import LayoutGeometry
import ListLayout
import ListLayoutTestSupport
import TestSupport
import Testing

/// Focus steps and drop targets on lists large enough for the searches to pass over whole
/// pages of lines and runs of a sequential section's cells, against the brute-force reference
/// (``InteractionReference``, every cell scanned): mostly wide cells with rare narrow ones, so
/// that a step across the scroll axis from a line's end often has nothing in its beam and its
/// answer many lines away; every section kind, both scroll axes, right to left, records kept or
/// computed on first read, and after an edit.
@Suite struct FocusPruningTests {
  @Test(arguments: 0..<3)
  func stepsAndDropTargetsEqualTheReference(batch: Int) throws {
    var far = 0
    var none = 0
    var sequential = 0
    for seed in UInt64(37_000 + batch * 1000)..<UInt64(37_000 + batch * 1000 + sweep(quick: 8, long: 80)) {
      var rng = SplitMix64(seed: seed)
      let model = Self.model(&rng)
      var tuning = LayoutTuning()
      if rng.below(2) == 0 { tuning.deferralMinimumItems = 1 + rng.below(600) }
      var snapshot = try model.layout(frames: .onDemand, tuning: tuning)
      let offsets = CarouselGenerator.randomOffsets(&rng, snapshot)
      if model.sections.contains(where: { if case .sequential = $0.layout { true } else { false } }) {
        sequential += 1
      }
      for round in 0..<2 {
        let reference = InteractionReference(snapshot, offsets: round == 0 ? offsets : .zero)
        guard !reference.cells.isEmpty else { break }
        let starts = Self.starts(&rng, reference)
        for from in starts {
          for direction in FocusDirection.allCases {
            let expected = reference.focus(from: from, direction)
            let actual = snapshot.nextFocus(
              from: from, direction: direction, horizontalOffsets: round == 0 ? offsets : .zero)
            #expect(actual == expected, "seed \(seed) round \(round) from \(from) \(direction)")
            if actual != expected { return }
            if direction != .forward && direction != .backward {
              if let to = expected?.indexPath {
                if Self.cellsBetween(from, to, reference) > 200 { far += 1 }
              } else {
                none += 1
              }
            }
          }
          let point = InteractionModels.point(&rng, reference)
          for between in [true, false] {
            let expected = reference.moveTarget(dragging: from, at: point, between: between)
            let actual = snapshot.moveTarget(
              dragging: from, at: point, horizontalOffsets: round == 0 ? offsets : .zero,
              allowsMovesBetweenSections: between)
            #expect(actual == expected, "seed \(seed) round \(round) dragging \(from) at \(point)")
            if actual != expected { return }
          }
        }
        // An edit: the touched pages are written again (and split), the rest shared.
        var update = ListUpdate()
        let resized = rng.pick(reference.cells).path
        update.resizeItem(
          at: resized, to: Size(width: Double(rng.below(40)), height: Double(1 + rng.below(30))))
        let moved = rng.pick(reference.cells).path
        if moved != resized {
          update.moveItem(
            from: moved, to: ListIndexPath(item: 0, section: rng.below(snapshot.numberOfSections)))
        }
        guard let edited = try? snapshot.applying(update).snapshot else { break }
        snapshot = edited
      }
    }
    // The sweep reaches the paths it is for: answers hundreds of cells away (pages passed
    // over), steps with no answer at all, and sequential sections.
    #expect(far > 0 && none > 0 && sequential > 0, "far \(far) none \(none) sequential \(sequential)")
  }

  /// Many sections of cells that lie across the same x extent, but for one section whose
  /// cells are pushed past them by its inset (at a block's first or last section, or
  /// anywhere): a step across towards them from any other cell has nothing in its beam and
  /// only that section's cells as candidates, so the search must pass over every other block,
  /// section and page and find them.
  @Test func aLoneSectionBeyondIsFoundWhereverItIs() throws {
    for seed in UInt64(38_000)..<UInt64(38_000 + sweep(quick: 24, long: 240)) {
      var rng = SplitMix64(seed: seed)
      let width = 300.0
      var configuration = ListConfiguration(width: width)
      if rng.below(2) == 0 { configuration.layoutDirection = .rtl }
      if rng.below(3) == 0 { configuration.scrollDirection = .horizontal }
      let count = 65 + rng.below(200)
      let lone = rng.pick([0, 63, 64, 127, 128, count - 1, rng.below(count)].filter { $0 < count })
      var sections: [Section] = []
      for s in 0..<count {
        let cells = (0..<(s == lone ? 1 + rng.below(3) : rng.below(6))).map { _ in
          Cell(width: 150 + Double(rng.below(20)), height: Double(5 + rng.below(30)))
        }
        var section = Section(cells: cells)
        if rng.below(4) == 0 {
          section.layout = .sequential(SequentialSectionDefaults(frameCalculator: .topAlignedFlow))
        }
        if s == lone {
          var attributes = SectionAttributes.topLeft
          attributes.insets = EdgeInsets(top: 0, left: 200, bottom: 0, right: 0)
          section.attributes = attributes
        }
        sections.append(section)
      }
      let snapshot = try ListModel(configuration: configuration, sections: sections).layout()
      let reference = InteractionReference(snapshot)
      for _ in 0..<6 {
        let from = rng.pick(reference.cells).path
        for direction in FocusDirection.allCases {
          let expected = reference.focus(from: from, direction)
          #expect(
            snapshot.nextFocus(from: from, direction: direction) == expected,
            "seed \(seed) lone \(lone) from \(from) \(direction)")
        }
      }
    }
  }

  /// Many sections, a third of them carousels scrolled anywhere (blocks and sections passed
  /// over by where their carousels' cells lie on screen, kept for the offsets last asked):
  /// steps from every kind of cell, carousels' cells scrolled out of view among them, the same
  /// snapshot asked with one set of offsets, another, the first again and none, then after an
  /// edit, each against the reference.
  @Test func carouselsArePassedOverByWhereTheirCellsLieOnScreen() throws {
    for seed in UInt64(39_000)..<UInt64(39_000 + sweep(quick: 10, long: 100)) {
      var rng = SplitMix64(seed: seed)
      let width = Double(150 + rng.below(300))
      var configuration = ListConfiguration(width: width)
      if rng.below(2) == 0 { configuration.layoutDirection = .rtl }
      var sections: [Section] = []
      for _ in 0..<(65 + rng.below(200)) {
        let carousel = rng.below(3) == 0
        let cells = (0..<rng.below(carousel ? 30 : 8)).map { _ in
          // Mostly wide cells; now and then a narrow one.
          let w =
            rng.below(20) == 0
            ? Double(rng.below(Int(width / 5) + 1)) : Double(Int(width * 0.4) + rng.below(Int(width / 2)))
          return Cell(width: w, height: Double(rng.below(8) == 0 ? 0 : 4 + rng.below(50)))
        }
        var section = Section(header: Supplementary(height: Double(rng.below(3) * 10)), cells: cells)
        if carousel {
          section.layout = .carousel(CarouselGenerator.layout(&rng))
        } else if rng.below(3) == 0 {
          section.layout = .grid(GridModelGenerator.layout(&rng))
        } else if rng.below(4) == 0 {
          section.layout = .sequential(SequentialSectionDefaults(frameCalculator: .topAlignedFlow))
        }
        if rng.below(6) == 0 {
          var attributes = SectionAttributes.topLeft
          attributes.insets = EdgeInsets(top: 0, left: Double(rng.below(Int(width / 2))), bottom: 0, right: 0)
          section.attributes = attributes
        }
        sections.append(section)
      }
      var snapshot = try ListModel(configuration: configuration, sections: sections).layout()
      let first = CarouselGenerator.randomOffsets(&rng, snapshot)
      let second = CarouselGenerator.randomOffsets(&rng, snapshot)
      for (round, offsets) in [first, second, first, .zero, first].enumerated() {
        if round == 4 {
          // An edit: a touched block's extents are read again, the others' kept.
          var update = ListUpdate()
          let section = rng.below(snapshot.numberOfSections)
          update.insertItem(
            Cell(width: Double(rng.below(Int(width))), height: 9),
            at: ListIndexPath(item: 0, section: section))
          snapshot = try snapshot.applying(update).snapshot
        }
        let reference = InteractionReference(snapshot, offsets: offsets)
        guard !reference.cells.isEmpty else { break }
        // Carousels' cells scrolled out of view, and others.
        let offScreen = reference.cells.filter {
          reference.horizontal ? false : $0.screen.maxX <= 0 || $0.screen.minX >= width
        }
        var starts = Self.starts(&rng, reference)
        for _ in 0..<8 where !offScreen.isEmpty { starts.append(rng.pick(offScreen).path) }
        for from in starts {
          for direction in FocusDirection.allCases {
            let expected = reference.focus(from: from, direction)
            let actual = snapshot.nextFocus(from: from, direction: direction, horizontalOffsets: offsets)
            #expect(actual == expected, "seed \(seed) round \(round) from \(from) \(direction)")
            if actual != expected { return }
          }
        }
      }
    }
  }

  /// Steps along the scroll axis where no cell can lie in the beam: from carousels' cells
  /// scrolled anywhere (most out of the list's width) and from cells of no extent across,
  /// through grids (dense packing, spans), masonry (spans), sequential and flow sections, the
  /// band's growth bounded by the section it ends in and the sections past it; right to left,
  /// sideways, sections spaced apart or touching, carousels' cells taller than
  /// their bands; each against the reference.
  @Test(arguments: 0..<2)
  func stepsWithNothingInTheBeamEqualTheReference(batch: Int) throws {
    var offScreenSteps = 0
    for seed in UInt64(39_500 + batch * 1000)..<UInt64(39_500 + batch * 1000 + sweep(quick: 12, long: 120)) {
      var rng = SplitMix64(seed: seed)
      let width = Double(150 + rng.below(300))
      var configuration = ListConfiguration(width: width)
      if rng.below(2) == 0 { configuration.layoutDirection = .rtl }
      configuration.sectionSpacing = [0, 0, 10, 40][rng.below(4)]
      let horizontal = rng.below(4) == 0
      if horizontal { configuration.scrollDirection = .horizontal }
      var sections: [Section] = []
      for _ in 0..<(rng.below(3) == 0 ? 65 + rng.below(80) : 2 + rng.below(12)) {
        let kind = rng.below(horizontal ? 4 : 5)
        // Sections of a few cells between long ones.
        let count = rng.below(2) == 0 ? rng.below(4) : rng.below(kind == 4 ? 40 : 120)
        let cells = (0..<count).map { _ -> Cell in
          // Mostly wide cells; now and then a narrow one, one of no width or no height.
          let w =
            rng.below(12) == 0
            ? Double(rng.below(Int(width / 5) + 1)) : Double(Int(width * 0.2) + rng.below(Int(width * 0.7)))
          var cell = Cell(width: w, height: Double(rng.below(10) == 0 ? 0 : 4 + rng.below(80)))
          if kind != 4 && rng.below(6) == 0 {
            cell.span = rng.below(4) == 0 ? .fullRow : .columns(1 + rng.below(3))
          }
          return cell
        }
        var section = Section(header: Supplementary(height: Double(rng.below(3) * 10)), cells: cells)
        switch kind {
        case 1:
          var grid = GridModelGenerator.layout(&rng)
          if rng.below(2) == 0 { grid.packing = .dense }
          section.layout = .grid(grid)
        case 2:
          section.layout = .masonry(
            MasonryLayout(columns: .count(1 + rng.below(4)), columnSpacing: Double(rng.below(3) * 4)))
        case 3:
          let calculators: [FrameCalculator<Int>] = [
            .topAlignedFlow, .centerAligned, .containerLeftAlignedVStack,
          ]
          section.layout = .sequential(
            SequentialSectionDefaults(frameCalculator: rng.pick(calculators), spacing: EdgeInsets(all: 2)))
        case 4: section.layout = .carousel(CarouselGenerator.layout(&rng))
        default: break
        }
        if rng.below(3) == 0 {
          // Cells kept to one side: sections whose centres lie far from each other's.
          var attributes = SectionAttributes.topLeft
          let inset = Double(rng.below(Int(width * 0.7)))
          attributes.insets = EdgeInsets(
            top: 0, left: rng.below(2) == 0 ? inset : 0, bottom: 0, right: rng.below(2) == 0 ? inset : 0)
          section.attributes = attributes
        }
        sections.append(section)
      }
      let snapshot = try ListModel(configuration: configuration, sections: sections).layout()
      let offsets = CarouselGenerator.randomOffsets(&rng, snapshot)
      let reference = InteractionReference(snapshot, offsets: offsets)
      guard !reference.cells.isEmpty else { continue }
      let alongDirections: [FocusDirection] = horizontal ? [.left, .right] : [.up, .down]
      // Carousels' cells out of the width, and cells of no extent across.
      let beamless = reference.cells.filter {
        horizontal
          ? $0.screen.height == 0
          : $0.screen.maxX <= 0 || $0.screen.minX >= width || $0.screen.width == 0
      }
      var starts = (0..<4).map { _ in rng.pick(reference.cells).path }
      for _ in 0..<12 where !beamless.isEmpty { starts.append(rng.pick(beamless).path) }
      for from in starts {
        for direction in alongDirections {
          let expected = reference.focus(from: from, direction)
          let actual = snapshot.nextFocus(from: from, direction: direction, horizontalOffsets: offsets)
          #expect(actual == expected, "seed \(seed) from \(from) \(direction)")
          if actual != expected { return }
          if beamless.contains(where: { $0.path == from }) && expected != nil { offScreenSteps += 1 }
        }
      }
    }
    // The sweep steps from cells with nothing in their beam, and lands.
    #expect(offScreenSteps > 20)
  }

  /// A carousel's cell scrolled far out of the width, between sections whose cells keep to
  /// one side (a grid, a masonry, a sequential or a flow section) and, past them, a section
  /// whose cells lie on the other: the nearer sections' bounds end the band only where no cell
  /// of the sections past them can win; each step up and down against the reference.
  @Test func bandsEndOnlyWhereNoSectionPastThemCanWin() throws {
    var crossed = 0
    for seed in UInt64(39_800)..<UInt64(39_800 + sweep(quick: 60, long: 600)) {
      var rng = SplitMix64(seed: seed)
      let width = Double(200 + rng.below(200))
      var configuration = ListConfiguration(width: width)
      if rng.below(2) == 0 { configuration.layoutDirection = .rtl }
      configuration.sectionSpacing = Double(rng.below(3) * 10)
      func side(_ left: Bool, count: Int, kind: Int) -> Section {
        let cells = (0..<count).map { _ in
          Cell(width: Double(20 + rng.below(Int(width / 4))), height: Double(10 + rng.below(60)))
        }
        var section = Section(header: Supplementary(height: Double(rng.below(2) * 20)), cells: cells)
        switch kind {
        case 1: section.layout = .grid(GridLayout(columns: .count(1 + rng.below(2)), packing: .dense))
        case 2: section.layout = .masonry(MasonryLayout(columns: .count(1 + rng.below(2))))
        case 3:
          section.layout = .sequential(
            SequentialSectionDefaults(frameCalculator: .containerLeftAlignedVStack))
        default: break
        }
        var attributes = SectionAttributes.topLeft
        let inset = width * 0.6
        attributes.insets = EdgeInsets(top: 0, left: left ? 0 : inset, bottom: 0, right: left ? inset : 0)
        section.attributes = attributes
        return section
      }
      let far = rng.below(2) == 0
      let carouselCells = (0..<(20 + rng.below(40))).map { _ in
        Cell(width: Double(40 + rng.below(200)), height: Double(20 + rng.below(60)))
      }
      var carousel = Section(cells: carouselCells)
      carousel.layout = .carousel(CarouselLayout(itemSpacing: 8))
      let sections = [
        side(!far, count: 1 + rng.below(8), kind: rng.below(4)),
        side(far, count: 1 + rng.below(30), kind: rng.below(4)),
        carousel,
        side(far, count: 1 + rng.below(30), kind: rng.below(4)),
        side(!far, count: 1 + rng.below(8), kind: rng.below(4)),
      ]
      let snapshot = try ListModel(configuration: configuration, sections: sections).layout()
      var offsets = HorizontalOffsets()
      offsets[2] = Double(rng.below(400))
      let reference = InteractionReference(snapshot, offsets: offsets)
      for _ in 0..<6 {
        let from = ListIndexPath(item: rng.below(carouselCells.count), section: 2)
        for direction in [FocusDirection.up, .down] {
          let expected = reference.focus(from: from, direction)
          let actual = snapshot.nextFocus(from: from, direction: direction, horizontalOffsets: offsets)
          #expect(actual == expected, "seed \(seed) from \(from) \(direction)")
          if actual != expected { return }
          if let expected, expected.indexPath.section == 0 || expected.indexPath.section == 4 { crossed += 1 }
        }
      }
    }
    // Answers past the nearer sections are among them.
    #expect(crossed > 10)
  }

  /// Seeded lists of one to four large sections of every kind, or of many small ones.
  static func model(_ rng: inout SplitMix64) -> ListModel {
    let width = Double(150 + rng.below(300))
    var configuration = ListConfiguration(width: width)
    if rng.below(2) == 0 { configuration.layoutDirection = .rtl }
    var sections: [Section] = []
    var carousels = false
    // A few large sections, or many small ones (several blocks of 64 sections, searched
    // block by block).
    let many = rng.below(3) == 0
    for _ in 0..<(many ? 65 + rng.below(150) : 1 + rng.below(4)) {
      // In a long list of sections, carousels (whose blocks are never passed over) are rare.
      var kind = rng.below(8)
      if many && kind == 5 && rng.below(8) != 0 { kind = 0 }
      // Flow sections long enough for several pages of lines; the others a few hundred cells.
      let count = many ? rng.below(12) : kind < 3 ? 600 + rng.below(1600) : 20 + rng.below(500)
      var cells: [Cell] = []
      cells.reserveCapacity(count)
      for _ in 0..<count {
        // Mostly wide cells, one or two to a line; now and then a narrow one, or none wide.
        let narrow = rng.below(40) == 0
        let w =
          narrow
          ? Double(rng.below(Int(width / 5) + 1)) : Double(Int(width * 0.4) + rng.below(Int(width / 2)))
        let h = Double(rng.below(8) == 0 ? 0 : 4 + rng.below(50))
        cells.append(Cell(width: w, height: h))
      }
      var section = Section(header: Supplementary(height: Double(rng.below(3) * 10)), cells: cells)
      switch kind {
      case 3: section.layout = .grid(GridModelGenerator.layout(&rng))
      case 4: section.layout = .masonry(MasonryLayout(columns: .count(1 + rng.below(3)), columnSpacing: 2))
      case 5:
        section.layout = .carousel(CarouselGenerator.layout(&rng))
        carousels = true
      case 6, 7:
        let calculators: [FrameCalculator<Int>] = [
          .topAlignedFlow, .topAlignedHStack, .containerLeftAlignedVStack, .centerAligned,
        ]
        section.layout = .sequential(
          SequentialSectionDefaults(frameCalculator: rng.pick(calculators), spacing: EdgeInsets(all: 2)))
      default: break
      }
      sections.append(section)
    }
    if !carousels && rng.below(3) == 0 { configuration.scrollDirection = .horizontal }
    return ListModel(configuration: configuration, sections: sections)
  }

  /// Cells to step from: some at random, the rest at the far ends of the list's width (a
  /// line's first or last cell, whose step across has the least in its beam).
  static func starts(_ rng: inout SplitMix64, _ reference: InteractionReference) -> [ListIndexPath] {
    let across: (Rect) -> (Double, Double) = { rect in
      reference.horizontal ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
    }
    let byHigh = reference.cells.sorted { across($0.screen).1 > across($1.screen).1 }
    let byLow = reference.cells.sorted { across($0.screen).0 < across($1.screen).0 }
    let edge = max(1, reference.cells.count / 50)
    var starts: [ListIndexPath] = []
    for _ in 0..<8 {
      starts.append(rng.pick(reference.cells).path)
      starts.append(byHigh[rng.below(edge)].path)
      starts.append(byLow[rng.below(edge)].path)
    }
    return starts
  }

  /// How many cells lie between `from` and `to` in index-path order.
  static func cellsBetween(
    _ from: ListIndexPath, _ to: ListIndexPath, _ reference: InteractionReference
  ) -> Int {
    let a = reference.cells.firstIndex { $0.path == from }!
    let b = reference.cells.firstIndex { $0.path == to }!
    return abs(a - b)
  }
}
