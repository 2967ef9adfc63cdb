/// A sequence of non-negative values with prefix sums, point updates and searches: the
/// structure that lets an edit move everything after it by a delta without touching it.
///
/// Values are kept in blocks of 64 (``Blocks``), each an immutable object shared between the snapshots
/// that hold it, with its own running sums; a segment tree over the block totals finds a
/// block in O(log(n / 64)), and the block's running sums finish the job. A point update of a tree an older snapshot
/// still holds makes one new block and copies the block list (one reference per 64 values)
/// and the small tree of totals, rather than the whole tree.
///
/// Every sum is a pure function of the current values: a block's total is always summed from
/// its first value to its last (its running sums are the partial results of that one loop),
/// every inner node of the tree of totals is always recomputed
/// as `left + right`, and a prefix is the tree's prefix of whole blocks plus the in-block sum,
/// both added in a fixed order. A snapshot built in one pass and one reached by a thousand
/// updates therefore hold bit-identical sums, which is what lets incremental layout be
/// compared with a full relayout frame for frame.
///
/// Values must be non-negative for ``firstIndex(wherePrefixExceeds:)`` to be meaningful.
/// Values that are not ordered themselves (several counts kept together) are searched by one
/// of their parts (``firstIndex(wherePrefixExceeds:by:)``).
struct PrefixSumTree<Value: AdditiveArithmetic & Sendable>: Sendable, Equatable {
  /// Up to 64 consecutive values and their running sums; never changed once made.
  final class Block: Sendable {
    let values: ContiguousArray<Value>
    /// `sums[i]` is the sum of the first `i` values, added in order; `sums[count]` is the
    /// block's total.
    let sums: ContiguousArray<Value>

    init(_ values: ContiguousArray<Value>) {
      self.values = values
      var sums = ContiguousArray<Value>()
      sums.reserveCapacity(values.count + 1)
      var total = Value.zero
      sums.append(total)
      for value in values {
        total += value
        sums.append(total)
      }
      self.sums = sums
    }

    var total: Value { sums[sums.count - 1] }
  }

  private(set) var blocks: ContiguousArray<Block> = []
  /// A segment tree over the block totals: block *b*'s total is at `totals[totalsBase + b]`;
  /// node *i*'s children are 2*i* and 2*i* + 1; node 1 is the root.
  private var totals: ContiguousArray<Value> = [.zero, .zero]
  private var totalsBase = 1
  /// The number of values.
  private(set) var count = 0

  /// An empty tree.
  init() {}

  /// A tree over `values`, built in O(n).
  init<C: Collection>(_ values: C) where C.Element == Value {
    Blocks.cut(values) { blocks.append(Block($0)) }
    count = values.count
    var base = 1
    while base < blocks.count { base <<= 1 }
    totalsBase = base
    totals = ContiguousArray(repeating: .zero, count: 2 * base)
    for (b, block) in blocks.enumerated() { totals[base + b] = block.total }
    var node = base - 1
    while node >= 1 {
      totals[node] = totals[2 &* node] + totals[2 &* node &+ 1]
      node -= 1
    }
  }

  static func == (lhs: PrefixSumTree, rhs: PrefixSumTree) -> Bool {
    lhs.count == rhs.count && lhs.values.elementsEqual(rhs.values)
  }

  /// The sum of all values.
  var total: Value { totals[1] }

  /// The value at `index`.
  subscript(index: Int) -> Value {
    get {
      precondition(index >= 0 && index < count, "PrefixSumTree index \(index) out of 0..<\(count)")
      return blocks[Blocks.block(of: index)].values[Blocks.offset(of: index)]
    }
    set {
      precondition(index >= 0 && index < count, "PrefixSumTree index \(index) out of 0..<\(count)")
      let b = Blocks.block(of: index)
      var values = blocks[b].values
      values[Blocks.offset(of: index)] = newValue
      let block = Block(values)
      blocks[b] = block
      var node = totalsBase + b
      totals[node] = block.total
      node >>= 1
      while node >= 1 {
        totals[node] = totals[2 &* node] + totals[2 &* node &+ 1]
        node >>= 1
      }
    }
  }

  /// The sum of the first `n` values.
  ///
  /// - Complexity: O(log(n / 64)).
  func prefix(_ n: Int) -> Value {
    if n >= count { return total }
    if n <= 0 { return .zero }
    return prefix(n, blocksBefore: prefixOfBlocks(Blocks.block(of: n)))
  }

  /// ``prefix(_:)`` for an `n` in `0 ..< count`, given the sum of the blocks before its own
  /// (``prefixOfBlocks(_:)``): a walk over values in order descends once per block and reads
  /// every prefix in O(1), the same bits as ``prefix(_:)``.
  @inline(__always)
  func prefix(_ n: Int, blocksBefore base: Value) -> Value {
    base + blocks[Blocks.block(of: n)].sums[Blocks.offset(of: n)]
  }

  /// The sum of the totals of the first `b` blocks.
  ///
  /// - Complexity: O(log(n / 64)).
  func prefixOfBlocks(_ b: Int) -> Value {
    if b <= 0 { return .zero }
    if b >= blocks.count { return total }
    // Walk from the root towards leaf b, adding every left subtree we pass on the right of.
    var sum = Value.zero
    var node = 1
    var low = 0
    var width = totalsBase
    while width > 1 {
      width >>= 1
      if b >= low + width {
        sum += totals[2 &* node]
        low += width
        node = 2 &* node &+ 1
      } else {
        node = 2 &* node
      }
    }
    return sum
  }

  /// The smallest index *i* such that `key` of the sum of the first *i* + 1 values exceeds
  /// `target`, or `count` when no prefix does (`key` of a sum is the sum of `key` of its
  /// values, none negative): the element "containing" position `target` of that part.
  ///
  /// - Complexity: O(log n).
  @inline(__always)
  func firstIndex<Key: AdditiveArithmetic & Comparable>(
    wherePrefixExceeds target: Key, by key: (Value) -> Key
  ) -> Int {
    if count == 0 || !(key(total) > target) { return count }
    var node = 1
    var remaining = target
    while node < totalsBase {
      let left = key(totals[2 &* node])
      if left > remaining {
        node = 2 &* node
      } else {
        remaining -= left
        node = 2 &* node &+ 1
      }
    }
    let b = Swift.min(node - totalsBase, blocks.count - 1)
    // The first running sum past the remainder: sums[low + 1] > remaining.
    let sums = blocks[b].sums
    var low = 0
    var high = sums.count - 1
    while low < high {
      let mid = (low + high) >> 1
      if key(sums[mid + 1]) > remaining { high = mid } else { low = mid + 1 }
    }
    // When rounding left the target past this block's end, the next block starts there.
    return Swift.min(Blocks.start(of: b) + low, count)
  }

  /// The values, in order.
  var values: FlattenSequence<LazyMapSequence<ContiguousArray<Block>, ContiguousArray<Value>>> {
    blocks.lazy.map(\.values).joined()
  }

  /// Replaces `range` with `newValues`, rebuilding the tree.
  ///
  /// - Complexity: O(n); used when elements are inserted or removed, not for updates.
  mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newValues: C)
  where C.Element == Value {
    var all = Array(values)
    all.replaceSubrange(range, with: newValues)
    self = PrefixSumTree(all)
  }
}

extension PrefixSumTree where Value: Comparable {
  /// The smallest index *i* such that the sum of the first *i* + 1 values exceeds `target`,
  /// or `count` when no prefix does. With non-negative values, that is the element
  /// "containing" position `target`.
  ///
  /// - Complexity: O(log n).
  func firstIndex(wherePrefixExceeds target: Value) -> Int {
    firstIndex(wherePrefixExceeds: target) { $0 }
  }
}

extension PrefixSumTree where Value == Double {
  /// The smallest index *i* such that the sum of the first *i* + 1 values, plus
  /// (*i* + 1) × `perElement`, exceeds `target`, or `count` when none does: a search over
  /// values that are each followed by the same gap (sections and their spacing), without
  /// ever adding the gap into the stored sums, where a huge gap would swallow the values.
  ///
  /// - Complexity: O(log n).
  func firstIndex(wherePrefixExceeds target: Double, perElement: Double) -> Int {
    if count == 0 || !(total + Double(count) * perElement > target) { return count }
    var node = 1
    var low = 0
    var width = totalsBase
    var accumulated = 0.0
    while node < totalsBase {
      width >>= 1
      // The values under the left child: its blocks, the last of which may be partial.
      let leftCount = Swift.max(0, Swift.min(Blocks.start(of: width), count - Blocks.start(of: low)))
      let left = totals[2 &* node] + Double(leftCount) * perElement
      if accumulated + left > target {
        node = 2 &* node
      } else {
        accumulated += left
        low += width
        node = 2 &* node &+ 1
      }
    }
    // In the block, by binary search over its running sums: the values before each one with a
    // gap apiece, added to the blocks' before it.
    let b = Swift.min(node - totalsBase, blocks.count - 1)
    let block = blocks[b]
    var first = 0
    var end = block.values.count
    while first < end {
      let mid = (first + end) >> 1
      if accumulated + block.sums[mid + 1] + Double(mid + 1) * perElement > target {
        end = mid
      } else {
        first = mid + 1
      }
    }
    return Swift.min(Blocks.start(of: b) + first, count)
  }
}
