import LayoutGeometry

/// The immutable result of a layout: every cell, header and footer's frame, the content
/// size, and what queries need to answer quickly. A `Sendable` value: share it across
/// tasks freely, and keep old snapshots after edits (they share untouched storage).
///
/// Positions are stored relative (cell → page of lines → section → content) and absolute
/// frames are computed when asked, so an edit only rewrites what moved.
public struct LayoutSnapshot: Sendable {
  /// The model this snapshot lays out.
  public let model: ListModel
  /// The size of all content: the list's width, and the height from the top content inset
  /// to the bottom one (0 when there is nothing to show, as FSQ).
  public internal(set) var contentSize: Size

  /// Each section's geometry, in blocks shared between snapshots: an edit replaces one block.
  var geometries: BlockArray<SectionGeometry>
  /// Each section's height. Section *s* starts `sectionHeights.prefix(s) + s × spacing`
  /// below the top inset: the spacing is never added into the sums, so no spacing, however
  /// large, can swallow a section's height.
  var sectionHeights: PrefixSumTree<Double>
  /// The farthest any section's cells reach above its top and below its bottom (carousels'
  /// cells taller than their band): searches for sections widen by these.
  var overflow: (above: Double, below: Double)

  init(model: ListModel, geometries: ContiguousArray<SectionGeometry>) {
    self.init(model: model, geometries: BlockArray(geometries))
  }

  init(model: ListModel, geometries: BlockArray<SectionGeometry>) {
    self.init(model: model, geometries: geometries, heights: PrefixSumTree(geometries.lazy.map(\.height)))
  }

  init(model: ListModel, geometries: BlockArray<SectionGeometry>, heights: PrefixSumTree<Double>) {
    self.model = model
    self.geometries = geometries
    self.sectionHeights = heights
    var overflow = (above: 0.0, below: 0.0)
    for geometry in geometries where geometry.overflowAbove > 0 || geometry.overflowBelow > 0 {
      overflow.above = max(overflow.above, geometry.overflowAbove)
      overflow.below = max(overflow.below, geometry.overflowBelow)
    }
    self.overflow = overflow
    self.contentSize = .zero
    self.contentSize = Size(width: model.configuration.width, height: computedContentHeight())
  }

  func computedContentHeight() -> Double {
    guard !geometries.isEmpty else { return 0 }
    let body = sectionHeights.total + Double(geometries.count - 1) * model.configuration.sectionSpacing
    if body == 0 { return 0 }
    return model.configuration.contentInsets.top + body + model.configuration.contentInsets.bottom
  }

  /// The configuration the layout used.
  public var configuration: ListConfiguration { model.configuration }

  /// The number of sections.
  public var numberOfSections: Int { geometries.count }

  /// The number of cells in `section`, or 0 for a section that does not exist.
  public func numberOfItems(inSection section: Int) -> Int {
    geometries.indices.contains(section) ? geometries[section].itemCount : 0
  }

  /// The number of elements (cells, headers and footers) the snapshot holds.
  public var elementCount: Int {
    geometries.reduce(0) {
      $0 + $1.itemCount + ($1.headerFrame == nil ? 0 : 1) + ($1.footerFrame == nil ? 0 : 1)
    }
  }

  /// Whether frames are mirrored (a right-to-left layout).
  var isMirrored: Bool { model.configuration.layoutDirection == .rtl }

  /// A frame computed left to right, in the snapshot's direction.
  func directed(_ frame: Rect) -> Rect {
    isMirrored ? frame.mirrored(inWidth: model.configuration.width) : frame
  }

  /// The top of `section` in content coordinates.
  ///
  /// - Complexity: O(log s).
  func sectionTop(_ section: Int) -> Double {
    model.configuration.contentInsets.top + sectionHeights.prefix(section)
      + Double(section) * model.configuration.sectionSpacing
  }

  /// The frame of `section`: from the top of its header to the bottom of its footer, across
  /// the list's full width; `nil` for a section that does not exist.
  ///
  /// - Complexity: O(log s).
  public func sectionFrame(_ section: Int) -> Rect? {
    guard geometries.indices.contains(section) else { return nil }
    return Rect(x: 0, y: sectionTop(section), width: contentSize.width, height: geometries[section].height)
  }
}
