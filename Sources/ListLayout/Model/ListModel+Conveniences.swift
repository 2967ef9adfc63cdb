import LayoutGeometry

/// A cell is identified by its ``Cell/id``; `nil` for a cell addressed by position only (two
/// such cells share the identity `nil`: give cells identifiers before handing them to code
/// that needs them unique, such as SwiftUI's `ForEach`).
extension Cell: Identifiable {}

/// A section is identified by its ``Section/id``; `nil` for a section without one (a
/// ``ListDifference`` then matches it by its header's identifier).
extension Section: Identifiable {}

/// A span is written as its number of columns: `span: 2` is ``GridSpan/columns(_:)`` of 2.
extension GridSpan: ExpressibleByIntegerLiteral {
  /// Creates ``GridSpan/columns(_:)`` of `value` (clamped when laid out to 1 ... the
  /// section's column count).
  public init(integerLiteral value: Int) {
    self = .columns(value)
  }
}

extension ListModel {
  /// Decodes a model from JSON text in the feed schema (as the overload taking bytes reads it).
  ///
  /// ```swift
  /// let model = try ListModel(json: #"{"width": 375, "sections": [{"items": [{"id": "a"}]}]}"#)
  /// ```
  ///
  /// - Throws: `JSONInputError` naming the key path, line and column of the problem.
  public init(
    json text: some StringProtocol, width: Double? = nil, limits: JSONInputLimits = .default
  ) throws(JSONInputError) {
    try self.init(json: Array(text.utf8), width: width, limits: limits)
  }
}

extension LayoutSnapshot {
  /// The index paths of the cells from `range.lowerBound` through `range.upperBound`, in
  /// order, across sections: how a prefetch range (``ViewportLayout/prefetchAhead``) that
  /// spans sections is iterated. Index paths that name no cell (past a section's end, in a
  /// section that does not exist) are skipped.
  ///
  /// ```swift
  /// let screen = snapshot.viewport(at: Point(x: 0, y: 0), size: Size(width: 375, height: 667))
  /// if let ahead = screen.prefetchAhead {
  ///   for indexPath in snapshot.indexPaths(in: ahead) { _ = indexPath }
  /// }
  /// ```
  ///
  /// - Complexity: O(1) to make; iterating it O(k + s) for k cells and s sections in the
  ///   range.
  public func indexPaths(in range: ClosedRange<ListIndexPath>) -> IndexPathSequence {
    IndexPathSequence(snapshot: self, range: range)
  }
}

/// The index paths of the cells within a range, in order across sections
/// (``LayoutSnapshot/indexPaths(in:)``).
public struct IndexPathSequence: Sequence, Sendable {
  /// The snapshot whose sections are counted.
  let snapshot: LayoutSnapshot
  /// The range, as given.
  let range: ClosedRange<ListIndexPath>

  /// Walks the range section by section.
  public struct Iterator: IteratorProtocol {
    let snapshot: LayoutSnapshot
    let last: ListIndexPath
    /// The next index path to consider.
    var position: ListIndexPath
    /// The number of cells of `next.section`.
    var count: Int

    /// The next cell's index path, or `nil` past the range.
    public mutating func next() -> ListIndexPath? {
      while position <= last {
        if position.item < count, position.item >= 0 {
          let found = position
          position.item += 1
          return found
        }
        if position.item < 0 {
          position.item = 0
          continue
        }
        // The section is done: the next one, if the range reaches it and it exists.
        guard position.section < last.section, position.section + 1 < snapshot.numberOfSections else {
          return nil
        }
        position = ListIndexPath(item: 0, section: position.section + 1)
        count = snapshot.numberOfItems(inSection: position.section)
      }
      return nil
    }
  }

  /// An iterator from the range's first cell.
  public func makeIterator() -> Iterator {
    var first = range.lowerBound
    if first.section < 0 { first = ListIndexPath(item: 0, section: 0) }
    return Iterator(
      snapshot: snapshot, last: range.upperBound, position: first,
      count: snapshot.numberOfItems(inSection: first.section))
  }
}

extension CarouselMetrics: CustomStringConvertible {
  /// The row's width, how far it scrolls and its snap offsets, as
  /// `contentWidth 1200, maximumOffset 825, snapOffsets [0, 105, 210, …] (9)`.
  public var description: String {
    "contentWidth \(LayoutGeometry.formatted(contentWidth)), maximumOffset \(LayoutGeometry.formatted(maximumOffset)), snapOffsets \(snapOffsets)"
  }
}

extension SnapOffsets: CustomStringConvertible {
  /// The offsets, as `[0, 105, 210]`; past eight, the first eight, `…` and the count in
  /// parentheses (`[0, 105, …] (40)`).
  public var description: String {
    let shown = prefix(8).map { LayoutGeometry.formatted($0) }.joined(separator: ", ")
    return count > 8 ? "[\(shown), …] (\(count))" : "[\(shown)]"
  }
}

extension ListDifference.Move: CustomStringConvertible {
  /// The move as `from → to`: `[0, 2] → [1, 0]` for a cell, `3 → 1` for a section.
  public var description: String { "\(from) → \(to)" }
}
