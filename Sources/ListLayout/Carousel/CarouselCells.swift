/// The sizes of a carousel's cells with their running sums: the widths, the heights, and
/// where each cell starts along the row (the sum of the widths before it).
///
/// ```
///  chunk 0 (cells 0 ..< 128)          chunk 1 (cells 128 ..< 256)       …
///  start 0                            start = chunk 0's total
///  sums: 0, w0, w0+w1, …, total       sums: 0, w128, w128+w129, …
///  prefix(i) = chunk(i).start + chunk(i).sums[i mod 128]
/// ```
///
/// Cells sit in chunks of up to ``chunkCapacity`` (every chunk full but the last), each
/// holding its cells' widths, heights and running sums behind a small header, never changed
/// once another row shares it: a chunk is one allocation of its own or, in a layout pass over
/// many carousel cells, room carved from the pass's ``ChunkArena`` (one mapping for every
/// carousel of the pass, as a large flow section's pages share one: no allocation per
/// carousel). A row is its first chunk, held in place, and the list of the others with each
/// one's start (the sum of the chunks before it, added in order); the first chunk's header
/// also holds the row's cell count, its tallest cell and the carousel's ``CarouselRow`` (so a
/// carousel body is three words, kept in place in a section's geometry). So:
/// - building a row of n cells is one pass and n / 128 allocations (at least one: a row of up
///   to 128 cells is one allocation; none in an arena), plus one for the list of the chunks
///   past the first;
/// - a cell's start is O(1), and the first cell past an x is a binary search, O(log n);
/// - resizing a cell copies its chunk and the list of chunks (and the first chunk when the
///   row's tallest cell changes): O(128 + n / 128), sharing every other chunk with the row it
///   came from (a chunk in an arena is always copied into one of its own).
///
/// Every sum is a pure function of the widths (a chunk's running sums are one loop from its
/// first cell, the starts one loop over the chunks from the first), so a row reached by
/// edits holds bit-identical sums to one built whole: incremental layout equals a full
/// relayout frame for frame.
///
/// The chunks' memory (the one place of the carousel code that reads and writes through
/// pointers) is in `Storage/CarouselCells+Chunk.swift`.
struct CarouselCells: @unchecked Sendable {
  /// Cells per chunk.
  static var chunkCapacity: Int { 1 << chunkShift }
  /// `log2(chunkCapacity)`.
  static var chunkShift: Int { LayoutTuning.carouselChunkShift }

  /// The arena room a row of `count` cells takes (``Builder/init(count:arena:)``): its
  /// chunks' values, each chunk's rounded up as ``ChunkArena/take(bytes:)`` hands out.
  static func arenaBytes(count: Int) -> Int {
    let full = count >> chunkShift
    let rest = count & (chunkCapacity - 1)
    let restBytes = rest > 0 || count == 0 ? Chunk.arenaBytes(values: 3 * rest + 1) : 0
    return full * Chunk.arenaBytes(values: 3 * chunkCapacity + 1) + restBytes
  }

  /// A chunk and the sum of the widths of every cell before it. Sendable because a chunk is
  /// changed only while one row holds it alone (`ManagedBuffer` is never `Sendable` itself).
  struct Entry: @unchecked Sendable {
    var chunk: Chunk
    var start: Double
  }

  /// Chunk 0 (empty for a row of no cells), with the row's count, tallest and carousel row.
  private var head: Chunk
  /// Chunks 1, 2, … with their starts (empty, not allocated, for a row of one chunk).
  private var tail: ContiguousArray<Entry>
  /// The row's segments when it holds runs (``CarouselSegments``): then `head` holds only the
  /// row's count, tallest and carousel row, and every cell is read from its segment.
  private(set) var segments: CarouselSegments? = nil

  /// The number of cells.
  var count: Int { head.rowCount }
  /// The tallest cell's height (0 when there is none).
  var tallest: Double { head.rowTallest }
  /// The carousel's row these cells were built for (`nil` for cells built on their own).
  var row: CarouselRow? { head.row }

  /// The number of chunks (at least one).
  @inline(__always)
  private var chunkCount: Int { tail.count + 1 }

  /// Chunk `c`'s values and its start, read in place: the row keeps every chunk's owner alive
  /// while one of its methods reads them, so a read retains nothing (a query reads a few
  /// cells of each of many rows).
  @inline(__always)
  private func values(ofChunk c: Int) -> (values: ChunkValues, start: Double) {
    if c == 0 { return (head.values, 0) }
    return tail.withUnsafeBufferPointer { ($0[c - 1].chunk.values, $0[c - 1].start) }
  }

  /// The arena holding each chunk's values, in order (`nil` for a chunk holding its own).
  var chunkArenas: [ChunkArena?] {
    [head.arena] + tail.map { $0.chunk.arena }
  }

  /// The sum of all widths.
  var total: Double {
    if let segments {
      let last = segments.segments[segments.segments.count - 1]
      return last.start + last.total
    }
    let last = values(ofChunk: chunkCount - 1)
    return last.start + last.values.total
  }

  /// A row being built cell by cell, straight into its chunks.
  struct Builder {
    private var head: Chunk?
    private var tail = ContiguousArray<Entry>()
    private var chunks = 0
    /// The chunk being filled, its running sums, its cell count and how many it has.
    private var chunk: Chunk?
    private var running: Running?
    private var size = 0
    private var written = 0
    private let count: Int
    private var start = 0.0
    private var tallest = 0.0
    /// Where the chunks' values go: room in a layout pass's arena, or (`nil`, or once it is
    /// full) each chunk's own elements.
    private let arena: ChunkArena?

    /// A builder of a row of `count` cells, its chunks' values in `arena` while it has room.
    init(count: Int, arena: ChunkArena? = nil) {
      self.count = count
      self.arena = arena
      let chunks = (count + CarouselCells.chunkCapacity - 1) >> CarouselCells.chunkShift
      if chunks > 1 { tail.reserveCapacity(chunks - 1) }
    }

    /// Appends `n` cells, cell `k`'s size from `size(k)` (`k` in `0 ..< n`), in order. The
    /// running sums stay in locals within a chunk.
    @inline(__always)
    mutating func append<E: Error>(
      _ n: Int, _ size: (Int) throws(E) -> (width: Double, height: Double)
    ) throws(E) {
      var k = 0
      while k < n {
        if written == self.size { nextChunk() }
        var sums = running!
        var w = written
        let end = Swift.min(self.size, w + (n - k))
        while w < end {
          let cell = try size(k)
          sums.add(w, width: cell.width, height: cell.height)
          w += 1
          k += 1
        }
        running = sums
        written = w
      }
    }

    /// Ends the chunk being filled, if any, and starts the next.
    private mutating func nextChunk() {
      endChunk()
      let remaining = count - CarouselCells.start(ofChunk: chunks)
      precondition(remaining > 0, "a carousel row of \(count) cells got more")
      let made = Chunk.make(count: Swift.min(remaining, CarouselCells.chunkCapacity), arena: arena)
      chunk = made
      running = made.running()
      size = made.count
      written = 0
    }

    /// Seals the chunk being filled and lists it.
    private mutating func endChunk() {
      guard let current = chunk else { return }
      running!.finish(current)
      if head == nil { head = current } else { tail.append(Entry(chunk: current, start: start)) }
      chunks += 1
      start += current.total
      tallest = Swift.max(tallest, current.tallest)
      chunk = nil
      running = nil
    }

    /// The row of every size appended (exactly `count` of them), for the carousel `row`.
    mutating func finish(row: CarouselRow? = nil) -> CarouselCells {
      precondition(written == size, "a carousel row of \(count) cells got fewer")
      endChunk()
      // Every chunk but the last is full, and the last had `size` cells.
      let appended = chunks == 0 ? 0 : CarouselCells.start(ofChunk: chunks - 1) + size
      precondition(appended == count, "a carousel row of \(count) cells got \(appended)")
      // The chunks are moved out of the builder, not copied (a copy retains each).
      let first = head.take() ?? Chunk.make(count: 0, arena: arena)
      first.setRow(count: count, tallest: tallest, row: row)
      var rest = ContiguousArray<Entry>()
      swap(&rest, &tail)
      return CarouselCells(head: first, tail: rest)
    }
  }

  private init(head: Chunk, tail: ContiguousArray<Entry>) {
    self.head = head
    self.tail = tail
  }

  /// A row of runs and written-out stretches, for the carousel `row` (at least one segment).
  init(segments: CarouselSegments, row: CarouselRow?) {
    let last = segments.segments[segments.segments.count - 1]
    head = Chunk.make(count: 0)
    head.setRow(
      count: last.first + last.count, tallest: segments.segments.reduce(0.0) { Swift.max($0, $1.tallest) },
      row: row)
    tail = []
    self.segments = segments
  }

  /// Cell `index`'s start, width and height read from its segment.
  @inline(never)
  private func segmentCell(
    _ index: Int, _ segments: CarouselSegments
  ) -> (
    start: Double, width: Double, height: Double
  ) {
    let segment = segments.segments[segments.segment(containing: index)]
    let local = index - segment.first
    let size = segment.size(local)
    return (segment.start + segment.prefix(local), size.width, size.height)
  }

  /// A row of the given sizes, for the carousel `row`.
  init<C: Collection>(_ sizes: C, row: CarouselRow? = nil)
  where C.Element == (width: Double, height: Double) {
    var builder = Builder(count: sizes.count)
    var index = sizes.startIndex
    builder.append(sizes.count) { _ in
      defer { index = sizes.index(after: index) }
      return sizes[index]
    }
    self = builder.finish(row: row)
  }

  /// Cell `index`'s start (``prefix(_:)``), width and height, read from its chunk once
  /// (`index` in `0 ..< count`).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func cell(_ index: Int) -> (start: Double, width: Double, height: Double) {
    if let segments { return segmentCell(index, segments) }
    let (chunk, start) = values(ofChunk: index >> Self.chunkShift)
    let k = index & (Self.chunkCapacity - 1)
    // As `prefix(index)` reads it.
    return (index <= 0 ? 0 : start + chunk.sum(k), chunk.width(k), chunk.height(k))
  }

  /// Cell `index`'s width.
  func width(_ index: Int) -> Double {
    if let segments { return segmentCell(index, segments).width }
    return values(ofChunk: index >> Self.chunkShift).values.width(index & (Self.chunkCapacity - 1))
  }

  /// Cell `index`'s height.
  func height(_ index: Int) -> Double {
    if let segments { return segmentCell(index, segments).height }
    return values(ofChunk: index >> Self.chunkShift).values.height(index & (Self.chunkCapacity - 1))
  }

  /// The sum of the first `n` widths (`n` in `0 ... count`): where cell `n` starts.
  ///
  /// - Complexity: O(1).
  func prefix(_ n: Int) -> Double {
    if n >= count { return total }
    if n <= 0 { return 0 }
    if let segments { return segmentCell(n, segments).start }
    let chunk = values(ofChunk: n >> Self.chunkShift)
    return chunk.start + chunk.values.sum(n & (Self.chunkCapacity - 1))
  }

  /// Whether the sum of the first `i` + 1 widths plus (`i` + 1) × `perElement` exceeds
  /// `target` (`i` in `0 ..< count`): false up to ``firstIndex(wherePrefixExceeds:perElement:)``,
  /// true from it on.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func prefixExceeds(_ i: Int, _ target: Double, perElement: Double) -> Bool {
    prefix(i + 1) + Double(i + 1) * perElement > target
  }

  /// The smallest index *i* such that the sum of the first *i* + 1 widths plus
  /// (*i* + 1) × `perElement` exceeds `target` (``prefixExceeds(_:_:perElement:)``), or `count`
  /// when none does (`perElement` ≥ 0).
  ///
  /// - Complexity: O(log n).
  func firstIndex(wherePrefixExceeds target: Double, perElement: Double) -> Int {
    if let segments { return segmentIndex(wherePrefixExceeds: target, perElement: perElement, segments) }
    // The first chunk whose last cell passes, then the first cell in it (the sums at a chunk's
    // end equal the next chunk's start bit for bit: `prefix` reads the same values).
    var low = 0
    var high = chunkCount
    while low < high {
      let mid = (low + high) >> 1
      let chunk = values(ofChunk: mid)
      let end = Self.start(ofChunk: mid) + chunk.values.count
      if chunk.start + chunk.values.total + Double(end) * perElement > target {
        high = mid
      } else {
        low = mid + 1
      }
    }
    guard low < chunkCount else { return count }
    let (chunk, start) = values(ofChunk: low)
    let first = Self.start(ofChunk: low)
    let n = chunk.count
    /// Whether cell `j` of the chunk passes (false up to the answer, true from it on: the sums
    /// and `perElement` only grow, and rounding keeps that order).
    @inline(__always)
    func passes(_ j: Int) -> Bool {
      start + chunk.sum(j + 1) + Double(first + j + 1) * perElement > target
    }
    // The answer lies in `0 ... n - 1` (the chunk's last cell passes: it was chosen so). A
    // guess where the target falls between the chunk's ends (cells of similar widths put it
    // within a cell or two).
    let from = start + Double(first) * perElement
    let to = start + chunk.sum(n) + Double(first + n) * perElement
    let k = Self.search(count: n, guess: (target - from) / (to - from) * Double(n), passes)
    return first + k
  }

  /// ``firstIndex(wherePrefixExceeds:perElement:)`` over segments: the first segment whose
  /// last cell passes (a binary search), then a guess within it by division, and steps
  /// doubling away from it until the answer is bracketed.
  @inline(never)
  private func segmentIndex(
    wherePrefixExceeds target: Double, perElement: Double, _ segments: CarouselSegments
  ) -> Int {
    let list = segments.segments
    var low = 0
    var high = list.count
    while low < high {
      let mid = (low + high) >> 1
      let segment = list[mid]
      // As `passes(segment.count - 1)` reads it.
      if segment.start + segment.prefix(segment.count) + Double(segment.first + segment.count) * perElement
        > target
      {
        high = mid
      } else {
        low = mid + 1
      }
    }
    guard low < list.count else { return count }
    let segment = list[low]
    let n = segment.count
    @inline(__always)
    func passes(_ j: Int) -> Bool {
      segment.start + segment.prefix(j + 1) + Double(segment.first + j + 1) * perElement > target
    }
    let from = segment.start + Double(segment.first) * perElement
    let to = segment.start + segment.total + Double(segment.first + n) * perElement
    let k = Self.search(count: n, guess: (target - from) / (to - from) * Double(n), passes)
    return segment.first + k
  }

  /// The first of `0 ..< n` that passes, the last one passing: from `guess` (a fractional
  /// position; ignored for two cells or fewer), steps doubling away from it until the answer is
  /// bracketed, then a binary search: O(log d) for an answer d cells from the guess, O(log n)
  /// at worst.
  @inline(__always)
  private static func search(count n: Int, guess position: Double, _ passes: (Int) -> Bool) -> Int {
    var k = 0
    var limit = n - 1
    if n > 2 {
      let guess = position > 0 ? (position < Double(n - 2) ? Int(position) : n - 2) : 0
      var step = 1
      if passes(guess) {
        limit = guess
        while guess - step >= 0 {
          if !passes(guess - step) {
            k = guess - step + 1
            break
          }
          limit = guess - step
          step <<= 1
        }
      } else {
        k = guess + 1
        while guess + step < n - 1 {
          if passes(guess + step) {
            limit = guess + step
            break
          }
          k = guess + step + 1
          step <<= 1
        }
      }
    }
    while k < limit {
      let mid = (k + limit) >> 1
      if passes(mid) { limit = mid } else { k = mid + 1 }
    }
    return k
  }

  /// ``forEachCell(from:_:)`` over segments.
  private func forEachSegmentCell(
    from first: Int, _ segments: CarouselSegments,
    _ body: (_ index: Int, _ start: Double, _ width: Double, _ height: Double) -> Bool
  ) {
    let list = segments.segments
    var s = segments.segment(containing: first)
    var local = first - list[s].first
    while s < list.count {
      let segment = list[s]
      switch segment.cells {
      case .written(let row):
        var going = true
        row.forEachCell(from: local) { i, start, width, height in
          going = body(segment.first + i, segment.start + start, width, height)
          return going
        }
        if !going { return }
      case .run(let period):
        let k = period.widths.count
        var q = local / k
        var r = local - q * k
        var i = local
        while i < segment.count {
          let start = segment.start + (Double(q) * period.pitch + period.sums[r])
          if !body(segment.first + i, start, period.widths[r], period.heights[r]) { return }
          i += 1
          r += 1
          if r == k {
            r = 0
            q += 1
          }
        }
      }
      s += 1
      local = 0
    }
  }

  /// The index of chunk `c`'s first cell.
  @inline(__always)
  static func start(ofChunk c: Int) -> Int { c << chunkShift }

  /// Calls `body` with each cell from `first` on: its index, start (``prefix(_:)``), width
  /// and height, in order, until it returns `false`.
  ///
  /// - Complexity: O(k) for the k cells visited.
  @inline(__always)
  func forEachCell(
    from first: Int, _ body: (_ index: Int, _ start: Double, _ width: Double, _ height: Double) -> Bool
  ) {
    guard first < count else { return }
    if let segments { return forEachSegmentCell(from: Swift.max(0, first), segments, body) }
    var c = Swift.max(0, first) >> Self.chunkShift
    var k = Swift.max(0, first) & (Self.chunkCapacity - 1)
    var index = Swift.max(0, first)
    while c < chunkCount {
      let (chunk, chunkStart) = values(ofChunk: c)
      let n = chunk.count
      while k < n {
        let start = k == 0 ? chunkStart : chunkStart + chunk.sum(k)
        if !body(index, start, chunk.width(k), chunk.height(k)) { return }
        k += 1
        index += 1
      }
      c += 1
      k = 0
    }
  }

  /// Sets cell `index`'s size: copies its chunk unless this row holds it alone, and moves
  /// the starts of the chunks after it.
  ///
  /// - Complexity: O(128 + n / 128).
  mutating func update(_ index: Int, width: Double, height: Double) {
    precondition(index >= 0 && index < count, "carousel cell \(index) out of 0..<\(count)")
    precondition(segments == nil, "a carousel row of runs is laid out again, not updated")
    let c = index >> Self.chunkShift
    let k = index & (Self.chunkCapacity - 1)
    let chunk: Chunk
    if c == 0 {
      head.makeUnique()
      chunk = head
    } else {
      tail[c - 1].chunk.makeUnique()
      chunk = tail[c - 1].chunk
    }
    chunk.set(k, width: width, height: height)
    chunk.seal()
    // The starts after it, summed as a build sums them; the tallest as a build finds it.
    var start = values(ofChunk: c).start + chunk.total
    var tallest = Swift.max(0.0, head.tallest)
    for d in tail.indices {
      if d + 1 > c {
        tail[d].start = start
        start += tail[d].chunk.total
      }
      tallest = Swift.max(tallest, tail[d].chunk.tallest)
    }
    // The row's tallest sits in the first chunk: copied (if shared) only when it changes.
    if tallest.bitPattern != self.tallest.bitPattern {
      head.makeUnique()
      head.setRowTallest(tallest)
    }
  }

  /// Every cell's size, in order.
  var sizes: [(width: Double, height: Double)] {
    var result: [(width: Double, height: Double)] = []
    result.reserveCapacity(count)
    forEachCell(from: 0) { _, _, width, height in
      result.append((width, height))
      return true
    }
    return result
  }

  /// Replaces the cells in `range` with cells of `newSizes`, building the row again.
  ///
  /// - Complexity: O(n); used when cells are inserted or removed, not for resizes.
  mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newSizes: C)
  where C.Element == (width: Double, height: Double) {
    var all = sizes
    all.replaceSubrange(range, with: newSizes)
    self = CarouselCells(all, row: row)
  }
}
