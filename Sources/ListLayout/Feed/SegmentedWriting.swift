import Foundation
import LayoutGeometry
import LayoutJSON
import LayoutThreads

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How a long output is formatted on several threads: in segments of `segmentLength`
/// elements, each written into a buffer of its own by one of `threads` threads (the calling
/// thread among them), and handed to the output in order.
///
/// Output is the same bytes whatever these are: what a segment holds depends only on where
/// it starts. Tests force small segments and several threads to check that.
package struct OutputParallelism: Sendable {
  /// The threads that format segments, the calling thread included (1: no other thread).
  package var threads: Int
  /// Elements per segment.
  package var segmentLength: Int
  /// The fewest elements written on more than one thread.
  package var threshold: Int
  /// The capacity of a segment's buffer, in bytes: room for a segment of 8,192 elements of
  /// up to 256 bytes each by default; a segment that writes more hands the rest over in
  /// extra pieces (tests make it small to have them).
  package var segmentCapacity = 1 << 21

  /// A setting for tests: `threads` threads, segments of `segmentLength` elements, from
  /// `threshold` elements on.
  package init(threads: Int, segmentLength: Int, threshold: Int = 0) {
    self.threads = max(1, threads)
    self.segmentLength = max(1, segmentLength)
    self.threshold = threshold
  }

  /// One thread per active processor (at most ``maximumThreads``), in segments of
  /// ``LayoutTuning/outputSegmentElements`` elements (about 1 MB of frames: two per thread in
  /// flight at once, few pages to touch for the first time, and enough segments to share
  /// out evenly), from ``LayoutTuning/outputParallelMinimumElements`` elements on. A
  /// smaller output, such as a viewport's, is written on the calling thread: no thread is
  /// started, no segment buffer allocated.
  package static var `default`: OutputParallelism {
    let processors = HelperThreads.activeProcessors
    guard processors > 1 else { return .sequential }
    return OutputParallelism(
      threads: min(processors, maximumThreads), segmentLength: LayoutTuning.outputSegmentElements,
      threshold: LayoutTuning.outputParallelMinimumElements)
  }

  /// The most threads the default setting starts: one thread hands every segment to the
  /// output (a write to a file or a pipe copies each byte once more), which bounds what more
  /// formatting threads gain; this also bounds the segment buffers in flight to 16 (32 MB).
  package static var maximumThreads: Int { LayoutTuning.outputMaximumThreads }

  /// Everything on the calling thread.
  package static var sequential: OutputParallelism {
    OutputParallelism(threads: 1, segmentLength: .max, threshold: .max)
  }

  /// Whether `count` elements are written in segments (on several threads, unless `threads`
  /// is 1: tests cut the output into segments on one thread too).
  func isSegmented(_ count: Int) -> Bool { count >= threshold && count > segmentLength }

  /// The number of segments `count` elements make.
  func segmentCount(_ count: Int) -> Int { count / segmentLength + (count % segmentLength == 0 ? 0 : 1) }
}

/// Writes output formatted in segments on several threads, in order, to one writer.
enum SegmentedWriting {
  /// Writes segments `0 ..< count` to `writer`, in order: `format(k, &segmentWriter)`
  /// formats segment `k` into a writer of its own (`capacity` bytes of buffer, the rest in
  /// extra pieces), on one of `threads` threads (the calling
  /// thread among them); the calling thread hands finished segments to `writer` as they
  /// come, in order. At most two segments per thread are in flight (formatted or being
  /// formatted, not yet handed over), and their buffers are reused: memory stays bounded
  /// whatever the output's length.
  ///
  /// `format` is called concurrently from several threads: it must only read shared state
  /// and write to the writer it is given. Every thread started here has been joined when
  /// this returns.
  static func write(
    segments count: Int, threads: Int, capacity: Int, to writer: inout ByteWriter,
    _ format: (Int, inout ByteWriter) -> Void
  ) {
    let helpers = max(0, min(threads, count) - 1)
    withoutActuallyEscaping(format) { format in
      let schedule = Schedule(count: count, slots: 2 * (helpers + 1), capacity: capacity, format: format)
      let started = HelperThreads.start(helpers) { schedule.work() }
      schedule.emit(to: &writer)
      HelperThreads.join(started)
    }
  }

  /// A segment's buffer, and what did not fit in it.
  final class Slot {
    final class Spill { var pieces: [[UInt8]] = [] }
    let spill = Spill()
    var writer: ByteWriter
    var isReady = false

    init(capacity: Int) {
      let spill = self.spill
      writer = ByteWriter(capacity: capacity) { spill.pieces.append(Array($0)) }
    }
  }

  /// The shared state of one call: which segment is next to format and next to hand over,
  /// and the slots segments are formatted into (segment k into slot k mod the slot count).
  ///
  /// `@unchecked Sendable`: every `var` here and every slot's `isReady` is read and written
  /// only with `condition` locked. A slot's writer is written by the one thread that claimed
  /// its segment (claimed under the lock, so no two threads hold one segment), then read
  /// by the emitting thread after that thread set `isReady` under the lock, and written
  /// again only once the emitter has moved `nextToEmit` past it, under the lock. `format`
  /// only reads what it shares (see ``SegmentedWriting/write(segments:threads:to:_:)``).
  final class Schedule: @unchecked Sendable {
    let condition = NSCondition()
    let count: Int
    let slots: [Slot]
    let format: (Int, inout ByteWriter) -> Void
    /// The next segment no thread has taken.
    var nextToClaim = 0
    /// The next segment to hand over to the output.
    var nextToEmit = 0

    init(count: Int, slots: Int, capacity: Int, format: @escaping (Int, inout ByteWriter) -> Void) {
      self.count = count
      self.slots = (0..<slots).map { _ in Slot(capacity: capacity) }
      self.format = format
    }

    /// With `condition` locked: the next segment to format, when its slot is free.
    func claim() -> Int? {
      guard nextToClaim < count, nextToClaim < nextToEmit + slots.count else { return nil }
      defer { nextToClaim += 1 }
      return nextToClaim
    }

    /// With `condition` locked: formats segment `k` (unlocked while it does).
    func formatSegment(_ k: Int) {
      condition.unlock()
      let slot = slots[k % slots.count]
      format(k, &slot.writer)
      condition.lock()
      slot.isReady = true
      condition.broadcast()
    }

    /// A helper thread's loop: formats segments until none is left to take.
    func work() {
      condition.lock()
      while nextToClaim < count {
        if let k = claim() { formatSegment(k) } else { condition.wait() }
      }
      condition.unlock()
    }

    /// The calling thread's loop: hands segments to `writer` in order, and formats one
    /// itself when the next to hand over is not ready and a slot is free.
    func emit(to writer: inout ByteWriter) {
      condition.lock()
      while nextToEmit < count {
        let slot = slots[nextToEmit % slots.count]
        if slot.isReady {
          slot.isReady = false
          condition.unlock()
          for piece in slot.spill.pieces { piece.withUnsafeBufferPointer { writer.write(bytes: $0) } }
          slot.spill.pieces.removeAll()
          writer.write(bufferedBytesOf: &slot.writer)
          condition.lock()
          nextToEmit += 1
          condition.broadcast()
        } else if let k = claim() {
          formatSegment(k)
        } else {
          condition.wait()
        }
      }
      condition.unlock()
    }
  }
}
