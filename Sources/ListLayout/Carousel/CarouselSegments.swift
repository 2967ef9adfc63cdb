/// A carousel row whose cells include runs of equal cells (or cycles of k): stretches of
/// written-out cells kept as rows of their own (``CarouselCells``, one running sum each), and
/// each run as one segment holding one period's widths, heights and running sums.
///
/// ```
///  segment  first  start (widths before it)   cells
///  0        0      0                          written out: 5 cells, sums as a row's
///  1        5      s1                         a run of 1,000,000 cells of a period of k
///  2        1000005  s1 + total of the run    written out: 3 cells
///  cell i of a run segment: q = (i − first) / k, r = (i − first) mod k,
///  start = segment.start + (q × pitch + sums[r])
/// ```
///
/// So a run's memory and the time to lay it out, find a cell, its start or the first cell
/// past an x do not depend on its count: O(k) to build, O(log segments) to find the segment,
/// O(1) within a run (a guess by division, then a few steps).
///
/// A class, so that a row holds one reference for its segments.
final class CarouselSegments: @unchecked Sendable {
  /// One period of a run: its cells' widths and heights, and their running sums (k + 1 of
  /// them: `sums[0]` is 0, `sums[k]` the pitch).
  struct Period: Sendable {
    var widths: [Double]
    var heights: [Double]
    var sums: [Double]

    init(_ sizes: [(width: Double, height: Double)]) {
      widths = sizes.map(\.width)
      heights = sizes.map(\.height)
      var sums = [0.0]
      sums.reserveCapacity(sizes.count + 1)
      var sum = 0.0
      for size in sizes {
        sum += size.width
        sums.append(sum)
      }
      self.sums = sums
    }

    /// The sum of one period's widths.
    var pitch: Double { sums[widths.count] }
  }

  /// What a segment holds.
  enum Cells: @unchecked Sendable {
    /// Written-out cells, a row of their own (no carousel row).
    case written(CarouselCells)
    /// A run of a period's cells repeated.
    case run(Period)
  }

  /// A segment: its first cell's index in the row, its count, the sum of the widths before
  /// it, its cells, and its own widths' sum and tallest cell.
  struct Segment: @unchecked Sendable {
    var first: Int
    var count: Int
    var start: Double
    var cells: Cells
    var total: Double
    var tallest: Double

    /// The sum of the segment's first `n` widths (`n` in `0 ... count`).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func prefix(_ n: Int) -> Double {
      switch cells {
      case .written(let row): return row.prefix(n)
      case .run(let period):
        let k = period.widths.count
        let q = n / k
        return Double(q) * period.pitch + period.sums[n - q * k]
      }
    }

    /// Local cell `i`'s width and height.
    @inline(__always)
    func size(_ i: Int) -> (width: Double, height: Double) {
      switch cells {
      case .written(let row): return (row.width(i), row.height(i))
      case .run(let period):
        let r = i % period.widths.count
        return (period.widths[r], period.heights[r])
      }
    }

    /// A written-out segment of `row`'s cells.
    init(first: Int, start: Double, written row: CarouselCells) {
      self.first = first
      count = row.count
      self.start = start
      cells = .written(row)
      total = row.total
      tallest = row.tallest
    }

    /// A run segment of `count` cells of `period` (`count` ≥ 1).
    init(first: Int, start: Double, count: Int, period: Period) {
      self.first = first
      self.count = count
      self.start = start
      cells = .run(period)
      total = 0
      tallest = period.heights.prefix(count).reduce(0.0) { Swift.max($0, $1) }
      total = prefix(count)
    }
  }

  /// The segments in order, none empty.
  let segments: [Segment]

  init(_ segments: [Segment]) {
    self.segments = segments
  }

  /// The index of the segment holding cell `index` (`index` in the row).
  ///
  /// - Complexity: O(log s) for s segments.
  func segment(containing index: Int) -> Int {
    var low = 0
    var high = segments.count - 1
    while low < high {
      let mid = (low + high + 1) >> 1
      if segments[mid].first <= index { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// A row's segments being built: written-out cells gathered until a run (or the end)
  /// closes them into a row of their own.
  struct Builder {
    private var segments: [Segment] = []
    private var pending: [(width: Double, height: Double)] = []
    private var count = 0
    private var start = 0.0
    private let arena: ChunkArena?

    init(arena: ChunkArena?) { self.arena = arena }

    /// Appends one written-out cell's size.
    mutating func append(width: Double, height: Double) {
      pending.append((width, height))
    }

    /// Appends a run of `count` cells of a period of `sizes`.
    mutating func appendRun(_ sizes: [(width: Double, height: Double)], count: Int) {
      guard count > 0 else { return }
      flush()
      let segment = Segment(first: self.count, start: start, count: count, period: Period(sizes))
      segments.append(segment)
      self.count += count
      start += segment.total
    }

    /// Closes the written-out cells gathered into a segment.
    private mutating func flush() {
      guard !pending.isEmpty else { return }
      var builder = CarouselCells.Builder(count: pending.count, arena: arena)
      builder.append(pending.count) { pending[$0] }
      let segment = Segment(first: count, start: start, written: builder.finish())
      segments.append(segment)
      count += pending.count
      start += segment.total
      pending.removeAll()
    }

    /// The segments of every cell appended.
    mutating func finish() -> CarouselSegments {
      flush()
      return CarouselSegments(segments)
    }
  }
}
