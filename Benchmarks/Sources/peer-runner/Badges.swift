// Badges (issue 32): the feed with one badge on every tenth cell against the same feed without,
// alternately in one process:
//
//   swift build -c release --package-path Benchmarks --product peer-runner
//   Benchmarks/.build/release/peer-runner badges 1000000
//
// One JSON line per measure, with and without badges, and with badges and separators (a
// 1-point separator between every two lines, as `peer-runner separators` draws them): the
// layout (`model.layout()`), the pass over the cells that counts and bounds the badges (on a
// list that keeps its count from an earlier pass, as a laid-out model's lists do, and on a
// list just built), and a screen-sized rect query at random offsets (per query). Each is timed by the wall clock and by the
// process's CPU time (every thread: a large section's second half is laid out by a helper),
// the steadier figure on a machine shared with other work; minimum and median of the samples.

import BenchmarkWorkloads
import LayoutGeometry
@_spi(Benchmarks) import ListLayout

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The feed of `count` cells with a badge on every tenth cell: a dot on the top trailing
/// corner, centred a quarter of its size inside it (the demo's). Its sections' cells are
/// built from an array, as the plain feed's are (cells set one by one in a list copy its
/// chunks one at a time, scattered among the badges' storage: a walk over them then reads
/// memory in a worse order than the plain feed's, which is not what badges cost).
func badgedFeed(count: Int) -> ListModel {
  var model = Generator.feed(count: count).listModel()
  let badge = Badge(size: Size(width: 18, height: 18), anchor: .topTrailing, offset: Point(x: 0.25, y: -0.25))
  for s in model.sections.indices {
    var cells = Array(model.sections[s].cells)
    var i = 0
    while i < cells.count {
      cells[i].badges = [badge]
      i += 10
    }
    model.sections[s].cells = CellList(cells)
  }
  return model
}

func processCPUNanoseconds() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
  return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Samples of one measure: wall clock and process CPU time, in nanoseconds.
struct Samples {
  var wall: [Double] = []
  var cpu: [Double] = []

  mutating func time(_ body: () throws -> Void) rethrows {
    let wall0 = monotonicNanoseconds()
    let cpu0 = processCPUNanoseconds()
    try body()
    cpu.append(Double(processCPUNanoseconds() - cpu0))
    wall.append(Double(monotonicNanoseconds() - wall0))
  }

  func summary(_ name: String, scale: Double) -> [String: Any] {
    [
      name + "WallMin": wall.min()! / scale, name + "WallMedian": median(wall) / scale,
      name + "CpuMin": cpu.min()! / scale, name + "CpuMedian": median(cpu) / scale,
    ]
  }

  /// `self` over `base`: the ratios of the minimums and of the medians.
  func ratios(over base: Samples) -> [String: Any] {
    [
      "ratioWallMin": wall.min()! / base.wall.min()!, "ratioWallMedian": median(wall) / median(base.wall),
      "ratioCpuMin": cpu.min()! / base.cpu.min()!, "ratioCpuMedian": median(cpu) / median(base.cpu),
    ]
  }
}

/// The badged feed with a 1-point separator between every two of its lines (inset 16 on the
/// leading side): issue 32's target names both.
func separatedBadgedFeed(count: Int) -> ListModel {
  var model = badgedFeed(count: count)
  for s in model.sections.indices {
    model.sections[s].separator = SectionSeparator(thickness: 1, leftInset: 16)
  }
  return model
}

func badgeProbes(sizes: [Int], queriesOnly: Bool = false) throws {
  for n in sizes {
    let plain = Generator.feed(count: n).listModel()
    let badged = badgedFeed(count: n)
    let both = separatedBadgedFeed(count: n)
    let rounds = n >= 1_000_000 ? 21 : 41
    if !queriesOnly {
      try badgeLayoutProbes(n, plain, badged, both, rounds: rounds)
    }
    try badgeQueryProbes(n, plain, badged, both, samples: queriesOnly ? 301 : 31)
  }
}

func badgeLayoutProbes(_ n: Int, _ plain: ListModel, _ badged: ListModel, _ both: ListModel, rounds: Int) throws {
  do {
    // Layouts, alternating (the first round discarded as a warm-up).
    var plainLayout = Samples()
    var badgedLayout = Samples()
    var bothLayout = Samples()
    for round in 0..<rounds {
      if round == 0 {
        consume(try plain.layout().contentSize)
        consume(try badged.layout().contentSize)
        consume(try both.layout().contentSize)
        continue
      }
      try plainLayout.time { consume(try plain.layout().contentSize) }
      try badgedLayout.time { consume(try badged.layout().contentSize) }
      try bothLayout.time { consume(try both.layout().contentSize) }
    }
    var line: [String: Any] = ["probe": "badges-layout", "workload": "feed", "count": n, "badges": n / 10]
    line.merge(plainLayout.summary("plainMs", scale: 1e6)) { $1 }
    line.merge(badgedLayout.summary("badgedMs", scale: 1e6)) { $1 }
    line.merge(badgedLayout.ratios(over: plainLayout)) { $1 }
    emit(line)
    line = ["probe": "badges-separators-layout", "workload": "feed", "count": n, "badges": n / 10]
    line.merge(plainLayout.summary("plainMs", scale: 1e6)) { $1 }
    line.merge(bothLayout.summary("bothMs", scale: 1e6)) { $1 }
    line.merge(bothLayout.ratios(over: plainLayout)) { $1 }
    emit(line)
    // The count of the badges alone: on the laid-out models (their lists keep their counts),
    // and on lists just built from the same cells (counted cell by cell).
    var plainCount = Samples()
    var badgedCount = Samples()
    var plainFirst = Samples()
    var badgedFirst = Samples()
    for _ in 0..<rounds {
      try plainCount.time { consume(try BadgeCounting.countBadges(of: plain)) }
      try badgedCount.time { consume(try BadgeCounting.countBadges(of: badged)) }
      let freshPlain = rebuilt(plain)
      let freshBadged = rebuilt(badged)
      try plainFirst.time { consume(try BadgeCounting.countBadges(of: freshPlain)) }
      try badgedFirst.time { consume(try BadgeCounting.countBadges(of: freshBadged)) }
    }
    line = ["probe": "badges-count-pass", "workload": "feed", "count": n]
    line.merge(plainCount.summary("plainKeptMs", scale: 1e6)) { $1 }
    line.merge(badgedCount.summary("badgedKeptMs", scale: 1e6)) { $1 }
    line.merge(plainFirst.summary("plainFirstMs", scale: 1e6)) { $1 }
    line.merge(badgedFirst.summary("badgedFirstMs", scale: 1e6)) { $1 }
    emit(line)
  }
}

/// `model` with every section's cells in a list built again from an array (a list that has
/// not been counted yet).
func rebuilt(_ model: ListModel) -> ListModel {
  var copy = model
  for s in copy.sections.indices { copy.sections[s].cells = CellList(Array(copy.sections[s].cells)) }
  return copy
}

func badgeQueryProbes(_ n: Int, _ plain: ListModel, _ badged: ListModel, _ both: ListModel, samples: Int) throws {
  do {
    // Screen queries, alternating sample by sample (each sample 1,000 queries).
    let plainSnapshot = try plain.layout()
    let badgedSnapshot = try badged.layout()
    let bothSnapshot = try both.layout()
    let offsets = randomOffsets(in: plainSnapshot, count: 1000)
    var plainQuery = Samples()
    var badgedQuery = Samples()
    var bothQuery = Samples()
    var plainElements = 0
    var badgedElements = 0
    var bothElements = 0
    for _ in 0..<samples {
      plainQuery.time { plainElements = visibleRectQueries(plainSnapshot, offsets: offsets) }
      badgedQuery.time { badgedElements = visibleRectQueries(badgedSnapshot, offsets: offsets) }
      bothQuery.time { bothElements = visibleRectQueries(bothSnapshot, offsets: offsets) }
    }
    var line: [String: Any] = [
      "probe": "badges-screen-query", "workload": "feed", "count": n,
      "plainElementsPerQuery": Double(plainElements) / Double(offsets.count),
      "badgedElementsPerQuery": Double(badgedElements) / Double(offsets.count),
    ]
    line.merge(plainQuery.summary("plainNsPerQuery", scale: Double(offsets.count))) { $1 }
    line.merge(badgedQuery.summary("badgedNsPerQuery", scale: Double(offsets.count))) { $1 }
    line.merge(badgedQuery.ratios(over: plainQuery)) { $1 }
    emit(line)
    line = [
      "probe": "badges-separators-screen-query", "workload": "feed", "count": n,
      "plainElementsPerQuery": Double(plainElements) / Double(offsets.count),
      "bothElementsPerQuery": Double(bothElements) / Double(offsets.count),
    ]
    line.merge(plainQuery.summary("plainNsPerQuery", scale: Double(offsets.count))) { $1 }
    line.merge(bothQuery.summary("bothNsPerQuery", scale: Double(offsets.count))) { $1 }
    line.merge(bothQuery.ratios(over: plainQuery)) { $1 }
    emit(line)
  }
}
