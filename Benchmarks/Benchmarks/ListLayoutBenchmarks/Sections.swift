// Edits in a feed of many sections: the 100k-cell feed cut into 1,000 sections of 100 cells
// (each with a 30-point header), against the same edit in the one-section feed
// (`Resize/feed/100k`, same run):
//
//   swift package --package-path Benchmarks benchmark --filter "(Resize|Insert|Delete)/(sections|feed)/(1k|100k).*"
//
// A one-cell edit should cost about the same whatever the number of sections: only the
// touched section is laid out, and the rest of the per-section state is shared.

import Benchmark
import BenchmarkWorkloads
import LayoutGeometry
import ListLayout

/// The sectioned feed's snapshot, built once per process on first use (outside measurement).
final class SectionFixtures: @unchecked Sendable {
  static let shared = SectionFixtures()
  private var snapshots: [Int: LayoutSnapshot] = [:]

  /// The feed of `count` cells in sections of 100.
  func snapshot(_ count: Int) -> LayoutSnapshot {
    if let snapshot = snapshots[count] { return snapshot }
    let flat = Fixtures.shared.model("feed", count)
    var model = ListModel(configuration: flat.configuration)
    let cells = Array(flat.sections.flatMap(\.cells))
    for start in stride(from: 0, to: cells.count, by: 100) {
      model.sections.append(
        Section(header: Supplementary(height: 30), cells: cells[start..<min(start + 100, cells.count)]))
    }
    let laidOut = try! model.layout()
    snapshots[count] = laidOut
    return laidOut
  }

  func clear() {
    snapshots = [:]
    Fixtures.shared.clear()
  }
}

func sectionBenchmarks() {
  let fixtures = SectionFixtures.shared
  let perEdit = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 3,
    maxDuration: .seconds(3), maxIterations: 2_000, teardown: { fixtures.clear() })
  for n in [100_000] {
    let sections = n / 100
    for edit in ["Resize", "Insert", "Delete"] {
      // Named by the number of sections: "Resize/sections/1k" is 1,000 sections of 100 cells.
      editBenchmark(
        "\(edit)/sections/\(label(sections))", edit, at: ListIndexPath(item: 50, section: sections / 2), perEdit
      ) { fixtures.snapshot(n) }
    }
  }
}
