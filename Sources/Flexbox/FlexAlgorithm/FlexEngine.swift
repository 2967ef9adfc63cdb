import LayoutGeometry

/// One computation over a flattened layout tree.
///
/// The tree is stored breadth-first in flat arrays, so each box's children are one contiguous
/// range. Frames are written into ``frames`` (relative to the parent's border box, left to
/// right); sizes asked of a box are memoised in a small per-box cache, so a chain of nested
/// boxes measures its leaf a bounded number of times however deep it is.
final class FlexEngine {
  /// Resolved styles, breadth first.
  var nodes: [ResolvedNode] = []
  /// Identifiers, breadth first.
  var identifiers: [String?] = []
  /// The measure closures of leaves.
  var measures: [RelativeSizeClosure] = []
  /// Output frames, relative to the parent, left to right.
  var frames: [Rect] = []
  /// The depth of the deepest box (the root is 0).
  var maxDepth = 0
  /// Memoised sizes, ``cacheSlots`` per box.
  private var cache: [CacheEntry] = []
  private var cacheCursor: [UInt8] = []
  private static let cacheSlots = 8

  private struct CacheEntry {
    var known: OptionalSize
    var available: AvailableSize
    var sizing: SizingMode
    var result: Size
    var isValid: Bool
  }

  /// Flattens `root` breadth first, without recursion.
  init(root: Layout) {
    var queue: [Layout] = [root]
    var depths: [Int] = [0]
    var index = 0
    while index < queue.count {
      let layout = queue[index]
      let first = queue.count
      queue.append(contentsOf: layout.children)
      let depth = depths[index]
      if !layout.children.isEmpty {
        maxDepth = Swift.max(maxDepth, depth + 1)
        depths.append(contentsOf: repeatElement(depth + 1, count: layout.children.count))
      }
      var measureIndex: Int32 = -1
      if let measure = layout.measure, layout.children.isEmpty {
        measureIndex = Int32(measures.count)
        measures.append(measure)
      }
      nodes.append(
        ResolvedNode(
          style: layout.style, firstChild: Int32(first), childCount: Int32(layout.children.count),
          measure: measureIndex))
      identifiers.append(layout.identifier)
      queue[index] = Layout(style: FlexStyle())
      index += 1
    }
    frames = Array(repeating: .zero, count: nodes.count)
    cache = Array(
      repeating: CacheEntry(
        known: .none, available: AvailableSize(width: .maxContent, height: .maxContent), sizing: .contentSize,
        result: .zero, isValid: false), count: nodes.count * Self.cacheSlots)
    cacheCursor = Array(repeating: 0, count: nodes.count)
  }

  // MARK: - Entry points

  /// Lays out the whole tree: the root's auto width and height take the offered size (less its
  /// margins); a `nil` offer sizes that axis to its max-content size.
  func layoutRoot(width: Double?, height: Double?) {
    let root = nodes[0]
    guard !root.isHidden else { return }
    func offer(_ value: Double?) -> Double? {
      guard let value, value.isFinite else { return nil }
      return Swift.max(value, 0)
    }
    let width = offer(width)
    let height = offer(height)
    var known = OptionalSize.none
    if root.size.width == nil, let width {
      known.width = Swift.max(width - root.margin.horizontal, 0).clamped(
        min: root.minSize.width, max: root.maxSize.width)
    }
    if root.size.height == nil, let height {
      known.height = Swift.max(height - root.margin.vertical, 0).clamped(
        min: root.minSize.height, max: root.maxSize.height)
    }
    let available = AvailableSize(
      width: width.map { .definite($0) } ?? .maxContent, height: height.map { .definite($0) } ?? .maxContent)
    let size = computeNode(0, known: known, available: available, mode: .performLayout, sizing: .inherentSize)
    frames[0] = Rect(x: root.margin.left, y: root.margin.top, width: size.width, height: size.height)
  }

  /// Mirrors every frame horizontally inside its parent (a right-to-left layout from a
  /// left-to-right one whose leading edges were read as left).
  func mirrorForRightToLeft() {
    for parent in nodes.indices {
      let node = nodes[parent]
      let width = frames[parent].width
      for child in Int(node.firstChild)..<Int(node.firstChild + node.childCount) where !nodes[child].isHidden {
        frames[child] = frames[child].mirrored(inWidth: width)
      }
    }
    let root = nodes[0]
    frames[0].origin.x = root.margin.right
  }

  /// The computed tree, built from the leaves up without recursion.
  func computedLayout() -> ComputedLayout {
    var built = [ComputedLayout?](repeating: nil, count: nodes.count)
    for index in nodes.indices.reversed() {
      let node = nodes[index]
      let range = Int(node.firstChild)..<Int(node.firstChild + node.childCount)
      var children: [ComputedLayout] = []
      children.reserveCapacity(range.count)
      for child in range {
        children.append(built[child].take()!)
      }
      built[index] = ComputedLayout(identifier: identifiers[index], frame: frames[index], children: children)
    }
    return built[0].take()!
  }

  // MARK: - Dispatch and caching

  /// Sizes (and, in `.performLayout`, places the descendants of) box `id`.
  ///
  /// - Parameters:
  ///   - known: Border-box dimensions the caller has already fixed.
  ///   - available: The space offered, margins included.
  func computeNode(
    _ id: Int, known: OptionalSize, available: AvailableSize, mode: RunMode, sizing: SizingMode
  ) -> Size {
    var available = available
    // A known dimension makes the space offered along it irrelevant: canonicalise for the cache.
    if let w = known.width { available.width = .definite(w) }
    if let h = known.height { available.height = .definite(h) }
    // Without its own size constraints a box sizes the same way in either sizing mode.
    let node = nodes[id]
    let sizing = node.hasSizeConstraints ? sizing : .contentSize
    let base = id * Self.cacheSlots
    if mode == .computeSize {
      for slot in base..<(base + Self.cacheSlots) {
        let entry = cache[slot]
        if entry.isValid, entry.known == known, entry.available == available, entry.sizing == sizing {
          return entry.result
        }
      }
    }
    let result: Size
    if node.childCount == 0 {
      result = layoutLeaf(id, known: known, available: available, sizing: sizing)
    } else {
      result = layoutFlexContainer(id, known: known, available: available, mode: mode, sizing: sizing)
    }
    let cursor = Int(cacheCursor[id])
    cache[base + cursor] = CacheEntry(
      known: known, available: available, sizing: sizing, result: result, isValid: true)
    cacheCursor[id] = UInt8((cursor + 1) % Self.cacheSlots)
    return result
  }

  /// The box's own size constraints folded into the known dimensions: `width`/`height` clamped
  /// by the min/max sizes (inherent sizing only), or the minimum when it is at least the maximum;
  /// never smaller than padding plus border.
  func styledKnownDimensions(_ node: ResolvedNode, known: OptionalSize, sizing: SizingMode) -> OptionalSize {
    let pb = node.paddingBorder
    var result = known
    for axis in [Axis.horizontal, .vertical] where known[axis] == nil {
      let minimum = node.minSize[axis]
      let maximum = node.maxSize[axis]
      if let maximum, maximum <= minimum {
        result[axis] = Swift.max(minimum, pb.sum(axis))
      } else if sizing == .inherentSize, let styled = node.size[axis] {
        result[axis] = Swift.max(styled.clamped(min: minimum, max: maximum), pb.sum(axis))
      }
    }
    return result
  }

  // MARK: - Leaves

  /// Sizes a box without children: its known size, else its measured content (or nothing) plus
  /// padding and border, clamped by its min/max sizes (CSS Sizing §5, Yoga's measure functions).
  func layoutLeaf(_ id: Int, known: OptionalSize, available: AvailableSize, sizing: SizingMode) -> Size {
    let node = nodes[id]
    let pb = node.paddingBorder
    let knownSize = styledKnownDimensions(node, known: known, sizing: sizing)
    var content = Size.zero
    if node.measure >= 0, knownSize.width == nil || knownSize.height == nil {
      func offered(_ axis: Axis) -> Double {
        if let k = knownSize[axis] { return Swift.max(k - pb.sum(axis), 0) }
        switch available[axis] {
        case .definite(let v):
          return Swift.max(
            (v - node.margin.sum(axis)).clamped(min: node.minSize[axis], max: node.maxSize[axis]) - pb.sum(axis), 0)
        case .maxContent: return .infinity
        case .minContent: return 0
        }
      }
      let options = RelativeSizeOptions(
        containerSize: Size(width: offered(.horizontal), height: offered(.vertical)),
        knownWidth: knownSize.width.map { Swift.max($0 - pb.horizontal, 0) },
        knownHeight: knownSize.height.map { Swift.max($0 - pb.vertical, 0) })
      let measured = measures[Int(node.measure)](options)
      func clean(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }
      content = Size(width: clean(measured.width), height: clean(measured.height))
    }
    // Min/max sizes apply to the box's inherent size, not to its content size (which the
    // container clamps itself: a flex base size is not clamped, its hypothetical size is).
    let clamps = sizing == .inherentSize
    let width = (knownSize.width ?? (content.width + pb.horizontal))
      .clamped(min: clamps ? node.minSize.width : nil, max: clamps ? node.maxSize.width : nil)
    let height = (knownSize.height ?? (content.height + pb.vertical))
      .clamped(min: clamps ? node.minSize.height : nil, max: clamps ? node.maxSize.height : nil)
    return Size(width: Swift.max(width, pb.horizontal), height: Swift.max(height, pb.vertical))
  }
}

extension Optional {
  /// Returns the wrapped value and leaves `nil` behind.
  fileprivate mutating func take() -> Wrapped? {
    let value = self
    self = nil
    return value
  }
}
