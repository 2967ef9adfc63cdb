/// The identifiers of the cells of one section, read in ascending item order while a query
/// lists them (``LayoutAttributes/id``): the section's list of cells is descended once per
/// chunk of cells, not once per cell, and a read copies the identifier alone.
struct CellNames {
  /// The section's cells (empty for a section that does not exist).
  private let cells: CellList
  /// The chunk of cells at hand (held: ``base`` points into it), its first cell and the item
  /// of its first cell. A read through the pointer retains nothing but the string: reading
  /// through the array would retain and release its storage for every cell.
  private var chunk: ContiguousArray<Cell> = []
  private var base: UnsafePointer<Cell>?
  private var start = 0

  /// The names of `cells`.
  init(_ cells: CellList) {
    self.cells = cells
  }

  /// The names of the cells of `section` of `sections`.
  ///
  /// - Complexity: O(log s).
  init(section: Int, of sections: SectionList) {
    cells =
      sections.indices.contains(section) ? sections.withElement(at: section) { $0.cells } : CellList()
  }

  /// The identifier of the cell at `item` (`nil` for a cell without one or past the end).
  ///
  /// - Complexity: O(1), but O(log n) for the first item of each chunk.
  @inline(__always)
  mutating func id(_ item: Int) -> String? {
    let local = item - start
    guard local >= 0, local < chunk.count, let base else { return descend(to: item) }
    return base[local].id
  }

  /// Moves to the chunk holding `item` and answers for it.
  @inline(never)
  private mutating func descend(to item: Int) -> String? {
    guard item >= 0, item < cells.count else { return nil }
    (chunk, start) = cells.chunk(containing: item)
    // The storage stays where it is while `chunk` holds it unchanged.
    base = chunk.withUnsafeBufferPointer { $0.baseAddress }
    return base?[item - start].id
  }
}

extension CellList {
  /// The cells of the chunk that holds `item`, written out, and the index of the first of
  /// them: a leaf's own storage, or for a run a chunk's worth of cells made from its pattern.
  /// What readers walking a section's cells in order hold (``CellNames``, the badge cursor).
  ///
  /// - Complexity: O(log n), and O(c) for the c cells of a chunk of a run.
  func chunk(containing item: Int) -> (cells: ContiguousArray<Cell>, start: Int) {
    let (found, local) = leaf(containing: item)
    guard found.run != nil else { return (found.elements, item - local) }
    let lower = local / CellList.chunkCapacity * CellList.chunkCapacity
    return (
      found.materialized(lower..<Swift.min(found.count, lower + CellList.chunkCapacity)),
      item - (local - lower)
    )
  }
}

extension LayoutSnapshot {
  /// The identifier of a section's header or footer (`nil` when it has none or the section
  /// does not exist), read in place.
  ///
  /// - Complexity: O(log s).
  func supplementaryID(_ kind: ElementKind, _ section: Int) -> String? {
    guard model.sections.indices.contains(section) else { return nil }
    return model.sections.withElement(at: section) { kind == .header ? $0.header?.id : $0.footer?.id }
  }
}
