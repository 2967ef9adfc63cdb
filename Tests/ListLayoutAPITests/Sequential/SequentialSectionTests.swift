import ListLayout
import ListLayoutTestSupport
import TestSupport
import Testing

/// Sections laid out by SQLayout's calculators inside the list.
@Suite struct SequentialSectionTests {
  static let feed = """
    {"width": 320, "contentInsets": {"top": 0, "left": 0, "bottom": 0, "right": 0}, "sectionSpacing": 0,
     "sections": [
       {"header": {"height": 30},
        "attributes": {"insets": {"top": 16, "left": 16, "bottom": 16, "right": 16}},
        "layout": {"type": "sequential", "frameCalculator": "topAlignedFlow", "spacing": {"top": 8, "left": 8, "bottom": 8, "right": 8}},
        "items": [{"id": "a", "size": {"width": 80, "height": 44}},
                  {"id": "b", "size": {"width": 80, "height": 44}},
                  {"id": "c", "size": {"width": 100, "height": 20}, "layout": {"frameCalculator": "containerFullWidthVStack"}}]},
       {"items": [{"size": {"width": 50, "height": 50}}]}]}
    """

  @Test func sequentialSectionFromJSON() throws {
    let snapshot = try ListModel(json: Self.feed).layout()
    let frames = (0..<3).map { snapshot.frame(of: ListIndexPath(item: $0, section: 0)) }
    // The flow places a and b side by side; c spans the width below them.
    #expect(frames == [rect(16, 46, 80, 44), rect(104, 46, 80, 44), rect(16, 98, 288, 20)])
    // The section's body is the sequential content height (insets included): 104.
    #expect(snapshot.sectionFrame(0) == rect(0, 0, 320, 134))
    #expect(snapshot.frame(of: ListIndexPath(item: 0, section: 1)) == rect(0, 134, 50, 50))
    #expect(snapshot.invariantViolations() == [])
  }

  @Test func sequentialSectionFromSwift() throws {
    var model = ListModel(configuration: plainConfiguration(width: 300))
    var cells = (0..<3).map { Cell(id: "c\($0)", width: 60, height: 30) }
    cells[2].sequential = SequentialItemOptions(frameCalculator: .containerRightAlignedVStack)
    cells[2].attributes = CellAttributes(shouldBeginLine: true)
    #expect(cells[2].attributes?.shouldBeginLine == true && cells[2].sequential != nil)
    model.sections = [
      Section(
        cells: cells,
        layout: .sequential(
          SequentialSectionDefaults(frameCalculator: .topAlignedHStack, spacing: EdgeInsets(all: 5))))
    ]
    let snapshot = try model.layout()
    let frames = (0..<3).map { snapshot.frame(of: ListIndexPath(item: $0, section: 0))! }
    #expect(frames[0] == rect(0, 0, 60, 30))
    #expect(frames[1] == rect(65, 0, 60, 30))
    #expect(frames[2].maxX == 300)
  }

  @Test func unknownCalculatorNamesListTheKnownOnes() {
    do {
      _ = try ListModel(
        json:
          #"{"width": 320, "sections": [{"layout": {"type": "sequential", "frameCalculator": "zigzag"}}]}"#)
      Issue.record("no error")
    } catch {
      #expect(error.path == "sections[0].layout.frameCalculator")
      #expect(error.message.contains("zigzag") && error.message.contains("topAlignedFlow"))
    }
    #expect(throws: JSONInputError.self) {
      try ListModel(
        json:
          #"{"width": 320, "sections": [{"layout": {"type": "flow", "frameCalculator": "topAlignedFlow"}}]}"#)
    }
  }

  @Test func nonFiniteCalculatorOutputIsATypedError() {
    let broken = FrameCalculator<Int> { _ in Rect(x: .nan, y: 0, width: 1, height: 1) }
    var cell = Cell(width: 10, height: 10)
    cell.sequential = SequentialItemOptions(frameCalculator: broken)
    let model = ListModel(
      configuration: ListConfiguration(width: 100),
      sections: [
        Section(cells: [Cell(width: 10, height: 10), cell], layout: .sequential(SequentialSectionDefaults()))
      ])
    do {
      _ = try model.layout()
      Issue.record("no error")
    } catch {
      #expect(error.path == "sections[0].layout")
      #expect(error.description.contains("non-finite"))
    }
  }

  @Test func queriesOverSequentialSectionsEqualBruteForce() throws {
    let calculators: [FrameCalculator<Int>] = [
      .topAlignedFlow, .containerLeftAlignedVStack, .topAlignedHStack, .containerCenterAlignedVStack,
      .matchContainer,
    ]
    for seed in UInt64(0)..<300 {
      var rng = SplitMix64(seed: 3_300_000 + seed)
      var model = ModelGenerator.model(&rng, maxSections: 3, maxCells: 30)
      for s in model.sections.indices where Bool.random(using: &rng) {
        model.sections[s].layout = .sequential(
          SequentialSectionDefaults(
            frameCalculator: calculators.randomElement(using: &rng)!,
            spacing: EdgeInsets(all: Double(Int.random(in: 0...8, using: &rng)))))
      }
      let snapshot = try model.layout()
      #expect(snapshot.invariantViolations() == [], "seed \(seed)")
      let all = snapshot.allAttributes()
      for _ in 0..<5 {
        let rect = ModelGenerator.randomRect(&rng, snapshot)
        #expect(
          snapshot.elements(in: rect) == all.filter { $0.frame.intersects(rect) }, "seed \(seed) \(rect)")
      }
      // Edits to sequential sections lay them out again, and agree with a full relayout.
      if let s = model.sections.indices.first(where: { !model.sections[$0].cells.isEmpty }) {
        var update = ListUpdate()
        update.resizeItem(at: ListIndexPath(item: 0, section: s), to: Size(width: 33, height: 17))
        let edited = try snapshot.applying(update).snapshot
        #expect(edited.allAttributes() == (try edited.model.layout()).allAttributes(), "seed \(seed)")
      }
    }
  }
}
