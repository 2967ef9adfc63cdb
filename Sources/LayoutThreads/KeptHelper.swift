import Foundation

/// A helper thread kept between jobs (``HelperThreads/run(stackSize:_:)``): it runs one job at
/// a time while the thread that handed it the job waits.
///
/// Idle helpers are kept for ``HelperThreads/idleTimeout`` seconds (at most
/// ``HelperThreads/maxIdle`` of them), and a job goes only to a helper whose stack has the
/// size it asks for. All state is guarded by pthread mutexes (`NSCondition`, `NSLock`),
/// which ThreadSanitizer understands.
final class KeptHelper: @unchecked Sendable {
  /// The size of this helper's stack, in bytes.
  let stackSize: Int
  /// Guards ``job``, ``isDone`` and ``isRetired``, and signals their changes.
  private let condition = NSCondition()
  /// The job handed over and not yet started.
  private var job: (() -> Void)?
  /// Whether the last job handed over has finished.
  private var isDone = false
  /// Whether the helper is to exit once idle.
  private var isRetired = false

  /// The idle helpers, guarded by ``poolLock``.
  nonisolated(unsafe) private static var idle: [KeptHelper] = []
  private static let poolLock = NSLock()

  private init(stackSize: Int) { self.stackSize = stackSize }

  /// Runs `job` on an idle helper with a stack of `stackSize` bytes (or a new one) and
  /// returns when it has finished.
  static func run(stackSize: Int, _ job: () -> Void) {
    withoutActuallyEscaping(job) { job in
      let helper = takeIdle(stackSize: stackSize) ?? start(stackSize: stackSize)
      helper.perform(job)
      putBack(helper)
    }
  }

  private static func takeIdle(stackSize: Int) -> KeptHelper? {
    poolLock.lock()
    defer { poolLock.unlock() }
    guard let index = idle.lastIndex(where: { $0.stackSize == stackSize }) else { return nil }
    return idle.remove(at: index)
  }

  private static func start(stackSize: Int) -> KeptHelper {
    let helper = KeptHelper(stackSize: stackSize)
    guard HelperThreads.startDetached(stackSize: stackSize, { helper.main() }) else {
      fatalError("the system refused a helper thread with a stack of \(stackSize) bytes")
    }
    return helper
  }

  /// Keeps `helper` for the next job, or retires it when enough are kept.
  private static func putBack(_ helper: KeptHelper) {
    poolLock.lock()
    let keep = idle.count < HelperThreads.maxIdle
    if keep { idle.append(helper) }
    poolLock.unlock()
    if !keep { helper.retire() }
  }

  /// Takes `helper` out of the pool, unless a caller has just taken it for a job.
  private static func leavePool(_ helper: KeptHelper) -> Bool {
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
        let deadline = Date(timeIntervalSinceNow: HelperThreads.idleTimeout)
        if !condition.wait(until: deadline), job == nil, !isRetired {
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
