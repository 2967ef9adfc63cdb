import LayoutGeometry

/// A run of whole lines of one section, stored as struct-of-arrays.
///
/// Item positions are relative to the page's top (x is relative to the list's left edge, as
/// it never depends on what happens above); the page's own top comes from its section's
/// ``SectionGeometry/pageHeights``. Keeping pages small (about ``LinePage/targetItemCount``
/// cells) is what makes an edit cost in proportion to what moved: only the touched page is
/// copied and rewritten, untouched pages stay shared between snapshots.
struct LinePage: Sendable, Equatable {
  /// The number of cells a page is filled to before a new one starts (a page always holds
  /// whole lines, so it may hold more).
  static let targetItemCount = 1024

  var itemX: ContiguousArray<Double> = []
  var itemY: ContiguousArray<Double> = []
  var itemWidth: ContiguousArray<Double> = []
  var itemHeight: ContiguousArray<Double> = []
  /// The first item (page-local) of each line.
  var lineStart: ContiguousArray<Int32> = []
  /// The top of each line box, relative to the page's top.
  var lineY: ContiguousArray<Double> = []
  /// The height of each line box.
  var lineHeight: ContiguousArray<Double> = []
  /// The leading and trailing indentation in force before each line; empty when the page
  /// has none (indentation is rare, so most pages pay nothing for it).
  var lineIndent: ContiguousArray<LineIndent> = []
  /// The bottom of the last line, relative to the page's top: the page's extent.
  var height: Double = 0

  init() {}

  var itemCount: Int { itemX.count }
  var lineCount: Int { lineStart.count }

  /// The page-local item range of line `line`.
  func items(ofLine line: Int) -> Range<Int> {
    let start = Int(lineStart[line])
    let end = line + 1 < lineStart.count ? Int(lineStart[line + 1]) : itemX.count
    return start..<end
  }

  /// The frame of page-local item `i`, relative to the page's top.
  func frame(ofItem i: Int) -> Rect {
    Rect(x: itemX[i], y: itemY[i], width: itemWidth[i], height: itemHeight[i])
  }

  /// The first line whose bottom lies below `y` (page-relative), or `lineCount`.
  func firstLine(endingBelow y: Double) -> Int {
    var low = 0
    var high = lineStart.count
    while low < high {
      let mid = (low + high) >> 1
      if lineY[mid] + lineHeight[mid] > y { high = mid } else { low = mid + 1 }
    }
    return low
  }

  /// The indentation in force before `line`.
  func indent(beforeLine line: Int) -> LineIndent {
    lineIndent.isEmpty ? LineIndent() : lineIndent[line]
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
  var pages: ContiguousArray<LinePage> = []
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
