/// An element's identifier as attributes keep it (``LayoutAttributes/id``): given, or read
/// from the model when asked. A rect, point or viewport query names the cells it finds by
/// their section's cells (one reference, shared by the attributes of every cell of the
/// section), so that it does not read the model's memory of each cell: the identifier is read
/// when someone asks for it, from the same model, and is the same answer.
enum ElementName: Sendable {
  /// The identifier itself (`nil`: none).
  case given(String?)
  /// The identifier of cell `item` of `cells` (its section's cells in the snapshot's model,
  /// which never change).
  case cell(CellList, item: Int)

  /// The identifier.
  ///
  /// - Complexity: O(1) given; O(log n) read from the cells.
  var id: String? {
    switch self {
    case .given(let id): id
    case .cell(let cells, let item): cells.withElement(at: item) { $0.id }
    }
  }

  /// Whether the two name the element alike.
  func isSame(as other: ElementName) -> Bool {
    switch (self, other) {
    case (.given(let a), .given(let b)): return a == b
    case (.cell(let a, let i), .cell(let b, let j)) where i == j && a.root === b.root: return true
    default: return id == other.id
    }
  }
}

/// The cells of one section, read in ascending item order while a query lists them: their
/// identifiers (``LayoutAttributes/id``) and their badges. The section's list of cells is
/// descended once per chunk of cells, not once per cell, without retaining the nodes on the
/// way down, and a read through it retains nothing (but an identifier's storage, for a long
/// one).
struct CellReader {
  /// The section's cells (empty for a section that does not exist), held: every chunk under
  /// them stays alive and unchanged while they are (a list changes a chunk in place only
  /// while it alone holds it), so ``base`` stays valid without retaining the chunk.
  private let cells: CellList
  /// The chunk of cells at hand: where its first cell lies, how many cells it has, and the
  /// item of its first cell.
  private var base: UnsafePointer<Cell>?
  private var count = 0
  private var start = 0
  /// A chunk of a run's cells, made from its pattern (held: ``base`` points into it).
  private var window: ContiguousArray<Cell> = []
  /// Where a cell's count of badges lies in its memory (read without copying the cell).
  private let offsets = Cell.badgeSummaryOffsets

  /// A reader of `cells`.
  init(_ cells: CellList) {
    self.cells = cells
  }

  /// A reader of the cells of `section` of `sections`.
  ///
  /// - Complexity: O(log s).
  init(section: Int, of sections: SectionList) {
    cells =
      sections.indices.contains(section) ? sections.withElement(at: section) { $0.cells } : CellList()
  }

  /// The cell at `item`, in place (`nil` past the end).
  ///
  /// - Complexity: O(1), but O(log n) for the first item of each chunk.
  @inline(__always)
  private mutating func cell(_ item: Int) -> UnsafePointer<Cell>? {
    let local = item - start
    guard local >= 0, local < count, let base else { return descend(to: item) }
    return base + local
  }

  /// Moves to the chunk holding `item` and answers for it.
  @inline(never)
  private mutating func descend(to item: Int) -> UnsafePointer<Cell>? {
    guard item >= 0, item < cells.count else { return nil }
    (base, count, start) = cells.chunkInPlace(containing: item, window: &window)
    return base.map { $0 + (item - start) }
  }

  /// The identifier of the cell at `item` (`nil` for a cell without one or past the end).
  ///
  /// - Complexity: O(1), but O(log n) for the first item of each chunk.
  @inline(__always)
  mutating func id(_ item: Int) -> String? {
    cell(item)?.pointee.id
  }

  /// Calls `body` with the badges of the cell at `item`, read in place (empty for none or
  /// past the end).
  ///
  /// - Complexity: O(1), but O(log n) for the first item of each chunk.
  @inline(__always)
  mutating func withBadges<R>(of item: Int, _ body: (UnsafeBufferPointer<Badge>) -> R) -> R {
    guard let cell = cell(item), Cell.badgeSummary(at: cell, offsets: offsets).count != 0 else {
      return body(UnsafeBufferPointer(start: nil, count: 0))
    }
    return cell.pointee.withBadges(body)
  }

  /// The badges of the cell at `item`, or `nil` when it has none.
  ///
  /// - Complexity: O(1), but O(log n) for the first item of each chunk.
  mutating func badges(of item: Int) -> [Badge]? {
    withBadges(of: item) { $0.isEmpty ? nil : Array($0) }
  }
}

extension CellList {
  /// Where the cells of the chunk that holds `item` lie, how many there are and the index of
  /// the first of them, found without retaining the nodes on the way down: a leaf's own
  /// storage (valid while this list, or any holder of its chunks, is held unchanged), or for
  /// a run a chunk's worth of cells made from its pattern into `window` (valid while
  /// `window` is unchanged). What ``CellReader`` reads.
  ///
  /// - Complexity: O(log n), and O(c) for the c cells of a chunk of a run.
  func chunkInPlace(
    containing item: Int, window: inout ContiguousArray<Cell>
  ) -> (base: UnsafePointer<Cell>?, count: Int, start: Int) {
    withExtendedLifetime(root) { root in
      // The root keeps every node under it alive.
      unowned(unsafe) var node = root
      var local = item
      while !node.isLeaf {
        let (child, inner) = node.child(containing: local)
        node = node.children[child]
        local = inner
      }
      guard node.run != nil else {
        return (node.elements.withUnsafeBufferPointer { $0.baseAddress }, node.elements.count, item - local)
      }
      let lower = local / CellList.chunkCapacity * CellList.chunkCapacity
      window = node.materialized(lower..<Swift.min(node.count, lower + CellList.chunkCapacity))
      return (window.withUnsafeBufferPointer { $0.baseAddress }, window.count, item - (local - lower))
    }
  }
}

extension LayoutSnapshot {
  /// The identifier of a section's header or footer (`nil` when it has none or the section
  /// does not exist), read from the section's geometry (``SectionChrome/headerID``) with
  /// the element's frame: the model is not read.
  ///
  /// - Complexity: O(1).
  func supplementaryID(_ kind: ElementKind, _ section: Int) -> String? {
    guard geometries.indices.contains(section) else { return nil }
    return kind == .header ? geometries[section].chrome.headerID : geometries[section].chrome.footerID
  }
}
