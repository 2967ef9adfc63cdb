// ListLayout's package-benchmark suites. Run them all, or some:
//
//   swift package --package-path Benchmarks benchmark
//   swift package --package-path Benchmarks benchmark --filter "Layout/feed.*"
//
// Names are `Suite/workload/N`. Workloads come from the shared generator (BenchmarkWorkloads,
// documented in Benchmarks/README.md), so these figures and peers/run.sh's measure the same
// inputs. Model building happens outside the measured region.
//
// The flexbox workloads ("nested", "wrap-row") are decoded with `FlexDocument.decode` from the
// very JSON text `peer-runner generate` writes for the peers (the same writer, byte for byte),
// and only `Layout.compute` is timed. The incremental suites (`Resize`, `Insert`, `Delete`)
// time `snapshot.applying(update)` on a kept snapshot of the feed; their full relayout in the
// same run is `Layout/feed/N`.

import Benchmark
import BenchmarkWorkloads
import Flexbox
import Foundation
import LayoutGeometry
@_spi(Benchmarks) import ListLayout

/// Models and snapshots, built once per process on first use (outside measurement).
final class Fixtures: @unchecked Sendable {
  static let shared = Fixtures()
  private var flows: [String: FlowWorkload] = [:]
  private var models: [String: ListModel] = [:]
  private var snapshots: [String: LayoutSnapshot] = [:]
  private var flexWorkloads: [String: FlexWorkload] = [:]

  /// "nested" or "wrap-row", decoded from the JSON the peers read.
  func flex(_ name: String) -> FlexWorkload {
    if let flex = flexWorkloads[name] { return flex }
    let json =
      name == "nested" ? Generator.nested().flexDocumentJSON() : Generator.wrapRow().flexDocumentJSON()
    let flex = try! FlexWorkload(json: Data(json.utf8))
    flexWorkloads[name] = flex
    return flex
  }

  func flow(_ name: String, _ n: Int) -> FlowWorkload {
    let key = "\(name)-\(n)"
    if let flow = flows[key] { return flow }
    let flow = name == "feed" ? Generator.feed(count: n) : Generator.list(count: n)
    flows[key] = flow
    return flow
  }

  func model(_ name: String, _ n: Int) -> ListModel {
    let key = "\(name)-\(n)"
    if let model = models[key] { return model }
    let model = name == "hub" ? Generator.hubModel(count: n) : flow(name, n).listModel()
    models[key] = model
    return model
  }

  func snapshot(_ name: String, _ n: Int) -> LayoutSnapshot {
    let key = "\(name)-\(n)"
    if let snapshot = snapshots[key] { return snapshot }
    let snapshot = try! model(name, n).layout()
    snapshots[key] = snapshot
    return snapshot
  }

  /// Frees what a finished benchmark used (a million-cell model is ~90 MB).
  func clear() {
    flows = [:]
    models = [:]
    snapshots = [:]
    flexWorkloads = [:]
  }
}

func label(_ n: Int) -> String {
  n >= 1_000_000 ? "\(n / 1_000_000)M" : "\(n / 1000)k"
}

let benchmarks: @Sendable () -> Void = {
  let fixtures = Fixtures.shared
  let timing = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident], timeUnits: .microseconds,
    warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 50,
    teardown: { fixtures.clear() })

  // Feeds in and frames out (Ingest.swift): decode, build, write, against Foundation.
  ingestBenchmarks()

  // Grid sections (Grid.swift): the 1M feed as a 3-column grid.
  gridBenchmarks()

  // Masonry sections on the feed's cells (Masonry.swift).
  masonryBenchmarks()

  // Carousels (Carousel.swift): shelves of cards against the same cells flowing.
  carouselBenchmarks()

  // Edits in a feed of 1,000 sections (Sections.swift).
  sectionBenchmarks()

  // Scroll sessions (Scroll.swift): a scrollBy step, a measurement of the visible cells.
  scrollBenchmarks()

  // Full layout, and the floor for it.
  for n in Generator.sizes {
    for name in ["feed", "list", "hub"] {
      Benchmark("Layout/\(name)/\(label(n))", configuration: timing) { benchmark in
        let model = fixtures.model(name, n)
        benchmark.startMeasurement()
        let snapshot = try model.layout()
        benchmark.stopMeasurement()
        blackHole(snapshot)
      }
    }
    for name in ["feed", "list"] {
      // Large sections defer their frames by default (`Layout/…`): the same layout with every
      // frame computed as it is laid out, and the default one followed by a screen's query
      // at the middle (the pages it reads computed then), in the same run.
      Benchmark("LayoutUpFront/\(name)/\(label(n))", configuration: timing) { benchmark in
        let model = fixtures.model(name, n)
        benchmark.startMeasurement()
        let snapshot = try model.layout(frames: .upFront)
        benchmark.stopMeasurement()
        blackHole(snapshot)
      }
      Benchmark("LayoutAndScreen/\(name)/\(label(n))", configuration: timing) { benchmark in
        let model = fixtures.model(name, n)
        benchmark.startMeasurement()
        let snapshot = try model.layout()
        let screen = snapshot.viewport(scrolledTo: snapshot.contentSize.height / 2, length: 667)
        benchmark.stopMeasurement()
        blackHole(screen.elements.count)
        blackHole(snapshot)
      }
      Benchmark("Floor/\(name)/\(label(n))", configuration: timing) { benchmark in
        let flow = fixtures.flow(name, n)
        let frames = UnsafeMutableBufferPointer<Rect>.allocate(capacity: flow.count)
        frames.initialize(repeating: .zero)
        defer { frames.deallocate() }
        benchmark.startMeasurement()
        let height = flow.baseline(into: frames)
        benchmark.stopMeasurement()
        blackHole(height)
      }
    }
  }

  // The Flexbox module on the two CSS workloads (10,000 leaves each): one `compute` call.
  for name in ["nested", "wrap-row"] {
    Benchmark("Layout/\(name)/10k", configuration: timing) { benchmark in
      let flex = fixtures.flex(name)
      benchmark.startMeasurement()
      let computed = flex.compute()
      benchmark.stopMeasurement()
      blackHole(computed)
    }
  }

  // Incremental edits of the feed: one cell resized (height + 40), inserted or deleted in the
  // middle, applied to a snapshot that stays alive (the old snapshot is a value and is kept).
  // Compare with `Layout/feed/N` from the same run.
  let perEdit = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 3,
    maxDuration: .seconds(3), maxIterations: 2_000, teardown: { fixtures.clear() })
  for n in Generator.sizes {
    for edit in ["Resize", "Insert", "Delete"] {
      editBenchmark("\(edit)/feed/\(label(n))", edit, at: ListIndexPath(item: n / 2, section: 0), perEdit) {
        fixtures.snapshot("feed", n)
      }
    }
  }

  // Queries on a laid-out feed: 1,000 per iteration (scalingFactor .kilo: figures are per query).
  let perQuery = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 1,
    scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 200, teardown: { fixtures.clear() })
  for n in Generator.sizes {
    Benchmark("VisibleRect/feed/\(label(n))", configuration: perQuery) { benchmark in
      let snapshot = fixtures.snapshot("feed", n)
      let offsets = randomOffsets(in: snapshot, count: benchmark.scaledIterations.count)
      benchmark.startMeasurement()
      blackHole(visibleRectQueries(snapshot, offsets: offsets))
      benchmark.stopMeasurement()
    }
    // The same queries with a 1-point-tall rect (one or two cells): the fixed cost.
    Benchmark("VisibleRect1pt/feed/\(label(n))", configuration: perQuery) { benchmark in
      let snapshot = fixtures.snapshot("feed", n)
      let offsets = randomOffsets(in: snapshot, count: benchmark.scaledIterations.count)
      benchmark.startMeasurement()
      blackHole(visibleRectQueries(snapshot, offsets: offsets, height: 1))
      benchmark.stopMeasurement()
    }
    Benchmark("StickyHeader/hub/\(label(n))", configuration: perQuery) { benchmark in
      let snapshot = fixtures.snapshot("hub", n)
      let offsets = randomOffsets(in: snapshot, count: benchmark.scaledIterations.count)
      benchmark.startMeasurement()
      blackHole(stickyHeaderResolutions(snapshot, offsets: offsets))
      benchmark.stopMeasurement()
    }
    Benchmark(
      "ScrollSweep/feed/\(label(n))",
      configuration: .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds, warmupIterations: 1,
        maxDuration: .seconds(5), maxIterations: 20, teardown: { fixtures.clear() })
    ) { benchmark in
      let snapshot = fixtures.snapshot("feed", n)
      benchmark.startMeasurement()
      let sweep = scrollSweep(snapshot)
      benchmark.stopMeasurement()
      blackHole(sweep.elements)
    }
  }

  // Memory: the layout state of a million-cell feed. Allocated bytes during layout (what the
  // snapshot holds, minus temporaries freed before it returns) and peak RSS; the per-cell
  // figure is reported as a custom metric from malloc's own count of bytes in use.
  Benchmark(
    "Memory/feed/1M",
    configuration: .init(
      metrics: [.mallocBytesCount, .mallocCountTotal, .peakMemoryResident, .custom("layoutBytesPerCell")],
      warmupIterations: 0, maxDuration: .seconds(10), maxIterations: 3, teardown: { fixtures.clear() })
  ) { benchmark in
    let model = fixtures.model("feed", 1_000_000)
    let before = (heapBytesInUse() ?? 0) + LayoutMemory.arenaBytesWritten
    benchmark.startMeasurement()
    let snapshot = try model.layout()
    benchmark.stopMeasurement()
    // malloc's bytes plus the page records written into arenas, which malloc does not see.
    let after = (heapBytesInUse() ?? 0) + LayoutMemory.arenaBytesWritten
    benchmark.measurement(.custom("layoutBytesPerCell"), (after - before) / 1_000_000)
    blackHole(snapshot)
  }
}

/// A benchmark of one edit of `snapshot()`'s cell at `index`: `"Resize"` (40 points taller),
/// `"Insert"` (a 100 × 60 cell before it) or `"Delete"`.
func editBenchmark(
  _ name: String, _ edit: String, at index: ListLayout.ListIndexPath, _ configuration: Benchmark.Configuration,
  snapshot: @escaping @Sendable () -> LayoutSnapshot
) {
  Benchmark(name, configuration: configuration) { benchmark in
    let snapshot = snapshot()
    var update = ListUpdate()
    switch edit {
    case "Resize":
      let old = snapshot.frame(of: index)!
      update.resizeItem(at: index, to: Size(width: old.width, height: old.height + 40))
    case "Insert": update.insertItem(Cell(width: 100, height: 60), at: index)
    default: update.deleteItem(at: index)
    }
    benchmark.startMeasurement()
    let result = try snapshot.applying(update)
    benchmark.stopMeasurement()
    blackHole(result)
  }
}
