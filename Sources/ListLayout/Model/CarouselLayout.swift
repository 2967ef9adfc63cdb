import LayoutGeometry

/// A carousel section: its cells in one row that scrolls sideways across the list.
///
/// ```
///  list's left content inset + section's left inset
///  │
///  ├─[cell 0]─itemSpacing─[cell 1]─itemSpacing─[cell 2]──…──┼ (beyond the list's width:
///  │  band: the tallest cell, the first one's, or a number   │  reached by scrolling)
/// ```
///
/// Each cell keeps its own size; the band's height is ``height``, and cells align in it by the
/// section's vertical alignment (a cell taller than the band keeps its height and overflows
/// it). The section is header + top inset + band + bottom inset + footer, as wide as the
/// list. Cell attributes (insets, line breaks, indentation) and the layout manager do not
/// apply; a sizing callback is proposed the visible row width (the list's width less the
/// content and section insets) as both its remaining line space and its line width.
public struct CarouselLayout: Sendable, Hashable {
  /// The gap between neighbouring cells; `nil` takes the section's ``SectionAttributes/itemSpacing``.
  public var itemSpacing: Double?
  /// How tall the band is.
  public var height: CarouselHeight
  /// Where a scrolled carousel comes to rest (``LayoutSnapshot/carouselMetrics(ofSection:)``).
  public var paging: CarouselPaging

  /// Creates a carousel layout: by default the section's item spacing, the tallest cell's
  /// height, and no paging.
  public init(itemSpacing: Double? = nil, height: CarouselHeight = .tallest, paging: CarouselPaging = .none) {
    self.itemSpacing = itemSpacing
    self.height = height
    self.paging = paging
  }
}

/// The height of a carousel's band (Litho's carousel height policies).
public enum CarouselHeight: Sendable, Hashable {
  /// The tallest cell's height (0 for an empty carousel). The default.
  case tallest
  /// The first cell's height (0 for an empty carousel).
  case first
  /// A fixed height, also for an empty carousel.
  case fixed(Double)
}

/// Where a scrolled carousel comes to rest.
public enum CarouselPaging: String, Sendable, Hashable, CaseIterable {
  /// Anywhere: no snap offsets.
  case none
  /// With a cell at the start: one offset per cell.
  case item
  /// At multiples of the list's width, and at the end.
  case page
}

/// The horizontal offsets of scrolled carousel sections, by section index: how far each
/// carousel is scrolled from its start (a section not named is at 0; offsets of sections that
/// are not carousels are ignored).
///
/// Offsets are taken as given (not clamped to ``CarouselMetrics/maximumOffset``), so a
/// renderer can report an overscroll as it happens. A carousel scrolled by `x` shows its cells
/// `x` points further left (further right in a right-to-left list).
///
/// ```swift
/// let screen = snapshot.viewport(
///   at: Point(x: 0, y: 0), size: Size(width: 375, height: 667), horizontalOffsets: [2: 140])
/// ```
public struct HorizontalOffsets: Sendable, Hashable, ExpressibleByDictionaryLiteral {
  /// The offsets, by section index.
  public var offsets: [Int: Double]

  /// Offsets by section index.
  public init(_ offsets: [Int: Double] = [:]) {
    self.offsets = offsets
  }

  public init(dictionaryLiteral elements: (Int, Double)...) {
    self.offsets = Dictionary(elements, uniquingKeysWith: { _, last in last })
  }

  /// The offset of `section` (0 when it is not named, or not finite).
  public subscript(section: Int) -> Double {
    get { Self.offset(offsets[section]) }
    set { offsets[section] = newValue }
  }

  /// The offset a section named with `given` (`nil` when it is not named) is at.
  @inline(__always)
  static func offset(_ given: Double?) -> Double {
    guard let given, given.isFinite else { return 0 }
    return given
  }

  /// No carousel scrolled.
  public static let zero = HorizontalOffsets()
}

/// A carousel section's horizontal extent and resting points.
public struct CarouselMetrics: Sendable, Hashable {
  /// The width of the carousel's row: the list's left content inset, the section's left
  /// inset, the cells' widths and the spacings between them, the section's right inset and
  /// the list's right content inset; at least the list's width.
  public var contentWidth: Double
  /// How far the carousel scrolls: `contentWidth − listWidth`.
  public var maximumOffset: Double
  /// The offsets a scrolled carousel comes to rest at, ascending, without repeats.
  public var snapOffsets: SnapOffsets
}

/// A carousel's snap offsets, computed when read: `[]` without paging; per item,
/// `clamp(cell.minX − first cell's minX, 0, maximumOffset)` without repeats; per page, the
/// multiples of the list's width below `maximumOffset` (at most ``maximumPages``), then
/// `maximumOffset` (`[0]` when the content fits).
///
/// Reading the offsets of a carousel paged by item costs O(1) each, and counting them
/// O(log n), when the carousel's spacing keeps every cell's x apart from its neighbour's; a
/// row whose neighbouring cells may share an x (no spacing) lists its offsets when its
/// metrics are read, O(n). Offsets read from the row hold on to the layout's storage of it:
/// a `SnapOffsets` (or ``CarouselMetrics``) kept after its snapshot is gone keeps that
/// storage, and with it the memory of the layout pass that made it, until it is released.
public struct SnapOffsets: RandomAccessCollection, Sendable, Hashable {
  enum Storage: Sendable {
    case list([Double])
    case pages(width: Double, end: Double, count: Int)
    case items(ItemSnapOffsets)
  }

  let storage: Storage

  public var startIndex: Int { 0 }
  public var endIndex: Int {
    switch storage {
    case .list(let offsets): offsets.count
    case .pages(_, _, let count): count
    case .items(let items): items.count
    }
  }

  public subscript(position: Int) -> Double {
    switch storage {
    case .list(let offsets): return offsets[position]
    case .pages(let width, let end, let count):
      precondition(position >= 0 && position < count, "snap offset \(position) out of 0..<\(count)")
      return position == count - 1 ? end : Double(position) * width
    case .items(let items):
      precondition(
        position >= 0 && position < items.count, "snap offset \(position) out of 0..<\(items.count)")
      return items[position]
    }
  }

  /// Equal when they list the same offsets, however they are held.
  ///
  /// - Complexity: O(1) for two carousels paged by page (their offsets follow from the page
  ///   width, their second offset, and the end, their last: a paged row can list up to
  ///   ``maximumPages`` of them); otherwise O(n).
  public static func == (lhs: SnapOffsets, rhs: SnapOffsets) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if case .pages = lhs.storage, case .pages = rhs.storage {
      let count = lhs.count
      return count == 0 || (lhs[count - 1] == rhs[count - 1] && (count < 3 || lhs[1] == rhs[1]))
    }
    return lhs.elementsEqual(rhs)
  }

  /// Hashes the number of offsets, the first and the last, in O(1) (equal lists agree on all three).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    hasher.combine(first)
    hasher.combine(last)
  }

  /// The most page offsets before the end a paged carousel lists (10¹⁵).
  public static let maximumPages = 1_000_000_000_000_000

  /// The offsets of a paged carousel: multiples of `width` below `end` (at most
  /// ``maximumPages`` of them), then `end`.
  static func pages(width: Double, end: Double) -> SnapOffsets {
    guard end > 0, width > 0 else { return SnapOffsets(storage: .list([0])) }
    // The multiples k × width < end: about end / width of them, corrected for rounding, and
    // at most `maximumPages` (a documented clamp: a row wider than that many pages lists the
    // first ones, then `end`).
    var below = Int(Swift.min((end / width).rounded(.up), Double(maximumPages)))
    while below > 0 && Double(below - 1) * width >= end { below -= 1 }
    while below < maximumPages && Double(below) * width < end { below += 1 }
    return SnapOffsets(storage: .pages(width: width, end: end, count: below + 1))
  }
}
