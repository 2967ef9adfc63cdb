/// The pattern of a run: a list of elements repeated end to end, shared by every leaf of the
/// run (a run split by an edit is two leaves over one pattern).
///
/// Element `r` of a run's sequence is `pattern[r % pattern.count]`, given the identifier
/// `idPrefix` followed by `firstID + r` when the run has a prefix.
@usableFromInline final class RunPattern<Element: Sendable>: @unchecked Sendable {
  // `@unchecked`: ``pattern`` changes only in ``setAttributes(_:)``, which a feed decoder
  // calls before the model holding the run is handed out; after that it is read only.

  /// The elements repeated (at least one).
  private(set) var pattern: ContiguousArray<Element>
  /// The prefix of derived identifiers, or `nil` when the run's elements keep their own.
  let idPrefix: String?
  /// The number in the identifier of the sequence's element 0.
  let firstID: Int
  /// Gives an element its derived identifier (set only for runs of cells with a prefix).
  let identify: (@Sendable (inout Element, String) -> Void)?

  init(
    pattern: ContiguousArray<Element>, idPrefix: String?, firstID: Int,
    identify: (@Sendable (inout Element, String) -> Void)?
  ) {
    precondition(!pattern.isEmpty, "a run repeats at least one element")
    self.pattern = pattern
    self.idPrefix = idPrefix
    self.firstID = firstID
    self.identify = identify
  }

  /// Element `r` of the sequence.
  @usableFromInline func element(at r: Int) -> Element {
    var element = pattern[r % pattern.count]
    if let identify, let idPrefix { identify(&element, idPrefix + String(firstID + r)) }
    return element
  }
}

extension RunPattern where Element == Cell {
  /// Gives the pattern's cells attributes (by position in the pattern): what a decoder does
  /// once the feed's default attributes are known, before anyone else holds the run.
  func setAttributes(_ attributes: [(Int, CellAttributes)]) {
    for (index, value) in attributes { pattern[index].attributes = value }
  }
}

extension ChunkedList.Node {
  /// A leaf's elements `range` (local positions), a run leaf's made from its pattern.
  @usableFromInline func materialized(_ range: Range<Int>) -> ContiguousArray<Element> {
    guard let run else { return ContiguousArray(elements[range]) }
    var cells = ContiguousArray<Element>()
    cells.reserveCapacity(range.count)
    for local in range { cells.append(run.element(at: runStart + local)) }
    return cells
  }

  /// The run leaf of this one's elements `range` (local positions).
  func runSlice(_ range: Range<Int>) -> ChunkedList.Node {
    ChunkedList.Node(run: run!, start: runStart + range.lowerBound, count: range.count)
  }
}

extension ChunkedList {
  /// The most elements a list built with runs may hold: what keeps every index the layout
  /// stores (a masonry lane's items are 32-bit) and every sum of positions exact.
  public static var maxRunListCount: Int { Int(Int32.max) }

  /// Writes out the cells around `index` when a run holds it: the run leaf the edit path to
  /// `index` reaches becomes up to three leaves, the run before, a chunk of at most
  /// ``chunkCapacity`` written-out cells holding `index`, and the run after.
  ///
  /// - Complexity: O(log n + k) for chunks of k cells.
  @usableFromInline mutating func splitRun(at index: Int) {
    guard Self.runLeaf(at: index, in: root) else { return }
    replaceLeaf(at: index) { leaf, local in
      guard local < leaf.count else { return [leaf] }  // an append after the run
      let k = ChunkedList.chunkCapacity
      let lower = Swift.max(0, Swift.min(local - k / 2, leaf.count - k))
      let upper = Swift.min(leaf.count, lower + k)
      var pieces = ContiguousArray<Node>()
      if lower > 0 { pieces.append(leaf.runSlice(0..<lower)) }
      pieces.append(Node(cells: leaf.materialized(lower..<upper)))
      if upper < leaf.count { pieces.append(leaf.runSlice(upper..<leaf.count)) }
      return pieces
    }
  }

  /// Whether the edit path to `index` ends at a run leaf.
  static func runLeaf(at index: Int, in root: Node) -> Bool {
    var node = root
    var local = index
    while !node.isLeaf {
      let (child, inner) = node.child(containing: local)
      node = node.children[child]
      local = inner
    }
    return node.run != nil
  }

  /// Replaces the leaf that the edit path to `index` reaches by the leaves `replace` makes
  /// of it (given the leaf and the local position), splitting branches that overflow.
  ///
  /// - Complexity: O(log n) for a few leaves made.
  mutating func replaceLeaf(at index: Int, _ replace: (Node, Int) -> ContiguousArray<Node>) {
    if root.isLeaf {
      let pieces = ContiguousArray(replace(root, index).filter { $0.count > 0 })
      root = pieces.isEmpty ? Node(cells: []) : pieces.count == 1 ? pieces[0] : Node(children: pieces)
      return
    }
    let extra = Self.replaceLeaf(at: index, in: &root, replace)
    if !extra.isEmpty { root = Node(children: [root] + extra) }
  }

  /// ``replaceLeaf(at:_:)`` below the branch `node`; returns the new right siblings of
  /// `node` when it overflowed.
  private static func replaceLeaf(
    at index: Int, in node: inout Node, _ replace: (Node, Int) -> ContiguousArray<Node>
  ) -> ContiguousArray<Node> {
    let node = unique(&node)
    let (child, local) = node.child(containing: index)
    let pieces: ContiguousArray<Node>
    if node.children[child].isLeaf {
      pieces = ContiguousArray(replace(node.children[child], local).filter { $0.count > 0 })
    } else {
      let extra = replaceLeaf(at: local, in: &node.children[child], replace)
      pieces = [node.children[child]] + extra
    }
    node.children.replaceSubrange(child...child, with: pieces)
    node.counts.removeAll(keepingCapacity: true)
    node.count = 0
    for child in node.children {
      node.counts.append(child.count)
      node.count += child.count
    }
    guard node.children.count > branchCapacity else { return [] }
    // Groups of half a branch's children: the node keeps the first, the rest are siblings.
    let group = branchCapacity / 2
    var siblings = ContiguousArray<Node>()
    var start = group
    while start < node.children.count {
      let end = node.children.count - start < 2 * group ? node.children.count : start + group
      siblings.append(Node(children: ContiguousArray(node.children[start..<end])))
      start = end
    }
    node.children.removeSubrange(group...)
    node.counts.removeSubrange(group...)
    node.count = node.counts.reduce(0, +)
    return siblings
  }

  /// Appends this list's elements `range` to `builder`: whole leaves shared, the written-out
  /// cells of a leaf the range cuts copied, runs sliced (their cells are not written out).
  ///
  /// - Complexity: O(n / k + k) for chunks of k cells.
  func appendSlice(_ range: Range<Int>, to builder: inout Builder) {
    guard !range.isEmpty else { return }
    forEachLeaf { leaf, first in
      let lower = Swift.max(range.lowerBound, first) - first
      let upper = Swift.min(range.upperBound, first + leaf.count) - first
      if lower < upper {
        if lower == 0 && upper == leaf.count {
          builder.append(leaf: leaf)  // shared
        } else if leaf.run != nil {
          builder.append(leaf: leaf.runSlice(lower..<upper))
        } else {
          builder.append(contentsOf: leaf.elements[lower..<upper])
        }
      }
      return first + leaf.count < range.upperBound
    }
  }

  /// Calls `body` with each leaf of the tree (a run leaf whole) and the index of its first
  /// element, in order, while `body` returns `true`.
  func forEachLeaf(_ body: (Node, _ first: Int) -> Bool) {
    forEachLeaf(from: 0, body)
  }

  /// Calls `body` with each leaf of the tree from the one holding element `start` on (a run
  /// leaf whole) and the index of its first element, in order, while `body` returns `true`.
  ///
  /// - Complexity: O(log n) to reach the first leaf, then O(1) a leaf.
  func forEachLeaf<E: Error>(from start: Int, _ body: (Node, _ first: Int) throws(E) -> Bool) throws(E) {
    guard start < count else { return }
    _ = try Self.forEachLeaf(of: root, from: start, first: 0, body)
  }

  private static func forEachLeaf<E: Error>(
    of node: Node, from start: Int, first: Int, _ body: (Node, Int) throws(E) -> Bool
  ) throws(E) -> Bool {
    if node.isLeaf {
      if node.count == 0 { return true }
      return try body(node, first)
    }
    let (child, inner) = node.child(containing: start)
    var first = first
    for k in 0..<child { first += node.counts[k] }
    for c in child..<node.children.count {
      guard try forEachLeaf(of: node.children[c], from: c == child ? inner : 0, first: first, body) else {
        return false
      }
      first += node.counts[c]
    }
    return true
  }

  /// Appends `count` elements of `pattern`'s sequence as a run (no element written out).
  mutating func appendRun(_ pattern: RunPattern<Element>, count: Int) {
    precondition(count >= 0, "a run's count is not negative")
    precondition(
      count <= Self.maxRunListCount - self.count,
      "a list with runs holds at most \(Self.maxRunListCount) elements")
    guard count > 0 else { return }
    let leaf = Node(run: pattern, start: 0, count: count)
    if root.isLeaf, root.count == 0 {
      root = leaf
      return
    }
    replaceLeaf(at: self.count) { last, _ in [last, leaf] }
  }

  /// The number of runs in the list (leaves made from a pattern, the parts of a run that an
  /// edit split counted apart).
  var runLeafCount: Int {
    var runs = 0
    forEachLeaf { leaf, _ in
      if leaf.run != nil { runs += 1 }
      return true
    }
    return runs
  }
}

extension ChunkedList where Element == Cell {
  /// A list of `count` copies of `cell`, stored as one run: its memory does not grow with
  /// `count`.
  ///
  /// With an `idPrefix`, cell `i` has the identifier `idPrefix` followed by `i` (`row0`,
  /// `row1`, …), made when the cell is read: a run stores no strings. Without one, every
  /// cell has `cell`'s identifier.
  ///
  /// Every operation of the list works on a run: reading a cell costs O(log n); replacing,
  /// inserting or removing a cell inside a run splits it around that cell in O(log n + k),
  /// writing out one chunk of k cells. A layout walks a run's cells one by one (see
  /// <doc:NumbersAndLimits> for what a run costs where).
  ///
  /// - Precondition: `0 <= count <= ` ``maxRunListCount``.
  public init(repeating cell: Cell, count: Int, idPrefix: String? = nil) {
    self.init()
    append(repeating: cell, count: count, idPrefix: idPrefix)
  }

  /// A list of `count` cells that cycles through `cells` (`cells[i % cells.count]` at `i`),
  /// stored as one run: its memory grows with `cells.count`, not with `count`.
  ///
  /// Identifiers as in ``init(repeating:count:idPrefix:)``.
  ///
  /// - Precondition: `cells` is not empty when `count > 0`, and
  ///   `0 <= count <= ` ``maxRunListCount``.
  public init(cycling cells: [Cell], count: Int, idPrefix: String? = nil) {
    self.init()
    append(cycling: cells, count: count, idPrefix: idPrefix)
  }

  /// Appends `count` copies of `cell` as one run; with an `idPrefix`, the cell appended at
  /// index `i` of the list has the identifier `idPrefix` followed by `i`.
  ///
  /// - Complexity: O(log n).
  public mutating func append(repeating cell: Cell, count: Int, idPrefix: String? = nil) {
    append(cycling: [cell], count: count, idPrefix: idPrefix)
  }

  /// Appends `count` cells cycling through `cells` as one run; with an `idPrefix`, the cell
  /// appended at index `i` of the list has the identifier `idPrefix` followed by `i`.
  ///
  /// - Complexity: O(log n + k) for k cells in the cycle.
  public mutating func append(cycling cells: [Cell], count: Int, idPrefix: String? = nil) {
    guard count > 0 else {
      precondition(count == 0, "a run's count is not negative")
      return
    }
    precondition(!cells.isEmpty, "a run cycles through at least one cell")
    appendRun(Self.pattern(ContiguousArray(cells), idPrefix: idPrefix, firstID: self.count), count: count)
  }

  /// The pattern of a run cycling through `cells`, whose cell `r` has the identifier
  /// `idPrefix` followed by `firstID + r`.
  static func pattern(_ cells: ContiguousArray<Cell>, idPrefix: String?, firstID: Int) -> RunPattern<Cell> {
    var identify: (@Sendable (inout Cell, String) -> Void)?
    if idPrefix != nil { identify = setCellID }
    return RunPattern(pattern: cells, idPrefix: idPrefix, firstID: firstID, identify: identify)
  }

  /// A run leaf of `count` cells cycling through `cells` (a decoder appends it to a
  /// ``Builder``).
  static func runLeaf(
    cycling cells: ContiguousArray<Cell>, count: Int, idPrefix: String?, firstID: Int
  ) -> Node {
    Node(run: pattern(cells, idPrefix: idPrefix, firstID: firstID), start: 0, count: count)
  }

  /// The list with `transform` applied to every cell: to a run's pattern, not to each cell
  /// it stands for (so `transform` must not depend on a cell's identifier).
  ///
  /// - Complexity: O(c + r·k) for c written-out cells and r runs of k cells each.
  func mapRuns(_ transform: (Cell) -> Cell) -> CellList {
    var builder = Builder()
    forEachLeaf { leaf, _ in
      if let run = leaf.run {
        let pattern = Self.pattern(
          ContiguousArray(run.pattern.map(transform)), idPrefix: run.idPrefix, firstID: run.firstID)
        builder.append(leaf: Node(run: pattern, start: leaf.runStart, count: leaf.count))
      } else {
        for cell in leaf.elements { builder.append(transform(cell)) }
      }
      return true
    }
    return builder.list()
  }

  /// The list's parts in order: written-out cells, and runs as their pattern, the number of
  /// cells, the identifier prefix and the number in the first cell's identifier.
  package enum Part {
    case cells(ArraySlice<Cell>)
    case run(pattern: ContiguousArray<Cell>, phase: Int, count: Int, idPrefix: String?, firstID: Int)
  }

  /// Calls `body` with each part of the list, in order (adjacent written-out chunks apart).
  package func forEachPart(_ body: (Part) -> Void) {
    forEachLeaf { leaf, _ in
      if let run = leaf.run {
        body(
          .run(
            pattern: run.pattern, phase: leaf.runStart % run.pattern.count, count: leaf.count,
            idPrefix: run.idPrefix, firstID: run.firstID + leaf.runStart))
      } else {
        body(.cells(leaf.elements[...]))
      }
      return true
    }
  }
}

/// Gives a run's cell its derived identifier.
private func setCellID(_ cell: inout Cell, _ id: String) { cell.id = id }
