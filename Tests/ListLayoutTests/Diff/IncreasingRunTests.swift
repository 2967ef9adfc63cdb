import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// The diff's longest-increasing-run machinery against plain quadratic references.
@Suite struct IncreasingRunTests {
  /// The heaviest strictly increasing subsequence's weight, by the textbook O(m²) program.
  static func quadraticHeaviest(_ keys: [Int], _ weights: [Int]) -> Int {
    var best = weights
    for i in keys.indices {
      for j in 0..<i where keys[j] < keys[i] { best[i] = max(best[i], best[j] + weights[i]) }
    }
    return best.max() ?? 0
  }

  @Test func heaviestRunMatchesTheQuadraticProgram() {
    for seed in 0..<2000 {
      var rng = SplitMix64(seed: UInt64(seed))
      let m = Int.random(in: 0...40, using: &rng)
      let keys = Array((0..<(m * 2)).shuffled(using: &rng).prefix(m))
      let weights = (0..<m).map { _ in seed % 2 == 0 ? 1 : Int.random(in: 1...9, using: &rng) }
      let run = heaviestIncreasingRun(keys: keys, weights: weights)
      let chosen = keys.indices.filter { run[$0] }
      #expect(zip(chosen, chosen.dropFirst()).allSatisfy { keys[$0] < keys[$1] }, "seed \(seed)")
      #expect(
        chosen.reduce(0) { $0 + weights[$1] } == Self.quadraticHeaviest(keys, weights), "seed \(seed)")
    }
  }

  /// Cutting the kept cells into blocks of consecutive old positions loses nothing: the
  /// heaviest run over the blocks keeps as many cells as a longest increasing subsequence of
  /// every kept position.
  @Test func blocksKeepAsManyCellsAsALongestIncreasingSubsequence() {
    for seed in 0..<2000 {
      var rng = SplitMix64(seed: UInt64(seed))
      let n = Int.random(in: 0...60, using: &rng)
      var order = Array(0..<n)
      for _ in 0..<Int.random(in: 0...4, using: &rng) where n > 1 {
        // Drag a run of cells elsewhere, or drop one.
        let start = Int.random(in: 0..<order.count, using: &rng)
        let run = Array(order[start..<min(order.count, start + Int.random(in: 1...5, using: &rng))])
        order.removeAll { run.contains($0) }
        if Bool.random(using: &rng) {
          order.insert(contentsOf: run, at: Int.random(in: 0...order.count, using: &rng))
        }
        if order.isEmpty { break }
      }
      // Matches as the diff packs them: section 1's cells, with unmatched (-1) and other
      // sections' cells in between.
      var matches = ContiguousArray<Int>()
      for item in order {
        if Int.random(in: 0..<5, using: &rng) == 0 { matches.append(-1) }
        if Int.random(in: 0..<5, using: &rng) == 0 { matches.append(pack(2, item)) }
        matches.append(pack(1, item))
      }
      let blocks = KeptBlocks(matches, section: 1)
      #expect(blocks.lengths.reduce(0, +) == order.count, "seed \(seed)")
      let run = heaviestIncreasingRun(keys: blocks.firstItems, weights: blocks.lengths)
      let kept = blocks.lengths.indices.filter { run[$0] }.reduce(0) { $0 + blocks.lengths[$1] }
      #expect(kept == ReferenceDifference.quadraticLIS(order), "seed \(seed)")
    }
  }
}
