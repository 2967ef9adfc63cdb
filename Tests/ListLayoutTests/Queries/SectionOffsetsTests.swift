import TestSupport
import Testing

@testable import ListLayout

/// A query's offsets read once (listed in section order up to a limit, looked up in the
/// dictionary past it) against ``HorizontalOffsets``' own subscript.
@Suite struct SectionOffsetsTests {
  /// Thousands of random sets of offsets, on both sides of the list's limit, with sections out
  /// of range and offsets that are not finite: every section reads the same bits.
  @Test func readEqualsTheSubscript() {
    var rng = SplitMix64(seed: 91_000)
    let specials: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, .greatestFiniteMagnitude]
    for _ in 0..<3_000 {
      var offsets = HorizontalOffsets()
      let count = Int.random(in: 0...(SectionOffsets.listLimit + 8), using: &rng)
      for _ in 0..<count {
        let section = Int.random(in: -5...80, using: &rng)
        offsets[section] =
          Bool.random(using: &rng)
          ? specials.randomElement(using: &rng)! : Double(Int.random(in: -3_000...9_000, using: &rng)) / 3
      }
      var read = SectionOffsets(offsets)
      for section in -8...84 {
        #expect(
          read[section].bitPattern == offsets[section].bitPattern, "\(offsets.offsets) section \(section)")
      }
      // Read on in ascending order (a walk over sections, some skipped), then out of order.
      var section = Int.random(in: -8...10, using: &rng)
      while section <= 84 {
        #expect(
          read.offset(ascending: section).bitPattern == offsets[section].bitPattern,
          "\(offsets.offsets) ascending section \(section)")
        section += Int.random(in: 1...4, using: &rng)
      }
      for _ in 0..<10 {
        let section = Int.random(in: -8...84, using: &rng)
        #expect(
          read.offset(ascending: section).bitPattern == offsets[section].bitPattern,
          "\(offsets.offsets) out of order section \(section)")
      }
    }
    #expect(SectionOffsets()[3] == 0)
  }
}
