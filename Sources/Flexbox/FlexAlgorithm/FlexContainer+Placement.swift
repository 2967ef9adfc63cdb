import LayoutGeometry

extension FlexEngine {
  /// Places every item from its line offset, its main and cross offsets, its margins and its
  /// relative insets ([CSS Position §3.4](https://www.w3.org/TR/css-position-3/#relpos-insets):
  /// `left`/`top` win over `right`/`bottom`, physical even in reverse containers), then lays
  /// out its content at its used size.
  ///
  /// An item's used height is definite when it is its main size (flexed, CSS Flexbox §9.8 point
  /// 3), its own `height`, or its line's cross size it was stretched to (§9.8 point 4); the
  /// content height of an item that is not stretched is not (CSS Sizing 3 §2.1), so the item
  /// lays its content out as for an indefinite height (`knownHeightIsIndefinite`). Nor, as
  /// Chromium reads §9.8 point 3, is the flexed height of an item with a content-based flex
  /// basis in a column container whose own height is not definite. (An item's width is resolved
  /// before its layout and always definite.)
  func performFinalLayout(_ items: inout [FlexItem], lines: [FlexLine], constants: FlexConstants) {
    let main = constants.mainAxis
    let cross = constants.crossAxis
    var crossCursor = constants.contentInset.start(cross)
    // (Whether a `stretch` height may have been given by the line: see `determineUsedCrossSizes`.)
    let linesStretchHeights = hasStretch && !constants.isWrap && cross == .vertical
    forEachIndex(in: lines.indices, reversed: constants.isWrapReverse) { _, lineIndex in
      let line = lines[lineIndex]
      var mainCursor = constants.contentInset.start(main)
      forEachIndex(in: line.items, reversed: constants.isReverse) { _, index in
        // (Fields read one by one: a flex item is large.)
        let node = items[index].node
        // (A height an aspect ratio gives from the width is definite, CSS Sizing 4 §2.2.)
        // (So is a `stretch` height its single line gave it.)
        let heightIsContent =
          nodes[node].aspectRatio == nil
          && (cross == .vertical
            ? items[index].size[cross] == nil && items[index].alignSelf != .stretch
              && !(linesStretchHeights && nodes[node].stretchBits & StretchProperty.height != 0)
            : !constants.isHeightDefinite && items[index].styleFlexBasis == nil
              && (items[index].size.height == nil || items[index].basisIsContent))
        let size = computeNode(
          node,
          known: OptionalSize(width: items[index].targetSize.width, height: items[index].targetSize.height),
          available: AvailableSize(
            width: .definite(constants.containerSize.width), height: .definite(constants.containerSize.height)
          ),
          mode: .performLayout, sizing: .contentSize, knownHeightIsIndefinite: heightIsContent,
          percentHeightIsIndefinite: isFlexedHeightIndefinite(items[index], constants: constants))
        let inset = items[index].inset
        let margin = items[index].margin
        let relativeMain = inset.start(main) ?? inset.end(main).map { -$0 } ?? 0
        let relativeCross = inset.start(cross) ?? inset.end(cross).map { -$0 } ?? 0
        let offsetMain = items[index].offsetMain
        let mainPosition = mainCursor + offsetMain + margin.start(main) + relativeMain
        let crossPosition =
          crossCursor + line.offsetCross + items[index].offsetCross + margin.start(cross) + relativeCross
        frames[node] = Rect(
          origin: main == .horizontal
            ? Point(x: mainPosition, y: crossPosition) : Point(x: crossPosition, y: mainPosition),
          size: size)
        mainCursor += offsetMain + margin.sum(main) + size[main]
      }
      crossCursor += line.offsetCross + line.crossSize
    }
  }

  /// Whether an item's flexed height, in a column container, is not definite for the
  /// percentages of its children: as Chromium reads [CSS Flexbox §9.8](https://www.w3.org/TR/css-flexbox-1/#definite-sizes)
  /// point 3, a post-flexing main size is definite when the container's main size is, or when
  /// the item's flex basis is definite; an item with a content-based flex basis in a column
  /// container of indefinite height gets an indefinite height.
  @inline(__always)
  func isFlexedHeightIndefinite(_ item: FlexItem, constants: FlexConstants) -> Bool {
    constants.mainAxis == .vertical && !constants.isHeightDefinite
      && (hasChildNeedingBase[item.node] || nodes[item.node].rowGapPercent != nil)
      && item.styleFlexBasis == nil && (item.size.height == nil || item.basisIsContent)
      // (A height an aspect ratio gives from a definite width is definite, CSS Sizing 4 §2.2.)
      && !(nodes[item.node].aspectRatio != nil
        && (item.size.width != nil || item.alignSelf == .stretch && constants.nodeInnerSize.width != nil))
  }

  /// Lays out the absolutely positioned boxes whose containing block is container `id`: its own
  /// absolutely positioned children, and those of its `position: static` descendants (see
  /// `layoutAbsoluteChildrenOfStaticDescendants`), unless it is static itself and not the root.
  func layoutAbsoluteChildren(_ id: Int, _ node: ResolvedNode, constants: FlexConstants) {
    guard !node.isStatic || id == 0 else { return }
    let border = constants.border
    let container = constants.containerSize
    let paddingBox = Rect(
      x: border.left, y: border.top, width: container.width - border.horizontal,
      height: container.height - border.vertical)
    for child in Int(node.firstChild)..<Int(node.firstChild + node.childCount)
    where nodes[child].isAbsolute && !nodes[child].isHidden {
      layoutAbsoluteBox(child, parent: node, constants: constants, containingBlock: paddingBox)
    }
    if hasStaticContainers {
      layoutAbsoluteChildrenOfStaticDescendants(id, paddingBox: paddingBox)
    }
  }

  /// Lays out the absolutely positioned children of the `position: static` boxes below
  /// container `id` (through static boxes only, in flow): their containing block is the padding
  /// box of their nearest positioned ancestor, `id` here ([CSS Position 3 §2.1](https://www.w3.org/TR/css-position-3/#def-cb)),
  /// while their static position stays in their parent ([CSS Flexbox §4.1](https://www.w3.org/TR/css-flexbox-1/#abspos-items)).
  /// The root is the containing block of last resort. Runs once `id`'s items are placed, so every
  /// static box's frame is known; works in each box's unmirrored space (see
  /// `mirrorChildrenOfMirroringBoxes`).
  func layoutAbsoluteChildrenOfStaticDescendants(_ id: Int, paddingBox: Rect) {
    // The box's offset in its parent, as it will be once mirrored.
    func offset(of child: Int, in parent: Int) -> Point {
      let frame = frames[child]
      guard nodes[parent].mirrorsChildren else { return frame.origin }
      return Point(x: frames[parent].width - frame.x - frame.width, y: frame.y)
    }
    var block = paddingBox
    if nodes[id].mirrorsChildren { block.origin.x = frames[id].width - block.x - block.width }
    // Static boxes still to visit, with their offsets from `id`'s border box.
    var stack: [(box: Int, origin: Point)] = []
    func pushStaticChildren(of parent: Int, at origin: Point) {
      let node = nodes[parent]
      for child in Int(node.firstChild)..<Int(node.firstChild + node.childCount)
      where nodes[child].isStatic && nodes[child].childCount > 0 && !nodes[child].isHidden {
        let o = offset(of: child, in: parent)
        stack.append((child, Point(x: origin.x + o.x, y: origin.y + o.y)))
      }
    }
    pushStaticChildren(of: id, at: .zero)
    while let (box, origin) = stack.popLast() {
      let node = nodes[box]
      var containingBlock = Rect(
        x: block.x - origin.x, y: block.y - origin.y, width: block.width, height: block.height)
      if node.mirrorsChildren {
        containingBlock.origin.x = frames[box].width - containingBlock.x - containingBlock.width
      }
      var constants = makeConstants(
        node, knownSize: OptionalSize(width: frames[box].width, height: frames[box].height),
        sizing: .inherentSize)
      constants.containerSize = frames[box].size
      for child in Int(node.firstChild)..<Int(node.firstChild + node.childCount)
      where nodes[child].isAbsolute && !nodes[child].isHidden {
        layoutAbsoluteBox(child, parent: node, constants: constants, containingBlock: containingBlock)
      }
      pushStaticChildren(of: box, at: origin)
    }
  }

  /// Lays out absolutely positioned box `child` of the container `parent` against its containing
  /// block ([CSS Flexbox §4.1](https://www.w3.org/TR/css-flexbox-1/#abspos-items)), given in the
  /// parent's coordinates (its padding box, or a static parent's positioned ancestor's): sized by
  /// its width/height, else by opposing insets, else by its content; placed by its insets, else
  /// at its static position as the sole item of the parent (`justify-content`, `align-self`).
  func layoutAbsoluteBox(
    _ child: Int, parent node: ResolvedNode, constants: FlexConstants, containingBlock: Rect
  ) {
    let main = constants.mainAxis
    let cross = constants.crossAxis
    let container = constants.containerSize
    let insetBox = containingBlock.size
    let blockStart = containingBlock.origin
    do {
      // Percentages of an absolutely positioned box are of its containing block, the padding
      // box ([CSS Position 3 §2.1](https://www.w3.org/TR/css-position-3/#def-cb)).
      // (Its `stretch` values wait for its inset-modified containing block, below.)
      resolveLengths(
        of: child, widthBase: insetBox.width, heightBase: insetBox.height, basisAxis: nil, stretch: .kept)
      var style = nodes[child]
      let selfAligned = style.alignSelf.selfAligned(
        itemDirectionDiffers: cross == .horizontal && style.isFlipped != node.isFlipped)
      style.alignSelf = selfAligned.flexRelative(wrapReverse: constants.isWrapReverse)
      // `align-items: self-start`/`self-end` follow the box's own direction too (for its static
      // position; `align-self: auto` keeps it out of the inset alignment below).
      let autoAlignment: FlexStyle.AlignSelf? =
        node.alignItemsSelf == 0
        ? nil
        : (node.alignItemsSelf == 1 ? FlexStyle.AlignSelf.selfStart : .selfEnd).selfAligned(
          itemDirectionDiffers: cross == .horizontal && style.isFlipped != node.isFlipped
        ).flexRelative(wrapReverse: constants.isWrapReverse)
      // Shrink-to-fit space: the containing block less the box's insets, an auto inset on the
      // side its static position is anchored to standing for the distance from the containing
      // block's edge to the parent's content box there (CSS Position §5.3).
      let staticAnchor: (start: Bool, end: Bool) = {
        let mainAtStart: Bool
        switch constants.justifyContent {
        case .flexStart, .spaceBetween, .start: mainAtStart = !constants.isReverse
        case .flexEnd, .end: mainAtStart = constants.isReverse
        case .center, .spaceAround, .spaceEvenly: return (false, false)
        }
        return (mainAtStart, !mainAtStart)
      }()
      func crossAnchor() -> (start: Bool, end: Bool) {
        let alignSelf = style.alignSelf == .auto ? autoAlignment : style.alignSelf
        switch alignSelf.map(CoreLayoutMapping.overriddenSecondaryAxisDistribution)
          ?? CoreLayoutMapping
          .secondaryAxisDistribution(constants.alignItems)
        {
        case .baseline: return (true, false)
        case .leading, .stretch: return (!constants.isWrapReverse, constants.isWrapReverse)
        case .trailing: return (constants.isWrapReverse, !constants.isWrapReverse)
        case .center, nil: return (false, false)
        }
      }
      func space(_ axis: Axis) -> AvailableSpace {
        let anchor = axis == main ? staticAnchor : crossAnchor()
        let contentInset = constants.contentInset
        // The distances from the containing block's edges to the parent's content box.
        let staticStart = contentInset.start(axis) - blockStart[axis]
        let staticEnd = blockStart[axis] + insetBox[axis] - (container[axis] - contentInset.end(axis))
        let centred =
          !anchor.start && !anchor.end && style.inset.start(axis) == nil && style.inset.end(axis) == nil
        if centred {
          // Centred at its static position: the space around that point as far as the nearer
          // edge of the containing block, on both sides (as Chromium sizes it).
          let centre = (contentInset.start(axis) + container[axis] - contentInset.end(axis)) / 2
          let half = Swift.min(centre - blockStart[axis], blockStart[axis] + insetBox[axis] - centre)
          return .definite(Swift.max(2 * half, 0))
        }
        let start = style.inset.start(axis) ?? (anchor.start ? staticStart : 0)
        let end = style.inset.end(axis) ?? (anchor.end && style.inset.start(axis) == nil ? staticEnd : 0)
        return .definite(Swift.max(insetBox[axis] - start - end, 0))
      }
      if style.stretchBits != 0 {
        // `stretch` fills the inset-modified containing block (CSS Position 3 §4.1): the
        // containing block less the insets, an `auto` one as 0, or, with both `auto`, the space
        // the static position leaves (as for shrink-to-fit).
        func insetModified(_ axis: Axis) -> Double? {
          let start = style.inset.start(axis)
          let end = style.inset.end(axis)
          if start == nil, end == nil { return space(axis).value }
          return Swift.max(insetBox[axis] - (start ?? 0) - (end ?? 0), 0)
        }
        resolveLengths(
          of: child, widthBase: insetBox.width, heightBase: insetBox.height, basisAxis: nil,
          stretch: .given(width: insetModified(.horizontal), height: insetModified(.vertical)))
        let alignSelf = style.alignSelf
        style = nodes[child]
        style.alignSelf = alignSelf
      }
      let pb = style.paddingBorder
      let margin = style.margin
      let minSize = Size(
        width: Swift.max(style.minSize.width, pb.horizontal),
        height: Swift.max(style.minSize.height, pb.vertical))
      // Chromium applies an explicit `align-self` to an absolutely positioned box in its block
      // (vertical) axis (CSS Box Alignment §6.1): with `top` and `bottom` both set, a box aligned
      // other than `stretch` keeps its own (or content) height, and any explicitly aligned box
      // is placed by `alignInInsetModifiedContainingBlock`.
      let sizesToContentInBlockAxis =
        switch style.alignSelf {
        case .auto, .stretch: false
        case .flexStart, .center, .flexEnd, .start, .end, .selfStart, .selfEnd, .baseline: true
        }
      var known = OptionalSize.none
      for axis in bothAxes {
        if let styled = style.size[axis] {
          known[axis] = styled.clamped(min: minSize[axis], max: style.maxSize[axis])
        } else if let start = style.inset.start(axis), let end = style.inset.end(axis),
          !(axis == .vertical && sizesToContentInBlockAxis),
          // A box with an aspect ratio whose width is known takes its height from it, not
          // from its insets (CSS Sizing 4 §2.2: the automatic size in the ratio-dependent axis
          // comes through the ratio; CSS Position 3 §5.1 stretches only an automatic size).
          !(axis == .vertical && style.aspectRatio != nil && known.width != nil)
        {
          // The inset-modified containing block is never of negative size (CSS Position 3
          // §4.1: the end inset gives way), and the box's margin box fills it, so negative
          // margins may make the box larger than a collapsed containing block (§5.1).
          let insetModified = Swift.max(insetBox[axis] - start - end, 0)
          var stretched = Swift.max(insetModified - margin.sum(axis), 0)
          if let ratio = style.aspectRatio, style.size[axis.cross] == nil {
            // The other axis's min and max sizes transfer through the ratio to this automatic
            // size (CSS Sizing 4 §2.2).
            let other = axis.cross
            if style.minSize[other] > 0 {
              stretched = Swift.max(
                stretched, style.transferredSize(style.minSize[other], from: other, ratio: ratio))
            }
            if let maximum = style.maxSize[other] {
              stretched = Swift.min(stretched, style.transferredSize(maximum, from: other, ratio: ratio))
            }
          }
          known[axis] = stretched.clamped(min: minSize[axis], max: style.maxSize[axis])
        }
      }
      let available = AvailableSize(width: space(.horizontal), height: space(.vertical))
      var finalSize: Size
      if let w = known.width, let h = known.height {
        finalSize = Size(width: w, height: h)
      } else {
        let measured = computeNode(
          child, known: known, available: available, mode: .computeSize, sizing: .inherentSize)
        finalSize = Size(width: known.width ?? measured.width, height: known.height ?? measured.height)
      }
      finalSize.width = finalSize.width.clamped(min: minSize.width, max: style.maxSize.width)
      // (A keyword `min-height`/`max-height` is the content height at that width.)
      let (lowerHeight, upperHeight) = blockAxisBounds(
        of: child, width: finalSize.width, lower: minSize.height, upper: style.maxSize.height)
      finalSize.height = finalSize.height.clamped(min: lowerHeight, max: upperHeight)
      // A height neither styled nor fixed by both insets is the content's, not definite (CSS
      // Sizing 3 §2.1): the box lays its content out as for an indefinite height. One an aspect
      // ratio gives from the width is definite (CSS Sizing 4 §2.2).
      let size = computeNode(
        child, known: OptionalSize(width: finalSize.width, height: finalSize.height), available: available,
        mode: .performLayout, sizing: .inherentSize,
        knownHeightIsIndefinite: known.height == nil && style.aspectRatio == nil)

      func position(_ axis: Axis) -> Double {
        // `auto` margins between two set insets share the space the box leaves
        // ([CSS Position 3 §5.3](https://www.w3.org/TR/css-position-3/#abspos-auto-margins)); two
        // of them would be negative horizontally: the left one is 0 instead.
        let autoBits = style.autoMargins & (AutoMarginEdge.start(axis) | AutoMarginEdge.end(axis))
        if autoBits != 0, let start = style.inset.start(axis), let end = style.inset.end(axis) {
          // (The inset-modified containing block is never of negative size: CSS Position 3 §4.1.)
          let free = Swift.max(insetBox[axis] - start - end, 0) - size[axis] - margin.sum(axis)
          var startMargin = margin.start(axis)
          if autoBits == AutoMarginEdge.start(axis) | AutoMarginEdge.end(axis) {
            startMargin += axis == .horizontal && free < 0 ? 0 : free / 2
          } else if autoBits == AutoMarginEdge.start(axis) {
            startMargin += free
          }
          return blockStart[axis] + start + startMargin
        }
        if axis == .vertical, style.alignSelf != .auto, let top = style.inset.top,
          let bottom = style.inset.bottom
        {
          // (Between its insets, as Chromium aligns it, `flex-start` and `flex-end` are top and
          // bottom even in a `wrap-reverse` container, as `start` and `end` are.)
          return Self.alignInInsetModifiedContainingBlock(
            outerSize: size.height + margin.vertical, alignment: selfAligned,
            safety: style.alignSelfSafety,
            containingBlock: (blockStart.y, blockStart.y + insetBox.height), insets: (top, bottom))
            + margin.top
        }
        if let start = style.inset.start(axis) {
          return start + blockStart[axis] + margin.start(axis)
        }
        let endPosition = { (end: Double) in
          blockStart[axis] + insetBox[axis] - size[axis] - end - margin.end(axis)
        }
        if let end = style.inset.end(axis) { return endPosition(end) }
        let inset = constants.contentInset
        let startPosition = inset.start(axis) + margin.start(axis)
        let endStatic = container[axis] - inset.end(axis) - size[axis] - margin.end(axis)
        let centered =
          (container[axis] + inset.start(axis) - inset.end(axis) - size[axis] + margin.start(axis)
            - margin.end(axis)) / 2
        // `safe` cross-axis alignment (CSS Box Alignment 3 §4.4): a box that overflows its
        // alignment container sits at its start (top or left). With both insets `auto` that
        // container is the inset-modified containing block CSS Position 3 §4.1 builds from the
        // static position: from the content box's end edge to the containing block's start
        // for end alignment, and for centring the widest span about the content box's centre
        // that the containing block holds. Chromium applies only the box's own
        // `align-self: safe …`: neither the `safe` of `justify-content` nor that of the
        // container's `align-items` (which `align-self: auto` takes its alignment from).
        let isSafe = axis != main && style.alignSelf != .auto && style.alignSelfSafety == .safe
        let outer = size[axis] + margin.sum(axis)
        let blockEnd = blockStart[axis] + insetBox[axis]
        func safeEnd() -> Double {
          let staticEnd = container[axis] - inset.end(axis)
          return isSafe && outer > staticEnd - blockStart[axis]
            ? blockStart[axis] + margin.start(axis) : endStatic
        }
        func safeCentered() -> Double {
          guard isSafe else { return centered }
          let centre = (container[axis] + inset.start(axis) - inset.end(axis)) / 2
          let half = Swift.min(centre - blockStart[axis], blockEnd - centre)
          return outer > 2 * half ? centre - half + margin.start(axis) : centered
        }
        if axis == main {
          switch constants.justifyContent {
          case .flexStart, .spaceBetween, .start: return constants.isReverse ? endStatic : startPosition
          case .flexEnd, .end: return constants.isReverse ? startPosition : endStatic
          case .center, .spaceAround, .spaceEvenly: return centered
          }
        }
        let alignSelf: FlexStyle.AlignItems
        switch style.alignSelf == .auto ? autoAlignment ?? .auto : style.alignSelf {
        case .auto: alignSelf = constants.alignItems
        case .flexStart, .start, .selfStart: alignSelf = .flexStart
        // (An absolutely positioned box takes no part in baseline alignment: as Chromium places
        // it, at the physical start, top or left, even in a `wrap-reverse` container.)
        case .baseline: alignSelf = .baseline
        case .center: alignSelf = .center
        case .flexEnd, .end, .selfEnd: alignSelf = .flexEnd
        case .stretch: alignSelf = .stretch
        }
        switch alignSelf {
        case .baseline: return startPosition
        case .flexStart, .stretch, .start, .selfStart:
          return constants.isWrapReverse ? safeEnd() : startPosition
        case .flexEnd, .end, .selfEnd: return constants.isWrapReverse ? startPosition : safeEnd()
        case .center: return safeCentered()
        }
      }
      _ = cross
      frames[child] = Rect(
        x: position(.horizontal), y: position(.vertical), width: size.width, height: size.height)
    }
  }

  /// Places an absolutely positioned box whose `top` and `bottom` are both set and whose
  /// `align-self` is explicit (not `auto`) in its block axis: returns the offset of its margin box.
  ///
  /// - Parameters:
  ///   - outerSize: The box's margin-box height (negative margins may make it negative).
  ///   - containingBlock: The containing block's top and bottom edges: the container's padding box.
  ///   - insets: The box's `top` and `bottom`.
  ///
  /// 1. The inset-modified containing block is the containing block shrunk by the two insets.
  ///    When that would leave it a negative size, the weaker (end-side, `bottom`) inset is reduced
  ///    until its size is zero ([CSS Position 3 §4.1](https://www.w3.org/TR/css-position-3/#abspos-insets));
  ///    Chromium reduces `bottom` whatever the alignment.
  /// 2. The box's margin box is aligned in it per `align-self` (`stretch` on a box that does not
  ///    fill it behaves as `flex-start`), "unsafe", so it may overflow either edge
  ///    ([CSS Box Alignment 3 §6.1](https://www.w3.org/TR/css-align-3/#align-abspos)).
  /// 3. Default overflow alignment ([CSS Box Alignment 3 §4.4](https://www.w3.org/TR/css-align-3/#overflow-values)):
  ///    when neither `safe` nor `unsafe` is given, a box that overflows its inset-modified containing
  ///    block is shifted back to stay within the containing block, at least as much as possible,
  ///    its start edge winning when it cannot fit. As Chromium does it, that limit is the containing
  ///    block extended by the inset-modified one where that reaches further (negative insets), and
  ///    a box that fits its inset-modified containing block is never moved. With `safe`, a box
  ///    that overflows it sits at its start; with `unsafe`, where it was aligned.
  static func alignInInsetModifiedContainingBlock(
    outerSize: Double, alignment: FlexStyle.AlignSelf, safety: FlexStyle.OverflowAlignment = .default,
    containingBlock: (start: Double, end: Double), insets: (start: Double, end: Double)
  ) -> Double {
    // 1. The inset-modified containing block, never of negative size.
    let start = containingBlock.start + insets.start
    let end = Swift.max(containingBlock.end - insets.end, start)
    // 2. Unsafe alignment inside it.
    let free = end - start - outerSize
    var position: Double
    switch alignment {
    case .center: position = start + free / 2
    case .flexEnd, .end, .selfEnd: position = start + free
    case .auto, .flexStart, .stretch, .start, .selfStart, .baseline: position = start
    }
    // 3. Overflow alignment: `safe` falls back to the start; by default an overflowing box is
    // kept within the containing block.
    if free < 0, safety == .safe { return start }
    if free < 0, safety == .default {
      let lower = Swift.min(containingBlock.start, start)
      let upper = Swift.max(containingBlock.end, end)
      if position + outerSize > upper { position = upper - outerSize }
      if position < lower { position = lower }
    }
    return position
  }
}
