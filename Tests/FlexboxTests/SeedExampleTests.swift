import Flexbox
import LayoutGeometry
import Testing

@Suite("Core Layout README examples")
struct SeedExampleTests {
  @Test("every README example has exact frames")
  func everyExample() {
    for example in SeedExamples.examples {
      do { try self.example(example.name) } catch { Issue.record(error, "\(example.name)") }
    }
  }

  func example(_ name: String) throws {
    let example = try #require(SeedExamples.examples.first { $0.name == name })
    let expected = try #require(SeedExpectations.frames[name])
    let computed = example.layout.compute(with: example.size)
    #expect(computed == expected, "\(name):\n\(computed)")
  }

  @Test("README: a layout with padding fills its container")
  func simple() {
    let layout = Layout(container: ContainerBehavior(primaryAxis: .vertical), padding: Edges(all: 8))
    #expect(
      layout.compute(with: Size(width: 160, height: 284))
        == ComputedLayout(frame: Rect(x: 0, y: 0, width: 160, height: 284)))
  }

  @Test("README: a child with a minimum height")
  func minimumHeight() {
    let layout = Layout(
      container: ContainerBehavior(primaryAxis: .vertical),
      padding: Edges(all: 8),
      children: [Layout(size: SizeBehavior(minHeight: 44))]
    )
    let expected = ComputedLayout(
      frame: Rect(x: 0, y: 0, width: 160, height: 284),
      children: [ComputedLayout(frame: Rect(x: 8, y: 8, width: 144, height: 44))]
    )
    #expect(layout.compute(with: Size(width: 160, height: 284)) == expected)
  }

  @Test("README: print renders an initializer")
  func printing() {
    let layout = Layout(
      container: ContainerBehavior(primaryAxis: .vertical),
      children: [
        Layout(
          overriddenPosition: .absolute(Edges(top: 8, leading: 8)), size: .absolute(width: 44, height: 44))
      ]
    )
    let computed = layout.compute(with: Size(width: 160, height: 284))
    #expect(
      computed.description == """
        ComputedLayout(
          frame: Rect(x: 0, y: 0, width: 160, height: 284),
          children: [
            ComputedLayout(frame: Rect(x: 8, y: 8, width: 44, height: 44))
          ]
        )
        """)
  }

  @Test("README: leading and trailing follow the layout direction")
  func rightToLeft() {
    let layout = Layout(
      container: ContainerBehavior(primaryAxis: .horizontal),
      padding: Edges(leading: 10),
      children: [
        Layout(margin: Edges(leading: 5), size: .absolute(width: 20, height: 20)),
        Layout(size: .absolute(width: 30, height: 20)),
        Layout(overriddenPosition: Edges(top: 1, leading: 2), size: .absolute(width: 4, height: 4)),
      ])
    let ltr = layout.compute(with: Size(width: 100, height: 50))
    let rtl = layout.compute(with: Size(width: 100, height: 50), direction: .rtl)
    #expect(ltr.children.map(\.frame.x) == [15, 35, 2])
    #expect(rtl.children.map(\.frame.x) == [65, 35, 94])
  }
}
