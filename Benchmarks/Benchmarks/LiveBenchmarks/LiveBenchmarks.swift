// Live feeds: the diff, the diff applied, and the layout service, side by side with what they
// replace. Run them with
//
//   swift package --package-path Benchmarks benchmark --target LiveBenchmarks
//
// Workloads (all built once per process, outside measurement, from SplitMix64 seeded 42):
// - DifferenceKit's published case: 100,000 ids; 10,000 deleted, 10,000 inserted, then 1,000
//   swaps of random pairs (2,000 shuffled). `Diff/ours/100k` diffs two one-section models with
//   those ids; `Diff/stdlib/100k` is `new.difference(from: old).inferringMoves()` on the same
//   id arrays.
// - A 1,000,000-cell feed with 1% of its cells changed (2,500 each resized, deleted, inserted,
//   moved elsewhere): `Diff/feed/1M` (the diff), `DiffApply/feed/1M` (diff, then apply to the
//   old snapshot), against `Relayout/feed/1M` (a full layout of the new model) and
//   `Decode/feed/1M` (decoding the new feed's JSON).
// - `Service/viewport/1M`: one viewport request answered by `LayoutService` in process, and
//   `Service/viewport-pipe/1M`: the same request and its answer through pipes to a running
//   `listlayout serve` (the root package's release build, `swift build -c release`).

import Benchmark
import Foundation
import LayoutGeometry
import ListLayout
import ListLayoutService

struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

final class LiveFixtures: @unchecked Sendable {
  static let shared = LiveFixtures()
  let configuration = ListConfiguration(width: 375)

  lazy var differenceKitIDs: (old: [String], new: [String]) = {
    var rng = SplitMix64(state: 42)
    let old = (0..<100_000).map { "c\($0)" }
    var new = old
    for _ in 0..<10_000 { new.remove(at: Int.random(in: new.indices, using: &rng)) }
    for k in 0..<10_000 { new.insert("n\(k)", at: Int.random(in: 0...new.count, using: &rng)) }
    for _ in 0..<1_000 {
      new.swapAt(Int.random(in: new.indices, using: &rng), Int.random(in: new.indices, using: &rng))
    }
    return (old, new)
  }()

  lazy var differenceKitModels: (old: ListModel, new: ListModel) = {
    let (old, new) = differenceKitIDs
    func model(_ ids: [String]) -> ListModel {
      ListModel(
        configuration: configuration,
        sections: [Section(cells: ids.map { Cell(id: $0, width: 100, height: 50) })])
    }
    return (model(old), model(new))
  }()

  lazy var feed: (old: ListModel, new: ListModel, snapshot: LayoutSnapshot, newJSON: [UInt8]) = {
    var rng = SplitMix64(state: 42)
    let n = 1_000_000
    var cells = (0..<n).map { i in
      Cell(
        id: "c\(i)", width: Double(50 + Int.random(in: 0..<100, using: &rng)),
        height: Double(40 + Int.random(in: 0..<40, using: &rng)))
    }
    let old = ListModel(configuration: configuration, sections: [Section(cells: cells)])
    for k in 0..<(n / 100) {
      let i = Int.random(in: cells.indices, using: &rng)
      switch k % 4 {
      case 0: cells[i].size = .fixed(Size(width: 77, height: 33))
      case 1: cells.remove(at: i)
      case 2: cells.insert(Cell(id: "new\(k)", width: 60, height: 60), at: i)
      default:
        let cell = cells.remove(at: i)
        cells.insert(cell, at: Int.random(in: 0...cells.count, using: &rng))
      }
    }
    let new = ListModel(configuration: configuration, sections: [Section(cells: cells)])
    return (old, new, try! old.layout(), Array(Self.feedJSON(cells).utf8))
  }()

  static func feedJSON(_ cells: [Cell]) -> String {
    var text = "{\"width\":375,\"sections\":[{\"items\":["
    text.reserveCapacity(cells.count * 60)
    for (k, cell) in cells.enumerated() {
      let size = cell.size.fixedValue!
      if k > 0 { text += "," }
      text +=
        "{\"id\":\"\(cell.id!)\",\"size\":{\"width\":\(Int(size.width)),\"height\":\(Int(size.height))}}"
    }
    return text + "]}]}"
  }

  lazy var service: LayoutService = {
    var service = LayoutService()
    try! service.load(feed.old)
    return service
  }()

  /// A running `listlayout serve` with the old feed loaded, or `nil` without a release build.
  lazy var serveProcess: (process: Process, input: FileHandle, output: FileHandle)? = {
    let executable = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        ".build/release/listlayout")
    guard FileManager.default.isExecutableFile(atPath: executable.path) else { return nil }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("live-benchmark-feed.json")
    var cells: [Cell] = []
    cells.append(contentsOf: feed.old.sections[0].cells)
    try! Data(Self.feedJSON(cells).utf8).write(to: path)
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    process.executableURL = executable
    process.arguments = ["serve"]
    process.standardInput = input
    process.standardOutput = output
    try! process.run()
    let connection = (process, input.fileHandleForWriting, output.fileHandleForReading)
    _ = Self.ask(connection, Array("{\"op\":\"load\",\"path\":\"\(path.path)\"}\n".utf8))
    return connection
  }()

  static func ask(
    _ connection: (process: Process, input: FileHandle, output: FileHandle), _ request: [UInt8]
  ) -> Int {
    request.withUnsafeBytes { _ = write(connection.input.fileDescriptor, $0.baseAddress, $0.count) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var total = 0
    while true {
      let count = buffer.withUnsafeMutableBytes {
        read(connection.output.fileDescriptor, $0.baseAddress, $0.count)
      }
      guard count > 0 else { return total }
      total += count
      if buffer[count - 1] == UInt8(ascii: "\n") { return total }
    }
  }
}

let benchmarks: @Sendable () -> Void = {
  let fixtures = LiveFixtures.shared
  let slow = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal], timeUnits: .milliseconds, warmupIterations: 1,
    maxDuration: .seconds(10),
    maxIterations: 20)
  Benchmark("Diff/ours/100k", configuration: slow) { benchmark in
    let (old, new) = fixtures.differenceKitModels
    benchmark.startMeasurement()
    blackHole(ListDifference(from: old, to: new))
  }
  Benchmark(
    "Diff/stdlib/100k",
    configuration: .init(
      metrics: [.wallClock, .cpuTotal], timeUnits: .milliseconds, warmupIterations: 0,
      maxDuration: .seconds(1),
      maxIterations: 1)
  ) { benchmark in
    let (old, new) = fixtures.differenceKitIDs
    benchmark.startMeasurement()
    blackHole(new.difference(from: old).inferringMoves())
  }
  Benchmark("Diff/feed/1M", configuration: slow) { benchmark in
    let feed = fixtures.feed
    benchmark.startMeasurement()
    blackHole(ListDifference(from: feed.old, to: feed.new))
  }
  Benchmark("DiffApply/feed/1M", configuration: slow) { benchmark in
    let feed = fixtures.feed
    benchmark.startMeasurement()
    let difference = ListDifference(from: feed.old, to: feed.new)
    blackHole(
      try feed.snapshot.applying(difference, anchor: ScrollAnchor(contentOffset: 5000, viewportHeight: 667)))
  }
  Benchmark("Relayout/feed/1M", configuration: slow) { benchmark in
    let feed = fixtures.feed
    benchmark.startMeasurement()
    blackHole(try feed.new.layout())
  }
  Benchmark(
    "Decode/feed/1M",
    configuration: .init(
      metrics: [.wallClock, .cpuTotal], timeUnits: .milliseconds, warmupIterations: 0,
      maxDuration: .seconds(1),
      maxIterations: 3)
  ) { benchmark in
    let json = fixtures.feed.newJSON
    benchmark.startMeasurement()
    blackHole(try ListModel(json: json))
  }
  let fast = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal], timeUnits: .microseconds, warmupIterations: 10,
    maxDuration: .seconds(3),
    maxIterations: 5_000)
  let request = Array("{\"id\":2,\"op\":\"viewport\",\"offset\":123456,\"height\":667}".utf8)
  Benchmark("Service/viewport/1M", configuration: fast) { benchmark in
    var service = fixtures.service
    benchmark.startMeasurement()
    blackHole(service.respond(to: request))
  }
  Benchmark("Service/viewport-pipe/1M", configuration: fast) { benchmark in
    guard let connection = fixtures.serveProcess else { return }
    let line = request + [UInt8(ascii: "\n")]
    benchmark.startMeasurement()
    blackHole(LiveFixtures.ask(connection, line))
  }
}
