import LayoutGeometry

/// The default layout manager: every answer comes from the section's attributes, so an
/// FSQCollectionViewAlignedLayout-style configuration needs no code.
///
/// - Edge margins are 0 (section ``SectionAttributes/insets`` frame the lines instead).
/// - The gap between cells on a line is ``SectionAttributes/itemSpacing``.
/// - The gap between lines is ``SectionAttributes/lineSpacing``; 0 to the header.
/// - Lines are aligned by ``SectionAttributes/horizontalAlignment``.
/// - Cells wider than a line overflow it.
public struct AttributesLayoutManager: LayoutManager, Hashable {
  /// Creates the manager.
  public init() {}

  public func margin(for traits: TraitSet, to edge: ContentEdge, in section: SectionAttributes) -> Double {
    0
  }

  public func verticalGap(
    for traits: TraitSet, toHeaderWith headerTraits: TraitSet, in section: SectionAttributes
  )
    -> Double
  { 0 }

  public func horizontalGap(
    for traits: TraitSet, after preceding: TraitSet, in section: SectionAttributes
  )
    -> Double
  { section.itemSpacing }

  public func verticalGap(
    for traits: TraitSet, below preceding: TraitSet, in section: SectionAttributes
  )
    -> Double
  { section.lineSpacing }

  public var prefersMemoization: Bool { false }

  /// `false`: every answer comes from the section's attributes.
  public var dependsOnTraits: Bool { false }
}
