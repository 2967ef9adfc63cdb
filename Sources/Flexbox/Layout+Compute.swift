import Foundation
import LayoutGeometry

extension Layout {
  /// Computes the tree inside a container of `size`: the root's auto width and height take the
  /// container's (less the root's margins), as Core Layout (Yoga) does.
  ///
  /// ```swift
  /// let computed = layout.compute(with: Size(width: 160, height: 284))
  /// ```
  ///
  /// Trees deeper than ``FlexLayoutLimits/inlineDepth`` are computed on a helper thread with a
  /// stack sized for their depth, so a 10,000-level tree does not overflow the caller's stack.
  ///
  /// - Complexity: O(n) boxes for most trees; sizes asked of a box are memoised.
  public func compute(with size: Size, direction: LayoutDirection = .ltr) -> ComputedLayout {
    compute(width: size.width, height: size.height, direction: direction)
  }

  /// Computes the tree with an optional width and height: a `nil` axis is unconstrained and the
  /// root takes its max-content size there.
  public func compute(width: Double?, height: Double?, direction: LayoutDirection = .ltr) -> ComputedLayout {
    let engine = FlexEngine(root: self)
    return FlexLayoutLimits.withStack(forDepth: engine.maxDepth) {
      engine.layoutRoot(width: width, height: height)
      if direction == .rtl { engine.mirrorForRightToLeft() }
      return engine.computedLayout()
    }
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

/// How deep the engine recurses on the caller's stack before it moves to a bigger one.
public enum FlexLayoutLimits {
  /// Trees at most this deep are computed on the calling thread; deeper ones on a helper thread
  /// whose stack is ``stackBytesPerLevel`` per level plus 8 MiB.
  public static let inlineDepth = 256
  /// Stack reserved per tree level on the helper thread (virtual memory, committed only as used).
  public static let stackBytesPerLevel = 24 * 1024
  /// The largest length the engine accepts (10⁹ points): larger sizes, insets, gaps and flex
  /// factors are capped, so sums of them never overflow to infinity (and NaN).
  public static let maxLength = 1e9

  /// Runs `body` on the current thread when `depth` is small, else on a thread with a stack big
  /// enough for `depth` levels of recursion, waiting for it.
  static func withStack<T>(forDepth depth: Int, _ body: () -> T) -> T {
    if depth <= inlineDepth { return body() }
    return withoutActuallyEscaping(body) { escapable in
      let box = ResultBox<T>(body: escapable)
      let done = DispatchSemaphore(value: 0)
      let thread = Thread {
        box.run()
        done.signal()
      }
      thread.stackSize = min(8 << 20 + depth * stackBytesPerLevel, 1 << 31)
      thread.start()
      done.wait()
      return box.result!
    }
  }
}

/// Carries a closure and its result to and from a helper thread; the caller waits for the
/// thread, so the two never touch it at once.
private final class ResultBox<T>: @unchecked Sendable {
  var body: (() -> T)?
  var result: T?
  init(body: @escaping () -> T) { self.body = body }
  /// Runs the body once and lets go of it, so it never outlives the caller's scope.
  func run() {
    result = body?()
    body = nil
  }
}
