import Flexbox
import Foundation
import LayoutGeometry
import ListLayout
import SequentialLayout
import TestSupport
import Testing

@Suite struct ModelEqualityTests {
  @Test func sizingClosuresCompareByIdentity() {
    let size = CellSize.sizing { proposal in Size(width: proposal.remainingLineSpace, height: 10) }
    let copy = size
    #expect(size == copy && size.hashValue == copy.hashValue)
    #expect(size != .sizing { proposal in Size(width: proposal.remainingLineSpace, height: 10) })
    let cell = Cell(id: "a", size: size)
    var model = ListModel(configuration: ListConfiguration(width: 10), sections: [Section(cells: [cell])])
    let other = model
    #expect(model == other)
    model.sections[0].cells[0].size = .sizing { _ in .zero }
    #expect(model != other)
  }

  @Test func managersCompareByValueAndCustomOnesByTypeOrTheirOwnEquality() {
    struct Plain: LayoutManager {
      var margin: Double
      func margin(for traits: TraitSet, to edge: ContentEdge, in section: SectionAttributes) -> Double {
        margin
      }
      func horizontalGap(for traits: TraitSet, after _: TraitSet, in _: SectionAttributes) -> Double { 1 }
      func verticalGap(for traits: TraitSet, below _: TraitSet, in _: SectionAttributes) -> Double { 1 }
    }
    struct Comparable: LayoutManager, Hashable {
      var margin: Double
      func margin(for traits: TraitSet, to edge: ContentEdge, in section: SectionAttributes) -> Double {
        margin
      }
      func horizontalGap(for traits: TraitSet, after _: TraitSet, in _: SectionAttributes) -> Double { 1 }
      func verticalGap(for traits: TraitSet, below _: TraitSet, in _: SectionAttributes) -> Double { 1 }
    }
    func configuration(_ manager: any LayoutManager) -> ListConfiguration {
      ListConfiguration(width: 100, layoutManager: manager)
    }
    #expect(configuration(HubLayoutManager(margin: 8)) == configuration(HubLayoutManager(margin: 8)))
    #expect(configuration(HubLayoutManager(margin: 8)) != configuration(HubLayoutManager(margin: 9)))
    #expect(
      configuration(HubLayoutManager(margin: 8))
        != configuration(HubLayoutManager(margin: 8, oversizedCellPolicy: .overflow)))
    #expect(configuration(AttributesLayoutManager()) != configuration(HubLayoutManager(margin: 0)))
    #expect(configuration(Comparable(margin: 1)) == configuration(Comparable(margin: 1)))
    #expect(configuration(Comparable(margin: 1)) != configuration(Comparable(margin: 2)))
    #expect(
      configuration(Comparable(margin: 1)).hashValue == configuration(Comparable(margin: 1)).hashValue)
    // Not Equatable: its type is all there is to compare.
    #expect(configuration(Plain(margin: 1)) == configuration(Plain(margin: 2)))
    #expect(configuration(Plain(margin: 1)) != configuration(Comparable(margin: 1)))
  }

  @Test func everyPartTakesPartInEquality() throws {
    var rng = SplitMix64(seed: 7)
    var base = FeedModelGenerator.model(&rng, maxSections: 1, maxCells: 0)
    base.sections = [Section(header: Supplementary(height: 10), cells: [Cell(id: "a", width: 1, height: 1)])]
    let edits: [(String, (inout ListModel) -> Void)] = [
      ("width", { $0.configuration.width += 1 }),
      (
        "direction",
        { $0.configuration.layoutDirection = $0.configuration.layoutDirection == .ltr ? .rtl : .ltr }
      ),
      ("section attributes", { $0.sections[0].attributes = SectionAttributes(itemSpacing: 99) }),
      ("section layout", { $0.sections[0].layout = .flow }),
      ("header id", { $0.sections[0].header?.id = "h" }),
      ("footer", { $0.sections[0].footer = Supplementary(height: 1) }),
      ("cell id", { $0.sections[0].cells[0].id = "b" }),
      ("cell traits", { $0.sections[0].cells[0].traits = [.centered] }),
      ("cell attributes", { $0.sections[0].cells[0].attributes = .default }),
      ("cell sequential", { $0.sections[0].cells[0].sequential = SequentialItemOptions() }),
      ("cell size", { $0.sections[0].cells[0].size = .automatic }),
      ("cell count", { $0.sections[0].cells.append(Cell()) }),
      (
        "flex content",
        { $0.sections[0].cells[0].size = .flex(FlexContent(Layout(children: [Layout(identifier: "x")]))) }
      ),
    ]
    for (name, edit) in edits {
      var edited = base
      edit(&edited)
      #expect(edited != base, "\(name)")
    }
    var flex = base
    flex.sections[0].cells[0].size = .flex(FlexContent(Layout(children: [Layout(identifier: "x")])))
    var flex2 = base
    flex2.sections[0].cells[0].size = .flex(FlexContent(Layout(children: [Layout(identifier: "y")])))
    #expect(flex != flex2)
    var flex3 = base
    flex3.sections[0].cells[0].size = .flex(FlexContent(Layout(children: [Layout(identifier: "x")])))
    #expect(flex == flex3 && flex.hashValue == flex3.hashValue)
  }
}
