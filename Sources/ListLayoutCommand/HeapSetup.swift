import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Prepares the C heap for decoding a large input: on Linux with glibc, the heap grows once,
/// by about what the decoded model will take, and that range is marked for transparent huge
/// pages, so the model's cells are faulted in 2 MB at a time rather than 4 KB.
///
/// Why: a million-cell feed (51 MB) decodes into about 60 MB of cell chunks from malloc. This
/// project's virtual machine takes about 2.3 µs per 4 KB page touched for the first time, some
/// 15,000 faults and a tenth of the whole `listlayout layout --offset` process. Glibc does the
/// same when run with `GLIBC_TUNABLES=glibc.malloc.hugetlb=1` (it marks each range it takes
/// from the system); this gets that effect without the environment variable.
///
/// What it does: raises glibc's top pad (`M_TOP_PAD`, how much more than asked the heap grows
/// by) and trim threshold (`M_TRIM_THRESHOLD`, so that freeing does not give the range back),
/// makes the heap grow once by allocating small blocks until the break moves, frees them, and
/// calls `madvise(MADV_HUGEPAGE)` on the 2 MB-aligned part of the new range. It changes only
/// where malloc's memory comes from, never what a program computes. Elsewhere (no glibc, or
/// `mallopt` not found, or a heap that does not grow by `sbrk`) it does nothing. The system
/// decides whether huge pages are used at all (`/sys/kernel/mm/transparent_hugepage/enabled`
/// set to `always` or `madvise`).
///
/// The first large input sets it up for the rest of the process (the settings are the
/// process's); later calls do nothing. It covers the main heap, where the thread that decodes
/// allocates; other threads allocate from arenas of their own, which it leaves alone.
enum HeapSetup {
  /// Inputs smaller than this leave the heap alone (their cells fit in a few huge pages).
  static let minimumInputBytes = 8 << 20

  /// Whether a large input prepared the heap already (for the rest of the process).
  private static let prepared = Atomic<Bool>(false)

  /// Prepares the heap for decoding `inputBytes` bytes of JSON, the first time an input of
  /// at least ``minimumInputBytes`` comes (see the type's note).
  static func prepare(forInputBytes inputBytes: Int) {
    guard inputBytes >= minimumInputBytes,
      prepared.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
    else { return }
    // The decoded model: cells take about 1.1 bytes per byte of a compact feed; room for
    // half as much again, and for the layout's own small allocations.
    _ = growHeap(by: inputBytes / 2 * 3 + (16 << 20))
  }

  /// Grows the heap by about `bytes` (and keeps that much at its top from then on) and marks
  /// the 2 MB-aligned part of the new range for huge pages; returns that part, or `nil` where
  /// this does nothing (see the type's note).
  static func growHeap(by bytes: Int) -> Range<Int>? {
    #if canImport(Glibc) && os(Linux)
    guard bytes > 0, bytes < Int(Int32.max), let mallopt = glibcMallopt() else { return nil }
    // glibc's <malloc.h>: M_TRIM_THRESHOLD -1, M_TOP_PAD -2.
    guard mallopt(-1, Int32(bytes)) == 1, mallopt(-2, Int32(bytes)) == 1 else { return nil }
    guard let before = currentBreak() else { return nil }
    // Blocks below malloc's mmap threshold (128 KB by default) come from the heap: the first
    // one the heap's top cannot hold grows it by the top pad.
    var blocks: [UnsafeMutableRawPointer] = []
    blocks.reserveCapacity(64)
    var after = before
    while blocks.count < 64, after == before, let block = malloc(64 << 10) {
      blocks.append(block)
      guard let now = currentBreak() else { break }
      after = now
    }
    for block in blocks { free(block) }
    let hugePage = 2 << 20
    let start = (Int(bitPattern: before) + hugePage - 1) / hugePage * hugePage
    let end = Int(bitPattern: after) / hugePage * hugePage
    guard end > start, let base = UnsafeMutableRawPointer(bitPattern: start),
      madvise(base, end - start, MADV_HUGEPAGE) == 0
    else { return nil }
    return start..<end
    #else
    return nil
    #endif
  }

  #if canImport(Glibc) && os(Linux)
  /// The program break, or `nil` if it cannot be read.
  private static func currentBreak() -> UnsafeMutableRawPointer? {
    guard let raw = sbrk(0), raw != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
    return raw
  }

  /// glibc's `mallopt`, looked up at run time (`<malloc.h>` is not part of the Glibc module).
  private static func glibcMallopt() -> (@convention(c) (Int32, Int32) -> Int32)? {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
  }
  #endif
}
