import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Prepares the C heap for decoding a large input: on Linux with glibc, the heap grows once,
/// by about what the decoded model will take, and keeps that range for the rest of the
/// process rather than giving its top back each time it is freed.
///
/// What it does: raises glibc's top pad (`M_TOP_PAD`, how much more than asked the heap grows
/// by) and trim threshold (`M_TRIM_THRESHOLD`, so that freeing does not give the range back),
/// and makes the heap grow once by allocating small blocks until the break moves, then frees
/// them. It changes only where malloc's memory comes from, never what a program computes.
/// Elsewhere (no glibc, or `mallopt` not found, or a heap that does not grow by `sbrk`) it
/// does nothing.
///
/// The range is not marked for transparent huge pages. It was, for a time: a million-cell
/// feed's 50 MB of cells then faults in 2 MB at a time rather than 4 KB. On this project's
/// virtual machine that wins only while the memory is warm (a process run right after another
/// that freed it: about 0.16 ms per MB against 0.4–0.6 for 4 KB faults). Memory the host has
/// taken back (the usual case, for example after a Python process that parsed the same feed
/// exited) cost about 1.25 ms per MB in huge pages against 0.4 ms in 4 KB pages in one
/// profile, both threads of the same decode side by side. Over 15 alternating runs after
/// `json.loads`, `layout --offset` of that feed took a median of 118 ms without the marking
/// against 130 ms with it, and varied half as much.
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

  /// Grows the heap by about `bytes` (and keeps that much at its top from then on); returns
  /// the new range, or `nil` where this does nothing (see the type's note).
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
    guard after > before else { return nil }
    return Int(bitPattern: before)..<Int(bitPattern: after)
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
