import Foundation
import LayoutGeometry
import LayoutThreads

extension Layout {
  /// Computes the tree inside a container of `size`: the root's auto width and height take the
  /// container's (less the root's margins), as Core Layout (Yoga) does.
  ///
  /// ```swift
  /// let computed = layout.compute(with: Size(width: 160, height: 284))
  /// ```
  ///
  /// Trees of any depth compute on any thread: the engine recurses once per level of the tree,
  /// on the calling thread for the first levels (see ``FlexLayoutLimits``) and on helper threads
  /// with stacks of their own below those, so a 10,000-level tree overflows no stack.
  ///
  /// - Complexity: O(n) boxes for most trees; sizes asked of a box are memoised.
  public func compute(with size: Size, direction: LayoutDirection = .ltr) -> ComputedLayout {
    compute(width: size.width, height: size.height, direction: direction)
  }

  /// Computes the tree with an optional width and height: a `nil` axis is unconstrained and the
  /// root takes its max-content size there.
  public func compute(width: Double?, height: Double?, direction: LayoutDirection = .ltr) -> ComputedLayout {
    // On a thread whose stack has less left than the engine's reserve, the whole computation
    // moves to a helper thread: reading the tree takes stack too (much more under a sanitizer).
    guard FlexLayoutLimits.callingThreadHasReserve else {
      return FlexLayoutLimits.onHelperThread {
        FlexEngine(root: self, direction: direction).run(width: width, height: height, direction: direction)
      }
    }
    return FlexEngine(root: self, direction: direction).run(
      width: width, height: height, direction: direction)
  }

  /// Computes a self-sizing cell's content: the root's auto width is `width` and its height is
  /// the content's height, so the root frame's size is the size the content needs.
  ///
  /// ```swift
  /// let content = cellContent.computeFitting(width: 320)
  /// let cellHeight = content.frame.height
  /// ```
  public func computeFitting(width: Double, direction: LayoutDirection = .ltr) -> ComputedLayout {
    compute(width: width, height: nil, direction: direction)
  }
}

/// How much stack the engine uses, and where.
///
/// The flex algorithm recurses once per level of the tree, using several KB of stack per level
/// (more in a debug build, more again under AddressSanitizer). A tree at most ``inlineDepth``
/// levels deep is computed on the calling thread, whose stack may be small (512 KB for a
/// secondary thread or a task on Apple platforms), as long as it uses no more than
/// ``inlineStackBytes`` of it, nor comes within a reserve of the thread's end; a deeper tree, or
/// the subtree that would take a shallow one past that, is computed on a helper thread with a
/// stack of its own, which goes at most ``helperThreadDepth`` levels down, and not past its own
/// stack less a reserve, before handing the subtree below over to the next helper, and so on.
/// Stack use is measured as the engine goes (where the stack pointer is, against the thread's
/// bounds where the platform gives them), so any depth the tree may have computes in any build.
/// The calling thread waits for its helpers, and the result is the same on any thread.
///
/// ```
///  calling thread   compute ─ waits ──────────────────────────────────────────── result
///  helper 1            root ─ … ─ level 999 ─ waits ─────────────── … ─ level 0 done
///  helper 2                                   level 1000 ─ … ─ level 1999 ─ …
/// ```
public enum FlexLayoutLimits {
  /// Trees at most this many levels deep are computed on the calling thread.
  public static let inlineDepth = 16
  /// The most stack the engine uses on the calling thread before it continues on a helper
  /// thread (less when the thread's stack ends sooner).
  public static let inlineStackBytes = 128 * 1024
  /// The most levels of the tree the engine recurses through on one helper thread.
  ///
  /// Bounds each helper's stack, and ThreadSanitizer's shadow call stack: a fixed 65,536
  /// entries per thread, written past its end unchecked, which the engine's nine or ten
  /// instrumented calls per level overflowed on a single thread beyond about 7,000 levels.
  public static let helperThreadDepth = 1_000
  /// Stack reserved per tree level on a helper thread, whose stack is ``helperThreadDepth`` ×
  /// this plus 8 MiB (virtual memory, committed only as used). A build whose levels take more
  /// hands over to the next helper sooner.
  public static let stackBytesPerLevel = 24 * 1024
  /// The largest length the engine accepts (10⁹ points): larger sizes, insets, gaps and flex
  /// factors are capped, so sums of them never overflow to infinity (and NaN).
  public static let maxLength = 1e9

  /// The stack size of a helper thread.
  static var helperStackSize: Int { helperThreadDepth * stackBytesPerLevel + helperThreadReserve }
  /// The stack a helper thread keeps unused below the levels it lays out: room for a level
  /// deeper than those before it, and for measure closures.
  static let helperThreadReserve = 8 << 20
  /// The stack the engine leaves unused at the end of the calling thread's.
  static let callingThreadReserve = 64 * 1024

  /// Whether the calling thread's stack has more than ``callingThreadReserve`` left (true when
  /// its bounds are unknown).
  static var callingThreadHasReserve: Bool {
    guard let end = ThreadStack.lowerBound() else { return true }
    let here = ThreadStack.currentAddress()
    return here > end && here - end > UInt(callingThreadReserve)
  }

  /// Runs `body` on a kept helper thread with a stack of ``helperStackSize`` bytes (see
  /// `HelperThreads.run(stackSize:_:)`), waiting for it.
  static func onHelperThread<T>(_ body: () -> T) -> T {
    var result: T?
    HelperThreads.run(stackSize: helperStackSize) { result = body() }
    return result!
  }
}
