import Foundation
import ListLayout
import ListLayoutCommand
import Testing

@Suite struct GenerateCommandTests {
  /// The documented generator, written out again independently of the command.
  func referenceSizes(seed: UInt64, count: Int) -> [(UInt64, UInt64)] {
    var state = seed
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    return (0..<count).map { _ in
      let width = 40 + next() % 331
      return (width, 20 + next() % 101)
    }
  }

  @Test(arguments: [0, 1, 42, 12_345_678_901_234] as [UInt64])
  func sameSeedSameOutput(seed: UInt64) {
    let first = run(["generate", "--cells", "500", "--seed", String(seed)])
    let second = run(["generate", "--cells", "500", "--seed", String(seed)])
    #expect(first.0 == .success)
    #expect(first.1.stdout == second.1.stdout)
    #expect(first.1.stdout != run(["generate", "--cells", "500", "--seed", String(seed &+ 1)]).1.stdout)
  }

  @Test func outputDecodesWithTheDocumentedSizes() throws {
    let (status, io) = run(["generate", "--cells", "1000", "--seed", "7"])
    #expect(status == .success)
    let model = try ListModel(json: io.stdout)
    #expect(model.configuration.width == 375)
    #expect(model.sections.count == 1)
    #expect(model.sections[0].header == nil)
    #expect(model.cellCount == 1000)
    let expected = referenceSizes(seed: 7, count: 1000)
    for (index, cell) in model.sections[0].cells.enumerated() {
      guard case .fixed(let size) = cell.size else {
        Issue.record("cell \(index) has no fixed size")
        return
      }
      #expect(cell.id == "c\(index)")
      #expect(size.width == Double(expected[index].0) && size.height == Double(expected[index].1))
      #expect((40...370).contains(size.width) && (20...120).contains(size.height))
    }
    #expect(try model.layout().invariantViolations() == [])
  }

  @Test func sectionsSplitTheCellsAndHaveHeaders() throws {
    let (status, io) = run(["generate", "--cells", "10", "--seed", "3", "--sections", "3", "--width", "320"])
    #expect(status == .success)
    let model = try ListModel(json: io.stdout)
    #expect(model.configuration.width == 320)
    #expect(model.sections.map(\.cells.count) == [4, 3, 3])
    #expect(model.sections.map { $0.header?.id } == ["section-0", "section-1", "section-2"])
    #expect(model.sections[2].cells.last?.id == "c9")
    // Sections do not change the sizes drawn.
    let flat = try ListModel(json: run(["generate", "--cells", "10", "--seed", "3"]).1.stdout)
    let sizes = { (model: ListModel) in
      model.sections.flatMap(\.cells).map { cell -> Double in
        if case .fixed(let size) = cell.size { return size.width * 1000 + size.height }
        return -1
      }
    }
    #expect(sizes(model) == sizes(flat))
  }

  @Test func zeroCellsAndEmptySections() throws {
    let model = try ListModel(json: run(["generate", "--cells", "0"]).1.stdout)
    #expect(model.cellCount == 0)
    let sparse = try ListModel(json: run(["generate", "--cells", "2", "--sections", "4"]).1.stdout)
    #expect(sparse.sections.map(\.cells.count) == [1, 1, 0, 0])
  }

  @Test(arguments: [
    ["generate"],
    ["generate", "--cells", "-1"],
    ["generate", "--cells", "5000001"],
    ["generate", "--cells", "ten"],
    ["generate", "--cells", "5", "--seed", "-3"],
    ["generate", "--cells", "5", "--seed", "18446744073709551616"],
    ["generate", "--cells", "5", "--sections", "0"],
    ["generate", "--cells", "5", "--sections", "100001"],
    ["generate", "--cells", "5", "--width", "0"],
    ["generate", "--cells", "5", "extra"],
  ])
  func badUsageExitsWithTwo(arguments: [String]) {
    let (status, io) = run(arguments)
    #expect(status == .usageError)
    #expect(io.stderr.hasPrefix("listlayout generate: "))
    #expect(io.stdout.isEmpty)
  }

  @Test func largestSeedIsAccepted() {
    #expect(run(["generate", "--cells", "3", "--seed", "18446744073709551615"]).0 == .success)
  }
}
