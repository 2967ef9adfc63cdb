extension ChunkedList where Element == Cell {
  /// A stretch of the list as a layout reads it: written-out cells in place, or the part of a
  /// run leaf from `local` on (its cells not written out).
  enum Stretch {
    /// A leaf's written-out cells, from its first.
    case cells(UnsafeBufferPointer<Cell>)
    /// Run leaf `leaf`'s cells from `local` on.
    case run(ChunkedList.Node, local: Int)
  }

  /// Calls `body` with each stretch of the list from the one holding `start` and the index of
  /// its first cell (a run's from `start` when it holds it, a written-out leaf's from its
  /// first), in order, while `body` returns `true`.
  ///
  /// - Complexity: O(log n) to reach `start`, then O(1) per leaf.
  func forEachStretch<E: Error>(
    from start: Int = 0, _ body: (Stretch, _ firstIndex: Int) throws(E) -> Bool
  ) throws(E) {
    guard start < count else { return }
    _ = try Self.forEachStretch(of: root, from: start, first: 0, body)
  }

  private static func forEachStretch<E: Error>(
    of node: Node, from start: Int, first: Int, _ body: (Stretch, Int) throws(E) -> Bool
  ) throws(E) -> Bool {
    if node.isLeaf {
      guard node.count > 0 else { return true }
      guard node.run != nil else {
        return try node.elements.withUnsafeBufferPointer { (buffer) throws(E) in
          try body(.cells(buffer), first)
        }
      }
      return try body(.run(node, local: start), first + start)
    }
    let (child, inner) = node.child(containing: start)
    var first = first
    for k in 0..<child { first += node.counts[k] }
    for c in child..<node.children.count {
      guard try forEachStretch(of: node.children[c], from: c == child ? inner : 0, first: first, body) else {
        return false
      }
      first += node.counts[c]
    }
    return true
  }
}
