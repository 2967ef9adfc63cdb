// peer-runner scroll [SIZES]: issue 36's scroll-session targets, ours only.
//
//   scroll-step     a `scrollBy` step of a session over the feed (runs of 1–400-point steps),
//                   in a 667-point viewport and a 1-point one: the fixed cost and the cost per
//                   visible cell (target: 3 µs + 40 ns per visible element at 1M); on the
//                   layout with frames computed on demand (the default) and up front
//   scroll-measure  a measurement of every visible cell (each resized by up to a third), the
//                   session anchored, in a viewport tall enough for about 20 cells (target:
//                   50 µs at 1M); the first one, which builds the index of identifiers, apart
//   scroll-jump     a jump to the last of 10,000 cells whose estimates are off by up to ±50%,
//                   measuring what is visible after each event: the rounds, and how far from
//                   the asked offset the session was after each (target: exact, 1e-9, after
//                   the first measurement of its screen)

import BenchmarkWorkloads
import Foundation
import LayoutGeometry
import ListLayout

func scrollProbes(sizes: [Int]) throws {
  for n in sizes {
    let model = ScrollProbes.identified(Generator.feed(count: n).listModel())
    // scrollBy steps, in a screen and in a 1-point band, on the layout as `layout()` makes
    // it (frames computed when first read) and with every frame computed up front.
    let steps = ScrollProbes.steps(count: 2_000)
    for frames in [FrameComputation.onDemand, .upFront] {
      var results: [Double: (ns: Double, visible: Double)] = [:]
      for length in [667.0, 1.0] {
        // Every sample walks the same steps from the same state (the warm-up computed the
        // pages of frames they read).
        let start = try ScrollProbes.session(model, length: length, frames: frames)
        var warm = start
        _ = ScrollProbes.scroll(&warm, by: steps)
        var visible = 0
        let ns = measure(samples: 21) {
          var session = start
          visible = ScrollProbes.scroll(&session, by: steps)
        }
        results[length] = (ns / Double(steps.count), Double(visible) / Double(steps.count))
      }
      let screen = results[667]!
      let band = results[1]!
      let perElement = (screen.ns - band.ns) / (screen.visible - band.visible)
      emit([
        "probe": "scroll-step", "workload": "feed", "count": n, "frames": "\(frames)",
        "nsPerStep": screen.ns, "visiblePerStep": screen.visible, "nsPerBandStep": band.ns,
        "visiblePerBandStep": band.visible, "nsPerElement": perElement,
        "nsFixed": screen.ns - perElement * screen.visible, "targetNs": 3_000 + 40 * screen.visible,
      ])
    }

    // Measurements of the visible cells, anchored, each timed on its own.
    var session = try ScrollProbes.session(model, length: 1_150)
    var lcg = LCG(seed: 5)
    let firstSizes = ScrollProbes.measurements(session, lcg: &lcg)
    let start = monotonicNanoseconds()
    let startCPU = threadCPUNanoseconds()
    try session.apply(.measure(firstSizes))
    let first = Double(monotonicNanoseconds() - start)
    let firstCPU = Double(threadCPUNanoseconds() - startCPU)
    // The layout of the same feed, for scale.
    let layoutStart = threadCPUNanoseconds()
    consume(try model.layout())
    let layoutCPU = Double(threadCPUNanoseconds() - layoutStart)
    var samples: [Double] = []
    var measured = 0
    let moves = ScrollProbes.steps(count: 2_000, seed: 3)
    for d in moves {
      try session.apply(.scrollBy(d * 3))
      let sizes = ScrollProbes.measurements(session, lcg: &lcg)
      measured += sizes.count
      let t0 = monotonicNanoseconds()
      try session.apply(.measure(sizes))
      samples.append(Double(monotonicNanoseconds() - t0))
    }
    emit([
      "probe": "scroll-measure", "workload": "feed", "count": n, "nsPerMeasure": median(samples),
      "nsFirstMeasureCPU": firstCPU, "nsLayoutCPU": layoutCPU,
      "cellsPerMeasure": Double(measured) / Double(moves.count), "nsFirstMeasure": first,
      "nsP90": samples.sorted()[samples.count * 9 / 10], "targetNs": 50_000,
    ])
  }
  for alignment in ScrollAlignment.allCases {
    let (rounds, errors) = try ScrollProbes.jumpRounds(alignment: alignment)
    emit([
      "probe": "scroll-jump", "cells": 10_000, "alignment": alignment.rawValue, "rounds": rounds,
      "errors": errors, "exactAfterFirst": errors.allSatisfy { $0 <= 1e-9 },
    ])
  }
}
