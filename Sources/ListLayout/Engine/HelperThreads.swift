import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Threads started for one piece of work and joined before it is done (POSIX threads:
/// Foundation's `Thread` cannot be joined): the output's segment formatters, a feed's cell
/// runs, the prefaulting of a layout's arena. Where threads cannot be started, none is, and
/// the caller does the work itself.
enum HelperThreads {
  /// The processors this process may run on, read once: Foundation's
  /// `activeProcessorCount` reads the scheduler's affinity and the control group's limits
  /// on every call (about 9 µs on Linux), which every decode and every write of the layout's
  /// JSON would pay, small or not.
  static let activeProcessors = ProcessInfo.processInfo.activeProcessorCount

  /// What a started thread runs; `@unchecked Sendable`: `body` is handed to the one thread
  /// started with it and called only there.
  final class Job: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
  }

  #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
  /// Starts up to `count` threads running `body` (fewer when the system refuses some), each
  /// with a stack of `stackSize` bytes when given (else the system's default).
  static func start(_ count: Int, stackSize: Int? = nil, _ body: @escaping () -> Void) -> [pthread_t] {
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
  static func join(_ threads: [pthread_t]) {
    for thread in threads { pthread_join(thread, nil) }
  }

  /// A thread's argument, as either platform hands it over.
  static func pointer(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer { context! }
  #else
  static func start(_ count: Int, stackSize: Int? = nil, _ body: @escaping () -> Void) -> [Int] { [] }
  static func join(_ threads: [Int]) {}
  #endif
}
