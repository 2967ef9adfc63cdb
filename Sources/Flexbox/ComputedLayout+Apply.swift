import LayoutGeometry

/// A node that can take a computed frame: a view, a layer, a scene node, a test double.
///
/// ```swift
/// final class Box: FrameAssignable {
///   var frame = Rect.zero
///   var frameChildren: [Box] = []
///   func assignFrame(_ frame: Rect) { self.frame = frame }
/// }
/// try computed.apply(to: &rootBox)
/// ```
public protocol FrameAssignable {
  /// The node's children, in the order of the layout tree's children.
  var frameChildren: [Self] { get set }
  /// Sets the node's frame (relative to its parent, as computed).
  mutating func assignFrame(_ frame: Rect)
}

/// The computed tree and the node tree have different shapes.
public struct LayoutShapeMismatch: Error, Sendable, Hashable, CustomStringConvertible {
  /// Where the trees differ, as `root.children[2].children[0]`.
  public var path: String
  /// How many children the computed layout has there.
  public var computedChildCount: Int
  /// How many children the node has there.
  public var nodeChildCount: Int

  /// A sentence naming the path and the two child counts.
  public var description: String {
    "layout tree mismatch at \(path): computed layout has \(computedChildCount) children, node has \(nodeChildCount)"
  }
}

extension ComputedLayout {
  /// Sets the frame of `node` and of all its descendants from this tree.
  ///
  /// The shapes are checked first, so a mismatch changes nothing.
  ///
  /// - Throws: ``LayoutShapeMismatch`` naming the first path (depth first) where the two trees
  ///   have different numbers of children.
  public func apply<Node: FrameAssignable>(to node: inout Node) throws(LayoutShapeMismatch) {
    let depth = self.depth
    let computed = self
    let mismatch: LayoutShapeMismatch? = FlexLayoutLimits.withStack(forDepth: depth) {
      if let mismatch = Self.firstMismatch(computed, node, path: "root") { return mismatch }
      Self.assign(computed, to: &node)
      return nil
    }
    if let mismatch { throw mismatch }
  }

  /// The number of levels below this node (0 for a leaf), found without recursion.
  public var depth: Int {
    var deepest = 0
    var stack: [(ComputedLayout, Int)] = [(self, 0)]
    while let (node, level) = stack.popLast() {
      deepest = Swift.max(deepest, level)
      for child in node.children { stack.append((child, level + 1)) }
    }
    return deepest
  }

  private static func firstMismatch<Node: FrameAssignable>(
    _ computed: ComputedLayout, _ node: Node, path: String
  )
    -> LayoutShapeMismatch?
  {
    let kids = node.frameChildren
    guard computed.children.count == kids.count else {
      return LayoutShapeMismatch(
        path: path, computedChildCount: computed.children.count, nodeChildCount: kids.count)
    }
    for (i, (child, kid)) in zip(computed.children, kids).enumerated() {
      if let mismatch = firstMismatch(child, kid, path: "\(path).children[\(i)]") { return mismatch }
    }
    return nil
  }

  private static func assign<Node: FrameAssignable>(_ computed: ComputedLayout, to node: inout Node) {
    node.assignFrame(computed.frame)
    guard !computed.children.isEmpty else { return }
    var kids = node.frameChildren
    for i in kids.indices { assign(computed.children[i], to: &kids[i]) }
    node.frameChildren = kids
  }
}
