import Flexbox
import Foundation
import Testing

/// The flex debug picture (`ComputedLayout.svg(layout:)`) writes every box's identifier where
/// no other label is: nested boxes sharing a corner get their labels one under the other.
@Suite struct FlexPictureTests {
  /// The labels of a picture, as rectangles of 6 points a character by 11 high (the picture's
  /// 10-point monospaced font), with their text.
  static func labels(_ svg: String) -> [(text: String, rect: Rect)] {
    svg.components(separatedBy: "<text x=\"").dropFirst().map { rest in
      let x = Double(rest.prefix { $0 != "\"" })!
      let afterY = rest.components(separatedBy: "y=\"")[1]
      let y = Double(afterY.prefix { $0 != "\"" })!
      let text = String(rest.components(separatedBy: ">")[1].prefix { $0 != "<" })
      return (text, Rect(x: x, y: y - 9, width: Double(text.count) * 6, height: 11))
    }
  }

  static func overlaps(_ labels: [(text: String, rect: Rect)]) -> [String] {
    var found: [String] = []
    for i in labels.indices {
      for j in labels.indices where j > i && labels[i].rect.intersects(labels[j].rect) {
        found.append("\(labels[i].text) / \(labels[j].text)")
      }
    }
    return found
  }

  @Test func nestedBoxesAtOneCornerDoNotOverlap() {
    // Three boxes sharing the top-left corner, and a sibling right of them.
    let tree = Layout(
      identifier: "root", container: ContainerBehavior(primaryAxis: .horizontal),
      children: [
        Layout(
          identifier: "outer", size: .absolute(width: 200, height: 100),
          children: [Layout(identifier: "inner", size: .absolute(width: 150, height: 60))]),
        Layout(identifier: "side", size: .absolute(width: 80, height: 40)),
      ])
    let svg = tree.compute(with: Size(width: 400, height: 200)).svg(layout: tree)
    let labels = Self.labels(svg)
    #expect(labels.map(\.text).sorted() == ["inner", "outer", "root", "side"])
    let overlaps = Self.overlaps(labels)
    #expect(overlaps.isEmpty, "\(overlaps.count) overlaps: \(overlaps.prefix(3))")
  }

  @Test func aDeepChainAtOneCornerStacksItsLabels() {
    var tree = Layout(identifier: "leaf", size: .absolute(width: 20, height: 20))
    for level in 0..<30 { tree = Layout(identifier: "level-\(level)", children: [tree]) }
    let svg = tree.compute(with: Size(width: 300, height: 300)).svg(layout: tree)
    let labels = Self.labels(svg)
    #expect(labels.count == 31)
    let overlaps = Self.overlaps(labels)
    #expect(overlaps.isEmpty, "\(overlaps.count) overlaps: \(overlaps.prefix(3))")
  }
}
