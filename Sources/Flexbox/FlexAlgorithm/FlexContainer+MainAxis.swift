import LayoutGeometry

extension FlexEngine {
  /// Step 3, [§9.2](https://www.w3.org/TR/css-flexbox-1/#algo-main-item): the flex base size of
  /// each item (its definite `flex-basis` or main size, else its content's max-content size), and
  /// its hypothetical main size (the base size clamped by its min/max main sizes).
  func determineFlexBaseSizes(_ items: inout [FlexItem], availableSpace: AvailableSize, constants: FlexConstants) {
    let main = constants.mainAxis
    let cross = constants.crossAxis
    for index in items.indices {
      let item = items[index]
      let flexBasis: Double
      if let basis = item.styleFlexBasis ?? item.size[main] {
        // A. A definite flex basis (or main size, for `flex-basis: auto`) is the flex base size.
        flexBasis = basis
      } else {
        // E. Otherwise size the item under a max-content (or min-content) main constraint, in
        // the cross space the container offers (stretched items are given their line's cross size).
        let crossAvailable = itemCrossAvailableSpace(item, availableSpace: availableSpace, constants: constants)
        var childKnown = OptionalSize.none
        childKnown[cross] = item.size[cross].clamped(min: item.minSize[cross], max: item.maxSize[cross])
        if item.alignSelf == .stretch, childKnown[cross] == nil, let space = crossAvailable.value {
          childKnown[cross] = Swift.max(space - item.margin.sum(cross), 0)
        }
        let mainConstraint: AvailableSpace = availableSpace[main] == .minContent ? .minContent : .maxContent
        let measured = computeNode(
          item.node, known: childKnown, available: .axes(main: main, mainConstraint, cross: crossAvailable),
          mode: .computeSize, sizing: .contentSize)
        flexBasis = measured[main]
      }
      // The content box is never negative: floor the base size at padding plus border.
      let pbMain = item.paddingBorder.sum(main)
      items[index].flexBasis = Swift.max(flexBasis, pbMain)
      items[index].innerFlexBasis = items[index].flexBasis - pbMain
      let hypothetical = items[index].flexBasis.clamped(
        min: Swift.max(item.minSize[main], pbMain), max: item.maxSize[main])
      items[index].hypotheticalInnerSize[main] = hypothetical
      items[index].hypotheticalOuterSize[main] = hypothetical + item.margin.sum(main)
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

  /// Step 5, [§9.3](https://www.w3.org/TR/css-flexbox-1/#algo-line-break): a single-line
  /// container puts every item in one line; a multi-line one starts a new line when the next
  /// item's outer hypothetical main size would overflow the available main space.
  func collectFlexLines(_ items: [FlexItem], availableSpace: AvailableSize, constants: FlexConstants)
    -> [FlexLine]
  {
    let main = constants.mainAxis
    guard constants.isWrap else { return [FlexLine(items: 0..<items.count)] }
    var limit: AvailableSpace = availableSpace[main]
    if let maxMain = constants.maxSize[main] {
      let inset = constants.contentInset.sum(main)
      var available = limit.value ?? (maxMain - inset)
      if constants.nodeOuterSize[main] == nil { available = Swift.min(available, maxMain - inset) }
      limit = .definite(Swift.max(available, constants.minSize[main] - inset))
    }
    switch limit {
    case .maxContent:
      return [FlexLine(items: 0..<items.count)]
    case .minContent:
      if items.isEmpty { return [FlexLine(items: 0..<0)] }
      return items.indices.map { FlexLine(items: $0..<($0 + 1)) }
    case .definite(let space):
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
  }

  /// Step 4, [§9.2](https://www.w3.org/TR/css-flexbox-1/#algo-main-container): the container's
  /// main size is its known size, else its content's size (the longest line of flex base sizes
  /// in definite space; the items' max-content contributions under an intrinsic constraint),
  /// clamped by its min/max main sizes.
  func determineContainerMainSize(
    _ items: inout [FlexItem], lines: [FlexLine], availableSpace: AvailableSize, constants: inout FlexConstants
  ) {
    let main = constants.mainAxis
    let inset = constants.contentInset.sum(main)
    if let innerMain = constants.nodeInnerSize[main] {
      constants.innerContainerSize[main] = innerMain
      constants.containerSize[main] = innerMain + inset
      return
    }
    var outerMain: Double
    func baseLength(_ item: FlexItem) -> Double {
      Swift.max(
        Swift.max(item.flexBasis, item.minSize[main]) + item.margin.sum(main), item.paddingBorder.sum(main))
    }
    func longestLine() -> Double {
      var longest = 0.0
      for line in lines {
        var length = sumOfGaps(constants.mainGap, count: line.items.count)
        for index in line.items { length += baseLength(items[index]) }
        longest = Swift.max(longest, length)
      }
      return longest
    }
    switch availableSpace[main] {
    case .definite(let space):
      outerMain = longestLine() + inset
      if lines.count > 1 { outerMain = Swift.max(outerMain, space + inset) }
    case .minContent where constants.isWrap:
      outerMain = longestLine() + inset
    case .minContent, .maxContent:
      outerMain = intrinsicMainSize(&items, lines: lines, availableSpace: availableSpace, constants: constants) + inset
    }
    outerMain = Swift.max(outerMain.clamped(min: constants.minSize[main], max: constants.maxSize[main]), inset)
    constants.containerSize[main] = outerMain
    constants.innerContainerSize[main] = Swift.max(outerMain - inset, 0)
    constants.nodeInnerSize[main] = constants.innerContainerSize[main]
  }

  /// The container's max-content (or min-content) main size from its items' contributions
  /// ([§9.9.1](https://www.w3.org/TR/css-flexbox-1/#intrinsic-main-sizes)), as browsers compute it.
  func intrinsicMainSize(
    _ items: inout [FlexItem], lines: [FlexLine], availableSpace: AvailableSize, constants: FlexConstants
  ) -> Double {
    let main = constants.mainAxis
    let cross = constants.crossAxis
    var result = 0.0
    for line in lines {
      var lineSize = sumOfGaps(constants.mainGap, count: line.items.count)
      for index in line.items {
        let item = items[index]
        let styleMin = item.minSize[main]
        let preferred = item.size[main]
        let styleMax = item.maxSize[main]
        let clampingBasis = Swift.max(item.flexBasis, preferred ?? -.infinity)
        let basisMin: Double? = item.flexShrink == 0 ? clampingBasis : nil
        let basisMax: Double? = item.flexGrow == 0 ? clampingBasis : nil
        let minMain = Swift.max(styleMin, basisMin ?? styleMin)
        let maxMain = Swift.min(styleMax ?? .infinity, basisMax ?? .infinity)
        let marginSum = item.margin.sum(main)
        let contribution: Double
        if let preferred, maxMain <= minMain || maxMain <= preferred {
          contribution = Swift.max(Swift.min(preferred, maxMain), minMain) + marginSum
        } else if maxMain <= minMain {
          contribution = minMain + marginSum
        } else {
          let crossAvailable = itemCrossAvailableSpace(item, availableSpace: availableSpace, constants: constants)
          var childKnown = OptionalSize.none
          childKnown[cross] = item.size[cross]
          if item.alignSelf == .stretch, childKnown[cross] == nil, let space = crossAvailable.value {
            childKnown[cross] = Swift.max(space - item.margin.sum(cross), 0)
          }
          let measured = computeNode(
            item.node, known: childKnown,
            available: .axes(main: main, availableSpace[main], cross: crossAvailable),
            mode: .computeSize, sizing: .inherentSize)[main] + marginSum
          if main == .horizontal {
            contribution = measured.clamped(min: styleMin, max: styleMax)
          } else {
            contribution = Swift.max(measured, item.flexBasis).clamped(min: styleMin, max: styleMax)
          }
        }
        let difference = contribution - item.flexBasis
        var size = item.flexBasis
        if difference > 0 {
          size += difference
        } else if difference < 0 {
          let scaled = Swift.max(1, item.flexShrink * item.innerFlexBasis)
          let fraction = difference / scaled
          size += Swift.max(1, item.flexShrink) * item.innerFlexBasis * fraction
        }
        items[index].contentFlexFraction = difference
        lineSize += size
      }
      result = Swift.max(result, lineSize)
    }
    return result
  }

  /// Step 6, [§9.7 Resolving flexible lengths](https://www.w3.org/TR/css-flexbox-1/#resolve-flexible-lengths):
  /// grow or shrink the unfrozen items of one line to fill its free space, freezing items that
  /// hit their min/max main sizes, until no violation remains. Shrinking is weighted by the
  /// content-box flex basis (CSS), not the border-box one (Yoga).
  func resolveFlexibleLengths(_ line: inout ArraySlice<FlexItem>, constants: FlexConstants) {
    let main = constants.mainAxis
    let innerMain = constants.nodeInnerSize[main] ?? 0
    let gaps = sumOfGaps(constants.mainGap, count: line.count)
    // 1. Determine the used flex factor.
    var hypotheticalSum = gaps
    for item in line { hypotheticalSum += item.hypotheticalOuterSize[main] }
    let growing = hypotheticalSum < innerMain
    // 2. Size inflexible items.
    for index in line.indices {
      let item = line[index]
      let factor = growing ? item.flexGrow : item.flexShrink
      let inner = item.hypotheticalInnerSize[main]
      if factor == 0 || (growing && item.flexBasis > inner) || (!growing && item.flexBasis < inner)
        || hypotheticalSum == innerMain
      {
        line[index].isFrozen = true
        line[index].targetSize[main] = inner
      } else {
        line[index].isFrozen = false
        line[index].targetSize[main] = item.flexBasis
      }
      line[index].outerTargetSize[main] = line[index].targetSize[main] + item.margin.sum(main)
    }
    // 3. Calculate the initial free space.
    func freeSpace() -> Double {
      var used = gaps
      for item in line {
        used += item.isFrozen ? item.outerTargetSize[main] : item.flexBasis + item.margin.sum(main)
      }
      return innerMain - used
    }
    let initialFreeSpace = freeSpace()
    // 4. Loop.
    while line.contains(where: { !$0.isFrozen }) {
      // b. Calculate the remaining free space.
      var remaining = freeSpace()
      var factorSum = 0.0
      for item in line where !item.isFrozen { factorSum += growing ? item.flexGrow : item.flexShrink }
      if factorSum < 1 {
        let scaled = initialFreeSpace * factorSum
        if abs(scaled) < abs(remaining) { remaining = scaled }
      }
      // c. Distribute the free space in proportion to the flex factors.
      if remaining != 0, remaining.isFinite {
        if growing {
          for index in line.indices where !line[index].isFrozen {
            let item = line[index]
            line[index].targetSize[main] = item.flexBasis + remaining * item.flexGrow / factorSum
          }
        } else {
          var scaledSum = 0.0
          for item in line where !item.isFrozen { scaledSum += item.flexShrink * item.innerFlexBasis }
          if scaledSum > 0 {
            for index in line.indices where !line[index].isFrozen {
              let item = line[index]
              let ratio = item.flexShrink * item.innerFlexBasis / scaledSum
              line[index].targetSize[main] = item.flexBasis + remaining * ratio
            }
          }
        }
      }
      // d. Fix min/max violations.
      var totalViolation = 0.0
      for index in line.indices where !line[index].isFrozen {
        let item = line[index]
        let target = item.targetSize[main]
        let clamped = target.clamped(
          min: Swift.max(item.minSize[main], item.paddingBorder.sum(main)), max: item.maxSize[main])
        line[index].violation = clamped - target
        line[index].targetSize[main] = clamped
        line[index].outerTargetSize[main] = clamped + item.margin.sum(main)
        totalViolation += clamped - target
      }
      // e. Freeze over-flexed items.
      for index in line.indices where !line[index].isFrozen {
        let violation = line[index].violation
        if totalViolation > 0 {
          line[index].isFrozen = violation > 0
        } else if totalViolation < 0 {
          line[index].isFrozen = violation < 0
        } else {
          line[index].isFrozen = true
        }
      }
    }
  }
}
