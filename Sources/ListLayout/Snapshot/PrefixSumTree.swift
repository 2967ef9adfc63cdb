/// A sequence of non-negative values with prefix sums, point updates and searches in
/// O(log n): the structure that lets an edit move everything after it by a delta without
/// touching it.
///
/// It is a segment tree rather than a Fenwick tree on purpose: every inner node is always
/// recomputed as `left + right` from its children, so the sums are a pure function of the
/// current values. A snapshot built in one pass and one reached by a thousand updates hold
/// bit-identical sums, which is what lets incremental layout be compared with a full
/// relayout frame for frame.
///
/// The nodes live in 64-node blocks shared copy-on-write, so a point update of a tree that
/// an older snapshot still holds copies only the blocks on one leaf-to-root path (about
/// log₂(n) − 5 blocks of 512 bytes) rather than the whole tree.
///
/// Values must be non-negative for ``firstIndex(wherePrefixExceeds:)`` to be meaningful.
struct PrefixSumTree<Value: AdditiveArithmetic & Comparable & Sendable>: Sendable, Equatable {
  /// The leaves live at `nodes[leafBase ..< leafBase + count]`; node *i*'s children are
  /// 2*i* and 2*i* + 1; node 1 is the root.
  var nodes: BlockArray<Value>
  var leafBase: Int
  /// The number of values.
  private(set) var count: Int

  /// An empty tree.
  init() {
    nodes = BlockArray([.zero, .zero])
    leafBase = 1
    count = 0
  }

  /// A tree over `values`, built in O(n).
  init<C: Collection>(_ values: C) where C.Element == Value {
    count = values.count
    var base = 1
    while base < count { base <<= 1 }
    leafBase = base
    var flat = ContiguousArray(repeating: Value.zero, count: 2 * base)
    var i = base
    for value in values {
      flat[i] = value
      i += 1
    }
    var node = base - 1
    while node >= 1 {
      flat[node] = flat[2 &* node] + flat[2 &* node &+ 1]
      node -= 1
    }
    nodes = BlockArray(flat)
  }

  /// The sum of all values.
  var total: Value { nodes[1] }

  /// The value at `index`.
  subscript(index: Int) -> Value {
    get { nodes[leafBase + index] }
    set {
      var node = leafBase + index
      nodes[node] = newValue
      node >>= 1
      while node >= 1 {
        nodes[node] = nodes[2 &* node] + nodes[2 &* node &+ 1]
        node >>= 1
      }
    }
  }

  /// The sum of the first `n` values.
  ///
  /// - Complexity: O(log n).
  func prefix(_ n: Int) -> Value {
    if n >= count { return total }
    if n <= 0 { return .zero }
    // Walk from the root towards leaf n, adding every left subtree we pass on the right of.
    var sum = Value.zero
    var node = 1
    var low = 0
    var width = leafBase
    while width > 1 {
      width >>= 1
      if n >= low + width {
        sum += nodes[2 &* node]
        low += width
        node = 2 &* node &+ 1
      } else {
        node = 2 &* node
      }
    }
    return sum
  }

  /// The smallest index *i* such that the sum of the first *i* + 1 values exceeds `target`,
  /// or `count` when no prefix does. With non-negative values, that is the element
  /// "containing" position `target`.
  ///
  /// - Complexity: O(log n).
  func firstIndex(wherePrefixExceeds target: Value) -> Int {
    if count == 0 || !(total > target) { return count }
    var node = 1
    var remaining = target
    while node < leafBase {
      let left = nodes[2 &* node]
      if left > remaining {
        node = 2 &* node
      } else {
        remaining -= left
        node = 2 &* node &+ 1
      }
    }
    return Swift.min(node - leafBase, count)
  }

  /// The values, in order.
  var values: Slice<BlockArray<Value>> { nodes[leafBase..<leafBase + count] }

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
    var width = leafBase
    var accumulated = 0.0
    while node < leafBase {
      width >>= 1
      let leftCount = Swift.max(0, Swift.min(width, count - low))
      let left = nodes[2 &* node] + Double(leftCount) * perElement
      if accumulated + left > target {
        node = 2 &* node
      } else {
        accumulated += left
        low += width
        node = 2 &* node &+ 1
      }
    }
    return Swift.min(node - leafBase, count)
  }
}
