import LayoutGeometry
import ListLayout
import ListLayoutTestSupport
import TestSupport
import Testing

/// A manager whose answers come from the section's attributes alone, with its own line
/// offset, declared either way: the layout must not depend on the declaration, only on the
/// answers (the constants asked once per section are the answers asked per cell).
private struct SectionOnlyManager: LayoutManager {
  var dependsOnTraits: Bool
  var prefersMemoization: Bool

  func margin(for traits: TraitSet, to edge: ContentEdge, in section: SectionAttributes) -> Double {
    edge.isVertical ? 3 : 2
  }
  func verticalGap(
    for traits: TraitSet, toHeaderWith headerTraits: TraitSet, in section: SectionAttributes
  ) -> Double { 4 }
  func horizontalGap(for traits: TraitSet, after preceding: TraitSet, in section: SectionAttributes) -> Double
  {
    section.itemSpacing + 1
  }
  func verticalGap(for traits: TraitSet, below preceding: TraitSet, in section: SectionAttributes) -> Double {
    section.lineSpacing + 2
  }
  /// A quarter of the room left, rounded down, whatever the section's alignment.
  func horizontalOffset(
    forLineWith traits: LineTraits, metrics: LineMetrics, in section: SectionAttributes
  ) -> Double {
    (metrics.remainingWidth / 4).rounded(.down)
  }
}

@Suite struct ManagerDependencyTests {
  @Test func aTraitFreeManagerIsAskedOncePerSectionWithTheSameFrames() throws {
    for seed in 0..<300 {
      var rng = SplitMix64(seed: UInt64(seed))
      var model = ModelGenerator.model(&rng)
      let memoized = seed % 2 == 0
      model.configuration.layoutManager = SectionOnlyManager(
        dependsOnTraits: true, prefersMemoization: memoized)
      let asked = try model.layout()
      model.configuration.layoutManager = SectionOnlyManager(
        dependsOnTraits: false, prefersMemoization: memoized)
      let constants = try model.layout()
      #expect(constants.invariantViolations().isEmpty, "seed \(seed)")
      guard try expectSameLayout(constants, asked, "seed \(seed)") else { return }
    }
  }

  @Test func aTraitFreeManagersOwnLineOffsetIsApplied() throws {
    // Width 300, content insets 5: lines 290 wide from x = 5. The cell's leading margin is 2,
    // so the line uses 2 + 100 = 102 and leaves 188; the manager moves it by 188 / 4 = 47.
    // Its top margin is 3 below the content inset.
    for dependsOnTraits in [false, true] {
      var configuration = ListConfiguration(width: 300)
      configuration.layoutManager = SectionOnlyManager(
        dependsOnTraits: dependsOnTraits, prefersMemoization: false)
      let snapshot = try ListModel(
        configuration: configuration, sections: [Section(cells: [Cell(width: 100, height: 40)])]
      ).layout()
      #expect(
        snapshot.frame(of: ListIndexPath(item: 0, section: 0)) == Rect(x: 54, y: 8, width: 100, height: 40))
    }
  }

  @Test func theBuiltInManagersDeclareWhatTheyDependOn() {
    #expect(!AttributesLayoutManager().dependsOnTraits)
    #expect(HubLayoutManager(margin: 15).dependsOnTraits)
  }
}
