import LayoutGeometry

/// What a screen reader is told about a cell: its place in its section, and in a grid
/// section its row and column.
public struct CellAccessibility: Sendable, Hashable {
  /// The cell's position in its section, from 1 (`aria-posinset`).
  public var positionInSet: Int
  /// The number of cells in its section (`aria-setsize`).
  public var setSize: Int
  /// The cell's place in its grid; `nil` outside grid sections.
  public var grid: GridCellPosition?
}

/// A grid cell's place, as the layout placed it (dense packing included), 1-based.
public struct GridCellPosition: Sendable, Hashable {
  /// The cell's row, from 1 at the grid's start (`aria-rowindex`).
  public var row: Int
  /// The cell's first column, from 1 at the leading edge: from the left, or from the right in
  /// a right-to-left list (`aria-colindex`).
  public var column: Int
  /// The rows the cell spans (always 1: cells span columns only).
  public var rowSpan: Int
  /// The columns the cell spans (`aria-colspan`).
  public var columnSpan: Int
  /// The number of rows of the section's grid (`aria-rowcount`).
  public var rowCount: Int
  /// The number of columns of the section's grid (`aria-colcount`).
  public var columnCount: Int
}

/// The role an element plays for assistive technology.
public enum AccessibilityRole: String, Sendable, Hashable, CaseIterable {
  /// A section's header: a heading.
  case heading
  /// A cell of a section that is not a grid: an item of its section's list.
  case listItem
  /// A cell of a grid section.
  case gridCell
  /// The list's header or footer, or a section's footer: a group read in its place.
  case group
  /// A background or an overlay: decoration, not read.
  case presentation
}

/// An element named by its kind and index path (item 0 for a header or footer, section 0
/// for the list's header and footer), as the reading order lists it.
public struct ElementReference: Sendable, Hashable {
  /// The element's kind.
  public var kind: ElementKind
  /// Its index path.
  public var indexPath: IndexPath

  /// A reference to an element.
  public init(kind: ElementKind, indexPath: IndexPath) {
    self.kind = kind
    self.indexPath = indexPath
  }
}

extension LayoutSnapshot {
  /// The accessibility of the cell at `indexPath`; `nil` when there is no such cell.
  ///
  /// ```swift
  /// let info = snapshot.accessibility(of: IndexPath(item: 4, section: 1))
  /// info?.positionInSet   // 5
  /// info?.grid?.column    // in a grid section: its column from the leading edge
  /// ```
  ///
  /// - Complexity: O(log n) (a grid's row is read from its page).
  public func accessibility(of indexPath: IndexPath) -> CellAccessibility? {
    nil
  }

  /// The role of an element of `kind` in `section`: headers are headings, cells list items
  /// or (in grid sections) grid cells, footers and the list's header and footer groups,
  /// backgrounds and overlays decoration.
  ///
  /// - Complexity: O(1).
  public func accessibilityRole(of kind: ElementKind, inSection section: Int) -> AccessibilityRole {
    .presentation
  }

  /// The element after `element` in the reading order (the first for `nil`), or before it
  /// when `backward` (the last for `nil`); `nil` past either end or for an element the
  /// snapshot does not have.
  ///
  /// The reading order is the list header, then section by section the header, the cells in
  /// index-path order and the footer, then the list footer: index-path order, each section's
  /// header and footer at its ends. Backgrounds and overlays are not read.
  ///
  /// - Complexity: O(log s) for s sections, but O(k) past k sections with nothing to read.
  public func nextInReadingOrder(
    after element: ElementReference?, backward: Bool = false
  ) -> ElementReference? {
    nil
  }
}
