import LayoutGeometry

extension ComputedLayout {
  /// One box of a flattened tree: its identifier, its frame in the root's coordinate space and
  /// its depth (the root is 0).
  public struct Placement: Sendable, Hashable {
    /// The box's identifier.
    public var identifier: String?
    /// The box's frame relative to the root's parent (the root's own frame is unchanged).
    public var frame: Rect
    /// How many ancestors the box has.
    public var depth: Int
    /// The index of the parent's placement, or `nil` for the root.
    public var parent: Int?
  }

  /// Every box in depth-first order with its frame made absolute (offset by its ancestors'
  /// origins): what a renderer draws. Built without recursion.
  ///
  /// - Complexity: O(n) boxes.
  public func placements() -> [Placement] {
    var out: [Placement] = []
    var stack: [(node: ComputedLayout, origin: Point, depth: Int, parent: Int?)] = [(self, .zero, 0, nil)]
    while let (node, origin, depth, parent) = stack.popLast() {
      let frame = node.frame.offsetBy(dx: origin.x, dy: origin.y)
      out.append(Placement(identifier: node.identifier, frame: frame, depth: depth, parent: parent))
      let index = out.count - 1
      for child in node.children.reversed() { stack.append((child, frame.origin, depth + 1, index)) }
    }
    return out
  }

  /// The absolute frame of the first box (depth first) with `identifier`, or `nil`.
  ///
  /// - Complexity: O(n) boxes.
  public func frame(of identifier: String) -> Rect? {
    placements().first { $0.identifier == identifier }?.frame
  }

  /// The tree with every frame snapped to a pixel grid of `scale` pixels per point, as a
  /// renderer draws it: absolute edges are rounded (so neighbours stay adjacent) and sizes
  /// follow. Built without recursion.
  ///
  /// - Complexity: O(n) boxes.
  public func roundedToPixels(scale: Double = 1) -> ComputedLayout {
    let scale = scale.isFinite && scale > 0 ? scale : 1
    func snap(_ v: Double) -> Double { (v * scale).rounded() / scale }
    let placements = placements()
    let snapped = placements.map { placement -> Rect in
      let f = placement.frame
      let x = snap(f.minX)
      let y = snap(f.minY)
      return Rect(x: x, y: y, width: snap(f.maxX) - x, height: snap(f.maxY) - y)
    }
    var children = [[Int]](repeating: [], count: placements.count)
    for (index, placement) in placements.enumerated() {
      if let parent = placement.parent { children[parent].append(index) }
    }
    var built = [ComputedLayout?](repeating: nil, count: placements.count)
    for index in placements.indices.reversed() {
      var frame = snapped[index]
      if let parent = placements[index].parent {
        frame = frame.offsetBy(dx: -snapped[parent].x, dy: -snapped[parent].y)
      }
      var kids: [ComputedLayout] = []
      kids.reserveCapacity(children[index].count)
      for child in children[index] {
        kids.append(built[child]!)
        built[child] = nil
      }
      built[index] = ComputedLayout(identifier: placements[index].identifier, frame: frame, children: kids)
    }
    return built[0]!
  }
}
