/// An append-only array kept as sealed chunks of 256 elements behind references, plus an
/// open tail: a copy shares every sealed chunk, so cutting the array back to a prefix and
/// appending again (a masonry section laid out again from an edit point) copies the list of
/// chunk references and at most one chunk, never the prefix's elements.
///
/// Reads are O(1). ``append(_:)`` is amortized O(1); ``truncate(to:)`` is O(n / 256).
struct SharedChunks<Element: Sendable>: Sendable, RandomAccessCollection {
  /// A full chunk, never changed once sealed.
  final class Chunk: Sendable {
    let elements: ContiguousArray<Element>
    init(_ elements: ContiguousArray<Element>) { self.elements = elements }
  }

  /// Elements per sealed chunk, as a power of two.
  static var shift: Int { 8 }
  static var chunkSize: Int { 1 << shift }

  private(set) var chunks: ContiguousArray<Chunk> = []
  /// The elements after the last sealed chunk (fewer than ``chunkSize``).
  private(set) var tail = ContiguousArray<Element>()

  init() {}

  var startIndex: Int { 0 }
  var endIndex: Int { chunks.count << Self.shift + tail.count }

  subscript(position: Int) -> Element {
    let chunk = position >> Self.shift
    if chunk < chunks.count { return chunks[chunk].elements[position & (Self.chunkSize - 1)] }
    return tail[position - chunks.count << Self.shift]
  }

  mutating func append(_ element: Element) {
    if tail.isEmpty { tail.reserveCapacity(Self.chunkSize) }
    tail.append(element)
    if tail.count == Self.chunkSize {
      chunks.append(Chunk(tail))
      tail = []
    }
  }

  mutating func append<S: Sequence<Element>>(contentsOf elements: S) {
    for element in elements { append(element) }
  }

  /// Keeps the first `count` elements.
  mutating func truncate(to count: Int) {
    precondition(count >= 0 && count <= endIndex, "SharedChunks truncate to \(count) of \(endIndex)")
    let full = count >> Self.shift
    if full < chunks.count {
      tail = ContiguousArray(chunks[full].elements.prefix(count & (Self.chunkSize - 1)))
      chunks.removeSubrange(full...)
    } else {
      tail.removeSubrange((count - full << Self.shift)...)
    }
  }
}
