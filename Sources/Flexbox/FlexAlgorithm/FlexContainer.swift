import LayoutGeometry

/// The container's resolved inputs for one run of the algorithm (Taffy's `AlgoConstants`).
struct FlexConstants {
  var mainAxis: Axis
  var crossAxis: Axis
  var isReverse: Bool
  var isWrap: Bool
  var isWrapReverse: Bool
  var margin: EdgeInsets
  var border: EdgeInsets
  /// Padding plus border: the content box's inset from the border box.
  var contentInset: EdgeInsets
  var minSize: Size
  var maxSize: OptionalSize
  /// Space between items in a line.
  var mainGap: Double
  /// Space between lines.
  var crossGap: Double
  var alignItems: FlexStyle.AlignItems
  var alignContent: FlexStyle.AlignContent
  var justifyContent: FlexStyle.JustifyContent
  var isJustifySafe: Bool
  var isAlignItemsSafe: Bool
  var isAlignContentSafe: Bool
  /// The container's own definite main size (`width`/`height` clamped by min/max), if any.
  var styleMainSize: Double?
  /// The container's own max main size (floored by its min), whatever the sizing mode.
  var styleMaxMainSize: Double?
  /// Whether the cross size is being found under an intrinsic (min- or max-content) constraint
  /// rather than by layout in definite space.
  var isIntrinsicCrossSizing = false
  /// Whether the cross size is being found under a min-content constraint.
  var isMinContentCrossSizing = false
  /// Whether the known height is the container's used height but not a definite size (see
  /// `FlexEngine.computeNode`): the container then lays its items out as for an indefinite
  /// height, so a column container does not break its lines there (`lineBreakLimit`) and a row
  /// container does not stretch its items to it while measuring them (`stretchedCrossSize`).
  var isKnownHeightIndefinite = false
  /// Whether the container's height is definite (known, and not its content's).
  var isHeightDefinite = true
  /// Whether the items' cross-axis lengths were resolved without a definite base: a single-line
  /// container then gives their cross-axis `stretch` sizes its line's cross size (step 11).
  var isCrossBaseIndefinite = false
  /// The border-box size, where known.
  var nodeOuterSize: OptionalSize
  /// The content-box size, where known.
  var nodeInnerSize: OptionalSize
  /// The inner cross size of a single-line row container measured for its automatic minimum
  /// height, whose height its aspect ratio gives (see `ratioHeightWithAutomaticMinimum`): the
  /// cross size its stretched items take, though its own height is left to its content.
  var ratioInnerCrossSize: Double? {
    @inline(__always) get { storedRatioInnerCrossSize.isNaN ? nil : storedRatioInnerCrossSize }
    set { storedRatioInnerCrossSize = newValue ?? .nan }
  }
  /// (NaN-coded, as ``OptionalSize`` is: the constants are copied for every container.)
  var storedRatioInnerCrossSize = Double.nan
  /// The border-box size, once determined (steps 4 and 15).
  var containerSize: Size = .zero
  /// The content-box size, once determined (steps 4 and 15).
  var innerContainerSize: Size = .zero
}

/// The per-item scratch of one run of the algorithm (Taffy's `FlexItem`).
struct FlexItem {
  var node: Int
  var size: OptionalSize
  var minSize: Size
  var maxSize: OptionalSize
  var margin: EdgeInsets
  var paddingBorder: EdgeInsets
  var inset: InsetOffsets
  var alignSelf: FlexStyle.AlignItems
  var flexGrow: Double
  var flexShrink: Double
  var styleFlexBasis: Double?
  /// `safe` cross-axis alignment: an item overflowing its line sits at its start.
  var isAlignSafe: Bool
  /// `flex-basis: content`: the base size is the content's even when the item has a main size.
  var basisIsContent: Bool
  /// A percentage `flex-basis` without a definite base (so `basisIsContent`).
  var basisIsUnresolvedPercent: Bool
  /// Edges with `margin: auto` (``AutoMarginEdge`` bits; their margins are 0 until step 12/13).
  var autoMargins: UInt8
  var flexBasis: Double = 0
  var innerFlexBasis: Double = 0
  var hypotheticalInnerSize: Size = .zero
  var hypotheticalOuterSize: Size = .zero
  var targetSize: Size = .zero
  var outerTargetSize: Size = .zero
  var violation: Double = 0
  var isFrozen = false
  var contentFlexFraction: Double = 0
  var offsetMain: Double = 0
  var offsetCross: Double = 0
  /// For an item aligned `baseline`: its first baseline from its cross-start margin edge.
  var baseline: Double = 0
}

/// A flex line: a range of the item array, with its cross size and offset.
struct FlexLine {
  var items: Range<Int>
  var crossSize: Double = 0
  var offsetCross: Double = 0
  /// The largest baseline (from the cross-start margin edge) of the line's baseline-aligned items.
  var maxBaseline: Double = 0
  /// Its largest baseline plus the largest distance from a baseline to a cross-end margin edge.
  var baselineGroupSize: Double = 0
}

/// The number of gaps between `count` neighbours, times `gap`.
@inline(__always)
func sumOfGaps(_ gap: Double, count: Int) -> Double { count > 1 ? gap * Double(count - 1) : 0 }

extension FlexEngine {
  /// Lays out a flex container: [CSS Flexbox §9, Flex Layout Algorithm](https://www.w3.org/TR/css-flexbox-1/#layout-algorithm).
  ///
  /// Reads as the specification's numbered steps; each step is its own function.
  func layoutFlexContainer(
    _ id: Int, known: OptionalSize, available: AvailableSize, mode: RunMode, sizing: SizingMode,
    knownHeightIsIndefinite: Bool = false, percentHeightIsIndefinite: Bool = false
  ) -> Size {
    let node = nodes[id]
    let appliesRatio = node.aspectRatio != nil && measuringContentHeightOf != id
    var knownSize = styledKnownDimensions(id, known: known, sizing: sizing, applyingRatio: appliesRatio)
    if appliesRatio, node.hasAutoMinHeight, sizingRatioFlexBasisOf != id, let width = knownSize.width,
      let ratioHeight = knownSize.height,
      styledKnownDimensions(id, known: known, sizing: sizing, applyingRatio: false).height == nil
    {
      knownSize.height = ratioHeightWithAutomaticMinimum(
        id, width: width, ratioHeight: ratioHeight, available: available, sizing: sizing,
        knownHeightIsIndefinite: knownHeightIsIndefinite, percentHeightIsIndefinite: percentHeightIsIndefinite
      )
    }
    if appliesRatio, node.hasAutoMinWidth, node.size.height != nil, let ratioWidth = knownSize.width,
      styledKnownDimensions(id, known: known, sizing: sizing, applyingRatio: false).width == nil
    {
      knownSize.width = ratioWidthWithAutomaticMinimum(id, ratioWidth: ratioWidth, sizing: sizing)
    }
    if knownSize.width == nil, !node.direction.isRow, let space = available.width.value,
      node.wrap != .noWrap || hasMultiLineColumnDescendant[id]
    {
      knownSize.width = columnFitContentWidth(
        id, known: known, available: available, sizing: sizing, space: space,
        knownHeightIsIndefinite: knownHeightIsIndefinite)
      if appliesRatio, let ratio = node.aspectRatio, let width = knownSize.width, knownSize.height == nil {
        // The fit-content width gives the height through the ratio (CSS Sizing 4 §2.2).
        knownSize.height = node.transferredSize(width, from: .horizontal, ratio: ratio)
        if node.hasAutoMinHeight, sizingRatioFlexBasisOf != id, let ratioHeight = knownSize.height {
          knownSize.height = ratioHeightWithAutomaticMinimum(
            id, width: width, ratioHeight: ratioHeight, available: available, sizing: sizing,
            knownHeightIsIndefinite: knownHeightIsIndefinite,
            percentHeightIsIndefinite: percentHeightIsIndefinite)
        }
      }
    }
    // (So does a column container with a stretched item of an aspect ratio, whose height
    // depends on the width it is stretched to: CSS Sizing 3 §5.2, fit-content.)
    let needsWidthFirst =
      (hasDescendantNeedingBase[id] || node.columnGapPercent != nil
        || hasAspectRatio && hasRatioChild[id] && !node.direction.isRow) && available.width.value != nil
      || appliesRatio && knownSize.height == nil
    if knownSize.width == nil, needsWidthFirst, resolvingWidthOf != id {
      // As Chromium does, a box of auto width offered a definite one finds its width first
      // (percentages of its children as without a base), then lays its children out in it, their
      // percentages resolved against it (CSS Sizing 3 §5.2.1).
      let saved = resolvingWidthOf
      resolvingWidthOf = id
      knownSize.width =
        layoutFlexContainer(
          id, known: known, available: available, mode: .computeSize, sizing: sizing,
          knownHeightIsIndefinite: knownHeightIsIndefinite,
          percentHeightIsIndefinite: percentHeightIsIndefinite
        ).width.clamped(min: node.minSize.width, max: node.maxSize.width)
      resolvingWidthOf = saved
      if appliesRatio, let ratio = node.aspectRatio, let width = knownSize.width, knownSize.height == nil {
        // The height's min and max sizes transfer through the ratio to the width found from the
        // content (CSS Sizing 4 §2.2), as for leaves.
        var limited = width
        if let maxHeight = node.maxSize.height {
          limited = Swift.min(limited, node.transferredSize(maxHeight, from: .vertical, ratio: ratio))
        }
        if node.minSize.height > 0 {
          limited = Swift.max(
            limited, node.transferredSize(node.minSize.height, from: .vertical, ratio: ratio))
        }
        knownSize.width = limited
      }
      if appliesRatio, !node.aspectRatioIsContentBox, let ratio = node.aspectRatio,
        let width = knownSize.width,
        knownSize.height == nil
      {
        // The height's floor (its padding and border) transfers to the width (as for leaves).
        knownSize.width = Swift.max(
          width, (node.paddingBorder.vertical * ratio).clamped(min: nil, max: node.maxSize.width))
      }
      if appliesRatio, let ratio = node.aspectRatio, let width = knownSize.width, knownSize.height == nil {
        // An aspect ratio gives the height from the width found (CSS Sizing 4 §2.2).
        knownSize.height = node.transferredSize(width, from: .horizontal, ratio: ratio)
        if appliesRatio, node.hasAutoMinHeight, sizingRatioFlexBasisOf != id,
          let ratioHeight = knownSize.height
        {
          knownSize.height = ratioHeightWithAutomaticMinimum(
            id, width: width, ratioHeight: ratioHeight, available: available, sizing: sizing,
            knownHeightIsIndefinite: knownHeightIsIndefinite,
            percentHeightIsIndefinite: percentHeightIsIndefinite)
        }
      }
    }
    if mode == .computeSize, let width = knownSize.width, let height = knownSize.height {
      return Size(width: width, height: height)
    }
    var constants = makeConstants(node, knownSize: knownSize, sizing: sizing)
    if measuringContentHeightOf == id, let ratioHeight = measuringRatioHeight, node.direction.isRow,
      node.wrap == .noWrap
    {
      constants.ratioInnerCrossSize = Swift.max(ratioHeight - node.paddingBorder.vertical, 0)
    }
    // Percentages of the items resolve against the content box where it is definite (CSS
    // Flexbox §9.8; a height that is the content's is not, CSS Sizing 3 §2.1).
    let heightIsDefinite = !(knownHeightIsIndefinite && known.height != nil) && !percentHeightIsIndefinite
    let heightBase = heightIsDefinite ? constants.nodeInnerSize.height : nil
    constants.isHeightDefinite = heightBase != nil
    constants.isCrossBaseIndefinite =
      (constants.crossAxis == .vertical ? heightBase : constants.nodeInnerSize.width) == nil
    resolveChildLengths(
      id, widthBase: constants.nodeInnerSize.width, heightBase: heightBase, mainAxis: constants.mainAxis)
    resolveGapPercentages(node, &constants, heightBase: heightBase)

    // §9.1 Initial setup. 1. Generate the flex items.
    var items = generateFlexItems(node, constants: constants)
    // §9.2 Line length determination. 2. The available main and cross space for the items.
    let availableSpace = determineAvailableSpace(knownSize, available, constants: constants)
    constants.isKnownHeightIndefinite = knownHeightIsIndefinite && known.height != nil
    constants.isMinContentCrossSizing =
      knownSize[constants.crossAxis] == nil && availableSpace[constants.crossAxis] == .minContent
    constants.isIntrinsicCrossSizing =
      knownSize[constants.crossAxis] == nil && availableSpace[constants.crossAxis].value == nil
    if hasHeightKeywords, constants.mainAxis == .vertical {
      resolveBlockAxisKeywords(&items, availableSpace: availableSpace, constants: constants)
    }
    // 3. The flex base size and hypothetical main size of each item.
    determineFlexBaseSizes(&items, availableSpace: availableSpace, constants: constants)
    // 4. The main size of the container.
    determineContainerMainSize(&items, availableSpace: availableSpace, constants: &constants)
    // §9.3 Main size determination. 5. Collect the items into flex lines.
    var lines = collectFlexLines(items, constants: constants)
    // 6. Resolve the flexible lengths of each line.
    for line in lines {
      resolveFlexibleLengths(&items, line: line.items, constants: constants)
    }
    if hasHeightKeywords, constants.mainAxis == .horizontal {
      resolveBlockAxisKeywords(&items, availableSpace: availableSpace, constants: constants)
    }
    // §9.4 Cross size determination. 7. The hypothetical cross size of each item.
    determineHypotheticalCrossSizes(&items, availableSpace: availableSpace, constants: constants)
    if hasBaselineAlignment {
      determineItemBaselines(&items, constants: constants, isRightToLeft: node.isFlipped != runIsRightToLeft)
    }
    // 8. The cross size of each line.
    calculateLineCrossSizes(items, lines: &lines, knownSize: knownSize, constants: constants)
    // 9. align-content: stretch.
    stretchLinesForAlignContent(&lines, knownSize: knownSize, constants: constants)
    // 11. The used cross size of each item.
    determineUsedCrossSizes(&items, lines: lines, availableSpace: availableSpace, constants: constants)
    // §9.5 Main-axis alignment. 12. Distribute the remaining free space.
    distributeRemainingFreeSpace(&items, lines: lines, constants: constants)
    // §9.6 Cross-axis alignment. 13–14. Align each item in its line.
    alignItemsInLines(&items, lines: lines, constants: constants)
    // 15. The container's used cross size.
    let totalLineCrossSize = determineContainerCrossSize(
      lines: lines, knownSize: knownSize, constants: &constants)
    if mode == .computeSize { return constants.containerSize }
    // 16. Align the lines per align-content.
    alignFlexLines(&lines, totalLineCrossSize: totalLineCrossSize, constants: constants)
    // Place and lay out each item, then the absolutely positioned children (§4.1).
    performFinalLayout(&items, lines: lines, constants: constants)
    if hasBaselineAlignment { propagateBaseline(id, items: items, lines: lines, constants: constants) }
    layoutAbsoluteChildren(id, node, constants: constants)
    return constants.containerSize
  }

  /// Resolves the container's constants: axes, insets, gaps, alignment and known sizes.
  ///
  /// The container's min/max sizes clamp only its inherent size: a content size (a flex base
  /// size, say) is left for the parent to clamp.
  func makeConstants(_ node: ResolvedNode, knownSize: OptionalSize, sizing: SizingMode) -> FlexConstants {
    let clamps = sizing == .inherentSize
    let isRow = node.direction.isRow
    let mainAxis: Axis = isRow ? .horizontal : .vertical
    let contentInset = node.paddingBorder
    var inner = OptionalSize.none
    if let w = knownSize.width { inner.width = Swift.max(w - contentInset.horizontal, 0) }
    if let h = knownSize.height { inner.height = Swift.max(h - contentInset.vertical, 0) }
    return FlexConstants(
      mainAxis: mainAxis, crossAxis: mainAxis.cross, isReverse: node.direction.isReverse,
      isWrap: node.wrap != .noWrap, isWrapReverse: node.wrap == .wrapReverse, margin: node.margin,
      border: node.border, contentInset: contentInset, minSize: clamps ? node.minSize : .zero,
      maxSize: clamps ? node.maxSize : .none,
      mainGap: isRow ? node.columnGap : node.rowGap, crossGap: isRow ? node.rowGap : node.columnGap,
      alignItems: node.alignItems, alignContent: node.alignContent, justifyContent: node.justifyContent,
      isJustifySafe: node.isJustifySafe, isAlignItemsSafe: node.isAlignItemsSafe,
      isAlignContentSafe: node.isAlignContentSafe,
      styleMainSize: node.size[mainAxis].clamped(min: node.minSize[mainAxis], max: node.maxSize[mainAxis]),
      styleMaxMainSize: node.maxSize[mainAxis].map { Swift.max($0, node.minSize[mainAxis]) },
      nodeOuterSize: knownSize, nodeInnerSize: inner)
  }

  /// Percentage gaps resolve against the container's own content box
  /// ([CSS Box Alignment 3 §8.1](https://www.w3.org/TR/css-align-3/#column-row-gap)): `column-gap`
  /// against its width, `row-gap` against its height, and against 0 where that is not definite
  /// (so they add nothing to an intrinsic size).
  func resolveGapPercentages(_ node: ResolvedNode, _ constants: inout FlexConstants, heightBase: Double?) {
    guard node.rowGapPercent != nil || node.columnGapPercent != nil else { return }
    let column = node.columnGapPercent.map {
      ResolvedNode.percentage($0, of: Swift.max(constants.nodeInnerSize.width ?? 0, 0))
    }
    let row = node.rowGapPercent.map { ResolvedNode.percentage($0, of: Swift.max(heightBase ?? 0, 0)) }
    let isRow = constants.mainAxis == .horizontal
    if let column {
      if isRow { constants.mainGap = column } else { constants.crossGap = column }
    }
    if let row {
      if isRow { constants.crossGap = row } else { constants.mainGap = row }
    }
  }

  /// The width of a column container of auto width offered a definite width `space` (margins
  /// included), as Chromium sizes it: its fit-content width
  /// ([CSS Sizing 3 §5.2](https://www.w3.org/TR/css-sizing-3/#fit-content-size)),
  /// `min(max-content, max(min-content, space))`, from its intrinsic cross sizes
  /// ([CSS Flexbox §9.9.2](https://www.w3.org/TR/css-flexbox-1/#intrinsic-cross-sizes)), found by
  /// running the algorithm under a min-content and a max-content width constraint. A multi-line
  /// container's min-content width is its largest min-content contribution, its max-content
  /// width the sum of its lines' cross sizes with each item at its max-content contribution,
  /// the lines broken at its own definite height, be it one its parent gave it by flexing
  /// (CSS Flexbox §9.8); a single-line container's are its largest contributions.
  ///
  /// Contributions come from the items' own sizes, so they differ from the widths the items get
  /// when laid out in `space` at their flexed heights wherever a width depends on a height: in a
  /// multi-line column container, whose lines break at its height (a column-wrap item may break
  /// into more columns at its flexed height than its contribution has), and in any container
  /// with such a container among its descendants. Elsewhere the lines of the layout in `space`
  /// give the same width, so the caller only asks for this in those two cases.
  func columnFitContentWidth(
    _ id: Int, known: OptionalSize, available: AvailableSize, sizing: SizingMode, space: Double,
    knownHeightIsIndefinite: Bool
  ) -> Double {
    let node = nodes[id]
    func intrinsicWidth(_ constraint: AvailableSpace) -> Double {
      computeNode(
        id, known: known, available: AvailableSize(width: constraint, height: available.height),
        mode: .computeSize, sizing: sizing, knownHeightIsIndefinite: knownHeightIsIndefinite
      ).width
    }
    let minContent = intrinsicWidth(.minContent)
    let maxContent = Swift.max(intrinsicWidth(.maxContent), minContent)
    var width = Swift.min(maxContent, Swift.max(minContent, space - node.margin.horizontal))
    // (Percentages inside resolve against the used width: clamped whatever the sizing mode.)
    if sizing == .inherentSize || hasDescendantNeedingBase[id] {
      width = width.clamped(min: node.minSize.width, max: node.maxSize.width)
    }
    return Swift.max(width, node.paddingBorder.horizontal)
  }

  /// Step 1, [§9.1](https://www.w3.org/TR/css-flexbox-1/#algo-anon-box): every in-flow child
  /// (not `display: none`, not absolutely positioned) becomes a flex item, in document order.
  func generateFlexItems(_ node: ResolvedNode, constants: FlexConstants) -> [FlexItem] {
    var items: [FlexItem] = []
    items.reserveCapacity(Int(node.childCount))
    // (Through a pointer: a resolved node is large, and copying each one costs.)
    nodes.withUnsafeBufferPointer { buffer in
      for child in Int(node.firstChild)..<Int(node.firstChild + node.childCount) {
        let style = buffer.baseAddress.unsafelyUnwrapped + child
        if style.pointee.isHidden || style.pointee.isAbsolute { continue }
        var alignSelf: FlexStyle.AlignItems
        // `self-start`/`self-end` follow the item's own direction in the inline (horizontal) axis.
        var raw = style.pointee.alignSelf
        if raw == .auto, node.alignItemsSelf != 0 { raw = node.alignItemsSelf == 1 ? .selfStart : .selfEnd }
        raw = raw.selfAligned(
          itemDirectionDiffers: constants.crossAxis == .horizontal
            && style.pointee.isFlipped != node.isFlipped)
        switch raw.flexRelative(wrapReverse: constants.isWrapReverse) {
        case .auto: alignSelf = constants.alignItems
        case .flexStart, .start, .selfStart: alignSelf = .flexStart
        case .center: alignSelf = .center
        case .flexEnd, .end, .selfEnd: alignSelf = .flexEnd
        case .stretch: alignSelf = .stretch
        case .baseline: alignSelf = .baseline
        }
        // §8.3: an item takes part in baseline alignment only where its cross-axis margins are
        // not `auto`; otherwise `baseline` falls back to `start` (CSS Box Alignment 3 §4.3): the
        // cross-end of a `wrap-reverse` container.
        if alignSelf == .baseline {
          let cross = constants.crossAxis
          let autoMargins = AutoMarginEdge.start(cross) | AutoMarginEdge.end(cross)
          if style.pointee.autoMargins & autoMargins != 0 {
            alignSelf = constants.isWrapReverse ? .flexEnd : .flexStart
          }
        }
        // §9.4 step 11: only an item whose cross size is `auto` and whose cross-axis margins are
        // not is stretched; any other `stretch` item is placed as `flex-start`.
        if alignSelf == .stretch {
          let cross = constants.crossAxis
          let isAuto = cross == .horizontal ? style.pointee.isAutoWidth : style.pointee.isAutoHeight
          let autoMargins = AutoMarginEdge.start(cross) | AutoMarginEdge.end(cross)
          if !isAuto || style.pointee.autoMargins & autoMargins != 0 { alignSelf = .flexStart }
        }
        items.append(
          FlexItem(
            node: child, size: style.pointee.size, minSize: style.pointee.minSize,
            maxSize: style.pointee.maxSize, margin: style.pointee.margin,
            paddingBorder: style.pointee.paddingBorder, inset: style.pointee.inset, alignSelf: alignSelf,
            flexGrow: style.pointee.flexGrow, flexShrink: style.pointee.flexShrink,
            styleFlexBasis: style.pointee.flexBasis,
            isAlignSafe: style.pointee.alignSelf == .auto
              ? constants.isAlignItemsSafe : style.pointee.alignSelfSafety == .safe,
            basisIsContent: style.pointee.flexBasisIsContent,
            basisIsUnresolvedPercent: style.pointee.flexBasisIsContent && style.pointee.flexBasisIsPercent,
            autoMargins: style.pointee.autoMargins))
      }
    }
    return items
  }

  /// Step 2, [§9.2](https://www.w3.org/TR/css-flexbox-1/#algo-available): the space available
  /// to the items is the container's content box where its size is known, else the space offered
  /// to the container less its margin, border and padding.
  func determineAvailableSpace(
    _ knownSize: OptionalSize, _ offered: AvailableSize, constants: FlexConstants
  ) -> AvailableSize {
    var result = offered
    for axis in bothAxes {
      if let inner = constants.nodeInnerSize[axis] {
        result[axis] = .definite(inner)
      } else {
        result[axis] = offered[axis].minus(constants.margin.sum(axis) + constants.contentInset.sum(axis))
      }
    }
    return result
  }
}

extension FlexEngine {
  /// The height of a box whose height comes from its width through its aspect ratio, raised to
  /// its automatic minimum height: [CSS Sizing 4 §5.1](https://www.w3.org/TR/css-sizing-4/#aspect-ratio-minimum)
  /// makes `min-height: auto` on a box with a preferred aspect ratio that is not a scroll
  /// container (``ResolvedNode/hasAutoMinHeight``) its min-content height in the ratio-dependent
  /// axis, capped by its maximum height: the ratio-derived height is a transferred size, and the
  /// box grows to hold its content (as Chromium does). The content height is the box laid out at
  /// `width` as if it had no ratio, but for the ratio-derived height being definite: in a
  /// single-line row container, an item stretched across it is as tall as that height makes the
  /// container's content box (less the item's margins, within its min and max heights; [CSS
  /// Flexbox §9.8](https://www.w3.org/TR/css-flexbox-1/#definite-sizes), point 1), whatever its
  /// content, so only the other items' heights can raise the container's (as Chromium sizes it).
  func ratioHeightWithAutomaticMinimum(
    _ id: Int, width: Double, ratioHeight: Double, available: AvailableSize, sizing: SizingMode,
    knownHeightIsIndefinite: Bool, percentHeightIsIndefinite: Bool
  ) -> Double {
    let saved = (measuringContentHeightOf, measuringRatioHeight)
    measuringContentHeightOf = id
    measuringRatioHeight = ratioHeight
    let content = layoutFlexContainer(
      id, known: OptionalSize(width: width, height: nil), available: available, mode: .computeSize,
      sizing: sizing, knownHeightIsIndefinite: knownHeightIsIndefinite,
      percentHeightIsIndefinite: percentHeightIsIndefinite
    ).height
    (measuringContentHeightOf, measuringRatioHeight) = saved
    let minimum = content.clamped(min: nil, max: nodes[id].maxSize.height)
    return Swift.max(ratioHeight, minimum)
  }

  /// The width of a box whose width comes from its height through its aspect ratio, raised to
  /// its automatic minimum width: the same rule as ``ratioHeightWithAutomaticMinimum`` in the
  /// other axis ([CSS Sizing 4 §5.1](https://www.w3.org/TR/css-sizing-4/#aspect-ratio-minimum)):
  /// with `min-width: auto` and no scroll container (``ResolvedNode/hasAutoMinWidth``), the
  /// ratio-derived width is at least the box's min-content width (found as if it had no ratio),
  /// capped by its maximum width, as Chromium does.
  func ratioWidthWithAutomaticMinimum(_ id: Int, ratioWidth: Double, sizing: SizingMode) -> Double {
    let saved = (measuringContentHeightOf, measuringRatioHeight)
    measuringContentHeightOf = id
    measuringRatioHeight = nil
    let available = AvailableSize(width: .minContent, height: .maxContent)
    let content =
      nodes[id].childCount == 0
      ? layoutLeaf(id, known: .none, available: available, sizing: sizing).width
      : layoutFlexContainer(id, known: .none, available: available, mode: .computeSize, sizing: sizing).width
    (measuringContentHeightOf, measuringRatioHeight) = saved
    let minimum = content.clamped(min: nil, max: nodes[id].maxSize.width)
    return Swift.max(ratioWidth, minimum)
  }
}
