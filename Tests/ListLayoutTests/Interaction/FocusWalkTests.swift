import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// The walks a focus step makes through a body: a flow section read outwards from the current
/// line (best first, both ways), and bands read up from their bottom as well as down; against
/// the brute-force reference (``InteractionReference``) on sections of runs of cells (pages
/// that repeat a base page) and cells written out, and against the plain band walk.
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
          let item = rng.below(count)
          var seen = [Int: Rect]()
          var twice = false
          let walked = flow.forEachItem(
            outwardsFrom: item, along: frames[item].minY, frames[item].maxY, at: origin,
            judgingGroups: { _, _, _, _ in .read }
          ) { i, frame in
            if seen.updateValue(frame, forKey: i) != nil { twice = true }
          }
          walks += 1
          #expect(walked && !twice && seen.count == count, "seed \(seed) section \(section) from \(item)")
          for (i, frame) in seen where frame != frames[i] {
            Issue.record("seed \(seed) section \(section) item \(i): \(frame) != \(frames[i])")
            return
          }
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
}
