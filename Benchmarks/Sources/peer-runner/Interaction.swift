// peer-runner interaction [SIZES]: issue 31's interaction-geometry targets, ours only.
//
//   move-target   a drop target (`moveTarget(dragging:at:)`) at a point drawn anywhere in the
//                 content, on each workload (target: 2 µs at 1M)
//   focus-step    a focus step (`nextFocus(from:direction:)`) in each of the six directions
//                 from a cell drawn at random (target: 2 µs at 1M)
//   preview       the snapshot with a move applied (`previewingMove(from:to:)`), within a
//                 section (a drag 150 points along the scroll axis) and between sections (to
//                 the next section's first cell), per kind of section, each beside the touched
//                 sections' reflow alone (`EditCosts.timeReflow`, the same move): the target is
//                 an overhead (preview − reflow) of at most 20 µs; beside them, two ordinary
//                 edits (`applying`): a resize of the dragged cell and a batch (a resize, an
//                 insertion and a deletion in its section)
//   accessibility `accessibility(of:)` of a cell drawn at random
//
// Workloads: "feed" (one flow section), "hub" (Hub rows, 1,000 sections), "mixed" (1,000
// sections of flow, grid, dense grid, masonry, carousel and sequential layouts in turn, the
// carousels scrolled sideways), "mixed-rtl" (the same right to left) and "mixed-horizontal"
// (the same scrolling sideways, the carousels flow sections: a horizontal list has none). On
// the mixed workloads each move-target and focus-step probe is also run per section kind
// (`"kind"`: cells drawn from, and points drawn in, sections of that kind only), so that a fast
// kind cannot hide a slow one in the average.

import BenchmarkWorkloads
import Foundation
import LayoutGeometry
@_spi(Benchmarks) import ListLayout

/// The section kinds of the mixed workloads, by `section % 6`.
let mixedKinds = ["flow", "grid", "dense-grid", "masonry", "carousel", "sequential"]

func interactionWorkloads(count n: Int) -> [(String, ListModel, HorizontalOffsets)] {
  var lcg = LCG(seed: 31)
  var mixed = ListModel(configuration: ListConfiguration(width: 375))
  var horizontal = ListModel(configuration: ListConfiguration(width: 375))
  horizontal.configuration.scrollDirection = .horizontal
  var offsets = HorizontalOffsets()
  let sections = 1_000
  for s in 0..<sections {
    var cells: [Cell] = []
    let count = n / sections
    cells.reserveCapacity(count)
    for _ in 0..<count {
      var cell = Cell(width: Double(40 + lcg.next() % 331), height: Double(20 + lcg.next() % 101))
      if lcg.next() % 7 == 0 { cell.span = .columns(2) }
      cells.append(cell)
    }
    var section = Section(header: Supplementary(height: 30), cells: cells)
    switch s % 6 {
    case 1: section.layout = .grid(GridLayout(columns: .count(3)))
    case 2: section.layout = .grid(GridLayout(columns: .adaptive(minimumWidth: 100), packing: .dense))
    case 3: section.layout = .masonry(MasonryLayout(columns: .count(2)))
    case 4:
      section.layout = .carousel(CarouselLayout(itemSpacing: 8))
      offsets[s] = Double(lcg.next() % 10_000)
    case 5: section.layout = .sequential(SequentialSectionDefaults(frameCalculator: .topAlignedFlow))
    default: break
    }
    mixed.sections.append(section)
    if case .carousel = section.layout { section.layout = .flow }
    horizontal.sections.append(section)
  }
  var rtl = mixed
  rtl.configuration.layoutDirection = .rtl
  return [
    ("feed", Generator.feed(count: n).listModel(), .zero),
    ("hub", Generator.hubModel(count: n), .zero),
    ("mixed", mixed, offsets),
    ("mixed-rtl", rtl, offsets),
    ("mixed-horizontal", horizontal, .zero),
  ]
}

/// The median wall-clock and thread-CPU nanoseconds per call of `body` (which makes `calls`
/// calls) over `count` samples: on a machine shared with other work, CPU time is what the
/// call itself costs.
func measureCalls(samples count: Int, calls: Int, _ body: () -> Void) -> (wall: Double, cpu: Double) {
  var wall: [Double] = []
  var cpu: [Double] = []
  for _ in 0..<count {
    let start = monotonicNanoseconds()
    let startCPU = threadCPUNanoseconds()
    body()
    cpu.append(Double(threadCPUNanoseconds() - startCPU) / Double(calls))
    wall.append(Double(monotonicNanoseconds() - start) / Double(calls))
  }
  return (median(wall), median(cpu))
}

/// `INTERACTION_WORKLOADS=feed,hub` runs only those workloads; `INTERACTION_PROBES=move,focus`
/// only those probes; `INTERACTION_KINDS=all,masonry` only those groups of the mixed workloads
/// (`all`: every section); `INTERACTION_DIRECTIONS=up,right` only those focus directions (for a
/// profiler).
func interactionProbes(sizes: [Int]) throws {
  let environment = ProcessInfo.processInfo.environment
  let workloads = environment["INTERACTION_WORKLOADS"].map { Set($0.split(separator: ",").map(String.init)) }
  let probes = Set(
    (environment["INTERACTION_PROBES"] ?? "move,focus,accessibility,preview").split(separator: ",").map(
      String.init))
  let kinds = environment["INTERACTION_KINDS"].map { Set($0.split(separator: ",").map(String.init)) }
  let directions = environment["INTERACTION_DIRECTIONS"].map {
    Set($0.split(separator: ",").compactMap { FocusDirection(rawValue: String($0)) })
  }
  for n in sizes {
    for (name, model, offsets) in interactionWorkloads(count: n) where workloads?.contains(name) ?? true {
      let snapshot = try model.layout()
      var lcg = LCG(seed: 7)
      /// 4,096 cells drawn at random, from the sections `admits` admits.
      func drawCells(_ admits: (Int) -> Bool) -> [ListLayout.ListIndexPath] {
        (0..<4_096).map { _ in
          var section = Int(lcg.next() % UInt64(snapshot.numberOfSections))
          while snapshot.numberOfItems(inSection: section) == 0 || !admits(section) {
            section = (section + 1) % snapshot.numberOfSections
          }
          return ListLayout.ListIndexPath(
            item: Int(lcg.next() % UInt64(snapshot.numberOfItems(inSection: section))), section: section)
        }
      }
      let cells = drawCells { _ in true }
      let size = snapshot.contentSize
      let points = (0..<4_096).map { _ in
        Point(
          x: Double(lcg.next() % UInt64(size.width * 8)) / 8,
          y: Double(lcg.next() % UInt64(size.height * 8)) / 8)
      }
      // The groups probed: every section, then (mixed workloads) each kind of section, its
      // points drawn within sections of that kind.
      var groups: [(kind: String?, cells: [ListLayout.ListIndexPath], points: [Point])] = [
        (nil, cells, points)
      ]
      if name.hasPrefix("mixed") {
        for (k, kind) in mixedKinds.enumerated() {
          let admits = { (section: Int) in section % 6 == k }
          let kindCells = drawCells(admits)
          let kindPoints = (0..<4_096).map { _ -> Point in
            var section = Int(lcg.next() % UInt64(snapshot.numberOfSections))
            while !admits(section) { section = (section + 1) % snapshot.numberOfSections }
            let frame = snapshot.sectionFrame(section)!
            return Point(
              x: frame.minX + Double(lcg.next() % UInt64(max(1, frame.width * 8))) / 8,
              y: frame.minY + Double(lcg.next() % UInt64(max(1, frame.height * 8))) / 8)
          }
          groups.append((kind, kindCells, kindPoints))
        }
      }
      for (kind, cells, points) in groups where kinds?.contains(kind ?? "all") ?? true {
        var labels: [String: Any] = ["workload": name, "count": n]
        if let kind { labels["kind"] = kind }
        if probes.contains("move") {
          // Drop targets: each sample 4,096 points, the median of 21.
          var found = 0
          let move = measureCalls(samples: 21, calls: points.count) {
            found = 0
            for k in 0..<points.count
            where snapshot.moveTarget(dragging: cells[k], at: points[k], horizontalOffsets: offsets) != nil {
              found += 1
            }
          }
          emit(
            labels.merging([
              "probe": "move-target", "ns": move.wall, "cpuNs": move.cpu, "targetNs": 2_000, "found": found,
            ]) { $1 })
        }
        if probes.contains("focus") {
          // Focus steps: each sample 4,096 cells, in each direction.
          for direction in FocusDirection.allCases where directions?.contains(direction) ?? true {
            var landed = 0
            let focus = measureCalls(samples: 21, calls: cells.count) {
              landed = 0
              for k in 0..<cells.count
              where snapshot.nextFocus(from: cells[k], direction: direction, horizontalOffsets: offsets)
                != nil
              {
                landed += 1
              }
            }
            emit(
              labels.merging([
                "probe": "focus-step", "direction": "\(direction)", "ns": focus.wall, "cpuNs": focus.cpu,
                "targetNs": 2_000, "landed": landed,
              ]) { $1 })
          }
        }
      }
      if probes.contains("accessibility") {
        var total = 0
        let accessibility = measureCalls(samples: 21, calls: cells.count) {
          total = 0
          for path in cells { total &+= snapshot.accessibility(of: path)?.positionInSet ?? 0 }
        }
        emit([
          "probe": "accessibility", "workload": name, "count": n, "ns": accessibility.wall,
          "cpuNs": accessibility.cpu, "sum": total,
        ])
      }
      if probes.contains("preview") {
        try previewProbe(name: name, count: n, snapshot: snapshot, cells: cells, offsets: offsets)
      }
    }
  }
}

/// The kind of section `section` of a workload, for the preview probe's rows.
private func sectionKind(_ snapshot: LayoutSnapshot, _ section: Int) -> String {
  switch snapshot.model.sections[section].layout {
  case .grid(let grid)?: grid.packing == .dense ? "dense-grid" : "grid"
  case .masonry?: "masonry"
  case .carousel?: "carousel"
  case .sequential?: "sequential"
  default: snapshot.configuration.layoutManager is HubLayoutManager ? "hub" : "flow"
  }
}

/// Previews of moves within and between sections, each beside the touched sections' reflow
/// alone, and two ordinary edits; one line per workload, move kind and section kind, and one
/// for all moves of the workload. Each figure is the median over the moves of the median of 5
/// samples of one call, in thread CPU time.
private func previewProbe(
  name: String, count n: Int, snapshot: LayoutSnapshot, cells: [ListLayout.ListIndexPath],
  offsets: HorizontalOffsets
) throws {
  let size = snapshot.contentSize
  let horizontal = snapshot.scrollAxis == .horizontal
  struct Row {
    var previews: [Double] = []
    var reflows: [Double] = []
    var overheads: [Double] = []
  }
  var rows: [String: Row] = [:]
  var resizes: [Double] = []
  var batches: [Double] = []
  var moves = 0
  // `INTERACTION_PREVIEW_SAMPLES=200` takes more samples of each preview (for a profiler).
  let samples = ProcessInfo.processInfo.environment["INTERACTION_PREVIEW_SAMPLES"].flatMap { Int($0) } ?? 5
  // Up to 8 moves of each kind per section kind: within a section, and between sections.
  var taken: [String: Int] = [:]
  for from in cells {
    guard let frame = snapshot.frame(of: from) else { continue }
    var destinations: [(String, ListLayout.ListIndexPath)] = []
    let point = Point(
      x: min(size.width, frame.midX + (horizontal ? 150 : 0)),
      y: min(size.height, frame.midY + (horizontal ? 0 : 150)))
    if let target = snapshot.moveTarget(dragging: from, at: point, horizontalOffsets: offsets),
      target.section == from.section, target != from
    {
      destinations.append(("within", target))
    } else if snapshot.numberOfItems(inSection: from.section) > 1 {
      // A carousel's drag runs across the scroll axis: five cells on (or back).
      let count = snapshot.numberOfItems(inSection: from.section)
      let item = from.item + 5 < count ? from.item + 5 : max(0, from.item - 5)
      if item != from.item {
        destinations.append(("within", ListLayout.ListIndexPath(item: item, section: from.section)))
      }
    }
    let next = (from.section + 1) % snapshot.numberOfSections
    if next != from.section, snapshot.numberOfItems(inSection: next) > 0 {
      destinations.append(("between", ListLayout.ListIndexPath(item: 0, section: next)))
    }
    for (move, to) in destinations {
      let kind =
        move == "between"
        ? "\(sectionKind(snapshot, from.section))→\(sectionKind(snapshot, to.section))"
        : sectionKind(snapshot, from.section)
      let key = "\(move) \(kind)"
      guard taken[key, default: 0] < 8 else { continue }
      taken[key, default: 0] += 1
      let preview = measureCalls(samples: samples, calls: 1) {
        _ = try? snapshot.previewingMove(from: from, to: to)
      }.cpu
      var update = ListUpdate()
      update.moveItem(from: from, to: to)
      var reflows: [Double] = []
      for _ in 0..<5 {
        try EditCosts.timeReflow(of: update, on: snapshot) { reflow in
          let start = threadCPUNanoseconds()
          reflow()
          reflows.append(Double(threadCPUNanoseconds() - start))
        }
      }
      let reflow = median(reflows)
      for key in [key, "all"] {
        rows[key, default: Row()].previews.append(preview)
        rows[key, default: Row()].reflows.append(reflow)
        rows[key, default: Row()].overheads.append(preview - reflow)
      }
      moves += 1
    }
    if resizes.count < 64 {
      var resize = ListUpdate()
      resize.resizeItem(at: from, to: Size(width: 100, height: 77))
      resizes.append(measureCalls(samples: 5, calls: 1) { _ = try? snapshot.applying(resize) }.cpu)
      var batch = resize
      batch.insertItem(
        Cell(width: 120, height: 44), at: ListLayout.ListIndexPath(item: 0, section: from.section))
      if from.item > 0 {
        batch.deleteItem(at: ListLayout.ListIndexPath(item: from.item - 1, section: from.section))
      }
      batches.append(measureCalls(samples: 5, calls: 1) { _ = try? snapshot.applying(batch) }.cpu)
    }
  }
  for (key, row) in rows.sorted(by: { $0.key < $1.key }) {
    emit([
      "probe": "preview", "workload": name, "count": n, "moves": key, "previews": row.previews.count,
      "cpuNsMedian": median(row.previews), "reflowCpuNsMedian": median(row.reflows),
      "overheadCpuNsMedian": median(row.overheads), "overheadCpuNsMax": row.overheads.max() ?? 0,
      "targetOverheadNs": 20_000,
    ])
  }
  emit([
    "probe": "edit", "workload": name, "count": n, "moves": moves, "resizeCpuNsMedian": median(resizes),
    "batchCpuNsMedian": median(batches), "edits": resizes.count,
  ])
}
