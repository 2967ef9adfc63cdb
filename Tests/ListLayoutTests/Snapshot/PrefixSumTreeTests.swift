import TestSupport
import Testing

@testable import ListLayout

/// The prefix-sum structure against brute force, and updated trees against rebuilt ones.
@Suite struct PrefixSumTreeTests {
  @Test func prefixesAndSearchesMatchALinearScan() {
    var rng = SplitMix64(seed: 21)
    for _ in 0..<200 {
      let count = Int.random(in: 0...700, using: &rng)
      var values = (0..<count).map { _ in Int.random(in: 0...9, using: &rng) }
      var tree = PrefixSumTree(values)
      for step in 0..<30 {
        if count > 0 && step > 0 {
          let i = Int.random(in: 0..<count, using: &rng)
          values[i] = Int.random(in: 0...9, using: &rng)
          tree[i] = values[i]
        }
        #expect(tree.count == count)
        #expect(tree.total == values.reduce(0, +))
        let n = Int.random(in: -2...(count + 2), using: &rng)
        #expect(tree.prefix(n) == values.prefix(max(0, n)).reduce(0, +), "n \(n) of \(count)")
        let target = Int.random(in: -1...(tree.total + 1), using: &rng)
        var expected = count
        var sum = 0
        for (i, value) in values.enumerated() {
          sum += value
          if sum > target {
            expected = i
            break
          }
        }
        #expect(tree.firstIndex(wherePrefixExceeds: target) == expected, "target \(target)")
        if count > 0 {
          let i = Int.random(in: 0..<count, using: &rng)
          #expect(tree[i] == values[i])
        }
      }
      #expect(tree == PrefixSumTree(values))
    }
  }

  /// Sums are a function of the values alone: a tree reached by updates gives bit-identical
  /// prefixes to one built from the same values (what incremental == full relayout needs).
  @Test func updatedTreesSumExactlyLikeRebuiltOnes() {
    var rng = SplitMix64(seed: 22)
    for _ in 0..<60 {
      let count = Int.random(in: 1...600, using: &rng)
      var values = (0..<count).map { _ in Double.random(in: 0...1000, using: &rng) }
      var tree = PrefixSumTree(values)
      let original = tree
      let originalValues = values
      for _ in 0..<200 {
        let i = Int.random(in: 0..<count, using: &rng)
        values[i] = Double.random(in: 0...1000, using: &rng)
        tree[i] = values[i]
      }
      let rebuilt = PrefixSumTree(values)
      for n in 0...count {
        #expect(tree.prefix(n).bitPattern == rebuilt.prefix(n).bitPattern, "n \(n)")
      }
      #expect(tree.total.bitPattern == rebuilt.total.bitPattern)
      // The tree the updates started from is a value: unchanged.
      #expect(Array(original.values) == originalValues)
    }
  }
}
