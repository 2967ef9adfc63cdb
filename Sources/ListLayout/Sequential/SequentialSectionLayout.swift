import LayoutGeometry
import SequentialLayout

extension FlowTypesetter {
  /// Lays out a section with SQLayout's calculators, into a free-form geometry (cells may sit
  /// anywhere, so queries scan the section's cells instead of searching lines). Frames with
  /// a negative width or height are clamped to 0.
  mutating func layoutSequential(
    _ section: Section, at index: Int, attributes: SectionAttributes, defaults: SequentialSectionDefaults
  ) throws(LayoutError) -> SectionGeometry {
    let width = max(0, listWidth - contentInsets.horizontal)
    let defaultSize = defaultCellSize
    var items: [SequentialSectionItem] = []
    items.reserveCapacity(section.cells.count)
    for (item, cell) in section.cells.enumerated() {
      let size: SizeCalculator<Int>
      let sectionIndex = index
      let direction = direction
      // Sequential items are sized with the fitting width SQLayout proposes.
      let proposal: @Sendable (Size) -> SizingProposal = { fitting in
        SizingProposal(
          indexPath: IndexPath(item: item, section: sectionIndex), remainingLineSpace: fitting.width,
          lineWidth: fitting.width)
      }
      switch cell.size {
      case .fixed(let fixed): size = .fixed(fixed)
      case .automatic: size = .fixed(defaultSize)
      case .sizing(let callback):
        size = SizeCalculator { callback(proposal($0.fittingSize)) }
      case .flex(let content):
        size = SizeCalculator { content.size(for: proposal($0.fittingSize), direction: direction) }
      }
      if case .fixed(let fixed) = cell.size, !fixed.isValidLayoutSize {
        throw .invalidValue(path: cellPath(item, "size"), value: "\(fixed)", expected: nonNegative)
      }
      let options = cell.sequential
      items.append(
        SequentialSectionItem(
          size: size, frameCalculator: options?.frameCalculator, spacing: options?.spacing,
          padding: options?.padding))
    }
    let result: SequentialSectionLayout
    do {
      result = try SequentialSection.layout(
        items, width: width, layoutInsets: attributes.insets, defaults: defaults)
    } catch {
      throw .sectionLayoutFailed(path: "sections[\(index)].layout", reason: "\(error)")
    }

    var geometry = SectionGeometry()
    geometry.isFreeform = true
    page.removeAll()
    var pageTop = 0.0
    var pageBottom = 0.0
    for frame in result.frames {
      if page.itemCount >= LinePage.targetItemCount {
        pages.append(page.sealFinishedLines(height: pageBottom - pageTop))
        page.removeAll()
        pageTop = pageBottom
      }
      // A calculator may return a negative extent (a container narrower than its insets):
      // clamped to 0, as the frames a list reports never have negative sizes.
      var box = frame.offsetBy(dx: contentInsets.left, dy: -pageTop)
      box.size = Size(width: max(0, box.width), height: max(0, box.height))
      page.appendItem(x: box.minX, y: box.minY, width: box.width, height: box.height)
      page.finishLine(y: box.minY, height: box.height, indent: LineIndent())
      pageBottom = max(pageBottom, frame.maxY)
    }
    pages.append(page.sealFinishedLines(height: max(0, pageBottom - pageTop)))
    // The section's body is the sequential content height; pages tile it.
    let bodyHeight = max(result.contentHeight, pageBottom)
    let tail = bodyHeight - pageBottom
    geometry.pages = BlockArray(pages)
    geometry.pageHeights = PrefixSumTree(pages.lazy.map(\.height))
    geometry.pageItemCounts = PrefixSumTree(pages.lazy.map(\.itemCount))
    pages = []
    var flat = attributes
    flat.insets = .zero
    geometry.finish(
      header: section.header, footer: section.footer, listWidth: listWidth, attributes: flat,
      bottomMargin: tail)
    return geometry
  }
}
