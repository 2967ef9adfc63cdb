// The children of the tree values (`Layout`, `ComputedLayout`), each array in a box of its own.
//
// A struct holding an array of itself is released by the Swift runtime recursively: the array
// destroys its elements, each element its array, one nesting of runtime calls per tree level,
// so releasing a 100,000-level tree overflows an 8 MiB stack (and a 10,000-level one a 512 KB
// thread's). Boxing the array lets the box's `deinit` take the tree apart with a worklist
// instead: it detaches every grandchild box that nothing else holds, so when a box is released
// its children hold no boxes any more and nothing nests. A box still shared with another tree
// is left alone: releasing our reference to it frees nothing.
//
// A box is copy on write: the trees mutate it only while they hold the sole reference (checked
// with `isKnownUniquelyReferenced`) and otherwise copy it, so a shared box is never mutated.
// That is what makes the `@unchecked Sendable` sound, as it is for `Array`'s own buffer, and
// what lets `nodes` skip the runtime's exclusivity checks (a class property would otherwise pay
// for one on every read of `children`): no two accesses to one box's `nodes` ever overlap.

/// A tree value (``Layout``, ``ComputedLayout``) whose children live in a ``ChildBox``.
protocol BoxedChildren {
  /// The children in a box of their own, `nil` when there are none.
  var childStorage: ChildBox<Self>? { get set }
}

extension BoxedChildren {
  /// The children as an array: what the trees' public `children` reads and writes. Copies
  /// share one box until one of them changes it.
  var boxedChildren: [Self] {
    get { childStorage?.nodes ?? [] }
    set { storeChildren(newValue) }
    _modify {
      var nodes: [Self]
      if isKnownUniquelyReferenced(&childStorage) {
        // Move the array out, so that it is mutated in place.
        nodes = childStorage!.nodes
        childStorage!.nodes = []
      } else {
        nodes = childStorage?.nodes ?? []
      }
      defer { storeChildren(nodes) }
      yield &nodes
    }
  }

  /// Stores `nodes` as the children, reusing the box when nothing else holds it.
  private mutating func storeChildren(_ nodes: [Self]) {
    if nodes.isEmpty {
      childStorage = nil
    } else if isKnownUniquelyReferenced(&childStorage) {
      childStorage!.nodes = nodes
    } else {
      childStorage = ChildBox(nodes)
    }
  }
}

/// The children of a tree value that has any.
final class ChildBox<Node: BoxedChildren>: @unchecked Sendable {
  @exclusivity(unchecked) var nodes: [Node]

  init(_ nodes: [Node]) { self.nodes = nodes }

  deinit {
    var pending: [ChildBox] = []
    Self.detachUniqueBoxes(of: &nodes, into: &pending)
    while let box = pending.popLast() {
      Self.detachUniqueBoxes(of: &box.nodes, into: &pending)
      // `box` is released here: its children no longer hold boxes that it alone kept alive.
    }
  }

  /// Moves the child boxes that only `nodes` holds into `pending`.
  private static func detachUniqueBoxes(of nodes: inout [Node], into pending: inout [ChildBox]) {
    nodes.withUnsafeMutableBufferPointer { nodes in
      // (A leaf, without a box, is skipped before the uniqueness check, which looks up the
      // box's generic type each time.)
      for index in nodes.indices
      where nodes[index].childStorage != nil && isKnownUniquelyReferenced(&nodes[index].childStorage) {
        pending.append(nodes[index].childStorage.take()!)
      }
    }
  }
}

extension Optional {
  /// Returns the wrapped value and leaves `nil` behind.
  mutating func take() -> Wrapped? {
    let value = self
    self = nil
    return value
  }
}
