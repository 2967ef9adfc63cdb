import LayoutGeometry

/// A run of whole lines of one section, stored as struct-of-arrays.
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
final class LinePage: @unchecked Sendable, Equatable {
  /// The number of cells a page is filled to before a new one starts (a page always holds
  /// whole lines, so it may hold more).
  static let targetItemCount = 512

  /// What a page holds besides its columns.
  struct Header {
    var itemCount: Int
    var lineCount: Int
    /// Whether the page stores indentation (indentation is rare, so most pages pay nothing).
    var hasIndent: Bool
    /// The bottom of the last line, relative to the page's top: the page's extent.
    var height: Double
  }

  let header: Header
  /// All columns, in one allocation owned by the page, in this order: item x, y, width, height (`itemCount` each); line start (an item index, stored
  // exactly as a Double), y, height (`lineCount` each); then, when `hasIndent`, the leading
  /// and trailing indentation before each line.
  private let storage: UnsafeMutablePointer<Double>

  private init(header: Header, storage: UnsafeMutablePointer<Double>) {
    self.header = header
    self.storage = storage
  }

  deinit { storage.deallocate() }

  /// A page of `items` cells and `lines` lines whose columns `fill` writes.
  static func make(
    items: Int, lines: Int, hasIndent: Bool, height: Double, fill: (Columns) -> Void
  ) -> LinePage {
    let storage = UnsafeMutablePointer<Double>.allocate(
      capacity: max(1, 4 * items + (hasIndent ? 5 : 3) * lines))
    fill(Columns(base: storage, items: items, lines: lines))
    return LinePage(
      header: Header(itemCount: items, lineCount: lines, hasIndent: hasIndent, height: height),
      storage: storage)
  }

  /// A page without lines.
  static func empty(height: Double) -> LinePage {
    make(items: 0, lines: 0, hasIndent: false, height: height) { _ in }
  }

  /// Where each column of a page being made starts.
  struct Columns {
    let base: UnsafeMutablePointer<Double>
    let items: Int
    let lines: Int
    var x: UnsafeMutablePointer<Double> { base }
    var y: UnsafeMutablePointer<Double> { base + items }
    var width: UnsafeMutablePointer<Double> { base + 2 * items }
    var height: UnsafeMutablePointer<Double> { base + 3 * items }
    var lineStart: UnsafeMutablePointer<Double> { base + 4 * items }
    var lineY: UnsafeMutablePointer<Double> { base + 4 * items + lines }
    var lineHeight: UnsafeMutablePointer<Double> { base + 4 * items + 2 * lines }
    var leadingIndent: UnsafeMutablePointer<Double> { base + 4 * items + 3 * lines }
    var trailingIndent: UnsafeMutablePointer<Double> { base + 4 * items + 4 * lines }
  }

  /// The page's columns. The pointers are valid while the page is alive: pages are only read
  /// through a snapshot or a builder that holds them.
  @inline(__always)
  var columns: Columns {
    Columns(base: storage, items: header.itemCount, lines: header.lineCount)
  }

  var itemCount: Int { header.itemCount }
  var lineCount: Int { header.lineCount }
  var height: Double { header.height }

  var itemX: PageColumn { PageColumn(base: columns.x, count: itemCount) }
  var itemY: PageColumn { PageColumn(base: columns.y, count: itemCount) }
  var itemWidth: PageColumn { PageColumn(base: columns.width, count: itemCount) }
  var itemHeight: PageColumn { PageColumn(base: columns.height, count: itemCount) }
  /// The first item (page-local) of each line, stored exactly as a Double.
  var lineStart: PageColumn { PageColumn(base: columns.lineStart, count: lineCount) }
  /// The top of each line box, relative to the page's top.
  var lineY: PageColumn { PageColumn(base: columns.lineY, count: lineCount) }
  /// The height of each line box.
  var lineHeight: PageColumn { PageColumn(base: columns.lineHeight, count: lineCount) }

  static func == (lhs: LinePage, rhs: LinePage) -> Bool {
    if lhs === rhs { return true }
    let a = lhs.header
    let b = rhs.header
    guard a.itemCount == b.itemCount, a.lineCount == b.lineCount, a.height == b.height else { return false }
    let count = 4 * a.itemCount + 3 * a.lineCount
    let (l, r) = (lhs.columns, rhs.columns)
    for i in 0..<count where l.base[i] != r.base[i] { return false }
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
    let c = columns
    precondition(i >= 0 && i < c.items, "item \(i) out of the page's 0..<\(c.items)")
    return Rect(x: c.x[i], y: c.y[i], width: c.width[i], height: c.height[i])
  }

  /// The first line whose bottom lies below `y` (page-relative), or `lineCount`.
  func firstLine(endingBelow y: Double) -> Int {
    var low = 0
    var high = lineCount
    let (top, height) = (lineY, lineHeight)
    while low < high {
      let mid = (low + high) >> 1
      if top[mid] + height[mid] > y { high = mid } else { low = mid + 1 }
    }
    return low
  }

  /// The indentation in force before `line`.
  func indent(beforeLine line: Int) -> LineIndent {
    guard header.hasIndent else { return LineIndent() }
    let c = columns
    precondition(line >= 0 && line < c.lines, "line \(line) out of the page's 0..<\(c.lines)")
    return LineIndent(leading: c.leadingIndent[line], trailing: c.trailingIndent[line])
  }
}

/// A read-only column of a ``LinePage``, checked on access.
struct PageColumn: RandomAccessCollection {
  let base: UnsafeMutablePointer<Double>
  let count: Int
  var startIndex: Int { 0 }
  var endIndex: Int { count }
  @inline(__always)
  subscript(i: Int) -> Double {
    precondition(i >= 0 && i < count, "index \(i) out of the page column's 0..<\(count)")
    return base[i]
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
