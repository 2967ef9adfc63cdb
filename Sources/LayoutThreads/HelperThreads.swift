import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The package's helper threads (POSIX threads: Foundation's `Thread` cannot be joined), in
/// two forms:
///
/// - started for one piece of work and joined before it is done (``start(_:stackSize:_:)``
///   and ``join(_:)``): the output's segment formatters, a feed's cell runs, the prefaulting
///   of a layout's arena, the second half of a large flow section. Where threads cannot be
///   started, none is, and the caller does the work itself;
/// - kept between jobs, each job run on one while its caller waits (``run(stackSize:_:)``):
///   the flexbox engine's deep subtrees, on stacks larger than the caller's.
package enum HelperThreads {
  /// The processors this process may run on, read once: Foundation's
  /// `activeProcessorCount` reads the scheduler's affinity and the control group's limits
  /// on every call, which every decode and every write of the layout's JSON would pay, small
  /// or not.
  package static let activeProcessors = ProcessInfo.processInfo.activeProcessorCount

  /// How long a kept helper (``run(stackSize:_:)``) waits for another job before it exits.
  package static let idleTimeout: TimeInterval = 2
  /// The most kept helpers waiting for jobs.
  package static let maxIdle = 4

  /// Runs `job` on a kept helper thread with a stack of `stackSize` bytes (an idle one, or a
  /// new one) and returns when it has finished.
  ///
  /// Helpers are kept for ``idleTimeout`` seconds between jobs (at most ``maxIdle`` of them),
  /// so a run of jobs pays neither for a new thread nor for the first touch of its stack's
  /// pages each time; a handover costs far less than either.
  package static func run(stackSize: Int, _ job: () -> Void) {
    KeptHelper.run(stackSize: stackSize, job)
  }

  /// What a started thread runs; `@unchecked Sendable`: `body` is handed to the one thread
  /// started with it and called only there.
  final class Job: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
  }

  #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
  /// Starts up to `count` threads running `body` (fewer when the system refuses some), each
  /// with a stack of `stackSize` bytes when given (else the system's default).
  package static func start(
    _ count: Int, stackSize: Int? = nil, _ body: @escaping () -> Void
  ) -> [pthread_t] {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
    var threads: [pthread_t] = []
    for _ in 0..<count {
      let context = Unmanaged.passRetained(Job(body)).toOpaque()
      #if canImport(Darwin)
      var thread: pthread_t?
      #else
      var thread = pthread_t()
      #endif
      let status = pthread_create(
        &thread, &attributes,
        { context in
          Unmanaged<Job>.fromOpaque(HelperThreads.pointer(context)).takeRetainedValue().body()
          return nil
        }, context)
      #if canImport(Darwin)
      if status == 0, let thread {
        threads.append(thread)
      } else {
        Unmanaged<Job>.fromOpaque(context).release()
      }
      #else
      if status == 0 { threads.append(thread) } else { Unmanaged<Job>.fromOpaque(context).release() }
      #endif
    }
    return threads
  }

  /// Waits for `threads` to end.
  package static func join(_ threads: [pthread_t]) {
    for thread in threads { pthread_join(thread, nil) }
  }

  /// Starts a thread that is never joined (its resources go back when it ends), with a
  /// stack of `stackSize` bytes; `false` when the system refuses.
  static func startDetached(stackSize: Int, _ body: @escaping () -> Void) -> Bool {
    guard let thread = start(1, stackSize: stackSize, body).first else { return false }
    pthread_detach(thread)
    return true
  }

  /// A thread's argument, as either platform hands it over.
  static func pointer(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer { context! }
  #else
  package static func start(_ count: Int, stackSize: Int? = nil, _ body: @escaping () -> Void) -> [Int] { [] }
  package static func join(_ threads: [Int]) {}

  /// Starts a Foundation thread (detached) with a stack of `stackSize` bytes.
  static func startDetached(stackSize: Int, _ body: @escaping () -> Void) -> Bool {
    let job = Job(body)
    let thread = Thread { job.body() }
    thread.stackSize = stackSize
    thread.start()
    return true
  }
  #endif
}
