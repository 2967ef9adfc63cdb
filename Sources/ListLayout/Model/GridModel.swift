import LayoutGeometry

// The model of column sections: grids (CSS Grid's auto-placement in equal columns) and
// masonry (staggered lanes). Both share the column specification and a cell's span.

/// How many columns (or masonry lanes) a section has: a fixed count, or as many as fit at a
/// minimum width. Every column has the same width.
///
/// ```
///  ├──────────────────────── W (inside the section's insets) ─────────────────────────┤
///  ┌──────────────────┐ gap ┌──────────────────┐ gap ┌──────────────────┐
///  │     column 0     │     │     column 1     │     │     column 2     │
///  └──────────────────┘     └──────────────────┘     └──────────────────┘
///   width (W − (n − 1) · gap) / n each
/// ```
public enum GridColumns: Sendable, Hashable {
  /// Exactly this many columns (at least 1; see ``maximumCount``).
  case count(Int)
  /// As many columns as fit at this minimum width (CSS `repeat(auto-fill, minmax(M, 1fr))`):
  /// `max(1, floor((W + gap) / (M + gap)))`, the columns then widened to fill `W`.
  case adaptive(minimumWidth: Double)

  /// The largest number of columns a section has: a larger fixed count, or an adaptive count
  /// over it (a tiny minimum width in a wide list), is clamped to it.
  public static let maximumCount = 1024

  /// The number of columns in a width `width` (the section's, inside its insets) with `spacing`
  /// between columns: the fixed count, or the adaptive formula; always between 1 and
  /// ``maximumCount``.
  ///
  /// ```swift
  /// GridColumns.adaptive(minimumWidth: 120).columnCount(forWidth: 375, spacing: 10)  // 2
  /// GridColumns.count(3).columnCount(forWidth: 375, spacing: 10)                      // 3
  /// ```
  public func columnCount(forWidth width: Double, spacing: Double) -> Int {
    switch self {
    case .count(let count):
      return min(max(count, 1), Self.maximumCount)
    case .adaptive(let minimum):
      let fit = ((width + spacing) / (minimum + spacing)).rounded(.down)
      // NaN (a zero minimum and spacing) and anything under one column: one column.
      guard fit >= 1 else { return 1 }
      return fit >= Double(Self.maximumCount) ? Self.maximumCount : Int(fit)
    }
  }

  /// The width of each of `count` equal columns in `width` with `spacing` between them:
  /// `(width − (count − 1) · spacing) / count`, or 0 when the spacing takes all the width.
  public static func columnWidth(count: Int, width: Double, spacing: Double) -> Double {
    let count = max(count, 1)
    return max(0, (width - Double(count - 1) * spacing) / Double(count))
  }

  /// Checks the specification's own value: a count of at least 1, a finite minimum width
  /// greater than 0.
  func validate(path: @autoclosure () -> String) throws(LayoutError) {
    switch self {
    case .count(let count):
      guard count >= 1 else {
        throw .invalidValue(path: path() + ".columns", value: "\(count)", expected: "a whole number ≥ 1")
      }
    case .adaptive(let minimum):
      guard minimum.isFinite, minimum > 0 else {
        throw .invalidValue(
          path: path() + ".minColumnWidth", value: "\(minimum)", expected: "a finite number greater than 0")
      }
    }
  }
}

/// How the cells of one grid row sit in the row's height (the height of its tallest cell).
public enum GridRowAlignment: String, Sendable, Hashable, CaseIterable {
  /// At the row's top (the default).
  case top
  /// Centered in the row.
  case center
  /// At the row's bottom.
  case bottom
  /// As tall as the row (MagazineLayout's "stretch to the tallest item in the row").
  case stretch
}

/// How a grid places cells that do not fit in what is left of a row.
public enum GridPacking: String, Sendable, Hashable, CaseIterable {
  /// CSS Grid's default auto-placement: cells keep document order; a cell that does not fit
  /// in the rest of the row starts the next row, leaving a hole.
  case sparse
  /// CSS `grid-auto-flow: dense`: each cell takes the first hole from the grid's start where
  /// it fits, so cells can leave document order.
  case dense
}

/// How many columns a cell of a grid or masonry section spans.
public enum GridSpan: Sendable, Hashable {
  /// This many adjacent columns (at least 1), clamped to the section's column count.
  case columns(Int)
  /// Every column: the cell has its row (or, in masonry, the section's width) to itself.
  case fullRow

  /// The number of columns spanned in a section of `count` columns.
  @inlinable
  public func columns(in count: Int) -> Int {
    switch self {
    case .columns(let span): min(max(span, 1), count)
    case .fullRow: count
    }
  }
}

/// A grid section: cells auto-placed in equal columns and rows, as CSS Grid places them.
///
/// ```
///  ┌─ insets ──────────────────────────────────────────┐
///  │ ┌────────┐ columnSpacing ┌────────┐   ┌────────┐  │
///  │ │ cell 0 │               │ cell 1 │   │ cell 2 │  │  row 0: as tall as its tallest
///  │ └────────┘               └────────┘   └────────┘  │
///  │   rowSpacing                                      │
///  │ ┌────────────────────────┐ ┌────────┐             │
///  │ │ cell 3 (span 2)        │ │ cell 4 │             │  row 1
///  │ └────────────────────────┘ └────────┘             │
///  └───────────────────────────────────────────────────┘
/// ```
///
/// A cell is as wide as the columns it spans (its own width is ignored; its height is its
/// own: fixed, the default size's, or its sizing callback's, which is given the spanned width).
public struct GridLayout: Sendable, Hashable {
  /// The columns: a fixed count or an adaptive minimum width.
  public var columns: GridColumns
  /// Space between columns; `nil` takes the section's ``SectionAttributes/itemSpacing``.
  public var columnSpacing: Double?
  /// Space between rows; `nil` takes the section's ``SectionAttributes/lineSpacing``.
  public var rowSpacing: Double?
  /// How cells sit in their row (default: top).
  public var rowAlignment: GridRowAlignment
  /// Sparse (default) or dense auto-placement.
  public var packing: GridPacking

  /// Creates a grid layout.
  public init(
    columns: GridColumns, columnSpacing: Double? = nil, rowSpacing: Double? = nil,
    rowAlignment: GridRowAlignment = .top, packing: GridPacking = .sparse
  ) {
    self.columns = columns
    self.columnSpacing = columnSpacing
    self.rowSpacing = rowSpacing
    self.rowAlignment = rowAlignment
    self.packing = packing
  }

  /// Checks the layout's own values (`path` names the section's layout).
  func validate(path: @autoclosure () -> String) throws(LayoutError) {
    try columns.validate(path: path())
    if let columnSpacing { try checkNonNegative(columnSpacing, path() + ".columnSpacing") }
    if let rowSpacing { try checkNonNegative(rowSpacing, path() + ".rowSpacing") }
  }
}

/// A masonry section: cells in equal lanes, each cell going into the lane whose bottom is
/// highest (ties: the leading lane), so lanes stagger ("Pinterest" layout).
///
/// ```
///  ┌────────┐ columnSpacing ┌────────┐
///  │ cell 0 │               │ cell 1 │
///  │        │               └────────┘
///  └────────┘                 rowSpacing
///    rowSpacing             ┌────────┐
///  ┌────────┐               │ cell 2 │
///  │ cell 3 │               │        │
/// ```
public struct MasonryLayout: Sendable, Hashable {
  /// The lanes: a fixed count or an adaptive minimum width.
  public var columns: GridColumns
  /// Space between lanes; `nil` takes the section's ``SectionAttributes/itemSpacing``.
  public var columnSpacing: Double?
  /// Space between the cells of a lane; `nil` takes the section's
  /// ``SectionAttributes/lineSpacing``.
  public var rowSpacing: Double?

  /// Creates a masonry layout.
  public init(columns: GridColumns, columnSpacing: Double? = nil, rowSpacing: Double? = nil) {
    self.columns = columns
    self.columnSpacing = columnSpacing
    self.rowSpacing = rowSpacing
  }

  /// Checks the layout's own values (`path` names the section's layout).
  func validate(path: @autoclosure () -> String) throws(LayoutError) {
    try columns.validate(path: path())
    if let columnSpacing { try checkNonNegative(columnSpacing, path() + ".columnSpacing") }
    if let rowSpacing { try checkNonNegative(rowSpacing, path() + ".rowSpacing") }
  }
}

extension GridSpan {
  /// Checks a cell's span: a column count of at least 1. The path is made only for the
  /// error (a layout checks every cell's span).
  func validate(path: @autoclosure () -> String) throws(LayoutError) {
    if case .columns(let span) = self, span < 1 {
      throw .invalidValue(path: path(), value: "\(span)", expected: "a whole number ≥ 1, or \"full\"")
    }
  }
}
