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

// Where the layout uses manual memory, each behind one small type:
// - `PageMemory` (here): malloc'd blocks of page records, handed from the builder to a page.
// - `PageArena` (here): one mapping holding the pages of a large section.
// - `PageBuilder`: the writer that fills those blocks, record by record, and seals pages.
// - `LinePage`: owns (or keeps the arena of) the sealed records and reads them, checked.
// - `DeferredRecords`: a page's records laid out again when first read, published once.
// - `ScratchBuffer`: reusable buffers of plain values, owned by one typesetter (per line)
//   or one masonry placer (lane tops, open chunks), never shared.
// - `SharedChunks.Chunk` and `ChunkArena` (Masonry/): a masonry section's sealed chunks, each
//   in a `PageMemory` block or carved from an arena's mapping.
// - `CarouselCells.Chunk` (Carousel/): a carousel's sizes and sums, in the chunk's own
//   elements or carved from a layout pass's `ChunkArena`.
// Nothing else in the package allocates or frees memory by hand.

/// The C allocator for page records: a block a builder filled can be handed to a page and
/// shrunk in place (`realloc`), which `UnsafeMutablePointer.allocate` cannot promise.
enum PageMemory {
  /// Room for `count` values (at least one, so the pointer is never null).
  static func allocate<T: BitwiseCopyable>(_ count: Int) -> UnsafeMutablePointer<T> {
    guard let raw = malloc(max(1, count) * MemoryLayout<T>.stride) else { outOfMemory(count) }
    return raw.bindMemory(to: T.self, capacity: max(1, count))
  }

  /// The block resized to `count` values (the first `count` kept, or all of them when it
  /// grows); the old pointer is invalid afterwards.
  static func resize<T: BitwiseCopyable>(
    _ block: UnsafeMutablePointer<T>, to count: Int
  ) -> UnsafeMutablePointer<T> {
    guard let raw = realloc(block, max(1, count) * MemoryLayout<T>.stride) else { outOfMemory(count) }
    return raw.bindMemory(to: T.self, capacity: max(1, count))
  }

  /// Frees the block.
  static func release<T>(_ block: UnsafeMutablePointer<T>) {
    free(block)
  }

  private static func outOfMemory(_ count: Int) -> Never {
    fatalError("out of memory for \(count) page values")
  }
}

/// One mapping that holds the pages of a large section whose frames are computed up front
/// (``FrameComputation/upFront``; by default a large section defers its pages' records, see
/// ``DeferredRecords``), filled front to back by the typesetter: items in one region, lines
/// in another, each page a slice of both. The pages
/// keep the arena alive; when the last of them goes, the mapping is kept for the next arena
/// (two spares at most, see ``Mapping/spares``) or unmapped.
///
/// Why: a million-cell layout writes about 50 MB of pages. From malloc that memory is often
/// fresh (glibc gives freed memory at the top of its heap back to the system, so a relayout
/// after the previous snapshot was freed gets new pages), and faulting 50 MB in, 4 KB at a
/// time, costs more than the layout itself on this project's virtual machine (40 ms against
/// 12 ms for the million-cell list in the package-benchmark suite). An arena asks for
/// transparent huge pages, so fresh memory comes 2 MB per fault (a first layout of the
/// million-cell feed: 21 ms against 47 ms), and the spare mappings keep one layout's pages,
/// faulted in, for the next (``LayoutMemory/releaseSpareMemory()`` gives them back). Arenas
/// are used on Linux; elsewhere ``init(items:lines:)`` fails and pages use ``PageMemory``.
final class PageArena: @unchecked Sendable {
  let items: UnsafeMutablePointer<ItemRecord>
  let lines: UnsafeMutablePointer<LineRecord>
  private let mapping: Mapping
  /// The bytes the typesetter used, recorded when it leaves the arena.
  private var usedBytes = 0
  /// The thread faulting a new mapping in ahead of the typesetter, until it leaves.
  private var prefault: Prefault?

  /// An arena with room for `items` item records and `lines` line records, or `nil` where
  /// arenas are not used or the mapping fails; `prefault`: whether a new mapping is faulted
  /// in by a thread of its own (``Prefault``).
  init?(items itemCount: Int, lines lineCount: Int, prefault: Bool = true) {
    let itemBytes = Mapping.roundedUp(itemCount * MemoryLayout<ItemRecord>.stride)
    let lineBytes = Mapping.roundedUp(lineCount * MemoryLayout<LineRecord>.stride)
    guard let mapping = Mapping.take(itemBytes + lineBytes) else { return nil }
    self.mapping = mapping
    items = mapping.base.bindMemory(
      to: ItemRecord.self, capacity: itemBytes / MemoryLayout<ItemRecord>.stride)
    lines = (mapping.base + itemBytes).bindMemory(
      to: LineRecord.self, capacity: lineBytes / MemoryLayout<LineRecord>.stride)
    if mapping.isNew && prefault {
      self.prefault = Prefault(mapping: mapping, itemBytes: itemBytes, progress: progress)
    }
  }

  /// How far the typesetter has sealed pages into the arena (read by the prefaulting thread).
  let progress = ArenaProgress()

  /// Records that the typesetter has sealed pages holding `items` item records and `lines`
  /// line records in all.
  func noteSealed(items: Int, lines: Int) {
    progress.items.store(items, ordering: .relaxed)
    progress.lines.store(lines, ordering: .relaxed)
  }

  deinit {
    prefault?.stop()
    LayoutMemory.arenaBytesUsed.subtract(usedBytes, ordering: .relaxed)
    mapping.giveBack()
  }

  /// Records how much of the arena the typesetter wrote (it has left the arena, or is
  /// leaving it: the prefaulting thread, if any, is stopped).
  func recordUse(items itemCount: Int, lines lineCount: Int) {
    prefault?.stop()
    prefault = nil
    let bytes = itemCount * MemoryLayout<ItemRecord>.stride + lineCount * MemoryLayout<LineRecord>.stride
    LayoutMemory.arenaBytesUsed.add(bytes - usedBytes, ordering: .relaxed)
    usedBytes = bytes
  }

  /// An anonymous mapping, a multiple of ``granule`` long.
  struct Mapping: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    let length: Int
    /// Whether the mapping was just made (nothing of it faulted in), not the spare reused.
    var isNew = false

    /// The granularity of mappings, so that the spare fits requests of a similar size.
    static var granule: Int { LayoutTuning.arenaGranule }

    /// The mappings the last arenas gave back (two at most: a section laid out in halves
    /// uses two arenas), kept so that a relayout writes into memory that is already faulted
    /// in, as malloc's reuse of freed memory would have it. (Marking them `MADV_FREE` instead
    /// made relayouts fault again: 22–30 ms against 15–16 ms for the million-cell feed.)
    static let spares = Mutex<[Mapping]>([])

    /// How many mappings are kept for the next arenas.
    static var spareCount: Int { LayoutTuning.spareArenaMappings }

    static func roundedUp(_ bytes: Int) -> Int {
      max(granule, (bytes + granule - 1) / granule * granule)
    }

    /// A mapping of `length` bytes (a multiple of ``granule``): a spare that is big enough
    /// and not more than twice that, else a new one.
    static func take(_ length: Int) -> Mapping? {
      #if os(Linux)
      let reused = spares.withLock { spares -> Mapping? in
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
      // pages); the kernel uses them for the 2 MB-aligned parts of the mapping.
      _ = madvise(raw, length, MADV_HUGEPAGE)
      LayoutMemory.arenaBytesMapped.add(length, ordering: .relaxed)
      return Mapping(base: raw, length: length, isNew: true)
      #else
      return nil
      #endif
    }

    /// Keeps the mapping as a spare (unmapping the oldest spare when there are too many).
    func giveBack() {
      #if os(Linux)
      var kept = self
      kept.isNew = false
      let replaced = Self.spares.withLock { spares -> Mapping? in
        spares.append(kept)
        return spares.count > Self.spareCount ? spares.removeFirst() : nil
      }
      replaced?.unmap()
      #endif
    }

    /// Unmaps the spares, if any.
    static func releaseSpare() {
      let released = spares.withLock { spares -> [Mapping] in
        defer { spares = [] }
        return spares
      }
      for mapping in released { mapping.unmap() }
    }

    private func unmap() {
      #if os(Linux)
      munmap(base, length)
      LayoutMemory.arenaBytesMapped.subtract(length, ordering: .relaxed)
      #endif
    }
  }
}

/// The records a typesetter has sealed into an arena so far, as the thread that faults the
/// arena in reads them.
final class ArenaProgress: Sendable {
  let items = Atomic<Int>(0)
  let lines = Atomic<Int>(0)
}

/// A thread that faults a new arena's memory in, 2 MB at a time, ahead of the typesetter
/// that writes it, so that the zeroing of fresh pages (most of a first layout's time on this
/// project's virtual machine: about 40 of 70 ms for the million-cell feed, in a profile) runs
/// on another core.
/// It goes through the item region 2 MB at a time and, after each step, the line region as
/// far as those items need: at the density of lines the typesetter's sealed pages show (with a
/// margin), or one line per item until a few pages are sealed. The line region has room for
/// a line per cell, and sections average fewer (about three per four cells in the generated
/// feed), so faulting it all in was a tenth of the thread's work spent on memory nobody
/// writes. It uses `MADV_POPULATE_WRITE` (Linux 5.14 and later): that maps pages and zeroes
/// them, and leaves any page already there, and what it holds, alone. The typesetter writes
/// as before whatever the thread has reached, and faults in itself what it has not; on an
/// older kernel the first call fails and the thread ends. ``stop()`` (when the typesetter
/// leaves the arena) ends it within one step and waits for it: it never outlives the arena's
/// use.
///
/// `@unchecked Sendable`: the thread reads the immutable mapping bounds and the atomics only;
/// ``stop()`` joins it once, from the arena's owner.
final class Prefault: @unchecked Sendable {
  private let isStopped = Atomic<Bool>(false)
  #if os(Linux)
  private var threads: [pthread_t] = []
  #endif

  /// Starts faulting `mapping` in: item records in its first `itemBytes`, line records after
  /// them; `progress` is the typesetter's, `nil` for one line per item throughout.
  init(mapping: PageArena.Mapping, itemBytes: Int, progress: ArenaProgress? = nil) {
    #if os(Linux)
    let base = mapping.base
    let lineBytes = mapping.length - itemBytes
    threads = HelperThreads.start(1) { [self] in
      let step = 2 << 20
      let steps = max(1, itemBytes / step)
      var linesFaulted = 0
      for k in 0..<steps {
        if isStopped.load(ordering: .relaxed) { return }
        let itemEnd = k == steps - 1 ? itemBytes : (k + 1) * step
        guard Self.populate(base + k * step, itemEnd - k * step) else { return }
        let lineEnd = Self.lineBytes(neededBy: itemEnd, of: lineBytes, progress: progress)
        if lineEnd > linesFaulted {
          guard Self.populate(base + itemBytes + linesFaulted, lineEnd - linesFaulted) else { return }
          linesFaulted = lineEnd
        }
      }
    }
    #endif
  }

  /// Ends the thread (after the step it is on) and waits for it; later calls do nothing.
  func stop() {
    #if os(Linux)
    isStopped.store(true, ordering: .relaxed)
    HelperThreads.join(threads)
    threads = []
    #endif
  }

  /// The bytes of a line region of `lineBytes` that the items in the first `itemBytes` of
  /// the item region likely need, in whole 4 KB pages: lines at the density `progress` shows
  /// once a few pages are sealed, plus a sixteenth and 1,024 lines; one line per item before.
  static func lineBytes(neededBy itemBytes: Int, of lineBytes: Int, progress: ArenaProgress?) -> Int {
    let items = itemBytes / MemoryLayout<ItemRecord>.stride
    var lines = items
    if let progress {
      let sealedItems = progress.items.load(ordering: .relaxed)
      let sealedLines = progress.lines.load(ordering: .relaxed)
      if sealedItems >= 4 * LinePage.targetItemCount {
        let density = Double(sealedLines) / Double(sealedItems)
        lines = min(items, Int(density * Double(items)) + items / 16 + 1024)
      }
    }
    return min(lineBytes, (lines * MemoryLayout<LineRecord>.stride + 4095) / 4096 * 4096)
  }

  #if os(Linux)
  /// Faults `length` bytes at `start` in for writing; `false` when the system refuses.
  private static func populate(_ start: UnsafeMutableRawPointer, _ length: Int) -> Bool {
    guard length > 0 else { return true }
    let populateWrite: Int32 = 23  // MADV_POPULATE_WRITE, not in the Glibc module's headers
    return madvise(start, length, populateWrite) == 0
  }
  #endif
}

/// What the layout keeps outside malloc, for memory accounting: malloc's statistics do not
/// see the arenas of large sections.
public enum LayoutMemory {
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
    PageArena.Mapping.releaseSpare()
  }
}
