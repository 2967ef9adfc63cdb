import LayoutGeometry

/// A cell of a grid page: its frame relative to the page's top.
struct GridItemRecord: Equatable, BitwiseCopyable {
  var x: Double
  var y: Double
  var width: Double
  var height: Double

  var frame: Rect { Rect(x: x, y: y, width: width, height: height) }
}

/// A row of a grid page: its first cell (within the page), its top relative to the page's
/// top and its height (its tallest cell's).
struct GridRowRecord: Equatable, BitwiseCopyable {
  var firstItem: Int
  var y: Double
  var height: Double
  var maxY: Double { y + height }
}

/// Whole rows of a sparse grid, about ``targetItemCount`` cells: the unit an edit replaces.
/// Rows inside a page are `rowSpacing` apart; a page starts at a row's start.
///
/// A page may repeat its rows (a run of cells whose rows repeat, see <doc:RunsOfCells>): its
/// ``items`` and ``rows`` are then one period, and copy *p* of the period sits ``pitch`` × *p*
/// below the page's top, its cells ``periodItemCount`` × *p* further on. Every read goes
/// through ``item(_:)``, ``row(_:)`` and the row searches, which divide.
final class GridPage: Sendable {
  /// Cells, in item order (one period of them).
  let items: ContiguousArray<GridItemRecord>
  /// Rows, top to bottom (one period of them).
  let rows: ContiguousArray<GridRowRecord>
  /// The copies of the period the page holds (1 for a page written out).
  let repeats: Int
  /// The distance from a copy's top to the next one's: the period's height and the row
  /// spacing (0 for a page written out).
  let pitch: Double
  /// The bottom of the last row.
  let height: Double

  /// A page is closed at the end of the first row that brings it to this many cells.
  static var targetItemCount: Int { LayoutTuning.gridPageItems }

  init(items: ContiguousArray<GridItemRecord>, rows: ContiguousArray<GridRowRecord>) {
    self.items = items
    self.rows = rows
    repeats = 1
    pitch = 0
    height = rows.last?.maxY ?? 0
  }

  /// A page of `repeats` copies of `period`'s rows, `rowSpacing` apart.
  init(repeating period: GridPage, _ repeats: Int, rowSpacing: Double) {
    precondition(
      period.repeats == 1 && repeats >= 1 && !period.rows.isEmpty, "a grid period repeats its rows")
    items = period.items
    rows = period.rows
    self.repeats = repeats
    pitch = period.height + rowSpacing
    height = Double(repeats - 1) * pitch + period.height
  }

  /// The cells of one period.
  var periodItemCount: Int { items.count }
  var itemCount: Int { items.count * repeats }
  var rowCount: Int { rows.count * repeats }

  /// Cell `local`'s record, its y relative to the page's top.
  @inline(__always)
  func item(_ local: Int) -> GridItemRecord {
    if repeats == 1 { return items[local] }
    let (copy, r) = local.quotientAndRemainder(dividingBy: items.count)
    var record = items[r]
    record.y = Double(copy) * pitch + record.y
    return record
  }

  /// Row `row`'s record (its first cell page-local, its y relative to the page's top).
  @inline(__always)
  func row(_ row: Int) -> GridRowRecord {
    if repeats == 1 { return rows[row] }
    let (copy, r) = row.quotientAndRemainder(dividingBy: rows.count)
    var record = rows[r]
    record.firstItem += copy * items.count
    record.y = Double(copy) * pitch + record.y
    return record
  }

  /// The cells of row `row` (page-local).
  func items(ofRow row: Int) -> Range<Int> {
    self.row(row).firstItem..<(row + 1 < rowCount ? self.row(row + 1).firstItem : itemCount)
  }

  /// The row holding cell `local`.
  ///
  /// - Complexity: O(log r) for r rows of a period.
  func row(holding local: Int) -> Int {
    let (copy, r) = local.quotientAndRemainder(dividingBy: items.count)
    var low = 0
    var high = rows.count - 1
    while low < high {
      let mid = (low + high + 1) >> 1
      if rows[mid].firstItem <= r { low = mid } else { high = mid - 1 }
    }
    return copy * rows.count + low
  }

  /// The first row whose bottom is below `y`, or ``rowCount``.
  ///
  /// - Complexity: O(log (repeats · r)).
  func firstRow(endingBelow y: Double) -> Int {
    var low = 0
    var high = rowCount
    while low < high {
      let mid = (low + high) >> 1
      if row(mid).maxY > y { high = mid } else { low = mid + 1 }
    }
    return low
  }
}

/// Builds grid rows into pages (or one flat list, for dense bodies): cells are placed into the
/// open row as they come (at the row's top, their own height); when the row is closed its
/// height is known and its cells are aligned (center, bottom, stretch) in place.
struct GridRowWriter {
  let metrics: GridMetrics
  /// Whether pages are closed at ``GridPage/targetItemCount`` (sparse) or never (dense).
  let paged: Bool
  private(set) var pages: [GridPage] = []
  private var items = ContiguousArray<GridItemRecord>()
  private var rows = ContiguousArray<GridRowRecord>()
  /// The top of the next row (relative to the page).
  private var nextY = 0.0
  /// The open row: its first cell and its height so far (`nil`: no row is open).
  private var openRow: (first: Int, height: Double)?
  /// Rows written so far.
  private(set) var rowCount = 0

  init(metrics: GridMetrics, paged: Bool) {
    self.metrics = metrics
    self.paged = paged
    if paged {
      // A page closes at the end of the row that reaches the target: at most a row over it.
      items.reserveCapacity(GridPage.targetItemCount + metrics.columnCount)
      rows.reserveCapacity(GridPage.targetItemCount / metrics.columnCount + 2)
    }
  }

  /// Places a cell in the open row (opening one if none is), at `column`, `span` columns
  /// wide, `height` tall.
  @inline(__always)
  mutating func place(column: Int, span: Int, height: Double) {
    if openRow == nil { openRow = (items.count, 0) }
    openRow!.height = max(openRow!.height, height)
    items.append(
      GridItemRecord(
        x: metrics.x(ofColumn: column), y: nextY, width: metrics.width(ofSpan: span), height: height))
  }

  /// Closes the open row: it is as tall as its tallest cell; each cell sits in it as the
  /// alignment says. Returns whether a page was closed after it.
  @discardableResult
  mutating func closeRow() -> Bool {
    guard let (first, height) = openRow else { return false }
    openRow = nil
    rows.append(GridRowRecord(firstItem: first, y: nextY, height: height))
    if metrics.alignment != .top {
      for i in first..<items.count {
        switch metrics.alignment {
        case .top: break
        case .center: items[i].y = nextY + (height - items[i].height) / 2
        case .bottom: items[i].y = nextY + (height - items[i].height)
        case .stretch: items[i].height = height
        }
      }
    }
    nextY = nextY + height + metrics.rowSpacing
    rowCount += 1
    if paged && items.count >= GridPage.targetItemCount {
      closePage()
      return true
    }
    return false
  }

  /// Closes the page being written, if it has rows: whether it had.
  @discardableResult
  mutating func closePage() -> Bool {
    guard !rows.isEmpty else { return false }
    pages.append(GridPage(items: items, rows: rows))
    items.removeAll(keepingCapacity: true)
    rows.removeAll(keepingCapacity: true)
    nextY = 0
    return true
  }

  /// Closes the page being written and adds a page of `repeats` copies of `period`'s rows
  /// (written by a writer of its own, from a row's start): the open row must be closed.
  mutating func appendRepeated(_ period: GridPage, _ repeats: Int) {
    precondition(openRow == nil, "a repeated period starts a row")
    closePage()
    pages.append(GridPage(repeating: period, repeats, rowSpacing: metrics.rowSpacing))
    rowCount += period.rows.count
  }

  /// Whether no row is open.
  var atRowStart: Bool { openRow == nil }

  /// The pages written, the open row and the last page closed.
  mutating func finish() -> [GridPage] {
    closeRow()
    closePage()
    return pages
  }
}

/// The body of a sparse grid section: pages of whole rows, with prefix sums over their heights
/// and cell counts (as a flow body's pages of lines), so that an edit replaces a page and
/// everything after it moves by a sum. Cells of a row are consecutive items.
///
/// ```
///   body top ─┬─ page 0  ┐  rows; page k's top is pageHeights.prefix(k) + k · rowSpacing
///             │  rowSpacing
///             └─ page 1  ┘
/// ```
struct GridBody: SectionBody {
  var pages = BlockArray<GridPage>()
  var pageHeights = PrefixSumTree<Double>()
  var pageItemCounts = PrefixSumTree<Int>()
  /// Page row counts; page *k*'s first row is `pageRowCounts.prefix(k)` (separators are
  /// numbered by the row above them).
  var pageRowCounts = PrefixSumTree<Int>()
  /// What the cells were placed with (an edit placed with others lays the section out whole).
  let metrics: GridMetrics

  init(pages: some Collection<GridPage>, metrics: GridMetrics) {
    self.pages = BlockArray(pages)
    pageHeights = PrefixSumTree(pages.lazy.map(\.height))
    pageItemCounts = PrefixSumTree(pages.lazy.map(\.itemCount))
    pageRowCounts = PrefixSumTree(pages.lazy.map(\.rowCount))
    self.metrics = metrics
  }

  var itemCount: Int { pageItemCounts.total }
  var height: Double {
    pages.isEmpty ? 0 : pageHeights.total + Double(pages.count - 1) * metrics.rowSpacing
  }
  var trailingSpace: Double { 0 }
  var lineCount: Int { pageRowCounts.total }

  /// Cell `item`'s row (of the whole grid) and column, from 0, with `spans(k)` the span the
  /// model gives cell `k`: sparse placement fills each row from column 0 in item order.
  ///
  /// - Complexity: O(log p + log r + c) for the c cells before it in its row.
  func gridPlacement(ofItem item: Int, spans: (Int) -> GridSpan?) -> GridCellPlacement? {
    let (k, local) = locate(item: item)
    let page = pages[k]
    let low = page.row(holding: local)
    let columns = metrics.columnCount
    func span(_ k: Int) -> Int { (spans(k) ?? .columns(1)).columns(in: columns) }
    var column = 0
    for before in (item - (local - page.row(low).firstItem))..<item { column += span(before) }
    return GridCellPlacement(
      row: pageRowCounts.prefix(k) + low, column: column, span: span(item), rowCount: pageRowCounts.total,
      columnCount: columns)
  }

  /// The page holding cell `item`, and the cell's index within it.
  ///
  /// - Complexity: O(log p).
  func locate(item: Int) -> (page: Int, local: Int) {
    let page = pageItemCounts.firstIndex(wherePrefixExceeds: item)
    return (page, item - pageItemCounts.prefix(page))
  }

  /// The content y of page `page`'s top, computed the same way on every path.
  func pageOrigin(_ page: Int, _ origin: BodyOrigin) -> Double {
    origin.sectionTop + (origin.bodyTop + (pageHeights.prefix(page) + Double(page) * metrics.rowSpacing))
  }

  @inline(__always)
  func frame(page: GridPage, local: Int, y: Double) -> Rect {
    var frame = page.item(local).frame
    frame.origin.y = y + frame.origin.y
    return frame
  }

  func frame(ofItem item: Int, at origin: BodyOrigin) -> Rect {
    let (page, local) = locate(item: item)
    return frame(page: pages[page], local: local, y: pageOrigin(page, origin))
  }

  func forEachItem<E: Error>(
    in items: Range<Int>, at origin: BodyOrigin, _ body: (Int, Rect) throws(E) -> Void
  ) throws(E) {
    guard !items.isEmpty else { return }
    var (k, local) = locate(item: items.lowerBound)
    var item = items.lowerBound
    while item < items.upperBound {
      let page = pages[k]
      let y = pageOrigin(k, origin)
      let end = min(page.itemCount, local + (items.upperBound - item))
      while local < end {
        try body(item, frame(page: page, local: local, y: y))
        item += 1
        local += 1
      }
      k += 1
      local = 0
    }
  }

  /// A repeated page's cells as one periodic ``FrameRun`` (one period's frames, moved by the
  /// page's pitch), every other page's written out in runs of at most ``frameRunLimit``.
  ///
  /// - Complexity: O(log p + written-out cells + periods' cells).
  func forEachFrameRun(in items: Range<Int>, at origin: BodyOrigin, _ body: (FrameRun) -> Void) {
    guard !items.isEmpty else { return }
    var (k, local) = locate(item: items.lowerBound)
    var item = items.lowerBound
    var frames: [Rect] = []
    var first = item
    func flush() {
      guard !frames.isEmpty else { return }
      body(FrameRun(first: first, count: frames.count, frames: frames, step: .zero))
      frames.removeAll(keepingCapacity: true)
    }
    while item < items.upperBound {
      let page = pages[k]
      let y = pageOrigin(k, origin)
      let end = min(page.itemCount, local + (items.upperBound - item))
      let period = page.periodItemCount
      if page.repeats > 1 && end - local >= 2 * period {
        flush()
        let frames = (0..<period).map { frame(page: page, local: local + $0, y: y) }
        body(FrameRun(first: item, count: end - local, frames: frames, step: Point(x: 0, y: page.pitch)))
        item += end - local
      } else {
        while local < end {
          if frames.isEmpty { first = item }
          frames.append(frame(page: page, local: local, y: y))
          if frames.count == frameRunLimit { flush() }
          item += 1
          local += 1
        }
      }
      k += 1
      local = 0
    }
    flush()
  }

  /// Finds the first page and row by binary search and visits only the rows overlapping the
  /// band.
  ///
  /// - Complexity: O(log p + log r + k).
  func forEachItem(
    overlappingY minY: Double, _ maxY: Double, at origin: BodyOrigin, _ body: (Int, Rect) -> Bool
  ) {
    guard itemCount > 0 else { return }
    var pageIndex = pageHeights.firstIndex(
      wherePrefixExceeds: minY - origin.sectionTop - origin.bodyTop - searchSlack(minY),
      perElement: metrics.rowSpacing)
    if pageIndex == pages.count { pageIndex = pages.count - 1 }
    var firstItem = pageItemCounts.prefix(pageIndex)
    while pageIndex < pages.count {
      let y = pageOrigin(pageIndex, origin)
      if y >= maxY + searchSlack(maxY) { return }
      let page = pages[pageIndex]
      var row = page.firstRow(endingBelow: minY - y - searchSlack(minY))
      while row < page.rowCount, y + page.row(row).y < maxY + searchSlack(maxY) {
        for local in page.items(ofRow: row)
        where !body(firstItem + local, frame(page: page, local: local, y: y)) {
          return
        }
        row += 1
      }
      if row < page.rowCount { return }
      firstItem += page.itemCount
      pageIndex += 1
    }
  }

  // MARK: Separators

  var separatorCount: Int { max(0, lineCount - 1) }

  /// The page holding section row `row`, and the row's index within it.
  ///
  /// - Complexity: O(log p).
  private func rowPosition(_ row: Int) -> (page: Int, local: Int) {
    let page = pageRowCounts.firstIndex(wherePrefixExceeds: row)
    return (page, row - pageRowCounts.prefix(page))
  }

  func lineGap(_ gap: Int, at origin: BodyOrigin) -> (bottom: Double, top: Double) {
    var result = (bottom: 0.0, top: 0.0)
    var found = false
    forEachRow(from: rowPosition(gap), number: gap, origin) { row, top, bottom in
      if row == gap {
        result.bottom = bottom
        return true
      }
      result.top = top
      found = true
      return false
    }
    return found ? result : (result.bottom, result.bottom)
  }

  /// Calls `body` with the section index and content extent of each row from `start` (a page
  /// and a row in it, section row `number`) down, until it returns `false`.
  private func forEachRow(
    from start: (page: Int, local: Int), number: Int, _ origin: BodyOrigin,
    _ body: (Int, Double, Double) -> Bool
  ) {
    var (page, local) = start
    var row = number
    while page < pages.count {
      let y = pageOrigin(page, origin)
      let rows = pages[page]
      while local < rows.rowCount {
        let record = rows.row(local)
        if !body(row, y + record.y, y + record.maxY) { return }
        local += 1
        row += 1
      }
      page += 1
      local = 0
    }
  }

  /// Finds the first row ending below `minY` by binary search, then walks the gaps from the
  /// one above it while they start above `maxY`.
  ///
  /// - Complexity: O(log p + log r + k).
  func forEachLineGap(
    overlappingY minY: Double, _ maxY: Double, at origin: BodyOrigin, _ body: (Int, Double, Double) -> Bool
  ) {
    guard lineCount > 1 else { return }
    var pageIndex = pageHeights.firstIndex(
      wherePrefixExceeds: minY - origin.sectionTop - origin.bodyTop - searchSlack(minY),
      perElement: metrics.rowSpacing)
    if pageIndex == pages.count { pageIndex = pages.count - 1 }
    var local = pages[pageIndex].firstRow(
      endingBelow: minY - pageOrigin(pageIndex, origin) - searchSlack(minY))
    var number = rowsBefore(page: pageIndex) + local
    // Start at the row above (the gap above the first row found may meet the band).
    if local > 0 {
      local -= 1
      number -= 1
    } else if pageIndex > 0 {
      pageIndex -= 1
      local = pages[pageIndex].rowCount - 1
      number -= 1
    }
    var upper: (row: Int, bottom: Double)?
    forEachRow(from: (pageIndex, local), number: number, origin) { row, top, bottom in
      if let above = upper {
        if !body(above.row, above.bottom, top) { return false }
      }
      guard bottom < maxY + searchSlack(maxY) else { return false }
      upper = (row, bottom)
      return true
    }
  }

  func forEachLineGap(in gaps: Range<Int>, at origin: BodyOrigin, _ body: (Int, Double, Double) -> Void) {
    guard !gaps.isEmpty else { return }
    var upper: (row: Int, bottom: Double)?
    forEachRow(from: rowPosition(gaps.lowerBound), number: gaps.lowerBound, origin) { row, top, bottom in
      if let above = upper { body(above.row, above.bottom, top) }
      guard row < gaps.upperBound else { return false }
      upper = (row, bottom)
      return true
    }
  }

  func line(holding item: Int) -> Int {
    let (page, local) = locate(item: item)
    return pageRowCounts.prefix(page) + pages[page].row(holding: local)
  }

  func firstItem(ofLine line: Int) -> Int {
    let (page, local) = rowPosition(line)
    return pageItemCounts.prefix(page) + pages[page].row(local).firstItem
  }

  /// The number of rows on the pages before `page`.
  private func rowsBefore(page: Int) -> Int { pageRowCounts.prefix(page) }

  /// Rows are ordered and `rowSpacing` apart, cells lie inside their row box and inside the
  /// section horizontally (when the insets and the column spacing leave room), cells of a row do not overlap and
  /// keep their order, pages agree with their index entries.
  func invariantViolations(_ check: BodyCheck) -> [String] {
    var problems: [String] = []
    func fail(_ message: String) {
      if problems.count < 20 { problems.append(message) }
    }
    let s = check.section
    if pageHeights.count != pages.count || pageItemCounts.count != pages.count
      || pageRowCounts.count != pages.count
    {
      fail("section \(s) page index out of step with its pages")
    }
    for (k, page) in pages.enumerated() {
      if page.itemCount != pageItemCounts[k] || page.height != pageHeights[k]
        || page.rowCount != pageRowCounts[k]
      {
        fail("section \(s) page \(k) index entries differ from the page")
      }
      if page.rows.isEmpty || page.rows[0].firstItem != 0 || page.rows[0].y != 0 {
        fail("section \(s) page \(k) does not start with a row at its top")
      }
      if page.repeats < 1 || (page.repeats > 1 && !(page.pitch >= page.rows.last!.maxY)) {
        fail("section \(s) page \(k) repeats \(page.repeats) times \(page.pitch) apart")
      }
      // A repeated page's rows are those of its period again: its first two copies and its
      // last row stand for all of them.
      let checked =
        page.repeats > 2 ? Array(0..<(2 * page.rows.count)) + [page.rowCount - 1] : Array(0..<page.rowCount)
      for row in checked {
        let record = page.row(row)
        if row > 0 {
          let previous = page.row(row - 1)
          if record.y < previous.maxY - check.epsilon || record.firstItem <= previous.firstItem {
            fail("section \(s) page \(k) row \(row) is not below the row before it")
          }
        }
        var previousMaxX = -Double.infinity
        for i in page.items(ofRow: row) {
          let frame = page.item(i).frame
          if !frame.isFinite || frame.width < 0 || frame.height < 0 {
            fail("section \(s) page \(k) item \(i) frame \(frame)")
            continue
          }
          if frame.minY < record.y - check.epsilon || frame.maxY > record.maxY + check.epsilon {
            fail("section \(s) page \(k) item \(i) \(frame) outside its row")
          }
          if frame.minX < previousMaxX - check.epsilon {
            fail("section \(s) page \(k) item \(i) overlaps the cell before it in its row")
          }
          previousMaxX = frame.maxX
          if check.insetsFit && metrics.columnsFit
            && (frame.minX < -check.epsilon || frame.maxX > check.listWidth + check.epsilon)
          {
            fail("section \(s) page \(k) item \(i) \(frame) leaves the content horizontally")
          }
        }
      }
    }
    return problems
  }
}

/// A cell's place in a grid, from 0: its row and first column, the columns it spans, and the
/// grid's rows and columns.
struct GridCellPlacement: Equatable {
  var row: Int
  var column: Int
  var span: Int
  var rowCount: Int
  var columnCount: Int
}

/// A densely packed cell's row, first column and span (columns are at most 1,024).
struct DenseGridPlace: BitwiseCopyable {
  var row: Int32
  var column: UInt16
  var span: UInt16
}

/// The body of a densely packed grid: cells leave document order (a later cell may fill a
/// hole in an earlier row), so each row keeps the list of its cells; frames are stored flat.
/// Queries find the rows of a band by binary search and report their cells in item order.
struct DenseGridBody: SectionBody {
  /// Each cell's frame relative to the body's top, in item order.
  let frames: ContiguousArray<GridItemRecord>
  /// The rows, top to bottom (`firstItem` indexes ``rowItems``).
  let rows: ContiguousArray<GridRowRecord>
  /// The items of each row, row by row, ascending within a row.
  let rowItems: ContiguousArray<Int>
  /// Each cell's row, column and span, in item order, as the packer placed it.
  let places: ContiguousArray<DenseGridPlace>
  /// The number of columns.
  let columnCount: Int

  var itemCount: Int { frames.count }
  var height: Double { rows.last?.maxY ?? 0 }
  var trailingSpace: Double { 0 }
  var lineCount: Int { rows.count }

  @inline(__always)
  private func frame(_ item: Int, _ origin: BodyOrigin) -> Rect {
    var frame = frames[item].frame
    frame.origin.y = origin.sectionTop + (origin.bodyTop + frame.origin.y)
    return frame
  }

  func frame(ofItem item: Int, at origin: BodyOrigin) -> Rect { frame(item, origin) }

  /// Cell `item`'s row and column as the packer placed it.
  ///
  /// - Complexity: O(1).
  func gridPlacement(ofItem item: Int, spans: (Int) -> GridSpan?) -> GridCellPlacement? {
    let place = places[item]
    return GridCellPlacement(
      row: Int(place.row), column: Int(place.column), span: Int(place.span), rowCount: rows.count,
      columnCount: columnCount)
  }

  func forEachItem<E: Error>(
    in items: Range<Int>, at origin: BodyOrigin, _ body: (Int, Rect) throws(E) -> Void
  ) throws(E) {
    for item in items { try body(item, frame(item, origin)) }
  }

  /// - Complexity: O(log r + k log k): the rows of the band are found by binary search, their
  ///   cells sorted into item order.
  func forEachItem(
    overlappingY minY: Double, _ maxY: Double, at origin: BodyOrigin, _ body: (Int, Rect) -> Bool
  ) {
    let top = origin.sectionTop + origin.bodyTop
    let localMin = minY - top - searchSlack(minY)
    var low = 0
    var high = rows.count
    while low < high {
      let mid = (low + high) >> 1
      if rows[mid].maxY > localMin { high = mid } else { low = mid + 1 }
    }
    var found: [Int] = []
    var row = low
    while row < rows.count, top + rows[row].y < maxY + searchSlack(maxY) {
      let end = row + 1 < rows.count ? rows[row + 1].firstItem : rowItems.count
      found.append(contentsOf: rowItems[rows[row].firstItem..<end])
      row += 1
    }
    found.sort()
    for item in found where !body(item, frame(item, origin)) { return }
  }

  var separatorCount: Int { max(0, rows.count - 1) }

  func lineGap(_ gap: Int, at origin: BodyOrigin) -> (bottom: Double, top: Double) {
    let top = origin.sectionTop + origin.bodyTop
    return (top + rows[gap].maxY, top + rows[gap + 1].y)
  }

  func forEachLineGap(in gaps: Range<Int>, at origin: BodyOrigin, _ body: (Int, Double, Double) -> Void) {
    let top = origin.sectionTop + origin.bodyTop
    for gap in gaps { body(gap, top + rows[gap].maxY, top + rows[gap + 1].y) }
  }

  /// The row whose band holds the cell's top (rows are ordered and do not overlap).
  func line(holding item: Int) -> Int {
    let y = frames[item].y
    var low = 0
    var high = rows.count - 1
    while low < high {
      let mid = (low + high + 1) >> 1
      if rows[mid].y <= y { low = mid } else { high = mid - 1 }
    }
    return low
  }

  func firstItem(ofLine line: Int) -> Int { rowItems[rows[line].firstItem] }

  /// - Complexity: O(log r + k): the first row ending below `minY` by binary search.
  func forEachLineGap(
    overlappingY minY: Double, _ maxY: Double, at origin: BodyOrigin, _ body: (Int, Double, Double) -> Bool
  ) {
    let top = origin.sectionTop + origin.bodyTop
    let localMin = minY - top - searchSlack(minY)
    var low = 0
    var high = rows.count
    while low < high {
      let mid = (low + high) >> 1
      if rows[mid].maxY > localMin { high = mid } else { low = mid + 1 }
    }
    var gap = max(0, low - 1)
    while gap + 1 < rows.count {
      let bottom = top + rows[gap].maxY
      guard bottom < maxY + searchSlack(maxY) else { return }
      if !body(gap, bottom, top + rows[gap + 1].y) { return }
      gap += 1
    }
  }

  /// Every cell lies in its row's box, rows are ordered, no two cells of a row overlap.
  func invariantViolations(_ check: BodyCheck) -> [String] {
    var problems: [String] = []
    func fail(_ message: String) {
      if problems.count < 20 { problems.append(message) }
    }
    let s = check.section
    var seen = Array(repeating: false, count: frames.count)
    for row in rows.indices {
      let record = rows[row]
      if row > 0 && record.y < rows[row - 1].maxY - check.epsilon {
        fail("section \(s) row \(row) is not below the row before it")
      }
      let end = row + 1 < rows.count ? rows[row + 1].firstItem : rowItems.count
      let members = rowItems[record.firstItem..<end].map { frames[$0].frame }.sorted { $0.minX < $1.minX }
      for (i, frame) in members.enumerated() {
        if !frame.isFinite || frame.width < 0 || frame.height < 0 {
          fail("section \(s) row \(row) frame \(frame)")
        }
        if frame.minY < record.y - check.epsilon || frame.maxY > record.maxY + check.epsilon {
          fail("section \(s) row \(row) cell \(frame) outside its row")
        }
        if i > 0 && frame.minX < members[i - 1].maxX - check.epsilon {
          fail("section \(s) row \(row) cells overlap")
        }
      }
      for item in rowItems[record.firstItem..<end] {
        if seen[item] { fail("section \(s) item \(item) in two rows") }
        seen[item] = true
      }
    }
    if let missing = seen.firstIndex(of: false) { fail("section \(s) item \(missing) in no row") }
    return problems
  }
}
