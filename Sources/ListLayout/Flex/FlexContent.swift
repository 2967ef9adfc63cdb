import Flexbox
import LayoutGeometry

/// A cell's content given as a flexbox tree (Core Layout's `Layout`): the list sizes the cell
/// by computing the tree against the width the line proposes, and renderers get the
/// content's frames from ``LayoutSnapshot/flexContent(at:)``.
///
/// ```swift
/// let avatar = Layout(size: .absolute(width: 40, height: 40))
/// let text = Layout(size: .flexible(units: 1), children: [Layout(size: .absolute(width: 120, height: 20))])
/// let row = Layout(container: ContainerBehavior(primaryAxis: .horizontal), children: [avatar, text])
/// let cell = Cell(id: "row", size: .flex(FlexContent(row, width: .lineWidth)))
/// ```
public struct FlexContent: Sendable {
  /// How wide the content is computed.
  public enum Width: String, Sendable, Hashable, CaseIterable {
    /// Its max-content width, capped at the line's width (the default): a short row stays
    /// short, a long one wraps its text to the line.
    case intrinsic
    /// The space left on the line (FSQ's `remainingLineSpace`), filling the rest of it.
    case remainingLineSpace
    /// The line's full width.
    case lineWidth
  }

  /// The content tree.
  public var layout: Layout
  /// How wide the content is computed.
  public var width: Width

  /// Creates flexbox content.
  public init(_ layout: Layout, width: Width = .intrinsic) {
    self.layout = layout
    self.width = width
  }

  /// The content's size for a sizing proposal: the root's frame size.
  ///
  /// - Complexity: one flexbox computation of the tree (two for ``Width/intrinsic`` content
  ///   wider than the line).
  public func size(for proposal: SizingProposal, direction: LayoutDirection = .ltr) -> Size {
    let lineWidth = max(0, proposal.lineWidth)
    switch width {
    case .remainingLineSpace:
      return layout.computeFitting(width: max(0, proposal.remainingLineSpace), direction: direction).frame
        .size
    case .lineWidth:
      return layout.computeFitting(width: lineWidth, direction: direction).frame.size
    case .intrinsic:
      let natural = layout.compute(width: nil, height: nil, direction: direction).frame.size
      if natural.width <= lineWidth { return natural }
      return layout.computeFitting(width: lineWidth, direction: direction).frame.size
    }
  }
}

extension LayoutSnapshot {
  /// The computed flexbox content of the cell at `indexPath`, at the width the cell was given
  /// (frames relative to the cell); `nil` when the cell has no flexbox content.
  ///
  /// - Complexity: one flexbox computation of the cell's tree.
  public func flexContent(at indexPath: ListIndexPath) -> ComputedLayout? {
    guard let frame = frame(of: indexPath),
      case .flex(let content) = model.sections[indexPath.section].cells[indexPath.item].size
    else { return nil }
    return content.layout.computeFitting(width: frame.width, direction: model.configuration.layoutDirection)
  }
}
