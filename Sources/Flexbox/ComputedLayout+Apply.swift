import LayoutGeometry

/// A node that can take a computed frame: a view, a layer, a scene node, a test double.
///
/// ```swift
/// final class Box: FrameAssignable {
///   var frame = Rect.zero
///   var frameChildren: [Box] = []
///   init(_ children: [Box] = []) { frameChildren = children }
///   func assignFrame(_ frame: Rect) { self.frame = frame }
/// }
/// let computed = Layout(children: [Layout(size: .absolute(width: 40, height: 40))])
///   .compute(with: Size(width: 100, height: 100))
/// var rootBox = Box([Box()])
/// try computed.apply(to: &rootBox)   // rootBox.frameChildren[0].frame == (0, 0, 40, 40)
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
  /// The shapes are checked first, so a mismatch changes nothing. Neither pass recurses, so
  /// trees of any depth apply on any thread.
  ///
  /// - Throws: ``LayoutShapeMismatch`` naming the first path (depth first) where the two trees
  ///   have different numbers of children.
  public func apply<Node: FrameAssignable>(to node: inout Node) throws(LayoutShapeMismatch) {
    if let mismatch = Self.firstMismatch(self, node) { throw mismatch }
    Self.assign(self, to: &node)
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

  /// The first node, depth first, whose child count differs between the trees.
  private static func firstMismatch<Node: FrameAssignable>(
    _ computed: ComputedLayout, _ node: Node
  ) -> LayoutShapeMismatch? {
    let kids = node.frameChildren
    guard computed.children.count == kids.count else {
      return LayoutShapeMismatch(
        path: "root", computedChildCount: computed.children.count, nodeChildCount: kids.count)
    }
    // The open levels: their children, and how many of those have been visited.
    var levels: [(computed: [ComputedLayout], kids: [Node], visited: Int)] = [(computed.children, kids, 0)]
    while let top = levels.indices.last {
      let index = levels[top].visited
      guard index < levels[top].computed.count else {
        levels.removeLast()
        continue
      }
      levels[top].visited += 1
      let child = levels[top].computed[index]
      let grandkids = levels[top].kids[index].frameChildren
      guard child.children.count == grandkids.count else {
        let path = levels.reduce("root") { $0 + ".children[\($1.visited - 1)]" }
        return LayoutShapeMismatch(
          path: path, computedChildCount: child.children.count, nodeChildCount: grandkids.count)
      }
      if !child.children.isEmpty { levels.append((child.children, grandkids, 0)) }
    }
    return nil
  }

  /// Assigns the frames of trees of the same shape: each node's frame before its children's,
  /// each node's children written back after theirs (as a recursive walk would).
  private static func assign<Node: FrameAssignable>(_ computed: ComputedLayout, to node: inout Node) {
    node.assignFrame(computed.frame)
    guard !computed.children.isEmpty else { return }
    var levels: [(computed: [ComputedLayout], kids: [Node], visited: Int)] = [
      (computed.children, node.frameChildren, 0)
    ]
    while let top = levels.indices.last {
      let index = levels[top].visited
      if index < levels[top].computed.count {
        levels[top].visited += 1
        let child = levels[top].computed[index]
        levels[top].kids[index].assignFrame(child.frame)
        if !child.children.isEmpty {
          levels.append((child.children, levels[top].kids[index].frameChildren, 0))
        }
      } else {
        let finished = levels.removeLast().kids
        if let parent = levels.indices.last {
          levels[parent].kids[levels[parent].visited - 1].frameChildren = finished
        } else {
          node.frameChildren = finished
        }
      }
    }
  }
}
