import LayoutGeometry

/// A stretch of a section's cells whose frames repeat with a period: cell
/// `first + p * frames.count + r` (for `p * frames.count + r < count`) has the frame
/// `frames[r]` moved by `p * step` (x by step.x, y by step.y), in content coordinates.
/// Written-out stretches are a FrameRun with `step == .zero` and `count == frames.count`.
package struct FrameRun: Equatable, Sendable {
  /// The item of the stretch's first cell in its section.
  package var first: Int
  /// The number of cells of the stretch (at least `frames.count` when the stretch repeats).
  package var count: Int
  /// One period's frames: the frames of cells `first ..< first + frames.count`.
  package var frames: [Rect]
  /// How far each period moves from the one before it.
  package var step: Point

  /// A stretch of `count` cells from `first` repeating `frames` every `step`.
  package init(first: Int, count: Int, frames: [Rect], step: Point) {
    self.first = first
    self.count = count
    self.frames = frames
    self.step = step
  }

  /// The frame of the stretch's cell `k` (`0 ..< count`): period `k / frames.count`, moved.
  package func frame(at k: Int) -> Rect {
    let period = k / frames.count
    let base = frames[k - period * frames.count]
    guard period > 0 else { return base }
    let p = Double(period)
    return Rect(
      x: base.minX + p * step.x, y: base.minY + p * step.y, width: base.size.width, height: base.size.height)
  }
}

extension SectionBody {
  /// Calls `body` with the cells of `items` as written-out ``FrameRun``s of at most
  /// ``frameRunLimit`` cells each (`step` zero), in item order: what a body whose frames do
  /// not repeat answers. Bodies whose lines repeat override it with periodic runs.
  ///
  /// - Complexity: O(log n + k) for k cells.
  func forEachFrameRun(in items: Range<Int>, at origin: BodyOrigin, _ body: (FrameRun) -> Void) {
    writtenOutFrameRuns(in: items, at: origin, body)
  }

  /// The cells of `items` as written-out ``FrameRun``s of at most ``frameRunLimit`` cells
  /// each: the default ``forEachFrameRun(in:at:_:)``, and what a body with periodic runs
  /// answers for its other cells.
  ///
  /// - Complexity: O(log n + k) for k cells.
  func writtenOutFrameRuns(in items: Range<Int>, at origin: BodyOrigin, _ body: (FrameRun) -> Void) {
    guard !items.isEmpty else { return }
    var frames: [Rect] = []
    frames.reserveCapacity(Swift.min(items.count, frameRunLimit))
    var first = items.lowerBound
    forEachItem(in: items, at: origin) { item, frame in
      frames.append(frame)
      if frames.count == frameRunLimit {
        body(FrameRun(first: first, count: frames.count, frames: frames, step: .zero))
        frames.removeAll(keepingCapacity: true)
        first = item + 1
      }
    }
    if !frames.isEmpty {
      body(FrameRun(first: first, count: frames.count, frames: frames, step: .zero))
    }
  }
}

/// The most cells of one written-out ``FrameRun`` the default
/// ``SectionBody/forEachFrameRun(in:at:_:)`` yields.
let frameRunLimit = 256

extension LayoutSnapshot {
  /// Calls `body` with the cells of `section` as ``FrameRun``s, in item order, their frames
  /// as the snapshot answers them (mirrored for a right-to-left list, transposed for a
  /// horizontal one, a run's `step` likewise): every cell once. Nothing for a section that
  /// does not exist.
  ///
  /// - Complexity: O(log s) plus what the section's body costs: O(runs + written-out cells +
  ///   periods' sizes) for bodies that yield periodic runs.
  package func forEachFrameRun(inSection section: Int, _ body: (FrameRun) -> Void) {
    guard geometries.indices.contains(section) else { return }
    let geometry = geometries[section]
    guard geometry.itemCount > 0 else { return }
    let direction = frameDirection
    geometry.body.forEachFrameRun(in: 0..<geometry.itemCount, at: bodyOrigin(section)) { run in
      guard direction.mirrored || direction.horizontal else { return body(run) }
      var directed = run
      directed.frames = run.frames.map(direction.directed)
      var step = run.step
      if direction.mirrored { step.x = -step.x }
      if direction.horizontal { step = Point(x: step.y, y: step.x) }
      directed.step = step
      body(directed)
    }
  }
}
