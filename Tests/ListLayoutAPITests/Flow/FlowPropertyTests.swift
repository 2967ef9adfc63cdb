import LayoutGeometry
import ListLayout
import ListLayoutTestSupport
import TestSupport
import Testing

/// Seeded random models: the engine agrees with the plain reference implementation frame for
/// frame, and every snapshot keeps its invariants.
@Suite struct FlowPropertyTests {
  @Test(arguments: 0..<8)
  func engineMatchesReference(batch: Int) throws {
    for seed in UInt64(batch * 500)..<UInt64(batch * 500 + sweep(quick: 60, long: 500)) {
      var rng = SplitMix64(seed: seed)
      let model = ModelGenerator.model(&rng)
      let snapshot = try model.layout()
      let reference = ReferenceFlowLayout.layout(model)
      let actual = snapshot.allAttributes()
      #expect(snapshot.invariantViolations() == [], "seed \(seed)")
      #expect(abs(snapshot.contentSize.height - reference.contentSize.height) < 1e-9, "seed \(seed)")
      try #require(actual.count == reference.elements.count, "seed \(seed)")
      for (a, b) in zip(actual, reference.elements)
      where !(a.kind == b.kind && a.indexPath == b.indexPath && a.frame.isClose(to: b.frame)) {
        Issue.record("seed \(seed): \(a) != reference \(b)")
        break
      }
    }
  }

  /// The typesetter's fast path for plain cells (a fixed size, no attributes of their own,
  /// uniform spacing) gives exactly the frames of its general path: the same model with
  /// every plain cell carrying the default attributes explicitly (which sends it down the
  /// general path) lays out bit for bit the same.
  @Test(arguments: 0..<4)
  func plainCellFastPathEqualsGeneralPath(batch: Int) throws {
    for seed in UInt64(batch * 500)..<UInt64(batch * 500 + sweep(quick: 30, long: 500)) {
      var rng = SplitMix64(seed: seed &+ 7_000)
      var model = ModelGenerator.model(&rng, maxCells: 600)
      if Bool.random(using: &rng) {
        model.configuration.defaultCellAttributes.insets = ModelGenerator.randomInsets(&rng, max: 6)
      }
      let fast = try model.layout()
      let slow = try model.withDefaultAttributesSpelledOut().layout()
      #expect(fast.invariantViolations() == [], "seed \(seed)")
      try expectSameLayout(fast, slow, "seed \(seed), fast path against general path")
    }
  }

  /// The same comparison for long runs of plain cells (the typesetter's run loop), with sizes
  /// and spacing that are not binary fractions (so any change in the order of the arithmetic
  /// would show), cells wider than the line, a few general cells breaking the runs, and
  /// sections spanning several pages.
  @Test(arguments: 0..<4)
  func plainRunsEqualTheGeneralPath(batch: Int) throws {
    for seed in UInt64(batch * 25)..<UInt64(batch * 25 + sweep(quick: 4, long: 25)) {
      var rng = SplitMix64(seed: seed &+ 9_000)
      func decimal(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &rng)) / 10 }
      var configuration = ListConfiguration(width: decimal(1_000...4_140))
      configuration.contentInsets = EdgeInsets(
        top: decimal(0...90), left: decimal(0...90), bottom: decimal(0...90), right: decimal(0...90))
      configuration.defaultSectionAttributes = SectionAttributes(
        itemSpacing: decimal(0...130), lineSpacing: decimal(0...130))
      if Bool.random(using: &rng) {
        configuration.defaultCellAttributes.insets = EdgeInsets(
          top: decimal(0...50), left: decimal(0...50), bottom: decimal(0...50), right: decimal(0...50))
      }
      var model = ListModel(configuration: configuration)
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        var section = Section()
        if Bool.random(using: &rng) { section.header = Supplementary(height: decimal(0...400)) }
        let count = Int.random(in: 0...3_000, using: &rng)
        let maxWidth = Int(configuration.width * 6)
        for _ in 0..<count {
          var cell = Cell(width: decimal(0...maxWidth), height: decimal(0...1_500))
          if Int.random(in: 0..<100, using: &rng) == 0 {
            cell.attributes = CellAttributes(
              insets: EdgeInsets(
                top: decimal(0...30), left: decimal(0...30), bottom: 0, right: decimal(0...30)),
              shouldBeginLine: Bool.random(using: &rng), shouldEndLine: Bool.random(using: &rng))
          }
          section.cells.append(cell)
        }
        model.sections.append(section)
      }
      let fast = try model.layout()
      let slow = try model.withDefaultAttributesSpelledOut().layout()
      #expect(fast.invariantViolations() == [], "seed \(seed)")
      try expectSameLayout(fast, slow, "seed \(seed), runs against general path")
    }
  }

  @Test func largeSectionsSpanManyPages() throws {
    var rng = SplitMix64(seed: 99)
    var model = ListModel(configuration: ListConfiguration(width: 375))
    var cells: [Cell] = []
    for _ in 0..<20_000 {
      cells.append(
        Cell(
          width: Double(Int.random(in: 40...370, using: &rng)),
          height: Double(Int.random(in: 20...120, using: &rng))))
    }
    model.sections = [
      Section(header: Supplementary(height: 30), cells: cells), Section(cells: Array(cells.prefix(3000))),
    ]
    let snapshot = try model.layout()
    #expect(snapshot.invariantViolations() == [])
    let reference = ReferenceFlowLayout.layout(model)
    let actual = snapshot.allAttributes()
    #expect(actual.count == reference.elements.count)
    #expect(zip(actual, reference.elements).allSatisfy { $0.frame.isClose(to: $1.frame) })
    #expect(abs(snapshot.contentSize.height - reference.contentSize.height) < 1e-6)
  }
}
