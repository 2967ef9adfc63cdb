import LayoutGeometry

/// Hub Framework's default layout manager (`HUBDefaultComponentLayoutManager`), driven by
/// the five standard traits and one `margin`.
///
/// | question | answer |
/// |---|---|
/// | margin to the top or bottom edge | 0 if ``LayoutTrait/stackable``, else `margin` |
/// | margin to the left or right edge | 0 if ``LayoutTrait/fullWidth``, else `margin` |
/// | gap after the preceding cell | 0 if ``LayoutTrait/fullWidth``; a new line if exactly one of the two is ``LayoutTrait/centered``; else `margin` |
/// | gap below a cell of the line above (or the header) | 0 if the lower cell is ``LayoutTrait/alwaysStackUpwards`` or both are stackable; else `margin` |
/// | line offset | a line whose cells are all centered moves by `floor((lead + trail) / 2 − lead)`; other lines follow the section's alignment |
///
/// Cells wider than a line shrink to fit it, as Hub's collection view layout does
/// (``OversizedCellPolicy/shrink``); pass ``OversizedCellPolicy/overflow`` to keep their width.
public struct HubLayoutManager: LayoutManager, Hashable {
  /// The one margin every rule uses.
  public var margin: Double
  /// What to do with cells wider than a line.
  public var oversizedCellPolicy: OversizedCellPolicy

  /// Creates the manager.
  public init(margin: Double, oversizedCellPolicy: OversizedCellPolicy = .shrink) {
    self.margin = margin
    self.oversizedCellPolicy = oversizedCellPolicy
  }

  public func margin(for traits: TraitSet, to edge: ContentEdge, in section: SectionAttributes) -> Double {
    if edge.isVertical {
      return traits.contains(.stackable) ? 0 : margin
    }
    return traits.contains(.fullWidth) ? 0 : margin
  }

  public func horizontalGap(
    for traits: TraitSet, after preceding: TraitSet, in section: SectionAttributes
  )
    -> Double
  {
    if traits.contains(.fullWidth) { return 0 }
    if traits.contains(.centered) != preceding.contains(.centered) { return .infinity }
    return margin
  }

  public func verticalGap(
    for traits: TraitSet, below preceding: TraitSet, in section: SectionAttributes
  )
    -> Double
  {
    if traits.contains(.alwaysStackUpwards) { return 0 }
    return traits.contains(.stackable) && preceding.contains(.stackable) ? 0 : margin
  }

  public func horizontalOffset(
    forLineWith traits: LineTraits, metrics: LineMetrics, in section: SectionAttributes
  )
    -> Double
  {
    guard traits.allContain(.centered) else { return section.horizontalAlignment.offset(for: metrics) }
    let lead = metrics.firstCellMinX
    let trail = metrics.availableWidth - metrics.lastCellMaxX
    return ((lead + trail) / 2 - lead).rounded(.down)
  }

  public var prefersMemoization: Bool { false }
}
