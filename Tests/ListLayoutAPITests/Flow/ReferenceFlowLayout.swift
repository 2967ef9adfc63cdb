import LayoutGeometry
import ListLayout

/// An independent, deliberately plain implementation of the flow rules: absolute
/// coordinates, whole lines collected before they are placed, the manager asked directly
/// every time, no pages, no prefix sums. The engine must agree with it frame for frame.
enum ReferenceFlowLayout {
  struct Placed {
    var x: Double  // frame x relative to the line box
    var size: Size
    var insets: EdgeInsets
    var topMargin: Double
    var traits: TraitSet
    var outerHeight: Double { topMargin + insets.vertical + size.height }
  }

  static func layout(_ model: ListModel) -> (elements: [LayoutAttributes], contentSize: Size) {
    let config = model.configuration
    let manager = config.layoutManager
    var elements: [LayoutAttributes] = []
    var y = config.contentInsets.top
    var anyExtent = false
    for (s, section) in model.sections.enumerated() {
      if s > 0 { y += config.sectionSpacing }
      let sectionTop = y
      let attributes = section.attributes ?? config.defaultSectionAttributes
      if let header = section.header {
        elements.append(
          LayoutAttributes(
            kind: .header, indexPath: ListIndexPath(item: 0, section: s),
            frame: Rect(x: 0, y: y, width: header.width ?? config.width, height: header.height), zIndex: 1))
        y += header.height
      }
      y += attributes.insets.top
      let baseLeft = config.contentInsets.left + attributes.insets.left
      let baseWidth = max(0, config.width - config.contentInsets.horizontal - attributes.insets.horizontal)
      var leadingIndent = 0.0
      var trailingIndent = 0.0

      // Collect lines.
      var lines: [[Placed]] = []
      var lineItems: [Int] = []
      var lineStarts: [Int] = []
      var current: [Placed] = []
      var used = 0.0
      var endsLine = false
      var indentFrom: (minX: Double, maxX: Double)?
      var lineOffsets: [(left: Double, available: Double)] = []
      var available = baseWidth

      func close() {
        lineOffsets.append((baseLeft + leadingIndent, available))
        lines.append(current)
        if let indent = indentFrom {
          if attributes.horizontalAlignment == .left {
            leadingIndent = min(leadingIndent + indent.minX, baseWidth - trailingIndent)
          }
          if attributes.horizontalAlignment == .right {
            trailingIndent = min(trailingIndent + used - indent.maxX, baseWidth - leadingIndent)
          }
          available = max(0, baseWidth - leadingIndent - trailingIndent)
          indentFrom = nil
        }
        current = []
        used = 0
      }

      // A collapsed section lays out no cells (its header, insets and footer remain).
      for (i, cell) in (section.collapsed ? [] : Array(section.cells)).enumerated() {
        let cellAttributes = cell.attributes ?? config.defaultCellAttributes
        let insets = cellAttributes.insets
        if !current.isEmpty
          && (endsLine || cellAttributes.shouldBeginLine || insets.horizontal > available - used)
        {
          close()
        }
        var gap =
          current.isEmpty
          ? manager.margin(for: cell.traits, to: .left, in: attributes)
          : manager.horizontalGap(for: cell.traits, after: current.last!.traits, in: attributes)
        if gap == .infinity {
          close()
          gap = manager.margin(for: cell.traits, to: .left, in: attributes)
        }
        let right = manager.margin(for: cell.traits, to: .right, in: attributes)
        var size: Size
        switch cell.size {
        case .fixed(let s): size = s
        case .automatic: size = config.defaultCellSize
        case .sizing(let f):
          size = f(
            SizingProposal(
              indexPath: ListIndexPath(item: i, section: s),
              remainingLineSpace: available - used - gap - insets.horizontal - right,
              lineWidth: available))
        case .flex(let content):
          size = content.size(
            for: SizingProposal(
              indexPath: ListIndexPath(item: i, section: s),
              remainingLineSpace: available - used - gap - insets.horizontal - right,
              lineWidth: available), direction: config.layoutDirection)
        }
        if !current.isEmpty && used + gap + insets.horizontal + size.width + right > available {
          close()
          gap = manager.margin(for: cell.traits, to: .left, in: attributes)
        }
        if current.isEmpty && manager.oversizedCellPolicy == .shrink {
          size.width = min(size.width, max(0, available - gap - insets.horizontal - right))
        }
        if current.isEmpty { lineStarts.append(i) }
        let topMargin =
          lines.isEmpty
          ? (section.header.map {
            manager.verticalGap(for: cell.traits, toHeaderWith: $0.traits, in: attributes)
          }
            ?? manager.margin(for: cell.traits, to: .top, in: attributes)) : 0
        let x = used + gap + insets.left
        current.append(Placed(x: x, size: size, insets: insets, topMargin: topMargin, traits: cell.traits))
        lineItems.append(i)
        used = x + size.width + insets.right
        if cellAttributes.startLineIndentation && attributes.horizontalAlignment != .center {
          indentFrom = (x, x + size.width)
        }
        endsLine = cellAttributes.shouldEndLine
      }
      if !current.isEmpty { close() }

      // Place lines.
      var item = 0
      var previous: [Placed] = []
      var bottom = y
      var lineBoxes: [(top: Double, bottom: Double)] = []
      for (n, line) in lines.enumerated() {
        var top = bottom
        if n > 0 {
          top +=
            previous.map { manager.verticalGap(for: line[0].traits, below: $0.traits, in: attributes) }.max()
            ?? 0
        }
        let height = line.map(\.outerHeight).max() ?? 0
        let last = line[line.count - 1]
        let usedWidth = last.x + last.size.width + last.insets.right
        let metrics = LineMetrics(
          availableWidth: lineOffsets[n].available, usedWidth: usedWidth, firstCellMinX: line[0].x,
          lastCellMaxX: last.x + last.size.width)
        let offset = manager.horizontalOffset(
          forLineWith: LineTraits(line.map(\.traits)), metrics: metrics, in: attributes)
        for placed in line {
          let slack = height - placed.outerHeight
          let dy: Double
          var cellHeight = placed.size.height
          switch attributes.verticalAlignment {
          case .top: dy = 0
          case .center: dy = slack / 2
          case .bottom: dy = slack
          case .stretch:
            // CSS stretch: the line's height less the cell's margins.
            dy = 0
            cellHeight = max(0, height - (placed.outerHeight - placed.size.height))
          }
          var frame = Rect(
            x: lineOffsets[n].left + offset + placed.x, y: top + dy + placed.topMargin + placed.insets.top,
            width: placed.size.width, height: cellHeight)
          if config.layoutDirection == .rtl { frame = frame.mirrored(inWidth: config.width) }
          elements.append(
            LayoutAttributes(
              kind: .cell, indexPath: ListIndexPath(item: item, section: s), frame: frame, zIndex: 0))
          item += 1
        }
        bottom = top + height
        lineBoxes.append((top, bottom))
        previous = line
      }
      // Separators: centred in each gap between consecutive lines, across the section's line
      // width less their own insets (mirrored with the rest in a right-to-left list).
      if let separator = section.separator, lineBoxes.count > 1 {
        let left = config.contentInsets.left + attributes.insets.left + separator.leftInset
        let width = max(
          0,
          config.width - config.contentInsets.left - config.contentInsets.right - attributes.insets.left
            - attributes.insets.right - separator.leftInset - separator.rightInset)
        for k in 0..<lineBoxes.count - 1 {
          let middle = (lineBoxes[k].bottom + lineBoxes[k + 1].top) / 2
          elements.append(
            LayoutAttributes(
              kind: .separator, indexPath: ListIndexPath(item: k, section: s),
              frame: Rect(
                x: left, y: middle - separator.thickness / 2, width: width, height: separator.thickness),
              zIndex: 0))
        }
      }
      y = bottom + (previous.map { manager.margin(for: $0.traits, to: .bottom, in: attributes) }.max() ?? 0)
      y += attributes.insets.bottom
      if let footer = section.footer {
        elements.append(
          LayoutAttributes(
            kind: .footer, indexPath: ListIndexPath(item: 0, section: s),
            frame: Rect(x: 0, y: y, width: footer.width ?? config.width, height: footer.height), zIndex: 1))
        y += footer.height
      }
      if y > sectionTop { anyExtent = true }
    }
    if config.layoutDirection == .rtl {
      for i in elements.indices where elements[i].kind != .cell {
        elements[i].frame = elements[i].frame.mirrored(inWidth: config.width)
      }
    }
    let height =
      (model.sections.isEmpty || (y == config.contentInsets.top && !anyExtent))
      ? 0 : y + config.contentInsets.bottom
    return (elements, Size(width: config.width, height: height))
  }
}
