import Foundation
import LayoutGeometry
import Synchronization
import Testing

@testable import Flexbox

/// Counts calls from any thread.
final class CallCounter: Sendable {
  private let count = Mutex(0)
  func increment() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}

/// A chain of `depth` nested boxes around a measured leaf.
func chain(depth: Int, axis: (Int) -> Axis = { _ in .vertical }, leaf: Layout) -> Layout {
  var layout = leaf
  for level in (0..<depth).reversed() {
    layout = Layout(
      container: ContainerBehavior(primaryAxis: axis(level), secondaryAxisDistribution: .leading),
      padding: Edges(all: 1), children: [layout])
  }
  return layout
}

@Suite("Engine")
struct EngineTests {
  @Test("a 100-deep chain measures its leaf a bounded number of times")
  func measurementCaching() {
    let counter = CallCounter()
    let leaf = Layout(
      size: .relative { options in
        counter.increment()
        return Size(width: Swift.min(50, options.containerSize.width), height: 20)
      })
    let layout = chain(depth: 100, leaf: leaf)
    let computed = layout.compute(with: Size(width: 400, height: 800))
    var node = computed
    while let child = node.children.first { node = child }
    #expect(node.frame.size == Size(width: 50, height: 20))
    #expect(counter.value == 4, "leaf measured \(counter.value) times")

    let alternating = CallCounter()
    let leaf2 = Layout(
      size: .relative { options in
        alternating.increment()
        return Size(width: Swift.min(50, options.containerSize.width), height: 20)
      })
    _ = chain(depth: 100, axis: { $0 % 2 == 0 ? .horizontal : .vertical }, leaf: leaf2)
      .compute(with: Size(width: 400, height: 800))
    #expect(alternating.value == 8, "leaf measured \(alternating.value) times")
  }

  @Test("a 10,000-level tree computes, prints, encodes and decodes without overflowing the stack")
  func veryDeepTree() throws {
    let depth = 10_000
    var layout = Layout(identifier: "leaf", size: .absolute(width: 3, height: 4))
    for _ in 0..<depth {
      layout = Layout(container: ContainerBehavior(primaryAxis: .horizontal), children: [layout])
    }
    let computed = layout.compute(with: Size(width: 100, height: 100))
    #expect(computed.depth == depth)
    var node = computed
    while let child = node.children.first { node = child }
    #expect(node.identifier == "leaf")
    #expect(node.frame == Rect(x: 0, y: 0, width: 3, height: 4))
    #expect(computed.description.count > depth)
    let json = FlexDocument.encode(computed)
    #expect(json.count > depth * 40)

    var text = ""
    for _ in 0..<depth { text += "{\"children\":[" }
    text += "{\"id\":\"leaf\",\"style\":{\"width\":3,\"height\":4}}"
    for _ in 0..<depth { text += "]}" }
    let out = try FlexDocument.layoutJSON(from: Data(text.utf8), width: 100, height: 100)
    #expect(
      String(decoding: out, as: UTF8.self).contains(
        "\"id\":\"leaf\",\"x\":0,\"y\":0,\"width\":3,\"height\":4"))
    #expect(computed.svg().count > depth)
    #expect(computed.roundedToPixels() == computed)
    #expect(computed.placements().count == depth + 1)
    var nodes = TestNode()
    for _ in 0..<depth { nodes = TestNode(frameChildren: [nodes]) }
    try computed.apply(to: &nodes)
    #expect(nodes.frame == computed.frame)
  }

  @Test("bad numbers from the Swift API clamp instead of crashing")
  func badNumbersClamp() {
    let layout = Layout(
      container: ContainerBehavior(primaryAxis: .horizontal, primaryAxisGap: -.nan),
      padding: Edges(top: -5, leading: .nan),
      children: [
        Layout(size: .absolute(width: -10, height: .nan)),
        Layout(size: SizeBehavior(mode: .absolute(width: 10, height: 10), minWidth: 40, maxWidth: 20)),
        Layout(size: .relative { _ in Size(width: .nan, height: -.infinity) }),
        Layout(size: .flexible(units: 1), border: Edges(all: .infinity)),
      ])
    let computed = layout.compute(with: Size(width: .nan, height: -50))
    let huge = Layout(
      container: ContainerBehavior(primaryAxis: .horizontal, primaryAxisGap: 1e308),
      padding: Edges(all: 1e308),
      children: [
        Layout(margin: Edges(leading: -1e308), size: .absolute(width: 1e308, height: 1e308)),
        Layout(overriddenPosition: .relative(Edges(leading: 1e308)), size: .flexible(units: UInt.max)),
      ])
    for frame in allFrames(huge.compute(with: Size(width: 1e308, height: 1e308))) { #expect(frame.isFinite) }
    for frame in allFrames(computed) { #expect(frame.isFinite) }
    #expect(computed.children[0].frame.width == 0)
    #expect(computed.children[1].frame.width == 40, "min wins over max")
    #expect(computed.children[2].frame.size == .zero)
  }

  @Test("min-content and max-content roots")
  func unconstrainedRoot() {
    let layout = Layout(
      container: ContainerBehavior(primaryAxis: .horizontal),
      children: [
        Layout(size: .absolute(width: 30, height: 10)), Layout(size: .absolute(width: 20, height: 40)),
      ])
    #expect(layout.compute(width: nil, height: nil).frame.size == Size(width: 50, height: 40))
    #expect(layout.computeFitting(width: 200).frame.size == Size(width: 200, height: 40))
  }

  @Test("content fitting a width sizes a self-sizing cell")
  func selfSizingCell() {
    let text = SeedExamples.measureText(String(repeating: "x", count: 40))
    var label = Layout(size: .relative(closure: text), margin: Edges(leading: 8))
    label.style.flexShrink = 1  // `.relative` is `flex: 0 0 auto`, as in Core Layout; let the text wrap.
    let cell = Layout(
      container: ContainerBehavior(primaryAxis: .horizontal, secondaryAxisDistribution: .leading),
      padding: Edges(all: 8),
      children: [Layout(size: .absolute(width: 30, height: 30)), label])
    let computed = cell.computeFitting(width: 200)
    // 200 - 16 padding - 30 - 8 = 146 points for 280 points of text: 2 lines of 14.
    #expect(computed.frame.size == Size(width: 200, height: 16 + 30))
    #expect(computed.children[1].frame == Rect(x: 46, y: 8, width: 146, height: 28))
  }
}

/// Absolutely positioned boxes with `top`, `bottom` and an explicit `align-self`, in a containing
/// block from 0 to 100 (positions of the margin box, as Chromium 156 puts them).
@Suite("Inset-modified containing block")
struct InsetModifiedContainingBlockTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var insets: (start: Double, end: Double)
    var outerSize: Double
    var alignment: FlexStyle.AlignSelf
    var expected: Double
    var testDescription: String {
      "top \(insets.start), bottom \(insets.end), \(outerSize) tall, \(alignment): \(expected)"
    }
  }

  @Test(
    "aligned unsafe, then kept within the containing block when it overflows",
    arguments: [
      // Fits its inset-modified containing block: unsafe alignment, even outside the containing block.
      Case(insets: (10, 20), outerSize: 50, alignment: .center, expected: 20),
      Case(insets: (-40, 20), outerSize: 90, alignment: .flexEnd, expected: -10),
      Case(insets: (10, -30), outerSize: 50, alignment: .flexEnd, expected: 80),
      // Overflows it: shifted back inside the containing block.
      Case(insets: (30, 20), outerSize: 80, alignment: .flexStart, expected: 20),
      Case(insets: (30, 20), outerSize: 80, alignment: .stretch, expected: 20),
      Case(insets: (30, 20), outerSize: 80, alignment: .center, expected: 15),
      Case(insets: (30, 20), outerSize: 80, alignment: .flexEnd, expected: 0),
      // Larger than the containing block: its start edge wins.
      Case(insets: (60, 50), outerSize: 120, alignment: .flexEnd, expected: 0),
      // The limit is the containing block extended by the inset-modified one.
      Case(insets: (-20, 20), outerSize: 110, alignment: .center, expected: -20),
      Case(insets: (-20, 20), outerSize: 150, alignment: .flexStart, expected: -20),
      // A negative inset-modified containing block becomes empty at `top` (`bottom` gives way).
      Case(insets: (60, 50), outerSize: 30, alignment: .flexStart, expected: 60),
      Case(insets: (60, 50), outerSize: 30, alignment: .center, expected: 45),
      Case(insets: (60, 50), outerSize: 30, alignment: .flexEnd, expected: 30),
      Case(insets: (45, 70), outerSize: 40, alignment: .flexEnd, expected: 5),
      // Negative margins making the margin box negative never overflow.
      Case(insets: (60, 50), outerSize: -40, alignment: .flexEnd, expected: 100),
    ])
  func alignment(_ c: Case) {
    let position = FlexEngine.alignInInsetModifiedContainingBlock(
      outerSize: c.outerSize, alignment: c.alignment, containingBlock: (0, 100), insets: c.insets)
    #expect(position == c.expected)
  }
}

func allFrames(_ computed: ComputedLayout) -> [Rect] {
  var out: [Rect] = []
  var stack = [computed]
  while let node = stack.popLast() {
    out.append(node.frame)
    stack.append(contentsOf: node.children)
  }
  return out
}
