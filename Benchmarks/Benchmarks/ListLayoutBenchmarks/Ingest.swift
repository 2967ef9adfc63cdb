// The ingest suites (issue 14): feeds in, frames out, side by side at 10k, 100k and 1M cells
// of the feed `listlayout generate --cells N --seed 7` prints (rebuilt byte for byte by
// `IngestFeed.json`).
//
//   Decode/feed/N            the feed's bytes → `ListModel(json:)`
//   DecodeFoundation/feed/N  the same bytes → Foundation's `JSONDecoder` into plain Codable
//                            structs (`PlainFeed`), what a Swift user would write
//   BuildByAppend/feed/N     `section.cells.append` of the decoded cells, one at a time
//   BuildFromArray/feed/N    `CellList(array)` of the same cells
//   LayoutDecoded/feed/N     `model.layout()` of the decoded feed (the layout alone)
//   WriteFrames/feed/N       `snapshot.writeJSON(to:)` of every frame into a ByteWriter whose
//                            sink discards (the bytes are counted)
//   DecodeFlex/nested/10k    the nested flex tree's JSON → `FlexDocument.decode`
//
// Throughput is the custom metric `MB/s` (10^6 bytes per second of input; of output for
// WriteFrames), one value per iteration from the same start and stop as the wall clock, and
// `MB/s (CPU)` from the thread's CPU time over the same region.

import Benchmark
import BenchmarkWorkloads
import Flexbox
import Foundation
import LayoutGeometry
import ListLayout
import PlainCodableFeed

/// Feed bytes, decoded models, cell arrays and snapshots, built once per process on first use.
final class IngestFixtures: @unchecked Sendable {
  static let shared = IngestFixtures()
  private var bytes: [Int: [UInt8]] = [:]
  private var models: [Int: ListModel] = [:]
  private var cellArrays: [Int: [Cell]] = [:]
  private var snapshots: [Int: LayoutSnapshot] = [:]
  private var flexJSON: Data?

  func feed(_ n: Int) -> [UInt8] {
    if let feed = bytes[n] { return feed }
    let feed = IngestFeed.json(cells: n)
    bytes[n] = feed
    return feed
  }

  func model(_ n: Int) -> ListModel {
    if let model = models[n] { return model }
    let model = try! ListModel(json: feed(n))
    models[n] = model
    return model
  }

  func cells(_ n: Int) -> [Cell] {
    if let cells = cellArrays[n] { return cells }
    let cells = IngestFeed.cells(of: model(n))
    cellArrays[n] = cells
    return cells
  }

  func snapshot(_ n: Int) -> LayoutSnapshot {
    if let snapshot = snapshots[n] { return snapshot }
    let snapshot = try! model(n).layout()
    snapshots[n] = snapshot
    return snapshot
  }

  func nestedFlexJSON() -> Data {
    if let json = flexJSON { return json }
    let json = Data(Generator.nested().flexDocumentJSON().utf8)
    flexJSON = json
    return json
  }

  func clear() {
    bytes = [:]
    models = [:]
    cellArrays = [:]
    snapshots = [:]
    flexJSON = nil
  }
}

let megabytesPerSecond = BenchmarkMetric.custom("MB/s", polarity: .prefersLarger, useScalingFactor: false)
/// The same from the thread's CPU time (less sensitive to a loaded machine than the wall clock).
let megabytesPerCPUSecond = BenchmarkMetric.custom(
  "MB/s (CPU)", polarity: .prefersLarger, useScalingFactor: false)

/// The calling thread's CPU time in nanoseconds.
@inline(__always)
func threadCPUNanoseconds() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
  return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Records `bytes` per wall-clock second and per CPU second.
func recordThroughput(_ benchmark: Benchmark, bytes: Int, wall: UInt64, cpu: UInt64) {
  benchmark.measurement(
    megabytesPerSecond, Int(IngestFeed.megabytesPerSecond(bytes, nanoseconds: wall).rounded()))
  benchmark.measurement(
    megabytesPerCPUSecond, Int(IngestFeed.megabytesPerSecond(bytes, nanoseconds: cpu).rounded()))
}

/// Times `body` between the benchmark's start and stop and records `bytes` per second of it.
@inline(__always)
func timedThroughput<T>(_ benchmark: Benchmark, bytes: Int, _ body: () throws -> T) rethrows -> T {
  let start = monotonicNanoseconds()
  let cpu = threadCPUNanoseconds()
  benchmark.startMeasurement()
  let result = try body()
  benchmark.stopMeasurement()
  recordThroughput(
    benchmark, bytes: bytes, wall: monotonicNanoseconds() - start, cpu: threadCPUNanoseconds() - cpu)
  return result
}

func ingestBenchmarks() {
  let fixtures = IngestFixtures.shared
  func configuration(_ n: Int, slow: Bool = false) -> Benchmark.Configuration {
    // A million cells through JSONDecoder take seconds: fewer, unwarmed iterations there.
    let big = n >= 1_000_000
    return Benchmark.Configuration(
      metrics: [
        .wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident, megabytesPerSecond,
        megabytesPerCPUSecond,
      ],
      timeUnits: big ? .milliseconds : .microseconds, warmupIterations: big && slow ? 0 : 1,
      maxDuration: .seconds(big && slow ? 15 : 5), maxIterations: big && slow ? 3 : 30,
      teardown: { fixtures.clear() })
  }

  for n in Generator.sizes {
    Benchmark("Decode/feed/\(label(n))", configuration: configuration(n)) { benchmark in
      let feed = fixtures.feed(n)
      let model = try timedThroughput(benchmark, bytes: feed.count) { try ListModel(json: feed) }
      blackHole(model)
    }
    Benchmark("DecodeFoundation/feed/\(label(n))", configuration: configuration(n, slow: true)) { benchmark in
      let data = Data(fixtures.feed(n))
      let feed = try timedThroughput(benchmark, bytes: data.count) {
        try JSONDecoder().decode(PlainFeed.self, from: data)
      }
      blackHole(feed)
    }
    Benchmark("BuildByAppend/feed/\(label(n))", configuration: configuration(n)) { benchmark in
      let cells = fixtures.cells(n)
      benchmark.startMeasurement()
      let section = IngestFeed.buildByAppend(cells)
      benchmark.stopMeasurement()
      blackHole(section)
    }
    Benchmark("BuildFromArray/feed/\(label(n))", configuration: configuration(n)) { benchmark in
      let cells = fixtures.cells(n)
      benchmark.startMeasurement()
      let section = IngestFeed.buildFromArray(cells)
      benchmark.stopMeasurement()
      blackHole(section)
    }
    Benchmark("LayoutDecoded/feed/\(label(n))", configuration: configuration(n)) { benchmark in
      let model = fixtures.model(n)
      benchmark.startMeasurement()
      let snapshot = try model.layout()
      benchmark.stopMeasurement()
      blackHole(snapshot)
    }
    Benchmark("WriteFrames/feed/\(label(n))", configuration: configuration(n)) { benchmark in
      let snapshot = fixtures.snapshot(n)
      let sink = IngestFeed.DiscardingSink()
      var writer = sink.writer()
      let start = monotonicNanoseconds()
      let cpu = threadCPUNanoseconds()
      benchmark.startMeasurement()
      snapshot.writeJSON(to: &writer)
      writer.flush()
      benchmark.stopMeasurement()
      recordThroughput(
        benchmark, bytes: sink.bytes, wall: monotonicNanoseconds() - start, cpu: threadCPUNanoseconds() - cpu)
    }
  }

  // Models of 100,000 sections built by appends, from an array, and by inserts at the front.
  for name in ["SectionsByAppend", "SectionsFromArray", "SectionsAtFront"] {
    Benchmark("\(name)/100k", configuration: configuration(100_000)) { benchmark in
      let sections = IngestFeed.sections(fixtures.cells(10_000), count: 100_000)
      benchmark.startMeasurement()
      let model =
        switch name {
        case "SectionsByAppend": IngestFeed.modelByAppending(sections)
        case "SectionsFromArray": IngestFeed.modelFromArray(sections)
        default: IngestFeed.modelByInsertingAtFront(sections)
        }
      benchmark.stopMeasurement()
      blackHole(model)
    }
  }

  Benchmark("DecodeFlex/nested/10k", configuration: configuration(10_000)) { benchmark in
    let json = fixtures.nestedFlexJSON()
    let layout = try timedThroughput(benchmark, bytes: json.count) { try FlexDocument.decode(json) }
    blackHole(layout)
  }
}
