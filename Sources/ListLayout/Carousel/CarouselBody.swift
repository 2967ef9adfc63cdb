import LayoutGeometry

/// The body of a carousel section: one row of cells, left to right.
///
/// ```
///  row.left ─┬─[cell 0]─spacing─[cell 1]─spacing─ … ─[cell n−1]─┬─ row.trailing
///            x(i) = row.left + widths.prefix(i) + i × spacing     │
///  band ─────┴── height: tallest / first / fixed; cells aligned in it by the section's
///                vertical alignment (a taller cell overflows it)
/// ```
///
/// Widths sit in a ``PrefixSumTree`` (a cell's x is a prefix sum: found by binary search, moved
/// by a point update) and heights in a ``MaxTree`` (the tallest in O(1), updated in O(log n)).
struct CarouselBody: SectionBody {
  let row: CarouselRow
  var widths: PrefixSumTree<Double>
  var heights: MaxTree

  var itemCount: Int { widths.count }
  /// The band's height.
  var height: Double {
    switch row.height {
    case .tallest: heights.maximum
    case .first: heights.count > 0 ? heights[0] : 0
    case .fixed(let band): band
    }
  }
  var trailingSpace: Double { 0 }
  /// One row.
  var lineCount: Int { 1 }

  /// Cell `item`'s x relative to the first cell's.
  @inline(__always)
  func rowX(_ item: Int) -> Double {
    widths.prefix(item) + Double(item) * row.spacing
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
    let h = heights[item]
    return Rect(
      x: row.left + rowX(item) - offset,
      y: origin.sectionTop + (origin.bodyTop + top(h, band: band)),
      width: widths[item], height: h)
  }

  func frame(ofItem item: Int, at origin: BodyOrigin) -> Rect {
    frame(item, band: height, origin, scrolledBy: 0)
  }

  func forEachItem<E: Error>(at origin: BodyOrigin, _ body: (Int, Rect) throws(E) -> Void) throws(E) {
    let band = height
    for item in 0..<itemCount { try body(item, frame(item, band: band, origin, scrolledBy: 0)) }
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
    let tallest = heights.maximum
    let bandTop = origin.sectionTop + origin.bodyTop
    let cellsTop = bandTop + min(0, top(tallest, band: band))
    let cellsBottom = bandTop + max(band, top(tallest, band: band) + tallest)
    guard cellsTop < maxY + searchSlack(maxY), cellsBottom + searchSlack(cellsBottom) >= minY else { return }
    // The first cell whose right edge passes minX: x(i) + width(i) > minX, that is
    // prefix(i + 1) + (i + 1) × spacing > minX + offset − left + spacing.
    var item = 0
    if minX > -.infinity {
      let target = minX + offset - row.left + row.spacing
      item = widths.firstIndex(wherePrefixExceeds: target - searchSlack(target), perElement: row.spacing)
      item = max(0, item - 1)
    }
    let limit = maxX + offset
    while item < count {
      if maxX < .infinity && row.left + rowX(item) > limit + searchSlack(limit) { return }
      if !body(item, frame(item, band: band, origin, scrolledBy: offset)) { return }
      item += 1
    }
  }

  var scrollsSideways: Bool { true }

  /// The tallest cell's reach past the band, by the section's vertical alignment.
  var verticalOverflow: (above: Double, below: Double) {
    let band = height
    let tallest = heights.maximum
    let top = top(tallest, band: band)
    return (max(0, -top), max(0, top + tallest - band))
  }

  /// The row's width: the insets, the cells' widths and the spacings between them.
  var rowWidth: Double {
    let count = itemCount
    var content = row.left
    if count > 0 { content += widths.total + Double(count - 1) * row.spacing }
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
      for item in 0..<count {
        let snap = min(max(rowX(item), 0), end)
        if offsets.last != snap { offsets.append(snap) }
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
    if heights.count != widths.count {
      fail("section \(s) carousel has \(heights.count) heights, \(widths.count) widths")
    }
    var previousMaxX = -Double.infinity
    var tallest = 0.0
    for item in 0..<min(heights.count, widths.count) {
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
    if tallest != heights.maximum {
      fail("section \(s) carousel's tallest \(heights.maximum) is not \(tallest)")
    }
    return problems
  }
}

/// Heights with their maximum: a segment tree over a flat array (leaves from `base`), so that
/// a point update keeps the maximum in O(log n). It is a value: an edit of a tree another
/// snapshot still holds copies it (two `Double`s per cell).
struct MaxTree: Sendable, Equatable {
  /// Node *i*'s children are 2*i* and 2*i* + 1; node 1 is the root; leaf *k* is `base + k`.
  private var nodes: ContiguousArray<Double>
  private var base: Int
  private(set) var count: Int

  init<C: Collection>(_ values: C) where C.Element == Double {
    count = values.count
    base = 1
    while base < count { base <<= 1 }
    nodes = ContiguousArray(repeating: 0, count: 2 * base)
    for (k, value) in values.enumerated() { nodes[base + k] = value }
    var node = base - 1
    while node >= 1 {
      nodes[node] = Swift.max(nodes[2 * node], nodes[2 * node + 1])
      node -= 1
    }
  }

  /// The largest value (0 when there is none).
  var maximum: Double { count == 0 ? 0 : nodes[1] }

  subscript(index: Int) -> Double {
    get { nodes[base + index] }
    set {
      var node = base + index
      nodes[node] = newValue
      node >>= 1
      while node >= 1 {
        nodes[node] = Swift.max(nodes[2 * node], nodes[2 * node + 1])
        node >>= 1
      }
    }
  }

  /// Replaces `range` with `newValues`, rebuilding the tree.
  ///
  /// - Complexity: O(n).
  mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newValues: C)
  where C.Element == Double {
    var all = Array(nodes[base..<(base + count)])
    all.replaceSubrange(range, with: newValues)
    self = MaxTree(all)
  }
}
