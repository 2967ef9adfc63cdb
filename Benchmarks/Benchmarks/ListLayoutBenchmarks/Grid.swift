// Grid sections (issue 16): the 1M-cell feed with its one section laid out as a 3-column grid,
// against the same feed laid out as flow (`Layout/feed/1M`, same run):
//
//   swift package --package-path Benchmarks benchmark --filter "(Layout|VisibleRect|Resize)/(grid3|feed)/1M"
//
// The cells, their heights and the section are the feed's; only the section's layout differs.
//
// Dense packing (`grid-auto-flow: dense`): the same feed as a dense 3-column grid, and the
// hostile mix of issue 16 (1,024 columns, every span width from 1 to 1,024 drawn from the LCG,
// so rows keep holes of every size) at growing sizes, to show the growth is linear:
//
//   swift package --package-path Benchmarks benchmark --filter "Layout/(grid3|gridDense3|gridDenseHostile)/.*"

import Benchmark
import BenchmarkWorkloads
import LayoutGeometry
import ListLayout

/// The grid model and snapshot, built once per process on first use (outside measurement).
final class GridFixtures: @unchecked Sendable {
  static let shared = GridFixtures()
  private var model: ListModel?
  private var snapshot: LayoutSnapshot?

  func gridModel() -> ListModel {
    if let model { return model }
    var grid = Fixtures.shared.model("feed", 1_000_000)
    for s in grid.sections.indices { grid.sections[s].layout = .grid(GridLayout(columns: .count(3))) }
    model = grid
    return grid
  }

  func gridSnapshot() -> LayoutSnapshot {
    if let snapshot { return snapshot }
    let laidOut = try! gridModel().layout()
    snapshot = laidOut
    return laidOut
  }

  /// The 1M feed as a dense 3-column grid.
  func denseModel() -> ListModel {
    var grid = Fixtures.shared.model("feed", 1_000_000)
    for s in grid.sections.indices {
      grid.sections[s].layout = .grid(GridLayout(columns: .count(3), packing: .dense))
    }
    return grid
  }

  /// `count` cells in one dense grid section of 1,024 columns, spans 1...1,024 (1,024 is a
  /// full row) and heights 10...80 from the LCG.
  static func hostileDenseModel(count: Int) -> ListModel {
    var lcg = LCG()
    var cells: [Cell] = []
    cells.reserveCapacity(count)
    for _ in 0..<count {
      let span = 1 + Int(lcg.next() % 1024)
      var cell = Cell(width: 1, height: Double(10 + lcg.next() % 71))
      cell.span = span == 1024 ? .fullRow : .columns(span)
      cells.append(cell)
    }
    return ListModel(
      configuration: ListConfiguration(width: 4096),
      sections: [Section(cells: cells, layout: .grid(GridLayout(columns: .count(1024), packing: .dense)))])
  }

  func clear() {
    model = nil
    snapshot = nil
    Fixtures.shared.clear()
  }
}

func gridBenchmarks() {
  let fixtures = GridFixtures.shared
  /// A full layout of the model `make` builds (once, kept in the fixtures).
  func layoutBenchmark(_ name: String, _ make: @escaping @Sendable () -> ListModel) {
    Benchmark(
      name,
      configuration: .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident], timeUnits: .microseconds,
        warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 50, teardown: { fixtures.clear() })
    ) { benchmark in
      let model = make()
      benchmark.startMeasurement()
      let snapshot = try model.layout()
      benchmark.stopMeasurement()
      blackHole(snapshot)
    }
  }
  layoutBenchmark("Layout/grid3/1M") { fixtures.gridModel() }
  Benchmark(
    "VisibleRect/grid3/1M",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 1,
      scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 200, teardown: { fixtures.clear() })
  ) { benchmark in
    let snapshot = fixtures.gridSnapshot()
    let offsets = randomOffsets(in: snapshot, count: benchmark.scaledIterations.count)
    benchmark.startMeasurement()
    blackHole(visibleRectQueries(snapshot, offsets: offsets))
    benchmark.stopMeasurement()
  }
  // One cell in the middle grows by 40 points: its row grows (sparse packing, one page).
  Benchmark(
    "Resize/grid3/1M",
    configuration: .init(
      metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 3,
      maxDuration: .seconds(3), maxIterations: 2_000, teardown: { fixtures.clear() })
  ) { benchmark in
    let snapshot = fixtures.gridSnapshot()
    let middle = ListIndexPath(item: 500_000, section: 0)
    let old = snapshot.frame(of: middle)!
    var update = ListUpdate()
    update.resizeItem(at: middle, to: Size(width: old.width, height: old.height + 40))
    benchmark.startMeasurement()
    let result = try snapshot.applying(update)
    benchmark.stopMeasurement()
    blackHole(result)
  }
  layoutBenchmark("Layout/gridDense3/1M") { fixtures.denseModel() }
  for count in [2_000, 8_000, 50_000, 200_000, 800_000] {
    Benchmark(
      "Layout/gridDenseHostile/\(label(count))",
      configuration: .init(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident], timeUnits: .microseconds, warmupIterations: 1,
        maxDuration: .seconds(5), maxIterations: 20)
    ) { benchmark in
      let model = GridFixtures.hostileDenseModel(count: count)
      benchmark.startMeasurement()
      let snapshot = try model.layout()
      benchmark.stopMeasurement()
      blackHole(snapshot)
    }
  }
}
