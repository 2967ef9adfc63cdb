import Foundation
import LayoutGeometry
import LayoutJSON
import LayoutThreads
import Synchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// Parallel decoding of a large cells array.
//
// The calling thread decodes a section's `items` as it always does. When the array starts
// with at least `minimumBytes` of the document after its `[`, helper threads ("runs") start at
// guessed element boundaries further on: from a split point, the first `,` followed by white
// space and `{`, which may as well lie inside a string, another array or another section.
// Each run decodes cells from there with the calling thread's cell reader (its own reader
// state and decoder state over the same bytes), into chunks of its own, until the array's
// `]`, the start of the next run, an error or cancellation.
//
// The calling thread takes a run's cells only when the element it moves to starts exactly
// where the run started: an element of this cells array, at the same nesting, which the run
// read just as the calling thread would have (the reading of a cell depends only on the bytes
// from its start, the depth and the limits). It then appends the run's chunks, counts its
// cells, shifts its per-cell side data and moves its reader to the run's end. A run that
// failed, that would take the cell count past `maxCells`, or whose start the calling thread
// steps over, is ignored: the calling thread reads on by itself, so the model and every error
// are those of the sequential decode. Runs are joined before the array's reading returns,
// whether it returns or throws.

/// How a feed decode spreads the cells of a large section over threads.
package struct ParallelCellDecoding: Sendable {
  /// The fewest bytes from an `items` array's `[` to the end of the document for runs to
  /// start at guessed split points (about 18,000 cells of the generated feed; below that a
  /// run's start-up is a fair part of what it would save).
  package static var defaultMinimumBytes: Int { LayoutTuning.parallelDecodeMinimumBytes }
  /// The most helper threads per array.
  package static var maxRuns: Int { LayoutTuning.parallelDecodeMaximumRuns }
  /// The most forced split points used per array.
  package static var maxForcedSplits: Int { 64 }
  /// How far past a split point a run looks for an element start.
  package static var searchDistance: Int { LayoutTuning.parallelDecodeSearchBytes }
  /// Stack of a run's thread: room for the deepest content a cell may nest (`maxDepth`).
  static func stackSize(maxDepth: Int) -> Int { (8 << 20) + Swift.min(maxDepth, 1 << 16) * 4096 }

  /// Helper threads per array (0: the calling thread alone).
  package var runs: Int
  /// See ``defaultMinimumBytes``.
  package var minimumBytes = defaultMinimumBytes
  /// Split points (byte offsets in the document) to use instead of evenly spaced ones, for
  /// any array of cells, whatever its size: those after the array's `[` start a run each.
  package var forcedSplits: [Int]?
  /// The most cells a run reads, or `nil` for no bound but the array's end (tests stop runs
  /// early to put the hand-over anywhere).
  package var maxRunCells: Int?

  /// Counts the runs taken, when set (tests check that hand-overs happen).
  package var handOffs: Counter?

  /// A count shared with the decode.
  package final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    package init() {}
    package var value: Int { count.load(ordering: .relaxed) }
    func increment() { count.add(1, ordering: .relaxed) }
  }

  /// One helper thread fewer than the threads `limits` allows and the machine has active.
  package init(limits: JSONInputLimits) {
    let threads = Swift.min(limits.maxDecodeThreads, HelperThreads.activeProcessors)
    runs = Swift.max(0, Swift.min(threads - 1, Self.maxRuns))
  }

  /// Runs at the given split points only (none when `splits` is empty).
  package init(forcedSplits splits: [Int], maxRunCells: Int? = nil) {
    runs = 0
    forcedSplits = splits
    self.maxRunCells = maxRunCells
  }

  /// The calling thread alone.
  package static let sequential = ParallelCellDecoding(forcedSplits: [])
}

extension ListModel {
  /// Decodes a feed as ``init(json:width:limits:)`` does, spreading large cells arrays over
  /// threads as `parallel` says (tests force split points with it).
  package init(
    json bytes: [UInt8], width: Double? = nil, limits: JSONInputLimits = .default,
    parallel: ParallelCellDecoding
  ) throws(JSONInputError) {
    self = try JSONReader.withReader(
      of: bytes, maxDepth: limits.maxDepth, maxStringLength: limits.maxStringLength
    ) { (reader) throws(JSONInputError) in
      try ListModel(reading: &reader, width: width, limits: limits, parallel: parallel)
    }
  }
}

extension FeedDecoder {
  /// Where ``readChunk(_:_:section:pending:splitAt:cellEnd:shift:)`` stopped.
  enum ChunkEnd {
    /// The chunk holds ``CellList/chunkCapacity`` cells.
    case full
    /// The array's `]` was read.
    case closed
    /// The reader is on an element that starts at or past the split offset, not read yet.
    case split
    /// The reader is on a run object (its index in `pending`), not read yet.
    case run
  }

  /// The cells of a section's `items` array, the reader on it.
  mutating func readCells(_ reader: inout JSONReader, section: Int) throws(JSONInputError) -> CellList {
    // Cells go straight into the chunks of the section's list, built bottom-up: each chunk's
    // array is filled in place, a cell at a time.
    var cells = CellList.Builder()
    try reader.beginArray("an array of cells")
    var runs = CellRuns(reader: reader, decoder: self, section: section)
    defer { runs.stop() }
    var state = JSONReader.ArrayState()
    var pending: Int?
    var cellEnd = 0
    // The cells the runs read so far stand for beyond one each: an element's index in the
    // array plus this is its first cell's index in the section.
    var shift = 0
    while true {
      let (chunk, end) = try readChunk(
        &reader, &state, section: section, pending: &pending, splitAt: runs.nextStart, cellEnd: &cellEnd,
        shift: shift)
      if !chunk.isEmpty { cells.append(leaf: CellList.Node(cells: chunk)) }
      switch end {
      case .full: continue
      case .closed:
        if expandedCells > 0 { try checkExpandedCells(reader) }
        return cells.list()
      case .run:
        let count = try readRun(&reader, section: section, item: pending! + shift, into: &cells)
        shift += count - 1
        pending = nil
        cellEnd = reader.offset
      case .split:
        // Runs whose start the reader stepped over are of no use; one starting here may be.
        runs.skip(before: reader.offset)
        guard reader.offset == runs.nextStart, let item = pending, let run = runs.takeNext(),
          cellCount + run.count <= limits.maxCells
        else { continue }
        parallel.handOffs?.increment()
        cellCount += run.count
        for leaf in run.leaves { cells.append(leaf: leaf) }
        for (local, partial) in run.attributes {
          cellAttributes.append((section, item + shift + local, partial))
        }
        for (key, list) in run.traitLists where traitLists[key] == nil { traitLists[key] = list }
        reader.offset = run.end
        state = JSONReader.ArrayState(index: item + run.count - 1)
        pending = nil
      }
    }
  }

  /// Reads cells of the array into a new chunk: the element `pending` first if there is one
  /// (the reader on it), then each next element, until the chunk is full, the array ends or
  /// an element starts at or past `splitAt` (left unread, its index in `pending`).
  /// `cellEnd` is the offset after the last cell read. The hottest loop of a feed, kept free
  /// of closures but the chunk's.
  @inline(__always)
  mutating func readChunk(
    _ reader: inout JSONReader, _ state: inout JSONReader.ArrayState, section: Int, pending: inout Int?,
    splitAt: Int, cellEnd: inout Int, shift: Int = 0
  ) throws(JSONInputError) -> (ContiguousArray<Cell>, ChunkEnd) {
    var problem: JSONInputError?
    var end = ChunkEnd.full
    // An array's `append` copies a cell it is handed, and destroys the original.
    let chunk = ContiguousArray<Cell>(unsafeUninitializedCapacity: CellList.chunkCapacity) { buffer, count in
      do throws(JSONInputError) {
        while count < CellList.chunkCapacity {
          let item: Int
          if let waiting = pending {
            item = waiting
            pending = nil
          } else {
            guard let next = try reader.nextElement(&state) else {
              end = .closed
              return
            }
            item = next
            if reader.offset >= splitAt {
              pending = item
              end = .split
              return
            }
          }
          if FeedDecoder.startsRun(reader) {
            pending = item
            end = .run
            return
          }
          cellCount += 1
          guard cellCount <= limits.maxCells else {
            throw reader.error(.limitExceeded("maxCells"), "more than \(limits.maxCells) cells")
          }
          try readCell(&reader, section: section, item: item + shift, into: buffer.baseAddress! + count)
          count += 1
          cellEnd = reader.offset
        }
      } catch {
        problem = error
      }
    }
    if let problem { throw problem }
    return (chunk, end)
  }
}

/// The runs started for one cells array, in the order of their starts; the calling thread's
/// alone (created, consulted and stopped there).
struct CellRuns: ~Copyable {
  private var runs: [CellRun] = []
  /// The first run not yet taken or skipped.
  private var next = 0

  /// Starts runs for the array `reader` has just entered, as `decoder.parallel` says.
  init(reader: borrowing JSONReader, decoder: borrowing FeedDecoder, section: Int) {
    let parallel = decoder.parallel
    let arrayStart = reader.offset
    let bytes = reader.bytes
    var points: [Int]
    if let forced = parallel.forcedSplits {
      points = forced.filter { $0 >= arrayStart && $0 < bytes.count }.prefix(
        ParallelCellDecoding.maxForcedSplits
      ).map { $0 }
    } else {
      let remaining = bytes.count - arrayStart
      guard parallel.runs > 0, remaining >= parallel.minimumBytes, decoder.limits.maxDepth <= 1 << 16 else {
        return
      }
      points = (1...parallel.runs).map { arrayStart + remaining / (parallel.runs + 1) * $0 }
    }
    var starts = Set<Int>()
    for point in points {
      if let start = Self.elementStart(from: point, in: bytes) { starts.insert(start) }
    }
    let sorted = starts.sorted()
    for (k, start) in sorted.enumerated() {
      let run = CellRun(
        start: start, stops: Array(sorted[(k + 1)...]), reader: reader.reader(at: start),
        limits: decoder.limits, section: section, maxCells: parallel.maxRunCells)
      if run.launch() { runs.append(run) }
    }
  }

  /// The first `,` at or after `point` (within ``ParallelCellDecoding/searchDistance``)
  /// followed by white space and `{`: where an element of a cells array might start (the
  /// offset after the comma, where the reader stands once it has moved to the element).
  static func elementStart(from point: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    let limit = Swift.min(bytes.count, point + ParallelCellDecoding.searchDistance)
    var i = point
    while i < limit {
      if bytes[i] == UInt8(ascii: ",") {
        var j = i + 1
        while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x0A || bytes[j] == 0x0D || bytes[j] == 0x09 {
          j += 1
        }
        if j < bytes.count, bytes[j] == UInt8(ascii: "{") { return i + 1 }
      }
      i += 1
    }
    return nil
  }

  /// Where the next run starts (`Int.max` when none is left).
  var nextStart: Int { next < runs.count ? runs[next].start : Int.max }

  /// The next run (the calling thread is on the element it starts at), waited for, if it read up to the array's end or the start of a later run
  /// without an error.
  mutating func takeNext() -> CellRun? {
    let run = runs[next]
    next += 1
    run.join()
    return run.succeeded ? run : nil
  }

  /// Cancels the runs that start before `offset` (the calling thread has gone past them).
  mutating func skip(before offset: Int) {
    while next < runs.count, runs[next].start < offset {
      runs[next].cancel()
      next += 1
    }
  }

  /// Cancels every run and waits for each to end.
  mutating func stop() {
    for run in runs { run.cancel() }
    for run in runs { run.join() }
    runs = []
  }
}

/// Cells read ahead on a helper thread from a guessed element start of a cells array.
///
/// `@unchecked Sendable`: the calling thread sets every stored property before the thread
/// starts and reads the results only after joining it (`pthread_join` orders the two); in
/// between the helper alone touches them, but for `cancelled`, which is atomic. The reader
/// reads bytes that the calling thread keeps alive and unchanged until it has joined the
/// helper (``CellRuns/stop()`` runs before the array's reading returns or throws).
final class CellRun: @unchecked Sendable {
  /// The offset where the run's first element starts (after its comma).
  let start: Int
  /// The starts of the later runs: this one stops when it reaches one of them exactly.
  let stops: [Int]
  private var reader: JSONReader
  private let limits: JSONInputLimits
  private let section: Int
  private let maxCells: Int?
  private let cancelled = Atomic<Bool>(false)
  /// The helper thread, once started.
  private var threads: [pthread_t] = []
  private var joined = false

  /// The chunks read, in order.
  private(set) var leaves = ContiguousArray<CellList.Node>()
  /// The number of cells read.
  private(set) var count = 0
  /// The offset after the last cell read.
  private(set) var end = 0
  /// Cell attribute overrides, by index from the run's first cell.
  private(set) var attributes: [(Int, PartialCellAttributes)] = []
  /// The shared trait lists of the cells read.
  private(set) var traitLists: [TraitSet: TraitSet] = [:]
  /// Whether the run read to the array's end or a later run's start without an error.
  private(set) var succeeded = false

  init(start: Int, stops: [Int], reader: JSONReader, limits: JSONInputLimits, section: Int, maxCells: Int?) {
    self.start = start
    self.stops = stops
    self.reader = reader
    self.limits = limits
    self.section = section
    self.maxCells = maxCells
  }

  /// Starts the helper thread; `false` when the system would not.
  func launch() -> Bool {
    // The thread holds a reference to the run until it ends.
    threads = HelperThreads.start(1, stackSize: ParallelCellDecoding.stackSize(maxDepth: limits.maxDepth)) {
      self.work()
    }
    return !threads.isEmpty
  }

  /// Asks the run to stop after the chunk it is reading.
  func cancel() { cancelled.store(true, ordering: .relaxed) }

  /// Waits for the helper thread to end (once).
  func join() {
    guard !joined else { return }
    joined = true
    HelperThreads.join(threads)
  }

  /// The helper thread's work: cells from `start` until the array's `]` or a later run's
  /// start, with a decoder of its own (counts, attribute and trait lists start empty).
  private func work() {
    var decoder = FeedDecoder(limits: limits, parallel: .sequential)
    var state = JSONReader.ArrayState()
    var pending: Int?
    var stop = 0
    do throws(JSONInputError) {
      // The reader stands after the comma: the first element needs none.
      guard try reader.nextElement(&state) == 0 else { return }
      pending = 0
      while !cancelled.load(ordering: .relaxed) {
        let splitAt = stop < stops.count ? stops[stop] : Int.max
        let (chunk, reached) = try decoder.readChunk(
          &reader, &state, section: section, pending: &pending, splitAt: splitAt, cellEnd: &end)
        count += chunk.count
        if !chunk.isEmpty { leaves.append(CellList.Node(cells: chunk)) }
        if let maxCells, count >= maxCells {
          // Ends at an element boundary, as a later run's start would.
          succeeded = true
          break
        }
        switch reached {
        case .full: continue
        case .run: break  // the calling thread reads runs: this run's cells are of no use
        case .closed: succeeded = true
        case .split:
          while stop < stops.count, stops[stop] < reader.offset { stop += 1 }
          guard stop < stops.count, stops[stop] == reader.offset else { continue }
          succeeded = true
        }
        break
      }
    } catch {
      succeeded = false
    }
    if succeeded {
      attributes = decoder.cellAttributes.map { ($0.item, $0.2) }
      traitLists = decoder.traitLists
    } else {
      leaves = []
    }
  }
}
