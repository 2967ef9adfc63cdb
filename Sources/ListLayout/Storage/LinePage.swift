import LayoutGeometry

/// One cell's frame as a page stores it: x from the list's left edge, y from the page's top.
struct ItemRecord: Equatable, BitwiseCopyable {
  var x: Double
  var y: Double
  var width: Double
  var height: Double

  var frame: Rect { Rect(x: x, y: y, width: width, height: height) }
  var maxX: Double { x + width }
}

/// One line as a page stores it: its first item (page-local), its top (from the page's top)
/// and its height.
struct LineRecord: Equatable, BitwiseCopyable {
  var firstItem: Int
  var y: Double
  var height: Double

  var maxY: Double { y + height }
}

/// The indentation state of FSQ's `startLineIndentation` at the start of a line.
struct LineIndent: Sendable, Hashable, BitwiseCopyable {
  var leading = 0.0
  var trailing = 0.0
}

/// A run of whole lines of one flow section.
///
/// A page is a reference so that copying a section's page list (which every edit does) costs
/// one retain per page rather than one per array. It is filled once, by the typesetter or an
/// edit that just made it, and never changed after it joins a snapshot (a deferred page's
/// records are published once, see ``DeferredRecords``): that is what makes the
/// `@unchecked Sendable` sound.
///
/// Item positions are relative to the page's top (x is relative to the list's left edge, as
/// it never depends on what happens above); the page's own top comes from its section's
/// ``FlowBody/pageHeights``. Keeping pages small (about ``LinePage/targetItemCount`` cells) is
/// what makes an edit cost in proportion to what moved: only the touched page is copied and
/// rewritten, untouched pages stay shared between snapshots.
///
/// Manual memory: the page owns its ``ItemRecord`` and ``LineRecord`` blocks (from
/// ``RawBlocks``), or reads slices of a ``PageArena`` it keeps alive, and owns its
/// indentation block either way; the records the ``PageStore`` wrote become the page's as
/// they are, so a layout writes each frame once. A page of a section that defers its records
/// (``FrameComputation/onDemand``) has none until it is first read: its ``DeferredRecords``
/// lay it out again and keep them. Everything is freed (or the arena released) in `deinit`.
///
/// Reads: ``line(_:)``, ``frame(ofItem:)`` and ``indent(beforeLine:)`` check their index in
/// every build. ``items(ofLine:)`` reads through ``line(_:)`` and a guarded next line. The
/// binary searches (``firstLine(endingBelow:)``, ``line(containing:)``) read unchecked, at
/// indices in `0 ..< lineCount` by construction. ``itemRecords``, ``lineRecords`` and
/// ``withItemRecords(_:)`` hand out `UnsafeBufferPointer`s, whose subscripts are checked in
/// debug builds only (``FlowBody``'s walks, the ``PageStore``'s edits).
final class LinePage: @unchecked Sendable, Equatable {
  /// The number of cells a page is filled to before a new one starts (a page always holds
  /// whole lines, so it may hold more).
  static var targetItemCount: Int { LayoutTuning.flowPageItems }

  /// What a page holds besides its records.
  struct Header {
    var itemCount: Int
    var lineCount: Int
    /// The bottom of the last line, relative to the page's top: the page's extent.
    var height: Double
    /// The x extents of the page's cells (``CellExtents/unknown`` where not computed): what
    /// lets a focus search pass over the page without reading its records.
    var cellExtents = CellExtents.unknown
    /// The x extents of the cells of each run of ``LayoutTuning/focusLineRunLines`` lines, in
    /// order (`nil` where not computed, or for a page of one run): what lets a focus search
    /// pass over a run of lines without reading its records.
    var lineRunExtents: ContiguousArray<CellExtents>? = nil
  }

  let header: Header
  /// The records the typesetter wrote, or `nil` for a page whose records are computed when
  /// first read (``deferred``).
  private let stored: Records?
  /// Where a page without stored records gets them.
  private let deferred: DeferredRecords?
  /// The arena holding the stored records, or `nil` when the page owns them.
  private let arena: PageArena?
  /// For a page that stands for identical pages one below the other (a run's repeated
  /// lines), the page repeated and how many times; `nil` for every other page.
  let repetition: Repetition?

  /// A page standing for `copies` copies of `base` one below the other: copy *c*'s lines
  /// and cells are `base`'s moved down by *c* times `base`'s height, its cells numbered
  /// from *c* times `base`'s cell count (see `Flow/FlowRepetition.swift`).
  struct Repetition {
    let base: LinePage
    let copies: Int
  }

  /// A page's records: `itemCount` item records, `lineCount` line records, and the
  /// indentation before each line when any line of the page is indented (indentation is rare,
  /// so most pages pay nothing).
  struct Records: BitwiseCopyable {
    let items: UnsafeMutablePointer<ItemRecord>
    let lines: UnsafeMutablePointer<LineRecord>
    let indents: UnsafeMutablePointer<LineIndent>?

    /// Frees blocks from ``RawBlocks``.
    func release() {
      RawBlocks.release(items)
      RawBlocks.release(lines)
      if let indents { RawBlocks.release(indents) }
    }
  }

  /// A page that takes ownership of the item and line blocks (``RawBlocks``), or that holds
  /// slices of `arena`; it owns the indentation block either way.
  init(
    header: Header, items: UnsafeMutablePointer<ItemRecord>, lines: UnsafeMutablePointer<LineRecord>,
    indents: UnsafeMutablePointer<LineIndent>?, arena: PageArena? = nil
  ) {
    self.header = header
    self.stored = Records(items: items, lines: lines, indents: indents)
    self.deferred = nil
    self.arena = arena
    self.repetition = nil
  }

  /// A page whose records are computed when first read.
  init(header: Header, deferred: DeferredRecords) {
    self.header = header
    self.stored = nil
    self.deferred = deferred
    self.arena = nil
    self.repetition = nil
  }

  /// A page standing for `copies` copies of `base` (a page of lines with records, not itself
  /// a repetition) one below the other.
  init(repeating base: LinePage, copies: Int) {
    precondition(
      base.repetition == nil && copies >= 1 && base.lineCount > 0, "a repetition of a page of lines")
    let (items, itemsOverflow) = base.itemCount.multipliedReportingOverflow(by: copies)
    let (lines, linesOverflow) = base.lineCount.multipliedReportingOverflow(by: copies)
    precondition(!itemsOverflow && !linesOverflow, "a repetition's counts fit an Int")
    self.header = Header(itemCount: items, lineCount: lines, height: base.height * Double(copies))
    self.stored = nil
    self.deferred = nil
    self.arena = nil
    self.repetition = Repetition(base: base, copies: copies)
  }

  deinit {
    guard let stored else { return }
    if arena == nil {
      stored.release()
    } else if let indents = stored.indents {
      RawBlocks.release(indents)
    }
  }

  /// A page without lines.
  static func empty(height: Double) -> LinePage {
    LinePage(
      header: Header(itemCount: 0, lineCount: 0, height: height, cellExtents: CellExtents()),
      items: RawBlocks.allocate(0),
      lines: RawBlocks.allocate(0), indents: nil)
  }

  var itemCount: Int { header.itemCount }
  var lineCount: Int { header.lineCount }
  var height: Double { header.height }
  /// The x extents of the page's cells (``Header/cellExtents``).
  var cellExtents: CellExtents { header.cellExtents }
  /// Whether the page stores indentation.
  var hasIndent: Bool { repetition?.base.hasIndent ?? (records.indents != nil) }
  /// Whether the page's records are computed when first read.
  var isDeferred: Bool { repetition?.base.isDeferred ?? (deferred != nil) }
  /// Whether the records are there to read (stored, or deferred and computed).
  var hasRecords: Bool { repetition?.base.hasRecords ?? (deferred?.isComputed ?? true) }

  /// The records, stored or computed (once) now.
  @inline(__always)
  private var records: Records {
    if let stored { return stored }
    return deferred.unsafelyUnwrapped.records(header)
  }

  /// Calls `body` with the item records; a deferred page whose records were not computed
  /// computes them for the call only (see ``DeferredRecords/withRecords(_:_:)``).
  func withItemRecords<Result, E: Error>(
    _ body: (UnsafeBufferPointer<ItemRecord>) throws(E) -> Result
  ) throws(E) -> Result {
    precondition(repetition == nil, "a repetition's records are its base's")
    let count = itemCount
    if let stored { return try body(UnsafeBufferPointer(start: stored.items, count: count)) }
    return try deferred.unsafelyUnwrapped.withRecords(header) { (records) throws(E) in
      try body(UnsafeBufferPointer(start: records.items, count: count))
    }
  }

  /// The item records, valid while the page is alive (pages are only read through a
  /// snapshot or a builder that holds them).
  var itemRecords: UnsafeBufferPointer<ItemRecord> {
    precondition(repetition == nil, "a repetition's records are its base's")
    return UnsafeBufferPointer(start: records.items, count: itemCount)
  }
  /// The line records, valid while the page is alive.
  var lineRecords: UnsafeBufferPointer<LineRecord> {
    precondition(repetition == nil, "a repetition's records are its base's")
    return UnsafeBufferPointer(start: records.lines, count: lineCount)
  }

  /// Line `line`'s record.
  @inline(__always)
  func line(_ line: Int) -> LineRecord {
    precondition(line >= 0 && line < lineCount, "line \(line) out of the page's 0..<\(lineCount)")
    if let repetition { return repetition.line(line) }
    return records.lines[line]
  }

  /// The first item (page-local) of line `line`.
  func lineStart(_ line: Int) -> Int { self.line(line).firstItem }

  static func == (lhs: LinePage, rhs: LinePage) -> Bool {
    if lhs === rhs { return true }
    let a = lhs.header
    let b = rhs.header
    guard a.itemCount == b.itemCount, a.lineCount == b.lineCount, a.height == b.height else { return false }
    if let r = lhs.repetition, let s = rhs.repetition, r.base.itemCount == s.base.itemCount,
      r.base.lineCount == s.base.lineCount, r.base == s.base
    {
      return true
    }
    if lhs.repetition != nil || rhs.repetition != nil { return equalLineByLine(lhs, rhs) }
    guard lhs.itemRecords.elementsEqual(rhs.itemRecords), lhs.lineRecords.elementsEqual(rhs.lineRecords)
    else { return false }
    for line in 0..<a.lineCount where lhs.indent(beforeLine: line) != rhs.indent(beforeLine: line) {
      return false
    }
    return true
  }

  /// The x extents of `count` item records.
  static func extents(of items: UnsafePointer<ItemRecord>, count: Int) -> CellExtents {
    var extents = CellExtents()
    for i in 0..<count { extents.add(minX: items[i].x, maxX: items[i].maxX) }
    return extents
  }

  /// The x extents of `count` item records on `lineCount` lines (page-local): all together,
  /// and each run of ``LayoutTuning/focusLineRunLines`` lines' (``Header/lineRunExtents``;
  /// `nil` for a page of one run), in one pass.
  static func extents(
    of items: UnsafePointer<ItemRecord>, count: Int, lines: UnsafePointer<LineRecord>, lineCount: Int
  ) -> (page: CellExtents, runs: ContiguousArray<CellExtents>?) {
    let run = LayoutTuning.focusLineRunLines
    guard lineCount > run else { return (extents(of: items, count: count), nil) }
    var page = CellExtents()
    var runs = ContiguousArray<CellExtents>()
    runs.reserveCapacity((lineCount + run - 1) / run)
    var line = 0
    while line < lineCount {
      let next = min(lineCount, line + run)
      let end = next < lineCount ? lines[next].firstItem : count
      var extents = CellExtents()
      for i in lines[line].firstItem..<end { extents.add(minX: items[i].x, maxX: items[i].maxX) }
      runs.append(extents)
      page.add(extents)
      line = next
    }
    return (page, runs)
  }

  /// The page-local item range of line `line`.
  func items(ofLine line: Int) -> Range<Int> {
    if let repetition { return repetition.items(ofLine: line) }
    let end = line + 1 < lineCount ? records.lines[line + 1].firstItem : itemCount
    return self.line(line).firstItem..<end
  }

  /// The frame of page-local item `i`, relative to the page's top.
  @inline(__always)
  func frame(ofItem i: Int) -> Rect {
    precondition(i >= 0 && i < itemCount, "item \(i) out of the page's 0..<\(itemCount)")
    if let repetition { return repetition.frame(ofItem: i) }
    return records.items[i].frame
  }

  /// The first line whose bottom lies below `y` (page-relative), or `lineCount`.
  func firstLine(endingBelow y: Double) -> Int {
    if let repetition { return repetition.firstLine(endingBelow: y) }
    let lines = records.lines
    // A band from above the page starts at its first line: no search (whose reads of a page
    // not yet in cache were about a third of a focus band's pass over the page).
    if lineCount > 0, lines[0].maxY > y { return 0 }
    return Self.partition(lineCount, from: Self.guess(y / height, lineCount)) { lines[$0].maxY > y }
  }

  /// ``firstLine(endingBelow:)``, known to be no earlier than line `start` (the first line
  /// ending below a `y` no lower): the few lines from `start` are tried in turn before the
  /// search (a walk starting where another band's search left off is a line or two away).
  func firstLine(endingBelow y: Double, from start: Int) -> Int {
    // (A repetition's lines are compared as its own search compares them.)
    if repetition != nil { return firstLine(endingBelow: y) }
    var line = start
    let tried = min(lineCount, start + LayoutTuning.lineStepsBeforeSearch)
    while line < tried {
      if self.line(line).maxY > y { return line }
      line += 1
    }
    return line == lineCount ? line : firstLine(endingBelow: y)
  }

  /// The number of lines that start above `y` (page-relative): the first line starting at
  /// or below it.
  func lineCount(startingAbove y: Double) -> Int {
    if repetition != nil { return lineCount(startingAbove: y) { line($0).y } }
    // (The records read once, as ``firstLine(endingBelow:)`` reads them.)
    let lines = records.lines
    return lineCount(startingAbove: y) { lines[$0].y }
  }

  /// ``lineCount(startingAbove:)`` for lines starting at `top(line)`.
  @inline(__always)
  private func lineCount(startingAbove y: Double, top: (Int) -> Double) -> Int {
    // A band from below the page ends at its last line: no search.
    if lineCount > 0, top(lineCount - 1) < y { return lineCount }
    return Self.partition(lineCount, from: Self.guess(y / height, lineCount)) { !(top($0) < y) }
  }

  /// The line `fraction` of the way down a page of `count` lines (0 for a fraction that is
  /// not a number; the last line for one of 1 or more).
  @inline(__always)
  private static func guess(_ fraction: Double, _ count: Int) -> Int {
    let line = fraction * Double(count)
    return line > 0 ? (line < Double(count) ? Int(line) : count - 1) : 0
  }

  /// The first of `0 ..< count` at which `isPast` holds (`count` where none), for an
  /// `isPast` that holds from some index on: searched from `guess` outwards by doubling steps
  /// (lines hold about as many cells, and are about as tall, each: the guess from a share of
  /// the page is a few lines from the answer, and the search reads a few records near it
  /// where a search of the whole page read a page not in cache at every step), then by
  /// halving.
  @inline(__always)
  static func partition(_ count: Int, from guess: Int, _ isPast: (Int) -> Bool) -> Int {
    guard count > 0 else { return 0 }
    // Every index below `low` is not past, every one from `high` on is.
    var low = 0
    var high = count
    let start = min(max(guess, 0), count - 1)
    var step = 1
    if isPast(start) {
      high = start
      while high - step >= low {
        if !isPast(high - step) {
          low = high - step + 1
          break
        }
        high -= step
        step <<= 1
      }
    } else {
      low = start + 1
      while low - 1 + step < high {
        if isPast(low - 1 + step) {
          high = low - 1 + step
          break
        }
        low += step
        step <<= 1
      }
    }
    while low < high {
      let mid = (low + high) >> 1
      if isPast(mid) { high = mid } else { low = mid + 1 }
    }
    return low
  }

  /// The line holding page-local item `local`.
  func line(containing local: Int) -> Int {
    if let repetition { return repetition.line(containing: local) }
    let lines = records.lines
    // The line before the first that starts past the cell (the first starts at 0).
    let next = Self.partition(lineCount, from: local * lineCount / max(1, itemCount)) {
      lines[$0].firstItem > local
    }
    return max(0, next - 1)
  }

  /// The indentation in force before `line`.
  func indent(beforeLine line: Int) -> LineIndent {
    precondition(line >= 0 && line < lineCount, "line \(line) out of the page's 0..<\(lineCount)")
    if let repetition { return repetition.base.indent(beforeLine: line % repetition.base.lineCount) }
    return records.indents?[line] ?? LineIndent()
  }
}

// MARK: Invariants

#if DEBUG || LISTLAYOUT_CHECKS
extension LinePage {
  /// Traps unless the page's records keep ``checkInvariants(_:items:lines:)``'s promises
  /// (computing a deferred page's records). Compiled in debug builds and with
  /// `LISTLAYOUT_CHECKS` defined.
  func checkInvariants() {
    if let repetition { return repetition.base.checkInvariants() }
    withItemRecords { items in
      let lines = lineRecords
      Self.checkInvariants(
        header, items: UnsafeMutablePointer(mutating: items.baseAddress!),
        lines: UnsafeMutablePointer(mutating: lines.baseAddress!))
    }
  }

  /// Traps unless the records of a page `header` describes keep the page's own promises:
  /// counts not negative, and no item without a line; the first line starts at item 0, each
  /// line has at least one item and lines follow each other in item order; and, on a page of
  /// finite height, lines go down the page without overlapping (but for rounding), each of a
  /// height not negative, the page ends at its last line's bottom, and every frame is of no
  /// negative extent and inside its line vertically. The ``PageStore`` checks every page it
  /// seals, before its records can be written over. Compiled in debug builds and with
  /// `LISTLAYOUT_CHECKS`.
  ///
  /// Only what this package's code guarantees whatever the input is checked: finite sizes
  /// that add up to more than a `Double` holds make a page of infinite extent, which the
  /// layout then reports as a ``LayoutError`` (it must not trap here first).
  static func checkInvariants(
    _ header: Header, items: UnsafeMutablePointer<ItemRecord>, lines: UnsafeMutablePointer<LineRecord>
  ) {
    func fail(_ message: String) -> Never {
      preconditionFailure("page of \(header.itemCount) items, \(header.lineCount) lines: \(message)")
    }
    let itemCount = header.itemCount
    let lineCount = header.lineCount
    guard itemCount >= 0, lineCount >= 0 else { fail("negative counts") }
    if header.height < 0 { fail("height \(header.height)") }
    guard lineCount > 0 else {
      if itemCount != 0 { fail("items without a line") }
      return
    }
    if lines[0].firstItem != 0 { fail("first line starts at item \(lines[0].firstItem)") }
    for line in 0..<lineCount {
      let end = line + 1 < lineCount ? lines[line + 1].firstItem : itemCount
      if end <= lines[line].firstItem || end > itemCount {
        fail("line \(line) holds items \(lines[line].firstItem)..<\(end)")
      }
    }
    // Extents that overflowed (finite sizes adding up to infinity) are the input's: the
    // layout reports them as an error.
    guard header.height.isFinite else { return }
    let slack = { (y: Double) in 1e-9 * max(1, abs(y)) }
    for line in 0..<lineCount {
      let record = lines[line]
      let end = line + 1 < lineCount ? lines[line + 1].firstItem : itemCount
      guard record.y.isFinite, record.height.isFinite, record.height >= 0 else {
        fail("line \(line) at \(record.y), \(record.height) tall")
      }
      if line > 0 && record.y < lines[line - 1].maxY - slack(record.y) {
        fail("line \(line) at \(record.y) above the previous line's bottom \(lines[line - 1].maxY)")
      }
      for i in record.firstItem..<end {
        let item = items[i]
        if item.width < 0 || item.height < 0 { fail("item \(i) frame \(item.frame)") }
        if item.y < record.y - slack(item.y) || item.y + item.height > record.maxY + slack(record.maxY) {
          fail("item \(i) \(item.frame) outside line \(line) (\(record.y), \(record.height) tall)")
        }
      }
    }
    let bottom = lines[lineCount - 1].maxY
    if abs(header.height - bottom) > slack(bottom) {
      fail("height \(header.height), last line's bottom \(bottom)")
    }
  }
}
#endif
