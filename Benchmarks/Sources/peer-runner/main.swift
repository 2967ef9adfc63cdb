// peer-runner: writes the shared JSON workloads and times ListLayout (and the greedy-wrap
// floor) on them, for `peers/run.sh`. Build it in release:
//
//   swift build -c release --package-path Benchmarks --product peer-runner
//
// Commands (every result is one JSON object per line on stdout):
//
//   peer-runner generate DIR [SIZES]   write feed-N, list-N (N in SIZES, default 10k,100k,1M),
//                                      and the CSS flex documents wrap-row-10000 and
//                                      nested-10000 to DIR
//   peer-runner lcg K                  the first K values of the LCG, seeded 42
//   peer-runner serve                  line protocol on stdin, for alternating with the peers:
//                                        load PATH | load-hub N  → {"ok": …}
//                                        ours | baseline         → {"ns": …} one timed run
//                                          (a flex document: one timed `Layout.compute`)
//                                        frames K                → our first K cell frames
//                                        leafframes              → a flex document's leaf
//                                          frames relative to the root, depth-first
//                                        check                   → all our frames vs the floor's
//                                        quit
//   peer-runner probes [SIZES]         ours-only: visible-rect queries, sticky headers, sweep
//   peer-runner queries [SIZES]        ours-only: the same queries in thread CPU time, cells
//                                      named and not, and every element listed
//   peer-runner incremental [SIZES]    ours-only: resize, insert, delete one cell of the feed
//                                      (`snapshot.applying`) against a full relayout
//   peer-runner memory feed|list|hub N layout state per cell (run in a fresh process)
//   peer-runner ingest FILE            ours in-process on a generated feed (Ingest.swift), for
//                                      peers/ingest.sh
//   peer-runner ingest-check FILE N    whether FILE is `listlayout generate --cells N --seed 7`
//   peer-runner scroll [SIZES]         ours-only: a scroll session's scrollBy step, measurement
//                                      of the visible cells, and a jump's rounds (Scroll.swift)
//   peer-runner separators [SIZES]     ours-only: the feed's layout and a screen query with
//                                      separators between its lines and without (Sections.swift)
//   peer-runner collapse [SIZES]       ours-only: collapsing and expanding the feed's section
//                                      against a full layout (Sections.swift)
//   peer-runner badges [SIZES]         ours-only: the feed with a badge on every tenth cell,
//                                      and with separators too, against the feed without,
//                                      layout and a screen query (Badges.swift)
//   peer-runner interaction [SIZES]    ours-only: drop targets, focus steps, previews and
//                                      accessibility (Interaction.swift)
//   peer-runner runs [--sizes N,…]     ours-only: cells as one run against the same cells
//                                      written out, a process per case (Runs.swift)

import BenchmarkWorkloads
import Flexbox
import Foundation
import LayoutGeometry
@_spi(Benchmarks) import ListLayout

func emit(_ object: [String: Any]) {
  let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
  print(String(decoding: data, as: UTF8.self))
  fflush(nil)
}

func parseSizes(_ argument: String?) -> [Int] {
  guard let argument else { return Generator.sizes }
  return argument.split(separator: ",").compactMap { Int($0) }
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let n = sorted.count
  return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
}

/// Runs `body` `count` times and returns the median of the per-call nanoseconds, each sample
/// averaging `inner` calls.
func measure(samples count: Int, inner: Int = 1, _ body: () -> Void) -> Double {
  var samples = [Double]()
  for _ in 0..<count {
    let start = monotonicNanoseconds()
    for _ in 0..<inner { body() }
    samples.append(Double(monotonicNanoseconds() - start) / Double(inner))
  }
  return median(samples)
}

// MARK: - generate

func generate(into directory: String, sizes: [Int]) throws {
  let dir = URL(fileURLWithPath: directory)
  try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  var written = [String]()
  func write(_ text: String, _ name: String) throws {
    try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
    written.append(name)
  }
  for n in sizes {
    try write(Generator.feed(count: n).json(), Generator.fileName("feed", n))
    try write(Generator.list(count: n).json(), Generator.fileName("list", n))
  }
  // The two flexbox workloads are CSS flex documents (FlexWorkloads.swift): the Flexbox
  // module decodes them with `FlexDocument.decode`, the peers build their trees from them.
  let wrapRow = Generator.wrapRow()
  try write(wrapRow.flexDocumentJSON(), Generator.fileName(wrapRow.name, wrapRow.count))
  let nested = Generator.nested()
  try write(nested.flexDocumentJSON(), Generator.fileName(nested.name, nested.leafCount))
  emit(["generated": written, "dir": directory])
}

// MARK: - serve

final class Server {
  var workload: FlowWorkload?
  var model: ListModel?
  var frames: UnsafeMutableBufferPointer<Rect>?
  var flex: FlexWorkload?

  func load(path: String) throws {
    release()
    let url = URL(fileURLWithPath: path)
    if let flow = try? FlowWorkload.read(url) {
      // The floor is a greedy wrap: it has no flex-grow, so it is no floor for "wrap-row".
      if flow.hasListModel {
        model = flow.listModel()
        workload = flow
        frames = .allocate(capacity: flow.count)
        frames!.initialize(repeating: .zero)
      }
      emit([
        "ok": true, "name": flow.name, "count": flow.count, "ours": model != nil, "baseline": model != nil,
      ])
    } else {
      // A CSS flex document ("nested", "wrap-row"): decoded and built here, untimed.
      let workload = try FlexWorkload(json: Data(contentsOf: url))
      flex = workload
      let stem = url.deletingPathExtension().lastPathComponent
      let name = stem.split(separator: "-").dropLast().joined(separator: "-")
      emit(["ok": true, "name": name, "count": workload.leafCount, "ours": true, "baseline": false])
    }
  }

  func loadHub(count: Int) {
    release()
    model = Generator.hubModel(count: count)
    emit(["ok": true, "name": "hub", "count": count, "ours": true, "baseline": false])
  }

  func release() {
    workload = nil
    model = nil
    flex = nil
    frames?.deallocate()
    frames = nil
  }

  func timeOurs() throws {
    if let flex {
      let start = monotonicNanoseconds()
      let computed = flex.compute()
      let ns = monotonicNanoseconds() - start
      return emit(["ns": ns, "height": computed.frame.height])
    }
    guard let model else { return emit(["error": "no ListLayout model for this workload"]) }
    let start = monotonicNanoseconds()
    let snapshot = try model.layout()
    let ns = monotonicNanoseconds() - start
    emit(["ns": ns, "height": snapshot.contentSize.height])
  }

  func timeBaseline() {
    guard let workload, let frames else { return emit(["error": "no baseline for this workload"]) }
    let start = monotonicNanoseconds()
    let height = workload.baseline(into: frames)
    let ns = monotonicNanoseconds() - start
    emit(["ns": ns, "height": height])
  }

  /// A flex document's leaf frames, relative to the root, depth-first, and the root's height.
  func dumpLeafFrames() {
    guard let flex else { return emit(["error": "no flex document loaded"]) }
    let computed = flex.compute()
    let out = computed.leafFramesAbsolute().map { [$0.minX, $0.minY, $0.width, $0.height] }
    emit(["frames": out, "height": computed.frame.height])
  }

  func dumpFrames(_ k: Int) throws {
    guard let model else { return emit(["error": "no ListLayout model for this workload"]) }
    let snapshot = try model.layout()
    let n = min(k, snapshot.numberOfItems(inSection: 0))
    var out = [[Double]]()
    for i in 0..<n {
      let f = snapshot.frame(of: ListIndexPath(item: i, section: 0))!
      out.append([f.minX, f.minY, f.width, f.height])
    }
    var base = [[Double]]()
    if let workload, let frames {
      _ = workload.baseline(into: frames)
      for i in 0..<n { base.append([frames[i].minX, frames[i].minY, frames[i].width, frames[i].height]) }
    }
    emit(["frames": out, "baseline": base, "height": snapshot.contentSize.height])
  }

  /// Every cell frame of ours against the floor's, and the content heights (both are exact in
  /// Double for these integer inputs).
  func check() throws {
    guard let model, let workload, let frames else { return emit(["error": "nothing to check"]) }
    let snapshot = try model.layout()
    let height = workload.baseline(into: frames)
    var maxDiff = 0.0
    for i in 0..<workload.count {
      let f = snapshot.frame(of: ListIndexPath(item: i, section: 0))!
      let b = frames[i]
      maxDiff = max(
        maxDiff, abs(f.minX - b.minX), abs(f.minY - b.minY), abs(f.width - b.width), abs(f.height - b.height))
    }
    emit([
      "maxDiff": maxDiff, "frames": workload.count, "oursHeight": snapshot.contentSize.height,
      "floorHeight": height,
    ])
  }

  func run() throws {
    while let line = readLine() {
      let words = line.split(separator: " ").map(String.init)
      guard let command = words.first else { continue }
      switch command {
      case "load": try load(path: words[1])
      case "load-hub": loadHub(count: Int(words[1])!)
      case "ours": try timeOurs()
      case "baseline": timeBaseline()
      case "frames": try dumpFrames(Int(words[1])!)
      case "leafframes": dumpLeafFrames()
      case "check": try check()
      case "quit": return
      default: emit(["error": "unknown command \(command)"])
      }
    }
  }
}

// MARK: - probes

func probes(sizes: [Int]) throws {
  for n in sizes {
    let snapshot = try Generator.feed(count: n).listModel().layout()
    let offsets = randomOffsets(in: snapshot, count: 1000)
    var elements = 0
    let screen = measure(samples: 21) { elements = visibleRectQueries(snapshot, offsets: offsets) }
    let band = measure(samples: 21) { consume(visibleRectQueries(snapshot, offsets: offsets, height: 1)) }
    let bandElements = visibleRectQueries(snapshot, offsets: offsets, height: 1)
    let perQuery = screen / Double(offsets.count)
    let perBand = band / Double(offsets.count)
    let k = Double(elements) / Double(offsets.count)
    let kBand = Double(bandElements) / Double(offsets.count)
    // Cost per returned element from the two rect heights; what remains is the fixed cost.
    let perElement = (perQuery - perBand) / (k - kBand)
    emit([
      "probe": "visible-rect", "workload": "feed", "count": n, "nsPerQuery": perQuery, "elementsPerQuery": k,
      "nsPerBandQuery": perBand, "elementsPerBandQuery": kBand, "nsPerElement": perElement,
      "nsFixed": perQuery - perElement * k,
    ])
    var sweep = (steps: 0, elements: 0)
    let sweepNs = measure(samples: n >= 1_000_000 ? 5 : 11) { sweep = scrollSweep(snapshot) }
    emit([
      "probe": "scroll-sweep", "workload": "feed", "count": n, "ns": sweepNs, "steps": sweep.steps,
      "nsPerStep": sweepNs / Double(sweep.steps), "elements": sweep.elements,
    ])
    let hub = try Generator.hubModel(count: n).layout()
    let hubOffsets = randomOffsets(in: hub, count: 1000)
    let sticky = measure(samples: 21) { consume(stickyHeaderResolutions(hub, offsets: hubOffsets)) }
    emit([
      "probe": "sticky-header", "workload": "hub", "count": n,
      "nsPerResolution": sticky / Double(hubOffsets.count),
    ])
  }
}

// MARK: - incremental

/// One-cell edits of the feed, each timed as `snapshot.applying(update)` on a snapshot kept
/// alive (snapshots are values: the old one stays valid), alternating with a full
/// `layout()` of the same edited model, in the same process.
func incremental(sizes: [Int]) throws {
  for n in sizes {
    let model = Generator.feed(count: n).listModel()
    let snapshot = try model.layout()
    let middle = ListIndexPath(item: n / 2, section: 0)
    let old = snapshot.frame(of: middle)!
    var edits: [(String, ListUpdate)] = []
    var resize = ListUpdate()
    resize.resizeItem(at: middle, to: Size(width: old.width, height: old.height + 40))
    edits.append(("resize", resize))
    var insert = ListUpdate()
    insert.insertItem(Cell(width: 100, height: 60), at: middle)
    edits.append(("insert", insert))
    var delete = ListUpdate()
    delete.deleteItem(at: middle)
    edits.append(("delete", delete))
    for (name, update) in edits {
      let first = try snapshot.applying(update)
      // The edited model, laid out from scratch: the relayout the edit replaces, and the check.
      let edited = first.snapshot.model
      let full = try edited.layout()
      var agrees = full.contentSize == first.snapshot.contentSize
      for i in [0, n / 2 - 1, n / 2, n / 2 + 1, edited.sections[0].cells.count - 1] {
        let path = ListIndexPath(item: i, section: 0)
        agrees = agrees && full.frame(of: path) == first.snapshot.frame(of: path)
      }
      // Each sample: one full relayout, then the first edit after it (its caches cold from the
      // relayout: "first"), then about 20 ms of edits, each timed on its own (the steady cost
      // of an edit, "ns", what the targets speak of). As in the package-benchmark suites, a
      // result is freed after the clock has stopped: freeing is not part of the edit (nor of
      // the relayout).
      let probe = monotonicNanoseconds()
      consume(try snapshot.applying(update))
      let once = max(Double(monotonicNanoseconds() - probe), 1)
      let inner = max(1, min(100_000, Int(20_000_000 / once)))
      let reps = n >= 1_000_000 ? 11 : 21
      var editSamples = [Double]()
      var firstSamples = [Double]()
      var fullSamples = [Double]()
      for _ in 0..<reps {
        var start = monotonicNanoseconds()
        let relaid = try edited.layout()
        fullSamples.append(Double(monotonicNanoseconds() - start))
        consume(relaid)
        for k in 0...inner {
          start = monotonicNanoseconds()
          let result = try snapshot.applying(update)
          let ns = Double(monotonicNanoseconds() - start)
          if k == 0 { firstSamples.append(ns) } else { editSamples.append(ns) }
          consume(result)
        }
      }
      let edit = median(editSamples)
      let relayout = median(fullSamples)
      emit([
        "incremental": name, "workload": "feed", "count": n, "ns": edit, "firstNs": median(firstSamples),
        "relayoutNs": relayout, "ratio": relayout / edit, "reflowedLines": first.reflowedLines,
        "editsPerSample": inner, "samples": reps, "agreesWithRelayout": agrees,
      ])
    }
  }
}

// MARK: - memory

func memory(kind: String, count: Int) throws {
  let model: ListModel
  switch kind {
  case "feed": model = Generator.feed(count: count).listModel()
  case "list": model = Generator.list(count: count).listModel()
  default: model = Generator.hubModel(count: count)
  }
  let heapBefore = heapBytesInUse() ?? 0
  let arenaBefore = LayoutMemory.arenaBytesWritten
  let rssBefore = currentResidentBytes()
  let peakBefore = peakResidentBytes()
  let snapshot = try model.layout()
  let heapAfter = heapBytesInUse() ?? 0
  let arenaAfter = LayoutMemory.arenaBytesWritten
  let rssAfter = currentResidentBytes()
  let peakAfter = peakResidentBytes()
  // Layout state: what malloc hands out plus the page records written into arenas (large
  // sections keep their pages in mappings of their own, which malloc does not count).
  let heap = Double(heapAfter - heapBefore) / Double(count)
  let arena = Double(arenaAfter - arenaBefore) / Double(count)
  emit([
    "memory": kind, "count": count, "heapBytesPerCell": heap + arena, "mallocBytesPerCell": heap,
    "arenaBytesPerCell": arena,
    "rssBytesPerCell": Double(rssAfter - rssBefore) / Double(count),
    "peakRSSDeltaPerCell": Double(peakAfter - peakBefore) / Double(count),
    "peakRSSBytes": peakAfter, "peakRSSBeforeLayout": peakBefore, "elements": snapshot.elementCount,
    "modelBytesPerCell": MemoryLayout<Cell>.stride,
  ])
  consume(snapshot)
}

// MARK: - main

let arguments = CommandLine.arguments
do {
  switch arguments.count > 1 ? arguments[1] : "" {
  case "generate":
    try generate(into: arguments[2], sizes: parseSizes(arguments.count > 3 ? arguments[3] : nil))
  case "lcg":
    var lcg = LCG()
    emit(["lcg": (0..<Int(arguments[2])!).map { _ in lcg.next() }])
  case "serve": try Server().run()
  case "probes": try probes(sizes: parseSizes(arguments.count > 2 ? arguments[2] : nil))
  case "incremental": try incremental(sizes: parseSizes(arguments.count > 2 ? arguments[2] : nil))
  case "memory": try memory(kind: arguments[2], count: Int(arguments[3])!)
  case "ingest": try ingest(path: arguments[2])
  case "ingest-check": try ingestCheck(path: arguments[2], cells: Int(arguments[3])!)
  case "scroll": try scrollProbes(sizes: parseSizes(arguments.count > 2 ? arguments[2] : nil))
  case "queries": try queryProbes(sizes: parseSizes(arguments.count > 2 ? arguments[2] : nil))
  case "separators": try separatorProbes(sizes: parseSizes(arguments.count > 2 ? arguments[2] : nil))
  case "collapse": try collapseProbes(sizes: parseSizes(arguments.count > 2 ? arguments[2] : nil))
  case "badges":
    try badgeProbes(
      sizes: parseSizes(arguments.count > 2 ? arguments[2] : nil),
      queriesOnly: arguments.count > 3 && arguments[3] == "queries")
  case "interaction": try interactionProbes(sizes: parseSizes(arguments.count > 2 ? arguments[2] : nil))
  case "runs": try runsProbes(arguments.dropFirst(2))
  case "runs-case":
    guard arguments.count > 4, let n = Int(arguments[4]) else {
      throw RunsUsage(text: "runs-case run|written SHAPE N")
    }
    let budget = Double(optionValue("budget", in: arguments.dropFirst(5)) ?? "") ?? 3
    try runsCase(storage: arguments[2], shape: arguments[3], count: n, budget: budget)
  case "runs-feed":
    guard arguments.count > 3, let n = Int(arguments[2]), let c = Int(arguments[3]) else {
      throw RunsUsage(text: "runs-feed N C")
    }
    FileHandle.standardOutput.write(
      Data(RunFeed.json(cells: n, cycle: c, writtenOut: arguments.dropFirst(4).contains("--written"))))
  case "runs-cli":
    guard arguments.count > 3, arguments[3] == "mid" || Double(arguments[3]) != nil else {
      throw RunsUsage(text: "runs-cli FEED Y|mid")
    }
    let budget = Double(optionValue("budget", in: arguments.dropFirst(4)) ?? "") ?? 3
    try runsCLI(path: arguments[2], offset: Double(arguments[3]), budget: budget)
  case "grid-runs": try gridRunProbes(count: arguments.count > 2 ? Int(arguments[2])! : 1_000_000)
  default:
    FileHandle.standardError.write(
      Data(
        ("usage: peer-runner generate DIR [SIZES] | lcg K | serve | probes [SIZES] | incremental [SIZES]"
          + " | memory KIND N | ingest FILE | ingest-check FILE N | scroll [SIZES] | queries [SIZES]"
          + " | separators [SIZES] | collapse [SIZES] | badges [SIZES] | interaction [SIZES]"
          + " | runs [--sizes N,…] [--shapes …] | runs-case … | runs-feed N C | runs-cli FEED Y"
          + " | grid-runs [N]\n").utf8))
    exit(2)
  }
} catch {
  FileHandle.standardError.write(Data("peer-runner: \(error)\n".utf8))
  exit(1)
}
