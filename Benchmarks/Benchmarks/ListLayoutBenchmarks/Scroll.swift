// The scroll-session suites (issue 36): the per-step costs of a `ScrollSession` over the feed.
//
//   Scroll/step/N      a `scrollBy` step (runs of 1–400-point steps, 2,000 per iteration;
//                      figures are per step) in a 667-point viewport
//   Scroll/step1pt/N   the same in a 1-point viewport: the step's fixed cost
//   Scroll/measure/N   a measurement of every visible cell of a 1,150-point viewport (about
//                      20 cells, each resized by up to a third), anchored; per measurement
//
// `peer-runner scroll` measures the same with its own clock and splits the step into a fixed
// cost and a cost per visible cell.

import Benchmark
import BenchmarkWorkloads
import LayoutGeometry
import ListLayout

func scrollBenchmarks() {
  let fixtures = Fixtures.shared
  let perStep = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 1,
    scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 100, teardown: { fixtures.clear() })
  for n in [100_000, 1_000_000] {
    for (name, length) in [("step", 667.0), ("step1pt", 1.0)] {
      Benchmark("Scroll/\(name)/\(label(n))", configuration: perStep) { benchmark in
        var session = try ScrollProbes.session(fixtures.model("feed", n), length: length)
        let steps = ScrollProbes.steps(count: benchmark.scaledIterations.count)
        benchmark.startMeasurement()
        let visible = ScrollProbes.scroll(&session, by: steps)
        benchmark.stopMeasurement()
        blackHole(visible)
      }
    }
    let perMeasure = Benchmark.Configuration(
      metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 3,
      maxDuration: .seconds(3), maxIterations: 2_000, teardown: { fixtures.clear() })
    Benchmark("Scroll/measure/\(label(n))", configuration: perMeasure) { benchmark in
      // One session per process: its index of identifiers is built by the warm-up.
      var session = try ScrollFixture.shared.session(n) {
        try ScrollProbes.session(ScrollProbes.identified(fixtures.model("feed", n)), length: 1_150)
      }
      var lcg = LCG(seed: UInt64(benchmark.currentIteration))
      try session.apply(.scrollBy(Double(Int(lcg.next() % 2_001) - 1_000)))
      let sizes = ScrollProbes.measurements(session, lcg: &lcg)
      benchmark.startMeasurement()
      try session.apply(.measure(sizes))
      benchmark.stopMeasurement()
      ScrollFixture.shared.keep(session, n)
    }
  }
}

/// The measured session, kept between iterations.
final class ScrollFixture: @unchecked Sendable {
  static let shared = ScrollFixture()
  private var sessions: [Int: ScrollSession] = [:]

  func session(_ n: Int, _ make: () throws -> ScrollSession) rethrows -> ScrollSession {
    if let session = sessions[n] { return session }
    return try make()
  }

  func keep(_ session: ScrollSession, _ n: Int) { sessions[n] = session }
}
