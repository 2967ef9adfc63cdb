import Synchronization

/// One mapping (``ArenaMapping``) that the sealed chunks of a large masonry section are
/// carved from, front to back, while its placer fills them (and, in a layout pass over many
/// carousel cells, the chunks of every carousel, see ``CarouselCells``): the masonry
/// counterpart of the flow's ``PageArena``, for the same reason (a large section's chunks
/// from malloc are often fresh memory, faulted in a small page at a time, while a mapping
/// gets huge pages and, through the spare mappings, the last layout's memory already
/// faulted in).
///
/// Manual memory: ``take(bytes:)`` hands out raw room that a ``SharedChunks/Chunk`` writes
/// once and then only reads (a carousel chunk also while it is uniquely referenced, as its
/// own memory would be); the chunks keep the arena alive, and when the last of them goes the
/// mapping is given back (kept as a spare or unmapped). Only the placer (or the layout
/// pass) that made the arena takes from it, one call at a time, on its thread, and room once
/// handed out is never handed out again: that is what makes the `@unchecked Sendable` sound.
final class ChunkArena: @unchecked Sendable {
  /// Sections that place at least this many cells get an arena (as flow sections do).
  static var minimumCells: Int { LayoutTuning.arenaMinimumItems }

  private let mapping: ArenaMapping
  @exclusivity(unchecked) private var used = 0

  /// An arena for the records and lane lists of `cells` cells; `nil` where arenas are not
  /// used or the mapping fails.
  convenience init?(cells: Int) {
    let perCell = MemoryLayout<MasonryRecord>.stride + MemoryLayout<Int32>.stride
    self.init(bytes: cells * perCell)
  }

  /// An arena of at least `bytes` bytes (the chunks of every carousel of a layout pass, see
  /// ``CarouselCells``); `nil` where arenas are not used or the mapping fails.
  init?(bytes: Int) {
    guard let mapping = ArenaMapping.take(ArenaMapping.roundedUp(bytes)) else { return nil }
    self.mapping = mapping
  }

  /// The bytes of address space the arena keeps mapped while any of its chunks is alive.
  var mappedBytes: Int { mapping.length }

  deinit {
    LayoutMemory.arenaBytesUsed.subtract(used, ordering: .relaxed)
    mapping.giveBack()
  }

  /// Room for `bytes` bytes (a multiple of 16), or `nil` when the arena is full.
  func take(bytes: Int) -> UnsafeMutableRawPointer? {
    guard used + bytes <= mapping.length else { return nil }
    defer { used += bytes }
    LayoutMemory.arenaBytesUsed.add(bytes, ordering: .relaxed)
    return mapping.base + used
  }
}
