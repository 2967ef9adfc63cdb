import LayoutGeometry
import ListLayout

// The page's cells as runs: a feed whose cells hold runs gets a page whose size follows its
// runs, not its count (see the HTML rendering article).

/// Encodes a section's cell frames, in item order, as ``FrameRun``s: runs that already repeat
/// pass through; a written-out stretch whose frames turn out to repeat (every frame equal,
/// bit for bit, to one of the first `P` moved by whole steps, as ``FrameRun/frame(at:)``
/// computes it) becomes one periodic run, the rest stays written out in runs of at most 256.
/// Lossless by construction: the page computes each cell's frame with the same formula.
///
/// The periods looked for are 1 to 16 and the first 32 multiples (up to 4,096) of the lengths
/// of the section's first four cycles of cells (a flow's line breaks over a cycle of k cells
/// repeat after a multiple of k cells); a stretch becomes a run once its last three periods
/// (and at least 48 frames) repeat.
struct PageRunEncoder {
  static let shortPeriods = 16
  static let longestPeriod = 4_096
  static let cyclesLooked = 4
  static let multiplesLooked = 32
  static let writtenRun = 256

  /// The periods looked for, ascending, each with the frames it must repeat over.
  private let periods: [(period: Int, window: Int)]
  private let longestWindow: Int
  /// Frames not yet in a run, from cell `pendingFirst`.
  private var pending: [Rect] = []
  private var pendingFirst: Int
  /// The periodic run being extended.
  private var current: FrameRun?

  /// An encoder of cells from `first`, looking also for multiples of `cycles` (the lengths of
  /// the section's cycles of cells).
  init(first: Int, cycles: [Int] = []) {
    pendingFirst = first
    var lengths = Set(1...Self.shortPeriods)
    for cycle in cycles.prefix(Self.cyclesLooked) where cycle > 0 {
      var multiple = cycle
      for _ in 0..<Self.multiplesLooked where multiple <= Self.longestPeriod {
        lengths.insert(multiple)
        multiple += cycle
      }
    }
    periods = lengths.sorted().map { ($0, max(48, 3 * $0)) }
    longestWindow = periods.last!.window
  }

  /// Adds the next cell's frame.
  mutating func push(_ frame: Rect, _ body: (FrameRun) -> Void) {
    if let run = current {
      if run.frame(at: run.count) == frame {
        current!.count += 1
        return
      }
      body(run)
      current = nil
      pendingFirst = run.first + run.count
    }
    pending.append(frame)
    if let run = repetition() {
      emitWritten(upTo: run.first - pendingFirst, body)
      current = run
      pendingFirst = run.first + run.count
      pending.removeAll(keepingCapacity: true)
    } else if pending.count >= Self.writtenRun + longestWindow {
      emitWritten(upTo: Self.writtenRun, body)
    }
  }

  /// Adds a run that already repeats, after the frames before it.
  mutating func push(run: FrameRun, _ body: (FrameRun) -> Void) {
    finish(body)
    body(run)
    pendingFirst = run.first + run.count
  }

  /// Writes out what is left.
  mutating func finish(_ body: (FrameRun) -> Void) {
    if let run = current {
      body(run)
      current = nil
      pendingFirst = run.first + run.count
    }
    emitWritten(upTo: pending.count, body)
  }

  /// The last pending frames as a periodic run, if the last window of some period repeats
  /// with it, moving along the scroll axis (or not at all).
  private func repetition() -> FrameRun? {
    let count = pending.count
    for (period, window) in periods {
      guard window <= count else { break }
      let start = count - window
      let a = pending[start], b = pending[start + period]
      let step = Point(x: b.minX - a.minX, y: b.minY - a.minY)
      guard step.y >= 0, step.x.isFinite, step.y.isFinite else { continue }
      // FrameRun.frame(at:), without making the run.
      var k = period
      while k < window {
        let p = k / period
        let base = pending[start + k - p * period]
        let moved = Rect(
          x: base.minX + Double(p) * step.x, y: base.minY + Double(p) * step.y, width: base.size.width,
          height: base.size.height)
        guard moved == pending[start + k] else { break }
        k += 1
      }
      if k == window {
        return FrameRun(
          first: pendingFirst + start, count: window, frames: Array(pending[start..<start + period]),
          step: step)
      }
    }
    return nil
  }

  /// Writes the first `end` pending frames out, in runs of at most `writtenRun`.
  private mutating func emitWritten(upTo end: Int, _ body: (FrameRun) -> Void) {
    var start = 0
    while start < end {
      let stop = min(end, start + Self.writtenRun)
      body(
        FrameRun(
          first: pendingFirst + start, count: stop - start, frames: Array(pending[start..<stop]), step: .zero)
      )
      start = stop
    }
    pending.removeFirst(end)
    pendingFirst += end
  }
}

extension HTMLRenderer {
  /// Whether the page holds the model's cells as runs: when some section's cells hold a run.
  static func holdsRuns(_ model: ListModel) -> Bool {
    for section in model.sections {
      var run = false
      section.cells.forEachPart { part in
        if case .run = part { run = true }
      }
      if run { return true }
    }
    return false
  }

  /// The number of elements the page of `snapshot` embeds one by one: every element, but on
  /// a page that holds runs a run of frames counts its period once.
  ///
  /// - Complexity: O(n) for n cells.
  package static func embeddedElementCount(_ snapshot: LayoutSnapshot) -> Int {
    guard holdsRuns(snapshot.model) else { return snapshot.elementCount }
    var cells = 0
    var frames = 0
    let horizontal = snapshot.scrollAxis == .horizontal
    let axis = { (frame: Rect) in
      horizontal ? Rect(x: frame.minY, y: frame.minX, width: frame.height, height: frame.width) : frame
    }
    forEachPageRun(snapshot, encode: true, horizontal: horizontal, axis: axis) { run in
      cells += run.count
      frames += run.frames.count
    }
    return snapshot.elementCount - cells + frames
  }

  /// ``forEachPageRun(_:encode:horizontal:axis:_:)``'s runs of a page that holds runs, held
  /// in memory when their frames number at most `limit` (`nil` beyond: walk them again).
  static func pageRuns(
    _ snapshot: LayoutSnapshot, horizontal: Bool, axis: (Rect) -> Rect, limit: Int = 1 << 20
  ) -> [FrameRun]? {
    var runs: [FrameRun] = []
    var frames = 0
    var within = true
    forEachPageRun(snapshot, encode: true, horizontal: horizontal, axis: axis) { run in
      guard within else { return }
      frames += run.frames.count
      if frames > limit {
        within = false
        runs = []
      } else {
        runs.append(run)
      }
    }
    return within ? runs : nil
  }

  /// Calls `body` with the cells of every section, in listing order, as the page embeds
  /// them: ``FrameRun``s in layout space (`axis` applied, a horizontal list's steps
  /// transposed), numbered across the whole list. Written out cell by cell unless `encode`.
  static func forEachPageRun(
    _ snapshot: LayoutSnapshot, encode: Bool, horizontal: Bool, axis: (Rect) -> Rect,
    _ body: (FrameRun) -> Void
  ) {
    var base = 0
    for section in 0..<snapshot.numberOfSections {
      var cycles: Set<Int> = []
      if encode, snapshot.model.sections.indices.contains(section) {
        forEachPart(
          of: snapshot.model.sections[section].cells, count: snapshot.numberOfItems(inSection: section)
        ) { _, part in
          if case .run(let pattern, _, _, _, _) = part, pattern.count > 1 { cycles.insert(pattern.count) }
        }
      }
      var encoder = PageRunEncoder(first: base, cycles: cycles.sorted())
      snapshot.forEachFrameRun(inSection: section) { given in
        var run = given
        run.first += base
        run.frames = given.frames.map(axis)
        if horizontal { run.step = Point(x: given.step.y, y: given.step.x) }
        if encode && run.count > run.frames.count && run.step.y >= 0 {
          encoder.push(run: run, body)
        } else if encode {
          for k in 0..<run.count { encoder.push(run.frame(at: k), body) }
        } else if run.count == run.frames.count {
          body(run)
        } else {
          // Written out cell by cell: a page without runs lists every frame.
          var start = 0
          while start < run.count {
            let stop = min(run.count, start + PageRunEncoder.writtenRun)
            body(
              FrameRun(
                first: run.first + start, count: stop - start, frames: (start..<stop).map(run.frame(at:)),
                step: .zero))
            start = stop
          }
        }
      }
      encoder.finish(body)
      base += snapshot.numberOfItems(inSection: section)
    }
  }
}

/// A section's cells as the page shows them (a collapsed section's none): written-out
/// stretches and runs, as the model holds them.
enum PageCellPart {
  case cells(ArraySlice<Cell>)
  case run(pattern: ContiguousArray<Cell>, phase: Int, count: Int, idPrefix: String?, firstID: Int)
}

extension HTMLRenderer {
  /// Calls `body` with the parts of the first `count` cells of `cells`, in order, each with
  /// the index of its first cell in the section.
  static func forEachPart(of cells: CellList, count: Int, _ body: (Int, PageCellPart) -> Void) {
    var first = 0
    cells.forEachPart { part in
      guard first < count else { return }
      switch part {
      case .cells(let slice):
        let shown = slice.prefix(count - first)
        body(first, .cells(shown))
        first += shown.count
      case .run(let pattern, let phase, let runCount, let idPrefix, let firstID):
        let shown = min(runCount, count - first)
        body(first, .run(pattern: pattern, phase: phase, count: shown, idPrefix: idPrefix, firstID: firstID))
        first += shown
      }
    }
  }
}

extension HTMLRenderer {
  /// Writes the columns of a page that holds runs (see ``layoutJSON(_:)``): `n`, the number
  /// of cells; `runs`, each run of frames `[first, count, stepX, stepY, k]` (its `k` frames
  /// follow the previous runs' in `x`, `y`, `w` and `h`); `parts`, the cells' traits and
  /// identifiers: `[first, count]` for cells written out (their `t` and `id` follow the
  /// previous ones'), `[first, count, phase, [t, …], ids, firstID]` for a run of the model,
  /// whose cell `k` has the pattern's traits and identifier at `(phase + k) % k'`, or, when
  /// `ids` is a prefix, the identifier `prefix` followed by `firstID + k`.
  func writeRunColumns(
    _ snapshot: LayoutSnapshot, runs forEachRun: ((FrameRun) -> Void) -> Void, scriptSafe: Bool,
    traits: (TraitSet) -> Int, to out: inout ByteWriter
  ) {
    var total = 0
    for section in 0..<snapshot.numberOfSections { total += snapshot.numberOfItems(inSection: section) }
    out.write(",\n\"n\":")
    out.write(integer: total)
    out.write(",\n\"runs\":[")
    var first = true
    forEachRun { run in
      out.write(first ? "[" : ",[")
      first = false
      out.write(integer: run.first)
      out.write(",")
      out.write(integer: run.count)
      out.write(",")
      out.write(jsonNumber: run.step.x)
      out.write(",")
      out.write(jsonNumber: run.step.y)
      out.write(",")
      out.write(integer: run.frames.count)
      out.write("]")
    }
    out.write("],\n\"parts\":[")
    first = true
    var base = 0
    let model = snapshot.model
    for section in 0..<snapshot.numberOfSections {
      let count = snapshot.numberOfItems(inSection: section)
      if count > 0, model.sections.indices.contains(section) {
        Self.forEachPart(of: model.sections[section].cells, count: count) { start, part in
          out.write(first ? "[" : ",[")
          first = false
          out.write(integer: base + start)
          out.write(",")
          switch part {
          case .cells(let cells):
            out.write(integer: cells.count)
          case .run(let pattern, let phase, let runCount, let idPrefix, let firstID):
            out.write(integer: runCount)
            out.write(",")
            out.write(integer: phase)
            out.write(",[")
            for (position, cell) in pattern.enumerated() {
              if position > 0 { out.write(",") }
              out.write(integer: traits(cell.traits))
            }
            out.write("],")
            if let idPrefix {
              out.write(jsonString: idPrefix, scriptSafe: scriptSafe)
            } else if pattern.contains(where: { $0.id != nil }) {
              out.write("[")
              for (position, cell) in pattern.enumerated() {
                if position > 0 { out.write(",") }
                if let id = cell.id {
                  out.write(jsonString: id, scriptSafe: scriptSafe)
                } else {
                  out.write("null")
                }
              }
              out.write("]")
            } else {
              out.write("null")
            }
            out.write(",")
            out.write(integer: firstID)
          }
          out.write("]")
        }
      }
      base += count
    }
    out.write("]")
  }
}
