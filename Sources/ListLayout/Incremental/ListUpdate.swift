import LayoutGeometry

/// A batch of edits to a list, applied together with the index-path semantics of UIKit's
/// batch updates: deletions, reloads, changes and the sources of moves name items by their
/// index paths *before* the update; insertions and the destinations of moves name them by
/// their index paths *after* it.
///
/// ```swift
/// var update = ListUpdate()
/// update.deleteItem(at: ListIndexPath(item: 3, section: 0))
/// update.insertItem(Cell(id: "new", width: 80, height: 40), at: ListIndexPath(item: 0, section: 0))
/// update.resizeItem(at: ListIndexPath(item: 10, section: 0), to: Size(width: 120, height: 60))
/// let result = try snapshot.applying(update)
/// ```
///
/// Cell identity (``Cell/id``) travels with the cells: a moved cell keeps its identifier.
public struct ListUpdate: Sendable {
  /// A change to one existing cell.
  public enum ItemChange: Sendable {
    /// A new size (fixed, or a measured size replacing an estimate).
    case size(Size)
    /// New layout traits.
    case traits(TraitSet)
    /// New cell attributes (`nil` to use the defaults).
    case attributes(CellAttributes?)
    /// A whole new cell in its place (a reload).
    case replace(Cell)
  }

  /// Sections to delete, by index before the update.
  public var deletedSections: [Int] = []
  /// Sections to insert, by index after the update.
  public var insertedSections: [(index: Int, section: Section)] = []
  /// Sections to replace, by index before the update.
  public var reloadedSections: [(index: Int, section: Section)] = []
  /// Sections to move: from an index before the update to an index after it.
  public var movedSections: [(from: Int, to: Int)] = []
  /// Cells to delete, by index path before the update.
  public var deletedItems: [ListIndexPath] = []
  /// Cells to insert, by index path after the update.
  public var insertedItems: [(indexPath: ListIndexPath, cell: Cell)] = []
  /// Cells to move: from an index path before the update to one after it.
  public var movedItems: [(from: ListIndexPath, to: ListIndexPath)] = []
  /// Changes to cells that stay, by index path before the update.
  public var changedItems: [(indexPath: ListIndexPath, change: ItemChange)] = []
  /// A new list width, if it changes (which lays every section out again).
  public var width: Double?
  /// Sections to collapse (`true`) or expand (`false`), by index before the update (see
  /// ``Section/collapsed``): the section's cells stay where they were laid out, so each costs
  /// O(log n) besides the section's other edits.
  public var collapsedSections: [(index: Int, collapsed: Bool)] = []

  /// An empty update.
  public init() {}

  /// Whether the update changes nothing.
  public var isEmpty: Bool {
    deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
      && deletedItems.isEmpty && insertedItems.isEmpty && movedItems.isEmpty && changedItems.isEmpty
      && width == nil && collapsedSections.isEmpty
  }

  /// Deletes the cell at `indexPath` (before the update).
  public mutating func deleteItem(at indexPath: ListIndexPath) { deletedItems.append(indexPath) }
  /// Inserts `cell` at `indexPath` (after the update).
  public mutating func insertItem(_ cell: Cell, at indexPath: ListIndexPath) {
    insertedItems.append((indexPath, cell))
  }
  /// Moves the cell at `from` (before the update) to `to` (after it).
  public mutating func moveItem(from: ListIndexPath, to: ListIndexPath) { movedItems.append((from, to)) }
  /// Replaces the cell at `indexPath` (before the update).
  public mutating func reloadItem(at indexPath: ListIndexPath, with cell: Cell) {
    changedItems.append((indexPath, .replace(cell)))
  }
  /// Gives the cell at `indexPath` (before the update) a new size.
  public mutating func resizeItem(at indexPath: ListIndexPath, to size: Size) {
    changedItems.append((indexPath, .size(size)))
  }
  /// Gives the cell at `indexPath` (before the update) new traits.
  public mutating func setTraits(_ traits: TraitSet, ofItemAt indexPath: ListIndexPath) {
    changedItems.append((indexPath, .traits(traits)))
  }
  /// Gives the cell at `indexPath` (before the update) new attributes.
  public mutating func setAttributes(_ attributes: CellAttributes?, ofItemAt indexPath: ListIndexPath) {
    changedItems.append((indexPath, .attributes(attributes)))
  }
  /// Deletes the section at `index` (before the update).
  public mutating func deleteSection(at index: Int) { deletedSections.append(index) }
  /// Inserts `section` at `index` (after the update).
  public mutating func insertSection(_ section: Section, at index: Int) {
    insertedSections.append((index, section))
  }
  /// Replaces the section at `index` (before the update).
  public mutating func reloadSection(at index: Int, with section: Section) {
    reloadedSections.append((index, section))
  }
  /// Moves the section at `from` (before the update) to `to` (after it).
  public mutating func moveSection(from: Int, to: Int) { movedSections.append((from, to)) }
  /// Collapses the section at `index` (before the update): laid out as its header and footer
  /// only, its cells kept in the model (``Section/collapsed``).
  public mutating func collapseSection(at index: Int) { collapsedSections.append((index, true)) }
  /// Expands the section at `index` (before the update): its cells laid out again where they
  /// were before it collapsed (or where its edits put them).
  public mutating func expandSection(at index: Int) { collapsedSections.append((index, false)) }
}

/// Why an update could not be applied. The snapshot it was applied to is left unchanged.
public enum UpdateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// An index or index path does not exist on the side of the update it refers to.
  case outOfRange(String)
  /// The same element is named twice where once is the limit.
  case duplicate(String)
  /// The operations contradict each other (a cell moved into a deleted section, …).
  case conflict(String)
  /// A measurement names a cell identifier no cell has.
  case unknownIdentifier(String)
  /// The updated model cannot be laid out.
  case layout(LayoutError)

  public var description: String {
    switch self {
    case .outOfRange(let message): "out of range: \(message)"
    case .duplicate(let message): "duplicate: \(message)"
    case .conflict(let message): "conflict: \(message)"
    case .unknownIdentifier(let id): "no cell has the identifier '\(id)'"
    case .layout(let error): "layout: \(error)"
    }
  }
}
