import LayoutGeometry
import ListLayout

// The page's cells as runs: a feed whose cells hold runs gets a page whose size follows its
// runs, not its count (see the HTML rendering article).

/// Encodes a section's cell frames, in item order, as ``FrameRun``s: runs that already repeat
/// pass through; a written-out stretch whose frames turn out to repeat (every frame equal,
/// bit for bit, to one of the first `P` moved by whole steps, as ``FrameRun/frame(at:)``
/// computes it) becomes one periodic run, the rest stays written out in runs of at most 256.
/// Lossless by construction: the page computes each cell's frame with the same formula.
struct PageRunEncoder {
  /// The longest period looked for, and how many frames a period must repeat over (three
  /// periods of the longest) before a stretch is held as a run.
  static let longestPeriod = 16
  static let window = 48
  static let writtenRun = 256

  /// Frames not yet in a run, from cell `pendingFirst`.
  private var pending: [Rect] = []
  private var pendingFirst: Int
  /// The periodic run being extended.
  private var current: FrameRun?

  init(first: Int) { pendingFirst = first }

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
    if pending.count >= Self.window, let run = repetition() {
      emitWritten(upTo: pending.count - Self.window, body)
      current = run
      pendingFirst = run.first + run.count
      pending.removeAll(keepingCapacity: true)
    } else if pending.count >= Self.writtenRun + Self.window {
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

  /// The last `window` pending frames as a periodic run, if they repeat with a period of at
  /// most `longestPeriod` moving along the scroll axis (or not at all).
  private func repetition() -> FrameRun? {
    let start = pending.count - Self.window
    let first = pendingFirst + start
    for period in 1...Self.longestPeriod {
      let a = pending[start], b = pending[start + period]
      let step = Point(x: b.minX - a.minX, y: b.minY - a.minY)
      guard step.y >= 0, step.x.isFinite, step.y.isFinite else { continue }
      let run = FrameRun(
        first: first, count: Self.window, frames: Array(pending[start..<start + period]), step: step)
      var k = period
      while k < Self.window && run.frame(at: k) == pending[start + k] { k += 1 }
      if k == Self.window { return run }
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
      var encoder = PageRunEncoder(first: base)
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
