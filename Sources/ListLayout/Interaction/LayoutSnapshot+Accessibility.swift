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

  /// A cell's accessibility.
  public init(positionInSet: Int, setSize: Int, grid: GridCellPosition? = nil) {
    self.positionInSet = positionInSet
    self.setSize = setSize
    self.grid = grid
  }
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

  /// A grid cell's place.
  public init(row: Int, column: Int, rowSpan: Int, columnSpan: Int, rowCount: Int, columnCount: Int) {
    self.row = row
    self.column = column
    self.rowSpan = rowSpan
    self.columnSpan = columnSpan
    self.rowCount = rowCount
    self.columnCount = columnCount
  }
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
  public var indexPath: ListIndexPath

  /// A reference to an element.
  public init(kind: ElementKind, indexPath: ListIndexPath) {
    self.kind = kind
    self.indexPath = indexPath
  }
}

extension LayoutSnapshot {
  /// The accessibility of the cell at `indexPath`; `nil` when there is no such cell.
  ///
  /// ```swift
  /// let info = snapshot.accessibility(of: ListIndexPath(item: 4, section: 1))
  /// info?.positionInSet   // 5
  /// info?.grid?.column    // in a grid section: its column from the leading edge
  /// ```
  ///
  /// - Complexity: O(log n) (a grid's row is read from its page).
  public func accessibility(of indexPath: ListIndexPath) -> CellAccessibility? {
    guard geometries.indices.contains(indexPath.section) else { return nil }
    let count = geometries[indexPath.section].itemCount
    guard indexPath.item >= 0, indexPath.item < count else { return nil }
    var info = CellAccessibility(positionInSet: indexPath.item + 1, setSize: count, grid: nil)
    let cells = model.sections[indexPath.section].cells
    let body = geometries[indexPath.section].body
    if let placement = body.gridPlacement(ofItem: indexPath.item, spans: { cells[$0].span }) {
      info.grid = GridCellPosition(
        row: placement.row + 1, column: placement.column + 1, rowSpan: 1, columnSpan: placement.span,
        rowCount: placement.rowCount, columnCount: placement.columnCount)
    }
    return info
  }

  /// The role of an element of `kind` in `section`: headers are headings, cells list items
  /// or (in grid sections) grid cells, footers and the list's header and footer groups,
  /// backgrounds, separators, badges and overlays decoration (a badge is read with its cell,
  /// which an app labels).
  ///
  /// - Complexity: O(1).
  public func accessibilityRole(of kind: ElementKind, inSection section: Int) -> AccessibilityRole {
    switch kind {
    case .header: .heading
    case .cell: isGrid(section) ? .gridCell : .listItem
    case .footer, .listHeader, .listFooter: .group
    case .background, .overlay, .separator, .badge: .presentation
    }
  }

  /// Whether `section` is laid out as a grid.
  func isGrid(_ section: Int) -> Bool {
    guard geometries.indices.contains(section) else { return false }
    return model.sections.withElement(at: section) { section in
      if case .grid = section.layout { return true }
      return false
    }
  }

  /// The element after `element` in the reading order (the first for `nil`), or before it
  /// when `backward` (the last for `nil`); `nil` past either end or for an element the
  /// snapshot does not have.
  ///
  /// The reading order is the list header, then section by section the header, the cells in
  /// index-path order and the footer, then the list footer: index-path order, each section's
  /// header and footer at its ends. Backgrounds, separators, badges and overlays are not read.
  ///
  /// - Complexity: O(log s) for s sections, but O(k) past k sections with nothing to read.
  public func nextInReadingOrder(
    after element: ElementReference?, backward: Bool = false
  ) -> ElementReference? {
    // Positions in the reading order: the list header is (-1, 0); a section's header (s, 0),
    // its cells (s, 1 + i), its footer (s, 1 + n); the list footer (sections, 0).
    let sections = geometries.count
    var position: (section: Int, slot: Int)
    if let element {
      let path = element.indexPath
      switch element.kind {
      case .listHeader:
        guard model.configuration.listHeader != nil else { return nil }
        position = (-1, 0)
      case .listFooter:
        guard model.configuration.listFooter != nil else { return nil }
        position = (sections, 0)
      case .header, .footer, .cell:
        guard geometries.indices.contains(path.section) else { return nil }
        let count = geometries[path.section].itemCount
        let slot =
          switch element.kind {
          case .header: 0
          case .cell: path.item >= 0 && path.item < count ? 1 + path.item : -1
          default: 1 + count
          }
        guard slot >= 0, readingElement(path.section, slot) == element else { return nil }
        position = (path.section, slot)
      case .background, .overlay, .separator, .badge: return nil
      }
    } else {
      position = backward ? (sections + 1, 0) : (-2, 0)
    }
    while true {
      // Step to the next position, then take the element there if there is one.
      if backward {
        if position.section > sections {
          position = (sections, 0)
        } else if position.section < 0 {
          return nil
        } else if position.section == sections || position.slot == 0 {
          position.section -= 1
          position.slot = position.section < 0 ? 0 : 1 + geometries[position.section].itemCount
        } else {
          position.slot -= 1
        }
      } else {
        if position.section < -1 {
          position = (-1, 0)
        } else if position.section >= sections {
          return nil
        } else if position.section == -1 || position.slot >= 1 + geometries[position.section].itemCount {
          position = (position.section + 1, 0)
        } else {
          position.slot += 1
        }
      }
      if let found = readingElement(position.section, position.slot) { return found }
    }
  }

  /// The element at a reading position (``nextInReadingOrder(after:backward:)``), if any.
  private func readingElement(_ section: Int, _ slot: Int) -> ElementReference? {
    let zero = ListIndexPath(item: 0, section: 0)
    if section < 0 {
      return model.configuration.listHeader == nil
        ? nil : ElementReference(kind: .listHeader, indexPath: zero)
    }
    if section >= geometries.count {
      return model.configuration.listFooter == nil
        ? nil : ElementReference(kind: .listFooter, indexPath: zero)
    }
    let count = geometries[section].itemCount
    let start = ListIndexPath(item: 0, section: section)
    if slot == 0 {
      return geometries[section].headerFrame == nil ? nil : ElementReference(kind: .header, indexPath: start)
    }
    if slot == 1 + count {
      return geometries[section].footerFrame == nil ? nil : ElementReference(kind: .footer, indexPath: start)
    }
    return ElementReference(kind: .cell, indexPath: ListIndexPath(item: slot - 1, section: section))
  }
}
