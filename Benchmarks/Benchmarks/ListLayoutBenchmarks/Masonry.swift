// Masonry sections on the feed's own cells: the "feed" workload's model (one section, cells of
// the generator's heights) with its section laid out as two masonry lanes instead of flow
// lines. Compare `Layout/masonry/N` with `Layout/feed/N` of the same run.

import Benchmark
import BenchmarkWorkloads
import Foundation
import LayoutGeometry
import ListLayout

extension Fixtures {
  /// The feed of `n` cells, its one section a two-lane masonry section.
  func masonry(_ n: Int) -> ListModel {
    var model = model("feed", n)
    model.sections[0].layout = .masonry(MasonryLayout(columns: .count(2)))
    return model
  }
}

/// Masonry snapshots, laid out once per benchmark (outside measurement), as `Fixtures` keeps
/// the feed's: a query benchmark must not lay the feed out again before every iteration.
final class MasonrySnapshots: @unchecked Sendable {
  static let shared = MasonrySnapshots()
  private var snapshots: [Int: LayoutSnapshot] = [:]

  func snapshot(_ n: Int) -> LayoutSnapshot {
    if let snapshot = snapshots[n] { return snapshot }
    let snapshot = try! Fixtures.shared.masonry(n).layout()
    snapshots[n] = snapshot
    return snapshot
  }

  func clear() { snapshots = [:] }
}

func masonryBenchmarks() {
  let fixtures = Fixtures.shared
  let timing = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident], timeUnits: .microseconds,
    warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 50, teardown: { fixtures.clear() })
  let perQuery = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 1,
    scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 200,
    teardown: {
      fixtures.clear()
      MasonrySnapshots.shared.clear()
    })
  let perEdit = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 3,
    maxDuration: .seconds(3), maxIterations: 2_000,
    teardown: {
      fixtures.clear()
      MasonrySnapshots.shared.clear()
    })
  for n in Generator.sizes {
    Benchmark("Layout/masonry/\(label(n))", configuration: timing) { benchmark in
      let model = fixtures.masonry(n)
      benchmark.startMeasurement()
      let snapshot = try model.layout()
      benchmark.stopMeasurement()
      blackHole(snapshot)
    }
    // A 375 × 667 rect at random offsets (figures are per query).
    Benchmark("VisibleRect/masonry/\(label(n))", configuration: perQuery) { benchmark in
      let snapshot = MasonrySnapshots.shared.snapshot(n)
      let offsets = randomOffsets(in: snapshot, count: benchmark.scaledIterations.count)
      benchmark.startMeasurement()
      blackHole(visibleRectQueries(snapshot, offsets: offsets))
      benchmark.stopMeasurement()
    }
    // The same queries with a 1-point-tall rect (one or two cells): the fixed cost.
    Benchmark("VisibleRect1pt/masonry/\(label(n))", configuration: perQuery) { benchmark in
      let snapshot = MasonrySnapshots.shared.snapshot(n)
      let offsets = randomOffsets(in: snapshot, count: benchmark.scaledIterations.count)
      benchmark.startMeasurement()
      blackHole(visibleRectQueries(snapshot, offsets: offsets, height: 1))
      benchmark.stopMeasurement()
    }
    // One cell resized near the end (the last 1%): masonry lays out again from the edit to
    // the section's end, so an edit costs what follows it.
    Benchmark("ResizeNearEnd/masonry/\(label(n))", configuration: perEdit) { benchmark in
      let snapshot = MasonrySnapshots.shared.snapshot(n)
      let item = ListIndexPath(item: n - n / 100, section: 0)
      let old = snapshot.frame(of: item)!
      var update = ListUpdate()
      update.resizeItem(at: item, to: Size(width: old.width, height: old.height + 40))
      benchmark.startMeasurement()
      let result = try snapshot.applying(update)
      benchmark.stopMeasurement()
      blackHole(result)
    }
  }
}
