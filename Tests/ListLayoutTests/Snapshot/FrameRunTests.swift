import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// `LayoutSnapshot.forEachFrameRun(inSection:)`: every cell of a section once, in item order,
/// each run's cells expanded by its period giving the frames the snapshot lists.
@Suite struct FrameRunTests {
  /// The frames of `section`'s cells as `forEachElement` lists them.
  static func listedFrames(_ snapshot: LayoutSnapshot, _ section: Int) -> [Rect] {
    var frames: [Rect] = []
    snapshot.forEachElement { attributes in
      if attributes.kind == .cell, attributes.indexPath.section == section { frames.append(attributes.frame) }
    }
    return frames
  }

  /// The runs of `section`, expanded cell by cell with the contract's formula, written here
  /// again: cell `first + p * k + r` is `frames[r]` moved by `p * step`.
  static func expandedRuns(_ snapshot: LayoutSnapshot, _ section: Int) -> [Rect] {
    var frames: [Rect] = []
    snapshot.forEachFrameRun(inSection: section) { run in
      #expect(run.first == frames.count, "runs in item order, each from the next cell")
      #expect(!run.frames.isEmpty && run.count >= run.frames.count)
      let k = run.frames.count
      for index in 0..<run.count {
        let p = index / k
        let base = run.frames[index % k]
        frames.append(
          Rect(
            x: base.minX + Double(p) * run.step.x, y: base.minY + Double(p) * run.step.y,
            width: base.size.width, height: base.size.height))
      }
    }
    return frames
  }

  @Test func runsListEveryCellsFrame() throws {
    for seed in 0..<sweep(quick: 160, long: 2_000) {
      var rng = SplitMix64(seed: UInt64(seed))
      var model =
        switch seed % 5 {
        case 0: GridModelGenerator.model(&rng, maxSections: 3, maxCells: 400)
        case 1: CarouselGenerator.model(&rng, maxSections: 3, maxCells: 300)
        case 2: MasonryGenerator.model(&rng, maxSections: 3, maxCells: 300)
        default: ModelGenerator.model(&rng, maxSections: 4, maxCells: 700)
        }
      // Not carousels: a horizontal list has none.
      if seed % 3 == 0 && seed % 5 != 1 { model.configuration.scrollDirection = .horizontal }
      let snapshot = try model.layout()
      for section in 0..<snapshot.numberOfSections {
        #expect(
          Self.expandedRuns(snapshot, section) == Self.listedFrames(snapshot, section),
          "seed \(seed) section \(section)")
      }
      var none = 0
      snapshot.forEachFrameRun(inSection: snapshot.numberOfSections) { _ in none += 1 }
      snapshot.forEachFrameRun(inSection: -1) { _ in none += 1 }
      #expect(none == 0)
    }
  }

  @Test func aRunsFrameIsItsPeriodMoved() {
    let run = FrameRun(
      first: 10, count: 7,
      frames: [Rect(x: 0, y: 0, width: 10, height: 5), Rect(x: 10, y: 0, width: 20, height: 5)],
      step: Point(x: 0, y: 6))
    #expect(run.frame(at: 0) == Rect(x: 0, y: 0, width: 10, height: 5))
    #expect(run.frame(at: 3) == Rect(x: 10, y: 6, width: 20, height: 5))
    #expect(run.frame(at: 6) == Rect(x: 0, y: 18, width: 10, height: 5))
  }
}
