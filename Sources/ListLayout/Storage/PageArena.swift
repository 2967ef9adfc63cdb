import LayoutThreads
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

/// One mapping that holds the pages of a large section whose frames are computed up front
/// (``FrameComputation/upFront``; by default a large section defers its pages' records, see
/// ``DeferredRecords``), filled front to back by the typesetter: items in one region, lines
/// in another, each page a slice of both. The pages keep the arena alive; when the last of
/// them goes, the mapping is kept for the next arena (two spares at most, see
/// ``ArenaMapping/spares``) or unmapped.
///
/// Why: a large layout's pages from malloc are often fresh memory (glibc gives freed memory
/// at the top of its heap back to the system), and faulting it in a small page at a time
/// costs more than the layout itself; a mapping gets transparent huge pages, and the spare
/// mappings keep one layout's pages, faulted in, for the next
/// (``LayoutMemory/releaseSpareMemory()`` gives them back). The figures are in
/// Benchmarks/README.md, "Why the speed machinery exists". Arenas are used on Linux;
/// elsewhere ``init(items:lines:prefault:)`` fails and pages use ``RawBlocks``.
///
/// Manual memory: the typesetter's ``PageStore`` writes the arena front to back, on one
/// thread; a sealed page reads its slice on any thread. The fields below are touched by that
/// writer and by `deinit` only, which runs after the last page holding the arena is gone.
final class PageArena: @unchecked Sendable {
  let items: UnsafeMutablePointer<ItemRecord>
  let lines: UnsafeMutablePointer<LineRecord>
  private let mapping: ArenaMapping
  /// The bytes the typesetter used, recorded when it leaves the arena.
  private var usedBytes = 0
  /// The thread faulting a new mapping in ahead of the typesetter, until it leaves.
  private var prefault: Prefault?

  /// An arena with room for `items` item records and `lines` line records, or `nil` where
  /// arenas are not used or the mapping fails; `prefault`: whether a new mapping is faulted
  /// in by a thread of its own (``Prefault``).
  init?(items itemCount: Int, lines lineCount: Int, prefault: Bool = true) {
    let itemBytes = ArenaMapping.roundedUp(itemCount * MemoryLayout<ItemRecord>.stride)
    let lineBytes = ArenaMapping.roundedUp(lineCount * MemoryLayout<LineRecord>.stride)
    guard let mapping = ArenaMapping.take(itemBytes + lineBytes) else { return nil }
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
}

/// The records a typesetter has sealed into an arena so far, as the thread that faults the
/// arena in reads them.
final class ArenaProgress: Sendable {
  let items = Atomic<Int>(0)
  let lines = Atomic<Int>(0)
}

/// A thread that faults a new arena's memory in, a huge page at a time, ahead of the
/// typesetter that writes it, so that the kernel's zeroing of fresh pages (most of a first
/// large layout's time, in a profile) runs on another core.
///
/// It goes through the item region a huge page at a time and, after each step, the line
/// region as far as those items need: at the density of lines the typesetter's sealed pages
/// show (with a margin), or one line per item until a few pages are sealed. The line region
/// has room for a line per cell and sections average fewer, so faulting it all in would
/// spend the thread's work on memory nobody writes. It uses `MADV_POPULATE_WRITE` (Linux 5.14 and later): that maps pages and zeroes
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
  init(mapping: ArenaMapping, itemBytes: Int, progress: ArenaProgress? = nil) {
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
