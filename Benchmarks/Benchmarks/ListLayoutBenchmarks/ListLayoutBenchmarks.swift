import Benchmark
let benchmarks: @Sendable () -> Void = {
  Benchmark("noop") { _ in }
}
