import Synchronization

/// The cells of a section: a collection that behaves like an array but is stored as a
/// balanced tree of chunks of about 64 cells, so that a snapshot and its edited successor
/// share every chunk an edit did not touch.
///
/// Replacing, inserting or removing one cell copies one chunk and the short path of tree
/// nodes above it, not the whole section: what makes an edit of a million-cell section cost
/// microseconds while the old snapshot stays valid, and what makes building a section by
/// appending cells one at a time as linear as building it from an array.
///
/// Use it as an array: `Section(cells: [Cell(width: 10, height: 10)])`, `cells.append(…)`,
/// `cells[i]`, `for cell in cells`, `cells.count`.
public typealias CellList = ChunkedList<Cell>

/// The sections of a model (``ListModel/sections``), stored as ``CellList`` stores cells: a
/// section inserted or removed anywhere in a model of 100,000 sections moves one chunk of
/// them, not all.
public typealias SectionList = ChunkedList<Section>

/// A collection that behaves like an array but is stored as a balanced tree of chunks (the
/// storage of ``CellList`` and ``SectionList``).
///
/// - Complexity: iteration O(1) per element; subscript O(log n); appending, inserting and
///   removing one element O(log n + k) for chunks of k elements; replacing a range of m
///   elements O(m log n), or O(n + m) when m is a large part of the list.
public struct ChunkedList<Element: Sendable>: Sendable, RandomAccessCollection, MutableCollection,
  RangeReplaceableCollection, ExpressibleByArrayLiteral
{
  /// The most elements a chunk holds after a split: chunks hold up to twice as many before
  /// they split in two. Sections, larger than cells, sit in smaller chunks.
  @inlinable static var chunkCapacity: Int {
    Element.self == Section.self ? LayoutTuning.sectionListChunkCapacity : 64
  }
  /// The most children of a branch of the tree before it splits in two.
  @usableFromInline static var branchCapacity: Int { 32 }

  /// A node of the tree: a chunk of cells (a leaf) or a branch over other nodes. Changed in
  /// place only while uniquely referenced (copy-on-write, node by node).
  @usableFromInline final class Node: @unchecked Sendable {
    // A node is changed only through a list that holds it uniquely (copy-on-write, checked
    // with `isKnownUniquelyReferenced` before every change), one access at a time: the
    // runtime's exclusivity checks would only cost time (60 % of an append).
    /// A leaf's cells (empty in a branch).
    @usableFromInline @exclusivity(unchecked) var elements: ContiguousArray<Element>
    /// A branch's children (empty in a leaf).
    @usableFromInline @exclusivity(unchecked) var children: ContiguousArray<Node>
    /// The number of cells under each child.
    @usableFromInline @exclusivity(unchecked) var counts: ContiguousArray<Int>
    /// The number of cells under this node.
    @usableFromInline @exclusivity(unchecked) var count: Int
    @usableFromInline let isLeaf: Bool
    /// A run leaf's pattern (`nil` in every other node): its cell `local` is the pattern's
    /// element ``runStart`` + `local` (see `CellList+Runs.swift`).
    @usableFromInline let run: RunPattern<Element>?
    /// A run leaf's first position in its pattern's sequence.
    @usableFromInline let runStart: Int
    /// What a reader worked out about the elements under this node and kept, −1 when
    /// nothing is kept: for cells, their badges' count and reach (``ChunkedList/badgeSummary``).
    /// Kept while the node is unchanged: ``ChunkedList/unique(_:)`` forgets it before any
    /// change in place, and a copy starts without it.
    @usableFromInline let keptSummary = Atomic<Int>(-1)

    @inlinable init(cells: ContiguousArray<Element>) {
      elements = cells
      children = []
      counts = []
      count = cells.count
      isLeaf = true
      run = nil
      runStart = 0
    }

    /// A run leaf: `count` elements of `run`'s sequence from its position `start`.
    @usableFromInline init(run: RunPattern<Element>, start: Int, count: Int) {
      elements = []
      children = []
      counts = []
      self.count = count
      isLeaf = true
      self.run = run
      runStart = start
    }

    @inlinable convenience init(children: ContiguousArray<Node>) {
      // A loop, not `children.map(\.count)`: a key path in this generic class is made at run
      // time on every call (most of an edit's cost, measured).
      var counts = ContiguousArray<Int>()
      counts.reserveCapacity(children.count)
      var count = 0
      for child in children {
        counts.append(child.count)
        count += child.count
      }
      self.init(children: children, counts: counts, count: count)
    }

    /// A branch whose children's counts are known.
    @inlinable init(children: ContiguousArray<Node>, counts: ContiguousArray<Int>, count: Int) {
      elements = []
      self.children = children
      self.counts = counts
      self.count = count
      isLeaf = false
      run = nil
      runStart = 0
    }

    @inlinable func copy() -> Node {
      if let run { return Node(run: run, start: runStart, count: count) }
      return isLeaf ? Node(cells: elements) : Node(children: children, counts: counts, count: count)
    }

    /// A leaf's element `local`, a run leaf's made from its pattern.
    @inlinable @inline(__always)
    func element(at local: Int) -> Element {
      if let run { return run.element(at: runStart + local) }
      return elements[local]
    }

    /// The child holding cell `index` (`index == count` selects the last child) and the
    /// index within it.
    @inlinable @inline(__always)
    func child(containing index: Int) -> (child: Int, local: Int) {
      let last = counts.count - 1
      // Appending (the common way to build a list) goes straight down the right edge.
      let lastStart = count - counts[last]
      if index >= lastStart { return (last, index - lastStart) }
      var local = index
      var child = 0
      while child < last, local >= counts[child] {
        local -= counts[child]
        child += 1
      }
      return (child, local)
    }
  }

  /// A leaf, as tests and the layout see it.
  typealias Chunk = Node

  @usableFromInline var root: Node

  /// An empty list.
  @inlinable public init() { root = Node(cells: []) }

  /// A list of the given cells, built bottom-up in O(n).
  @inlinable public init<S: Sequence>(_ cells: S) where S.Element == Element {
    var builder = Builder()
    for cell in cells { builder.append(cell) }
    self = builder.list()
  }

  /// Builds a list cell by cell, straight into its chunks (what a decoder that does not know
  /// the count in advance uses: no array to grow and copy).
  @usableFromInline struct Builder {
    @usableFromInline var leaves = ContiguousArray<Node>()
    @usableFromInline var chunk = ContiguousArray<Element>()

    @inlinable init() { chunk.reserveCapacity(ChunkedList.chunkCapacity) }

    @inlinable @inline(__always)
    mutating func append(_ cell: consuming Element) {
      chunk.append(consume cell)
      if chunk.count == ChunkedList.chunkCapacity {
        leaves.append(Node(cells: chunk))
        chunk = []
        chunk.reserveCapacity(ChunkedList.chunkCapacity)
      }
    }

    /// Appends every cell of `leaf` (a leaf of another list): the leaf itself, shared, when
    /// the chunk being filled is empty or holds enough cells to stand alone; else cell by cell.
    mutating func append(leaf: Node) {
      if leaf.run != nil {
        if leaf.count == 0 { return }
        if !chunk.isEmpty { flush() }
        leaves.append(leaf)
        return
      }
      guard chunk.isEmpty || chunk.count >= ChunkedList.chunkCapacity / 2 else {
        append(contentsOf: leaf.elements[...])
        return
      }
      if !chunk.isEmpty { flush() }
      leaves.append(leaf)
    }

    /// Appends a run of cells, copied in bulk: chunks of ``CellList/chunkCapacity`` cells, or
    /// up to twice as many when a run ends within that.
    mutating func append(contentsOf cells: ArraySlice<Element>) {
      var rest = cells
      while !rest.isEmpty {
        let take =
          chunk.count + rest.count <= 2 * ChunkedList.chunkCapacity
          ? rest.count : ChunkedList.chunkCapacity - chunk.count
        chunk.append(contentsOf: rest.prefix(take))
        rest = rest.dropFirst(take)
        if chunk.count >= ChunkedList.chunkCapacity { flush() }
      }
    }

    /// Ends the chunk being filled.
    @usableFromInline mutating func flush() {
      leaves.append(Node(cells: chunk))
      chunk = []
      chunk.reserveCapacity(ChunkedList.chunkCapacity)
    }

    /// The list of every cell appended.
    @usableFromInline mutating func list() -> ChunkedList {
      if !chunk.isEmpty || leaves.isEmpty { leaves.append(Node(cells: chunk)) }
      chunk = []
      defer { leaves = [] }
      return ChunkedList(root: ChunkedList.tree(over: leaves))
    }
  }

  @usableFromInline init(root: Node) { self.root = root }

  /// A balanced tree over `nodes`, grouped level by level.
  @usableFromInline static func tree(over nodes: ContiguousArray<Node>) -> Node {
    var level = nodes
    while level.count > 1 {
      var next = ContiguousArray<Node>()
      next.reserveCapacity(level.count / (branchCapacity / 2) + 1)
      var start = 0
      while start < level.count {
        let end = Swift.min(start + branchCapacity / 2, level.count)
        next.append(Node(children: ContiguousArray(level[start..<end])))
        start = end
      }
      level = next
    }
    return level[0]
  }

  /// A list of the given cells.
  @inlinable public init(arrayLiteral cells: Element...) { self.init(cells) }

  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { root.count }
  @inlinable public var count: Int { root.count }

  @inlinable public subscript(position: Int) -> Element {
    get {
      let (leaf, local) = leaf(containing: position)
      return leaf.element(at: local)
    }
    _modify {
      precondition(
        position >= 0 && position < count, "ChunkedList index \(position) out of range 0..<\(count)")
      splitRun(at: position)
      var node = Self.unique(&root)
      var local = position
      while !node.isLeaf {
        let (child, inner) = node.child(containing: local)
        node = Self.unique(&node.children[child])
        local = inner
      }
      yield &node.elements[local]
    }
  }

  /// The leaf holding the element at `position`, and the element's index in it.
  ///
  /// - Complexity: O(log n).
  @inlinable
  func leaf(containing position: Int) -> (leaf: Node, local: Int) {
    precondition(position >= 0 && position < count, "ChunkedList index \(position) out of range 0..<\(count)")
    var node = root
    var local = position
    while !node.isLeaf {
      let (child, inner) = node.child(containing: local)
      node = node.children[child]
      local = inner
    }
    return (node, local)
  }

  /// Calls `body` with the element at `position`, read in place: reading one field of a
  /// large element (a section's background) copies only that field.
  ///
  /// - Complexity: O(log n).
  func withElement<R>(at position: Int, _ body: (borrowing Element) -> R) -> R {
    precondition(position >= 0 && position < count, "ChunkedList index \(position) out of range 0..<\(count)")
    // The root keeps every node under it alive: the path down is read without retaining each
    // node (what a query naming one header pays).
    return withExtendedLifetime(root) { root in
      unowned(unsafe) var node = root
      var local = position
      while !node.isLeaf {
        let (child, inner) = node.child(containing: local)
        node = node.children[child]
        local = inner
      }
      if node.run != nil { return body(node.element(at: local)) }
      return node.elements.withUnsafeBufferPointer { body($0[local]) }
    }
  }

  /// Makes `node` uniquely referenced (copying it if shared) and returns it, forgetting what
  /// was kept about it (the caller changes it).
  @inlinable @inline(__always)
  static func unique(_ node: inout Node) -> Node {
    if isKnownUniquelyReferenced(&node) {
      // About to change in place: what was kept about it no longer holds.
      node.keptSummary.store(-1, ordering: .relaxed)
    } else {
      node = node.copy()
    }
    return node
  }

  /// Iterates chunk by chunk: O(1) per cell (amortized over a chunk).
  public struct Iterator: IteratorProtocol {
    @usableFromInline var leaves: LeafIterator
    @usableFromInline var cells: ContiguousArray<Element> = []
    @usableFromInline var local = 0

    @inlinable init(leaves: LeafIterator) { self.leaves = leaves }

    @inlinable public mutating func next() -> Element? {
      while local == cells.count {
        guard let leaf = leaves.next() else { return nil }
        cells = leaf.node.elements
        local = 0
      }
      defer { local += 1 }
      return cells[local]
    }
  }

  @inlinable public func makeIterator() -> Iterator { Iterator(leaves: LeafIterator(root: root, from: 0)) }

  /// The leaves in order, from the one holding a given cell, with the index of each
  /// leaf's first cell.
  @usableFromInline struct LeafIterator {
    /// The branches on the way down to the next leaf, with the next child to visit.
    @usableFromInline var stack: ContiguousArray<(node: Node, child: Int)> = []
    @usableFromInline var pending: Node?
    @usableFromInline var first: Int
    /// The run leaf being handed out window by window (chunks of at most
    /// ``CellList/chunkCapacity`` cells made from its pattern), and the next window's start.
    @usableFromInline var runLeaf: Node?
    @usableFromInline var runOffset = 0

    @usableFromInline init(root: Node, from start: Int) {
      var node = root
      var local = Swift.min(start, Swift.max(0, root.count - 1))
      first = 0
      while !node.isLeaf {
        let (child, inner) = node.child(containing: local)
        for k in 0..<child { first += node.counts[k] }
        stack.append((node, child + 1))
        node = node.children[child]
        local = inner
      }
      pending = node
      if node.run != nil {
        pending = nil
        runLeaf = node
        runOffset = local / ChunkedList.chunkCapacity * ChunkedList.chunkCapacity
        first += runOffset
      }
    }

    @usableFromInline mutating func next() -> (node: Node, first: Int)? {
      while true {
        if let leaf = runLeaf {
          let end = Swift.min(leaf.count, runOffset + ChunkedList.chunkCapacity)
          guard end > runOffset else {
            runLeaf = nil
            continue
          }
          let window = Node(cells: leaf.materialized(runOffset..<end))
          runOffset = end
          if end == leaf.count { runLeaf = nil }
          defer { first += window.count }
          return (window, first)
        }
        guard let leaf = nextLeaf() else { return nil }
        guard leaf.run == nil else {
          runLeaf = leaf
          runOffset = 0
          continue
        }
        defer { first += leaf.count }
        return (leaf, first)
      }
    }

    /// The next leaf of the tree, a run leaf whole.
    @usableFromInline mutating func nextLeaf() -> Node? {
      while pending == nil {
        guard var top = stack.popLast() else { return nil }
        if top.child < top.node.children.count {
          var node = top.node.children[top.child]
          top.child += 1
          stack.append(top)
          while !node.isLeaf {
            stack.append((node, 1))
            node = node.children[0]
          }
          pending = node
        }
      }
      let leaf = pending!
      pending = nil
      return leaf
    }
  }

  /// The leaves, in order (for tests).
  var chunks: [Chunk] {
    var leaves = LeafIterator(root: root, from: 0)
    var all: [Chunk] = []
    while let leaf = leaves.next() { all.append(leaf.node) }
    return all
  }

  // MARK: Editing

  public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newCells: C)
  where C.Element == Element {
    precondition(
      range.lowerBound >= 0 && range.upperBound <= count, "ChunkedList range \(range) out of 0..<\(count)")
    let inserted = newCells.count
    // A change of a large part of the list is rebuilt, in time linear in that change.
    // So is an insertion of a list with runs: its runs stay runs.
    let insertsRuns = (newCells as? ChunkedList).map { $0.runLeafCount > 0 } ?? false
    if insertsRuns || range.count + inserted > Swift.max(4 * Self.chunkCapacity, count / 4) {
      // Runs stay runs: their parts before and after the range are sliced, not written out.
      var builder = Builder()
      appendSlice(0..<range.lowerBound, to: &builder)
      if let list = newCells as? ChunkedList {
        list.appendSlice(0..<list.count, to: &builder)
      } else {
        for cell in newCells { builder.append(cell) }
      }
      appendSlice(range.upperBound..<count, to: &builder)
      self = builder.list()
      return
    }
    for index in range.reversed() { remove(at: index) }
    var at = range.lowerBound
    for cell in newCells {
      insert(cell, at: at)
      at += 1
    }
  }

  @inlinable public mutating func append(_ cell: Element) { insert(cell, at: count) }

  /// Appends `newCells`; a list's runs stay runs (see ``replaceSubrange(_:with:)``).
  public mutating func append<S: Sequence>(contentsOf newCells: S) where S.Element == Element {
    if let list = newCells as? ChunkedList {
      replaceSubrange(count..<count, with: list)
    } else {
      for cell in newCells { append(cell) }
    }
  }

  @inlinable public mutating func insert(_ cell: Element, at index: Int) {
    precondition(index >= 0 && index <= count, "ChunkedList index \(index) out of range 0...\(count)")
    splitRun(at: index)
    if let sibling = Self.insert(cell, at: index, into: &root) {
      root = Node(children: [root, sibling])
    }
  }

  /// Inserts into the subtree `node`; returns the new right half when the node split.
  @inlinable static func insert(_ cell: Element, at index: Int, into node: inout Node) -> Node? {
    let node = unique(&node)
    if node.isLeaf {
      if node.run != nil {
        // Only past a run's last cell (``splitRun(at:)`` writes out the cells around any
        // other position first): the cell starts the next chunk.
        return Node(cells: [cell])
      }
      if index == node.elements.count, index >= chunkCapacity {
        // Appending to a full chunk starts the next one: no cell moves, and a list built by
        // appends has the chunks a list built from an array has.
        var cells = ContiguousArray<Element>()
        cells.reserveCapacity(chunkCapacity)
        cells.append(cell)
        return Node(cells: cells)
      }
      if index == node.elements.count {
        node.elements.append(cell)
      } else {
        node.elements.insert(cell, at: index)
      }
      node.count += 1
      guard node.elements.count > 2 * chunkCapacity else { return nil }
      let half = node.elements.count / 2
      let right = Node(cells: ContiguousArray(node.elements[half...]))
      node.elements.removeSubrange(half...)
      node.count = node.elements.count
      return right
    }
    let (child, local) = node.child(containing: index)
    node.count += 1
    node.counts[child] += 1
    guard let split = insert(cell, at: local, into: &node.children[child]) else { return nil }
    node.counts[child] = node.children[child].count
    node.children.insert(split, at: child + 1)
    node.counts.insert(split.count, at: child + 1)
    guard node.children.count > branchCapacity else { return nil }
    let half = node.children.count / 2
    let right = Node(children: ContiguousArray(node.children[half...]))
    node.children.removeSubrange(half...)
    node.counts.removeSubrange(half...)
    node.count -= right.count
    return right
  }

  @inlinable @discardableResult
  public mutating func remove(at index: Int) -> Element {
    precondition(index >= 0 && index < count, "ChunkedList index \(index) out of range 0..<\(count)")
    splitRun(at: index)
    let cell = Self.remove(at: index, from: &root)
    // A root branch with one child gives way to it.
    while !root.isLeaf, root.children.count == 1 { root = root.children[0] }
    if !root.isLeaf, root.children.isEmpty { root = Node(cells: []) }
    return cell
  }

  @inlinable static func remove(at index: Int, from node: inout Node) -> Element {
    let node = unique(&node)
    if node.isLeaf {
      node.count -= 1
      return node.elements.remove(at: index)
    }
    let (child, local) = node.child(containing: index)
    node.count -= 1
    node.counts[child] -= 1
    let cell = remove(at: local, from: &node.children[child])
    let emptied = node.children[child].count == 0
    if emptied {
      node.children.remove(at: child)
      node.counts.remove(at: child)
    } else if child > 0, node.children[child].isLeaf, node.children[child].run == nil,
      node.children[child - 1].run == nil, node.counts[child] + node.counts[child - 1] <= chunkCapacity
    {
      // Two neighbouring chunks that fit in one are merged, so removals cannot leave a
      // trail of tiny chunks.
      let merged = Node(cells: node.children[child - 1].elements + node.children[child].elements)
      node.children.replaceSubrange((child - 1)...child, with: [merged])
      node.counts.replaceSubrange((child - 1)...child, with: [merged.count])
    }
    return cell
  }

  public mutating func removeAll(keepingCapacity _: Bool = false) { root = Node(cells: []) }

  /// Calls `body` with each chunk's cells and the index of its first cell, in order, from
  /// the chunk holding `start`, while `body` returns `true`.
  ///
  /// The walk recurses down the tree (a few levels) rather than using ``LeafIterator``, whose
  /// stack would be an allocation per call: one per section laid out.
  func forEachChunk<E: Error>(
    from start: Int = 0, _ body: (UnsafeBufferPointer<Element>, _ firstIndex: Int) throws(E) -> Bool
  ) throws(E) {
    guard start < count else { return }
    _ = try Self.forEachChunk(of: root, from: start, first: 0, body)
  }

  /// The walk of ``forEachChunk(from:_:)`` below `node`, whose first cell is `first` and
  /// whose chunk holding its `start` comes first; `false` once `body` stops it.
  private static func forEachChunk<E: Error>(
    of node: Node, from start: Int, first: Int,
    _ body: (UnsafeBufferPointer<Element>, _ firstIndex: Int) throws(E) -> Bool
  ) throws(E) -> Bool {
    if node.isLeaf {
      guard node.run != nil else {
        return try node.elements.withUnsafeBufferPointer { (buffer) throws(E) in try body(buffer, first) }
      }
      // A run leaf is handed out as windows of at most a chunk's cells, made from its pattern.
      var offset = Swift.min(start, Swift.max(0, node.count - 1)) / chunkCapacity * chunkCapacity
      while offset < node.count {
        let end = Swift.min(node.count, offset + chunkCapacity)
        let window = node.materialized(offset..<end)
        let go = try window.withUnsafeBufferPointer { (buffer) throws(E) in try body(buffer, first + offset) }
        guard go else { return false }
        offset = end
      }
      return true
    }
    let (child, inner) = node.child(containing: start)
    var first = first
    for k in 0..<child { first += node.counts[k] }
    for c in child..<node.children.count {
      guard try forEachChunk(of: node.children[c], from: c == child ? inner : 0, first: first, body) else {
        return false
      }
      first += node.counts[c]
    }
    return true
  }
}

extension ChunkedList.Node where Element == Cell {
  /// A leaf's cells.
  var cells: ContiguousArray<Cell> { elements }
}
