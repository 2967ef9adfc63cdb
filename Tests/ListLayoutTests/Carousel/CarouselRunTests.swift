import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// Carousel sections of runs: a run's pattern sized once gives the frames of the same cells
/// written out; cells sized by a callback are asked for each index; a bad size is reported
/// at the same cell.
@Suite struct CarouselRunTests {
  static func model(_ layout: SectionLayout, _ cells: CellList) -> ListModel {
    var section = Section(layout: layout)
    section.cells = cells
    return ListModel(configuration: ListConfiguration(width: 320), sections: [section])
  }

  static func outcome(_ model: ListModel) -> String {
    do {
      return "\(try model.layout().allAttributes())"
    } catch {
      return "\(error)"
    }
  }

  @Test(arguments: ["carousel", "grid"])
  func callbacksAndBadSizesInRunsActAsWrittenOut(kind: String) {
    let layout: SectionLayout =
      kind == "grid"
      ? .grid(GridLayout(columns: .count(3), columnSpacing: 2, rowSpacing: 2)) : .carousel(CarouselLayout())
    // By index: every cell of the run a different size.
    let byIndex = Cell(
      size: .sizing { proposal in
        Size(width: Double(proposal.indexPath.item % 7) * 3, height: 10 + Double(proposal.indexPath.item % 5))
      })
    var bad = Cell(width: 10, height: 10)
    bad.size = .fixed(Size(width: 10, height: -1))
    let patterns: [[Cell]] = [
      [byIndex], [Cell(width: 20, height: 5), byIndex], [Cell(width: 20, height: 5), bad], [bad],
      [Cell(width: 12.5, height: 7.25), Cell(size: .automatic)],
    ]
    for (p, pattern) in patterns.enumerated() {
      for count in [1, 2, 65, 300] {
        var runs = CellList([Cell(width: 4, height: 4)])
        runs.append(cycling: pattern, count: count, idPrefix: "r")
        let written = CellList(Array(runs))
        #expect(
          Self.outcome(Self.model(layout, runs)) == Self.outcome(Self.model(layout, written)),
          "pattern \(p) count \(count)")
      }
    }
  }
}
