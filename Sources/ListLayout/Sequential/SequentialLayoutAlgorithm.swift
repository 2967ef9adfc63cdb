import LayoutGeometry
import SequentialLayout

/// The sequential section layout (SQLayout's calculators): each cell placed relative to the
/// section and the cell before it, into a ``SequentialBody`` (cells may sit anywhere). Frames
/// with a negative width or height are clamped to 0. An edit lays the section out whole.
struct SequentialLayoutAlgorithm: SectionLayoutAlgorithm {
  /// The section's defaults.
  let defaults: SequentialSectionDefaults

  /// Sequential sections have no lines.
  var linesLaidOut: Int { 0 }

  mutating func layout<Policy: SpacingPolicy>(
    _ section: Section, in context: SectionContext, policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry {
    let configuration = context.configuration
    let contentInsets = configuration.contentInsets
    let width = max(0, configuration.width - contentInsets.horizontal)
    let defaultSize = configuration.defaultCellSize
    let direction = configuration.layoutDirection
    let sectionIndex = context.index
    var items: [SequentialSectionItem] = []
    items.reserveCapacity(section.cells.count)
    for (item, cell) in section.cells.enumerated() {
      let size: SizeCalculator<Int>
      // Sequential items are sized with the fitting width SQLayout proposes.
      let proposal: @Sendable (Size) -> SizingProposal = { fitting in
        SizingProposal(
          indexPath: ListIndexPath(item: item, section: sectionIndex), remainingLineSpace: fitting.width,
          lineWidth: fitting.width)
      }
      switch cell.size {
      case .fixed(let fixed): size = .fixed(fixed)
      case .automatic: size = .fixed(defaultSize)
      case .sizing(let callback):
        size = SizeCalculator { callback(proposal($0.fittingSize)) }
      case .flex(let content):
        size = SizeCalculator { content.size(for: proposal($0.fittingSize), direction: direction) }
      }
      if case .fixed(let fixed) = cell.size, !fixed.isValidLayoutSize {
        throw .invalidValue(path: context.cellPath(item, "size"), value: "\(fixed)", expected: nonNegative)
      }
      let options = cell.sequential
      items.append(
        SequentialSectionItem(
          size: size, frameCalculator: options?.frameCalculator, spacing: options?.spacing,
          padding: options?.padding))
    }
    let result: SequentialSectionLayout
    do {
      result = try SequentialSection.layout(
        items, width: width, layoutInsets: context.attributes.insets, defaults: defaults)
    } catch {
      throw .sectionLayoutFailed(path: "sections[\(sectionIndex)].layout", reason: "\(error)")
    }

    var frames = ContiguousArray<Rect>()
    frames.reserveCapacity(result.frames.count)
    var bottom = 0.0
    for frame in result.frames {
      // A calculator may return a negative extent (a container narrower than its insets):
      // clamped to 0, as the frames a list reports never have negative sizes.
      var box = frame.offsetBy(dx: contentInsets.left, dy: 0)
      box.size = Size(width: max(0, box.width), height: max(0, box.height))
      frames.append(box)
      bottom = max(bottom, frame.maxY)
    }
    // The body is the sequential content height (the section's insets are inside it).
    let body = SequentialBody(
      frames: frames, height: max(0, bottom), trailingSpace: max(result.contentHeight, bottom) - bottom)
    return SectionGeometry(
      body: body, header: section.header, footer: section.footer, listWidth: configuration.width,
      insets: .zero)
  }

  /// Sequential sections are laid out whole after an edit (their calculators may place any
  /// cell relative to any other).
  mutating func relayout<Policy: SpacingPolicy>(
    _ section: Section, in context: SectionContext, old: SectionGeometry, edit: SectionEdit,
    policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry? {
    nil
  }
}

/// The body of a sequential section: one frame per cell, relative to the body's top. Cells
/// may sit anywhere (overlapping, out of order), so a band query walks ``SequentialYIndex``,
/// the y extents of runs of consecutive cells, and reads only the runs that meet the band.
struct SequentialBody: SectionBody {
  let frames: ContiguousArray<Rect>
  let height: Double
  let trailingSpace: Double
  /// The y extents of runs of cells, for band queries.
  let yIndex: SequentialYIndex
  /// How far cells reach above the body's top (a calculator may place them there) and below
  /// its `height`: what searches for sections widen by.
  let verticalOverflow: (above: Double, below: Double)

  init(frames: ContiguousArray<Rect>, height: Double, trailingSpace: Double) {
    self.frames = frames
    self.height = height
    self.trailingSpace = trailingSpace
    yIndex = SequentialYIndex(frames)
    var (top, bottom) = (0.0, height)
    for frame in frames {
      top = min(top, frame.minY)
      bottom = max(bottom, frame.maxY)
    }
    verticalOverflow = (-top, bottom - height)
  }

  var itemCount: Int { frames.count }
  /// A sequential section has no lines; each cell counts as one.
  var lineCount: Int { frames.count }

  @inline(__always)
  private func frame(_ item: Int, _ origin: BodyOrigin) -> Rect {
    var frame = frames[item]
    frame.origin.y = origin.sectionTop + origin.bodyTop + frame.origin.y
    return frame
  }

  func frame(ofItem item: Int, at origin: BodyOrigin) -> Rect { frame(item, origin) }

  func forEachItem<E: Error>(
    in items: Range<Int>, at origin: BodyOrigin, _ body: (Int, Rect) throws(E) -> Void
  ) throws(E) {
    for item in items { try body(item, frame(item, origin)) }
  }

  /// The cells of the runs whose y extent meets the band (a superset: a run's cells are all
  /// visited), in item order.
  ///
  /// - Complexity: O(log n + k) when the runs that meet the band are few (cells placed one
  ///   after another); O(n) at worst, for cells scattered so that every run spans the band.
  func forEachItem(
    overlappingY minY: Double, _ maxY: Double, at origin: BodyOrigin, _ body: (Int, Rect) -> Bool
  ) {
    forEachItem(overlappingY: minY, maxY, at: origin, upwards: false, judge: { _, _, _ in .read }, body)
  }

  /// Weighs the runs of cells (and runs of runs) by their cells' x extents and y extent; the
  /// runs do not lie in order along y, so ``FocusGroupVerdict/end`` passes over one run only.
  /// Going up, the runs are visited last first.
  func forEachItem(
    overlappingX minX: Double, _ maxX: Double, y minY: Double, _ maxY: Double, scrolledBy offset: Double,
    at origin: BodyOrigin, upwards: Bool,
    judgingGroups judge: (CellExtents, Double, Double) -> FocusGroupVerdict,
    _ body: (Int, Rect) -> Bool
  ) {
    forEachItem(overlappingY: minY, maxY, at: origin, upwards: upwards, judge: judge, body)
  }

  @inline(__always)
  private func forEachItem(
    overlappingY minY: Double, _ maxY: Double, at origin: BodyOrigin, upwards: Bool,
    judge: (CellExtents, Double, Double) -> FocusGroupVerdict, _ body: (Int, Rect) -> Bool
  ) {
    // The band relative to the body's top, widened by the rounding of the frames' sum.
    let base = origin.sectionTop + origin.bodyTop
    let low = minY - base - searchSlack(minY) - searchSlack(base)
    let high = maxY - base + searchSlack(maxY) + searchSlack(base)
    _ = yIndex.forEachRun(
      meeting: low, high, reversed: upwards,
      skipping: {
        // The run's extent in content coordinates, widened by the same rounding.
        judge(
          $0.cells, base + $0.top - searchSlack(abs(base) + abs($0.top)),
          base + $0.bottom + searchSlack(abs(base) + abs($0.bottom))) != .read
      }
    ) { items in
      if upwards {
        for item in items.reversed() where !body(item, frame(item, origin)) { return false }
      } else {
        for item in items where !body(item, frame(item, origin)) { return false }
      }
      return true
    }
  }

  var walksOutwards: Bool { true }

  /// Best first over the y index (``SequentialYIndex/forEachRunOutwards(from:_:judging:_:)``):
  /// its runs (and runs of runs) in order of their distance along y from `low ... high`, the
  /// cells of each run read in item order. `item` only names the walk's start (cells may sit
  /// anywhere, so the walk starts from where the current cell lies rather than from its run).
  func forEachItem(
    outwardsFrom item: Int, along low: Double, _ high: Double, at origin: BodyOrigin,
    judgingGroups judge: (CellExtents, Double, Double, Bool) -> FocusGroupVerdict, _ body: (Int, Rect) -> Void
  ) -> Bool {
    guard item >= 0, item < itemCount else { return true }
    let base = origin.sectionTop + origin.bodyTop
    yIndex.forEachRunOutwards(
      from: low - base, high - base,
      judging: { extent, upwards in
        // The run's extent in content coordinates, widened by the rounding of the frames' sum
        // (as a band walk widens it).
        judge(
          extent.cells, base + extent.top - searchSlack(abs(base) + abs(extent.top)),
          base + extent.bottom + searchSlack(abs(base) + abs(extent.bottom)), upwards)
      }
    ) { items in
      for item in items { body(item, frame(item, origin)) }
    }
    return true
  }

  /// Every frame is finite and has no negative extent.
  func invariantViolations(_ check: BodyCheck) -> [String] {
    var problems: [String] = []
    for (item, frame) in frames.enumerated() where !frame.isFinite || frame.width < 0 || frame.height < 0 {
      problems.append("section \(check.section) item \(item) frame \(frame)")
      if problems.count == 20 { break }
    }
    return problems
  }
}

/// The y extents (least top, greatest bottom) of runs of ``LayoutTuning/sequentialRunCells``
/// consecutive cells of a sequential body, and of runs of those runs, level by level up to
/// one: a band query descends only into the runs whose extent meets it.
///
/// A run is visited when `low <= bottom` and `top <= high`: a cell that overlaps the band
/// `low ..< high` has `top < high` and `bottom > low`, and lies within its runs' extents at
/// every level, so no such cell is passed over.
struct SequentialYIndex: Sendable {
  /// `levels[0]` holds one extent per run of cells; `levels[l + 1]` one per run of
  /// `levels[l]`'s extents; the last level has one extent (none without cells).
  private let levels: [ContiguousArray<Extent>]
  private let cellCount: Int

  struct Extent: Sendable {
    var top: Double
    var bottom: Double
    /// The x extents of the run's cells (for focus searches, ``forEachRun(meeting:_:reversed:skipping:_:)``).
    var cells = CellExtents()
  }

  private static var fanOut: Int { LayoutTuning.sequentialRunCells }

  init(_ frames: ContiguousArray<Rect>) {
    cellCount = frames.count
    var levels: [ContiguousArray<Extent>] = []
    var level = ContiguousArray<Extent>()
    level.reserveCapacity((frames.count + Self.fanOut - 1) / Self.fanOut)
    var start = 0
    while start < frames.count {
      var extent = Extent(top: .infinity, bottom: -.infinity)
      for frame in frames[start..<min(frames.count, start + Self.fanOut)] {
        extent.top = min(extent.top, frame.minY)
        extent.bottom = max(extent.bottom, frame.maxY)
        extent.cells.add(minX: frame.minX, maxX: frame.maxX)
      }
      level.append(extent)
      start += Self.fanOut
    }
    levels.append(level)
    while level.count > 1 {
      var next = ContiguousArray<Extent>()
      next.reserveCapacity((level.count + Self.fanOut - 1) / Self.fanOut)
      var start = 0
      while start < level.count {
        var extent = Extent(top: .infinity, bottom: -.infinity)
        for run in level[start..<min(level.count, start + Self.fanOut)] {
          extent.top = min(extent.top, run.top)
          extent.bottom = max(extent.bottom, run.bottom)
          extent.cells.add(run.cells)
        }
        next.append(extent)
        start += Self.fanOut
      }
      levels.append(next)
      level = next
    }
    self.levels = levels
  }

  /// Calls `body` with the item range of every run of cells whose extent meets
  /// `low ... high`, in item order, until it returns `false`; returns whether it never did.
  /// Runs (at any level) whose cells' x extents `skips` answers `true` for are passed over.
  @discardableResult
  func forEachRun(
    meeting low: Double, _ high: Double, reversed: Bool = false,
    skipping skips: (Extent) -> Bool = { _ in false }, _ body: (Range<Int>) -> Bool
  ) -> Bool {
    guard let top = levels.last, !top.isEmpty else { return true }
    return visit(level: levels.count - 1, runs: 0..<top.count, low, high, reversed, skips, body)
  }

  /// Calls `body` with the item range of every run of cells, best first: the runs, and the
  /// runs of runs above them, in order of their distance along y from `low ... high` (0 for one
  /// that meets it; relative to the body's top), each judged by `judge` (given whether it lies
  /// wholly above `low`) before it is read or its runs are: ``FocusGroupVerdict/pass`` passes
  /// over it, ``FocusGroupVerdict/end`` ends its side (above or below): a run lying wholly
  /// that way and no nearer than it is passed over unjudged (its cells lie at least as far).
  ///
  /// - Complexity: O((k + 1) log k) for the k runs judged (a heap of the runs found so far).
  func forEachRunOutwards(
    from low: Double, _ high: Double, judging judge: (Extent, Bool) -> FocusGroupVerdict,
    _ body: (Range<Int>) -> Void
  ) {
    guard let root = levels.last, !root.isEmpty else { return }
    do {
      // Grown as runs are found: a step that ends early holds a few dozen.
      var heap = RunHeap(capacity: 4 * Self.fanOut)
      // Where each side ended: a run lying wholly above `endAbove` (below `endBelow`) is
      // passed over.
      var endAbove = -Double.infinity
      var endBelow = Double.infinity
      var level = levels.count - 1
      var runs = root.indices
      while true {
        let extents = levels[level]
        for run in runs {
          let extent = extents[run]
          let distance: Double
          if extent.bottom < low {
            guard extent.bottom > endAbove else { continue }
            distance = low - extent.bottom
          } else if extent.top > high {
            guard extent.top < endBelow else { continue }
            distance = extent.top - high
          } else {
            distance = 0
          }
          heap.push(RunHeap.Entry(distance: distance, level: level, run: run))
        }
        // The nearest run found, judged, then read or opened.
        var opened = false
        while !opened, let entry = heap.pop() {
          let extent = levels[entry.level][entry.run]
          let above = extent.bottom < low
          let below = !above && extent.top > high
          // A side that ended since the run was found.
          if above ? extent.bottom <= endAbove : below && extent.top >= endBelow { continue }
          switch judge(extent, above) {
          case .read: break
          case .pass: continue
          case .end:
            if above { endAbove = max(endAbove, extent.bottom) }
            if below { endBelow = min(endBelow, extent.top) }
            // Both sides ended: every run left lies beyond one end or the other (the runs
            // that meet the band, nearest, were taken first).
            if endAbove > -.infinity && endBelow < .infinity { return }
            continue
          }
          let start = entry.run * Self.fanOut
          if entry.level == 0 {
            body(start..<min(cellCount, start + Self.fanOut))
          } else {
            level = entry.level - 1
            runs = start..<min(levels[level].count, start + Self.fanOut)
            opened = true
          }
        }
        if !opened { return }
      }
    }
  }

  private func visit(
    level: Int, runs: Range<Int>, _ low: Double, _ high: Double, _ reversed: Bool, _ skips: (Extent) -> Bool,
    _ body: (Range<Int>) -> Bool
  ) -> Bool {
    let extents = levels[level]
    for k in runs.indices {
      let run = reversed ? runs.upperBound - 1 - (k - runs.lowerBound) : k
      let extent = extents[run]
      guard extent.bottom >= low, extent.top <= high, !skips(extent) else { continue }
      let start = run * Self.fanOut
      if level == 0 {
        if !body(start..<min(cellCount, start + Self.fanOut)) { return false }
      } else {
        let below = levels[level - 1].count
        if !visit(
          level: level - 1, runs: start..<min(below, start + Self.fanOut), low, high, reversed, skips, body)
        {
          return false
        }
      }
    }
    return true
  }
}

/// A min-heap of a y index's runs by their distance from a band
/// (``SequentialYIndex/forEachRunOutwards(from:_:judging:_:)``), grown as runs are pushed.
private struct RunHeap {
  struct Entry {
    var distance: Double
    var level: Int
    var run: Int
  }

  private var buffer: ContiguousArray<Entry> = []
  private var count = 0

  init(capacity: Int) {
    buffer.reserveCapacity(capacity)
  }

  mutating func push(_ entry: Entry) {
    if count == buffer.count { buffer.append(entry) }
    var k = count
    count += 1
    while k > 0 {
      let parent = (k - 1) / 2
      guard buffer[parent].distance > entry.distance else { break }
      buffer[k] = buffer[parent]
      k = parent
    }
    buffer[k] = entry
  }

  /// The nearest run, taken out; `nil` when none is left.
  mutating func pop() -> Entry? {
    guard count > 0 else { return nil }
    let first = buffer[0]
    count -= 1
    let last = buffer[count]
    var k = 0
    while true {
      var child = 2 * k + 1
      guard child < count else { break }
      if child + 1 < count && buffer[child + 1].distance < buffer[child].distance { child += 1 }
      guard buffer[child].distance < last.distance else { break }
      buffer[k] = buffer[child]
      k = child
    }
    if count > 0 { buffer[k] = last }
    return first
  }
}
