// What the test targets share: seeded randomness, how long a seeded sweep runs, and a small-stack
// runner.

import Foundation

/// A small, reproducible random generator (SplitMix64) for seeded property tests.
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension SplitMix64 {
  /// A number in `0..<bound` (the next value's remainder: reproducible, and uneven by at most
  /// `bound / 2^64`).
  public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// One of `values`, chosen with ``below(_:)``.
  public mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}

/// Carries a closure to a thread of the caller's choosing; the caller waits for it.
private final class ThreadBody: @unchecked Sendable {
  var body: (() -> Void)?
  init(_ body: @escaping () -> Void) { self.body = body }
}

/// Runs `body` on a new thread with a `stackSize`-byte stack and waits for it: a stack
/// overflow there crashes the test process, so completing is the assertion.
public func onSmallStack(_ stackSize: Int = 256 << 10, _ body: @escaping () -> Void) {
  let box = ThreadBody(body)
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    box.body?()
    box.body = nil
    done.signal()
  }
  thread.stackSize = stackSize
  thread.start()
  done.wait()
}

/// How many iterations a long seeded sweep runs: `quick` in the README's `swift test -q`,
/// `long` when the environment sets `LISTLAYOUT_LONG_TESTS=1` (`.ci/run` runs the suites
/// that call this so, after the quick run: a suite that starts calling it joins the list
/// there). The quick count still exercises every property; the long one is the search for
/// the rare seed.
public func sweep(quick: Int, long: Int) -> Int {
  ProcessInfo.processInfo.environment["LISTLAYOUT_LONG_TESTS"] == "1" ? long : quick
}
