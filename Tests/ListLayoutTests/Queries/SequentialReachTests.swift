import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// Sequential sections whose calculators place cells above the section's top (stacks that
/// grow up, cells aligned to the bottom of a short container): searches for sections widen by
/// how far those cells reach, so rect queries find them wherever they lie.
@Suite struct SequentialReachTests {
  @Test func rectQueriesFindCellsPlacedAboveTheirSection() throws {
    var above = 0
    for seed in UInt64(56_000)..<UInt64(56_000 + sweep(quick: 20, long: 200)) {
      var rng = SplitMix64(seed: seed)
      let snapshot = try FocusWalkTests.sequentialModel(&rng).layout()
      let all = snapshot.allAttributes()
      for element in all where element.kind == .cell {
        let section = snapshot.sectionFrame(element.indexPath.section)!
        let horizontal = snapshot.configuration.scrollDirection == .horizontal
        if (horizontal ? element.frame.minX < section.minX : element.frame.minY < section.minY) { above += 1 }
      }
      let size = snapshot.contentSize
      for _ in 0..<40 {
        let query = Rect(
          x: Double(rng.below(Int(size.width) + 400)) - 200,
          y: Double(rng.below(Int(size.height) + 400)) - 200,
          width: Double(1 + rng.below(400)), height: Double(1 + rng.below(400)))
        #expect(
          snapshot.elements(in: query) == all.filter { $0.frame.intersects(query) },
          "seed \(seed) rect \(query)")
      }
    }
    // The sweep reaches cells placed above their section.
    #expect(above > 0)
  }
}
