#if os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value behind a `pthread_mutex_t`, a lock ThreadSanitizer sees: it intercepts the
/// mutex's calls. (Synchronization's `Mutex` takes its contended path through futex system
/// calls that TSan does not see, and then reports races on what the lock guards.)
///
/// Manual memory: the mutex lives in a block of its own (`UnsafeMutablePointer.allocate`: a
/// mutex must not move), initialised in `init` and destroyed and freed in `deinit`. Linux
/// only: the arenas' spare mappings (``ArenaMapping/spares``) are its one use.
final class PThreadLock<Value>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Calls `body` with the value, the lock held.
  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body(&value)
  }
}
#endif
