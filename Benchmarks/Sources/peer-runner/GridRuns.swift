// Grid and carousel sections of runs (issue 33): `model.layout()` of a section of one run
// against the same cells written out, alternately in one process, and a 100M-cell grid run:
//
//   swift build -c release --package-path Benchmarks --product peer-runner
//   Benchmarks/.build/release/peer-runner grid-runs 1000000
//
// One JSON line per measure (minimum and median wall clock and process CPU time, in ms).

import BenchmarkWorkloads
import LayoutGeometry
import ListLayout

/// A list of one section of `layout` whose cells are `cells`.
private func runModel(_ layout: SectionLayout, _ cells: CellList) -> ListModel {
  var configuration = ListConfiguration(width: 375)
  configuration.contentInsets = .zero
  var section = Section(layout: layout)
  section.cells = cells
  return ListModel(configuration: configuration, sections: [section])
}

private func report(_ name: String, _ samples: Samples) {
  func ms(_ values: [Double]) -> (Double, Double) {
    let sorted = values.sorted()
    return (sorted[0] / 1e6, sorted[sorted.count / 2] / 1e6)
  }
  let wall = ms(samples.wall)
  let cpu = ms(samples.cpu)
  print(
    "{\"measure\": \"\(name)\", \"wallMinMs\": \(wall.0), \"wallMedianMs\": \(wall.1),"
      + " \"cpuMinMs\": \(cpu.0), \"cpuMedianMs\": \(cpu.1), \"samples\": \(samples.wall.count)}")
}

func gridRunProbes(count: Int) throws {
  let grid = SectionLayout.grid(GridLayout(columns: .count(4), columnSpacing: 4, rowSpacing: 4))
  let carousel = SectionLayout.carousel(CarouselLayout())
  let gridCycle = [Cell(width: 0, height: 44), Cell(width: 0, height: 60.5), Cell(width: 0, height: 32)]
  let kinds: [(String, SectionLayout, CellList)] = [
    ("grid run", grid, CellList(repeating: Cell(width: 0, height: 44), count: count, idPrefix: "c")),
    ("grid cycle of 3", grid, CellList(cycling: gridCycle, count: count, idPrefix: "c")),
    (
      "carousel run", carousel, CellList(repeating: Cell(width: 120, height: 80), count: count, idPrefix: "c")
    ),
  ]
  for (name, layout, run) in kinds {
    let runs = runModel(layout, run)
    let written = runModel(layout, CellList(Array(run)))
    var a = Samples()
    var b = Samples()
    for _ in 0..<7 {
      try b.time { _ = try written.layout() }
      for _ in 0..<5 { try a.time { _ = try runs.layout() } }
    }
    report("\(name) \(count) as a run", a)
    report("\(name) \(count) written out", b)
    print(
      "{\"measure\": \"\(name) ratio (median wall)\", \"ratio\": \(b.wall.sorted()[b.wall.count / 2] / a.wall.sorted()[a.wall.count / 2])}"
    )
  }
  let huge = runModel(
    grid, CellList(repeating: Cell(width: 0, height: 44), count: 100_000_000, idPrefix: "c"))
  var h = Samples()
  for _ in 0..<5 { try h.time { _ = try huge.layout() } }
  report("grid run 100000000", h)
}
