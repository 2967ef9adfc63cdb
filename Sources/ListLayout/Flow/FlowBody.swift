import LayoutGeometry

/// The body of a flow section: pages of whole lines, with prefix sums over their heights and
/// their cell and line counts so that an edit replaces a page and everything after it moves by
/// a sum.
///
/// ```
///   body top ─┬─ page 0  ┐  lines; page k's top is pageHeights.prefix(k)
///             ├─ page 1  ┘
///             └─ trailingSpace (the bottom margin of the last line)
/// ```
struct FlowBody: SectionBody {
  /// The pages of lines.
  var pages = BlockArray<LinePage>()
  /// Page extents; page *k* starts `pageHeights.prefix(k)` below the body's top.
  var pageHeights = PrefixSumTree<Double>()
  /// Page cell and line counts; page *k*'s first cell is `pageCounts.prefix(k).items` and
  /// its first line `pageCounts.prefix(k).lines` (separators are numbered by the line above
  /// them). Kept together, so that the read that numbers a query's first cell numbers its
  /// first line too.
  var pageCounts = PrefixSumTree<PageTally>()
  /// The manager's bottom margin below the last line.
  var trailingSpace = 0.0

  init<Pages: Collection<LinePage>>(pages: Pages, trailingSpace: Double) {
    self.pages = BlockArray(pages)
    pageHeights = PrefixSumTree(pages.lazy.map(\.height))
    pageCounts = PrefixSumTree(pages.lazy.map(PageTally.init))
    self.trailingSpace = trailingSpace
  }

  var itemCount: Int { pageCounts.total.items }
  var height: Double { pageHeights.total }
  var lineCount: Int { pageCounts.total.lines }

  /// The page holding cell `item`, and the cell's index within it.
  ///
  /// - Complexity: O(log p) in the number of pages.
  func locate(item: Int) -> (page: Int, local: Int) {
    let page = pageCounts.firstIndex(wherePrefixExceeds: item) { $0.items }
    return (page, item - pageCounts.prefix(page).items)
  }

  /// The page holding line `line`, and the line's index within it.
  ///
  /// - Complexity: O(log p) in the number of pages.
  func locate(line: Int) -> (page: Int, local: Int) {
    let page = pageCounts.firstIndex(wherePrefixExceeds: line) { $0.lines }
    return (page, line - pageCounts.prefix(page).lines)
  }

  /// The content y of page `page`: every cell frame of the page is its stored page-relative
  /// y plus this, computed the same way on every path.
  ///
  /// - Complexity: O(log p).
  func pageOrigin(_ page: Int, _ origin: BodyOrigin) -> Double {
    origin.sectionTop + (origin.bodyTop + pageHeights.prefix(page))
  }

  /// The content frame of a cell of a page whose origin is `y`.
  @inline(__always)
  func frame(page: LinePage, local: Int, y: Double) -> Rect {
    Self.frame(page.frame(ofItem: local), y: y)
  }

  /// The content frame of a cell whose page-relative frame is `frame`, on a page whose
  /// origin is `y`: the one place the two are added.
  @inline(__always)
  static func frame(_ frame: Rect, y: Double) -> Rect {
    var frame = frame
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
      if let repetition = page.repetition {
        // A repetition: its base's records, each copy moved down by its offset.
        let base = repetition.base
        try base.withItemRecords { (records) throws(E) in
          var (copy, r) = local.quotientAndRemainder(dividingBy: base.itemCount)
          var shift = repetition.offset(copy)
          while local < end {
            var frame = records[r].frame
            frame.origin.y = shift + frame.origin.y
            try body(item, Self.frame(frame, y: y))
            item += 1
            local += 1
            r += 1
            if r == base.itemCount {
              r = 0
              copy += 1
              shift = repetition.offset(copy)
            }
          }
        }
        k += 1
        local = 0
        continue
      }
      // A walk reads each page once: a deferred page's records are computed for it only.
      try page.withItemRecords { (records) throws(E) in
        while local < end {
          try body(item, Self.frame(records[local].frame, y: y))
          item += 1
          local += 1
        }
      }
      k += 1
      local = 0
    }
  }

  /// Finds the first page and line by binary search over page and line offsets and visits
  /// only the lines overlapping the band.
  ///
  /// - Complexity: O(log p + log l + k).
  func forEachItem(
    overlappingY minY: Double, _ maxY: Double, at origin: BodyOrigin, _ body: (Int, Rect) -> Bool
  ) {
    forEachItem(
      overlappingY: minY, maxY, at: origin, upwards: false, judging: false, judge: { _, _, _ in .read }, body)
  }

  /// Weighs the pages, and the runs of lines in them, by their cells' x extents
  /// (``LinePage/cellExtents``, ``LinePage/Header/lineRunExtents``) and the y extent of their
  /// lines; pages and runs lie in order along y, so a walk ends at a group `judge` answers
  /// ``FocusGroupVerdict/end`` for.
  func forEachItem(
    overlappingX minX: Double, _ maxX: Double, y minY: Double, _ maxY: Double, scrolledBy offset: Double,
    at origin: BodyOrigin, upwards: Bool,
    judgingGroups judge: (CellExtents, Double, Double) -> FocusGroupVerdict,
    _ body: (Int, Rect) -> Bool
  ) {
    forEachItem(overlappingY: minY, maxY, at: origin, upwards: upwards, judging: true, judge: judge, body)
  }

  /// Where a walk down the lines starts (``start(endingBelow:at:)``): a page, its origin and
  /// the cells and lines of the pages before it, and a line on it.
  struct LinePosition {
    var pageIndex: Int
    /// The page's origin (``pageOrigin(_:_:)``).
    var y: Double
    /// The cells and lines before the page (`pageCounts.prefix(pageIndex)`).
    var before: PageTally
    /// The top of the band searched for (content coordinates).
    var minY: Double
    /// The first line of the page whose bottom lies below the band's top, or its line count.
    var local: Int

    /// The first line of the position's page, `page`, whose bottom lies below `minY`, for a
    /// `minY` no higher than the band's top searched for.
    @inline(__always)
    func firstLine(endingBelow minY: Double, on page: LinePage) -> Int {
      minY == self.minY ? local : page.firstLine(endingBelow: minY - y - searchSlack(minY), from: local)
    }
  }

  /// The page a walk down the lines from `minY` (content coordinates; a section with cells)
  /// starts on: the page holding that offset (the last page past the bottom), found by binary
  /// search over the pages' heights.
  ///
  /// - Complexity: O(log p).
  @inline(__always)
  private func page(endingBelow minY: Double, at origin: BodyOrigin) -> Int {
    let page = pageHeights.firstIndex(
      wherePrefixExceeds: minY - origin.sectionTop - origin.bodyTop - searchSlack(minY))
    return page == pages.count ? max(0, pages.count - 1) : page
  }

  /// The first line whose bottom lies below `minY` (content coordinates; a section with
  /// cells), found by binary search over the pages' heights, then over the page's lines (the
  /// search the cell walk makes in its loop when it is given no start): where walks that
  /// share one search start from.
  ///
  /// - Complexity: O(log p + log l).
  @inline(__always)
  func start(endingBelow minY: Double, at origin: BodyOrigin) -> LinePosition {
    let pageIndex = page(endingBelow: minY, at: origin)
    let y = pageOrigin(pageIndex, origin)
    return LinePosition(
      pageIndex: pageIndex, y: y, before: pageCounts.prefix(pageIndex), minY: minY,
      local: pages[pageIndex].firstLine(endingBelow: minY - y - searchSlack(minY)))
  }

  /// Inlined into its callers, so that the band query without groups to judge tests none,
  /// and a walk without a known start searches as it always did.
  ///
  /// Down: from `known` (a position no lower than the band's first line: the walk moves down
  /// to that line from it) when given, else from the first line ending below `minY`, line
  /// after line while they start above `maxY`; up: from the last line starting above `maxY`,
  /// line before line while they end below `minY`.
  @inline(__always)
  private func forEachItem(
    overlappingY minY: Double, _ maxY: Double, at origin: BodyOrigin, from known: LinePosition? = nil,
    upwards: Bool, judging: Bool,
    judge: (CellExtents, Double, Double) -> FocusGroupVerdict,
    _ body: (Int, Rect) -> Bool
  ) {
    guard itemCount > 0 else { return }
    let runLines = LayoutTuning.focusLineRunLines
    if upwards {
      let low = minY - searchSlack(minY)
      let high = maxY + searchSlack(maxY)
      var pageIndex = min(
        pages.count - 1,
        pageHeights.firstIndex(
          wherePrefixExceeds: maxY - origin.sectionTop - origin.bodyTop + searchSlack(maxY)))
      var firstItem = pageCounts.prefix(pageIndex).items
      while pageIndex >= 0 {
        let y = pageOrigin(pageIndex, origin)
        let page = pages[pageIndex]
        if y + page.height <= low { return }
        var skipped = y >= high
        if !skipped && judging {
          switch judge(page.cellExtents, y, y + page.height) {
          case .read: break
          case .pass: skipped = true
          case .end: return
          }
        }
        if !skipped {
          let runs = judging ? page.header.lineRunExtents : nil
          var run = -1
          var line = page.lineCount(startingAbove: high - y + searchSlack(high)) - 1
          while line >= 0, y + page.line(line).maxY > low {
            if let runs {
              let r = line / runLines
              if r != run {
                run = r
                // The run's lines up to the cursor's, within the page's top (no more reads).
                switch judge(runs[r], y, y + page.line(line).maxY) {
                case .read: break
                case .pass:
                  line = r * runLines - 1
                  continue
                case .end: return
                }
              }
            }
            for local in page.items(ofLine: line).reversed()
            where !body(firstItem + local, frame(page: page, local: local, y: y)) {
              return
            }
            line -= 1
          }
          if line >= 0 { return }
        }
        pageIndex -= 1
        if pageIndex >= 0 { firstItem -= pages[pageIndex].itemCount }
      }
      return
    }
    var pageIndex = known?.pageIndex ?? page(endingBelow: minY, at: origin)
    var firstItem = known?.before.items ?? pageCounts.prefix(pageIndex).items
    while pageIndex < pages.count {
      let y = pageOrigin(pageIndex, origin)
      if y >= maxY + searchSlack(maxY) { return }
      let page = pages[pageIndex]
      if judging {
        switch judge(page.cellExtents, y, y + page.height) {
        case .read: break
        case .pass:
          firstItem += page.itemCount
          pageIndex += 1
          continue
        case .end: return
        }
      }
      var line: Int
      if let known, pageIndex == known.pageIndex {
        line = known.firstLine(endingBelow: minY, on: page)
      } else {
        line = page.firstLine(endingBelow: minY - y - searchSlack(minY))
      }
      let runs = judging ? page.header.lineRunExtents : nil
      var run = -1
      while line < page.lineCount, y + page.line(line).y < maxY + searchSlack(maxY) {
        if let runs {
          let r = line / runLines
          if r != run {
            run = r
            // The run's lines from the cursor's, within the page's bottom (no more reads).
            switch judge(runs[r], y + page.line(line).y, y + page.height) {
            case .read: break
            case .pass:
              line = (r + 1) * runLines
              continue
            case .end: return
            }
          }
        }
        for local in page.items(ofLine: line)
        where !body(firstItem + local, frame(page: page, local: local, y: y)) {
          return
        }
        line += 1
      }
      if line < page.lineCount { return }
      firstItem += page.itemCount
      pageIndex += 1
    }
  }

  /// The cells that may overlap the band (as the default does), then the gaps that may meet
  /// the band `gaps` (as ``forEachLineGap(overlappingY:_:at:_:)`` finds them), both walked
  /// from one search, for the higher of the two bands' tops.
  func appendItems(
    overlappingX minX: Double, _ maxX: Double, y minY: Double, _ maxY: Double, scrolledBy offset: Double,
    at origin: BodyOrigin, to candidates: CellCandidates, gaps: (minY: Double, maxY: Double),
    to lineGaps: LineGapCandidates
  ) {
    guard itemCount > 0 else { return }
    let position = start(endingBelow: min(minY, gaps.minY), at: origin)
    forEachItem(
      overlappingY: minY, maxY, at: origin, from: position, upwards: false, judging: false,
      judge: { _, _, _ in .read }
    ) { item, frame in
      candidates.append(CellCandidate(item: item, frame: frame))
      return true
    }
    guard lineCount > 1 else { return }
    forEachLineGap(from: position, overlappingY: gaps.minY, gaps.maxY, at: origin) { gap, bottom, top in
      lineGaps.append(LineGapCandidate(gap: gap, bottom: bottom, top: top))
      return true
    }
  }

  var walksOutwards: Bool { true }

  var walksOutwardsFirst: Bool { true }

  /// Two cursors from cell `item`'s line, one reading up and one down, each moving page by
  /// page, over runs of lines (``LinePage/Header/lineRunExtents``) and line by line; the one
  /// whose next line (or page, before it is judged) lies nearer `low ... high` moves first.
  func forEachItem(
    outwardsFrom item: Int, along low: Double, _ high: Double, at origin: BodyOrigin,
    judgingGroups judge: (CellExtents, Double, Double, Bool) -> FocusGroupVerdict, _ body: (Int, Rect) -> Void
  ) -> Bool {
    guard item >= 0, item < itemCount else { return true }
    let runLines = LayoutTuning.focusLineRunLines
    /// Where one side's walk stands: the next line it reads, on page `index`.
    struct Cursor {
      var index: Int
      /// Page `index`, held by the body's page list for the whole walk (not retained on every
      /// read), and what the walk reads of it, read once a page: its records (`nil` for a
      /// repetition, read through the page), line count and height.
      unowned(unsafe) var page: LinePage
      var lines: UnsafePointer<LineRecord>?
      var items: UnsafePointer<ItemRecord>?
      var lineCount: Int
      var height: Double
      var y: Double
      var firstItem: Int
      var line: Int
      var judged = false
      var done = false
      /// The run of lines the cursor is in (-1: none read yet on this page), and its cells'
      /// extents (the page's without runs), read once a run.
      var run = -1
      var runExtents = CellExtents()

      init(index: Int, page: LinePage, y: Double, firstItem: Int, line: Int) {
        self.index = index
        self.page = page
        self.lines = nil
        self.items = nil
        self.lineCount = 0
        self.height = 0
        self.y = y
        self.firstItem = firstItem
        self.line = line
        enter(page)
      }

      /// Takes `page` as the cursor's page (its index, origin and first cell set apart).
      mutating func enter(_ page: LinePage) {
        self.page = page
        lineCount = page.lineCount
        height = page.height
        if page.repetition == nil {
          lines = page.lineRecords.baseAddress
          items = page.itemRecords.baseAddress
        } else {
          lines = nil
          items = nil
        }
        judged = false
        run = -1
      }

      /// Line `line`'s record.
      @inline(__always)
      func record(_ line: Int) -> LineRecord {
        if let lines { return lines[line] }
        return page.line(line)
      }
    }
    let (start, local) = locate(item: item)
    let page = pages[start]
    let y = pageOrigin(start, origin)
    let first = pageCounts.prefix(start).items
    let line = page.line(containing: local)
    var down = Cursor(index: start, page: page, y: y, firstItem: first, line: line)
    var up = Cursor(index: start, page: page, y: y, firstItem: first, line: line - 1)
    /// Moves `c` to the next page its way when its line is past its page's.
    func settle(_ c: inout Cursor, upwards: Bool) {
      while !c.done {
        if upwards {
          guard c.line < 0 else { return }
          c.index -= 1
          guard c.index >= 0 else {
            c.done = true
            return
          }
          c.enter(pages[c.index])
          c.y = pageOrigin(c.index, origin)
          c.firstItem -= c.page.itemCount
          c.line = c.lineCount - 1
        } else {
          guard c.line >= c.lineCount else { return }
          c.firstItem += c.page.itemCount
          c.index += 1
          guard c.index < pages.count else {
            c.done = true
            return
          }
          c.enter(pages[c.index])
          c.y = pageOrigin(c.index, origin)
          c.line = 0
        }
      }
    }
    /// How far beyond `low ... high` the next thing `c` reads lies.
    func distance(_ c: inout Cursor, upwards: Bool) -> Double {
      if upwards {
        return low - (c.y + (c.judged ? c.record(c.line).maxY : c.height))
      }
      return c.y + (c.judged ? c.record(c.line).y : 0) - high
    }
    /// Reads `c`'s next line, or judges its page or run.
    func step(_ c: inout Cursor, upwards: Bool) {
      if !c.judged {
        c.judged = true
        switch judge(c.page.cellExtents, c.y, c.y + c.height, upwards) {
        case .read: break
        case .pass:
          c.line = upwards ? -1 : c.lineCount
          settle(&c, upwards: upwards)
          return
        case .end:
          c.done = true
          return
        }
      }
      // Each line judged with the rest of its run the cursor's way (the run's extents; the
      // page's without runs), within the page's extent beyond the line: a walk ends at the
      // first line too far to win, and passes over the rest of a run that cannot.
      let r = c.line / runLines
      if r != c.run {
        c.run = r
        c.runExtents = c.page.header.lineRunExtents?[r] ?? c.page.cellExtents
      }
      let record = c.record(c.line)
      do {
        let (top, bottom) = upwards ? (c.y, c.y + record.maxY) : (c.y + record.y, c.y + c.height)
        switch judge(c.runExtents, top, bottom, upwards) {
        case .read: break
        case .pass:
          if c.page.header.lineRunExtents == nil {
            c.line = upwards ? -1 : c.lineCount
          } else {
            c.line = upwards ? r * runLines - 1 : (r + 1) * runLines
          }
          settle(&c, upwards: upwards)
          return
        case .end:
          c.done = true
          return
        }
      }
      if let items = c.items, let lines = c.lines {
        // The frames `frame(page:local:y:)` gives, read from the records at hand.
        let end = c.line + 1 < c.lineCount ? lines[c.line + 1].firstItem : c.page.itemCount
        for local in record.firstItem..<end {
          body(c.firstItem + local, Self.frame(items[local].frame, y: c.y))
        }
      } else {
        for local in c.page.items(ofLine: c.line) {
          body(c.firstItem + local, frame(page: c.page, local: local, y: c.y))
        }
      }
      c.line += upwards ? -1 : 1
      settle(&c, upwards: upwards)
    }
    settle(&up, upwards: true)
    // The current line's page judged once for both cursors when it is read (else each
    // judges it its own way).
    if judge(page.cellExtents, y, y + page.height, false) == .read {
      down.judged = true
      if up.index == start { up.judged = true }
    }
    while !(down.done && up.done) {
      if up.done || (!down.done && distance(&down, upwards: false) <= distance(&up, upwards: true)) {
        step(&down, upwards: false)
      } else {
        step(&up, upwards: true)
      }
    }
    return true
  }

  // MARK: Separators

  var separatorCount: Int { max(0, lineCount - 1) }

  /// Line `line`'s top and bottom in content coordinates (the page's origin plus the record's
  /// y, the one sum every path makes).
  private func lineExtent(_ line: Int, at origin: BodyOrigin) -> (top: Double, bottom: Double) {
    let (page, local) = locate(line: line)
    let record = pages[page].line(local)
    let y = pageOrigin(page, origin)
    return (y + record.y, y + record.maxY)
  }

  func lineGap(_ gap: Int, at origin: BodyOrigin) -> (bottom: Double, top: Double) {
    (lineExtent(gap, at: origin).bottom, lineExtent(gap + 1, at: origin).top)
  }

  /// Finds the first line ending below `minY` by binary search over pages and lines, then
  /// walks the gaps from the one above it while they start above `maxY`.
  ///
  /// - Complexity: O(log p + log l + k).
  func forEachLineGap(
    overlappingY minY: Double, _ maxY: Double, at origin: BodyOrigin, _ body: (Int, Double, Double) -> Bool
  ) {
    guard lineCount > 1 else { return }
    forEachLineGap(from: start(endingBelow: minY, at: origin), overlappingY: minY, maxY, at: origin, body)
  }

  /// The gaps of ``forEachLineGap(overlappingY:_:at:_:)``, from `start` (a position no lower
  /// than the band's first line: the walk moves down to that line from it).
  @inline(__always)
  private func forEachLineGap(
    from start: LinePosition, overlappingY minY: Double, _ maxY: Double, at origin: BodyOrigin,
    _ body: (Int, Double, Double) -> Bool
  ) {
    // The first line whose bottom is below `minY`, as a section line index.
    let page = pages[start.pageIndex]
    let local = start.firstLine(endingBelow: minY, on: page)
    var gap = max(0, start.before.lines + local - 1)
    // Walk line by line from the gap's upper line (a page and its origin read once).
    var walker =
      local > 0
      ? LineWalker(page: start.pageIndex, local: local - 1, current: page, y: start.y)
      : lineWalker(at: gap, origin)
    let end = maxY + searchSlack(maxY)
    while gap < lineCount - 1 {
      let bottom = walker.bottom
      guard bottom < end else { return }
      walker.advance(in: self, origin)
      if !body(gap, bottom, walker.top) { return }
      gap += 1
    }
  }

  func forEachLineGap(in gaps: Range<Int>, at origin: BodyOrigin, _ body: (Int, Double, Double) -> Void) {
    guard !gaps.isEmpty else { return }
    var walker = lineWalker(at: gaps.lowerBound, origin)
    for gap in gaps {
      let bottom = walker.bottom
      walker.advance(in: self, origin)
      body(gap, bottom, walker.top)
    }
  }

  func line(holding item: Int) -> Int {
    let (page, local) = locate(item: item)
    return pageCounts.prefix(page).lines + pages[page].line(containing: local)
  }

  func firstItem(ofLine line: Int) -> Int {
    let page = pageCounts.firstIndex(wherePrefixExceeds: line) { $0.lines }
    let before = pageCounts.prefix(page)
    return before.items + pages[page].lineStart(line - before.lines)
  }

  /// A position on line `line` for walking down the section's lines.
  private func lineWalker(at line: Int, _ origin: BodyOrigin) -> LineWalker {
    let (page, local) = locate(line: line)
    return LineWalker(page: page, local: local, of: self, origin)
  }

  /// Where a walk down the lines is: a page (held, with its origin, while the walk is on
  /// it), a line in it, and that line's content extent.
  private struct LineWalker {
    var page: Int
    var local: Int
    var top = 0.0
    var bottom = 0.0
    /// The page at hand and its origin (``pageOrigin(_:_:)``).
    var current: LinePage
    var y: Double
    /// The page's line records, valid while it is held; `nil` for a repetition (whose lines
    /// are its base's, moved). Read once a page: a deferred page finds its records through
    /// its holder of them, once a line otherwise.
    var lines: UnsafePointer<LineRecord>?

    /// Line `local` of page `page` of `body`.
    init(page: Int, local: Int, of body: FlowBody, _ origin: BodyOrigin) {
      self.init(page: page, local: local, current: body.pages[page], y: body.pageOrigin(page, origin))
    }

    /// Line `local` of page `page`, which is `current`, whose origin is `y`.
    init(page: Int, local: Int, current: LinePage, y: Double) {
      self.page = page
      self.local = local
      self.current = current
      self.y = y
      lines = Self.lines(of: current)
      read()
    }

    /// The line records of `page`, or `nil` for a repetition.
    @inline(__always)
    static func lines(of page: LinePage) -> UnsafePointer<LineRecord>? {
      page.repetition == nil ? page.lineRecords.baseAddress : nil
    }

    @inline(__always)
    mutating func read() {
      // (`local` is a line of the page: the walk moves to the next page past its last.)
      let record = lines?[local] ?? current.line(local)
      top = y + record.y
      bottom = y + record.maxY
    }

    /// Moves to the next line (which must exist).
    @inline(__always)
    mutating func advance(in body: FlowBody, _ origin: BodyOrigin) {
      local += 1
      if local >= current.lineCount { nextPage(in: body, origin) }
      read()
    }

    @inline(never)
    private mutating func nextPage(in body: FlowBody, _ origin: BodyOrigin) {
      repeat {
        page += 1
        local = 0
      } while local >= body.pages[page].lineCount
      current = body.pages[page]
      y = body.pageOrigin(page, origin)
      lines = Self.lines(of: current)
    }
  }

  // MARK: Edits

  /// The absolute item range of the line before `position` (page, line), if any.
  func line(before position: (page: Int, line: Int)) -> Range<Int>? {
    var (page, line) = position
    if line > 0 {
      line -= 1
    } else {
      repeat {
        page -= 1
      } while page >= 0 && pages[page].lineCount == 0
      guard page >= 0 else { return nil }
      line = pages[page].lineCount - 1
    }
    let base = pageCounts.prefix(page).items
    let local = pages[page].items(ofLine: line)
    return (base + local.lowerBound)..<(base + local.upperBound)
  }

  /// The absolute item range of the section's last line, if any.
  func lastLine() -> Range<Int>? {
    line(before: (pages.count, 0))
  }

  /// Where old item `item` starts a line: its page and line, or `nil` when it is not the
  /// first cell of a line, or starts the section's first line.
  func lineStart(at item: Int) -> (page: Int, line: Int)? {
    guard item > 0, item < itemCount else { return nil }
    let (page, local) = locate(item: item)
    let line = pages[page].line(containing: local)
    guard pages[page].lineStart(line) == local else { return nil }
    return (page, line)
  }

  /// Replaces the pages in `range` with `newPages`, keeping the prefix sums in step.
  mutating func replacePages<Pages: Collection<LinePage>>(_ range: Range<Int>, with newPages: Pages) {
    if range.count == newPages.count {
      for (offset, page) in zip(0..., newPages) {
        pages[range.lowerBound + offset] = page
        pageHeights[range.lowerBound + offset] = page.height
        pageCounts[range.lowerBound + offset] = PageTally(page)
      }
    } else {
      pages.replaceSubrange(range, with: newPages)
      pageHeights.replaceSubrange(range, with: newPages.map(\.height))
      pageCounts.replaceSubrange(range, with: newPages.map(PageTally.init))
    }
  }

  // MARK: Invariants

  /// Lines are ordered top to bottom without overlapping, cells lie inside their line box,
  /// cells of a line do not overlap and keep their order, cells lie inside the content
  /// horizontally (but a cell alone on its line, or when the insets leave no room), pages
  /// agree with their index entries and end at their last line's bottom.
  func invariantViolations(_ check: BodyCheck) -> [String] {
    var problems: [String] = []
    func fail(_ message: String) {
      if problems.count < 20 { problems.append(message) }
    }
    let s = check.section
    let epsilon = check.epsilon
    if pageHeights.count != pages.count || pageCounts.count != pages.count {
      fail("section \(s) page index out of step with its pages")
    }
    var lineBottom = -Double.infinity
    for (k, page) in pages.enumerated() {
      if PageTally(page) != pageCounts[k] || page.height != pageHeights[k] {
        fail("section \(s) page \(k) index entries differ from the page")
      }
      if page.lineCount > 0 && page.lineStart(0) != 0 {
        fail("section \(s) page \(k) first line does not start at 0")
      }
      let pageTop = check.origin.bodyTop + pageHeights.prefix(k)
      // A repetition's copies are its base's lines moved down: its first copy and the line
      // that follows it are checked, and its last line.
      let checked =
        page.repetition.map { 0..<min(page.lineCount, $0.base.lineCount + 1) } ?? 0..<page.lineCount
      for line in checked {
        let record = page.line(line)
        let lineTop = pageTop + record.y
        if lineTop < lineBottom - epsilon {
          fail(
            "section \(s) page \(k) line \(line) starts at \(lineTop), above the previous line's bottom \(lineBottom)"
          )
        }
        lineBottom = lineTop + record.height
        let items = page.items(ofLine: line)
        if items.isEmpty { fail("section \(s) page \(k) line \(line) is empty") }
        var previousMaxX = -Double.infinity
        for i in items {
          let frame = page.frame(ofItem: i)
          if !frame.isFinite || frame.width < 0 || frame.height < 0 {
            fail("section \(s) page \(k) item \(i) frame \(frame)")
            continue
          }
          if frame.minY < record.y - epsilon || frame.maxY > record.maxY + epsilon {
            fail("section \(s) page \(k) item \(i) \(frame) outside its line box")
          }
          if frame.minX < previousMaxX - epsilon {
            fail("section \(s) page \(k) item \(i) overlaps the cell before it on its line")
          }
          previousMaxX = frame.maxX
          if items.count > 1 && check.insetsFit
            && (frame.minX < -epsilon || frame.maxX > check.listWidth + epsilon)
          {
            fail("section \(s) page \(k) item \(i) \(frame) leaves the content horizontally")
          }
        }
      }
      if page.repetition != nil, let last = page.lineCount > 0 ? page.line(page.lineCount - 1) : nil {
        lineBottom = pageTop + last.y + last.height
      }
      if page.lineCount > 0 {
        if abs(page.height - page.line(page.lineCount - 1).maxY) > epsilon {
          fail("section \(s) page \(k) height \(page.height) is not its last line's bottom")
        }
      }
    }
    if lineBottom > check.sectionHeight + epsilon {
      fail("section \(s) lines end below the section")
    }
    return problems
  }
}

/// A page's cell and line counts, summed together (``FlowBody/pageCounts``).
struct PageTally: AdditiveArithmetic, Sendable {
  var items: Int
  var lines: Int

  init(items: Int, lines: Int) {
    self.items = items
    self.lines = lines
  }

  /// The counts of `page`.
  init(_ page: LinePage) {
    self.init(items: page.itemCount, lines: page.lineCount)
  }

  static var zero: PageTally { PageTally(items: 0, lines: 0) }

  static func + (lhs: PageTally, rhs: PageTally) -> PageTally {
    PageTally(items: lhs.items + rhs.items, lines: lhs.lines + rhs.lines)
  }

  static func - (lhs: PageTally, rhs: PageTally) -> PageTally {
    PageTally(items: lhs.items - rhs.items, lines: lhs.lines - rhs.lines)
  }
}

extension SectionGeometry {
  /// The pages of a flow section's body (none for other kinds): tests look at page sharing.
  var pages: BlockArray<LinePage> { (body as? FlowBody)?.pages ?? BlockArray() }
}
