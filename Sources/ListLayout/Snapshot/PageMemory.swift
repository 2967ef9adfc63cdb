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

/// One mapping that holds the pages of a large section, filled front to back by the
/// typesetter: items in one region, lines in another, each page a slice of both. The pages
/// keep the arena alive; when the last of them goes, the mapping is unmapped, or kept for the
/// next arena (one at most, see ``Mapping/spare``).
///
/// On Linux the mapping asks for transparent huge pages: a million-cell layout writes about
/// 50 MB of pages, and where that memory is fresh (glibc gives freed memory at the top of its
/// heap back to the system, so a relayout may get fresh memory again), faulting it in 4 KB at
/// a time costs more than the layout itself on a virtual machine, 2 MB at a time about a
/// sixth of it. Elsewhere there is no arena (``init(items:lines:)`` fails) and pages use
/// ``PageMemory``.
final class PageArena: @unchecked Sendable {
  /// Sections with at least this many cells get an arena (2 MB of item records).
  static let minimumItems = 65_536

  let items: UnsafeMutablePointer<Double>
  let lines: UnsafeMutablePointer<Double>
  private let mapping: Mapping
  /// The bytes the typesetter used, recorded when it leaves the arena.
  private var usedBytes = 0

  /// An arena with room for `items` item records and `lines` line records, or `nil` where
  /// arenas are not used or the mapping fails.
  init?(items itemCount: Int, lines lineCount: Int) {
    let itemBytes = Mapping.roundedUp(itemCount * LinePage.itemStride * MemoryLayout<Double>.stride)
    let lineBytes = Mapping.roundedUp(lineCount * LinePage.lineStride * MemoryLayout<Double>.stride)
    guard let mapping = Mapping.take(itemBytes + lineBytes) else { return nil }
    self.mapping = mapping
    items = mapping.base.bindMemory(to: Double.self, capacity: itemBytes / MemoryLayout<Double>.stride)
    lines = (mapping.base + itemBytes).bindMemory(
      to: Double.self, capacity: lineBytes / MemoryLayout<Double>.stride)
  }

  deinit {
    LayoutMemory.arenaBytesUsed.subtract(usedBytes, ordering: .relaxed)
    mapping.giveBack()
  }

  /// Records how much of the arena the typesetter wrote.
  func recordUse(items itemCount: Int, lines lineCount: Int) {
    let bytes =
      (itemCount * LinePage.itemStride + lineCount * LinePage.lineStride) * MemoryLayout<Double>.stride
    LayoutMemory.arenaBytesUsed.add(bytes - usedBytes, ordering: .relaxed)
    usedBytes = bytes
  }

  /// An anonymous mapping aligned to huge pages.
  struct Mapping: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    let length: Int

    static let hugePage = 2 << 20

    /// The mapping the last arena gave back, kept so that a relayout writes into memory that
    /// is already faulted in, as malloc's reuse of freed memory would give it; marked
    /// `MADV_FREE`, so the system may take its pages back under memory pressure.
    static let spare = Mutex<Mapping?>(nil)

    static func roundedUp(_ bytes: Int) -> Int {
      max(hugePage, (bytes + hugePage - 1) / hugePage * hugePage)
    }

    /// A mapping of `length` bytes (a multiple of the huge-page size): the spare one when it
    /// is big enough and not more than twice that, else a new one.
    static func take(_ length: Int) -> Mapping? {
      #if os(Linux)
      let reused = spare.withLock { spare -> Mapping? in
        guard let mapping = spare, mapping.length >= length, mapping.length <= 2 * length else { return nil }
        spare = nil
        return mapping
      }
      if let reused { return reused }
      // Map one huge page more than needed and trim it to a huge-page boundary.
      guard
        let raw = mmap(nil, length + hugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
        raw != UnsafeMutableRawPointer(bitPattern: -1)
      else { return nil }
      let address = Int(bitPattern: raw)
      let aligned = (address + hugePage - 1) / hugePage * hugePage
      if aligned > address { munmap(raw, aligned - address) }
      let tail = hugePage - (aligned - address)
      if tail > 0 { munmap(UnsafeMutableRawPointer(bitPattern: aligned + length), tail) }
      guard let base = UnsafeMutableRawPointer(bitPattern: aligned) else { return nil }
      _ = madvise(base, length, MADV_HUGEPAGE)
      LayoutMemory.arenaBytesMapped.add(length, ordering: .relaxed)
      return Mapping(base: base, length: length)
      #else
      return nil
      #endif
    }

    /// Keeps the mapping as the spare (unmapping the spare it replaces), or unmaps it.
    func giveBack() {
      #if os(Linux)
      _ = madvise(base, length, MADV_FREE)
      let replaced = Self.spare.withLock { spare -> Mapping? in
        defer { spare = self }
        return spare
      }
      replaced?.unmap()
      #endif
    }

    private func unmap() {
      #if os(Linux)
      munmap(base, length)
      LayoutMemory.arenaBytesMapped.subtract(length, ordering: .relaxed)
      #endif
    }
  }
}

/// What the layout keeps outside malloc, for memory accounting: malloc's statistics do not
/// see the arenas of large sections.
public enum LayoutMemory {
  static let arenaBytesMapped = Atomic<Int>(0)
  static let arenaBytesUsed = Atomic<Int>(0)

  /// Bytes of address space mapped for the pages of large sections (on Linux; 0 elsewhere),
  /// in all snapshots alive plus one spare mapping kept for the next layout. Only what has
  /// been written is resident (and the spare's pages are the system's to reclaim).
  public static var arenaBytesMappedInUse: Int { arenaBytesMapped.load(ordering: .relaxed) }

  /// Bytes of page records written into those arenas: the layout state they hold.
  public static var arenaBytesWritten: Int { arenaBytesUsed.load(ordering: .relaxed) }
}
