import LayoutGeometry

/// A run of whole lines of one section.
///
/// A page is a reference so that copying a section's page list (which every edit does) costs
/// one retain per page rather than one per array. It is filled once, by the typesetter or an
/// edit that just made it, and never changed after it joins a snapshot: that is what makes
/// the `@unchecked Sendable` sound.
///
/// Item positions are relative to the page's top (x is relative to the list's left edge, as
/// it never depends on what happens above); the page's own top comes from its section's
/// ``SectionGeometry/pageHeights``. Keeping pages small (about ``LinePage/targetItemCount``
/// cells) is what makes an edit cost in proportion to what moved: only the touched page is
/// copied and rewritten, untouched pages stay shared between snapshots.
///
/// Items are records of four `Double`s (x, y, width, height), lines records of three (first
/// item, stored exactly as a `Double`; y; height), each kind in one block of ``PageMemory``,
/// or in a slice of a ``PageArena`` for a large section: either way the records the
/// typesetter wrote become the page's as they are, so a layout writes each frame once.
final class LinePage: @unchecked Sendable, Equatable {
  /// The number of cells a page is filled to before a new one starts (a page always holds
  /// whole lines, so it may hold more).
  static let targetItemCount = 512
  /// The `Double`s of one item record: x, y, width, height.
  static let itemStride = 4
  /// The `Double`s of one line record: first item, y, height.
  static let lineStride = 3

  /// What a page holds besides its records.
  struct Header {
    var itemCount: Int
    var lineCount: Int
    /// The bottom of the last line, relative to the page's top: the page's extent.
    var height: Double
  }

  let header: Header
  /// `itemCount` item records.
  private let items: UnsafeMutablePointer<Double>
  /// `lineCount` line records.
  private let lines: UnsafeMutablePointer<Double>
  /// The indentation before each line, when any line of the page is indented (indentation is
  /// rare, so most pages pay nothing).
  private let indents: UnsafeMutablePointer<LineIndent>?

  /// The arena holding the records, or `nil` when the page owns them.
  private let arena: PageArena?

  /// A page that takes ownership of the item and line blocks (``PageMemory``), or that holds
  /// slices of `arena`; it owns the indentation block either way.
  init(
    header: Header, items: UnsafeMutablePointer<Double>, lines: UnsafeMutablePointer<Double>,
    indents: UnsafeMutablePointer<LineIndent>?, arena: PageArena? = nil
  ) {
    self.header = header
    self.items = items
    self.lines = lines
    self.indents = indents
    self.arena = arena
  }

  deinit {
    if arena == nil {
      PageMemory.release(items)
      PageMemory.release(lines)
    }
    if let indents { PageMemory.release(indents) }
  }

  /// A page without lines.
  static func empty(height: Double) -> LinePage {
    LinePage(
      header: Header(itemCount: 0, lineCount: 0, height: height), items: PageMemory.allocate(0),
      lines: PageMemory.allocate(0), indents: nil)
  }

  var itemCount: Int { header.itemCount }
  var lineCount: Int { header.lineCount }
  var height: Double { header.height }
  /// Whether the page stores indentation.
  var hasIndent: Bool { indents != nil }

  /// The item records, valid while the page is alive (pages are only read through a
  /// snapshot or a builder that holds them).
  var itemRecords: UnsafePointer<Double> { UnsafePointer(items) }
  /// The line records, valid while the page is alive.
  var lineRecords: UnsafePointer<Double> { UnsafePointer(lines) }

  /// The first item (page-local) of each line, stored exactly as a Double.
  var lineStart: PageColumn { PageColumn(lines, field: 0, stride: Self.lineStride, count: lineCount) }
  /// The top of each line box, relative to the page's top.
  var lineY: PageColumn { PageColumn(lines, field: 1, stride: Self.lineStride, count: lineCount) }
  /// The height of each line box.
  var lineHeight: PageColumn { PageColumn(lines, field: 2, stride: Self.lineStride, count: lineCount) }

  static func == (lhs: LinePage, rhs: LinePage) -> Bool {
    if lhs === rhs { return true }
    let a = lhs.header
    let b = rhs.header
    guard a.itemCount == b.itemCount, a.lineCount == b.lineCount, a.height == b.height else { return false }
    for i in 0..<(a.itemCount * itemStride) where lhs.items[i] != rhs.items[i] { return false }
    for i in 0..<(a.lineCount * lineStride) where lhs.lines[i] != rhs.lines[i] { return false }
    for line in 0..<a.lineCount where lhs.indent(beforeLine: line) != rhs.indent(beforeLine: line) {
      return false
    }
    return true
  }

  /// The page-local item range of line `line`.
  func items(ofLine line: Int) -> Range<Int> {
    let starts = lineStart
    let end = line + 1 < starts.count ? Int(starts[line + 1]) : itemCount
    return Int(starts[line])..<end
  }

  /// The frame of page-local item `i`, relative to the page's top.
  func frame(ofItem i: Int) -> Rect {
    precondition(i >= 0 && i < itemCount, "item \(i) out of the page's 0..<\(itemCount)")
    let record = items + i * Self.itemStride
    return Rect(x: record[0], y: record[1], width: record[2], height: record[3])
  }

  /// The first line whose bottom lies below `y` (page-relative), or `lineCount`.
  func firstLine(endingBelow y: Double) -> Int {
    var low = 0
    var high = lineCount
    while low < high {
      let mid = (low + high) >> 1
      let record = lines + mid * Self.lineStride
      if record[1] + record[2] > y { high = mid } else { low = mid + 1 }
    }
    return low
  }

  /// The indentation in force before `line`.
  func indent(beforeLine line: Int) -> LineIndent {
    precondition(line >= 0 && line < lineCount, "line \(line) out of the page's 0..<\(lineCount)")
    return indents?[line] ?? LineIndent()
  }
}

/// A read-only column of a ``LinePage``'s records (or a ``PageBuilder``'s), checked on
/// access.
struct PageColumn: RandomAccessCollection {
  let base: UnsafePointer<Double>
  let stride: Int
  let count: Int

  /// Field `field` of `count` records of `stride` values from `records`.
  init(_ records: UnsafePointer<Double>, field: Int, stride: Int, count: Int) {
    self.base = records + field
    self.stride = stride
    self.count = count
  }

  var startIndex: Int { 0 }
  var endIndex: Int { count }
  @inline(__always)
  subscript(i: Int) -> Double {
    precondition(i >= 0 && i < count, "index \(i) out of the page column's 0..<\(count)")
    return base[i * stride]
  }
}

/// The indentation state of FSQ's `startLineIndentation` at the start of a line.
struct LineIndent: Sendable, Hashable {
  var leading = 0.0
  var trailing = 0.0
}

/// The computed geometry of one section, relative to the section's top.
///
/// ```
///  section top ─┬─ header            (headerFrame)
///               ├─ insets.top
///   bodyTop ────┼─ page 0  ┐  lines; page k's top is pageHeights.prefix(k)
///               ├─ page 1  ┘
///               ├─ bottom margin, insets.bottom
///               └─ footer            (footerFrame)
/// ```
struct SectionGeometry: Sendable, Equatable {
  /// The header's frame relative to the section's top, if the section has a header.
  var headerFrame: Rect?
  /// The footer's frame relative to the section's top, if the section has a footer.
  var footerFrame: Rect?
  /// Where page 0 starts, relative to the section's top.
  var bodyTop: Double = 0
  /// The pages of lines.
  var pages = BlockArray<LinePage>()
  /// Page extents; page *k* starts `pageHeights.prefix(k)` below ``bodyTop``.
  var pageHeights = PrefixSumTree<Double>()
  /// Page cell counts; page *k*'s first cell is `pageItemCounts.prefix(k)`.
  var pageItemCounts = PrefixSumTree<Int>()
  /// The section's whole extent, from the top of its header to the bottom of its footer.
  var height: Double = 0
  /// Whether lines may overlap vertically or items lie outside their lines (free-form
  /// section layouts): queries then scan the section's items instead of searching lines.
  var isFreeform = false

  init() {}

  /// The number of cells.
  var itemCount: Int { pageItemCounts.total }

  /// The number of lines.
  var lineCount: Int { pages.reduce(0) { $0 + $1.lineCount } }

  /// The page holding cell `item`, and the cell's index within it.
  ///
  /// - Complexity: O(log p) in the number of pages.
  func locate(item: Int) -> (page: Int, local: Int) {
    let page = pageItemCounts.firstIndex(wherePrefixExceeds: item)
    return (page, item - pageItemCounts.prefix(page))
  }

  /// The top of page `page` relative to the section's top.
  ///
  /// - Complexity: O(log p).
  func pageTop(_ page: Int) -> Double {
    bodyTop + pageHeights.prefix(page)
  }
}
