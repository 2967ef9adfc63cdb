import Synchronization

/// An array stored as fixed blocks of 64 elements (``Blocks``) behind references, so that a copy shares
/// every block and changing one element copies only its block and the list of blocks: what a
/// snapshot's list of a thousand pages (or chunks of cells) needs when an edit replaces one.
///
/// Reads are O(1). Replacing an element is O(64 + n / 64). Inserting or removing elements
/// rebuilds the array (O(n)); the layout only does that when a page or chunk splits.
struct BlockArray<Element>: RandomAccessCollection, MutableCollection {
  /// A block: changed in place only while uniquely referenced (copy-on-write).
  final class Block: @unchecked Sendable {
    // Changed only through an array that holds the block uniquely (checked before every
    // change), one access at a time: the runtime's exclusivity checks would only cost time
    // (on every read of an element: a query reads several per section).
    @exclusivity(unchecked) var elements: ContiguousArray<Element>
    /// For a block of a snapshot's section geometries, the x extents of its sections' cells,
    /// kept the first time a focus search asks (``LayoutSnapshot/cellExtents(ofBlock:offsets:)``);
    /// cleared by every change in place.
    let cellExtents = Mutex<BlockCellExtents?>(nil)
    init(_ elements: ContiguousArray<Element>) { self.elements = elements }
  }

  private(set) var blocks: ContiguousArray<Block> = []
  private(set) var count = 0

  init() {}

  init<S: Sequence>(_ elements: S) where S.Element == Element {
    Blocks.cut(elements) { block in
      blocks.append(Block(block))
      count += block.count
    }
  }

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  subscript(position: Int) -> Element {
    // Read in place: a caller reading one field of an element does not copy all of it.
    _read { yield blocks[Blocks.block(of: position)].elements[Blocks.offset(of: position)] }
    _modify {
      let block = Blocks.block(of: position)
      if !isKnownUniquelyReferenced(&blocks[block]) {
        blocks[block] = Block(blocks[block].elements)
      } else {
        blocks[block].cellExtents.withLock { $0 = nil }
      }
      yield &blocks[block].elements[Blocks.offset(of: position)]
    }
  }

  /// Calls `body` with the elements of block `block` (``Blocks``), in place.
  func withBlock<R>(_ block: Int, _ body: (UnsafeBufferPointer<Element>) -> R) -> R {
    blocks[block].elements.withUnsafeBufferPointer(body)
  }

  /// Appends `block`, at most ``Blocks/size`` elements, as one block (its elements moved in
  /// with it, not copied one by one): every block before it must be full.
  mutating func append(block: ContiguousArray<Element>) {
    precondition(Blocks.offset(of: count) == 0 && block.count <= Blocks.size, "a block after a partial one")
    guard !block.isEmpty else { return }
    blocks.append(Block(block))
    count += block.count
  }

  mutating func append(_ element: Element) {
    if Blocks.offset(of: count) == 0 {
      blocks.append(Block([element]))
    } else {
      self[count - 1] = self[count - 1]  // makes the last block unique
      blocks[blocks.count - 1].elements.append(element)
    }
    count += 1
  }

  /// Replaces `range` with `newElements`, rebuilding the blocks.
  mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newElements: C)
  where C.Element == Element {
    var all = Array(self)
    all.replaceSubrange(range, with: newElements)
    self = BlockArray(all)
  }
}

extension BlockArray: @unchecked Sendable where Element: Sendable {}

extension BlockArray: Equatable where Element: Equatable {
  static func == (lhs: BlockArray, rhs: BlockArray) -> Bool { lhs.elementsEqual(rhs) }
}
