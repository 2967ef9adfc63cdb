/// The cells of a section: a collection that behaves like an array but is stored in chunks
/// of about ``CellList/chunkCapacity`` cells, so that a snapshot and its edited successor
/// share every chunk an edit did not touch.
///
/// Replacing, inserting or removing one cell copies one chunk and the list of chunk
/// references, not the whole section: what makes an edit of a million-cell section cost
/// microseconds while the old snapshot stays valid.
///
/// Use it as an array: `Section(cells: [Cell(width: 10, height: 10)])`, `cells.append(…)`,
/// `cells[i]`, `for cell in cells`, `cells.count`.
///
/// - Complexity: iteration O(1) per cell; subscript, insertion and removal O(log c + k) for
///   c chunks of k cells.
public struct CellList: Sendable, RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
  ExpressibleByArrayLiteral
{
  /// The most cells a chunk holds before it splits in two.
  public static let chunkCapacity = 64

  /// A chunk: mutated in place only while uniquely referenced (copy-on-write).
  final class Chunk: @unchecked Sendable {
    var cells: ContiguousArray<Cell>
    init(_ cells: ContiguousArray<Cell>) { self.cells = cells }
  }

  var chunks = BlockArray<Chunk>()
  /// Chunk sizes; chunk *k* starts at `starts.prefix(k)`.
  var starts = PrefixSumTree<Int>()

  /// An empty list.
  public init() {}

  /// A list of the given cells.
  public init<S: Sequence>(_ cells: S) where S.Element == Cell {
    var chunks: [Chunk] = []
    defer {
      self.chunks = BlockArray(chunks)
      starts = PrefixSumTree(chunks.lazy.map(\.cells.count))
    }
    var chunk = ContiguousArray<Cell>()
    chunk.reserveCapacity(Self.chunkCapacity)
    for cell in cells {
      chunk.append(cell)
      if chunk.count == Self.chunkCapacity {
        chunks.append(Chunk(chunk))
        chunk = []
        chunk.reserveCapacity(Self.chunkCapacity)
      }
    }
    if !chunk.isEmpty { chunks.append(Chunk(chunk)) }
  }

  /// A list of the given cells.
  public init(arrayLiteral cells: Cell...) { self.init(cells) }

  public var startIndex: Int { 0 }
  public var endIndex: Int { starts.total }
  public var count: Int { starts.total }

  /// The chunk holding `index`, and the index within it.
  func locate(_ index: Int) -> (chunk: Int, local: Int) {
    let chunk = starts.firstIndex(wherePrefixExceeds: index)
    return (chunk, index - starts.prefix(chunk))
  }

  public subscript(position: Int) -> Cell {
    get {
      precondition(position >= 0 && position < count, "CellList index \(position) out of range 0..<\(count)")
      let (chunk, local) = locate(position)
      return chunks[chunk].cells[local]
    }
    set {
      precondition(position >= 0 && position < count, "CellList index \(position) out of range 0..<\(count)")
      let (chunk, local) = locate(position)
      makeUnique(chunk)
      chunks[chunk].cells[local] = newValue
    }
  }

  private mutating func makeUnique(_ chunk: Int) {
    if !isKnownUniquelyReferenced(&chunks[chunk]) {
      chunks[chunk] = Chunk(chunks[chunk].cells)
    }
  }

  /// Iterates chunk by chunk: O(1) per cell.
  public struct Iterator: IteratorProtocol {
    let chunks: BlockArray<Chunk>
    var chunk = 0
    var local = 0

    public mutating func next() -> Cell? {
      while chunk < chunks.count {
        let cells = chunks[chunk].cells
        if local < cells.count {
          defer { local += 1 }
          return cells[local]
        }
        chunk += 1
        local = 0
      }
      return nil
    }
  }

  public func makeIterator() -> Iterator { Iterator(chunks: chunks) }

  public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newCells: C)
  where C.Element == Cell {
    precondition(
      range.lowerBound >= 0 && range.upperBound <= count, "CellList range \(range) out of 0..<\(count)")
    // Edits inside one chunk (the common case: one cell inserted, removed or replaced).
    if !chunks.isEmpty {
      let (chunk, local) = locate(Swift.min(range.lowerBound, count - 1))
      let start = range.lowerBound == count ? chunks[chunk].cells.count : local
      let chunkStart = starts.prefix(chunk)
      if range.lowerBound >= chunkStart && range.upperBound <= chunkStart + chunks[chunk].cells.count {
        makeUnique(chunk)
        chunks[chunk].cells.replaceSubrange(start..<(start + range.count), with: newCells)
        let size = chunks[chunk].cells.count
        if size > 2 * Self.chunkCapacity || (size == 0 && chunks.count > 1) {
          rechunk(chunk)
        } else if starts[chunk] != size {
          starts[chunk] = size
        }
        return
      }
    }
    // Anything larger: rebuild.
    var all = ContiguousArray(self)
    all.replaceSubrange(range, with: newCells)
    self = CellList(all)
  }

  /// Splits an overfull chunk, or drops an empty one, and re-indexes.
  private mutating func rechunk(_ chunk: Int) {
    let cells = chunks[chunk].cells
    var replacement: [Chunk] = []
    var index = 0
    while index < cells.count {
      let end = Swift.min(index + Self.chunkCapacity, cells.count)
      replacement.append(Chunk(ContiguousArray(cells[index..<end])))
      index = end
    }
    chunks.replaceSubrange(chunk..<(chunk + 1), with: replacement)
    starts = PrefixSumTree(chunks.lazy.map(\.cells.count))
  }

  /// Calls `body` with each chunk's cells and the index of its first cell, in order.
  func forEachChunk<E: Error>(
    from start: Int = 0, _ body: (UnsafeBufferPointer<Cell>, _ firstIndex: Int) throws(E) -> Bool
  ) throws(E) {
    guard start < count else { return }
    var (chunk, _) = locate(start)
    var first = starts.prefix(chunk)
    while chunk < chunks.count {
      let cells = chunks[chunk].cells
      let keepGoing = try cells.withUnsafeBufferPointer { (buffer) throws(E) in try body(buffer, first) }
      if !keepGoing { return }
      first += cells.count
      chunk += 1
    }
  }
}
