import LayoutGeometry

extension FlexEngine {
  /// Step 3, [§9.2](https://www.w3.org/TR/css-flexbox-1/#algo-main-item): the flex base size of
  /// each item (its definite `flex-basis` or main size, else its content's max-content size), and
  /// its hypothetical main size (the base size clamped by its min/max main sizes).
  func determineFlexBaseSizes(
    _ items: inout [FlexItem], availableSpace: AvailableSize, constants: FlexConstants
  ) {
    let main = constants.mainAxis
    let cross = constants.crossAxis
    applyAutomaticMinimumSizes(&items, availableSpace: availableSpace, constants: constants)
    for index in items.indices {
      let flexBasis: Double
      // (Fields read one by one, the item copied only to be measured: a flex item is large.)
      if let basis = items[index].styleFlexBasis
        ?? (items[index].basisIsContent ? nil : items[index].size[main])
      {
        // A. A definite flex basis (or main size, for `flex-basis: auto`) is the flex base size.
        flexBasis = basis
      } else {
        // E. Otherwise size the item under a max-content (or min-content) main constraint, in
        // the cross space the container offers (stretched items are given their line's cross size).
        let item = items[index]
        let crossAvailable = itemCrossAvailableSpace(
          item, availableSpace: availableSpace, constants: constants)
        var childKnown = OptionalSize.none
        childKnown[cross] =
          item.size[cross].clamped(min: item.minSize[cross], max: item.maxSize[cross])
          ?? stretchedCrossSize(item, crossAvailable: crossAvailable, constants: constants)
        let mainConstraint: AvailableSpace = availableSpace[main] == .minContent ? .minContent : .maxContent
        let itemAvailable = AvailableSize.axes(main: main, mainConstraint, cross: crossAvailable)
        // (An item with an aspect ratio in a column: see `sizingRatioFlexBasisOf`.)
        let saved = sizingRatioFlexBasisOf
        if main == .vertical, nodes[item.node].aspectRatio != nil { sizingRatioFlexBasisOf = item.node }
        let measured = computeNode(
          item.node, known: childKnown, available: itemAvailable, mode: .computeSize, sizing: .contentSize)
        sizingRatioFlexBasisOf = saved
        flexBasis = measured[main]
      }
      // The content box is never negative: floor the base size at padding plus border.
      let pbMain = items[index].paddingBorder.sum(main)
      items[index].flexBasis = Swift.max(flexBasis, pbMain)
      items[index].innerFlexBasis = items[index].flexBasis - pbMain
      let hypothetical = items[index].flexBasis.clamped(
        min: Swift.max(items[index].minSize[main], pbMain), max: items[index].maxSize[main])
      items[index].hypotheticalInnerSize[main] = hypothetical
      items[index].hypotheticalOuterSize[main] = hypothetical + items[index].margin.sum(main)
    }
  }

  /// `min-height`/`max-height` of `min-content`, `max-content` or `fit-content`
  /// ([CSS Sizing 3 §5.1](https://www.w3.org/TR/css-sizing-3/#intrinsic-sizes),
  /// [§3.2](https://www.w3.org/TR/css-sizing-3/#sizing-values)): in the block axis the three
  /// keywords are the same size, the box's content height (padding and border included, its
  /// own `height` ignored) laid out at its used width, as Chromium computes it. In a row
  /// container the used width is the item's flexed main size (so this runs after §9.7, before
  /// the cross sizes of §9.4); in a column container it is the width the item is sized at for
  /// its flex base size (§9.2 step 3: its definite width, its stretched width, or its fit-content
  /// width), so this runs before step 3 and the automatic minimum size (§4.5) sees the bound.
  func resolveBlockAxisKeywords(
    _ items: inout [FlexItem], availableSpace: AvailableSize, constants: FlexConstants
  ) {
    let main = constants.mainAxis
    let cross = constants.crossAxis
    for index in items.indices {
      let id = items[index].node
      guard nodes[id].minHeightKeyword | nodes[id].maxHeightKeyword != 0 else { continue }
      let item = items[index]
      var known = OptionalSize.none
      var available: AvailableSize
      if main == .horizontal {
        known.width = item.targetSize.width
        available = AvailableSize(width: .definite(item.targetSize.width), height: .maxContent)
      } else {
        let crossAvailable = itemCrossAvailableSpace(
          item, availableSpace: availableSpace, constants: constants)
        known[cross] =
          item.size[cross].clamped(min: item.minSize[cross], max: item.maxSize[cross])
          ?? stretchedCrossSize(item, crossAvailable: crossAvailable, constants: constants)
        available = AvailableSize(width: crossAvailable, height: .maxContent)
      }
      let height = computeNode(
        id, known: known, available: available, mode: .computeSize, sizing: .contentSize
      )
      .height
      if nodes[id].minHeightKeyword != 0 { items[index].minSize.height = height }
      if nodes[id].maxHeightKeyword != 0 { items[index].maxSize.height = height }
    }
  }

  /// A box's `min-height`/`max-height` where either is an intrinsic sizing keyword (CSS Sizing 3
  /// §5.1, see `resolveBlockAxisKeywords`), for a box that is not a flex item (the root, an
  /// absolutely positioned box) and whose used width is `width`: `lower` and `upper` are its
  /// other min/max heights, returned where not a keyword.
  func blockAxisBounds(of id: Int, width: Double, lower: Double, upper: Double?) -> (Double, Double?) {
    let node = nodes[id]
    guard node.minHeightKeyword | node.maxHeightKeyword != 0 else { return (lower, upper) }
    let content = computeNode(
      id, known: OptionalSize(width: width, height: nil),
      available: AvailableSize(width: .definite(width), height: .maxContent), mode: .computeSize,
      sizing: .contentSize
    ).height
    return (
      node.minHeightKeyword != 0 ? Swift.max(content, node.paddingBorder.vertical) : lower,
      node.maxHeightKeyword != 0 ? content : upper
    )
  }

  /// [CSS Flexbox §4.5](https://www.w3.org/TR/css-flexbox-1/#min-size-auto): an item with
  /// `min-width`/`min-height: auto` in the main axis that is not a scroll container gets its
  /// content-based minimum size there: its content size suggestion (its min-content main size,
  /// capped by its max main size), or, when its main size is definite, the smaller of that and
  /// its specified size suggestion (the main size, capped by its max main size). (In the cross
  /// axis, and for a box that is not a flex item, `auto` is 0.)
  func applyAutomaticMinimumSizes(
    _ items: inout [FlexItem], availableSpace: AvailableSize, constants: FlexConstants
  ) {
    let main = constants.mainAxis
    let cross = constants.crossAxis
    for index in items.indices {
      // (The flag read alone: copying the whole resolved node costs.)
      let id = items[index].node
      guard main == .horizontal ? nodes[id].hasAutoMinWidth : nodes[id].hasAutoMinHeight else { continue }
      let item = items[index]
      let crossAvailable = itemCrossAvailableSpace(item, availableSpace: availableSpace, constants: constants)
      var childKnown = OptionalSize.none
      childKnown[cross] =
        item.size[cross].clamped(min: item.minSize[cross], max: item.maxSize[cross])
        ?? stretchedCrossSize(item, crossAvailable: crossAvailable, constants: constants)
      let measured: Double
      if main == .horizontal, item.size.height == nil, nodes[id].aspectRatio != nil {
        // With an aspect ratio and no height of its own, the content size suggestion is the
        // item's min-content width as if it had no ratio, at least the width a definite
        // stretched height gives through the ratio, clamped by its definite min and max heights
        // converted through the ratio (§4.5), as Chromium computes it.
        let node = nodes[id]
        let ratio = node.aspectRatio!
        let lower =
          node.minSize.height > 0
          ? node.transferredSize(node.minSize.height, from: .vertical, ratio: ratio) : 0
        let upper = node.maxSize.height.map {
          Swift.max(node.transferredSize($0, from: .vertical, ratio: ratio), lower)
        }
        let ratioWidth =
          childKnown.height.map { node.transferredSize($0, from: .vertical, ratio: ratio) } ?? 0
        measured = ratioWidthWithAutomaticMinimum(id, ratioWidth: ratioWidth, sizing: .contentSize)
          .clamped(min: lower, max: upper)
      } else {
        var content =
          computeNode(
            item.node, known: childKnown, available: .axes(main: main, .minContent, cross: crossAvailable),
            mode: .computeSize, sizing: .contentSize)[main]
        if main == .vertical, let ratio = nodes[id].aspectRatio {
          // With an aspect ratio, the content size suggestion is clamped by the item's definite
          // min and max widths converted through the ratio (§4.5).
          let node = nodes[id]
          if node.minSize.width > 0 {
            content = Swift.max(
              content, node.transferredSize(node.minSize.width, from: .horizontal, ratio: ratio))
          }
          if let maxWidth = node.maxSize.width {
            content = Swift.min(content, node.transferredSize(maxWidth, from: .horizontal, ratio: ratio))
          }
        }
        measured = content
      }
      var minimum = measured.clamped(min: nil, max: item.maxSize[main])
      if let specified = item.size[main] {
        minimum = Swift.min(minimum, specified.clamped(min: nil, max: item.maxSize[main]))
      }
      items[index].minSize[main] = minimum
    }
  }

  /// The cross space offered to an item while sizing it: the container's known inner cross size
  /// (else the available cross space), clamped by the item's min/max cross sizes plus margins.
  func itemCrossAvailableSpace(
    _ item: FlexItem, availableSpace: AvailableSize, constants: FlexConstants
  ) -> AvailableSpace {
    let cross = constants.crossAxis
    let marginSum = item.margin.sum(cross)
    let lower = item.minSize[cross] + marginSum
    let upper = item.maxSize[cross].map { $0 + marginSum }
    switch availableSpace[cross] {
    case .definite(let v):
      return .definite((constants.nodeInnerSize[cross] ?? v).clamped(min: lower, max: upper))
    case .minContent:
      return item.minSize[cross] > 0 ? .definite(lower) : .minContent
    case .maxContent:
      return upper.map { .definite($0) } ?? .maxContent
    }
  }

  /// The cross size a stretched item of auto cross size is measured at before the lines are
  /// known (for its flex base size, step 3, and its intrinsic main-size contribution): the
  /// cross space offered to it less its margins, when that is the container's inner cross size
  /// and definite. [CSS Flexbox §9.8](https://www.w3.org/TR/css-flexbox-1/#definite-sizes),
  /// point 1, makes a stretched item's cross size definite only in a single-line container of
  /// definite cross size: in a multi-line container, or one whose height is not definite (auto,
  /// or known but not definite), the item is measured at its own cross size, as Chromium does (a
  /// column-wrap item then keeps its lines unbroken). (A column container of auto width is still
  /// measured at the width offered: its width, resolved before layout in Chromium, is known here
  /// only in the cases `columnFitContentWidth` handles.)
  func stretchedCrossSize(
    _ item: FlexItem, crossAvailable: AvailableSpace, constants: FlexConstants
  ) -> Double? {
    let cross = constants.crossAxis
    guard item.alignSelf == .stretch, item.size[cross] == nil, !constants.isWrap,
      let space = crossAvailable.value
    else { return nil }
    if cross == .vertical, constants.nodeInnerSize[cross] == nil || constants.isKnownHeightIndefinite {
      return nil
    }
    return Swift.max(space - item.margin.sum(cross), 0)
  }

  /// Step 5, [§9.3](https://www.w3.org/TR/css-flexbox-1/#algo-line-break): a single-line
  /// container puts every item in one line; a multi-line one starts a new line when the next
  /// item's outer hypothetical main size would overflow its inner main size (a column container
  /// of auto height breaks at its max-height, else keeps one line).
  func collectFlexLines(_ items: [FlexItem], constants: FlexConstants) -> [FlexLine] {
    let main = constants.mainAxis
    guard constants.isWrap, let space = lineBreakLimit(constants) else {
      return [FlexLine(items: 0..<items.count)]
    }
    var lines: [FlexLine] = []
    var start = 0
    while start < items.count {
      var length = 0.0
      var end = start
      while end < items.count {
        let next = length + items[end].hypotheticalOuterSize[main] + (end == start ? 0 : constants.mainGap)
        if end > start, next > space { break }
        length = next
        end += 1
      }
      lines.append(FlexLine(items: start..<end))
      start = end
    }
    if lines.isEmpty { lines.append(FlexLine(items: 0..<0)) }
    return lines
  }

  /// The inner main length at which a multi-line container breaks lines: its inner main size
  /// when definite (for a column container, be it a height its parent gave it by flexing or
  /// stretching, CSS Flexbox §9.8). A column container whose known height is not definite
  /// (`FlexConstants.isKnownHeightIndefinite`: its content's height as a flex item that is not
  /// stretched, or as an absolutely positioned box, or the height it was flexed to by a parent
  /// that is itself being sized under an intrinsic constraint, CSS Flexbox §9.9, so that it is
  /// measuring its contribution from its own sizes) breaks, as Chromium does, at its own
  /// `height`, else its `max-height`, else not at all. One of auto height breaks at its
  /// `max-height`.
  func lineBreakLimit(_ constants: FlexConstants) -> Double? {
    let main = constants.mainAxis
    if main == .horizontal { return constants.nodeInnerSize[main] }
    let inset = constants.contentInset.sum(main)
    // A column container's min-content width is its widest item's (one line).
    if constants.isMinContentCrossSizing { return nil }
    if constants.nodeOuterSize[main] != nil, !constants.isKnownHeightIndefinite {
      return constants.nodeInnerSize[main]
    }
    if let styled = constants.styleMainSize { return Swift.max(styled - inset, 0) }
    guard let maxMain = constants.styleMaxMainSize else { return nil }
    return Swift.max(maxMain - inset, 0)
  }

  /// Step 4, [§9.2](https://www.w3.org/TR/css-flexbox-1/#algo-main-container): the container's
  /// main size is its known size, else its content's size, clamped by its min/max main sizes.
  ///
  /// As Chromium computes it: a column container of auto height is as tall as its longest line
  /// of outer hypothetical main sizes; a row container of auto width is fit-content wide,
  /// `min(max-content, max(min-content, available))`, from its items' intrinsic contributions.
  func determineContainerMainSize(
    _ items: inout [FlexItem], availableSpace: AvailableSize, constants: inout FlexConstants
  ) {
    let main = constants.mainAxis
    let inset = constants.contentInset.sum(main)
    if let innerMain = constants.nodeInnerSize[main] {
      constants.innerContainerSize[main] = innerMain
      constants.containerSize[main] = innerMain + inset
      return
    }
    var innerMain: Double
    if main == .vertical {
      innerMain = 0
      for line in collectFlexLines(items, constants: constants) {
        var length = sumOfGaps(constants.mainGap, count: line.items.count)
        for index in line.items { length += items[index].hypotheticalOuterSize[main] }
        innerMain = Swift.max(innerMain, length)
      }
    } else {
      switch availableSpace[main] {
      case .maxContent:
        innerMain = intrinsicMainSize(
          items, constraint: .maxContent, availableSpace: availableSpace, constants: constants)
        if constants.isWrap {
          innerMain = Swift.max(
            innerMain,
            intrinsicMainSize(
              items, constraint: .minContent, availableSpace: availableSpace, constants: constants))
        }
      case .minContent:
        innerMain = intrinsicMainSize(
          items, constraint: .minContent, availableSpace: availableSpace, constants: constants)
      case .definite(let space):
        let maxContent = intrinsicMainSize(
          items, constraint: .maxContent, availableSpace: availableSpace, constants: constants)
        let minContent = intrinsicMainSize(
          items, constraint: .minContent, availableSpace: availableSpace, constants: constants)
        innerMain = Swift.min(Swift.max(maxContent, minContent), Swift.max(minContent, space))
      }
    }
    let outerMain = Swift.max(
      (innerMain + inset).clamped(min: constants.minSize[main], max: constants.maxSize[main]), inset)
    constants.containerSize[main] = outerMain
    constants.innerContainerSize[main] = Swift.max(outerMain - inset, 0)
    constants.nodeInnerSize[main] = constants.innerContainerSize[main]
  }

  /// A row container's max-content (or min-content) inner width from its items' contributions
  /// ([§9.9.1](https://www.w3.org/TR/css-flexbox-1/#intrinsic-main-sizes)), as Chromium computes
  /// it: each item's content size clamped by its min/max sizes and, when it cannot grow (shrink),
  /// floored (capped) by its hypothetical main size; summed, or for a multi-line min-content the largest
  /// (a multi-line container's max-content size is then at least its min-content size).
  func intrinsicMainSize(
    _ items: [FlexItem], constraint: AvailableSpace, availableSpace: AvailableSize, constants: FlexConstants
  ) -> Double {
    let main = constants.mainAxis
    let cross = constants.crossAxis
    var sum = sumOfGaps(constants.mainGap, count: items.count)
    var largest = 0.0
    for item in items {
      let minMain = Swift.max(item.minSize[main], item.paddingBorder.sum(main))
      let maxMain = item.maxSize[main]
      let marginSum = item.margin.sum(main)
      // The content's contribution: its preferred size, else its content size, clamped.
      let content: Double
      if let preferred = item.size[main] {
        content = preferred.clamped(min: minMain, max: maxMain)
      } else if let maxMain, maxMain <= minMain {
        content = minMain
      } else {
        let crossAvailable = itemCrossAvailableSpace(
          item, availableSpace: availableSpace, constants: constants)
        var childKnown = OptionalSize.none
        childKnown[cross] =
          item.size[cross] ?? stretchedCrossSize(item, crossAvailable: crossAvailable, constants: constants)
        let measured = computeNode(
          item.node, known: childKnown, available: .axes(main: main, constraint, cross: crossAvailable),
          mode: .computeSize, sizing: .inherentSize)[main]
        content = measured.clamped(min: minMain, max: maxMain)
      }
      // An item that cannot grow contributes at most its outer hypothetical main size, one that
      // cannot shrink at least that. A multi-line container's min-content size is its largest
      // item's min-content contribution, which (in Chromium) ignores the flex basis.
      var contribution = content + marginSum
      // (Under a min-content constraint a content-based flex base size is the min-content
      // size itself, so it caps and floors nothing.)
      let contentBasedBasis = item.styleFlexBasis == nil && (item.size[main] == nil || item.basisIsContent)
      // (An item whose percentage flex basis has no base yet contributes its own size, as Chromium
      // has it: the container's size is what the percentage will resolve against.)
      if !(constraint == .minContent && (constants.isWrap || contentBasedBasis)),
        !item.basisIsUnresolvedPercent
      {
        let hypotheticalOuter = item.hypotheticalOuterSize[main]
        if item.flexGrow == 0 { contribution = Swift.min(contribution, hypotheticalOuter) }
        if item.flexShrink == 0 { contribution = Swift.max(contribution, hypotheticalOuter) }
      }
      sum += contribution
      largest = Swift.max(largest, contribution)
    }
    return constraint == .minContent && constants.isWrap ? largest : sum
  }

  /// Step 6, [§9.7 Resolving flexible lengths](https://www.w3.org/TR/css-flexbox-1/#resolve-flexible-lengths):
  /// grow or shrink the unfrozen items of one line to fill its free space, freezing items that
  /// hit their min/max main sizes, until no violation remains. Shrinking is weighted by the
  /// content-box flex basis (CSS), not the border-box one (Yoga).
  func resolveFlexibleLengths(_ items: inout [FlexItem], line range: Range<Int>, constants: FlexConstants) {
    // (In place through a pointer: a slice of the items, written to, would be copied.)
    items.withUnsafeMutableBufferPointer { all in
      resolveFlexibleLengths(UnsafeMutableBufferPointer(rebasing: all[range]), constants: constants)
    }
  }

  private func resolveFlexibleLengths(_ line: UnsafeMutableBufferPointer<FlexItem>, constants: FlexConstants)
  {
    let main = constants.mainAxis
    let innerMain = constants.nodeInnerSize[main] ?? 0
    let gaps = sumOfGaps(constants.mainGap, count: line.count)
    // 1. Determine the used flex factor.
    var hypotheticalSum = gaps
    for index in line.indices { hypotheticalSum += line[index].hypotheticalOuterSize[main] }
    let growing = hypotheticalSum < innerMain
    // 2. Size inflexible items.
    var unfrozen = 0
    for index in line.indices {
      let factor = growing ? line[index].flexGrow : line[index].flexShrink
      let inner = line[index].hypotheticalInnerSize[main]
      let basis = line[index].flexBasis
      if factor == 0 || (growing && basis > inner) || (!growing && basis < inner)
        || hypotheticalSum == innerMain
      {
        line[index].isFrozen = true
        line[index].targetSize[main] = inner
      } else {
        line[index].isFrozen = false
        line[index].targetSize[main] = basis
        unfrozen += 1
      }
      line[index].outerTargetSize[main] = line[index].targetSize[main] + line[index].margin.sum(main)
    }
    // 3. Calculate the initial free space.
    func freeSpace() -> Double {
      var used = gaps
      for index in line.indices {
        used +=
          line[index].isFrozen
          ? line[index].outerTargetSize[main] : line[index].flexBasis + line[index].margin.sum(main)
      }
      return innerMain - used
    }
    let initialFreeSpace = freeSpace()
    // 4. Loop.
    while unfrozen > 0 {
      // b. Calculate the remaining free space.
      var remaining = freeSpace()
      var factorSum = 0.0
      for index in line.indices where !line[index].isFrozen {
        factorSum += growing ? line[index].flexGrow : line[index].flexShrink
      }
      if factorSum < 1 {
        let scaled = initialFreeSpace * factorSum
        if abs(scaled) < abs(remaining) { remaining = scaled }
      }
      // c. Distribute the free space in proportion to the flex factors.
      if remaining != 0, remaining.isFinite {
        if growing {
          for index in line.indices where !line[index].isFrozen {
            line[index].targetSize[main] =
              line[index].flexBasis + remaining * line[index].flexGrow / factorSum
          }
        } else {
          var scaledSum = 0.0
          for index in line.indices where !line[index].isFrozen {
            scaledSum += line[index].flexShrink * line[index].innerFlexBasis
          }
          if scaledSum > 0 {
            for index in line.indices where !line[index].isFrozen {
              let ratio = line[index].flexShrink * line[index].innerFlexBasis / scaledSum
              line[index].targetSize[main] = line[index].flexBasis + remaining * ratio
            }
          }
        }
      }
      // d. Fix min/max violations.
      var totalViolation = 0.0
      for index in line.indices where !line[index].isFrozen {
        let target = line[index].targetSize[main]
        let clamped = target.clamped(
          min: Swift.max(line[index].minSize[main], line[index].paddingBorder.sum(main)),
          max: line[index].maxSize[main])
        line[index].violation = clamped - target
        line[index].targetSize[main] = clamped
        line[index].outerTargetSize[main] = clamped + line[index].margin.sum(main)
        totalViolation += clamped - target
      }
      // e. Freeze over-flexed items.
      for index in line.indices where !line[index].isFrozen {
        let violation = line[index].violation
        let freezes = totalViolation > 0 ? violation > 0 : totalViolation < 0 ? violation < 0 : true
        line[index].isFrozen = freezes
        if freezes { unfrozen -= 1 }
      }
    }
  }
}
