// The carousel suites (issue 17): shelves of cards against the same cells flowing.
//
//   Layout/shelves/100k        1,000 carousel sections of 100 cells (widths 80–199, heights
//                              100–179, the band the tallest, a 30-point header each)
//   Layout/shelves-flow/100k   the same sections and cells laid out as flow (the comparison)
//   Viewport/shelves/10scrolled  a 375 × 1,900 viewport (about ten shelves) at a random
//                              offset, the ten shelves around it scrolled sideways; per query
//   Viewport/shelves/0scrolled   the same viewport, no shelf scrolled
//   Viewport/shelves-flow        the same viewport on the flow version of the shelves
//   Resize/shelves/100k        one cell in the middle of shelf 500 resized (+40 tall, +20 wide)
//   Resize/shelves-flow/100k   the same edit of the flow version (the edit path's per-section
//                              cost, shared by every layout)

import Benchmark
import Foundation
import LayoutGeometry
import ListLayout

/// The shelves feed: `carousel` lays its sections out as carousels, else as flow.
func shelvesModel(carousel: Bool) -> ListModel {
  var model = ListModel(configuration: ListConfiguration(width: 375))
  model.sections.reserveCapacity(1_000)
  for s in 0..<1_000 {
    var cells: [Cell] = []
    cells.reserveCapacity(100)
    for i in 0..<100 {
      cells.append(
        Cell(
          id: "s\(s)-\(i)", width: Double(80 + (i * 37 + s * 11) % 120),
          height: Double(100 + (i * 29 + s) % 80))
      )
    }
    model.sections.append(
      Section(
        header: Supplementary(height: 30, id: "h\(s)"), cells: cells,
        layout: carousel ? .carousel(CarouselLayout(itemSpacing: 8, paging: .item)) : nil))
  }
  return model
}

final class ShelfFixtures: @unchecked Sendable {
  static let shared = ShelfFixtures()
  private var models: [Bool: ListModel] = [:]
  private var snapshot: LayoutSnapshot?

  func model(carousel: Bool) -> ListModel {
    if let model = models[carousel] { return model }
    let model = shelvesModel(carousel: carousel)
    models[carousel] = model
    return model
  }

  func shelves() -> LayoutSnapshot {
    if let snapshot { return snapshot }
    let made = try! model(carousel: true).layout()
    snapshot = made
    return made
  }

  private var flowSnapshot: LayoutSnapshot?

  func flowShelves() -> LayoutSnapshot {
    if let flowSnapshot { return flowSnapshot }
    let made = try! model(carousel: false).layout()
    flowSnapshot = made
    return made
  }

  func clear() {
    models = [:]
    snapshot = nil
    flowSnapshot = nil
  }
}

func carouselBenchmarks() {
  let fixtures = ShelfFixtures.shared
  let timing = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal], timeUnits: .microseconds,
    warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 50, teardown: { fixtures.clear() })
  for (name, carousel) in [("shelves", true), ("shelves-flow", false)] {
    Benchmark("Layout/\(name)/100k", configuration: timing) { benchmark in
      let model = fixtures.model(carousel: carousel)
      benchmark.startMeasurement()
      let snapshot = try model.layout()
      benchmark.stopMeasurement()
      blackHole(snapshot)
    }
  }

  let perQuery = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 1,
    scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 200, teardown: { fixtures.clear() })
  // The same viewport scrolled (ten shelves sideways), unscrolled, and on the flow version:
  // the cost of scrolling and the per-element cost read from one run.
  for (name, carousel, scrolled) in [
    ("shelves/10scrolled", true, 10), ("shelves/0scrolled", true, 0), ("shelves-flow", false, 0),
  ] {
    Benchmark("Viewport/\(name)", configuration: perQuery) { benchmark in
      let snapshot = carousel ? fixtures.shelves() : fixtures.flowShelves()
      var rng = SystemRandomNumberGenerator()
      let height = snapshot.contentSize.height
      var queries: [(Double, HorizontalOffsets)] = []
      for _ in 0..<benchmark.scaledIterations.count {
        let y = Double.random(in: 0..<(height - 1_900), using: &rng)
        let first = snapshot.sections(overlapping: Rect(x: 0, y: y, width: 375, height: 1)).first ?? 0
        var offsets = HorizontalOffsets()
        for s in first..<min(first + scrolled, snapshot.numberOfSections) {
          offsets[s] = Double.random(in: 0..<5_000, using: &rng)
        }
        queries.append((y, offsets))
      }
      var elements = 0
      benchmark.startMeasurement()
      for (y, offsets) in queries {
        elements &+=
          snapshot.viewport(
            at: Point(x: 0, y: y), size: Size(width: 375, height: 1_900), horizontalOffsets: offsets
          ).elements.count
      }
      benchmark.stopMeasurement()
      blackHole(elements)
    }
  }

  let perEdit = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 3,
    maxDuration: .seconds(3), maxIterations: 2_000, teardown: { fixtures.clear() })
  for (name, carousel) in [("shelves", true), ("shelves-flow", false)] {
    Benchmark("Resize/\(name)/100k", configuration: perEdit) { benchmark in
      let snapshot = carousel ? fixtures.shelves() : fixtures.flowShelves()
      let middle = ListIndexPath(item: 50, section: 500)
      let old = snapshot.frame(of: middle)!
      var update = ListUpdate()
      update.resizeItem(at: middle, to: Size(width: old.width + 20, height: old.height + 40))
      benchmark.startMeasurement()
      let result = try snapshot.applying(update)
      benchmark.stopMeasurement()
      blackHole(result)
    }
  }
}
