import LayoutGeometry

extension FlexEngine {
  /// Step 7, [§9.4](https://www.w3.org/TR/css-flexbox-1/#algo-cross-item): the hypothetical cross
  /// size of each item: its definite cross size, else the cross size of its content laid out
  /// at its used main size, clamped by its min/max cross sizes.
  func determineHypotheticalCrossSizes(
    _ items: inout [FlexItem], availableSpace: AvailableSize, constants: FlexConstants
  ) {
    let cross = constants.crossAxis
    // (Fields read one by one, the item copied only to be measured: a flex item is large.)
    for index in items.indices {
      let pbCross = items[index].paddingBorder.sum(cross)
      let lower = items[index].minSize[cross]
      let upper = items[index].maxSize[cross]
      let marginSum = items[index].margin.sum(cross)
      let innerCross: Double
      if let styled = items[index].size[cross] {
        innerCross = Swift.max(styled.clamped(min: lower, max: upper), pbCross)
      } else if items[index].alignSelf == .stretch, !constants.isWrap,
        let containerCross = constants.nodeInnerSize[cross] ?? constants.ratioInnerCrossSize
      {
        // A stretched item of a single-line container with a definite cross size ends up as
        // tall as the container (steps 8 and 11) whatever its content: skip measuring it.
        innerCross = Swift.max((containerCross - marginSum).clamped(min: lower, max: upper), pbCross)
      } else {
        innerCross = crossSizeAtFlexedMainSize(
          items[index], crossSpace: availableSpace[cross], constants: constants)
      }
      items[index].hypotheticalInnerSize[cross] = innerCross
      items[index].hypotheticalOuterSize[cross] = innerCross + marginSum
    }
  }

  /// The cross size of an item's content laid out at its flexed main size in `crossSpace`
  /// (margins included), clamped by its min/max cross sizes.
  ///
  /// The space is clamped by the item's min/max cross sizes as its outer size: the bounds plus
  /// its margins (as in `itemCrossAvailableSpace`), so that an item whose `max-width` holds it
  /// back still has its margins taken off the space only once (its fit-content width, CSS Sizing 3
  /// §5.2, is then its `max-width`, not its `max-width` less its margins).
  ///
  /// When the container is itself being sized under an intrinsic cross constraint, the item is
  /// measuring its contribution to that size: its flexed main size is flagged so that a column
  /// container does not break its lines there (see `lineBreakLimit`).
  func crossSizeAtFlexedMainSize(
    _ item: FlexItem, crossSpace: AvailableSpace, constants: FlexConstants
  ) -> Double {
    let main = constants.mainAxis
    let cross = constants.crossAxis
    let pbCross = item.paddingBorder.sum(cross)
    let pbMain = item.paddingBorder.sum(main)
    let lower = item.minSize[cross]
    let upper = item.maxSize[cross]
    let marginSum = item.margin.sum(cross)
    var crossAvailable = crossSpace
    if let v = crossAvailable.value {
      crossAvailable = .definite(
        Swift.max(v.clamped(min: lower + marginSum, max: upper.map { $0 + marginSum }), pbCross + marginSum))
    }
    var known = OptionalSize.none
    known[main] = item.targetSize[main]
    // An item with a definite `height` of its own measures its contribution to a column
    // container's intrinsic width at that height, unflexed and definite for its children's
    // percentages, as Chromium does; so does an item with an aspect ratio in a column container
    // whose width is not known yet (its width, CSS Sizing 4 §2.2, comes from the height it has
    // before flexing, as Chromium sizes the container's width before laying it out).
    let measuresAtOwnHeight =
      main == .vertical
      && (constants.isIntrinsicCrossSizing
        || constants.nodeInnerSize.width == nil && nodes[item.node].aspectRatio != nil)
    let ownHeight =
      measuresAtOwnHeight
      ? item.size.height.map {
        Swift.max($0.clamped(min: item.minSize.height, max: item.maxSize.height), pbMain)
      }
      : nil
    if let ownHeight { known.height = ownHeight }
    let isOwnHeight = ownHeight != nil
    // An item with an aspect ratio measured for a column container's width from its content
    // has no definite height to transfer (its flexed one is not known yet, CSS Sizing 4 §2.2):
    // its width is its content's, within its min and max heights converted through the ratio
    // (as Chromium sizes it).
    var ratioBounds: (lower: Double, upper: Double?)?
    if main == .vertical, constants.nodeInnerSize.width == nil, item.size.height == nil,
      let ratio = nodes[item.node].aspectRatio
    {
      known.height = nil
      let node = nodes[item.node]
      let lower =
        node.minSize.height > 0 ? node.transferredSize(node.minSize.height, from: .vertical, ratio: ratio) : 0
      ratioBounds = (
        lower,
        node.maxSize.height.map { Swift.max(node.transferredSize($0, from: .vertical, ratio: ratio), lower) }
      )
    }
    let measured = computeNode(
      item.node, known: known,
      available: .axes(main: main, .definite(constants.containerSize[main]), cross: crossAvailable),
      mode: .computeSize, sizing: .contentSize,
      knownHeightIsIndefinite: constants.isIntrinsicCrossSizing && main == .vertical && !isOwnHeight,
      percentHeightIsIndefinite: isFlexedHeightIndefinite(item, constants: constants))
    var crossSize = measured[cross]
    if let ratioBounds { crossSize = crossSize.clamped(min: ratioBounds.lower, max: ratioBounds.upper) }
    return Swift.max(crossSize.clamped(min: lower, max: upper), pbCross)
  }

  /// Step 8, [§9.4](https://www.w3.org/TR/css-flexbox-1/#algo-cross-line): a single-line
  /// container with a definite cross size gives its line its inner cross size; otherwise each
  /// line is as tall as its tallest outer hypothetical cross size (a single line then clamped by
  /// the container's min/max cross sizes).
  func calculateLineCrossSizes(
    _ items: [FlexItem], lines: inout [FlexLine], knownSize: OptionalSize, constants: FlexConstants
  ) {
    let cross = constants.crossAxis
    let inset = constants.contentInset.sum(cross)
    if !constants.isWrap, let known = knownSize[cross] {
      lines[0].crossSize = Swift.max(
        known.clamped(min: constants.minSize[cross], max: constants.maxSize[cross]) - inset, 0)
      if hasBaselineAlignment { _ = baselineLineCrossSize(items, line: &lines[0], cross: cross) }
      return
    }
    for lineIndex in lines.indices {
      var tallest = 0.0
      // (A single-line column container's line, as Chromium sizes it, is as wide as its widest
      // item whatever the baseline alignment: its width is found before its items are aligned. A
      // multi-line one's lines hold their baseline groups, left edges lined up, as a row's do.)
      for index in lines[lineIndex].items where items[index].alignSelf != .baseline || cross == .horizontal {
        tallest = Swift.max(tallest, items[index].hypotheticalOuterSize[cross])
      }
      if hasBaselineAlignment {
        let group = baselineLineCrossSize(items, line: &lines[lineIndex], cross: cross)
        if cross == .vertical || constants.isWrap { tallest = Swift.max(tallest, group) }
      }
      lines[lineIndex].crossSize = tallest
    }
    if !constants.isWrap {
      lines[0].crossSize = lines[0].crossSize.clamped(
        min: constants.minSize[cross] - inset, max: constants.maxSize[cross].map { $0 - inset })
    }
  }

  /// Step 9, [§9.4](https://www.w3.org/TR/css-flexbox-1/#algo-line-stretch): with
  /// `align-content: stretch`, lines share the container's leftover inner cross space equally.
  func stretchLinesForAlignContent(
    _ lines: inout [FlexLine], knownSize: OptionalSize, constants: FlexConstants
  ) {
    guard constants.alignContent == .stretch, !lines.isEmpty else { return }
    let cross = constants.crossAxis
    let inset = constants.contentInset.sum(cross)
    let minimum = constants.minSize[cross]
    let containerInner = Swift.max(
      (knownSize[cross] ?? minimum).clamped(min: minimum, max: constants.maxSize[cross]) - inset, 0)
    var total = sumOfGaps(constants.crossGap, count: lines.count)
    for line in lines { total += line.crossSize }
    if total < containerInner {
      let addition = (containerInner - total) / Double(lines.count)
      for index in lines.indices { lines[index].crossSize += addition }
    }
  }

  /// Step 11, [§9.4](https://www.w3.org/TR/css-flexbox-1/#algo-stretch): an item aligned
  /// `stretch` with an auto cross size takes its line's cross size less its margins (clamped by
  /// its min/max cross sizes); any other item keeps its hypothetical cross size, except that, as
  /// Chromium does, an item of auto width in a column container is laid out again in its line's
  /// cross size when that line is wider than the space the item was measured in (step 7): its
  /// fit-content width (CSS Sizing 3 §5.2), held back by the container's width, may then grow up
  /// to the line's (a wide sibling makes the line wider than the container).
  ///
  /// An item's cross-axis `stretch` size, minimum or maximum that had no definite base (the
  /// container's cross size is its content's) is, in a single-line container, its line's cross
  /// size less its margins, as Chromium resolves it once the line is known (see
  /// ``FlexLength/stretch``).
  func determineUsedCrossSizes(
    _ items: inout [FlexItem], lines: [FlexLine], availableSpace: AvailableSize, constants: FlexConstants
  ) {
    let cross = constants.crossAxis
    let resolvesStretch = hasStretch && !constants.isWrap && constants.isCrossBaseIndefinite
    for line in lines {
      for index in line.items {
        // (Fields read one by one: a flex item is large.)
        var size = items[index].hypotheticalInnerSize[cross]
        let marginSum = items[index].margin.sum(cross)
        let isAuto = items[index].size[cross] == nil
        if items[index].alignSelf == .stretch, isAuto {
          size = Swift.max(
            (line.crossSize - marginSum).clamped(
              min: items[index].minSize[cross], max: items[index].maxSize[cross]),
            items[index].paddingBorder.sum(cross))
        } else if cross == .horizontal, isAuto, let measuredIn = availableSpace[cross].value,
          line.crossSize > measuredIn
        {
          size = Swift.max(
            size,
            crossSizeAtFlexedMainSize(
              items[index], crossSpace: .definite(line.crossSize), constants: constants))
        }
        if resolvesStretch, case let stretchBits = nodes[items[index].node].stretchBits, stretchBits != 0 {
          size = lineStretchedCrossSize(items[index], size: size, line: line, bits: stretchBits, cross: cross)
        }
        items[index].targetSize[cross] = size
        items[index].outerTargetSize[cross] = size + marginSum
      }
    }
  }

  /// An item's cross size (`size` as sized so far) with its cross-axis `stretch` values resolved
  /// against its single line (see `determineUsedCrossSizes`).
  @inline(never)
  func lineStretchedCrossSize(
    _ item: FlexItem, size: Double, line: FlexLine, bits: UInt8, cross: Axis
  ) -> Double {
    let property = StretchProperty.sizes(cross)
    guard bits & (property.size | property.min | property.max) != 0 else { return size }
    let fill = Swift.max(line.crossSize - item.margin.sum(cross), 0)
    let lower = bits & property.min != 0 ? fill : item.minSize[cross]
    let upper = bits & property.max != 0 ? fill : item.maxSize[cross]
    let preferred = bits & property.size != 0 && item.size[cross] == nil ? fill : size
    return Swift.max(preferred.clamped(min: lower, max: upper), item.paddingBorder.sum(cross))
  }

  /// Step 12, [§9.5](https://www.w3.org/TR/css-flexbox-1/#algo-main-align): distribute each
  /// line's remaining main space per `justify-content`, recording each item's leading offset.
  ///
  /// Auto margins come first ([§8.1](https://www.w3.org/TR/css-flexbox-1/#auto-margins), step
  /// 12.1): positive free space is shared equally by the line's `auto` main-axis margins, which
  /// leaves none for `justify-content`; with none to share they are 0.
  func distributeRemainingFreeSpace(_ items: inout [FlexItem], lines: [FlexLine], constants: FlexConstants) {
    let main = constants.mainAxis
    let startBit = AutoMarginEdge.start(main)
    let endBit = AutoMarginEdge.end(main)
    for line in lines {
      var used = sumOfGaps(constants.mainGap, count: line.items.count)
      var autoMarginCount = 0
      for index in line.items {
        used += items[index].outerTargetSize[main]
        let bits = items[index].autoMargins
        if bits != 0 {
          if bits & startBit != 0 { autoMarginCount += 1 }
          if bits & endBit != 0 { autoMarginCount += 1 }
        }
      }
      var free = constants.innerContainerSize[main] - used
      if autoMarginCount > 0, free > 0 {
        let share = free / Double(autoMarginCount)
        for index in line.items where items[index].autoMargins & (startBit | endBit) != 0 {
          let bits = items[index].autoMargins
          if bits & startBit != 0 { items[index].margin.addToStart(main, share) }
          if bits & endBit != 0 { items[index].margin.addToEnd(main, share) }
        }
        free = 0
      }
      let count = line.items.count
      var mode = Alignment(justify: constants.justifyContent).withFallback(
        freeSpace: free, count: count, isReversed: constants.isReverse)
      // `safe`: content overflowing the line is aligned at the writing mode's start.
      if constants.isJustifySafe, free < 0 { mode = constants.isReverse ? .flexEnd : .flexStart }
      forEachIndex(in: line.items, reversed: constants.isReverse) { position, index in
        items[index].offsetMain = mode.offset(
          freeSpace: free, count: count, gap: constants.mainGap, isReversed: constants.isReverse,
          isFirst: position == 0)
      }
    }
  }

  /// Steps 13–14, [§9.6](https://www.w3.org/TR/css-flexbox-1/#algo-cross-align): place each item
  /// across its line per `align-self` (flipped by `wrap-reverse`).
  ///
  /// An item with `auto` cross-axis margins is placed by them instead (step 13): they share the
  /// line's leftover cross space equally; when there is none, the item sits at the line's
  /// physical start (top or left), its `auto` margins 0.
  func alignItemsInLines(_ items: inout [FlexItem], lines: [FlexLine], constants: FlexConstants) {
    let cross = constants.crossAxis
    let startBit = AutoMarginEdge.start(cross)
    let endBit = AutoMarginEdge.end(cross)
    for line in lines {
      for index in line.items {
        let free = line.crossSize - items[index].outerTargetSize[cross]
        let bits = items[index].autoMargins & (startBit | endBit)
        if bits != 0 {
          let positive = Swift.max(free, 0)
          if bits == startBit | endBit {
            items[index].margin.addToStart(cross, positive / 2)
            items[index].margin.addToEnd(cross, positive / 2)
          } else if bits == startBit {
            items[index].margin.addToStart(cross, positive)
          } else {
            items[index].margin.addToEnd(cross, positive)
          }
          items[index].offsetCross = 0
          continue
        }
        let offset: Double
        if free < 0, items[index].isAlignSafe {
          // `safe`: an item overflowing its line sits at its start (top or left).
          items[index].offsetCross = 0
          continue
        }
        // (`start`/`end` were made flex-relative when the items were generated.)
        switch items[index].alignSelf {
        case .flexStart, .stretch, .start, .selfStart: offset = constants.isWrapReverse ? free : 0
        case .flexEnd, .end, .selfEnd: offset = constants.isWrapReverse ? 0 : free
        case .center: offset = free / 2
        // Baselines line up at the line's largest (step 8); as Chromium does, a `wrap-reverse`
        // line, whose start is its cross-end, puts its baseline-aligned items, as a group, at
        // that end.
        case .baseline:
          let shift = line.maxBaseline - items[index].baseline
          offset = constants.isWrapReverse ? line.crossSize - line.baselineGroupSize + shift : shift
        }
        items[index].offsetCross = offset
      }
    }
  }

  /// Step 15, [§9.6](https://www.w3.org/TR/css-flexbox-1/#algo-cross-container): the container's
  /// cross size is its known size, else the sum of its lines' cross sizes and gaps, clamped by its
  /// min/max cross sizes. Returns the sum of the lines' cross sizes.
  func determineContainerCrossSize(
    lines: [FlexLine], knownSize: OptionalSize, constants: inout FlexConstants
  ) -> Double {
    let cross = constants.crossAxis
    let inset = constants.contentInset.sum(cross)
    var total = 0.0
    for line in lines { total += line.crossSize }
    // (A column container of auto width offered a definite width whose width may depend on
    // heights had it fixed beforehand, by `columnFitContentWidth`.)
    let contentCross = total + sumOfGaps(constants.crossGap, count: lines.count)
    let outer = Swift.max(
      (knownSize[cross] ?? (contentCross + inset))
        .clamped(min: constants.minSize[cross], max: constants.maxSize[cross]), inset)
    constants.containerSize[cross] = outer
    constants.innerContainerSize[cross] = Swift.max(outer - inset, 0)
    return total
  }

  /// Step 16, [§9.6](https://www.w3.org/TR/css-flexbox-1/#algo-line-align): distribute the
  /// container's leftover cross space among its lines per `align-content`.
  func alignFlexLines(_ lines: inout [FlexLine], totalLineCrossSize: Double, constants: FlexConstants) {
    let count = lines.count
    let free =
      constants.innerContainerSize[constants.crossAxis] - totalLineCrossSize
      - sumOfGaps(constants.crossGap, count: count)
    var mode = Alignment(content: constants.alignContent).withFallback(
      freeSpace: free, count: count, isReversed: constants.isWrapReverse)
    if constants.isAlignContentSafe, free < 0 { mode = constants.isWrapReverse ? .flexEnd : .flexStart }
    forEachIndex(in: lines.indices, reversed: constants.isWrapReverse) { position, index in
      lines[index].offsetCross = mode.offset(
        freeSpace: free, count: count, gap: constants.crossGap, isReversed: constants.isWrapReverse,
        isFirst: position == 0)
    }
  }
}

/// A distribution of free space along an axis, shared by `justify-content` and `align-content`
/// ([CSS Box Alignment §5](https://www.w3.org/TR/css-align-3/#distribution-values)).
enum Alignment {
  case flexStart
  case flexEnd
  case center
  case spaceBetween
  case spaceAround
  case spaceEvenly

  init(justify: FlexStyle.JustifyContent) {
    switch justify {
    case .flexStart, .start: self = .flexStart
    case .flexEnd, .end: self = .flexEnd
    case .center: self = .center
    case .spaceBetween: self = .spaceBetween
    case .spaceAround: self = .spaceAround
    case .spaceEvenly: self = .spaceEvenly
    }
  }

  init(content: FlexStyle.AlignContent) {
    switch content {
    case .flexStart, .stretch, .start: self = .flexStart
    case .flexEnd, .end: self = .flexEnd
    case .center: self = .center
    case .spaceBetween: self = .spaceBetween
    case .spaceAround: self = .spaceAround
    case .spaceEvenly: self = .spaceEvenly
    }
  }

  /// The fallback alignment when there is nothing to distribute, as Chromium applies it: with
  /// negative free space `space-between` packs at flex-start, while `space-around` and
  /// `space-evenly` pack at the start of the writing mode ("safe" alignment), which in a reverse
  /// container is flex-end (Yoga centres them instead); with a single item `space-between`
  /// packs at flex-start and `space-around`/`space-evenly` centre.
  func withFallback(freeSpace: Double, count: Int, isReversed: Bool) -> Alignment {
    switch self {
    case .spaceBetween where freeSpace < 0 || count <= 1: return .flexStart
    case .spaceAround, .spaceEvenly:
      if freeSpace < 0 { return isReversed ? .flexEnd : .flexStart }
      return count <= 1 ? .center : self
    default: return self
    }
  }

  /// The space before an item (or line): the leading offset for the first, the gap plus the
  /// distributed share between the others.
  func offset(freeSpace: Double, count: Int, gap: Double, isReversed: Bool, isFirst: Bool) -> Double {
    if isFirst {
      switch self {
      case .flexStart: return isReversed ? freeSpace : 0
      case .flexEnd: return isReversed ? 0 : freeSpace
      case .center: return freeSpace / 2
      case .spaceBetween: return 0
      case .spaceAround: return freeSpace / Double(count) / 2
      case .spaceEvenly: return freeSpace / Double(count + 1)
      }
    }
    let free = Swift.max(freeSpace, 0)
    switch self {
    case .spaceBetween: return gap + free / Double(count - 1)
    case .spaceAround: return gap + free / Double(count)
    case .spaceEvenly: return gap + free / Double(count + 1)
    default: return gap
    }
  }
}
