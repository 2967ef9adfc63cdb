// Grid sections (issue 16): the 1M-cell feed with its one section laid out as a 3-column grid,
// against the same feed laid out as flow (`Layout/feed/1M`, same run):
//
//   swift package --package-path Benchmarks benchmark --filter "(Layout|VisibleRect|Resize)/(grid3|feed)/1M"
//
// The cells, their heights and the section are the feed's; only the section's layout differs.

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

  func clear() {
    model = nil
    snapshot = nil
    Fixtures.shared.clear()
  }
}

func gridBenchmarks() {
  let fixtures = GridFixtures.shared
  Benchmark(
    "Layout/grid3/1M",
    configuration: .init(
      metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident], timeUnits: .microseconds,
      warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 50, teardown: { fixtures.clear() })
  ) { benchmark in
    let model = fixtures.gridModel()
    benchmark.startMeasurement()
    let snapshot = try model.layout()
    benchmark.stopMeasurement()
    blackHole(snapshot)
  }
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
    let middle = IndexPath(item: 500_000, section: 0)
    let old = snapshot.frame(of: middle)!
    var update = ListUpdate()
    update.resizeItem(at: middle, to: Size(width: old.width, height: old.height + 40))
    benchmark.startMeasurement()
    let result = try snapshot.applying(update)
    benchmark.stopMeasurement()
    blackHole(result)
  }
}
