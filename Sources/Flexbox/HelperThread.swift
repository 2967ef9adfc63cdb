import Foundation

/// A thread with a stack of ``FlexLayoutLimits/helperStackSize`` bytes that runs the engine's
/// deep subtrees, one job at a time, while the thread that handed it the job waits.
///
/// Helpers are kept for ``idleTimeout`` seconds between jobs (at most ``maxIdle`` of them), so a
/// run of computations pays neither for a new thread (about 50 µs) nor for the first touch of its
/// stack's pages each time; a handover costs about 10 µs. All state is guarded by pthread
/// mutexes (`NSCondition`, `NSLock`), which ThreadSanitizer understands.
final class HelperThread: @unchecked Sendable {
  /// How long an idle helper waits for another job before it exits.
  static let idleTimeout: TimeInterval = 2
  /// The most helpers kept waiting for jobs.
  static let maxIdle = 4

  /// Guards ``job``, ``isDone`` and ``isRetired``, and signals their changes.
  private let condition = NSCondition()
  /// The job handed over and not yet started.
  private var job: (() -> Void)?
  /// Whether the last job handed over has finished.
  private var isDone = false
  /// Whether the helper is to exit once idle.
  private var isRetired = false

  /// The idle helpers, guarded by ``poolLock``.
  nonisolated(unsafe) private static var idle: [HelperThread] = []
  private static let poolLock = NSLock()

  /// Runs `job` on an idle helper (or a new one) and returns when it has finished.
  static func run(_ job: () -> Void) {
    withoutActuallyEscaping(job) { job in
      let helper = takeIdle() ?? start()
      helper.perform(job)
      putBack(helper)
    }
  }

  private static func takeIdle() -> HelperThread? {
    poolLock.lock()
    defer { poolLock.unlock() }
    return idle.popLast()
  }

  private static func start() -> HelperThread {
    let helper = HelperThread()
    let thread = Thread { helper.main() }
    thread.stackSize = FlexLayoutLimits.helperStackSize
    thread.start()
    return helper
  }

  /// Keeps `helper` for the next job, or retires it when enough are kept.
  private static func putBack(_ helper: HelperThread) {
    poolLock.lock()
    let keep = idle.count < maxIdle
    if keep { idle.append(helper) }
    poolLock.unlock()
    if !keep { helper.retire() }
  }

  /// Takes `helper` out of the pool, unless a caller has just taken it for a job.
  private static func leavePool(_ helper: HelperThread) -> Bool {
    poolLock.lock()
    defer { poolLock.unlock() }
    guard let index = idle.firstIndex(where: { $0 === helper }) else { return false }
    idle.remove(at: index)
    return true
  }

  /// Hands `job` over and waits until it has run (and been let go of: the caller's
  /// `withoutActuallyEscaping` checks that it did not escape).
  private func perform(_ job: @escaping () -> Void) {
    condition.lock()
    self.job = job
    isDone = false
    condition.broadcast()
    while !isDone { condition.wait() }
    condition.unlock()
  }

  private func retire() {
    condition.lock()
    isRetired = true
    condition.broadcast()
    condition.unlock()
  }

  /// The helper thread's loop: wait for a job, run it, say so; exit when retired or idle too long.
  private func main() {
    condition.lock()
    while true {
      while job == nil {
        if isRetired {
          condition.unlock()
          return
        }
        if !condition.wait(until: Date(timeIntervalSinceNow: Self.idleTimeout)), job == nil, !isRetired {
          condition.unlock()
          if Self.leavePool(self) { return }
          condition.lock()
        }
      }
      var work = job
      job = nil
      condition.unlock()
      work!()
      work = nil
      condition.lock()
      isDone = true
      condition.broadcast()
    }
  }
}
