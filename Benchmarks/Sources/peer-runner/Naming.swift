import BenchmarkWorkloads
import Foundation
import LayoutGeometry
import ListLayout

// MARK: - queries (issue 34: elements named by their ids)

/// The queries that hand out elements, timed in the thread's CPU time (a loaded machine's
/// waits left out), the fastest of 21 samples per query: a 375 × 667 rect and a 1-point one at
/// 1,000 random offsets of the feed (its cells named `c0.0`, `c0.1`, … when `named`), a viewport at
/// the same offsets, the sticky header of the hub feed, and every element listed. Only API
/// that every version has is called, so that builds before and after a change run the same.
func queryProbes(sizes: [Int]) throws {
  for n in sizes {
    for named in [false, true] {
      var model = Generator.feed(count: n).listModel()
      if named {
        for s in model.sections.indices {
          var cells = Array(model.sections[s].cells)
          for i in cells.indices { cells[i].id = "c\(s).\(i)" }
          model.sections[s].cells = CellList(cells)
        }
      }
      let snapshot = try model.layout()
      let offsets = randomOffsets(in: snapshot, count: 1000)
      func fastest(_ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<21 {
          let start = threadCPUNanoseconds()
          body()
          best = min(best, Double(threadCPUNanoseconds() - start))
        }
        return best / Double(offsets.count)
      }
      var elements = 0
      let rect = fastest { elements = visibleRectQueries(snapshot, offsets: offsets) }
      let band = fastest { consume(visibleRectQueries(snapshot, offsets: offsets, height: 1)) }
      let viewport = fastest {
        for y in offsets {
          consume(
            snapshot.viewport(at: Point(x: 0, y: y), size: Size(width: 375, height: 667)).elements.count)
        }
      }
      let start = threadCPUNanoseconds()
      let all = snapshot.allAttributes().count
      let listing = Double(threadCPUNanoseconds() - start) / Double(all)
      emit([
        "probe": "queries", "workload": "feed", "count": n, "named": named, "cpuNsPerRect": rect,
        "elementsPerRect": Double(elements) / Double(offsets.count), "cpuNsPerBand": band,
        "cpuNsPerViewport": viewport, "cpuNsPerListedElement": listing,
      ])
    }
    let hub = try Generator.hubModel(count: n).layout()
    let hubOffsets = randomOffsets(in: hub, count: 1000)
    var best = Double.infinity
    for _ in 0..<21 {
      let start = threadCPUNanoseconds()
      consume(stickyHeaderResolutions(hub, offsets: hubOffsets))
      best = min(best, Double(threadCPUNanoseconds() - start))
    }
    emit(["probe": "sticky-header-cpu", "workload": "hub", "count": n, "cpuNsPerResolution": best / 1000])
  }
}
