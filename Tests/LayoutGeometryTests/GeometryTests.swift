import Foundation
import LayoutGeometry
import Testing

@Suite struct GeometryTests {
  @Test func rectEdgesAndCentre() {
    let r = Rect(x: 10, y: 20, width: 30, height: 40)
    #expect(r.maxX == 40)
    #expect(r.maxY == 60)
    #expect(r.midX == 25)
    #expect(r.midY == 40)
    #expect(r.min(.vertical) == 20)
    #expect(r.max(.horizontal) == 40)
  }

  @Test func intersectionExcludesTouchingEdgesAndEmptyRects() {
    let a = Rect(x: 0, y: 0, width: 10, height: 10)
    #expect(a.intersects(Rect(x: 5, y: 5, width: 10, height: 10)))
    #expect(!a.intersects(Rect(x: 10, y: 0, width: 10, height: 10)))
    #expect(!a.intersects(Rect(x: 5, y: 5, width: 0, height: 10)))
    #expect(a.intersection(Rect(x: 5, y: 2, width: 10, height: 3)) == Rect(x: 5, y: 2, width: 5, height: 3))
    #expect(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)) == nil)
    #expect(a.union(Rect(x: 20, y: -5, width: 1, height: 1)) == Rect(x: 0, y: -5, width: 21, height: 15))
  }

  @Test func insetAndOutsetAreInverse() {
    let r = Rect(x: 10, y: 10, width: 50, height: 50)
    let insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    #expect(r.inset(by: insets) == Rect(x: 12, y: 11, width: 44, height: 46))
    #expect(r.inset(by: insets).outset(by: insets) == r)
    #expect(Size(width: 50, height: 50).outset(by: insets) == Size(width: 56, height: 54))
    #expect(insets.mirrored == EdgeInsets(top: 1, left: 4, bottom: 3, right: 2))
  }

  @Test func containsPointUsesHalfOpenEdges() {
    let r = Rect(x: 0, y: 0, width: 10, height: 10)
    #expect(r.contains(Point(x: 0, y: 0)))
    #expect(!r.contains(Point(x: 10, y: 5)))
    #expect(r.contains(Rect(x: 0, y: 0, width: 10, height: 10)))
  }

  @Test func mirroringSwapsSides() {
    let r = Rect(x: 5, y: 7, width: 20, height: 3)
    #expect(r.mirrored(inWidth: 100) == Rect(x: 75, y: 7, width: 20, height: 3))
    #expect(r.mirrored(inWidth: 100).mirrored(inWidth: 100) == r)
  }

  @Test func validity() {
    #expect(Size(width: 1, height: 0).isValidLayoutSize)
    #expect(!Size(width: -1, height: 0).isValidLayoutSize)
    #expect(!Size(width: .nan, height: 0).isValidLayoutSize)
    #expect(!Size(width: .infinity, height: 0).isValidLayoutSize)
    #expect(!EdgeInsets(top: -1).isValidLayoutInsets)
  }

  @Test func codableRoundTrip() throws {
    let r = Rect(x: 1.5, y: 2, width: 3, height: 4)
    let data = try JSONEncoder().encode(r)
    #expect(try JSONDecoder().decode(Rect.self, from: data) == r)
  }

  @Test func formattingIsShortest() {
    #expect(formatted(12) == "12")
    #expect(formatted(-3) == "-3")
    #expect(formatted(0.5) == "0.5")
  }
}
