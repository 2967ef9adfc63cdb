import LayoutGeometry

extension FlexEngine {
  /// Step 8 (its first point), [§9.4](https://www.w3.org/TR/css-flexbox-1/#algo-cross-line):
  /// the baseline of each item aligned `baseline` (a row container's items whose cross-axis
  /// margins are not `auto`, see `generateFlexItems`), from its cross-start margin edge: the
  /// item is laid out at its flexed main size and hypothetical cross size (its used size: it is
  /// not stretched), and its first baseline read (`firstBaseline(of:)`); an item without one is
  /// aligned by the bottom of its border box (CSS Box Alignment 3 §9.1, synthesized from the
  /// border box as flex items are). In a column container the items have no baseline across
  /// the line: as Chromium does, each gets one synthesized from the left edge of its border box
  /// (its baseline-aligned items line their left edges up; laid out unmirrored, a right-to-left
  /// container's line up their right edges, mirrored to the left ones afterwards).
  func determineItemBaselines(_ items: inout [FlexItem], constants: FlexConstants, isRightToLeft: Bool) {
    for index in items.indices where items[index].alignSelf == .baseline {
      let item = items[index]
      if constants.crossAxis == .horizontal {
        items[index].baseline = item.margin.left + (isRightToLeft ? item.hypotheticalInnerSize.width : 0)
        continue
      }
      let height = item.hypotheticalInnerSize.height
      _ = computeNode(
        item.node, known: OptionalSize(width: item.targetSize.width, height: height),
        available: AvailableSize(
          width: .definite(constants.containerSize.width), height: .definite(constants.containerSize.height)),
        mode: .performLayout, sizing: .contentSize,
        knownHeightIsIndefinite: nodes[item.node].aspectRatio == nil && item.size.height == nil,
        percentHeightIsIndefinite: isFlexedHeightIndefinite(item, constants: constants))
      items[index].baseline = item.margin.top + (firstBaseline(of: item.node) ?? height)
    }
  }

  /// The part of step 8 that baseline alignment adds: a line is at least as tall as the largest
  /// distance from a baseline-aligned item's baseline to its cross-start margin edge plus the
  /// largest from its baseline to its cross-end margin edge. Records each line's largest
  /// baseline for step 14.
  func baselineLineCrossSize(_ items: [FlexItem], line: inout FlexLine, cross: Axis) -> Double {
    // (Either may be negative: an item's negative margins can put its baseline above its line.)
    var ascent = -Double.infinity
    var descent = -Double.infinity
    var any = false
    for index in line.items where items[index].alignSelf == .baseline {
      any = true
      ascent = Swift.max(ascent, items[index].baseline)
      descent = Swift.max(descent, items[index].hypotheticalOuterSize[cross] - items[index].baseline)
    }
    guard any else { return 0 }
    line.maxBaseline = ascent
    line.baselineGroupSize = ascent + descent
    return ascent + descent
  }

  /// A container's first baseline ([§8.5](https://www.w3.org/TR/css-flexbox-1/#flex-baselines)),
  /// from the top of its border box, recorded in ``baselines`` once its items are placed. As
  /// Chromium reads "first", it is the physically first: the line at the top (the last line
  /// with `wrap-reverse`), and in it the item at the main-axis start of the page (the last item
  /// of a reversed line). In a row container, that line's first item aligned `baseline` gives
  /// it, else its first item; in a column container, its first item. An item without a
  /// baseline gives the bottom of its border box; an item's relative offset is not counted. No
  /// in-flow item: no baseline.
  func propagateBaseline(_ id: Int, items: [FlexItem], lines: [FlexLine], constants: FlexConstants) {
    guard let line = constants.isWrapReverse ? lines.last : lines.first, !line.items.isEmpty else {
      baselines[id] = .nan
      return
    }
    var chosen = constants.isReverse ? line.items.upperBound - 1 : line.items.lowerBound
    if constants.crossAxis == .vertical {
      let aligned =
        constants.isReverse
        ? line.items.last(where: { items[$0].alignSelf == .baseline })
        : line.items.first(where: { items[$0].alignSelf == .baseline })
      if let aligned { chosen = aligned }
    }
    let item = items[chosen]
    let frame = frames[item.node]
    let relative = item.inset.top ?? item.inset.bottom.map { -$0 } ?? 0
    baselines[id] = frame.origin.y - relative + (firstBaseline(of: item.node) ?? frame.size.height)
  }
}
