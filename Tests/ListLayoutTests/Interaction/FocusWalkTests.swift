import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// The walks a focus step makes through a body: a flow section read outwards from the current
/// line (best first, both ways), a sequential section's runs of cells best first by their
/// distance, and bands read up from their bottom as well as down; against the brute-force
/// reference (``InteractionReference``) on sections of runs of cells (pages that repeat a base
/// page), cells written out and sequential sections of every calculator, and against the plain
/// band walk.
@Suite struct FocusWalkTests {
  /// Steps from cells of sections holding runs (repeated pages) and written-out cells, every
  /// direction, right to left and sideways as the generator makes them, carousels scrolled.
  @Test(arguments: 0..<2)
  func stepsOnRunsOfCellsEqualTheReference(batch: Int) throws {
    for seed in UInt64(52_000 + batch * 1000)..<UInt64(52_000 + batch * 1000 + sweep(quick: 10, long: 100)) {
      var rng = SplitMix64(seed: seed)
      let (model, _) = FlowRepetitionTests.models(&rng)
      var tuning = LayoutTuning()
      if rng.below(2) == 0 { tuning.deferralMinimumItems = 1 + rng.below(600) }
      let snapshot = try model.layout(frames: .onDemand, tuning: tuning)
      let offsets = CarouselGenerator.randomOffsets(&rng, snapshot)
      let reference = InteractionReference(snapshot, offsets: offsets)
      guard !reference.cells.isEmpty else { continue }
      for from in FocusPruningTests.starts(&rng, reference) {
        for direction in FocusDirection.allCases {
          let expected = reference.focus(from: from, direction)
          let actual = snapshot.nextFocus(from: from, direction: direction, horizontalOffsets: offsets)
          #expect(actual == expected, "seed \(seed) from \(from) \(direction)")
          if actual != expected { return }
        }
      }
    }
  }

  /// A flow body read outwards from any cell with no group passed over visits every cell once,
  /// with the frame every other path gives it, nearer lines first on each side; a band read
  /// up visits the cells a band read down visits, with the same frames.
  @Test(arguments: 0..<2)
  func walksVisitWhatTheBandWalkVisits(batch: Int) throws {
    var walks = 0
    for seed in UInt64(53_000 + batch * 1000)..<UInt64(53_000 + batch * 1000 + sweep(quick: 10, long: 100)) {
      var rng = SplitMix64(seed: seed)
      let (runs, written) = FlowRepetitionTests.models(&rng)
      let model = rng.below(2) == 0 ? runs : written
      var tuning = LayoutTuning()
      if rng.below(2) == 0 { tuning.deferralMinimumItems = 1 + rng.below(600) }
      let snapshot = try model.layout(frames: .onDemand, tuning: tuning)
      for section in 0..<snapshot.numberOfSections {
        let count = snapshot.numberOfItems(inSection: section)
        guard count > 0, let flow = snapshot.geometries[section].body as? FlowBody else { continue }
        let origin = snapshot.bodyOrigin(section)
        let frames = (0..<count).map { flow.frame(ofItem: $0, at: origin) }
        for _ in 0..<4 {
          walks += 1
          guard
            Self.walksWhole(
              flow, from: rng.below(count), frames: frames, at: origin, "seed \(seed) section \(section)")
          else { return }
        }
        let height = frames.map(\.maxY).max()! - origin.sectionTop + 20
        for _ in 0..<6 {
          let low = origin.sectionTop + Double(rng.below(Int(height) + 1)) - 10
          let high = low + Double(rng.below(Int(height / 2) + 2))
          // Down and up, each from its own end of the band.
          let walked = [false, true].map { upwards in
            var cells: [Int: Rect] = [:]
            flow.forEachItem(
              overlappingX: 0, model.configuration.width, y: low, high, scrolledBy: 0, at: origin,
              upwards: upwards,
              judgingGroups: { _, _, _ in .read }
            ) { i, frame in
              cells[i] = frame
              return true
            }
            return cells
          }
          // Both visit the plain band query's cells.
          var plain: [Int: Rect] = [:]
          flow.forEachItem(overlappingY: low, high, at: origin) { i, frame in
            plain[i] = frame
            return true
          }
          #expect(
            walked[0] == plain && walked[1] == plain,
            "seed \(seed) section \(section) band \(low) ..< \(high)")
        }
      }
    }
    #expect(walks > 0)
  }

  /// Steps from the cells of sequential sections of every standard calculator (some cells
  /// placed by another, so that runs of cells lie out of order along y), among carousels
  /// scrolled anywhere, flow sections, and sequential sections of no cell or one; right to
  /// left and sideways as drawn: every direction, against the reference.
  @Test(arguments: 0..<2)
  func stepsOnSequentialSectionsEqualTheReference(batch: Int) throws {
    var sequentialStarts = 0
    for seed in UInt64(54_000 + batch * 1000)..<UInt64(54_000 + batch * 1000 + sweep(quick: 12, long: 120)) {
      var rng = SplitMix64(seed: seed)
      let model = Self.sequentialModel(&rng)
      let snapshot = try model.layout()
      let offsets = CarouselGenerator.randomOffsets(&rng, snapshot)
      let reference = InteractionReference(snapshot, offsets: offsets)
      guard !reference.cells.isEmpty else { continue }
      let sequential = reference.cells.filter {
        if case .sequential = model.sections[$0.path.section].layout { true } else { false }
      }
      var starts = FocusPruningTests.starts(&rng, reference)
      for _ in 0..<12 where !sequential.isEmpty { starts.append(rng.pick(sequential).path) }
      for from in starts {
        if case .sequential = model.sections[from.section].layout { sequentialStarts += 1 }
        for direction in FocusDirection.allCases {
          let expected = reference.focus(from: from, direction)
          let actual = snapshot.nextFocus(from: from, direction: direction, horizontalOffsets: offsets)
          #expect(actual == expected, "seed \(seed) from \(from) \(direction)")
          if actual != expected { return }
        }
      }
    }
    #expect(sequentialStarts > 0)
  }

  /// A sequential body read outwards from any cell with no group passed over visits every
  /// cell once, with the frame every other path gives it; its y index judges runs in order of
  /// their distance from the band, and a side ended at a distance reads exactly the runs
  /// nearer than it (those meeting the band always), on bodies of every calculator and on
  /// frames scattered at random.
  @Test func theSequentialWalkIsBestFirstAndMissesNothing() throws {
    var walks = 0
    for seed in UInt64(55_000)..<UInt64(55_000 + sweep(quick: 30, long: 300)) {
      var rng = SplitMix64(seed: seed)
      let model = Self.sequentialModel(&rng)
      let snapshot = try model.layout()
      for section in 0..<snapshot.numberOfSections {
        let count = snapshot.numberOfItems(inSection: section)
        guard count > 0, let body = snapshot.geometries[section].body as? SequentialBody else { continue }
        let origin = snapshot.bodyOrigin(section)
        let frames = (0..<count).map { body.frame(ofItem: $0, at: origin) }
        walks += 1
        guard
          Self.walksWhole(
            body, from: rng.below(count), frames: frames, at: origin, "seed \(seed) section \(section)")
        else { return }
        Self.checkOutwardRuns(&rng, frames: ContiguousArray(frames), seed: seed)
      }
      // Frames anywhere (cells out of order along y, overlapping, of no height), and a band
      // anywhere.
      let scattered = ContiguousArray(
        (0..<(1 + rng.below(700))).map { _ in
          Rect(
            x: Double(rng.below(300)), y: Double(rng.below(rng.below(2) == 0 ? 100 : 5000)),
            width: Double(rng.below(100)), height: Double(rng.below(4) == 0 ? 0 : rng.below(300)))
        })
      Self.checkOutwardRuns(&rng, frames: scattered, seed: seed)
    }
    #expect(walks > 0)
  }

  /// ``SequentialYIndex/forEachRunOutwards(from:_:judging:_:)`` on `frames`, from a band
  /// around one of them or anywhere: judged in order of distance; read-all reads every run
  /// once; sides ended past random distances read exactly the runs within them.
  static func checkOutwardRuns(_ rng: inout SplitMix64, frames: ContiguousArray<Rect>, seed: UInt64) {
    let index = SequentialYIndex(frames)
    let run = LayoutTuning.sequentialRunCells
    let runs = (frames.count + run - 1) / run
    let (low, high): (Double, Double)
    if rng.below(2) == 0 {
      let f = rng.pick(Array(frames))
      (low, high) = (f.minY, f.maxY)
    } else {
      let y = Double(rng.below(6000)) - 500
      (low, high) = (y, y + Double(rng.below(200)))
    }
    // Each run's extent and its distance from the band, and which side it lies on.
    func distance(_ top: Double, _ bottom: Double) -> Double {
      bottom < low ? low - bottom : top > high ? top - high : 0
    }
    let extents = (0..<runs).map { r in
      let cells = frames[(r * run)..<min(frames.count, (r + 1) * run)]
      return (top: cells.map(\.minY).min()!, bottom: cells.map(\.maxY).max()!)
    }
    var judged: [Double] = []
    var read = [Int](repeating: 0, count: runs)
    index.forEachRunOutwards(
      from: low, high,
      judging: { extent, _ in
        judged.append(distance(extent.top, extent.bottom))
        return .read
      }
    ) { items in
      #expect(items.lowerBound % run == 0 && items.upperBound == min(frames.count, items.lowerBound + run))
      read[items.lowerBound / run] += 1
    }
    #expect(read.allSatisfy { $0 == 1 }, "seed \(seed): runs read \(read)")
    #expect(zip(judged, judged.dropFirst()).allSatisfy { $0 <= $1 }, "seed \(seed): order \(judged)")
    // Each side ended past a distance of its own: what is read is exactly what lies within.
    let limitAbove = Double(rng.below(800))
    let limitBelow = Double(rng.below(800))
    var within = [Bool](repeating: false, count: runs)
    index.forEachRunOutwards(
      from: low, high,
      judging: { extent, upwards in
        let d = distance(extent.top, extent.bottom)
        #expect(upwards == (extent.bottom < low))
        return d > (upwards ? limitAbove : limitBelow) ? .end : .read
      }
    ) { items in
      within[items.lowerBound / run] = true
    }
    for (r, extent) in extents.enumerated() {
      let d = distance(extent.top, extent.bottom)
      let expected = d <= (extent.bottom < low ? limitAbove : limitBelow)
      #expect(within[r] == expected, "seed \(seed) run \(r) at \(d) from \(low) ... \(high)")
    }
  }

  /// One to six sections: sequential ones of any standard calculator (a few cells placed by
  /// another), some of no cell or one, a carousel or a flow section now and then; cells
  /// mostly wide with rare narrow ones; right to left or sideways at random.
  static func sequentialModel(_ rng: inout SplitMix64) -> ListModel {
    let width = Double(150 + rng.below(300))
    var configuration = ListConfiguration(width: width)
    if rng.below(2) == 0 { configuration.layoutDirection = .rtl }
    let calculators = StandardFrameCalculator.allCases
    var sections: [Section] = []
    var carousels = false
    for _ in 0..<(1 + rng.below(6)) {
      let kind = rng.below(8)
      let count = [0, 1][rng.below(2)] + (rng.below(4) == 0 ? 0 : rng.below(kind < 6 ? 600 : 40))
      var cells: [Cell] = []
      for _ in 0..<count {
        let w =
          rng.below(30) == 0
          ? Double(rng.below(Int(width / 5) + 1)) : Double(Int(width * 0.3) + rng.below(Int(width * 0.6)))
        var cell = Cell(width: w, height: Double(rng.below(10) == 0 ? 0 : 4 + rng.below(60)))
        if kind < 6 && rng.below(25) == 0 {
          cell.sequential = SequentialItemOptions(frameCalculator: .standard(rng.pick(calculators)))
        }
        cells.append(cell)
      }
      var section = Section(header: Supplementary(height: Double(rng.below(3) * 10)), cells: cells)
      switch kind {
      case 6:
        section.layout = .carousel(CarouselGenerator.layout(&rng))
        carousels = true
      case 7: break
      default:
        section.layout = .sequential(
          SequentialSectionDefaults(
            frameCalculator: .standard(rng.pick(calculators)), spacing: EdgeInsets(all: Double(rng.below(4))))
        )
      }
      sections.append(section)
    }
    if !carousels && rng.below(3) == 0 { configuration.scrollDirection = .horizontal }
    return ListModel(configuration: configuration, sections: sections)
  }

  /// Steps across the scroll axis from flow sections' cells (the section walked outwards
  /// before any band when the first band lies within it; the band first where it reaches
  /// past the section, or where the section's block holds no cell beyond), on lists of large
  /// sections of every kind or of many small ones, right to left and sideways, carousels
  /// scrolled, against the brute-force reference.
  @Test(arguments: 0..<2)
  func stepsAcrossFromFlowCellsEqualTheReference(batch: Int) throws {
    var steps = 0
    for seed in UInt64(54_000 + batch * 1000)..<UInt64(54_000 + batch * 1000 + sweep(quick: 10, long: 100)) {
      var rng = SplitMix64(seed: seed)
      let model = FocusPruningTests.model(&rng)
      var tuning = LayoutTuning()
      if rng.below(2) == 0 { tuning.deferralMinimumItems = 1 + rng.below(600) }
      let snapshot = try model.layout(frames: .onDemand, tuning: tuning)
      let offsets = CarouselGenerator.randomOffsets(&rng, snapshot)
      let reference = InteractionReference(snapshot, offsets: offsets)
      let flowCells = reference.cells.filter { snapshot.geometries[$0.path.section].body is FlowBody }
      guard !flowCells.isEmpty else { continue }
      // Cells at random, and each flow section's first and last cells and those at the ends of
      // the width (a line's first or last cell: nothing in the beam across).
      var starts = (0..<12).map { _ in rng.pick(flowCells).path }
      starts += FocusPruningTests.starts(&rng, reference).filter {
        snapshot.geometries[$0.section].body is FlowBody
      }
      for section in Set(flowCells.map(\.path.section)) {
        starts.append(ListIndexPath(item: 0, section: section))
        starts.append(ListIndexPath(item: snapshot.numberOfItems(inSection: section) - 1, section: section))
      }
      let across: [FocusDirection] =
        model.configuration.scrollDirection == .horizontal ? [.up, .down] : [.left, .right]
      for from in starts {
        for direction in across {
          let expected = reference.focus(from: from, direction)
          let actual = snapshot.nextFocus(from: from, direction: direction, horizontalOffsets: offsets)
          steps += 1
          #expect(actual == expected, "seed \(seed) from \(from) \(direction)")
          if actual != expected { return }
        }
      }
    }
    #expect(steps > 0)
  }

  /// The line holding each cell of a page, as its search finds it from the line its share of
  /// the page's cells points at, is the one a scan of the lines' first cells finds, and so
  /// are the first line ending below a y and the number of lines starting above it (searched
  /// from the line the y's share of the page's height points at): on pages of lines of one
  /// cell, of many, and of both mixed, and on pages that repeat a base page.
  @Test(arguments: 0..<2)
  func lineHoldingEachCellEqualsAScan(batch: Int) throws {
    var pages = 0
    for seed in UInt64(55_000 + batch * 1000)..<UInt64(55_000 + batch * 1000 + sweep(quick: 10, long: 100)) {
      var rng = SplitMix64(seed: seed)
      let model = rng.below(2) == 0 ? FocusPruningTests.model(&rng) : FlowRepetitionTests.models(&rng).runs
      let snapshot = try model.layout(frames: .onDemand)
      for geometry in snapshot.geometries {
        for page in geometry.pages where page.lineCount > 0 {
          pages += 1
          var line = 0
          for local in 0..<page.itemCount {
            while line + 1 < page.lineCount && page.lineStart(line + 1) <= local { line += 1 }
            let found = page.line(containing: local)
            #expect(
              found == line, "seed \(seed) item \(local) of \(page.itemCount) on \(page.lineCount) lines")
            if found != line { return }
          }
          // The first line ending below a y, and the lines starting above it, as scans count
          // them: at each line's top and bottom and between lines, above and below the page.
          guard page.repetition == nil else { continue }
          let records = page.lineRecords
          var ys = [-1.0, page.height + 1, .infinity, -.infinity]
          for record in records { ys += [record.y, record.maxY, (record.y + record.maxY) / 2] }
          for y in ys {
            let ending = records.firstIndex { $0.maxY > y } ?? records.count
            let starting = records.firstIndex { !($0.y < y) } ?? records.count
            #expect(page.firstLine(endingBelow: y) == ending, "seed \(seed) y \(y)")
            #expect(page.lineCount(startingAbove: y) == starting, "seed \(seed) y \(y)")
            if page.firstLine(endingBelow: y) != ending || page.lineCount(startingAbove: y) != starting {
              return
            }
          }
        }
      }
    }
    #expect(pages > 0)
  }

  /// Whether `body`'s outward walk from cell `item`, with no group passed over, visits every
  /// cell once with its frame in `frames` (recording an issue, named by `context`, where not).
  static func walksWhole(
    _ body: some SectionBody, from item: Int, frames: [Rect], at origin: BodyOrigin, _ context: String
  ) -> Bool {
    var seen = [Int: Rect]()
    var twice = false
    let walked = body.forEachItem(
      outwardsFrom: item, along: frames[item].minY, frames[item].maxY, at: origin,
      judgingGroups: { _, _, _, _ in .read }
    ) { i, frame in
      if seen.updateValue(frame, forKey: i) != nil { twice = true }
    }
    #expect(walked && !twice && seen.count == frames.count, "\(context) from \(item)")
    for (i, frame) in seen where frame != frames[i] {
      Issue.record("\(context) item \(i): \(frame) != \(frames[i])")
      return false
    }
    return true
  }
}
