import LayoutGeometry

/// The result of computing a ``Layout``: a tree of frames mirroring the layout tree.
///
/// Each frame is in its parent's coordinate space (relative to the parent's border box); the
/// root's origin is its margin's top-left corner.
public struct ComputedLayout: Sendable, Hashable, BoxedChildren {
  /// The identifier of the ``Layout`` this was computed from.
  public var identifier: String?
  /// The box's frame, relative to its parent.
  public var frame: Rect
  /// The children's computed layouts, in the layout tree's order.
  ///
  /// A value like any array: copies share their children until one of them changes them.
  /// Releasing a tree of any depth does not recurse.
  public var children: [ComputedLayout] {
    get { boxedChildren }
    set { boxedChildren = newValue }
    _modify { yield &boxedChildren }
  }

  /// ``children`` in a box of their own (see `ChildStorage.swift`), `nil` when there are none.
  var childStorage: ChildBox<ComputedLayout>?

  /// Creates a computed layout (as ``description`` prints it, to paste into tests).
  @inline(__always)
  public init(identifier: String? = nil, frame: Rect, children: [ComputedLayout] = []) {
    self.identifier = identifier
    self.frame = frame
    self.childStorage = children.isEmpty ? nil : ChildBox(children)
  }

  /// Node by node, without recursion (trees may be thousands of levels deep).
  public static func == (lhs: ComputedLayout, rhs: ComputedLayout) -> Bool {
    var stack: [(ComputedLayout, ComputedLayout)] = [(lhs, rhs)]
    while let (a, b) = stack.popLast() {
      guard a.identifier == b.identifier, a.frame == b.frame else { return false }
      // Shared children (a copy, or an unchanged subtree) are equal without a look.
      if a.childStorage === b.childStorage { continue }
      guard a.children.count == b.children.count else { return false }
      stack.append(contentsOf: zip(a.children, b.children))
    }
    return true
  }

  /// Every node, depth first, without recursion.
  public func hash(into hasher: inout Hasher) {
    var stack: [ComputedLayout] = [self]
    while let node = stack.popLast() {
      hasher.combine(node.identifier)
      hasher.combine(node.frame)
      hasher.combine(node.children.count)
      stack.append(contentsOf: node.children.reversed())
    }
  }
}

extension ComputedLayout: CustomReflectable {
  /// The identifier, frame and children, as the stored properties were shown before the
  /// children moved into a box of their own.
  public var customMirror: Mirror {
    Mirror(
      self, children: ["identifier": identifier as Any, "frame": frame, "children": children],
      displayStyle: .struct)
  }
}
