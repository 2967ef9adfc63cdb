import LayoutGeometry
import SequentialLayout

/// The sequential section layout (SQLayout's calculators): each cell placed relative to the
/// section and the cell before it, into a ``SequentialBody`` (cells may sit anywhere). Frames
/// with a negative width or height are clamped to 0. An edit lays the section out whole.
struct SequentialLayoutAlgorithm: SectionLayoutAlgorithm {
  /// The section's defaults.
  let defaults: SequentialSectionDefaults

  /// Sequential sections have no lines.
  var linesLaidOut: Int { 0 }

  mutating func layout<Policy: SpacingPolicy>(
    _ section: Section, in context: SectionContext, policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry {
    let configuration = context.configuration
    let contentInsets = configuration.contentInsets
    let width = max(0, configuration.width - contentInsets.horizontal)
    let defaultSize = configuration.defaultCellSize
    let direction = configuration.layoutDirection
    let sectionIndex = context.index
    var items: [SequentialSectionItem] = []
    items.reserveCapacity(section.cells.count)
    for (item, cell) in section.cells.enumerated() {
      let size: SizeCalculator<Int>
      // Sequential items are sized with the fitting width SQLayout proposes.
      let proposal: @Sendable (Size) -> SizingProposal = { fitting in
        SizingProposal(
          indexPath: ListIndexPath(item: item, section: sectionIndex), remainingLineSpace: fitting.width,
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
        throw .invalidValue(path: context.cellPath(item, "size"), value: "\(fixed)", expected: nonNegative)
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
        items, width: width, layoutInsets: context.attributes.insets, defaults: defaults)
    } catch {
      throw .sectionLayoutFailed(path: "sections[\(sectionIndex)].layout", reason: "\(error)")
    }

    var frames = ContiguousArray<Rect>()
    frames.reserveCapacity(result.frames.count)
    var bottom = 0.0
    for frame in result.frames {
      // A calculator may return a negative extent (a container narrower than its insets):
      // clamped to 0, as the frames a list reports never have negative sizes.
      var box = frame.offsetBy(dx: contentInsets.left, dy: 0)
      box.size = Size(width: max(0, box.width), height: max(0, box.height))
      frames.append(box)
      bottom = max(bottom, frame.maxY)
    }
    // The body is the sequential content height (the section's insets are inside it).
    let body = SequentialBody(
      frames: frames, height: max(0, bottom), trailingSpace: max(result.contentHeight, bottom) - bottom)
    return SectionGeometry(
      body: body, header: section.header, footer: section.footer, listWidth: configuration.width,
      insets: .zero)
  }

  /// Sequential sections are laid out whole after an edit (their calculators may place any
  /// cell relative to any other).
  mutating func relayout<Policy: SpacingPolicy>(
    _ section: Section, in context: SectionContext, old: SectionGeometry, edit: SectionEdit,
    policy: inout Policy
  ) throws(LayoutError) -> SectionGeometry? {
    nil
  }
}

/// The body of a sequential section: one frame per cell, relative to the body's top. Cells
/// may sit anywhere (overlapping, out of order), so queries scan the section's cells.
struct SequentialBody: SectionBody {
  let frames: ContiguousArray<Rect>
  let height: Double
  let trailingSpace: Double

  var itemCount: Int { frames.count }
  /// A sequential section has no lines; each cell counts as one.
  var lineCount: Int { frames.count }

  @inline(__always)
  private func frame(_ item: Int, _ origin: BodyOrigin) -> Rect {
    var frame = frames[item]
    frame.origin.y = origin.sectionTop + origin.bodyTop + frame.origin.y
    return frame
  }

  func frame(ofItem item: Int, at origin: BodyOrigin) -> Rect { frame(item, origin) }

  func forEachItem<E: Error>(
    in items: Range<Int>, at origin: BodyOrigin, _ body: (Int, Rect) throws(E) -> Void
  ) throws(E) {
    for item in items { try body(item, frame(item, origin)) }
  }

  /// - Complexity: O(n): every cell is a candidate.
  func forEachItem(
    overlappingY minY: Double, _ maxY: Double, at origin: BodyOrigin, _ body: (Int, Rect) -> Bool
  ) {
    for item in frames.indices where !body(item, frame(item, origin)) { return }
  }

  /// Every frame is finite and has no negative extent.
  func invariantViolations(_ check: BodyCheck) -> [String] {
    var problems: [String] = []
    for (item, frame) in frames.enumerated() where !frame.isFinite || frame.width < 0 || frame.height < 0 {
      problems.append("section \(check.section) item \(item) frame \(frame)")
      if problems.count == 20 { break }
    }
    return problems
  }
}
