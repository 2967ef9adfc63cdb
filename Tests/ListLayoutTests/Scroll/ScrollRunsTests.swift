import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// A scroll session over runs moves and measures as one over the same cells written out.
@Suite struct ScrollRunsTests {
  @Test func measurementsInsideRunsEqualThoseOfTheWrittenOutModel() throws {
    var rng = SplitMix64(seed: 3333)
    for trial in 0..<sweep(quick: 4, long: 20) {
      var cells = CellList(repeating: Cell(width: 160, height: 40), count: 20_000, idPrefix: "r")
      cells.append(
        cycling: [Cell(width: 100, height: 20), Cell(width: 300, height: 30)], count: 5_000, idPrefix: "c")
      let runs = ListModel(configuration: ListConfiguration(width: 375), sections: [Section(cells: cells)])
      var written = runs
      written.sections[0].cells = CellList(Array(cells))
      var a = try ScrollSession(model: runs, viewportLength: 667)
      var b = try ScrollSession(model: written, viewportLength: 667)
      var measured = false
      for step in 0..<6 {
        let event: ScrollEvent
        if Bool.random(using: &rng) {
          event = .scrollTo(Double.random(in: 0...a.snapshot.contentSize.height, using: &rng).rounded())
        } else {
          let model = a.snapshot.model
          let visible = a.snapshot.elements(in: Rect(x: 0, y: a.offset, width: 375, height: 667))
            .filter { $0.kind == .cell }.compactMap { model.sections[0].cells[$0.indexPath.item].id }
          var sizes: [String: Size] = [:]
          for id in visible.prefix(3) {
            sizes[id] = Size(
              width: Double(Int.random(in: 50...375, using: &rng)),
              height: Double(Int.random(in: 10...90, using: &rng)))
          }
          event = .measure(sizes)
          measured = measured || !sizes.isEmpty
        }
        a = try a.applying(event).session
        b = try b.applying(event).session
        #expect(a.offset == b.offset, "trial \(trial) step \(step)")
        guard try expectSameLayout(a.snapshot, b.snapshot, "trial \(trial) step \(step) \(event)") else {
          return
        }
      }
      // Measured cells are written out around them; the rest stays runs.
      #expect(!measured || a.snapshot.model.sections[0].cells.runLeafCount >= 2, "trial \(trial)")
    }
  }
}
