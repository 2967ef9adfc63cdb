/// An append-only array kept as sealed chunks of 256 elements behind references, plus an
/// open tail: a copy shares every sealed chunk, so cutting the array back to a prefix and
/// appending again (a masonry section laid out again from an edit point) copies the list of
/// chunk references and at most one chunk, never the prefix's elements.
///
/// Reads are O(1). ``append(_:)`` is amortized O(1); ``truncate(to:)`` is O(n / 256).
struct SharedChunks<Element: BitwiseCopyable & Sendable>: Sendable, RandomAccessCollection {
  /// Elements per sealed chunk, as a power of two.
  static var shift: Int { LayoutTuning.masonryChunkShift }
  static var chunkSize: Int { 1 << shift }

  private(set) var chunks: ContiguousArray<Chunk> = []
  /// The elements after the last sealed chunk (fewer than ``chunkSize``).
  private(set) var tail = ContiguousArray<Element>()

  init() {}

  var startIndex: Int { 0 }
  var endIndex: Int { chunks.count << Self.shift + tail.count }

  @inline(__always)
  subscript(position: Int) -> Element {
    let chunk = position >> Self.shift
    if chunk < chunks.count { return chunks[chunk][position] }
    return tail[position - chunks.count << Self.shift]
  }

  /// Calls `body` with the elements of chunk `chunk` (`0 ... chunks.count`, the last being
  /// the open tail) as one buffer.
  @inline(__always)
  func withChunk<R>(_ chunk: Int, _ body: (UnsafeBufferPointer<Element>) -> R) -> R {
    if chunk < chunks.count { return withExtendedLifetime(chunks[chunk]) { body($0.buffer) } }
    precondition(chunk == chunks.count, "chunk \(chunk) of \(chunks.count)")
    return tail.withUnsafeBufferPointer(body)
  }

  /// The first position whose element is not `isBefore` (`endIndex` if none), for elements
  /// that are `isBefore` up to some position and not after it: a binary search over the
  /// chunks' last elements, then one inside the chunk found.
  ///
  /// - Complexity: O(log n).
  @inline(__always)
  func partitionPoint(_ isBefore: (Element) -> Bool) -> Int {
    var first = 0
    var end = chunks.count
    while first < end {
      let mid = (first + end) >> 1
      if isBefore(chunks[mid][Self.chunkSize - 1]) { first = mid + 1 } else { end = mid }
    }
    let chunk = first
    return withChunk(chunk) { elements in
      var first = 0
      var end = elements.count
      while first < end {
        let mid = (first + end) >> 1
        if isBefore(elements[mid]) { first = mid + 1 } else { end = mid }
      }
      return chunk << Self.shift + first
    }
  }

  @inline(__always)
  mutating func append(_ element: Element) {
    tail.append(element)
    if tail.count == Self.chunkSize { sealTail() }
  }

  /// Appends `elements`, sealing every chunk they fill (in `arena` while it has room).
  mutating func append(contentsOf elements: UnsafeBufferPointer<Element>, arena: ChunkArena? = nil) {
    var rest = elements[...]
    if tail.isEmpty {
      // Whole chunks straight from the source, without passing through the tail.
      while rest.count >= Self.chunkSize {
        chunks.append(
          Chunk(copying: UnsafeBufferPointer(rebasing: rest.prefix(Self.chunkSize)), arena: arena))
        rest = rest.dropFirst(Self.chunkSize)
      }
    }
    for element in rest {
      tail.append(element)
      if tail.count == Self.chunkSize { sealTail(arena: arena) }
    }
  }

  mutating func append<S: Sequence<Element>>(contentsOf elements: S) {
    for element in elements { append(element) }
  }

  @inline(never)
  private mutating func sealTail(arena: ChunkArena? = nil) {
    chunks.append(tail.withUnsafeBufferPointer { Chunk(copying: $0, arena: arena) })
    tail.removeAll(keepingCapacity: true)
  }

  /// Keeps the first `count` elements.
  mutating func truncate(to count: Int) {
    precondition(count >= 0 && count <= endIndex, "SharedChunks truncate to \(count) of \(endIndex)")
    let full = count >> Self.shift
    if full < chunks.count {
      let kept = count & (Self.chunkSize - 1)
      tail = withExtendedLifetime(chunks[full]) { ContiguousArray($0.buffer.prefix(kept)) }
      chunks.removeSubrange(full...)
    } else {
      tail.removeSubrange((count - full << Self.shift)...)
    }
  }
}
