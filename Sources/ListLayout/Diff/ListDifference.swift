/// The difference between two versions of a list: the batch update that turns the old model
/// into the new one, in UIKit's index semantics, and what a renderer reconfigures afterwards.
///
/// ```swift
/// var newModel = model
/// newModel.sections[0].cells.remove(at: 0)
/// let difference = ListDifference(from: model, to: newModel)
/// difference.items.deleted        // old index paths
/// difference.items.inserted       // new index paths
/// difference.items.updated        // new index paths of kept cells whose content changed
/// let result = try snapshot.applying(difference, anchor: ScrollAnchor(contentOffset: 300, viewportHeight: 667))
/// ```
///
/// ## Matching
/// - Sections match by key: their ``Section/id``, else their header's
///   ``Supplementary/id`` (one namespace). Sections without a key match by their rank among
///   the sections without a key.
/// - Cells match by ``Cell/id`` across all sections that match (a cell may move from one
///   surviving section to another). Cells without an id match by their rank among the
///   id-less cells of their matched section.
/// - Duplicate keys never fail: the k-th occurrence of a key in the old model (in document
///   order, among the sections that match) matches the k-th occurrence in the new model;
///   extra occurrences are deleted or inserted.
/// - A cell of a deleted section, or of an inserted one, is not listed: the section's
///   deletion or insertion covers it, even when a cell with its id lives on elsewhere.
///
/// ## Moves
/// Moves are minimal: within a matched section, the cells that do not move form a longest
/// increasing subsequence of the cells it keeps, so one cell dragged to the end is one
/// move; the same for sections.
///
/// ## What is reported
/// Deletions and move sources are index paths (or section indices) before the update;
/// insertions, move destinations and updates are index paths after it. The cells of a
/// deleted or inserted section are not listed. ``SectionChanges/updated`` lists matched
/// sections whose own id, header, footer, attributes or layout changed;
/// ``ItemChanges/updated`` lists matched cells (moved or not) whose size, traits,
/// attributes, sequential options or flexbox content changed. Content that cannot be compared
/// (a sizing closure, a flexbox measure closure, a custom frame calculator) counts as changed.
///
/// ## Applying
/// A difference computed by ``init(from:to:)`` keeps the two models it was computed from
/// (shared, not copied) until any of its properties is changed: applied to a snapshot of the
/// old model, it takes the touched sections' cells from the new model rather than rebuilding
/// them.
public struct ListDifference: Sendable {
  /// Section operations.
  public struct SectionChanges: Sendable, Hashable {
    /// Deleted sections, by index before the update, ascending.
    public var deleted: [Int] = []
    /// Inserted sections, by index after the update, ascending.
    public var inserted: [Int] = []
    /// Moved sections: from an index before the update to one after it, by destination.
    public var moved: [Move<Int>] = []
    /// Matched sections whose own properties changed, by index after the update, ascending.
    public var updated: [Int] = []

    /// No section operations.
    public init() {}

    /// Whether there is no section operation.
    public var isEmpty: Bool { deleted.isEmpty && inserted.isEmpty && moved.isEmpty && updated.isEmpty }
  }

  /// Cell operations.
  public struct ItemChanges: Sendable, Hashable {
    /// Deleted cells, by index path before the update, ascending.
    public var deleted: [ListIndexPath] = []
    /// Inserted cells, by index path after the update, ascending.
    public var inserted: [ListIndexPath] = []
    /// Moved cells: from an index path before the update to one after it, by destination.
    public var moved: [Move<ListIndexPath>] = []
    /// Matched cells (moved or not) whose content changed, by index path after the update,
    /// ascending.
    public var updated: [ListIndexPath] = []

    /// No cell operations.
    public init() {}

    /// Whether there is no cell operation.
    public var isEmpty: Bool { deleted.isEmpty && inserted.isEmpty && moved.isEmpty && updated.isEmpty }
  }

  /// A move from a position before the update to one after it.
  public struct Move<Position: Sendable & Hashable>: Sendable, Hashable {
    /// The position before the update.
    public var from: Position
    /// The position after the update.
    public var to: Position

    /// Creates a move.
    public init(from: Position, to: Position) {
      self.from = from
      self.to = to
    }
  }

  /// Section operations.
  public var sections = SectionChanges() { didSet { source = nil } }
  /// Cell operations.
  public var items = ItemChanges() { didSet { source = nil } }
  /// The new sections, in the order of ``SectionChanges/inserted``.
  public var insertedSections: [Section] = [] { didSet { source = nil } }
  /// The matched sections' new versions, in the order of ``SectionChanges/updated`` (their
  /// own properties are taken; their cells come from the batch).
  public var updatedSections: [Section] = [] { didSet { source = nil } }
  /// The new cells, in the order of ``ItemChanges/inserted``.
  public var insertedCells: [Cell] = [] { didSet { source = nil } }
  /// The updated cells' new versions, in the order of ``ItemChanges/updated``.
  public var updatedCells: [Cell] = [] { didSet { source = nil } }
  /// The new configuration, when anything in it changed (a new width, insets, manager…),
  /// which lays every section out again.
  public var configuration: ListConfiguration? { didSet { source = nil } }

  /// The models this difference was computed from (``init(from:to:)``), kept until any of
  /// its parts is changed: applied to a snapshot of `old`, it takes the edited sections'
  /// cells from `new` (which holds exactly the cells the batch produces) rather than
  /// splicing them anew.
  var source: (old: ListModel, new: ListModel)?

  /// An empty difference.
  public init() {}

  /// Whether nothing changed.
  public var isEmpty: Bool { sections.isEmpty && items.isEmpty && configuration == nil }
}
