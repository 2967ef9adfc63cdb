import Foundation
import LayoutGeometry
import LayoutThreads
import TestSupport
import Testing

@testable import Flexbox

/// A chain of `depth` containers around a 3 × 4 leaf.
func deepLayout(_ depth: Int) -> Layout {
  var layout = Layout(identifier: "leaf", size: .absolute(width: 3, height: 4))
  for level in 0..<depth {
    layout = Layout(
      container: ContainerBehavior(primaryAxis: level % 2 == 0 ? .horizontal : .vertical), children: [layout])
  }
  return layout
}

/// A chain of `depth` computed boxes around a leaf.
func deepComputed(_ depth: Int) -> ComputedLayout {
  var computed = ComputedLayout(identifier: "leaf", frame: Rect(x: 0, y: 0, width: 3, height: 4))
  for level in 0..<depth {
    computed = ComputedLayout(
      frame: Rect(x: 0, y: Double(level % 3), width: 5, height: 5), children: [computed])
  }
  return computed
}

/// Calls `body` once `isDeepEnough` says so, nesting frames of about 1 KB on the stack until then.
@inline(never)
func usingStack(until isDeepEnough: () -> Bool, _ body: () -> Void) {
  guard !isDeepEnough() else { return body() }
  withUnsafeTemporaryAllocation(byteCount: 1000, alignment: 16) { buffer in
    buffer.initializeMemory(as: UInt8.self, repeating: 7)
    usingStack(until: isDeepEnough, body)
    // (Read after the call: the frame stays until the body returns.)
    precondition(buffer[999] == 7)
  }
}

/// The number of levels below `layout` (0 for a leaf), without recursion.
func depth(of layout: Layout) -> Int {
  var deepest = 0
  var stack = [(layout, 0)]
  while let (node, level) = stack.popLast() {
    deepest = max(deepest, level)
    for child in node.children { stack.append((child, level + 1)) }
  }
  return deepest
}

/// Trees 10,000 and 100,000 levels deep on small stacks: releasing a tree, and every operation
/// on one, must not recurse once per level.
@Suite("Deep trees on small stacks", .serialized)
struct DeepTreeTests {
  /// Regression: releasing a `Layout` released its children array, whose elements released
  /// theirs, recursively in the Swift runtime: a 100,000-level tree overflowed even an 8 MiB stack.
  @Test(
    "a Layout tree 10,000 and 100,000 levels deep is built and released on a 256 KB stack",
    arguments: [10_000, 100_000])
  func releaseLayout(depth: Int) {
    onSmallStack {
      var layout = deepLayout(depth)
      layout.identifier = "root"
      #expect(layout.children.count == 1)
    }
  }

  /// Regression: as ``releaseLayout(depth:)``, for the computed tree.
  @Test(
    "a ComputedLayout tree 10,000 and 100,000 levels deep is built and released on a 256 KB stack",
    arguments: [10_000, 100_000])
  func releaseComputed(depth: Int) {
    onSmallStack {
      let computed = deepComputed(depth)
      #expect(computed.children.count == 1)
    }
  }

  /// Regression: a column item with an aspect ratio had its flex base size found past the
  /// cache, so each level of a chain of them sized every level below it again (800 levels
  /// took half a second in release, 3,200 seconds); it is now cached under its own key. Every
  /// box of the chain takes the 10 × 10 leaf's width and, through its ratio, the same height.
  ///
  /// Regression too: under AddressSanitizer, whose frames on this path outgrow the stack a
  /// helper thread reserves per level, chains of 2,000 levels overflowed a helper's stack (the
  /// engine measured its stack use from the address of a local variable, which the sanitizer
  /// moves to a fake stack on the heap); it now measures the machine stack and hands over to the
  /// next helper before it runs out, in any build.
  @Test("a 12,000-level chain of column boxes with an aspect ratio computes in one pass per level")
  func deepAspectRatioChain() throws {
    let depth = 12_000
    let json =
      String(repeating: #"{"style":{"aspectRatio":1},"children":["#, count: depth)
      + #"{"style":{"width":10,"height":10}}"# + String(repeating: "]}", count: depth)
    let layout = try FlexDocument.decode(Data(json.utf8))
    var node = layout.compute(width: nil, height: nil)
    var levels = 0
    while true {
      #expect(node.frame == Rect(x: 0, y: 0, width: 10, height: 10), "level \(levels)")
      guard let child = node.children.first else { break }
      node = child
      levels += 1
    }
    #expect(levels == depth)
  }

  /// Regression: a task's thread is no bigger than any other (512 KB on Apple platforms).
  @Test("a 100,000-level tree is released inside a task")
  func releaseInTask() async {
    let levels = await Task.detached {
      let layout = deepLayout(100_000)
      let computed = deepComputed(100_000)
      return layout.children.count + computed.children.count
    }.value
    #expect(levels == 2)
  }

  /// Regression: a decoded document was released recursively too.
  @Test("a 20,000-level decoded document is released on a 256 KB stack")
  func releaseDecoded() throws {
    let levels = FlexDocumentLimits().maxDepth
    let text =
      String(repeating: #"{"children":["#, count: levels - 1) + "{}"
      + String(repeating: "]}", count: levels - 1)
    onSmallStack {
      let layout = try? FlexDocument.decode(Data(text.utf8))
      #expect(layout.map(depth(of:)) == levels - 1)
    }
  }

  /// Releasing one tree leaves another that shares its subtrees intact, and mutating a copy
  /// leaves the original alone: the children stay values.
  @Test("shared subtrees survive the release of one of their trees; copies are independent")
  func sharing() {
    onSmallStack {
      let shared = deepLayout(10_000)
      var kept = Layout(identifier: "kept", children: [shared])
      do {
        let dropped = Layout(identifier: "dropped", children: [shared, shared])
        #expect(dropped.children.count == 2)
      }
      #expect(depth(of: kept) == 10_001)
      var copy = kept
      copy.children[0].children[0].identifier = "changed"
      copy.children.append(Layout(identifier: "new"))
      #expect(kept.children.count == 1)
      #expect(kept.children[0].children[0].identifier == nil)
      #expect(copy.children[0].children[0].identifier == "changed")
      #expect(copy.children.count == 2)
      kept.children.removeAll()
      #expect(depth(of: copy) == 10_001)

      let computed = deepComputed(10_000)
      var other = ComputedLayout(frame: .zero, children: [computed])
      var mutated = other
      mutated.children[0].identifier = "x"
      #expect(other.children[0].identifier == nil)
      #expect(other != mutated)
      mutated.children[0].identifier = nil
      #expect(other == mutated)
      other.children = []
      #expect(other.children.isEmpty && mutated.children[0].depth == 10_000)
    }
  }

  /// Regression: trees up to 256 levels were computed on the calling thread, at several KB of
  /// stack per level, overflowing a 256 KB stack from about 20 (debug) or 30 (release) levels.
  @Test("trees of any depth compute on a 256 KB stack", arguments: [10, 30, 60, 100, 200, 256, 300, 1_000])
  func computeOnSmallStack(depth: Int) {
    onSmallStack {
      let computed = deepLayout(depth).compute(width: 100, height: nil)
      var node = computed
      var levels = 0
      while let child = node.children.first {
        node = child
        levels += 1
      }
      #expect(levels == depth)
      #expect(node.frame.size == Size(width: 3, height: 4))
    }
  }

  /// Regression: a shallow tree was computed on the calling thread within a fixed budget of
  /// its stack, however little of that stack was left (a debug build's 16 levels take more than
  /// 48 KB); the engine now also keeps to the thread's own bounds, and goes to a helper thread
  /// from the root when they leave too little.
  @Test("a tree computes on a thread whose stack is nearly used up", arguments: [1, 8, 16])
  func computeNearStackEnd(depth: Int) {
    onSmallStack {
      // All but about 48 KB of the thread's 256 KB in use.
      let end = ThreadStack.lowerBound()!
      let left = { ThreadStack.currentAddress() &- end }
      usingStack(until: { left() < 48 << 10 }) {
        #expect((40 << 10)..<(48 << 10) ~= left())
        let computed = deepLayout(depth).compute(width: 100, height: nil)
        #expect(computed.depth == depth)
        #expect(computed.frame.size == Size(width: 100, height: 4))
      }
    }
  }

  /// Every public operation on a 10,000-level tree, on a 256 KB stack.
  @Test("a 10,000-level tree computes, compares, hashes, prints, encodes and applies on a 256 KB stack")
  func everythingOnSmallStack() {
    onSmallStack {
      let depth = 10_000
      let layout = deepLayout(depth)
      let computed = layout.compute(width: 100, height: nil)
      let rtl = layout.compute(width: 100, height: nil, direction: .rtl)
      #expect(computed.depth == depth)
      #expect(computed == computed.roundedToPixels())
      #expect(rtl.depth == depth)
      #expect(Set([computed, computed]).count == 1)
      #expect(computed.description.count > depth)
      #expect(FlexDocument.encode(computed).count > depth * 40)
      #expect(computed.placements().count == depth + 1)
      #expect(computed.svg(layout: layout).count > depth)
      var view = TestView()
      for _ in 0..<depth { view = TestView([view]) }
      #expect(throws: Never.self) { try computed.apply(to: &view) }
      #expect(view.frame == computed.frame)
      var mismatched = TestView([TestView(), TestView()])
      #expect(throws: LayoutShapeMismatch.self) { try computed.apply(to: &mismatched) }
      // Release the view chain without recursion (it is the test's own class tree).
      var next: [TestView] = [view]
      view = TestView()
      while let node = next.popLast() {
        next.append(contentsOf: node.frameChildren)
        node.frameChildren = []
      }
    }
  }

  /// Regression: under ThreadSanitizer a 10,000-level tree corrupted memory. TSan keeps a
  /// fixed 65,536-entry shadow call stack per thread and writes past its end unchecked; the
  /// engine recursed about nine instrumented calls per level, all on one helper thread, so
  /// beyond about 7,000 levels it overflowed ("allocation-size-too-big", SIGSEGV or a hang).
  /// The engine now moves to a new thread every ``FlexLayoutLimits/helperThreadDepth`` levels.
  @Test("the engine recurses through a bounded number of levels on any one thread")
  func levelsPerThread() {
    let depth = FlexDocumentLimits().maxDepth
    let engine = FlexEngine(root: deepLayout(depth))
    let result = engine.run(width: 100, height: nil, direction: .ltr)
    #expect(result.depth == depth)
    #expect(engine.deepestLevelsOnOneThread > 0)
    #expect(engine.deepestLevelsOnOneThread <= FlexLayoutLimits.helperThreadDepth)
  }

  /// Helper threads are shared: many deep computations at once each get their own, and
  /// helpers that idled out are replaced.
  @Test("deep trees computed from many tasks at once, and after the helpers idled out, agree")
  func concurrentDeepCompute() async throws {
    let layout = deepLayout(2 * FlexLayoutLimits.helperThreadDepth + 10)
    let expected = [
      layout.compute(width: 100, height: nil), layout.compute(width: 100, height: nil, direction: .rtl),
    ]
    let same = await withTaskGroup(of: Bool.self) { group in
      for index in 0..<8 {
        group.addTask {
          layout.compute(width: 100, height: nil, direction: index % 2 == 0 ? .ltr : .rtl)
            == expected[index % 2]
        }
      }
      return await group.reduce(true) { $0 && $1 }
    }
    #expect(same)
    try await Task.sleep(for: .seconds(HelperThreads.idleTimeout + 0.5))
    #expect(layout.compute(width: 100, height: nil) == expected[0])
  }
}
