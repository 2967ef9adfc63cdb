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
  var height: Double {
    switch row.height {
    case .tallest: cells.tallest
    case .first: cells.count > 0 ? cells.height(0) : 0
    case .fixed(let band): band
    }
  }
  var trailingSpace: Double { 0 }
  /// One row.
  var lineCount: Int { 1 }

  /// Cell `item`'s x relative to the first cell's.
  @inline(__always)
  func rowX(_ item: Int) -> Double {
    rowX(start: cells.prefix(item), item)
  }

  /// Cell `item`'s x relative to the first cell's, when the widths before it sum to `start`.
  @inline(__always)
  func rowX(start: Double, _ item: Int) -> Double {
    start + Double(item) * row.spacing
  }

  /// Cell `item`'s y relative to the band's top: the section's vertical alignment of its
  /// height in the band (negative, or past the band, when it overflows).
  @inline(__always)
  func top(_ cellHeight: Double, band: Double) -> Double {
    switch row.alignment {
    case .top: 0
    case .center: (band - cellHeight) / 2
    case .bottom: band - cellHeight
    }
  }

  @inline(__always)
  func frame(_ item: Int, band: Double, _ origin: BodyOrigin, scrolledBy offset: Double) -> Rect {
    frame(
      item, start: cells.prefix(item), width: cells.width(item), height: cells.height(item), band: band,
      origin, scrolledBy: offset)
  }

  /// The frame of cell `item` of the given size whose preceding widths sum to `start`: the one
  /// formula every path uses.
  @inline(__always)
  func frame(
    _ item: Int, start: Double, width: Double, height: Double, band: Double, _ origin: BodyOrigin,
    scrolledBy offset: Double
  ) -> Rect {
    Rect(
      x: row.left + rowX(start: start, item) - offset,
      y: origin.sectionTop + (origin.bodyTop + top(height, band: band)),
      width: width, height: height)
  }

  func frame(ofItem item: Int, at origin: BodyOrigin) -> Rect {
    frame(item, band: height, origin, scrolledBy: 0)
  }

  func forEachItem<E: Error>(at origin: BodyOrigin, _ body: (Int, Rect) throws(E) -> Void) throws(E) {
    let band = height
    var failure: E?
    cells.forEachCell(from: 0) { item, start, width, height in
      do throws(E) {
        try body(
          item, frame(item, start: start, width: width, height: height, band: band, origin, scrolledBy: 0))
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
    let count = itemCount
    guard count > 0, !minX.isNaN, !maxX.isNaN else { return }
    // The cells' vertical extent: every cell lies between the tallest one's aligned edges.
    let band = height
    let tallest = cells.tallest
    let bandTop = origin.sectionTop + origin.bodyTop
    let cellsTop = bandTop + min(0, top(tallest, band: band))
    let cellsBottom = bandTop + max(band, top(tallest, band: band) + tallest)
    guard cellsTop < maxY + searchSlack(maxY), cellsBottom + searchSlack(cellsBottom) >= minY else { return }
    // The first cell whose right edge passes minX: x(i) + width(i) > minX, that is
    // prefix(i + 1) + (i + 1) × spacing > minX + offset − left + spacing.
    var item = 0
    if minX > -.infinity {
      let target = minX + offset - row.left + row.spacing
      item = cells.firstIndex(wherePrefixExceeds: target - searchSlack(target), perElement: row.spacing)
      item = max(0, item - 1)
    }
    let limit = maxX + offset
    let bounded = maxX < .infinity
    cells.forEachCell(from: item) { item, start, width, height in
      if bounded && row.left + rowX(start: start, item) > limit + searchSlack(limit) { return false }
      return body(
        item, frame(item, start: start, width: width, height: height, band: band, origin, scrolledBy: offset))
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
      var offsets: [Double] = []
      offsets.reserveCapacity(count)
      cells.forEachCell(from: 0) { item, start, _, _ in
        let snap = min(max(rowX(start: start, item), 0), end)
        if offsets.last != snap { offsets.append(snap) }
        return true
      }
      snaps = SnapOffsets(storage: .list(offsets))
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
