import BenchmarkWorkloads
import Foundation
import LayoutGeometry
import ListLayout

// MARK: - sections that behave (issue 32)

/// The feed laid out and queried with and without separators (a 1-point separator between
/// every two lines, inset 16 on the leading side), alternating the two in each round: the
/// layout's median of `rounds` runs each, and a screen query's (375 × 667 at 1,000 random
/// offsets, the same for both) median of `rounds` samples each.
func separatorProbes(sizes: [Int], rounds: Int = 11) throws {
  for n in sizes {
    let plain = Generator.feed(count: n).listModel()
    var separated = plain
    for s in separated.sections.indices {
      separated.sections[s].separator = SectionSeparator(thickness: 1, leftInset: 16)
    }
    var layoutOff: [Double] = []
    var layoutOn: [Double] = []
    for _ in 0..<rounds {
      layoutOff.append(try time { consume(try plain.layout()) })
      layoutOn.append(try time { consume(try separated.layout()) })
    }
    let off = try plain.layout()
    let on = try separated.layout()
    let offsets = randomOffsets(in: off, count: 1000)
    var queryOff: [Double] = []
    var queryOn: [Double] = []
    var elements = (off: 0, on: 0)
    for _ in 0..<rounds {
      queryOff.append(try time { elements.off = visibleRectQueries(off, offsets: offsets) })
      queryOn.append(try time { elements.on = visibleRectQueries(on, offsets: offsets) })
    }
    let count = Double(offsets.count)
    emit([
      "probe": "separators", "workload": "feed", "count": n,
      "layoutNsOff": median(layoutOff), "layoutNsOn": median(layoutOn),
      "layoutRatio": median(layoutOn) / median(layoutOff),
      "queryNsOff": median(queryOff) / count, "queryNsOn": median(queryOn) / count,
      "queryRatio": median(queryOn) / median(queryOff),
      "elementsPerQueryOff": Double(elements.off) / count, "elementsPerQueryOn": Double(elements.on) / count,
      "separators": on.numberOfSeparators(inSection: 0),
    ])
  }
}

/// Collapsing and expanding the feed's one section (`snapshot.applying`, alternately on the
/// expanded and the collapsed snapshot) against a full layout: the median of `rounds` each.
func collapseProbes(sizes: [Int], rounds: Int = 21) throws {
  for n in sizes {
    let model = Generator.feed(count: n).listModel()
    let expanded = try model.layout()
    var collapse = ListUpdate()
    collapse.collapseSection(at: 0)
    var expand = ListUpdate()
    expand.expandSection(at: 0)
    let collapsed = try expanded.applying(collapse).snapshot
    var collapsing: [Double] = []
    var expanding: [Double] = []
    var layouts: [Double] = []
    var lines = 0
    var first: [Double] = []
    for _ in 0..<rounds {
      layouts.append(try time { consume(try model.layout()) })
      // The first edit after a layout of a million cells finds the heap cold: timed apart.
      first.append(try time { lines += try expanded.applying(collapse).reflowedLines })
      collapsing.append(try time { lines += try expanded.applying(collapse).reflowedLines })
      expanding.append(try time { lines += try collapsed.applying(expand).reflowedLines })
    }
    emit([
      "probe": "collapse", "workload": "feed", "count": n, "collapseNs": median(collapsing),
      "expandNs": median(expanding), "firstAfterLayoutNs": median(first), "layoutNs": median(layouts),
      "reflowedLines": lines,
    ])
  }
}

/// The nanoseconds one run of `body` takes.
private func time(_ body: () throws -> Void) rethrows -> Double {
  let start = monotonicNanoseconds()
  try body()
  return Double(monotonicNanoseconds() - start)
}
