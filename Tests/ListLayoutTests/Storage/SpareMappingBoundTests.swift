import Testing

@_spi(Benchmarks) @testable import ListLayout

/// The mappings kept for the next arenas, a cache shared by the whole process, stay within
/// their bounds: at most ``LayoutTuning/spareArenaMappings`` of them, at most
/// ``LayoutTuning/spareArenaBytes`` in all. (Other suites give mappings back at the same
/// time, so each check holds whatever they do: bounds, and which of these mappings are gone.)
@Suite(.serialized) struct SpareMappingBoundTests {
  #if os(Linux)
  /// The spares' bases and their bytes in all, now.
  static func spares() -> (bases: [UnsafeMutableRawPointer], bytes: Int) {
    ArenaMapping.spares.withLock { ($0.map(\.base), $0.reduce(0) { $0 + $1.length }) }
  }

  static func expectWithinBounds() {
    let (bases, bytes) = spares()
    #expect(bases.count <= LayoutTuning.spareArenaMappings)
    #expect(bytes <= LayoutTuning.spareArenaBytes)
  }

  @Test func aMappingLargerThanTheBoundIsUnmappedNotKept() throws {
    let mapping = try #require(ArenaMapping.take(ArenaMapping.roundedUp(LayoutTuning.spareArenaBytes + 1)))
    mapping.giveBack()
    #expect(!Self.spares().bases.contains(mapping.base))
    Self.expectWithinBounds()
  }

  @Test func theOldestSpareGoesFirst() throws {
    // Three mappings of a third of the byte bound or less, of different sizes (none is
    // taken for another): the first to come back is not kept.
    let third = LayoutTuning.spareArenaBytes / 3
    let mappings = try [third, third - 8 * ArenaMapping.granule, third - 16 * ArenaMapping.granule].map {
      try #require(ArenaMapping.take(ArenaMapping.roundedUp($0)))
    }
    for mapping in mappings { mapping.giveBack() }
    #expect(!Self.spares().bases.contains(mappings[0].base))
    Self.expectWithinBounds()
  }

  @Test func sparesThatTogetherPassTheByteBoundAreDropped() throws {
    // Two mappings of more than half the byte bound each: the older is not kept.
    let large = ArenaMapping.roundedUp(LayoutTuning.spareArenaBytes / 2 + ArenaMapping.granule)
    let mappings = try [large, large + ArenaMapping.granule].map { try #require(ArenaMapping.take($0)) }
    for mapping in mappings { mapping.giveBack() }
    #expect(!Self.spares().bases.contains(mappings[0].base))
    Self.expectWithinBounds()
  }
  #endif
}
