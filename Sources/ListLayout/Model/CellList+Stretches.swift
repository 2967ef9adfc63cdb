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
    try forEachLeaf(from: start) { (leaf, first) throws(E) in
      guard leaf.run != nil else {
        return try leaf.elements.withUnsafeBufferPointer { (buffer) throws(E) in
          try body(.cells(buffer), first)
        }
      }
      let local = Swift.max(0, start - first)
      return try body(.run(leaf, local: local), first + local)
    }
  }
}
