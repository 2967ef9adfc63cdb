import LayoutThreads

/// A value computed on a helper thread (``HelperThreads``) and handed to the thread that
/// started it when that thread joins the helper: how a section's second half reaches the
/// calling thread (``FlowSectionLayout/SecondHalf``). Where no thread can be started, the
/// value is computed in `init`, on the calling thread.
///
/// `@unchecked Sendable`: the helper writes ``value`` once, before it ends; the owner reads it
/// only in ``wait()``, after joining the helper (`pthread_join` orders the write before the
/// read). Nothing else is shared.
final class HelperResult<Value>: @unchecked Sendable {
  private var value: Value?
  /// Joins the helper, until ``wait()`` has.
  private var join: (() -> Void)?

  /// Starts computing `compute()` on a helper thread, or computes it now when none can be
  /// started.
  init(_ compute: @escaping () -> Value) {
    let threads = HelperThreads.start(1) { [self] in value = compute() }
    if threads.isEmpty {
      value = compute()
    } else {
      join = { HelperThreads.join(threads) }
    }
  }

  /// Waits for the helper (the first call) and returns the value.
  func wait() -> Value {
    join?()
    join = nil
    guard let value else { preconditionFailure("a helper ended without its value") }
    return value
  }
}
