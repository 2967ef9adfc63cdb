// Runs of cells (issue 33): N cells of one section stored as one run against the same cells
// written out, each case in a process of its own (so that its peak resident set is its own):
//
//   swift build -c release --package-path Benchmarks --product peer-runner
//   Benchmarks/.build/release/peer-runner runs                          # 1M, 10M
//   Benchmarks/.build/release/peer-runner runs --sizes 1000000,10000000,100000000
//
// Options: --sizes N,… (default 1M,10M), --shapes uniform,cycle100 (a cycle of C sizes is
// `cycleC`), --written-up-to N (the largest N also written out, default 10M: 100M written out
// needs more memory than the machine has), --budget S (seconds of repetitions per measure,
// default 3; a measure is always taken once).
//
// The cells are the feed `listlayout generate --cells N --runs --cycle C` prints (RunFeed). Per
// case, one JSON line: building the model (decoding the run feed; writing its cells out),
// `model.layout()` (median of its repetitions, the first apart), a 375 × 667 viewport query
// (`viewport(scrolledTo:length:)`) at seeded offsets (per query), a `ScrollSession` `measure`
// of one cell in the middle of the list, anchored (its height alternately grown by 10 points
// and given back; the first, which builds the index of identifiers, apart), a jump to that cell
// by identifier from a copy of the session (the first, building its index, apart), and the peak
// resident set (`VmHWM`) after each step. Then one line per size and shape with the written-out
// case over the run case: the ratios of the same run, and whether their viewports at the same
// offsets found the same elements with the same frames, bit for bit (`sameFrames`).
//
//   peer-runner runs-case run|written SHAPE N [--budget S]   one case (what `runs` starts)
//   peer-runner runs-feed N C [--written]                    the run feed's bytes, or the same
//                                                            cells written out (for runs.sh)
//   peer-runner runs-cli FEED Y|mid                          `layout FEED --offset Y
//                                                            --viewport-height 667` in process,
//                                                            read, decode, layout, query and
//                                                            output timed apart (for runs.sh)

import BenchmarkWorkloads
import Foundation
import LayoutGeometry
import ListLayout

/// The cycle length of a shape: `uniform` is 1, `cycleC` is C.
func runCycle(_ shape: String) -> Int? {
  if shape == "uniform" { return 1 }
  guard shape.hasPrefix("cycle"), let c = Int(shape.dropFirst(5)), c > 0 else { return nil }
  return c
}

/// The value of `--name` in `arguments`, if given.
func optionValue(_ name: String, in arguments: ArraySlice<String>) -> String? {
  guard let i = arguments.firstIndex(of: "--" + name), i + 1 < arguments.endIndex else { return nil }
  return arguments[i + 1]
}

/// Samples of `body` until `budget` seconds have passed (at least `minimum`, at most
/// `maximum`): wall clock and process CPU time (every thread), in nanoseconds each. On a
/// machine shared with other work the CPU time is the steadier figure.
func budgetedSamples(
  budget: Double, minimum: Int = 1, maximum: Int, _ body: () throws -> Void
) rethrows -> Samples {
  var samples = Samples()
  let start = monotonicNanoseconds()
  while samples.wall.count < maximum {
    try samples.time(body)
    if samples.wall.count >= minimum, Double(monotonicNanoseconds() - start) > budget * 1e9 { break }
  }
  return samples
}

extension Samples {
  /// `name` + `unit` (median wall clock), `name` + "Min" + `unit`, `name` + "Cpu" + `unit`
  /// (median CPU time), the samples divided by `scale`; and how many samples.
  func fields(_ name: String, unit: String, scale: Double) -> [String: Any] {
    [
      name + unit: median(wall) / scale, name + "Min" + unit: wall.min()! / scale,
      name + "Cpu" + unit: median(cpu) / scale, name + "Samples": wall.count,
    ]
  }

  /// Every sample divided by `divisor`.
  func per(_ divisor: Double) -> Samples {
    Samples(wall: wall.map { $0 / divisor }, cpu: cpu.map { $0 / divisor })
  }
}

/// The first layout of `model`, timed, then repetitions within the budget unless the first
/// took more than a third of it.
func timedLayouts(_ model: ListModel, budget: Double) throws -> (LayoutSnapshot, first: Samples, all: Samples)
{
  var first = Samples()
  var snapshot: LayoutSnapshot?
  try first.time { snapshot = try model.layout() }
  var all = first
  if first.wall[0] < budget * 1e9 / 3 {
    all = try budgetedSamples(budget: budget, minimum: 3, maximum: 50) { snapshot = try model.layout() }
  }
  return (snapshot!, first, all)
}

// MARK: - one case

func runsCase(storage: String, shape: String, count: Int, budget: Double) throws {
  guard let cycle = runCycle(shape), storage == "run" || storage == "written" else {
    throw RunsUsage(text: "runs-case run|written uniform|cycleC N")
  }
  var result: [String: Any] = ["probe": "runs", "storage": storage, "shape": shape, "count": count]
  // The model.
  let buildStart = monotonicNanoseconds()
  var model = try RunFeed.runModel(cells: count, cycle: cycle)
  if storage == "written" { model = RunFeed.writtenOut(model) }
  result["buildMs"] = Double(monotonicNanoseconds() - buildStart) / 1e6
  result["peakMBAfterBuild"] = Double(peakResidentBytes()) / 1_048_576
  result["rssMBAfterBuild"] = Double(currentResidentBytes()) / 1_048_576

  // The layout: the first one, then repetitions within the budget.
  let (snapshot, first, layouts) = try timedLayouts(model, budget: budget)
  result["layoutFirstMs"] = first.wall[0] / 1e6
  result.merge(layouts.fields("layout", unit: "Ms", scale: 1e6)) { $1 }
  result["contentHeight"] = snapshot.contentLength
  result["peakMBAfterLayout"] = Double(peakResidentBytes()) / 1_048_576

  // A screen's viewport at seeded offsets over the whole content, per query.
  let maxOffset = max(0, snapshot.contentLength - 667)
  var lcg = LCG(seed: 9)
  let offsets = (0..<1_000).map { _ in Double(lcg.next() % 1_000_001) / 1_000_000 * maxOffset }
  var visible = 0
  let queries = budgetedSamples(budget: budget, minimum: 5, maximum: 200) {
    for y in offsets {
      let viewport = snapshot.viewport(scrolledTo: y, length: 667)
      visible &+= viewport.elements.count
    }
  }.per(Double(offsets.count))
  result.merge(queries.fields("query", unit: "Ns", scale: 1)) { $1 }
  result["elementsPerQuery"] = Double(visible) / Double(queries.wall.count * offsets.count)
  // What the queries found, for the run and written-out cases to be compared: a digest of
  // every element's index path and frame (bit patterns) at the same offsets.
  var digest: UInt64 = 0xcbf2_9ce4_8422_2325
  func mix(_ value: UInt64) { digest = (digest ^ value) &* 0x100_0000_01b3 }
  for y in offsets {
    for element in snapshot.viewport(scrolledTo: y, length: 667).elements {
      mix(UInt64(element.indexPath.section))
      mix(UInt64(element.indexPath.item))
      for v in [element.frame.minX, element.frame.minY, element.frame.width, element.frame.height] {
        mix(v.bitPattern)
      }
    }
  }
  result["framesDigest"] = String(digest, radix: 16)

  // A measurement of the cell at the middle of the viewport, the session scrolled to the
  // middle of the list (anchored: the session keeps its anchor's distance from the top).
  result["peakMBAfterQueries"] = Double(peakResidentBytes()) / 1_048_576
  var session = try ScrollSession(snapshot: snapshot, viewportLength: 667)
  try session.apply(.scrollTo(session.maxOffset / 2))
  guard !session.visibleCells.isEmpty else { throw RunsUsage(text: "runs-case … N with N > 0") }
  let path = session.visibleCells[session.visibleCells.count / 2]
  guard let id = session.snapshot.identifier(of: path), let frame = session.snapshot.frame(of: path) else {
    throw RunsUsage(text: "the middle cell has no identifier")
  }
  result["measuredCell"] = id
  // A jump to that cell by identifier from a copy of the session (which builds its own index
  // of identifiers): the first, which builds it, and the next ones (a look-up and the jump).
  var jumper = session
  let jump = ScrollEvent.jump(ScrollJump(to: .id(id), alignment: .center))
  var firstJump = Samples()
  try firstJump.time { try jumper.apply(jump) }
  result["jumpByIdFirstUs"] = firstJump.wall[0] / 1e3
  result["jumpByIdFirstCpuUs"] = firstJump.cpu[0] / 1e3
  result["peakMBAfterFirstJump"] = Double(peakResidentBytes()) / 1_048_576
  let jumps = try budgetedSamples(budget: budget, minimum: 1, maximum: 2_000) { try jumper.apply(jump) }
  result.merge(jumps.fields("jumpById", unit: "Us", scale: 1e3)) { $1 }
  consume(jumper)
  var grown = false
  func measureOnce() throws {
    grown.toggle()
    try session.apply(.measure([id: Size(width: frame.width, height: frame.height + (grown ? 10 : 0))]))
  }
  var firstMeasure = Samples()
  try firstMeasure.time { try measureOnce() }
  result["measureFirstUs"] = firstMeasure.wall[0] / 1e3
  result["measureFirstCpuUs"] = firstMeasure.cpu[0] / 1e3
  result["peakMBAfterFirstMeasure"] = Double(peakResidentBytes()) / 1_048_576
  let measures = try budgetedSamples(budget: budget, minimum: 1, maximum: 2_000) { try measureOnce() }
  result.merge(measures.fields("measure", unit: "Us", scale: 1e3)) { $1 }
  result["measureTargetUs"] = 20
  consume(session)
  consume(model)
  result["peakMB"] = Double(peakResidentBytes()) / 1_048_576
  emit(result)
}

struct RunsUsage: Error, CustomStringConvertible {
  var text: String
  var description: String { "usage: peer-runner " + text }
}

// MARK: - the comparison

func runsProbes(_ arguments: ArraySlice<String>) throws {
  let sizes = parseSizes(optionValue("sizes", in: arguments) ?? "1000000,10000000")
  let shapes = (optionValue("shapes", in: arguments) ?? "uniform,cycle100").split(separator: ",").map(
    String.init)
  let writtenLimit = Int(optionValue("written-up-to", in: arguments) ?? "") ?? 10_000_000
  let budget = Double(optionValue("budget", in: arguments) ?? "") ?? 3
  let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
  var rows: [[String: Any]] = []
  for n in sizes {
    for shape in shapes {
      var pair: [String: [String: Any]] = [:]
      for storage in n <= writtenLimit ? ["run", "written"] : ["run"] {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["runs-case", storage, shape, "\(n)", "--budget", "\(budget)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
          let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last,
          let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        else {
          emit(["probe": "runs", "storage": storage, "shape": shape, "count": n, "failed": true])
          continue
        }
        print(line)
        fflush(nil)
        pair[storage] = object
        rows.append(object)
      }
      if let run = pair["run"], let written = pair["written"] {
        var ratios: [String: Any] = ["probe": "runs-ratio", "shape": shape, "count": n]
        // The same viewports, element for element and bit for bit.
        ratios["sameFrames"] = (run["framesDigest"] as? String) == (written["framesDigest"] as? String)
        for key in [
          "layoutMs", "layoutMinMs", "layoutCpuMs", "queryNs", "queryCpuNs", "measureUs", "measureCpuUs",
          "peakMB",
          "buildMs",
        ] {
          if let w = written[key] as? Double, let r = run[key] as? Double, r > 0 { ratios[key] = w / r }
        }
        emit(ratios)
      }
    }
  }
  // A table on standard error, for reading.
  var table = "| cells | shape | storage | build ms | layout ms, CPU ms (first) | query ns, CPU ns "
  table += "| measure µs, CPU µs (first) | peak MB |\n"
  table += "|---:|---|---|---:|---:|---:|---:|---:|\n"
  func f(_ value: Any?, _ digits: Int = 1) -> String {
    guard let v = value as? Double else { return "–" }
    return String(format: "%.\(digits)f", v)
  }
  for row in rows {
    table += "| \(row["count"]!) | \(row["shape"]!) | \(row["storage"]!) | \(f(row["buildMs"])) "
    table += "| \(f(row["layoutMs"], 2)), \(f(row["layoutCpuMs"], 2)) (\(f(row["layoutFirstMs"], 2))) "
    table += "| \(f(row["queryNs"], 0)), \(f(row["queryCpuNs"], 0)) "
    table += "| \(f(row["measureUs"], 2)), \(f(row["measureCpuUs"], 2)) (\(f(row["measureFirstUs"], 1))) "
    table += "| \(f(row["peakMB"])) |\n"
  }
  FileHandle.standardError.write(Data(table.utf8))
}

// MARK: - the CLI's steps in process

/// `listlayout layout FEED --offset Y --viewport-height 667`, step by step as `LayoutCommand`
/// takes them, each timed (median of repetitions within the budget; a layout that takes more
/// than a third of the budget is timed once). `offset` nil: the middle of the content.
func runsCLI(path: String, offset: Double?, budget: Double) throws {
  var bytes: [UInt8] = []
  let read = try budgetedSamples(budget: budget, minimum: 3, maximum: 50) {
    bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
  }
  var model = try ListModel(json: bytes)
  let decode = try budgetedSamples(budget: budget, minimum: 3, maximum: 50) {
    model = try ListModel(json: bytes)
  }
  let (snapshot, _, layout) = try timedLayouts(model, budget: budget)
  let y = offset ?? (snapshot.contentLength / 2).rounded()
  var written = 0
  let query = budgetedSamples(budget: budget, minimum: 3, maximum: 1_000) {
    let viewport = snapshot.viewport(scrolledTo: y, length: 667)
    let sections = snapshot.sections(overlapping: viewport.rect)
    let sink = IngestFeed.DiscardingSink()
    var writer = sink.writer()
    snapshot.writeJSON(elements: viewport.elements, sections: sections, to: &writer)
    writer.flush()
    written = sink.bytes
  }
  var result: [String: Any] = [
    "probe": "runs-cli", "file": (path as NSString).lastPathComponent, "bytes": bytes.count,
    "offset": y, "contentHeight": snapshot.contentLength, "outputBytes": written,
    "peakMB": Double(peakResidentBytes()) / 1_048_576,
  ]
  result.merge(read.fields("read", unit: "Ms", scale: 1e6)) { $1 }
  result.merge(decode.fields("decode", unit: "Ms", scale: 1e6)) { $1 }
  result.merge(layout.fields("layout", unit: "Ms", scale: 1e6)) { $1 }
  result.merge(query.fields("queryAndWrite", unit: "Us", scale: 1e3)) { $1 }
  emit(result)
}
