import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// ``CarouselCells`` against plain arrays, and carousels longer than one of its chunks
/// against brute force and full relayouts.
@Suite struct CarouselCellsTests {
  /// Row lengths around the chunk boundaries.
  static let counts = [0, 1, 2, 127, 128, 129, 255, 256, 257, 300, 640]

  static func randomSizes(_ rng: inout SplitMix64, _ count: Int) -> [(width: Double, height: Double)] {
    (0..<count).map { _ in
      // Fractions that do not add up exactly, so that the order of additions shows.
      (
        Double(Int.random(in: 0...40_000, using: &rng)) / 7,
        Double(Int.random(in: 0...3_000, using: &rng)) / 3
      )
    }
  }

  /// The row's starts by its rule, with plain arrays: each chunk's widths summed from its
  /// first, the chunks' totals summed from the first chunk.
  static func referenceStarts(_ sizes: [(width: Double, height: Double)]) -> [Double] {
    var starts: [Double] = []
    var chunkStart = 0.0
    for first in stride(from: 0, to: sizes.count, by: CarouselCells.chunkCapacity) {
      var running = 0.0
      for size in sizes[first..<min(sizes.count, first + CarouselCells.chunkCapacity)] {
        starts.append(first == starts.count ? chunkStart : chunkStart + running)
        running += size.width
      }
      chunkStart += running
    }
    starts.append(chunkStart)
    return starts
  }

  /// Everything a row answers equals the plain arrays' answer.
  static func expectMatches(
    _ row: CarouselCells, _ sizes: [(width: Double, height: Double)], _ label: String
  ) {
    let starts = referenceStarts(sizes)
    #expect(row.count == sizes.count, "\(label) count")
    #expect(row.tallest == sizes.map(\.height).max() ?? 0, "\(label) tallest")
    #expect(row.total == starts.last!, "\(label) total")
    for i in 0...sizes.count where row.prefix(i) != starts[i] {
      Issue.record("\(label) prefix(\(i)) \(row.prefix(i)) != \(starts[i])")
      return
    }
    for (i, size) in sizes.enumerated() where row.width(i) != size.width || row.height(i) != size.height {
      Issue.record("\(label) cell \(i) size")
      return
    }
  }

  @Test func rowsEqualPlainArrays() {
    var rng = SplitMix64(seed: 17)
    for count in Self.counts {
      let sizes = Self.randomSizes(&rng, count)
      Self.expectMatches(CarouselCells(sizes), sizes, "count \(count)")
      // Integer widths add up exactly: the starts are the plain running sums.
      let whole = (0..<count).map { (width: Double($0 % 97), height: 1.0) }
      let row = CarouselCells(whole)
      var sum = 0.0
      for i in 0..<count {
        #expect(row.prefix(i) == sum, "count \(count) whole \(i)")
        sum += whole[i].width
      }
    }
  }

  /// Resizes equal the row built whole from the new sizes, bit for bit, and leave a copy of
  /// the row taken before them as it was.
  @Test func updatesEqualBuildingWhole() {
    for seed in UInt64(0)..<200 {
      var rng = SplitMix64(seed: seed)
      let count = Self.counts.randomElement(using: &rng)!
      guard count > 0 else { continue }
      var sizes = Self.randomSizes(&rng, count)
      var row = CarouselCells(sizes)
      for step in 0..<10 {
        let kept = row
        let keptSizes = sizes
        let edits = Int.random(in: 1...4, using: &rng)
        for _ in 0..<edits {
          let i = Int.random(in: 0..<count, using: &rng)
          let size = Self.randomSizes(&rng, 1)[0]
          sizes[i] = size
          row.update(i, width: size.width, height: size.height)
        }
        Self.expectMatches(row, sizes, "seed \(seed) step \(step)")
        Self.expectMatches(kept, keptSizes, "seed \(seed) step \(step) kept")
        let whole = CarouselCells(sizes)
        for i in 0...count where row.prefix(i) != whole.prefix(i) {
          Issue.record("seed \(seed) step \(step) prefix \(i)")
          break
        }
      }
      // Inserting and removing rebuilds the row.
      let range = Int.random(in: 0...count, using: &rng)
      let inserted = Self.randomSizes(&rng, Int.random(in: 0...200, using: &rng))
      row.replaceSubrange(range..<min(count, range + 3), with: inserted)
      sizes.replaceSubrange(range..<min(count, range + 3), with: inserted)
      Self.expectMatches(row, sizes, "seed \(seed) replaced")
    }
  }

  /// The search and the walk agree with a linear scan over the starts.
  @Test func searchAndWalkEqualLinearScan() {
    for seed in UInt64(0)..<200 {
      var rng = SplitMix64(seed: seed)
      let sizes = Self.randomSizes(&rng, Self.counts.randomElement(using: &rng)!)
      let row = CarouselCells(sizes)
      let starts = Self.referenceStarts(sizes)
      for _ in 0..<20 {
        let spacing = Double(Int.random(in: 0...40, using: &rng)) / 4
        let target = Double.random(
          in: -100...(starts.last! + spacing * Double(sizes.count) + 100), using: &rng)
        let expected =
          (0..<sizes.count).first { starts[$0 + 1] + Double($0 + 1) * spacing > target } ?? sizes.count
        #expect(
          row.firstIndex(wherePrefixExceeds: target, perElement: spacing) == expected,
          "seed \(seed) target \(target) spacing \(spacing)")
        let first = Int.random(in: 0...sizes.count + 2, using: &rng)
        let limit = Int.random(in: 0...300, using: &rng)
        var walked: [Int] = []
        row.forEachCell(from: first) { index, start, width, height in
          #expect(start == starts[index] && width == sizes[index].width && height == sizes[index].height)
          walked.append(index)
          return walked.count < limit
        }
        let expectedWalk = Array((first..<max(first, sizes.count)).prefix(limit == 0 ? 1 : limit))
        #expect(walked == (first < sizes.count ? expectedWalk : []), "seed \(seed) walk from \(first)")
      }
    }
  }

  /// Models whose carousels span several chunks.
  static func longCarousels(_ rng: inout SplitMix64) -> ListModel {
    var model = CarouselGenerator.model(&rng, maxSections: 3, maxCells: 4)
    for s in model.sections.indices {
      let count = Self.counts.randomElement(using: &rng)!
      model.sections[s].cells = CellList(
        (0..<count).map { _ in
          Cell(
            width: Double(Int.random(in: 0...300, using: &rng)) / 2,
            height: Double(Int.random(in: 0...200, using: &rng)) / 2)
        })
      model.sections[s].layout = .carousel(CarouselGenerator.layout(&rng))
    }
    return model
  }

  /// Queries over long carousels scrolled sideways equal brute force over the full listing.
  /// The search starts from a guess where the target falls and steps away from it: rows whose
  /// widths are far from even (runs of empty cells, a few very wide ones, widths growing
  /// geometrically) put the guess far from the answer, and targets on the sums themselves,
  /// just past them, outside the row or not finite test its ends; every answer equals a
  /// linear scan.
  @Test func searchFromAFarGuessEqualsLinearScan() {
    for seed in UInt64(0)..<300 {
      var rng = SplitMix64(seed: seed)
      let count = [3, 4, 5, 17, 100, 127, 128, 129, 300].randomElement(using: &rng)!
      let shape = seed % 4
      let sizes: [(width: Double, height: Double)] = (0..<count).map { i in
        let width: Double =
          switch shape {
          case 0:
            Int.random(in: 0..<10, using: &rng) == 0 ? Double(Int.random(in: 1...100_000, using: &rng)) : 0
          case 1: i < count / 2 ? 0.25 : Double(Int.random(in: 500...5_000, using: &rng))
          case 2: Double(1 << min(i, 40)) / 3
          default: Double(Int.random(in: 0...40_000, using: &rng)) / 7
          }
        return (width, 10)
      }
      let row = CarouselCells(sizes)
      let starts = Self.referenceStarts(sizes)
      let spacing = [0, 0.5, 8, 1e9].randomElement(using: &rng)!
      var targets: [Double] = [-.infinity, .infinity, .nan, -1, 0, starts.last! * 4 + 1]
      for _ in 0..<30 {
        let j = Int.random(in: 0...count, using: &rng)
        let edge = starts[j] + Double(j) * spacing
        targets += [edge, edge.nextUp, edge.nextDown]
      }
      for target in targets {
        let expected =
          (0..<count).first { starts[$0 + 1] + Double($0 + 1) * spacing > target } ?? count
        #expect(
          row.firstIndex(wherePrefixExceeds: target, perElement: spacing) == expected,
          "seed \(seed) shape \(shape) count \(count) target \(target) spacing \(spacing)")
      }
    }
  }

  @Test func longCarouselQueriesEqualBruteForce() throws {
    for seed in UInt64(0)..<150 {
      var rng = SplitMix64(seed: seed)
      let snapshot = try Self.longCarousels(&rng).layout()
      #expect(snapshot.invariantViolations() == [], "seed \(seed)")
      for _ in 0..<6 {
        let offsets = CarouselGenerator.randomOffsets(&rng, snapshot)
        let width = snapshot.configuration.width
        let rect = Rect(
          x: Double(Int.random(in: -40...Int(width), using: &rng)),
          y: Double(Int.random(in: -20...Int(snapshot.contentSize.height) + 20, using: &rng)),
          width: Double(Int.random(in: 1...Int(width) + 40, using: &rng)),
          height: Double(Int.random(in: 1...300, using: &rng)))
        let expected = CarouselTests.bruteCells(snapshot, rect, offsets)
        let screen = snapshot.viewport(at: rect.origin, size: rect.size, horizontalOffsets: offsets)
        #expect(screen.elements.filter { $0.kind == .cell } == expected, "seed \(seed) rect \(rect)")
      }
    }
  }

  /// Edits inside long carousels, applied incrementally, equal a full relayout bit for bit.
  @Test func longCarouselEditsEqualFullRelayout() throws {
    for seed in UInt64(0)..<80 {
      var rng = SplitMix64(seed: seed)
      var snapshot = try Self.longCarousels(&rng).layout()
      var serial = 0
      for step in 0..<6 {
        var update = ListUpdate()
        if Bool.random(using: &rng) {
          update = EditGenerator.randomUpdate(&rng, snapshot.model, serial: &serial)
        } else {
          // Resizes only: the path that updates rows in place.
          for _ in 0..<Int.random(in: 1...5, using: &rng) where snapshot.numberOfSections > 0 {
            let s = Int.random(in: 0..<snapshot.numberOfSections, using: &rng)
            let count = snapshot.numberOfItems(inSection: s)
            guard count > 0 else { continue }
            update.resizeItem(
              at: ListIndexPath(item: Int.random(in: 0..<count, using: &rng), section: s),
              to: Size(
                width: Double(Int.random(in: 0...300, using: &rng)) / 3,
                height: Double(Int.random(in: 0...300, using: &rng)) / 3))
          }
        }
        let before = snapshot
        let frozen = before.allAttributes()
        guard let result = try? snapshot.applying(update) else { continue }
        snapshot = result.snapshot
        try assertEqualToFullRelayout(
          snapshot, "seed \(seed) step \(step): \(EditGenerator.describe(update))")
        #expect(before.allAttributes() == frozen, "seed \(seed) step \(step): the old snapshot changed")
      }
    }
  }

  /// How far carousels' cells reach past their sections follows resizes in lists of many
  /// sections (several blocks of them) as a full relayout has it, and so do the sections a
  /// rect finds.
  @Test func overflowFollowsEdits() throws {
    for seed in UInt64(0)..<20 {
      var rng = SplitMix64(seed: seed)
      var model = ListModel(configuration: ListConfiguration(width: 320))
      for _ in 0..<Int.random(in: 60...200, using: &rng) {
        let cells = (0..<Int.random(in: 0...6, using: &rng)).map { _ in
          Cell(width: 50, height: Double(Int.random(in: 0...120, using: &rng)))
        }
        let alignment: VerticalAlignment = [.top, .center, .bottom].randomElement(using: &rng)!
        model.sections.append(
          Section(
            cells: cells, attributes: SectionAttributes(verticalAlignment: alignment),
            layout: .carousel(CarouselLayout(height: Bool.random(using: &rng) ? .fixed(40) : .first))))
      }
      var snapshot = try model.layout()
      for step in 0..<30 {
        var update = ListUpdate()
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
          let s = Int.random(in: 0..<snapshot.numberOfSections, using: &rng)
          let count = snapshot.numberOfItems(inSection: s)
          guard count > 0 else { continue }
          update.resizeItem(
            at: ListIndexPath(item: Int.random(in: 0..<count, using: &rng), section: s),
            to: Size(width: 50, height: Double(Int.random(in: 0...120, using: &rng))))
        }
        guard let result = try? snapshot.applying(update) else { continue }
        snapshot = result.snapshot
        let full = try snapshot.model.layout()
        #expect(
          snapshot.overflow.above == full.overflow.above && snapshot.overflow.below == full.overflow.below,
          "seed \(seed) step \(step)")
        for _ in 0..<5 {
          let rect = Rect(
            x: 0, y: Double.random(in: -50...snapshot.contentSize.height, using: &rng), width: 320,
            height: Double.random(in: 1...200, using: &rng))
          #expect(
            snapshot.sections(overlapping: rect) == full.sections(overlapping: rect), "seed \(seed) \(rect)")
        }
      }
    }
  }
}
