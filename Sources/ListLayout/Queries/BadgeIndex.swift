import Synchronization

/// Where a query finds the badged cells of a section without reading every cell it meets:
/// the section's items cut into blocks of ``LayoutTuning/badgeBlockItems`` cells, each
/// block's badged cells and their badges read from the section's cells the first time a query
/// asks for it (``BadgeBlock``), and kept.
///
/// A section's geometry holds one (``SectionGeometry/badgeIndex``), made anew whenever its
/// cells may have changed: a layout, an edit of the section. Snapshots whose section has the
/// same cells share it. What it keeps is bounded by the section's badges (a copy of each)
/// and one entry per block.
final class BadgeIndex: Sendable {
  /// The blocks read so far, by number (the table is made by the first query: an edit, which
  /// makes a new index, does not pay for it).
  private let blocks = Mutex<[BadgeBlock?]>([])

  init() {}

  /// Block `number` of the section whose cells are `cells` (the cells of the snapshot's
  /// model the index was made for), read now if no query has yet.
  ///
  /// - Complexity: O(1) when kept; O(b + log n) the first time, for a block of b cells (and
  ///   O(n / b) for the section's first).
  func block(_ number: Int, of cells: CellList) -> BadgeBlock {
    if let kept = blocks.withLock({ number < $0.count ? $0[number] : nil }) { return kept }
    let made = BadgeBlock(number, of: cells)
    let size = LayoutTuning.badgeBlockItems
    return blocks.withLock { kept in
      if kept.isEmpty { kept = Array(repeating: nil, count: (cells.count + size - 1) / size) }
      if let other = kept[number] { return other }
      kept[number] = made
      return made
    }
  }
}

/// The badged cells of one block of a section's items, in item order, with their badges:
/// one entry per badge, read in one pass.
struct BadgeBlock: Sendable {
  /// A badge of a badged cell: the cell's item, the badge's index among its cell's, the
  /// badge.
  struct Entry: Sendable {
    var item: Int
    var index: Int
    var badge: Badge
  }

  /// The entries, by item, then by index.
  let entries: ContiguousArray<Entry>

  /// Block `number` of `cells`: items `number × b ..< (number + 1) × b` for blocks of b cells.
  init(_ number: Int, of cells: CellList) {
    let size = LayoutTuning.badgeBlockItems
    let start = number * size
    let end = Swift.min(cells.count, start + size)
    var entries: ContiguousArray<Entry> = []
    var reader = CellReader(cells)
    for item in start..<Swift.max(start, end) {
      reader.withBadges(of: item) { found in
        for index in found.indices { entries.append(Entry(item: item, index: index, badge: found[index])) }
      }
    }
    self.entries = entries
  }
}

/// The badges of a section's cells, asked item by item while a query lists them (in
/// ascending order, the fast way; any order is answered): read from the section's
/// ``BadgeIndex``, so that a cell without badges costs a comparison.
struct BadgeCursor {
  private let index: BadgeIndex
  private let cells: CellList
  /// The entries of the block at hand and its number (−1: none yet).
  private var entries: ContiguousArray<BadgeBlock.Entry> = []
  private var number = -1
  /// The first entry of the block whose item is not below the last item asked.
  private var position = 0
  private var last = Int.min

  /// A cursor over the badges of `cells` (the section's cells in the snapshot's model)
  /// through `index`, the section's.
  init(_ index: BadgeIndex, cells: CellList) {
    self.index = index
    self.cells = cells
  }

  /// Calls `body` with each badge of the cell at `item` and its index among the cell's, in
  /// order (none past the end).
  ///
  /// - Complexity: O(1) amortized per badge for ascending items, but a block's first read
  ///   (``BadgeIndex/block(_:of:)``).
  @inline(__always)
  mutating func forEachBadge(of item: Int, _ body: (Badge, Int) -> Void) {
    guard item >= 0, item < cells.count else { return }
    let n = item / LayoutTuning.badgeBlockItems
    if n != number { moveTo(block: n) }
    if item < last { position = 0 }
    last = item
    entries.withUnsafeBufferPointer { entries in
      while position < entries.count, entries[position].item < item { position += 1 }
      var k = position
      while k < entries.count, entries[k].item == item {
        body(entries[k].badge, entries[k].index)
        k += 1
      }
    }
  }

  @inline(never)
  private mutating func moveTo(block n: Int) {
    entries = index.block(n, of: cells).entries
    number = n
    position = 0
    last = Int.min
  }
}
