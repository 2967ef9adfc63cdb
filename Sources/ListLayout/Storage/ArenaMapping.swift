import Synchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(ucrt)
import ucrt
#endif

/// An anonymous mapping (`mmap`), a multiple of ``granule`` long: the memory of a
/// ``PageArena`` or a ``ChunkArena``. Linux only; elsewhere ``take(_:)`` returns `nil` and the
/// callers use ``RawBlocks``.
///
/// The value is a plain description (base and length); the arena that took it owns the
/// mapping and hands it back once (``giveBack()``), from its `deinit`. The spares are shared
/// by every thread, under a lock (``PThreadLock``).
struct ArenaMapping: @unchecked Sendable {
  let base: UnsafeMutableRawPointer
  let length: Int
  /// Whether the mapping was just made (nothing of it faulted in), not a spare reused.
  var isNew = false

  /// The granularity of mappings, so that a spare fits requests of a similar size.
  static var granule: Int { LayoutTuning.arenaGranule }

  /// The mappings the last arenas gave back (two at most: a section laid out in halves uses
  /// two arenas), kept so that a relayout writes into memory that is already faulted in, as
  /// malloc's reuse of freed memory would have it. (Marking them `MADV_FREE` instead made
  /// relayouts fault again: see Benchmarks/README.md, "Why the speed machinery exists".)
  #if os(Linux)
  static let spares = PThreadLock<[ArenaMapping]>([])
  #endif

  /// How many mappings are kept for the next arenas.
  static var spareCount: Int { LayoutTuning.spareArenaMappings }

  static func roundedUp(_ bytes: Int) -> Int {
    max(granule, (bytes + granule - 1) / granule * granule)
  }

  /// A mapping of `length` bytes (a multiple of ``granule``): a spare that is big enough and
  /// not more than twice that, else a new one.
  static func take(_ length: Int) -> ArenaMapping? {
    #if os(Linux)
    let reused = spares.withLock { spares -> ArenaMapping? in
      guard let k = spares.firstIndex(where: { $0.length >= length && $0.length <= 2 * length }) else {
        return nil
      }
      return spares.remove(at: k)
    }
    if let reused { return reused }
    guard
      let raw = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      raw != UnsafeMutableRawPointer(bitPattern: -1)
    else { return nil }
    // Huge pages where the system grants them ("always" or "madvise" transparent huge
    // pages); the kernel uses them for the huge-page-aligned parts of the mapping.
    _ = madvise(raw, length, MADV_HUGEPAGE)
    LayoutMemory.arenaBytesMapped.add(length, ordering: .relaxed)
    return ArenaMapping(base: raw, length: length, isNew: true)
    #else
    return nil
    #endif
  }

  /// The most bytes the spares may hold in all: a mapping larger than this is unmapped
  /// rather than kept, and the oldest spares go first to stay within it.
  static var spareBytes: Int { LayoutTuning.spareArenaBytes }

  /// Keeps the mapping as a spare, unmapping the oldest spares when there are more than
  /// ``spareCount`` or they hold more than ``spareBytes`` (the mapping itself, when it alone
  /// is larger). The caller must not touch the mapping afterwards.
  func giveBack() {
    #if os(Linux)
    guard length <= Self.spareBytes else { return unmap() }
    var kept = self
    kept.isNew = false
    let replaced = Self.spares.withLock { spares -> [ArenaMapping] in
      spares.append(kept)
      var dropped: [ArenaMapping] = []
      var bytes = spares.reduce(0) { $0 + $1.length }
      while spares.count > Self.spareCount || bytes > Self.spareBytes {
        let oldest = spares.removeFirst()
        bytes -= oldest.length
        dropped.append(oldest)
      }
      return dropped
    }
    for mapping in replaced { mapping.unmap() }
    #endif
  }

  /// Unmaps the spares, if any.
  static func releaseSpare() {
    #if os(Linux)
    let released = spares.withLock { spares -> [ArenaMapping] in
      defer { spares = [] }
      return spares
    }
    for mapping in released { mapping.unmap() }
    #endif
  }

  private func unmap() {
    #if os(Linux)
    munmap(base, length)
    LayoutMemory.arenaBytesMapped.subtract(length, ordering: .relaxed)
    #endif
  }
}

/// What the layout keeps outside malloc, for memory accounting: malloc's statistics do not
/// see the arenas of large sections.
@_spi(Benchmarks) public enum LayoutMemory {
  static let arenaBytesMapped = Atomic<Int>(0)
  static let arenaBytesUsed = Atomic<Int>(0)

  /// Bytes of address space mapped for the pages of large flow sections laid out with their
  /// frames up front (``FrameComputation/upFront``), large masonry sections and layout passes
  /// over many carousel cells (on Linux; 0 elsewhere), in all snapshots alive plus the spare
  /// mappings kept for the next layout (two at most). Only what has been written is resident.
  /// (Deferred pages' records, computed when read, come from malloc.)
  public static var arenaBytesMappedInUse: Int { arenaBytesMapped.load(ordering: .relaxed) }

  /// Bytes of page records (and masonry and carousel chunks) written into those arenas: the
  /// layout state they hold.
  public static var arenaBytesWritten: Int { arenaBytesUsed.load(ordering: .relaxed) }

  /// Gives back the mappings kept for the next layout of a large section (on Linux, the
  /// pages of the last such snapshot freed: about 50 bytes per cell). Call it when no large
  /// layout is coming soon; the next one then faults its memory in afresh.
  public static func releaseSpareMemory() {
    ArenaMapping.releaseSpare()
  }
}
