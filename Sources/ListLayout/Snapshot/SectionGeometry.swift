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

  let itemX: ContiguousArray<Double>
  let itemY: ContiguousArray<Double>
  let itemWidth: ContiguousArray<Double>
  let itemHeight: ContiguousArray<Double>
  /// The first item (page-local) of each line.
  let lineStart: ContiguousArray<Int32>
  /// The top of each line box, relative to the page's top.
  let lineY: ContiguousArray<Double>
  /// The height of each line box.
  let lineHeight: ContiguousArray<Double>
  /// The leading and trailing indentation in force before each line; empty when the page
  /// has none (indentation is rare, so most pages pay nothing for it).
  let lineIndent: ContiguousArray<LineIndent>
  /// The bottom of the last line, relative to the page's top: the page's extent.
  let height: Double

  init(
    itemX: ContiguousArray<Double> = [], itemY: ContiguousArray<Double> = [],
    itemWidth: ContiguousArray<Double> = [], itemHeight: ContiguousArray<Double> = [],
    lineStart: ContiguousArray<Int32> = [], lineY: ContiguousArray<Double> = [],
    lineHeight: ContiguousArray<Double> = [], lineIndent: ContiguousArray<LineIndent> = [], height: Double = 0
  ) {
    self.itemX = itemX
    self.itemY = itemY
    self.itemWidth = itemWidth
    self.itemHeight = itemHeight
    self.lineStart = lineStart
    self.lineY = lineY
    self.lineHeight = lineHeight
    self.lineIndent = lineIndent
    self.height = height
  }

  static func == (lhs: LinePage, rhs: LinePage) -> Bool {
    lhs === rhs
      || (lhs.itemX == rhs.itemX && lhs.itemY == rhs.itemY && lhs.itemWidth == rhs.itemWidth
        && lhs.itemHeight == rhs.itemHeight && lhs.lineStart == rhs.lineStart && lhs.lineY == rhs.lineY
        && lhs.lineHeight == rhs.lineHeight && lhs.lineIndent == rhs.lineIndent && lhs.height == rhs.height)
  }

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
