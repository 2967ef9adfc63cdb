import Foundation
import LayoutGeometry
import Testing

@testable import Flexbox

@Suite("JSON documents")
struct DocumentTests {
  func decode(
    _ text: String, limits: FlexDocumentLimits = FlexDocumentLimits()
  ) throws(FlexDocumentError) -> Layout {
    try FlexDocument.decode(Data(text.utf8), limits: limits)
  }

  func error(_ text: String, limits: FlexDocumentLimits = FlexDocumentLimits()) -> FlexDocumentError? {
    do {
      _ = try decode(text, limits: limits)
      return nil
    } catch {
      return error
    }
  }

  @Test("the CLI contract: input tree in, frames out, in key order")
  func layoutJSON() throws {
    let input = """
      {"id": "root", "style": {"flexDirection": "row", "width": 100, "height": 50, "padding": {"top": 5, "left": 5}},
       "children": [{"id": "a", "style": {"flexGrow": 1}}, {"style": {"width": 20.5}}]}
      """
    let out = try FlexDocument.layoutJSON(from: Data(input.utf8), width: nil, height: nil)
    #expect(
      String(decoding: out, as: UTF8.self)
        == """
        {"id":"root","x":0,"y":0,"width":100,"height":50,"children":[\
        {"id":"a","x":5,"y":5,"width":74.5,"height":45,"children":[]},\
        {"x":79.5,"y":5,"width":20.5,"height":45,"children":[]}]}

        """)
  }

  @Test("width and height offered to an auto root")
  func offeredSize() throws {
    let out = try FlexDocument.layoutJSON(
      from: Data(#"{"children":[{"style":{"height":10}}]}"#.utf8), width: 300)
    #expect(String(decoding: out, as: UTF8.self).hasPrefix(#"{"x":0,"y":0,"width":300,"height":10,"#))
    #expect {
      try FlexDocument.layoutJSON(from: Data("{}".utf8), width: -1)
    } throws: { error in
      (error as? FlexDocumentError)?.path == "--width"
    }
  }

  @Test(
    "bad keys and values name their key path",
    arguments: [
      (#"{"children":[{},{},{"style":{"flexGrow":"x"}}]}"#, "children[2].style.flexGrow"),
      (#"{"children":[{"children":[{"style":{"colour":1}}]}]}"#, "children[0].children[0].style.colour"),
      (#"{"name":"x"}"#, "name"),
      (#"{"children":[{"size":1}]}"#, "children[0].size"),
      (#"{"style":{"margin":{"top":1,"middle":2}}}"#, "style.margin.middle"),
      (#"{"style":{"width":-3}}"#, "style.width"),
      (#"{"style":{"width":1e999}}"#, "style.width"),
      (#"{"style":{"padding":{"left":-1}}}"#, "style.padding.left"),
      (#"{"style":{"flexDirection":"sideways"}}"#, "style.flexDirection"),
      (#"{"id":3}"#, "id"),
      (#"{"children":{}}"#, "children"),
      (#"{"children":[1]}"#, "children[0]"),
    ])
  func keyPaths(_ input: String, _ path: String) {
    guard let error = error(input) else {
      Issue.record("expected an error at \(path)")
      return
    }
    #expect(error.path == path, "\(error)")
    #expect([.unknownKey, .invalidValue, .typeMismatch].contains(error.kind), "\(error)")
    // Every error has a position now, as feed errors do (columns in bytes).
    #expect(error.line == 1 && error.column > 1, "\(error)")
  }

  @Test("syntax errors give line and column")
  func syntax() {
    func position(_ text: String) -> (JSONInputError.Kind, Int, Int)? {
      error(text).map { ($0.kind, $0.line, $0.column) }
    }
    #expect(position("{\n  \"id\": \"a\",\n  \"style\": {,}\n}")! == (.syntax, 3, 13))
    #expect(position("")! == (.syntax, 1, 1))
    #expect(position("{} x")! == (.syntax, 1, 4))
    #expect(position("{\"children\":[{}\n,{}\n")?.1 == 3)
    // The root must be a node object.
    #expect(error("[1]")?.kind == .typeMismatch)
    #expect(error(#"{"id":"\q"}"#)?.kind == .syntax)
    #expect(error(#"{"style":{"width":01}}"#)?.kind == .syntax)
    // A repeated key is an error, as in a feed.
    #expect(error(#"{"id":"a","id":"b"}"#)?.kind == .invalidValue)
    #expect(error(#"{"style":{"width":1,"width":2}}"#)?.path == "style.width")
  }

  @Test("limits are typed errors naming the limit")
  func limits() {
    let deep = String(repeating: #"{"children":["#, count: 5) + "{}" + String(repeating: "]}", count: 5)
    let depthError = error(deep, limits: FlexDocumentLimits(maxDepth: 4))
    #expect(depthError?.kind == .limitExceeded("maxDepth"))
    #expect(depthError?.path == "children[0].children[0].children[0].children[0]")
    let wide = #"{"children":[{},{},{}]}"#
    let nodesError = error(wide, limits: FlexDocumentLimits(maxNodes: 3))
    #expect(nodesError?.kind == .limitExceeded("maxNodes"))
    #expect(nodesError?.path == "children[2]")
    let long = #"{"children":[{"id":"abcdefghijk"}]}"#
    let stringError = error(long, limits: FlexDocumentLimits(maxStringLength: 8))
    #expect(stringError?.kind == .limitExceeded("maxStringLength"))
    #expect(stringError?.path == "children[0].id")
    #expect(FlexDocumentLimits().maxDepth == 20_000)
  }

  @Test("all style keys decode")
  func allKeys() throws {
    let layout = try decode(
      """
      {"style": {"display": "flex", "position": "absolute", "flexDirection": "row-reverse", "flexWrap": "wrap-reverse",
       "justifyContent": "space-evenly", "alignItems": "center", "alignSelf": "flex-end", "alignContent": "stretch",
       "flexGrow": 2, "flexShrink": 0.5, "flexBasis": "auto", "width": 10, "height": "auto", "minWidth": 1,
       "minHeight": 2, "maxWidth": "none", "maxHeight": 30, "margin": {"top": -1, "left": 2, "bottom": 3, "right": 4},
       "padding": 5, "border": {"top": 1}, "top": 1, "left": 2, "bottom": 3, "right": 4, "gap": 6, "rowGap": 7}}
      """)
    let s = layout.style
    #expect(s.position == .absolute && s.flexDirection == .rowReverse && s.flexWrap == .wrapReverse)
    #expect(s.justifyContent == .spaceEvenly && s.alignItems == .center && s.alignSelf == .flexEnd)
    #expect(s.flexGrow == 2 && s.flexShrink == 0.5 && s.flexBasis == nil && s.width == 10 && s.height == nil)
    #expect(s.margin == Edges(top: -1, leading: 2, bottom: 3, trailing: 4) && s.padding == Edges(all: 5))
    #expect(s.inset == Edges(top: 1, leading: 2, bottom: 3, trailing: 4) && s.rowGap == 7 && s.columnGap == 6)
  }

  @Test("encoding escapes identifiers and writes shortest numbers")
  func encoding() {
    let computed = ComputedLayout(
      identifier: "a\"b\\c\n", frame: Rect(x: 0.5, y: -0, width: 1e-7, height: 3),
      children: [ComputedLayout(frame: .zero)])
    #expect(
      String(decoding: FlexDocument.encode(computed), as: UTF8.self)
        == #"{"id":"a\"b\\c\n","x":0.5,"y":0,"width":1e-07,"height":3,"children":[{"x":0,"y":0,"width":0,"height":0,"children":[]}]}"#
        + "\n")
  }
}

/// A reference-type node tree, as views are.
final class TestView: FrameAssignable {
  var frame = Rect(x: -1, y: -1, width: -1, height: -1)
  var frameChildren: [TestView]
  init(_ children: [TestView] = []) { frameChildren = children }
  func assignFrame(_ frame: Rect) { self.frame = frame }
}

/// A value-type node tree.
struct TestNode: FrameAssignable {
  var frame = Rect.zero
  var frameChildren: [TestNode] = []
  mutating func assignFrame(_ frame: Rect) { self.frame = frame }
}

@Suite("Applying and picturing")
struct ApplyTests {
  let computed = ComputedLayout(
    identifier: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100),
    children: [
      ComputedLayout(frame: Rect(x: 1, y: 2, width: 3, height: 4)),
      ComputedLayout(
        frame: Rect(x: 5, y: 6, width: 7, height: 8),
        children: [ComputedLayout(frame: Rect(x: 9, y: 9, width: 9, height: 9))]),
    ])

  @Test func appliesToViews() throws {
    var root = TestView([TestView(), TestView([TestView()])])
    try computed.apply(to: &root)
    #expect(root.frameChildren[1].frameChildren[0].frame == Rect(x: 9, y: 9, width: 9, height: 9))
    var value = TestNode(frameChildren: [TestNode(), TestNode(frameChildren: [TestNode()])])
    try computed.apply(to: &value)
    #expect(value.frameChildren[1].frame == Rect(x: 5, y: 6, width: 7, height: 8))
  }

  @Test func mismatchNamesThePath() {
    var root = TestView([TestView(), TestView([TestView(), TestView()])])
    #expect(throws: LayoutShapeMismatch(path: "root.children[1]", computedChildCount: 1, nodeChildCount: 2)) {
      try computed.apply(to: &root)
    }
    #expect(root.frame.width == -1, "nothing is applied when the shapes differ")
  }

  @Test func svgPicture() {
    let layout = Layout(
      identifier: "root", container: ContainerBehavior(primaryAxis: .horizontal), padding: Edges(all: 8),
      children: [
        Layout(
          identifier: "a<b", margin: Edges(all: 4), size: .absolute(width: 20, height: 20),
          border: Edges(all: 1))
      ])
    let computed = layout.compute(with: Size(width: 100, height: 60))
    let svg = computed.svg(layout: layout)
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(svg.contains(">a&lt;b</text>"))
    #expect(svg.contains("rgba(255,160,60,0.25)"), "margin shading")
    #expect(svg.contains("rgba(80,200,120,0.25)"), "padding shading")
    #expect(svg.hasSuffix("</svg>\n"))
  }
}

@Suite("Queries")
struct QueryTests {
  let computed = ComputedLayout(
    identifier: "root", frame: Rect(x: 1, y: 1, width: 100, height: 100),
    children: [
      ComputedLayout(identifier: "a", frame: Rect(x: 10.4, y: 20.6, width: 30.2, height: 4)),
      ComputedLayout(
        identifier: "b", frame: Rect(x: 5, y: 6, width: 7, height: 8),
        children: [ComputedLayout(identifier: "c", frame: Rect(x: 0.25, y: 0.75, width: 1.5, height: 1))]),
    ])

  @Test func placementsAreAbsolute() {
    let placements = computed.placements()
    #expect(placements.map(\.identifier) == ["root", "a", "b", "c"])
    #expect(placements[3].frame == Rect(x: 6.25, y: 7.75, width: 1.5, height: 1))
    #expect(placements[3].depth == 2 && placements[3].parent == 2)
    #expect(computed.frame(of: "c") == Rect(x: 6.25, y: 7.75, width: 1.5, height: 1))
    #expect(computed.frame(of: "missing") == nil)
  }

  @Test func pixelRounding() {
    let rounded = computed.roundedToPixels()
    #expect(rounded.children[0].frame == Rect(x: 10, y: 21, width: 31, height: 4))
    #expect(rounded.children[1].children[0].frame == Rect(x: 0, y: 1, width: 2, height: 1))
    #expect(computed.roundedToPixels(scale: 2).children[0].frame.x == 10.5)
  }
}

@Suite struct FlexErrorsReadWellTests {
  @Test func aShapeMismatchReadsItsSentenceEverywhere() {
    let error = LayoutShapeMismatch(path: "root.children[2]", computedChildCount: 3, nodeChildCount: 1)
    let erased: any Error = error
    #expect(erased.localizedDescription == error.description)
    #expect("\(error)" == error.description)
    #expect(error.description.contains("root.children[2]"))
  }
}
