import Foundation
import ListLayout
import ListLayoutCommand
import Testing

/// `generate --runs [--cycle C]`: each section one run of the documented sizes.
@Suite struct GenerateRunsTests {
  /// The documented generator's first `count` sizes, written out again here.
  func sizes(seed: UInt64, count: Int) -> [(Double, Double)] {
    var state = seed
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    return (0..<count).map { _ in
      let width = Double(40 + next() % 331)
      return (width, Double(20 + next() % 101))
    }
  }

  @Test(arguments: [(1000, 1, nil), (1000, 7, 3), (10, 4, nil), (5, 9, 2), (0, 3, 2)] as [(Int, Int, Int?)])
  func runFeedsHoldTheDocumentedCells(cells: Int, cycle: Int, sections: Int?) throws {
    var words = ["generate", "--cells", String(cells), "--seed", "5", "--runs", "--cycle", String(cycle)]
    if let sections { words += ["--sections", String(sections)] }
    let (status, io) = run(words)
    #expect(status == .success)
    let model = try ListModel(json: io.stdout)
    let sectionCount = sections ?? 1
    #expect(model.sections.count == sectionCount)
    // Each section draws its own cycle, sections in order.
    var drawn = sizes(seed: 5, count: cells + sectionCount * cycle)[...]
    var index = 0
    for (s, section) in model.sections.enumerated() {
      let count = cells / sectionCount + (s < cells % sectionCount ? 1 : 0)
      #expect(section.cells.count == count)
      let k = min(cycle, count)
      let pattern = Array(drawn.prefix(k))
      drawn = drawn.dropFirst(k)
      for (i, cell) in section.cells.enumerated() {
        #expect(cell.id == "c\(index)")
        #expect(cell.size.fixedValue?.width == pattern[i % k].0)
        #expect(cell.size.fixedValue?.height == pattern[i % k].1)
        index += 1
      }
      #expect(section.header?.id == (sections == nil ? nil : "section-\(s)"))
    }
    #expect(io.stdout.utf8.count < 400 + sectionCount * (200 + 60 * cycle))
  }

  @Test func aHundredMillionCellsAsRunsAreAllowedWrittenOutTheyAreNot() {
    let (status, io) = run(["generate", "--cells", "100000000", "--runs"])
    #expect(status == .success)
    #expect(io.stdout.contains("\"repeat\":100000000"))
    #expect(run(["generate", "--cells", "100000000"]).0 == .usageError)
    #expect(run(["generate", "--cells", "100000001", "--runs"]).0 == .usageError)
    #expect(run(["generate", "--cells", "10", "--cycle", "2"]).0 == .usageError)
    #expect(run(["generate", "--cells", "10", "--runs", "--cycle", "0"]).0 == .usageError)
  }

  /// Through the command line: a run feed and the same cells written out print the same
  /// layout, whole and at viewport offsets.
  @Test func runFeedsLayOutAsTheirWrittenOutFeedsThroughTheCommandLine() throws {
    let (_, generated) = run([
      "generate", "--cells", "3000", "--runs", "--cycle", "7", "--sections", "3", "--seed", "9",
    ])
    var model = try ListModel(json: generated.stdout)
    for s in model.sections.indices { model.sections[s].cells = CellList(Array(model.sections[s].cells)) }
    let written = try model.jsonString()
    #expect(!written.contains("repeat"))
    for extra in [[], ["--offset", "20000", "--viewport-height", "667"], ["--width", "250.5"]] {
      let a = run(["layout", "runs.json"] + extra, files: ["runs.json": generated.stdout])
      let b = run(["layout", "written.json"] + extra, files: ["written.json": written])
      #expect(a.0 == .success)
      #expect(a.1.stdout == b.1.stdout, "\(extra)")
    }
  }
}
