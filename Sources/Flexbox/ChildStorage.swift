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

/// The children of a ``Layout`` that has any.
final class LayoutChildren: @unchecked Sendable {
  @exclusivity(unchecked) var nodes: [Layout]

  init(_ nodes: [Layout]) { self.nodes = nodes }

  deinit {
    var pending: [LayoutChildren] = []
    Self.detachUniqueBoxes(of: &nodes, into: &pending)
    while let box = pending.popLast() {
      Self.detachUniqueBoxes(of: &box.nodes, into: &pending)
      // `box` is released here: its children no longer hold boxes that it alone kept alive.
    }
  }

  /// Moves the child boxes that only `nodes` holds into `pending`.
  private static func detachUniqueBoxes(of nodes: inout [Layout], into pending: inout [LayoutChildren]) {
    nodes.withUnsafeMutableBufferPointer { nodes in
      for index in nodes.indices where isKnownUniquelyReferenced(&nodes[index].childStorage) {
        pending.append(nodes[index].childStorage.take()!)
      }
    }
  }
}

/// The children of a ``ComputedLayout`` that has any.
final class ComputedLayoutChildren: @unchecked Sendable {
  @exclusivity(unchecked) var nodes: [ComputedLayout]

  init(_ nodes: [ComputedLayout]) { self.nodes = nodes }

  deinit {
    var pending: [ComputedLayoutChildren] = []
    Self.detachUniqueBoxes(of: &nodes, into: &pending)
    while let box = pending.popLast() {
      Self.detachUniqueBoxes(of: &box.nodes, into: &pending)
    }
  }

  /// Moves the child boxes that only `nodes` holds into `pending`.
  private static func detachUniqueBoxes(
    of nodes: inout [ComputedLayout], into pending: inout [ComputedLayoutChildren]
  ) {
    nodes.withUnsafeMutableBufferPointer { nodes in
      for index in nodes.indices where isKnownUniquelyReferenced(&nodes[index].childStorage) {
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
