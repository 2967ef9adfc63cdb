import LayoutGeometry
import LayoutThreads

/// One computation over a flattened layout tree.
///
/// The tree is stored breadth-first in flat arrays, so each box's children are one contiguous
/// range. Frames are written into ``frames`` (relative to the parent's border box, left to
/// right); sizes asked of a box are memoised in a small per-box cache, so a chain of nested
/// boxes measures its leaf a bounded number of times however deep it is.
///
/// Its stored properties are exempt from dynamic exclusivity checks (`@exclusivity(unchecked)`),
/// which cost about a tenth of a layout: an engine is used by one thread at a time (a helper
/// thread runs only while the thread that handed it a subtree waits), and no access to one of
/// its properties overlaps a write to the same property. A class's stored properties have no
/// static checks, so nothing checks that promise in any build: code that holds one of these
/// arrays open (`withUnsafeBufferPointer`, `inout`) must not call anything that writes the
/// same array (`computeNode` writes `nodes` through `resolveLengths`). The whole suite passed
/// with the attribute removed when it was added.
final class FlexEngine {
  /// Resolved styles, breadth first.
  @exclusivity(unchecked) var nodes: [ResolvedNode] = []
  /// Identifiers, breadth first.
  @exclusivity(unchecked) var identifiers: [String?] = []
  /// The measure closures of leaves.
  @exclusivity(unchecked) var measures: [RelativeSizeClosure] = []
  /// The first baselines of measured leaves from the top of their content boxes (NaN: none),
  /// by measure index (`Layout.firstBaseline`).
  @exclusivity(unchecked) var textBaselines: [Double] = []
  /// Each container's first baseline from the top of its border box after its last layout (NaN:
  /// none), for baseline alignment ([CSS Flexbox §8.5](https://www.w3.org/TR/css-flexbox-1/#flex-baselines)).
  @exclusivity(unchecked) var baselines: [Double] = []
  /// Whether any box asks for baseline alignment (``baselines`` is kept only then).
  @exclusivity(unchecked) var hasBaselineAlignment = false
  /// Whether the run is right to left (the whole tree is mirrored once laid out).
  @exclusivity(unchecked) var runIsRightToLeft = false
  /// The styles of the boxes with lengths to resolve against their containing block
  /// (`ResolvedNode.baseStyle`).
  @exclusivity(unchecked) var baseStyles: [FlexStyle] = []
  /// Whether a box has a child with lengths to resolve against it.
  @exclusivity(unchecked) var hasChildNeedingBase: [Bool] = []
  /// Whether a box has a descendant with lengths to resolve against its containing block (or a
  /// percentage column gap).
  @exclusivity(unchecked) var hasDescendantNeedingBase: [Bool] = []
  /// Whether any box has a percentage.
  @exclusivity(unchecked) var hasPercentages = false
  /// Whether a box other than the root is a `position: static` container, passing its
  /// absolutely positioned children on to a positioned ancestor.
  @exclusivity(unchecked) var hasStaticContainers = false
  /// Whether any box has an aspect ratio.
  @exclusivity(unchecked) var hasAspectRatio = false
  /// Whether any box has a `stretch` size (``ResolvedNode/stretchBits``).
  @exclusivity(unchecked) var hasStretch = false
  /// Whether any box has a `min-height` or `max-height` given as an intrinsic sizing keyword
  /// (see `resolveBlockAxisKeywords`).
  @exclusivity(unchecked) var hasHeightKeywords = false
  /// Whether a box has an in-flow child with an aspect ratio (empty when no box has one).
  @exclusivity(unchecked) var hasRatioChild: [Bool] = []
  /// Whether any box lays its children out mirrored (`ResolvedNode.mirrorsChildren`).
  @exclusivity(unchecked) var hasMirroredBoxes = false
  /// Whether a container is finding its own width before resolving its children's percentages
  /// against it (see `layoutFlexContainer`).
  @exclusivity(unchecked) var resolvingWidthOf = -1
  /// A box being measured without its aspect ratio, for its automatic minimum height or width
  /// (see `ratioHeightWithAutomaticMinimum`, `ratioWidthWithAutomaticMinimum`).
  @exclusivity(unchecked) var measuringContentHeightOf = -1
  /// The height the aspect ratio gives the box measured for its automatic minimum height
  /// (`measuringContentHeightOf`; `nil` when it is measured for its width): definite, so the
  /// stretched items of a single-line row container count at it (see
  /// `ratioHeightWithAutomaticMinimum`).
  @exclusivity(unchecked) var measuringRatioHeight: Double?
  /// A column container's item with an aspect ratio whose flex base size is being found: in the
  /// main axis the automatic minimum size is the flex item's ([CSS Flexbox §4.5](https://www.w3.org/TR/css-flexbox-1/#min-size-auto)),
  /// applied to its hypothetical main size, so its ratio-derived height does not grow to its
  /// content's (the CSS Sizing 4 §5.1 floor, which applies to its height everywhere else). That
  /// size is cached apart from the box's other sizes (a flag of its cache key).
  @exclusivity(unchecked) var sizingRatioFlexBasisOf = -1
  /// For each `display: contents` box, the boxes lifted out of it into its parent's run, in
  /// order (empty when the tree has none).
  @exclusivity(unchecked) var liftedChildren: [Int: [Int]] = [:]
  /// Whether each box was lifted out of a `display: contents` box (empty when the tree has none).
  @exclusivity(unchecked) var isLifted: [Bool] = []
  /// Output frames, relative to the parent, left to right.
  @exclusivity(unchecked) var frames: [Rect] = []
  /// The depth of the deepest box (the root is 0).
  @exclusivity(unchecked) var maxDepth = 0
  /// Whether a box has a multi-line column container (with children, displayed) among its
  /// descendants: its width may then depend on heights (see `columnFitContentWidth`).
  @exclusivity(unchecked) var hasMultiLineColumnDescendant: [Bool] = []
  /// Memoised sizes, ``cacheSlots`` per box that has been sized, allocated on first use.
  @exclusivity(unchecked) private var cache: [CacheEntry] = []
  /// Where each box's slots start in ``cache`` (-1: none yet).
  @exclusivity(unchecked) private var cacheBase: [Int32] = []
  /// The next slot each box overwrites, for boxes with slots, in order of allocation.
  @exclusivity(unchecked) private var cacheCursor: [UInt8] = []
  private static let cacheSlots = 8

  /// Where the current thread's stack was when the engine started on it (see
  /// ``FlexLayoutLimits`` and `ThreadStack.currentAddress`).
  @exclusivity(unchecked) private var stackTop: UInt = 0
  /// The lowest stack address the engine may reach on the current thread before it continues on
  /// a helper thread: its budget there ends, or the thread's stack (less a reserve) does.
  @exclusivity(unchecked) private var stackFloor: UInt = 0
  /// Containers being laid out on the current thread, one per level of recursion.
  @exclusivity(unchecked) private var levelsOnThread = 0
  /// The most levels the current thread may take.
  @exclusivity(unchecked) private var levelLimit = FlexLayoutLimits.inlineDepth
  /// The levels a helper takes before its stack use per level is trusted to send the subtree
  /// below to the next one: enough levels for an average, so that one deep frame near the top
  /// does not send every level to a thread of its own.
  @exclusivity(unchecked) private var levelsBeforeByteLimit = 1
  /// The most containers laid out at once on any one thread so far.
  @exclusivity(unchecked) private(set) var deepestLevelsOnOneThread = 0
  /// For each box, the containers on its deepest path down, itself included (0 for a leaf);
  /// built when a subtree is first found not to fit on a thread.
  @exclusivity(unchecked) private var heights: [Int32] = []

  /// A memoised size: the inputs packed into two numbers and a flag byte, and the result.
  private struct CacheEntry {
    var width: Double
    var height: Double
    /// Bits 0–1: the width's kind; 2–3: the height's; 4: inherent sizing; 5: valid; 6: flexed;
    /// 7: a height that is no percentage base; 8: the box's own flex base size as a column's
    /// item with an aspect ratio (`sizingRatioFlexBasisOf`).
    var flags: UInt16
    var result: Size

    static let empty = CacheEntry(width: 0, height: 0, flags: 0, result: .zero)

    /// Packs one axis: a known size (kind 0), a definite space (1), max-content (2), min-content (3).
    @inline(__always)
    static func pack(_ known: Double?, _ available: AvailableSpace) -> (Double, UInt16) {
      if let known { return (known, 0) }
      switch available {
      case .definite(let v): return (v, 1)
      case .maxContent: return (0, 2)
      case .minContent: return (0, 3)
      }
    }
  }

  /// Flattens `root` breadth first, without recursion: sibling arrays are queued (not copied
  /// box by box), and each box's children get the next contiguous run of indices.
  ///
  /// `direction` is the direction of the run (see `run`): a box whose own (or inherited)
  /// `direction` differs from it has its children laid out mirrored (`FlexStyle.direction`).
  ///
  /// A tree with a `display: contents` box is flattened twice: the first pass finds one, the
  /// second lifts such boxes' children into their parents' runs (see `liftedChildren`).
  init(root: Layout, direction runDirection: LayoutDirection = .ltr) {
    runIsRightToLeft = runDirection == .rtl
    if !flatten(root, runDirection: runDirection, liftingContents: false) {
      nodes = []
      identifiers = []
      measures = []
      textBaselines = []
      baseStyles = []
      hasBaselineAlignment = false
      hasPercentages = false
      hasMirroredBoxes = false
      hasStaticContainers = false
      maxDepth = 0
      _ = flatten(root, runDirection: runDirection, liftingContents: true)
    }
  }

  /// The children of box `id` in the computed tree: its run of indices, or, when the tree has
  /// `display: contents` boxes, that run less the children lifted into it, and for a contents box
  /// the children lifted out of it.
  func outputChildren(of id: Int) -> [Int] {
    let range = Int(nodes[id].firstChild)..<Int(nodes[id].firstChild + nodes[id].childCount)
    guard !liftedChildren.isEmpty else { return Array(range) }
    if let lifted = liftedChildren[id] { return lifted }
    return range.filter { !isLifted[$0] }
  }

  /// One breadth-first pass over the tree (see `init`). Without `liftingContents`, stops and
  /// returns `false` at the first `display: contents` box below the root.
  ///
  /// `display: contents` ([CSS Display 3 §2.5](https://www.w3.org/TR/css-display-3/#box-generation)):
  /// the box generates no box of its own; its children take its place among its parent's
  /// children, in order (a contents child's children in turn), and inherit its `direction`. The
  /// box itself gets a zero frame at its parent's origin, so its children's frames, relative to
  /// the parent they are laid out in, are relative to it too. The root's `contents` is `flex`
  /// (as CSS computes it for the root element).
  private func flatten(_ root: Layout, runDirection: LayoutDirection, liftingContents: Bool) -> Bool {
    var groups: [[Layout]] = [[root]]
    var groupDepths: [Int] = [0]
    // Each group's parent's inherited direction, and whether it mirrors its children.
    var groupParents: [(direction: LayoutDirection, flips: Bool)] = [(runDirection, false)]
    // For groups with lifted children: each element's contents box's position in the group (-1:
    // none).
    var groupOwners: [Int: [Int]] = [:]
    var nextIndex = 1
    var hasMultiLineColumn = false
    var groupIndex = 0
    while groupIndex < groups.count {
      let depth = groupDepths[groupIndex]
      let parent = groupParents[groupIndex]
      let groupStart = nodes.count
      let owners = groupOwners.isEmpty ? nil : groupOwners.removeValue(forKey: groupIndex)
      // Every box found so far gets a slot now: a resolved node is large, and regrowing the
      // array copies them all (grown at least twofold, so reserving stays linear).
      if nodes.capacity < nextIndex {
        let capacity = Swift.max(nextIndex, 2 * nodes.capacity)
        nodes.reserveCapacity(capacity)
        identifiers.reserveCapacity(capacity)
      }
      var foundContents = false
      groups[groupIndex].withUnsafeBufferPointer { group in
        // (Each layout read in place through a pointer: a layout is large, and copying one, its
        // style with it, costs more than resolving it.)
        let first = group.baseAddress.unsafelyUnwrapped
        for position in 0..<group.count {
          let layout = first + position
          let isContents = layout.pointee.style.display == .contents && groupIndex > 0
          if isContents, !liftingContents {
            foundContents = true
            return
          }
          let direction = layout.pointee.style.direction ?? parent.direction
          let flips = direction != runDirection
          var childOwners: [Int]?
          var children: [Layout]
          if isContents {
            children = []
          } else {
            children = layout.pointee.children
            if liftingContents, children.contains(where: { $0.style.display == .contents }) {
              (children, childOwners) = Self.liftingContents(children)
            }
          }
          let childCount = children.count
          var measureIndex: Int32 = -1
          if childCount == 0, !isContents, let measure = layout.pointee.measure {
            measureIndex = Int32(measures.count)
            measures.append(measure)
            textBaselines.append(layout.pointee.firstBaseline ?? .nan)
          }
          nodes.append(
            ResolvedNode(
              style: layout.pointer(to: \.style).unsafelyUnwrapped, firstChild: Int32(nextIndex),
              childCount: Int32(childCount), measure: measureIndex, isMirroredChild: parent.flips,
              mirrorsChildren: flips && childCount > 0))
          // (Completed and read in place: a resolved node is large, and a copy of it costs.)
          let index = nodes.count - 1
          // (A contents box takes no part in layout: hidden, its children lifted out.)
          if isContents { nodes[index].isHidden = true }
          nodes[index].isFlipped = flips
          if nodes[index].mirrorsChildren { hasMirroredBoxes = true }
          if nodes[index].aspectRatio != nil { hasAspectRatio = true }
          if nodes[index].stretchBits != 0 { hasStretch = true }
          if nodes[index].minHeightKeyword | nodes[index].maxHeightKeyword != 0 { hasHeightKeywords = true }
          if nodes[index].isStatic, childCount > 0, groupIndex > 0 { hasStaticContainers = true }
          if nodes[index].alignItems == .baseline || nodes[index].alignSelf == .baseline {
            hasBaselineAlignment = true
          }
          if !nodes[index].direction.isRow, nodes[index].wrap != .noWrap, childCount > 0 {
            hasMultiLineColumn = true
          }
          if nodes[index].needsBase || nodes[index].columnGapPercent != nil
            || nodes[index].rowGapPercent != nil
          {
            hasPercentages = true
          }
          if nodes[index].needsBase {
            nodes[index].baseStyle = Int32(baseStyles.count)
            baseStyles.append(layout.pointee.style)
          }
          identifiers.append(layout.pointee.identifier)
          if liftingContents {
            let id = groupStart + position
            isLifted.append(false)
            if let owners, owners[position] >= 0 {
              isLifted[id] = true
              liftedChildren[groupStart + owners[position], default: []].append(id)
            }
            if isContents { liftedChildren[id] = liftedChildren[id] ?? [] }
          }
          if childCount > 0 {
            if let childOwners { groupOwners[groups.count] = childOwners }
            groups.append(children)
            groupDepths.append(depth + 1)
            groupParents.append((direction, flips))
            nextIndex += childCount
            maxDepth = Swift.max(maxDepth, depth + 1)
          }
        }
      }
      if foundContents { return false }
      groups[groupIndex] = []
      groupIndex += 1
    }
    frames = Array(repeating: .zero, count: nodes.count)
    if hasBaselineAlignment { baselines = Array(repeating: .nan, count: nodes.count) }
    cacheBase = Array(repeating: -1, count: nodes.count)
    // Children come after their parent in breadth-first order: fill the flags from the leaves up.
    hasMultiLineColumnDescendant = Array(repeating: false, count: nodes.count)
    hasChildNeedingBase = Array(repeating: false, count: nodes.count)
    hasDescendantNeedingBase = Array(repeating: false, count: nodes.count)
    if hasAspectRatio {
      hasRatioChild = Array(repeating: false, count: nodes.count)
      for index in nodes.indices {
        let children = Int(nodes[index].firstChild)..<Int(nodes[index].firstChild + nodes[index].childCount)
        hasRatioChild[index] = children.contains { nodes[$0].aspectRatio != nil && !nodes[$0].isAbsolute }
      }
    }
    // (Most trees have neither: skip the pass, which reads every node again.)
    guard hasPercentages || hasMultiLineColumn else { return true }
    for index in nodes.indices.reversed() {
      // (Fields read one by one: a resolved node is large, and copying each one costs.)
      let children = Int(nodes[index].firstChild)..<Int(nodes[index].firstChild + nodes[index].childCount)
      if hasPercentages {
        for child in children {
          if nodes[child].needsBase { hasChildNeedingBase[index] = true }
          if nodes[child].needsBase || hasDescendantNeedingBase[child] || nodes[child].columnGapPercent != nil
          {
            hasDescendantNeedingBase[index] = true
          }
        }
      }
      for child in children where hasMultiLineColumn && !nodes[child].isHidden {
        if hasMultiLineColumnDescendant[child]
          || (!nodes[child].direction.isRow && nodes[child].wrap != .noWrap && nodes[child].childCount > 0)
        {
          hasMultiLineColumnDescendant[index] = true
          break
        }
      }
    }
    return true
  }

  /// `children` with each `display: contents` box followed by its own children (recursively,
  /// without recursion), and for each element the position of the contents box it was lifted
  /// out of (-1: none). A lifted child without a `direction` of its own takes its contents
  /// box's.
  private static func liftingContents(_ children: [Layout]) -> ([Layout], [Int]) {
    var list: [Layout] = []
    var owners: [Int] = []
    // (Elements still to emit, each with its owner's position, last on top.)
    var stack: [(Layout, Int)] = children.reversed().map { ($0, -1) }
    while let (layout, owner) = stack.popLast() {
      let position = list.count
      list.append(layout)
      owners.append(owner)
      guard layout.style.display == .contents else { continue }
      for var child in layout.children.reversed() {
        if child.style.direction == nil { child.style.direction = layout.style.direction }
        stack.append((child, position))
      }
    }
    return (list, owners)
  }

  // MARK: - Entry points

  /// Lays out the tree and returns its computed layout: a right-to-left one when `direction`
  /// is `.rtl`.
  ///
  /// A tree deeper than ``FlexLayoutLimits/inlineDepth`` is laid out on helper threads from the
  /// root, so the calling thread waits once; a shallower one on the calling thread, unless it
  /// uses more stack than ``FlexLayoutLimits/inlineStackBytes`` (see ``layoutContainer``).
  func run(width: Double?, height: Double?, direction: LayoutDirection) -> ComputedLayout {
    stackTop = ThreadStack.currentAddress()
    // The calling thread's budget, within what its stack has left (less a reserve).
    let budgetEnd = stackTop &- UInt(FlexLayoutLimits.inlineStackBytes)
    let threadEnd = ThreadStack.lowerBound().map { $0 &+ UInt(FlexLayoutLimits.callingThreadReserve) } ?? 0
    stackFloor = Swift.max(budgetEnd, threadEnd)
    let left = stackTop > stackFloor ? Int(stackTop - stackFloor) : 0
    if maxDepth > FlexLayoutLimits.inlineDepth || left < FlexLayoutLimits.inlineStackBytes / 4 {
      onHelperThread(levelsAlreadyOnIt: 0) { layoutRoot(width: width, height: height) }
    } else {
      layoutRoot(width: width, height: height)
    }
    if hasMirroredBoxes { mirrorChildrenOfMirroringBoxes() }
    if direction == .rtl { mirrorForRightToLeft() }
    return computedLayout()
  }

  /// Lays out the whole tree: the root's auto width and height take the offered size (less its
  /// margins); a `nil` offer sizes that axis to its max-content size.
  func layoutRoot(width: Double?, height: Double?) {
    guard !nodes[0].isHidden else { return }
    func offer(_ value: Double?) -> Double? {
      guard let value, value.isFinite else { return nil }
      return Swift.min(Swift.max(value, 0), FlexLayoutLimits.maxLength)
    }
    let width = offer(width)
    let height = offer(height)
    // The root's containing block is the space offered (indefinite where not given).
    resolveLengths(of: 0, widthBase: width, heightBase: height, basisAxis: nil)
    let root = nodes[0]
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
    if root.size.width == nil, width == nil,
      hasDescendantNeedingBase[0] || root.columnGapPercent != nil
        // (A box with an aspect ratio may take its height from a width stretched to the root's.)
        || hasAspectRatio
    {
      // A root sized to its max-content width lays its children out in that width, definite
      // for their percentages (and their stretched widths), as a browser lays out a box it gave
      // its fit-content width.
      known.width =
        computeNode(0, known: known, available: available, mode: .computeSize, sizing: .inherentSize).width
    }
    if root.minHeightKeyword | root.maxHeightKeyword != 0 {
      // A keyword `min-height`/`max-height` is the content height at the root's used width
      // (CSS Sizing 3 §5.1); an auto height with no offer is that content height already.
      let usedWidth =
        known.width
        ?? computeNode(0, known: known, available: available, mode: .computeSize, sizing: .inherentSize).width
      known.width = usedWidth
      if let height = known.height ?? root.size.height {
        let (lower, upper) = blockAxisBounds(
          of: 0, width: usedWidth, lower: root.minSize.height, upper: root.maxSize.height)
        known.height = Swift.max(height.clamped(min: lower, max: upper), root.paddingBorder.vertical)
      }
    }
    let size = computeNode(0, known: known, available: available, mode: .performLayout, sizing: .inherentSize)
    let shift = rootRelativeOffset(rightToLeft: false)
    frames[0] = Rect(
      x: root.margin.left + shift.x, y: root.margin.top + shift.y, width: size.width, height: size.height)
  }

  /// How far a relatively positioned root is shifted from where its margins put it: by its
  /// insets ([CSS Position 3 §3.4](https://www.w3.org/TR/css-position-3/#relpos-insets): `left`
  /// over `right` in a left-to-right containing block, `right` over `left` in a right-to-left
  /// one, `top` over `bottom`), as a browser shifts it inside the box that holds it. Mirrored
  /// (in a right-to-left run) `x` is measured from the right.
  func rootRelativeOffset(rightToLeft: Bool) -> (x: Double, y: Double) {
    let root = nodes[0]
    guard !root.isAbsolute, !root.isStatic else { return (0, 0) }
    let inset = root.inset
    let x =
      rightToLeft
      ? inset.right ?? inset.left.map { -$0 } ?? 0
      : inset.left ?? inset.right.map { -$0 } ?? 0
    return (x, inset.top ?? inset.bottom.map { -$0 } ?? 0)
  }

  /// Mirrors every frame horizontally inside its parent (a right-to-left layout from a
  /// left-to-right one whose leading edges were read as left).
  func mirrorForRightToLeft() {
    for parent in nodes.indices {
      let node = nodes[parent]
      let width = frames[parent].width
      for child in Int(node.firstChild)..<Int(node.firstChild + node.childCount) where !nodes[child].isHidden
      {
        frames[child] = frames[child].mirrored(inWidth: width)
      }
    }
    let root = nodes[0]
    frames[0].origin.x = root.margin.right + rootRelativeOffset(rightToLeft: true).x
  }

  /// Mirrors the children of each box whose `direction` differs from the run's within it: its
  /// children were laid out left to right with their left and right edges swapped (see
  /// `ResolvedNode.resolveLengths`), so mirroring them gives the layout of that direction
  /// ([CSS Writing Modes 4 §2.1](https://www.w3.org/TR/css-writing-modes-4/#direction): a row's
  /// main-start, a column's cross-start, is the right side in `rtl`).
  func mirrorChildrenOfMirroringBoxes() {
    for parent in nodes.indices where nodes[parent].mirrorsChildren {
      let node = nodes[parent]
      let width = frames[parent].width
      for child in Int(node.firstChild)..<Int(node.firstChild + node.childCount) where !nodes[child].isHidden
      {
        frames[child] = frames[child].mirrored(inWidth: width)
      }
    }
  }

  /// The computed tree, built from the leaves up without recursion.
  ///
  /// Every box but the root is the child of exactly one box in the computed tree, listed after
  /// it (a box lifted out of a `display: contents` box is that box's child there, not its
  /// parent's): each is built into a scratch buffer, then moved (not copied) into its parent's
  /// children.
  func computedLayout() -> ComputedLayout {
    let count = nodes.count
    let built = UnsafeMutablePointer<ComputedLayout>.allocate(capacity: count)
    defer { built.deallocate() }
    // (Read once: a property of the engine read per box costs an access check each time.)
    let hasContents = !liftedChildren.isEmpty
    var moved = 0
    nodes.withUnsafeBufferPointer { nodes in
      for index in nodes.indices.reversed() {
        var children: [ComputedLayout] = []
        if !hasContents {
          let first = Int(nodes[index].firstChild)
          let childCount = Int(nodes[index].childCount)
          if childCount > 0 {
            // (Children come after their parent, so they are built: checked, as a slip here
            // would move a box twice.)
            precondition(first > index && first + childCount <= count)
            children = Array(unsafeUninitializedCapacity: childCount) { buffer, initialized in
              buffer.baseAddress.unsafelyUnwrapped.moveInitialize(from: built + first, count: childCount)
              initialized = childCount
            }
            moved += childCount
          }
        } else {
          // (A box lifted out of a `display: contents` box comes after it: built before it.)
          let list = outputChildren(of: index)
          if !list.isEmpty {
            children = Array(unsafeUninitializedCapacity: list.count) { buffer, initialized in
              for (position, child) in list.enumerated() {
                precondition(child > index && child < count)
                (buffer.baseAddress.unsafelyUnwrapped + position).moveInitialize(
                  from: built + child, count: 1)
              }
              initialized = list.count
            }
            moved += list.count
          }
        }
        (built + index).initialize(
          to: ComputedLayout(identifier: identifiers[index], frame: frames[index], children: children))
      }
    }
    // (Each box but the root moved into exactly one parent: none left behind, none moved twice.)
    precondition(moved == count - 1)
    return built.move()
  }

  // MARK: - Percentages

  /// Resolves box `id`'s containing-block-relative lengths against the given bases (see
  /// `ResolvedNode.resolveLengths`; its `stretch` values against `stretch`), forgetting the sizes
  /// memoised for it when they change.
  @inline(__always)
  func resolveLengths(
    of id: Int, widthBase: Double?, heightBase: Double?, basisAxis: Axis?,
    stretch: StretchBase = .containingBlock
  ) {
    let index = Int(nodes[id].baseStyle)
    guard index >= 0 else { return }
    let old = nodes[id]
    var changed = baseStyles.withUnsafeBufferPointer { styles in
      nodes[id].resolveLengths(
        styles.baseAddress.unsafelyUnwrapped + index, widthBase: widthBase, heightBase: heightBase,
        basisAxis: basisAxis, stretch: stretch)
    }
    let node = nodes[id]
    if node.widthKeyword | node.minWidthKeyword | node.maxWidthKeyword | node.flexBasisKeyword != 0 {
      resolveIntrinsicKeywords(of: id, widthBase: widthBase, basisAxis: basisAxis)
      let new = nodes[id]
      changed =
        new.size != old.size || new.minSize != old.minSize || new.maxSize != old.maxSize
        || new.flexBasis != old.flexBasis || new.margin != old.margin || new.padding != old.padding
        || new.inset != old.inset || new.autoMargins != old.autoMargins
        || new.flexBasisIsContent != old.flexBasisIsContent
    }
    if changed {
      let base = Int(cacheBase[id])
      if base >= 0 {
        for slot in base..<(base + Self.cacheSlots) { cache[slot] = .empty }
      }
    }
  }

  /// The intrinsic sizing keywords of box `id` ([CSS Sizing 3 §3.1](https://www.w3.org/TR/css-sizing-3/#sizing-values)):
  /// a `width`, `min-width` or `max-width` of `min-content` or `max-content` is the box's
  /// min-content or max-content width, found by sizing its content under that constraint;
  /// `fit-content` is `min(max-content, max(min-content, available))`, the available width being
  /// the containing block's less the margins (max-content without one). A `flex-basis` keyword
  /// along a horizontal main axis is the same width. (A `height` keyword behaves as `auto`, CSS
  /// Sizing 3 §3.1, except that the box is not stretched; a `min-height`/`max-height` keyword is
  /// the content height at the used width, resolved once that width is known: see
  /// `resolveBlockAxisKeywords` and `blockAxisBounds`.)
  func resolveIntrinsicKeywords(of id: Int, widthBase: Double?, basisAxis: Axis?) {
    let node = nodes[id]
    var minContent: Double?
    var maxContent: Double?
    func contentWidth(_ constraint: AvailableSpace) -> Double {
      computeNode(
        id, known: .none, available: AvailableSize(width: constraint, height: .maxContent),
        mode: .computeSize, sizing: .contentSize
      ).width
    }
    func width(_ keyword: UInt8) -> Double? {
      guard keyword != 0 else { return nil }
      if keyword != 2, minContent == nil { minContent = contentWidth(.minContent) }
      if keyword != 1, maxContent == nil { maxContent = contentWidth(.maxContent) }
      switch keyword {
      case 1: return minContent
      case 2: return maxContent
      default:
        guard let base = widthBase else { return maxContent }
        return Swift.min(maxContent!, Swift.max(minContent!, base - node.margin.horizontal))
      }
    }
    // (`width: fit-content` is what an absolutely positioned box of auto width gets anyway:
    // shrink-to-fit in the space its insets leave, CSS Position 3 §5.1.)
    if !(node.isAbsolute && node.widthKeyword == 3), let w = width(node.widthKeyword) {
      nodes[id].size.width = w
    }
    if let w = width(node.minWidthKeyword) { nodes[id].minSize.width = w }
    if let w = width(node.maxWidthKeyword) { nodes[id].maxSize.width = w }
    if basisAxis == .horizontal, let w = width(node.flexBasisKeyword) {
      nodes[id].flexBasis = w
      nodes[id].flexBasisIsContent = false
    } else if node.flexBasisKeyword != 0 {
      nodes[id].flexBasisIsContent = true
    }
  }

  /// Resolves the lengths of container `id`'s in-flow children against its content box
  /// (`nil` where it is not definite), `flex-basis` along `mainAxis`.
  func resolveChildLengths(_ id: Int, widthBase: Double?, heightBase: Double?, mainAxis: Axis) {
    guard hasChildNeedingBase[id] else { return }
    let node = nodes[id]
    for child in Int(node.firstChild)..<Int(node.firstChild + node.childCount)
    where nodes[child].needsBase && !nodes[child].isAbsolute {
      resolveLengths(of: child, widthBase: widthBase, heightBase: heightBase, basisAxis: mainAxis)
    }
  }

  // MARK: - Dispatch and caching

  /// Sizes (and, in `.performLayout`, places the descendants of) box `id`.
  ///
  /// - Parameters:
  ///   - known: Border-box dimensions the caller has already fixed.
  ///   - available: The space offered, margins included.
  ///   - knownHeightIsIndefinite: The known height is the box's used height but is not a definite
  ///     size ([CSS Sizing 3 §2.1](https://www.w3.org/TR/css-sizing-3/#definite): an `auto`
  ///     height is found by laying the box out), so the box lays its content out as for an
  ///     indefinite height and only takes the known one as its own (see `FlexConstants.isKnownHeightIndefinite`).
  ///     Its parent says so for a flex item whose cross size is its content's (CSS Flexbox §9.8
  ///     makes only stretched items' cross sizes definite), for an absolutely positioned box of
  ///     `auto` height, and for an item whose height was flexed in a parent that is being sized
  ///     under an intrinsic (min- or max-content) cross constraint, which is measuring its
  ///     contribution to that size: Chromium computes such a contribution from the box's own sizes.
  ///   - percentHeightIsIndefinite: The known height is definite for the box's own layout but not
  ///     for the percentages of its children (see `isFlexedHeightIndefinite`).
  func computeNode(
    _ id: Int, known: OptionalSize, available: AvailableSize, mode: RunMode, sizing: SizingMode,
    knownHeightIsIndefinite: Bool = false, percentHeightIsIndefinite: Bool = false
  ) -> Size {
    var available = available
    // A known dimension makes the space offered along it irrelevant: canonicalise for the cache.
    if let w = known.width { available.width = .definite(w) }
    if let h = known.height { available.height = .definite(h) }
    // Without its own size constraints a box sizes the same way in either sizing mode.
    let sizing = nodes[id].hasSizeConstraints ? sizing : .contentSize
    let (keyWidth, kindWidth) = CacheEntry.pack(known.width, available.width)
    let (keyHeight, kindHeight) = CacheEntry.pack(known.height, available.height)
    let flags =
      kindWidth | kindHeight << 2 | (sizing == .inherentSize ? 16 : 0) | 32
      | (knownHeightIsIndefinite ? 64 : 0) | (percentHeightIsIndefinite ? 128 : 0)
      | (sizingRatioFlexBasisOf == id ? 256 : 0)
    var base = Int(cacheBase[id])
    if mode == .computeSize, base >= 0 {
      for slot in base..<(base + Self.cacheSlots) {
        let entry = cache[slot]
        if entry.flags == flags, entry.width == keyWidth, entry.height == keyHeight { return entry.result }
      }
    }
    let result: Size
    if nodes[id].childCount == 0 {
      result = layoutLeaf(id, known: known, available: available, sizing: sizing)
    } else {
      result = layoutContainer(
        id, known: known, available: available, mode: mode, sizing: sizing,
        knownHeightIsIndefinite: knownHeightIsIndefinite, percentHeightIsIndefinite: percentHeightIsIndefinite
      )
    }
    guard mode == .computeSize else { return result }
    if base < 0 {
      base = cache.count
      cacheBase[id] = Int32(base)
      cache.append(contentsOf: repeatElement(CacheEntry.empty, count: Self.cacheSlots))
      cacheCursor.append(0)
    }
    let owner = base / Self.cacheSlots
    let cursor = Int(cacheCursor[owner])
    cache[base + cursor] = CacheEntry(width: keyWidth, height: keyHeight, flags: flags, result: result)
    cacheCursor[owner] = UInt8((cursor + 1) % Self.cacheSlots)
    return result
  }

  // MARK: - Stack use

  /// Lays out container `id` on the current thread, one level deeper, or on a helper thread
  /// when its subtree does not fit in what the current thread has left.
  ///
  /// Out of line, so that ``computeNode(_:known:available:mode:sizing:knownHeightIsIndefinite:)``,
  /// which every box goes through, stays small.
  @inline(never)
  private func layoutContainer(
    _ id: Int, known: OptionalSize, available: AvailableSize, mode: RunMode, sizing: SizingMode,
    knownHeightIsIndefinite: Bool, percentHeightIsIndefinite: Bool
  ) -> Size {
    if needsHelperThread(id) {
      return onHelperThread(levelsAlreadyOnIt: 1) {
        layoutFlexContainer(
          id, known: known, available: available, mode: mode, sizing: sizing,
          knownHeightIsIndefinite: knownHeightIsIndefinite,
          percentHeightIsIndefinite: percentHeightIsIndefinite)
      }
    }
    levelsOnThread += 1
    deepestLevelsOnOneThread = Swift.max(deepestLevelsOnOneThread, levelsOnThread)
    defer { levelsOnThread -= 1 }
    return layoutFlexContainer(
      id, known: known, available: available, mode: mode, sizing: sizing,
      knownHeightIsIndefinite: knownHeightIsIndefinite, percentHeightIsIndefinite: percentHeightIsIndefinite
    )
  }

  /// Whether container `id` is to be laid out on a helper thread: once the current thread has
  /// used half its levels or half its stack, a subtree that would take it past either limit
  /// moves. Only the first box found not to fit on a path moves (the subtrees of one that fits
  /// fit too), and it has at least as many levels below it as the thread has above it.
  ///
  /// Stack use is measured, not assumed: from where the thread's stack pointer is against where
  /// it started and how far down the thread may go (``FlexLayoutLimits``), a subtree fitting
  /// when its levels, at the stack per level used so far on this thread, and one level more
  /// (frames differ from level to level), fit in what is left. So a build whose frames are
  /// larger (a debug or sanitized one) hands over sooner, and every build keeps to the stack it
  /// has.
  private func needsHelperThread(_ id: Int) -> Bool {
    let here = ThreadStack.currentAddress()
    let used = stackTop > here ? Int(stackTop - here) : 0
    let left = here > stackFloor ? Int(here - stackFloor) : 0
    let levelsHalfUsed = levelsOnThread * 2 >= levelLimit
    let bytesHalfUsed = levelsOnThread >= levelsBeforeByteLimit && used >= left
    guard levelsHalfUsed || bytesHalfUsed else { return false }
    if heights.isEmpty { heights = subtreeHeights() }
    let height = Int(heights[id])
    guard levelsOnThread + height <= levelLimit else { return true }
    // Whether the subtree fits, at the stack per level used so far.
    return (height + 1) * (used / Swift.max(levelsOnThread, 1)) > left
  }

  /// The containers on each box's deepest path down, itself included, from the leaves up.
  private func subtreeHeights() -> [Int32] {
    var heights = [Int32](repeating: 0, count: nodes.count)
    for id in nodes.indices.reversed() where nodes[id].childCount > 0 {
      let first = Int(nodes[id].firstChild)
      var deepest: Int32 = 0
      for child in first..<(first + Int(nodes[id].childCount)) {
        deepest = Swift.max(deepest, heights[child])
      }
      heights[id] = deepest + 1
    }
    return heights
  }

  /// Runs `body` on a new helper thread, which starts with `levelsAlreadyOnIt` levels and fresh
  /// limits, while the current thread waits.
  private func onHelperThread<T>(levelsAlreadyOnIt: Int, _ body: () -> T) -> T {
    let saved = (stackTop, stackFloor, levelsOnThread, levelLimit, levelsBeforeByteLimit)
    let result = FlexLayoutLimits.onHelperThread { () -> T in
      stackTop = ThreadStack.currentAddress()
      // The helper's stack, from its bounds where the platform gives them, else from its size.
      let size = UInt(FlexLayoutLimits.helperStackSize)
      let lowerBound = ThreadStack.lowerBound() ?? (stackTop > size ? stackTop - size : 0)
      stackFloor = lowerBound &+ UInt(FlexLayoutLimits.helperThreadReserve)
      levelsOnThread = levelsAlreadyOnIt
      levelLimit = FlexLayoutLimits.helperThreadDepth
      levelsBeforeByteLimit = FlexLayoutLimits.helperThreadDepth / 16
      deepestLevelsOnOneThread = Swift.max(deepestLevelsOnOneThread, levelsAlreadyOnIt)
      return body()
    }
    (stackTop, stackFloor, levelsOnThread, levelLimit, levelsBeforeByteLimit) = saved
    return result
  }

  /// The box's own size constraints folded into the known dimensions: `width`/`height` clamped
  /// by the min/max sizes (inherent sizing only), or the minimum when it is at least the maximum;
  /// never smaller than padding plus border.
  ///
  /// (Of box `id`, its fields read where used: a resolved node is large, and a copy of it costs.)
  @inline(__always)
  func styledKnownDimensions(
    _ id: Int, known: OptionalSize, sizing: SizingMode, applyingRatio: Bool = true
  ) -> OptionalSize {
    var result = known
    func fold(_ axis: Axis) {
      guard known[axis] == nil else { return }
      let minimum = nodes[id].minSize[axis]
      let maximum = nodes[id].maxSize[axis]
      let pb = nodes[id].paddingBorder.sum(axis)
      if let maximum, maximum <= minimum {
        result[axis] = Swift.max(minimum, pb)
      } else if sizing == .inherentSize, let styled = nodes[id].size[axis] {
        result[axis] = Swift.max(styled.clamped(min: minimum, max: maximum), pb)
      }
    }
    fold(.horizontal)
    fold(.vertical)
    // With an aspect ratio, one known size gives the other.
    if applyingRatio, let ratio = nodes[id].aspectRatio {
      if let width = result.width, result.height == nil {
        result.height = nodes[id].transferredSize(width, from: .horizontal, ratio: ratio)
      } else if let height = result.height, result.width == nil {
        result.width = nodes[id].transferredSize(height, from: .vertical, ratio: ratio)
      }
    }
    return result
  }

  // MARK: - Leaves

  /// Sizes a box without children: its known size, else its measured content (or nothing) plus
  /// padding and border, clamped by its min/max sizes (CSS Sizing §5, Yoga's measure functions).
  /// The first baseline of box `id` from the top of its border box, as last laid out: a measured
  /// leaf's first line of text, a container's as it propagated from its items
  /// (`propagateBaseline`); `nil` when it has none.
  func firstBaseline(of id: Int) -> Double? {
    let node = nodes[id]
    if node.childCount == 0 {
      guard node.measure >= 0 else { return nil }
      let text = textBaselines[Int(node.measure)]
      return text.isNaN ? nil : node.paddingBorder.top + text
    }
    let value = baselines[id]
    return value.isNaN ? nil : value
  }

  func layoutLeaf(_ id: Int, known: OptionalSize, available: AvailableSize, sizing: SizingMode) -> Size {
    // (Each field read where used, not the whole node copied first: a resolved node is large,
    // and nothing below changes it.)
    var node: ResolvedNode {
      @inline(__always) get { nodes[id] }
    }
    let pb = node.paddingBorder
    let appliesRatio = node.aspectRatio != nil && measuringContentHeightOf != id
    var knownSize = styledKnownDimensions(id, known: known, sizing: sizing, applyingRatio: appliesRatio)
    if appliesRatio, node.hasAutoMinWidth, node.size.height != nil, let ratioWidth = knownSize.width,
      styledKnownDimensions(id, known: known, sizing: sizing, applyingRatio: false).width == nil
    {
      // `min-width: auto` with an aspect ratio (see `ratioWidthWithAutomaticMinimum`).
      knownSize.width = ratioWidthWithAutomaticMinimum(id, ratioWidth: ratioWidth, sizing: sizing)
    }
    var content = Size.zero
    if node.measure >= 0, knownSize.width == nil || knownSize.height == nil {
      func offered(_ axis: Axis) -> Double {
        if let k = knownSize[axis] { return Swift.max(k - pb.sum(axis), 0) }
        switch available[axis] {
        case .definite(let v):
          return Swift.max(
            (v - node.margin.sum(axis)).clamped(min: node.minSize[axis], max: node.maxSize[axis])
              - pb.sum(axis), 0)
        case .maxContent: return .infinity
        case .minContent: return 0
        }
      }
      func constraint(_ axis: Axis) -> RelativeSizeOptions.Constraint {
        if knownSize[axis] != nil { return .definite }
        switch available[axis] {
        case .definite: return .definite
        case .maxContent: return .maxContent
        case .minContent: return .minContent
        }
      }
      let options = RelativeSizeOptions(
        containerSize: Size(width: offered(.horizontal), height: offered(.vertical)),
        knownWidth: knownSize.width.map { Swift.max($0 - pb.horizontal, 0) },
        knownHeight: knownSize.height.map { Swift.max($0 - pb.vertical, 0) },
        widthConstraint: constraint(.horizontal), heightConstraint: constraint(.vertical))
      let measured = measures[Int(node.measure)](options)
      func clean(_ v: Double) -> Double { v.isFinite && v > 0 ? Swift.min(v, FlexLayoutLimits.maxLength) : 0 }
      content = Size(width: clean(measured.width), height: clean(measured.height))
    }
    // Min/max sizes apply to the box's inherent size, not to its content size (which the
    // container clamps itself: a flex base size is not clamped, its hypothetical size is).
    let clamps = sizing == .inherentSize
    var width = (knownSize.width ?? (content.width + pb.horizontal))
      .clamped(min: clamps ? node.minSize.width : nil, max: clamps ? node.maxSize.width : nil)
    if knownSize.width == nil, knownSize.height == nil, appliesRatio, !node.aspectRatioIsContentBox,
      let ratio = node.aspectRatio
    {
      // Neither size known: the height's floor (its padding and border) transfers to the width,
      // so that the ratio holds (as Chromium does).
      width = Swift.max(
        width, (pb.vertical * ratio).clamped(min: nil, max: clamps ? node.maxSize.width : nil))
    }
    if knownSize.width == nil, knownSize.height == nil, appliesRatio, node.minSize.height > 0,
      let ratio = node.aspectRatio
    {
      // So does its `min-height` (CSS Sizing 4 §2.2: min and max sizes transfer through the
      // ratio), in its content sizes too.
      width = Swift.max(
        width,
        node.transferredSize(node.minSize.height, from: .vertical, ratio: ratio).clamped(
          min: nil, max: node.maxSize.width))
    }
    if knownSize.width == nil, knownSize.height == nil, appliesRatio, let maxHeight = node.maxSize.height,
      let ratio = node.aspectRatio
    {
      // And its `max-height` caps the width found from the content (CSS Sizing 4 §2.2), in
      // content sizing too (the width is then the ratio-determining size, not a base size).
      width = Swift.min(width, node.transferredSize(maxHeight, from: .vertical, ratio: ratio))
    }
    var contentHeight = content.height + pb.vertical
    if knownSize.height == nil, appliesRatio, let ratio = node.aspectRatio {
      // Neither size known: the width is the content's, the height follows from the ratio
      // (from the width within its own min and max widths, which the ratio transfers).
      let ratioWidth = knownSize.width ?? width.clamped(min: node.minSize.width, max: node.maxSize.width)
      contentHeight = node.transferredSize(ratioWidth, from: .horizontal, ratio: ratio)
    }
    var height = (knownSize.height ?? contentHeight)
      .clamped(min: clamps ? node.minSize.height : nil, max: clamps ? node.maxSize.height : nil)
    if appliesRatio, node.hasAutoMinHeight, node.measure >= 0, sizingRatioFlexBasisOf != id,
      styledKnownDimensions(id, known: known, sizing: sizing, applyingRatio: false).height == nil
    {
      // `min-height: auto` with an aspect ratio: the ratio-derived height grows to hold the
      // measured content at the box's width, capped by its maximum height (CSS Sizing 4 §5.1;
      // see `ratioHeightWithAutomaticMinimum`).
      let saved = measuringContentHeightOf
      measuringContentHeightOf = id
      let contentAtWidth = layoutLeaf(
        id, known: OptionalSize(width: width, height: nil), available: available, sizing: sizing
      ).height
      measuringContentHeightOf = saved
      height = Swift.max(height, contentAtWidth.clamped(min: nil, max: node.maxSize.height))
    }
    return Size(width: Swift.max(width, pb.horizontal), height: Swift.max(height, pb.vertical))
  }
}
