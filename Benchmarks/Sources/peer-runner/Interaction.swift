// peer-runner interaction [SIZES]: issue 31's interaction-geometry targets, ours only.
//
//   move-target   a drop target (`moveTarget(dragging:at:)`) at a point drawn anywhere in the
//                 content, on each workload (target: 2 µs at 1M)
//   focus-step    a focus step (`nextFocus(from:direction:)`) up, down, left, right and forward
//                 from a cell drawn at random (target: 2 µs at 1M)
//   preview       the snapshot with a move applied (`previewingMove(from:to:)`), from a cell
//                 to a drop target drawn as above, beside an edit that resizes the same cell
//                 (the touched section's reflow): target 20 µs plus that reflow
//   accessibility `accessibility(of:)` of a cell drawn at random
//
// Workloads: "feed" (one flow section), "hub" (Hub rows, 1,000 sections), "mixed" (1,000
// sections of flow, grid, dense grid, masonry, carousel and sequential layouts in turn, the
// carousels scrolled sideways).

import BenchmarkWorkloads
import Foundation
import LayoutGeometry
import ListLayout

func interactionWorkloads(count n: Int) -> [(String, ListModel, HorizontalOffsets)] {
  var lcg = LCG(seed: 31)
  var mixed = ListModel(configuration: ListConfiguration(width: 375))
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
  }
  return [
    ("feed", Generator.feed(count: n).listModel(), .zero),
    ("hub", Generator.hubModel(count: n), .zero),
    ("mixed", mixed, offsets),
  ]
}

func interactionProbes(sizes: [Int]) throws {
  for n in sizes {
    for (name, model, offsets) in interactionWorkloads(count: n) {
      let snapshot = try model.layout()
      var lcg = LCG(seed: 7)
      var cells: [ListLayout.IndexPath] = []
      for _ in 0..<4_096 {
        var section = Int(lcg.next() % UInt64(snapshot.numberOfSections))
        while snapshot.numberOfItems(inSection: section) == 0 {
          section = (section + 1) % snapshot.numberOfSections
        }
        cells.append(
          ListLayout.IndexPath(
            item: Int(lcg.next() % UInt64(snapshot.numberOfItems(inSection: section))), section: section))
      }
      let size = snapshot.contentSize
      let points = (0..<4_096).map { _ in
        Point(
          x: Double(lcg.next() % UInt64(size.width * 8)) / 8,
          y: Double(lcg.next() % UInt64(size.height * 8)) / 8)
      }
      // Drop targets: each sample 4,096 points, the median of 21.
      var found = 0
      let move =
        measure(samples: 21) {
          found = 0
          for k in 0..<points.count {
            if snapshot.moveTarget(dragging: cells[k], at: points[k], horizontalOffsets: offsets) != nil {
              found += 1
            }
          }
        } / Double(points.count)
      emit([
        "probe": "move-target", "workload": name, "count": n, "ns": move, "targetNs": 2_000, "found": found,
      ])
      // Focus steps: each sample 4,096 cells in five directions.
      let directions: [FocusDirection] = [.up, .down, .left, .right, .forward]
      var landed = 0
      let focus =
        measure(samples: 21) {
          landed = 0
          for k in 0..<cells.count {
            if snapshot.nextFocus(from: cells[k], direction: directions[k % 5], horizontalOffsets: offsets)
              != nil
            {
              landed += 1
            }
          }
        } / Double(cells.count)
      emit([
        "probe": "focus-step", "workload": name, "count": n, "ns": focus, "targetNs": 2_000, "landed": landed,
      ])
      // Accessibility.
      var total = 0
      let accessibility =
        measure(samples: 21) {
          total = 0
          for path in cells { total &+= snapshot.accessibility(of: path)?.positionInSet ?? 0 }
        } / Double(cells.count)
      emit(["probe": "accessibility", "workload": name, "count": n, "ns": accessibility, "sum": total])
      // Previews against a resize of the dragged cell (the same section's reflow), 64 pairs.
      var previews: [Double] = []
      var resizes: [Double] = []
      for k in 0..<64 {
        guard let target = snapshot.moveTarget(dragging: cells[k], at: points[k], horizontalOffsets: offsets)
        else { continue }
        previews.append(measure(samples: 5) { _ = try? snapshot.previewingMove(from: cells[k], to: target) })
        var update = ListUpdate()
        update.resizeItem(at: cells[k], to: Size(width: 100, height: 77))
        resizes.append(measure(samples: 5) { _ = try? snapshot.applying(update) })
      }
      emit([
        "probe": "preview", "workload": name, "count": n, "nsMedian": median(previews),
        "resizeNsMedian": median(resizes), "previews": previews.count,
      ])
    }
  }
}
