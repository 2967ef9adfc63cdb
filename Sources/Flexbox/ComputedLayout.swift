import LayoutGeometry

/// The result of computing a ``Layout``: a tree of frames mirroring the layout tree.
///
/// Each frame is in its parent's coordinate space (relative to the parent's border box); the
/// root's origin is its margin's top-left corner.
public struct ComputedLayout: Sendable, Hashable {
  /// The identifier of the ``Layout`` this was computed from.
  public var identifier: String?
  /// The box's frame, relative to its parent.
  public var frame: Rect
  /// The children's computed layouts, in the layout tree's order.
  public var children: [ComputedLayout]

  /// Creates a computed layout (as ``description`` prints it, to paste into tests).
  public init(identifier: String? = nil, frame: Rect, children: [ComputedLayout] = []) {
    self.identifier = identifier
    self.frame = frame
    self.children = children
  }

  /// Node by node, without recursion (trees may be thousands of levels deep).
  public static func == (lhs: ComputedLayout, rhs: ComputedLayout) -> Bool {
    var stack: [(ComputedLayout, ComputedLayout)] = [(lhs, rhs)]
    while let (a, b) = stack.popLast() {
      guard a.identifier == b.identifier, a.frame == b.frame, a.children.count == b.children.count else {
        return false
      }
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
