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
  private let blocks = Mutex<[Int: BadgeBlock]>([:])

  init() {}

  /// Block `number` of the section whose cells are `cells` (the cells of the snapshot's
  /// model the index was made for), read now if no query has yet.
  ///
  /// - Complexity: O(1) when kept; O(b + log n) the first time, for a block of b cells.
  func block(_ number: Int, of cells: CellList) -> BadgeBlock {
    if let kept = blocks.withLock({ $0[number] }) { return kept }
    let made = BadgeBlock(number, of: cells)
    return blocks.withLock { kept in
      if let other = kept[number] { return other }
      kept[number] = made
      return made
    }
  }
}

/// The badged cells of one block of a section's items, in item order, with their badges.
final class BadgeBlock: Sendable {
  /// The section items of the badged cells, ascending.
  let items: [Int]
  /// Where each badged cell's badges end in ``badges``: cell `k`'s are
  /// `ends[k − 1] ..< ends[k]` (from 0 for the first).
  let ends: [Int]
  /// The badges, cell after cell, each cell's in its order.
  let badges: [Badge]

  /// Block `number` of `cells`: items `number × b ..< (number + 1) × b` for blocks of b cells.
  init(_ number: Int, of cells: CellList) {
    let size = LayoutTuning.badgeBlockItems
    let start = number * size
    let end = Swift.min(cells.count, start + size)
    var items: [Int] = []
    var ends: [Int] = []
    var badges: [Badge] = []
    var reader = CellReader(cells)
    for item in start..<Swift.max(start, end) {
      reader.withBadges(of: item) { found in
        guard !found.isEmpty else { return }
        items.append(item)
        badges.append(contentsOf: found)
        ends.append(badges.count)
      }
    }
    self.items = items
    self.ends = ends
    self.badges = badges
  }
}

/// The badges of a section's cells, asked item by item while a query lists them (in
/// ascending order, the fast way; any order is answered): read from the section's
/// ``BadgeIndex``, so that a cell without badges costs a comparison.
struct BadgeCursor {
  private let index: BadgeIndex
  private let cells: CellList
  /// The block at hand and its number (−1: none yet).
  private var block: BadgeBlock?
  private var number = -1
  /// The first badged cell of the block whose item is not below the last item asked.
  private var position = 0
  private var last = Int.min

  /// A cursor over the badges of `cells` (the section's cells in the snapshot's model)
  /// through `index`, the section's.
  init(_ index: BadgeIndex, cells: CellList) {
    self.index = index
    self.cells = cells
  }

  /// Calls `body` with the badges of the cell at `item`, in order (empty for none or past
  /// the end).
  ///
  /// - Complexity: O(1) amortized for ascending items, but a block's first read
  ///   (``BadgeIndex/block(_:of:)``).
  @inline(__always)
  mutating func withBadges<R>(of item: Int, _ body: (UnsafeBufferPointer<Badge>) -> R) -> R {
    guard item >= 0, item < cells.count else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
    let n = item / LayoutTuning.badgeBlockItems
    if n != number { moveTo(block: n) }
    let block = self.block.unsafelyUnwrapped
    if item < last { position = 0 }
    last = item
    let items = block.items
    while position < items.count, items[position] < item { position += 1 }
    guard position < items.count, items[position] == item else {
      return body(UnsafeBufferPointer(start: nil, count: 0))
    }
    let lower = position == 0 ? 0 : block.ends[position - 1]
    let upper = block.ends[position]
    return block.badges.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[lower..<upper])) }
  }

  @inline(never)
  private mutating func moveTo(block n: Int) {
    block = index.block(n, of: cells)
    number = n
    position = 0
    last = Int.min
  }
}
