import Foundation
import LayoutGeometry
import ListLayout
import ListLayoutTestSupport
import ListLayoutTesting
import Testing

/// The Hub Framework guide's example manager, written as the guide writes it: 15-point
/// vertical margins (none for stackable cells), 20-point horizontal margins (none for
/// full-width cells). Ten lines of Swift.
struct GuideLayoutManager: LayoutManager {
  func margin(for traits: TraitSet, to edge: ContentEdge, in _: SectionAttributes) -> Double {
    edge.isVertical ? 15 : (traits.contains(.fullWidth) ? 0 : 20)
  }
  func verticalGap(for traits: TraitSet, toHeaderWith _: TraitSet, in _: SectionAttributes) -> Double {
    traits.contains(.stackable) ? 0 : 15
  }
  func horizontalGap(for traits: TraitSet, after _: TraitSet, in _: SectionAttributes) -> Double {
    traits.contains(.fullWidth) ? 0 : 20
  }
  func verticalGap(for traits: TraitSet, below preceding: TraitSet, in _: SectionAttributes) -> Double {
    traits.contains(.stackable) && preceding.contains(.stackable) ? 0 : 15
  }
}

/// Counts how often the layout asks the manager (memoization must keep it to a handful).
final class CountingManager: LayoutManager, @unchecked Sendable {
  let base = GuideLayoutManager()
  let lock = NSLock()
  var calls = 0
  func count() { lock.withLock { calls += 1 } }
  func margin(for traits: TraitSet, to edge: ContentEdge, in s: SectionAttributes) -> Double {
    count()
    return base.margin(for: traits, to: edge, in: s)
  }
  func verticalGap(for traits: TraitSet, toHeaderWith h: TraitSet, in s: SectionAttributes) -> Double {
    count()
    return base.verticalGap(for: traits, toHeaderWith: h, in: s)
  }
  func horizontalGap(for traits: TraitSet, after p: TraitSet, in s: SectionAttributes) -> Double {
    count()
    return base.horizontalGap(for: traits, after: p, in: s)
  }
  func verticalGap(for traits: TraitSet, below p: TraitSet, in s: SectionAttributes) -> Double {
    count()
    return base.verticalGap(for: traits, below: p, in: s)
  }
}

@Suite struct HubLayoutManagerTests {
  /// The guide's manager on a mixed list, every frame worked by hand from Hub's
  /// `HUBCollectionViewLayout` rules.
  @Test func guideExampleManager() throws {
    let model = ListModel(
      width: 320, contentInsets: .zero, sectionSpacing: 0, layoutManager: GuideLayoutManager()
    ) {
      Section(header: 64) {
        Cell("hero", 320, 100, traits: [.fullWidth])
        Cell("card1", 130, 80, traits: [.compactWidth])
        Cell("card2", 130, 80, traits: [.compactWidth])
        Cell("row1", 280, 44, traits: [.stackable, .compactWidth])
        Cell("row2", 280, 44, traits: [.stackable, .compactWidth])
        Cell("banner", 320, 60, traits: [.fullWidth])
      }
    }
    let snapshot = try model.layout()
    let frames = (0..<6).map { snapshot.frame(of: ListIndexPath(item: $0, section: 0))! }
    #expect(
      frames == [
        rect(0, 79, 320, 100),  // 15 below the header, no side margins
        rect(20, 194, 130, 80),  // new line 15 below the hero
        rect(170, 194, 130, 80),  // 20 after card1: 170 + 130 + 20 == 320 fits
        rect(20, 289, 280, 44),  // 15 below the cards
        rect(20, 333, 280, 44),  // stacks on row1: no gap
        rect(0, 392, 320, 60),  // 15 below the stackable row, full width
      ])
    // 15 of bottom margin below the banner.
    #expect(snapshot.contentSize.height == 467)
    #expect(snapshot.invariantViolations() == [])
  }

  @Test func memoizationAsksTheManagerAHandfulOfTimes() throws {
    let manager = CountingManager()
    var cells: [Cell] = []
    for i in 0..<10_000 {
      cells.append(Cell(width: 100, height: 40, traits: i % 3 == 0 ? [.stackable] : [.compactWidth]))
    }
    let model = ListModel(
      configuration: plainConfiguration(width: 375, manager: manager), sections: [Section(cells: cells)])
    let snapshot = try model.layout()
    #expect(manager.calls < 40)
    // Same frames as the uncounted manager.
    let plain = try ListModel(
      configuration: plainConfiguration(width: 375, manager: GuideLayoutManager()), sections: model.sections
    ).layout()
    #expect(snapshot.allAttributes() == plain.allAttributes())
  }

  @Test func hubDefaultManagerRules() {
    let hub = HubLayoutManager(margin: 15)
    let s = SectionAttributes()
    #expect(hub.margin(for: [.stackable], to: .top, in: s) == 0)
    #expect(hub.margin(for: [.stackable], to: .left, in: s) == 15)
    #expect(hub.margin(for: [.fullWidth], to: .right, in: s) == 0)
    #expect(hub.margin(for: [.fullWidth], to: .bottom, in: s) == 15)
    #expect(hub.horizontalGap(for: [.fullWidth, .centered], after: [], in: s) == 0)
    #expect(hub.horizontalGap(for: [.centered], after: [], in: s) == .infinity)
    #expect(hub.horizontalGap(for: [], after: [.centered], in: s) == .infinity)
    #expect(hub.horizontalGap(for: [.centered], after: [.centered], in: s) == 15)
    #expect(hub.verticalGap(for: [.alwaysStackUpwards], below: [], in: s) == 0)
    #expect(hub.verticalGap(for: [.stackable], below: [.stackable], in: s) == 0)
    #expect(hub.verticalGap(for: [.stackable], below: [], in: s) == 15)
    #expect(hub.verticalGap(for: [.stackable], toHeaderWith: [.stackable], in: s) == 0)
  }

  @Test func centeredCellsGroupOnLinesOfTheirOwnAndCenterWithFloor() throws {
    let cells = [
      cell(100, 40), cell(100, 40, [.centered]), cell(100, 40, [.centered]), cell(50, 40),
    ]
    let frames = try cellFrames(cells, width: 320, manager: HubLayoutManager(margin: 15))
    // The centered pair is forced onto its own line: lead 15, trail 320 − 230 = 90, so it
    // moves by floor((15 + 90) / 2 − 15) = 37.
    #expect(
      frames == [rect(15, 15, 100, 40), rect(52, 70, 100, 40), rect(167, 70, 100, 40), rect(15, 125, 50, 40)])
  }

  @Test func oversizedCellsShrinkUnderHubsPolicy() throws {
    let cells = [cell(320, 40, [.compactWidth]), cell(320, 40, [.fullWidth])]
    let frames = try cellFrames(cells, width: 320, manager: HubLayoutManager(margin: 15))
    #expect(frames == [rect(15, 15, 290, 40), rect(0, 70, 320, 40)])
    let overflowing = try cellFrames(
      cells, width: 320, manager: HubLayoutManager(margin: 15, oversizedCellPolicy: .overflow))
    #expect(overflowing[0] == rect(15, 15, 320, 40))
  }

  @Test func alwaysStackUpwardsAndStackableEdges() throws {
    let cells = [cell(320, 40, [.fullWidth, .stackable]), cell(320, 40, [.fullWidth, .alwaysStackUpwards])]
    let model = ListModel(
      configuration: plainConfiguration(width: 320, manager: HubLayoutManager(margin: 10)),
      sections: [Section(cells: cells)])
    let snapshot = try model.layout()
    #expect(snapshot.frame(of: ListIndexPath(item: 0, section: 0)) == rect(0, 0, 320, 40))
    #expect(snapshot.frame(of: ListIndexPath(item: 1, section: 0)) == rect(0, 40, 320, 40))
    // The last line is not stackable: 10 of bottom margin.
    #expect(snapshot.contentSize.height == 90)
  }

  @Test func customTraitsAreOpen() throws {
    let leftOnly = LayoutTrait("leftMarginOnly")
    #expect(LayoutTrait("leftMarginOnly") == leftOnly)
    #expect(leftOnly.name == "leftMarginOnly")
    #expect(LayoutTrait(validating: "") == nil)
    struct LeftOnlyManager: LayoutManager {
      let trait: LayoutTrait
      func margin(for traits: TraitSet, to edge: ContentEdge, in _: SectionAttributes) -> Double {
        traits.contains(trait) && edge != .left ? 0 : 10
      }
      func horizontalGap(for traits: TraitSet, after _: TraitSet, in _: SectionAttributes) -> Double { 10 }
      func verticalGap(for traits: TraitSet, below _: TraitSet, in _: SectionAttributes) -> Double { 10 }
    }
    let frames = try cellFrames(
      [cell(310, 10, [leftOnly]), cell(310, 10)], width: 320, manager: LeftOnlyManager(trait: leftOnly))
    #expect(frames == [rect(10, 0, 310, 10), rect(10, 20, 310, 10)])
  }

  @Test func traitSetsAreSmallSets() {
    var set: TraitSet = [.stackable, .centered]
    #expect(set.contains(.stackable))
    #expect(!set.contains(.fullWidth))
    set.insert(.fullWidth)
    #expect(set.count == 3)
    #expect(Array(set) == [.fullWidth, .stackable, .centered])
    #expect(set.names == ["fullWidth", "stackable", "centered"])
    set.remove(.stackable)
    #expect(set == [.fullWidth, .centered])
  }
}

/// A manager that answers nonsense: the layout clamps it instead of producing NaN frames.
struct FaultyManager: LayoutManager {
  func margin(for traits: TraitSet, to edge: ContentEdge, in _: SectionAttributes) -> Double {
    edge == .left ? .nan : -5
  }
  func horizontalGap(for traits: TraitSet, after _: TraitSet, in _: SectionAttributes) -> Double {
    -.infinity
  }
  func verticalGap(for traits: TraitSet, below _: TraitSet, in _: SectionAttributes) -> Double { .infinity }
  func horizontalOffset(
    forLineWith traits: LineTraits, metrics: LineMetrics, in _: SectionAttributes
  ) -> Double {
    .nan
  }
}

@Suite struct FaultyManagerTests {
  @Test func nonsenseAnswersAreClampedToZero() throws {
    let cells = (0..<20).map { _ in cell(100, 30) }
    let model = ListModel(
      configuration: plainConfiguration(width: 320, manager: FaultyManager()),
      sections: [Section(cells: cells)])
    let snapshot = try model.layout()
    #expect(snapshot.invariantViolations() == [])
    #expect(snapshot.allAttributes().allSatisfy { $0.frame.isFinite })
    // Gaps of 0: three cells a line, lines stacked with no spacing.
    #expect(snapshot.frame(of: ListIndexPath(item: 3, section: 0)) == rect(0, 30, 100, 30))
  }
}
