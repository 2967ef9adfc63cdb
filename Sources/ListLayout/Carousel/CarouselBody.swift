import LayoutGeometry

/// The body of a carousel section: one row of cells, left to right.
///
/// ```
///  row.left ─┬─[cell 0]─spacing─[cell 1]─spacing─ … ─[cell n−1]─┬─ row.trailing
///            x(i) = row.left + (widths before i) + i × spacing     │
///  band ─────┴── height: tallest / first / fixed; cells aligned in it by the section's
///                vertical alignment (a taller cell overflows it)
/// ```
///
/// The cells' sizes and running sums sit in ``CarouselCells``: a cell's x is a prefix sum (read
/// in O(1), searched in O(log n)), the tallest cell is kept with them.
struct CarouselBody: SectionBody {
  /// The cells, with the carousel's row in their first chunk: the body is three words, held in
  /// place by a section's geometry (no box of its own).
  var cells: CarouselCells

  /// A body of `cells` built for a carousel row (``CarouselCells/Builder/finish(row:)``).
  init(cells: CarouselCells) {
    precondition(cells.row != nil, "carousel cells built without their row")
    self.cells = cells
  }

  /// Where the row starts, its spacing, band, alignment and paging.
  @inline(__always)
  var row: CarouselRow { cells.row! }

  var itemCount: Int { cells.count }
  /// The band's height.
  var height: Double { height(row) }

  /// The band's height, for this body's `row`.
  @inline(__always)
  func height(_ row: CarouselRow) -> Double {
    switch row.height {
    case .tallest: cells.tallest
    case .first: cells.count > 0 ? cells.height(0) : 0
    case .fixed(let band): band
    }
  }
  var trailingSpace: Double { 0 }
  /// One row.
  var lineCount: Int { 1 }

  /// Cell `item`'s y relative to the band's top (``CarouselRow/top(_:band:)``).
  @inline(__always)
  func top(_ cellHeight: Double, band: Double) -> Double {
    row.top(cellHeight, band: band)
  }

  @inline(__always)
  func frame(_ item: Int, band: Double, _ origin: BodyOrigin, scrolledBy offset: Double) -> Rect {
    row.frame(
      item, start: cells.prefix(item), width: cells.width(item), height: cells.height(item), band: band,
      origin, scrolledBy: offset)
  }

  func frame(ofItem item: Int, at origin: BodyOrigin) -> Rect {
    frame(item, band: height, origin, scrolledBy: 0)
  }

  func forEachItem<E: Error>(
    in items: Range<Int>, at origin: BodyOrigin, _ body: (Int, Rect) throws(E) -> Void
  ) throws(E) {
    guard !items.isEmpty else { return }
    let row = self.row
    let band = height(row)
    var failure: E?
    cells.forEachCell(from: items.lowerBound) { item, start, width, height in
      guard item < items.upperBound else { return false }
      do throws(E) {
        try body(
          item, row.frame(item, start: start, width: width, height: height, band: band, origin, scrolledBy: 0)
        )
        return true
      } catch {
        failure = error
        return false
      }
    }
    if let failure { throw failure }
  }

  /// Every cell when the band meets `minY ..< maxY` (the row is not restricted sideways).
  func forEachItem(
    overlappingY minY: Double, _ maxY: Double, at origin: BodyOrigin, _ body: (Int, Rect) -> Bool
  ) {
    forEachItem(
      overlappingX: -.infinity, .infinity, y: minY, maxY, scrolledBy: 0, at: origin, body)
  }

  /// The cells whose x extent, scrolled by `offset`, meets `minX ..< maxX`, when the cells'
  /// vertical extent meets `minY ..< maxY`: the first by binary search over the widths' sums.
  ///
  /// - Complexity: O(log n + k).
  func forEachItem(
    overlappingX minX: Double, _ maxX: Double, y minY: Double, _ maxY: Double, scrolledBy offset: Double,
    at origin: BodyOrigin, _ body: (Int, Rect) -> Bool
  ) {
    visitItems(overlappingX: minX, maxX, y: minY, maxY, scrolledBy: offset, at: origin, body)
  }

  func lastItem(
    overlappingX minX: Double, _ maxX: Double, y minY: Double, _ maxY: Double, scrolledBy offset: Double,
    at origin: BodyOrigin, using candidates: CellCandidates,
    where matches: (Rect) -> Bool
  ) -> Int? {
    guard let search = search(overlappingX: minX, maxX, y: minY, maxY, scrolledBy: offset, at: origin) else {
      return nil
    }
    // The last cell the forward visit reaches: the one before the first that starts past the
    // end (the same test, by binary search: starts only grow along the row).
    var low = search.first
    var high = itemCount
    while low < high {
      let mid = (low + high) >> 1
      if search.startsPastEnd(mid, start: cells.prefix(mid)) { high = mid } else { low = mid + 1 }
    }
    var item = low - 1
    while item >= search.first {
      if matches(search.frame(item, cells)) { return item }
      item -= 1
    }
    return nil
  }

  func forEachItem(
    awayFrom x: Double, y minY: Double, _ maxY: Double, at origin: BodyOrigin,
    _ body: (Int, Rect, AwayRun) -> Bool
  ) {
    guard let search = search(overlappingX: x, .infinity, y: minY, maxY, scrolledBy: 0, at: origin) else {
      return
    }
    cells.forEachCell(from: search.first) { item, start, width, height in
      body(item, search.frame(item, start: start, width: width, height: height), .rightward)
    }
    var item = search.first - 1
    while item >= 0, body(item, search.frame(item, cells), .leftward) { item -= 1 }
  }

  /// The cells on screen and the sideways prefetch, in one visit of the row: the cells of the
  /// search across the tally's visible extent are the candidates (as
  /// ``appendItems(overlappingX:_:y:_:scrolledBy:at:to:)`` hands them over), each counted by
  /// the tally's rule (``SidewaysTally/side(of:)``); of the other cells of the same search
  /// across the tally's reach, only those that can be the first or last counted on a side
  /// are: the ones after the candidates are tested from each end of their run until one
  /// counts ahead, the ones before them likewise until one counts behind (the cells between
  /// two counted on a side can count on no other: x only grows along the row), and the
  /// reach's ends are found by x alone.
  ///
  /// - Complexity: O(log n + k) for the k cells across the reach.
  func appendItems(
    y minY: Double, _ maxY: Double, scrolledBy offset: Double, at origin: BodyOrigin,
    to candidates: CellCandidates, counting tally: inout SidewaysTally
  ) {
    let (visible, reach) = (tally.visible, tally.reach)
    guard
      let search = search(
        overlappingX: visible.minX, visible.maxX, y: minY, maxY, scrolledBy: offset, at: origin)
    else { return }
    /// Counts cell `item` (its frame `frame`) by the tally's rule: the side it counts on.
    func count(_ item: Int, _ frame: Rect) -> SidewaysTally.Side? {
      let side = tally.side(of: frame)
      if let side { tally.add(item, on: side) }
      return side
    }
    // Forwards: the candidates, then the cells after them until one counts ahead, then (by x
    // alone) up to the reach search's end, the first cell that starts past it.
    let reachEnd = search.endOfSearch(maxX: reach.maxX)
    var onScreen = true
    var firstAhead = -1
    var end = itemCount
    cells.forEachCell(from: search.first) { item, start, width, height in
      if onScreen && search.startsPastEnd(item, start: start) { onScreen = false }
      if !onScreen && search.starts(item, start: start, past: reachEnd) {
        end = item
        return false
      }
      if firstAhead >= 0 { return true }
      let frame = search.frame(item, start: start, width: width, height: height)
      let side = count(item, frame)
      if onScreen {
        candidates.append(CellCandidate(item: item, frame: frame))
      } else if side == .ahead {
        firstAhead = item
      }
      return true
    }
    // Back from the reach search's end to the last cell that counts ahead.
    if firstAhead >= 0 {
      var item = end - 1
      while item > firstAhead, count(item, search.frame(item, cells)) != .ahead { item -= 1 }
    }
    // The reach search's first cell (by x alone), then the cells before the candidates, from
    // each end of their run until one counts behind.
    let target = search.firstTarget(minX: reach.minX)
    var reachFirst = search.first
    while reachFirst > 0, search.rightEdgePasses(reachFirst, target, cells) { reachFirst -= 1 }
    var lastBehind = search.first - 1
    while lastBehind >= reachFirst, count(lastBehind, search.frame(lastBehind, cells)) != .behind {
      lastBehind -= 1
    }
    var item = reachFirst
    while item < lastBehind, count(item, search.frame(item, cells)) != .behind { item += 1 }
  }

  /// A search along the row: its constants, read once, and where it starts and ends.
  private struct RowSearch {
    let row: CarouselRow
    let band: Double
    let origin: BodyOrigin
    let offset: Double
    /// The first cell whose right edge may pass the search's minX (by binary search).
    var first = 0
    /// A cell that starts past this x (unscrolled) lies past the search's maxX.
    var end = Double.infinity

    /// Whether cell `item`, whose preceding widths sum to `start`, starts past the search.
    @inline(__always)
    func startsPastEnd(_ item: Int, start: Double) -> Bool {
      starts(item, start: start, past: end)
    }

    /// Whether cell `item`, whose preceding widths sum to `start`, starts past `end` (an
    /// ``endOfSearch(maxX:)``).
    @inline(__always)
    func starts(_ item: Int, start: Double, past end: Double) -> Bool {
      row.left + row.x(start: start, item) > end
    }

    /// The x (unscrolled) past which a cell that starts lies past `maxX`, scrolled: a
    /// search's end (none for an unbounded search).
    @inline(__always)
    func endOfSearch(maxX: Double) -> Double {
      let limit = maxX + offset
      return maxX < .infinity ? limit + searchSlack(limit) : .infinity
    }

    /// What the right edges of the cells are compared with to find the first that may pass
    /// `minX`, scrolled (``CarouselCells/prefixExceeds(_:_:perElement:)``).
    @inline(__always)
    func firstTarget(minX: Double) -> Double {
      // x(i) + width(i) > minX, that is prefix(i + 1) + (i + 1) × spacing > minX + offset −
      // left + spacing.
      let target = minX + offset - row.left + row.spacing
      return target - searchSlack(target)
    }

    /// Whether cell `item`'s right edge may pass the x whose ``firstTarget(minX:)`` is `target`.
    @inline(__always)
    func rightEdgePasses(_ item: Int, _ target: Double, _ cells: CarouselCells) -> Bool {
      cells.prefixExceeds(item, target, perElement: row.spacing)
    }

    @inline(__always)
    func frame(_ item: Int, start: Double, width: Double, height: Double) -> Rect {
      row.frame(item, start: start, width: width, height: height, band: band, origin, scrolledBy: offset)
    }

    @inline(__always)
    func frame(_ item: Int, _ cells: CarouselCells) -> Rect {
      let cell = cells.cell(item)
      return frame(item, start: cell.start, width: cell.width, height: cell.height)
    }
  }

  /// The search for the cells whose x extent, scrolled by `offset`, meets `minX ..< maxX`,
  /// when the cells' vertical extent meets `minY ..< maxY` (else `nil`): the first cell whose
  /// right edge passes `minX` by binary search over the widths' sums, and the one before it;
  /// the cells from there up to the first that starts past `maxX`. Every visit of the row
  /// (forwards, backwards, outwards) starts from it.
  @inline(__always)
  private func search(
    overlappingX minX: Double, _ maxX: Double, y minY: Double, _ maxY: Double, scrolledBy offset: Double,
    at origin: BodyOrigin
  ) -> RowSearch? {
    let count = itemCount
    guard count > 0, !minX.isNaN, !maxX.isNaN else { return nil }
    let row = self.row
    // The cells' vertical extent: every cell lies between the tallest one's aligned edges.
    let band = height(row)
    let tallest = cells.tallest
    let bandTop = origin.sectionTop + origin.bodyTop
    let cellsTop = bandTop + min(0, row.top(tallest, band: band))
    let cellsBottom = bandTop + max(band, row.top(tallest, band: band) + tallest)
    guard cellsTop < maxY + searchSlack(maxY), cellsBottom + searchSlack(cellsBottom) >= minY else {
      return nil
    }
    var search = RowSearch(row: row, band: band, origin: origin, offset: offset)
    // The first cell whose right edge passes minX, and the one before it; the cells up to
    // the first that starts past maxX (an unbounded search never stops).
    if minX > -.infinity {
      let first = cells.firstIndex(
        wherePrefixExceeds: search.firstTarget(minX: minX), perElement: row.spacing)
      search.first = max(0, first - 1)
    }
    search.end = search.endOfSearch(maxX: maxX)
    return search
  }

  /// The one visit behind ``forEachItem(overlappingX:_:y:_:scrolledBy:at:_:)`` and
  /// ``appendItems(overlappingX:_:y:_:scrolledBy:at:to:)``: the cells of the search in order.
  @inline(__always)
  private func visitItems(
    overlappingX minX: Double, _ maxX: Double, y minY: Double, _ maxY: Double, scrolledBy offset: Double,
    at origin: BodyOrigin, _ body: (Int, Rect) -> Bool
  ) {
    guard let search = search(overlappingX: minX, maxX, y: minY, maxY, scrolledBy: offset, at: origin) else {
      return
    }
    cells.forEachCell(from: search.first) { item, start, width, height in
      if search.startsPastEnd(item, start: start) { return false }
      return body(item, search.frame(item, start: start, width: width, height: height))
    }
  }

  var scrollsSideways: Bool { true }

  /// The tallest cell's reach past the band, by the section's vertical alignment.
  var verticalOverflow: (above: Double, below: Double) {
    let band = height
    let tallest = cells.tallest
    let top = top(tallest, band: band)
    return (max(0, -top), max(0, top + tallest - band))
  }

  /// The row's width: the insets, the cells' widths and the spacings between them.
  var rowWidth: Double {
    let count = itemCount
    var content = row.left
    if count > 0 { content += cells.total + Double(count - 1) * row.spacing }
    return content + row.trailing
  }

  var carouselMetrics: CarouselMetrics? {
    let count = itemCount
    let contentWidth = max(row.listWidth, rowWidth)
    let end = max(0, contentWidth - row.listWidth)
    let snaps: SnapOffsets
    switch row.paging {
    case .none: snaps = SnapOffsets(storage: .list([]))
    case .item:
      if let items = ItemSnapOffsets(cells, spacing: row.spacing, end: end) {
        snaps = SnapOffsets(storage: .items(items))
      } else {
        var offsets: [Double] = []
        offsets.reserveCapacity(count)
        cells.forEachCell(from: 0) { item, start, _, _ in
          let snap = ItemSnapOffsets.snap(row.x(start: start, item), end: end)
          if offsets.last != snap { offsets.append(snap) }
          return true
        }
        snaps = SnapOffsets(storage: .list(offsets))
      }
    case .page: snaps = .pages(width: row.listWidth, end: end)
    }
    return CarouselMetrics(contentWidth: contentWidth, maximumOffset: end, snapOffsets: snaps)
  }

  /// Cells keep their order left to right without overlapping, sizes are finite and not
  /// negative, a cell no taller than the band lies inside it, the tree of heights agrees
  /// with its cells.
  func invariantViolations(_ check: BodyCheck) -> [String] {
    var problems: [String] = []
    func fail(_ message: String) {
      if problems.count < 20 { problems.append(message) }
    }
    let s = check.section
    var previousMaxX = -Double.infinity
    var tallest = 0.0
    for item in 0..<cells.count {
      let frame = frame(item, band: height, check.origin, scrolledBy: 0)
      if !frame.isFinite || frame.width < 0 || frame.height < 0 {
        fail("section \(s) item \(item) frame \(frame)")
        continue
      }
      if frame.minX < previousMaxX - check.epsilon {
        fail("section \(s) carousel item \(item) overlaps the cell before it")
      }
      previousMaxX = frame.maxX
      tallest = max(tallest, frame.height)
      let bandTop = check.origin.sectionTop + check.origin.bodyTop
      if frame.height <= height
        && (frame.minY < bandTop - check.epsilon || frame.maxY > bandTop + height + check.epsilon)
      {
        fail("section \(s) carousel item \(item) \(frame) leaves its band")
      }
    }
    if tallest != cells.tallest {
      fail("section \(s) carousel's tallest \(cells.tallest) is not \(tallest)")
    }
    if cells.count > 0 && cells.prefix(cells.count) != cells.total {
      fail("section \(s) carousel's widths sum to \(cells.prefix(cells.count)), not \(cells.total)")
    }
    return problems
  }
}

extension CarouselRow {
  /// Cell `item`'s x relative to the first cell's, when the widths before it sum to `start`.
  @inline(__always)
  func x(start: Double, _ item: Int) -> Double {
    start + Double(item) * spacing
  }

  /// A cell's y relative to the band's top: the section's vertical alignment of its height in
  /// the band (negative, or past the band, when it overflows); `stretch`, a flow section's
  /// alignment, places cells as `top` does.
  @inline(__always)
  func top(_ cellHeight: Double, band: Double) -> Double {
    switch alignment {
    case .top, .stretch: 0
    case .center: (band - cellHeight) / 2
    case .bottom: band - cellHeight
    }
  }

  /// The frame of cell `item` of the given size whose preceding widths sum to `start`, the
  /// row scrolled by `offset`: the one formula every path uses.
  @inline(__always)
  func frame(
    _ item: Int, start: Double, width: Double, height: Double, band: Double, _ origin: BodyOrigin,
    scrolledBy offset: Double
  ) -> Rect {
    Rect(
      x: left + x(start: start, item) - offset,
      y: origin.sectionTop + (origin.bodyTop + top(height, band: band)),
      width: width, height: height)
  }
}

/// The snap offsets of a carousel paged by item, read from its cells when asked: offset *p* is
/// cell *p*'s x relative to the first cell's, `clamp(x, 0, end)`, for the cells before the
/// first that reaches `end`, then `end` once (when a cell reaches it).
///
/// That is the list of every cell's clamped x without repeats only when neighbouring cells
/// never share an x: the initializer fails unless the spacing alone keeps them apart through
/// any rounding of the row's sums (then cell *p*'s x is the *p*-th distinct value).
///
/// A class, so that ``SnapOffsets``' storage holds one reference for it.
final class ItemSnapOffsets: @unchecked Sendable {
  let cells: CarouselCells
  let spacing: Double
  let end: Double
  /// The first cell whose x reaches `end`, or the cell count.
  let reaching: Int
  /// The number of offsets.
  let count: Int

  /// A cell's snap offset for its x.
  @inline(__always)
  static func snap(_ x: Double, end: Double) -> Double { min(max(x, 0), end) }

  /// The offsets of `cells`, `spacing` apart, clamped to `end`; `nil` when neighbouring cells
  /// may share an x.
  ///
  /// - Complexity: O(log n).
  init?(_ cells: CarouselCells, spacing: Double, end: Double) {
    let n = cells.count
    guard n > 0 else { return nil }
    // Every x lies below `widest`, so each addition rounds it by at most half an ulp of it;
    // neighbours' exact x differ by at least the spacing (widths are not negative), less
    // the rounding of their i × spacing: with the spacing past four of those ulps, the
    // rounded x strictly increase.
    let widest = (cells.total + Double(n) * spacing) * 2
    guard widest.isFinite, spacing > 4 * widest.ulp else { return nil }
    self.cells = cells
    self.spacing = spacing
    self.end = end
    // The first cell whose x reaches the end (x only grows along the row).
    var low = 0
    var high = n
    while low < high {
      let mid = (low + high) >> 1
      if Self.x(cells, spacing, mid) >= end { high = mid } else { low = mid + 1 }
    }
    reaching = low
    count = low + (low < n ? 1 : 0)
  }

  /// Cell `item`'s x relative to the first cell's (``CarouselRow/x(start:_:)``).
  @inline(__always)
  static func x(_ cells: CarouselCells, _ spacing: Double, _ item: Int) -> Double {
    cells.prefix(item) + Double(item) * spacing
  }

  /// Offset `position`.
  ///
  /// - Complexity: O(1).
  subscript(position: Int) -> Double {
    position < reaching ? Self.snap(Self.x(cells, spacing, position), end: end) : end
  }
}

extension CarouselBody {
  /// The cells of `items` as ``FrameRun``s: a run segment's cells as one periodic run (one
  /// period's frames, each period `pitch + k × spacing` further along), the written-out
  /// cells as the default yields them.
  ///
  /// - Complexity: O(segments + periods + written-out cells) in `items`.
  func forEachFrameRun(in items: Range<Int>, at origin: BodyOrigin, _ body: (FrameRun) -> Void) {
    guard !items.isEmpty else { return }
    guard let segments = cells.segments else {
      return writtenOutFrameRuns(in: items, at: origin, body)
    }
    let list = segments.segments
    var s = segments.segment(containing: items.lowerBound)
    while s < list.count, list[s].first < items.upperBound {
      let segment = list[s]
      let lower = Swift.max(items.lowerBound, segment.first)
      let upper = Swift.min(items.upperBound, segment.first + segment.count)
      switch segment.cells {
      case .written:
        writtenOutFrameRuns(in: lower..<upper, at: origin, body)
      case .run(let period):
        let k = period.widths.count
        let frames = (lower..<Swift.min(upper, lower + k)).map { frame(ofItem: $0, at: origin) }
        let step = Point(x: period.pitch + Double(k) * row.spacing, y: 0)
        body(FrameRun(first: lower, count: upper - lower, frames: frames, step: step))
      }
      s += 1
    }
  }
}
