import Flexbox
import Foundation
import LayoutGeometry
import TestSupport
import Testing

/// The newer style values and measured text: their JSON forms, errors and API, beside the
/// browser fixtures that check their layout.
@Suite("Style values and measured text")
struct FeatureTests {
  func error(_ text: String) -> FlexDocumentError? {
    do {
      _ = try FlexDocument.decode(Data(text.utf8))
      return nil
    } catch {
      return error
    }
  }

  @Test("length strings decode to their values")
  func lengthForms() throws {
    let layout = try FlexDocument.decode(
      Data(
        """
        {"style": {"width": "50%", "height": "auto", "flexBasis": "content", "minWidth": "auto",
         "minHeight": "12.5%", "maxWidth": "none", "maxHeight": "80%", "margin": {"left": "auto", "top": "-5%"},
         "padding": "10%", "top": "auto", "left": "-25%", "gap": "5%", "aspectRatio": "16 / 9",
         "boxSizing": "content-box", "overflow": "scroll", "direction": "rtl", "position": "static"}}
        """.utf8))
    let s = layout.style
    #expect(s.widthLength == .percent(50))
    #expect(s.heightLength == .auto)
    #expect(s.flexBasisLength == .content)
    #expect(s.minWidthLength == .auto)
    #expect(s.minHeightLength == .percent(12.5))
    #expect(s.maxWidthLength == .auto)
    #expect(s.maxHeightLength == .percent(80))
    #expect(s.marginLengths == FlexLengthEdges(top: .percent(-5), leading: .auto))
    #expect(s.paddingLengths == FlexLengthEdges(all: .percent(10)))
    #expect(s.insetLengths == FlexLengthEdges(top: .auto, leading: .percent(-25)))
    #expect(s.rowGapLength == .percent(5) && s.columnGapLength == .percent(5))
    #expect(s.aspectRatio == 16.0 / 9.0)
    #expect(
      s.boxSizing == .contentBox && s.overflow == .scroll && s.direction == .rtl && s.position == .static)
  }

  @Test(
    "bad values name their key path and the forms accepted",
    arguments: [
      (
        #"{"style":{"width":"50"}}"#, "style.width",
        "a number ≥ 0, \"N%\" (N ≥ 0), \"auto\", \"min-content\", \"max-content\", \"fit-content\", \"stretch\""
      ),
      (#"{"style":{"padding":{"top":"-1%"}}}"#, "style.padding.top", "a number ≥ 0, \"N%\" (N ≥ 0)"),
      (
        #"{"style":{"maxWidth":"auto"}}"#, "style.maxWidth",
        "a number ≥ 0, \"N%\" (N ≥ 0), \"none\", \"min-content\", \"max-content\", \"fit-content\", \"stretch\""
      ),
      (
        #"{"style":{"flexBasis":"fill"}}"#, "style.flexBasis",
        "a number ≥ 0, \"N%\" (N ≥ 0), \"auto\", \"content\", \"min-content\", \"max-content\", \"fit-content\", \"stretch\""
      ),
      (#"{"style":{"aspectRatio":-1}}"#, "style.aspectRatio", "a number ≥ 0, \"W / H\" or \"auto\""),
      (#"{"style":{"aspectRatio":"1 / -2"}}"#, "style.aspectRatio", "a number ≥ 0, \"W / H\" or \"auto\""),
      (#"{"children":[{"font":{"advance":-1}}]}"#, "children[0].font.advance", "a number > 0"),
      (#"{"text":"a","children":[{}]}"#, "children[0]", "no text on a node with children"),
      (
        #"{"children":[{"children":[{}],"text":"a"}]}"#, "children[0].text", "no text on a node with children"
      ),
    ])
  func badValues(_ input: String, _ path: String, _ expected: String) {
    let error = error(input)
    #expect(error?.kind == .invalidValue, "\(String(describing: error))")
    #expect(error?.path == path)
    #expect(error?.message.contains(expected) == true, "\(String(describing: error))")
  }

  /// A degenerate ratio (zero width or height) is valid CSS and behaves as `auto` (CSS Values 4
  /// §5.9); an earlier version rejected it.
  @Test("a degenerate aspect ratio reads as auto", arguments: [#"0"#, #""0 / 1""#, #""1 / 0""#, #""0""#])
  func degenerateAspectRatio(_ value: String) throws {
    let layout = try FlexDocument.decode(Data(#"{"style":{"aspectRatio":\#(value),"width":40}}"#.utf8))
    #expect(layout.style.aspectRatio == nil)
    #expect(layout.compute(width: nil, height: nil).frame == Rect(x: 0, y: 0, width: 40, height: 0))
  }

  @Test("alignment keywords: start, end, self-start, safe and unsafe forms")
  func alignmentKeywords() throws {
    let layout = try FlexDocument.decode(
      Data(
        #"{"style":{"justifyContent":"safe end","alignItems":"self-start","alignSelf":"unsafe center","alignContent":"start"}}"#
          .utf8))
    let s = layout.style
    #expect(s.justifyContent == .end && s.justifyContentSafety == .safe)
    #expect(s.alignItems == .selfStart && s.alignItemsSafety == .default)
    #expect(s.alignSelf == .center && s.alignSelfSafety == .unsafe)
    #expect(s.alignContent == .start)
    for bad in ["safe space-between", "safe", "safe safe center", "unsafe stretch", "baseline"] {
      let error = self.error(#"{"style":{"alignContent":"\#(bad)"}}"#)
      guard let error, error.kind == .invalidValue else {
        Issue.record("\(bad): \(String(describing: error))")
        continue
      }
      #expect(error.path == "style.alignContent")
    }
  }

  @Test("the point properties are views onto the lengths, and round-trip")
  func pointViews() {
    var style = FlexStyle()
    #expect(style.margin == .zero && style.minWidth == 0 && style.width == nil)
    style.margin = Edges(top: 4, leading: 8)
    #expect(style.marginLengths == FlexLengthEdges(top: .points(4), leading: .points(8)))
    #expect(style.margin == Edges(top: 4, leading: 8))
    style.widthLength = .percent(50)
    #expect(style.width == nil)
    style.width = 30
    #expect(style.widthLength == .points(30))
    style.minHeightLength = .auto
    #expect(style.minHeight == 0)
  }

  @Test("monospace text: intrinsic widths, greedy lines, sizes at a width")
  func monospaceText() {
    let text = MonospaceText("XX\u{200B}XXXX\u{200B}X\u{200B}XXXXXX\u{200B}XXX")
    #expect(text.minContentWidth == 60)
    #expect(text.maxContentWidth == 160)
    #expect(text.lineCount(atWidth: 60) == 4)  // XX XXXX | X | XXXXXX | XXX
    #expect(text.lineCount(atWidth: 35) == 5)
    #expect(text.lineCount(atWidth: 1000) == 1)
    #expect(text.size(atWidth: nil) == Size(width: 160, height: 10))
    #expect(text.size(atWidth: 100) == Size(width: 100, height: 20))  // XX XXXX X | XXXXXX XXX
    #expect(text.size(atWidth: 35) == Size(width: 60, height: 50))
    let font = MonospaceText("ab\u{200B}\u{200B}c", advance: 7.5, lineHeight: 12)
    #expect(font.maxContentWidth == 22.5 && font.minContentWidth == 15)
    #expect(font.size(atWidth: 20) == Size(width: 20, height: 24))
    #expect(MonospaceText("").size(atWidth: 50) == .zero)
    #expect(MonospaceText("x", advance: .nan, lineHeight: -1).size(atWidth: nil) == .zero)
  }

  @Test("a text leaf in a row wraps when shrunk, laid out through the Layout API")
  func textLeafLayout() {
    var row = FlexStyle()
    row.flexDirection = .row
    var item = FlexStyle()
    item.flexShrink = 1
    let layout = Layout(
      style: row,
      children: [
        Layout(identifier: "a", style: item, text: MonospaceText("XXX\u{200B}XXXXX")),
        Layout(identifier: "b", style: item, text: MonospaceText("XX\u{200B}XX")),
      ])
    let computed = layout.compute(width: 100, height: nil)
    // Bases 80 and 40 shrink by 20 in proportion 2:1.
    #expect(
      computed.children.map(\.frame) == [
        Rect(x: 0, y: 0, width: 66.66666666666667, height: 20),
        Rect(x: 66.66666666666667, y: 0, width: 33.333333333333336, height: 20),
      ])
  }
}

/// The Core Layout API's view of the new features.
@Suite("Core Layout API: percentages, auto margins, aspect ratio, direction")
struct CoreLayoutFeatureTests {
  @Test("a title at 60% of the row, a badge pushed to the trailing end by an auto margin")
  func percentAndAutoMargin() {
    var badge = Layout(identifier: "badge", size: .absolute(width: 20, height: 20))
    badge.autoMargins = .leading
    let row = Layout(
      container: ContainerBehavior(primaryAxis: .horizontal, secondaryAxisDistribution: .leading),
      padding: Edges(all: 10),
      children: [Layout(identifier: "title", size: .percent(width: 60, height: 50)), badge])
    let computed = row.compute(with: Size(width: 320, height: 60))
    // Content box 300 × 40: the title is 180 × 20, the badge takes the 100 pt left at its leading side.
    #expect(
      computed.children.map(\.frame) == [
        Rect(x: 10, y: 10, width: 180, height: 20), Rect(x: 290, y: 10, width: 20, height: 20),
      ])
    #expect(badge.autoMargins == .leading && badge.margin == .zero)
    #expect(row.children[0].size.mode.isPercent)
    #expect(row.children[0].style.widthLength == .percent(60))
  }

  @Test("auto margins survive setting other margin edges, and centre across the line")
  func autoMarginsAndMargin() {
    var box = Layout(size: .absolute(width: 40, height: 10))
    box.autoMargins = .horizontal
    box.margin = Edges(top: 5)
    #expect(box.autoMargins == .horizontal)
    #expect(box.style.marginLengths == FlexLengthEdges(top: .points(5), leading: .auto, trailing: .auto))
    box.margin = Edges(leading: 3)
    #expect(box.autoMargins == .trailing)
    box.autoMargins = .horizontal
    let column = Layout(children: [box])
    #expect(
      column.compute(with: Size(width: 100, height: 100)).children[0].frame
        == Rect(x: 30, y: 0, width: 40, height: 10))
  }

  @Test("an image at 16:9 takes its height from the width it is stretched to")
  func aspectRatio() {
    let image = Layout(identifier: "image", size: SizeBehavior(aspectRatio: 16.0 / 9.0))
    #expect(image.size.aspectRatio == 16.0 / 9.0)
    let cell = Layout(children: [image])
    #expect(
      cell.compute(width: 320, height: nil).children[0].frame == Rect(x: 0, y: 0, width: 320, height: 180))
  }

  @Test("a right-to-left box mirrors its children; the run's direction still mirrors the whole tree")
  func direction() {
    var row = Layout(
      container: ContainerBehavior(primaryAxis: .horizontal),
      children: [
        Layout(size: .absolute(width: 30, height: 10)), Layout(size: .absolute(width: 20, height: 10)),
      ])
    row.direction = .rtl
    let computed = row.compute(with: Size(width: 100, height: 10))
    #expect(computed.children.map(\.frame.x) == [70, 50])
    row.direction = nil
    #expect(
      row.compute(with: Size(width: 100, height: 10), direction: .rtl).children.map(\.frame.x) == [70, 50])
    row.direction = .ltr
    #expect(
      row.compute(with: Size(width: 100, height: 10), direction: .rtl).children.map(\.frame.x) == [0, 30])
  }
}

extension SizeBehavior.Mode {
  var isPercent: Bool {
    if case .percent = self { return true }
    return false
  }
}

@Suite("Baseline alignment")
struct BaselineTests {
  @Test("monospace text's first baseline: ascent and descent rounded, the top half-leading floored")
  func textBaseline() {
    #expect(MonospaceText("X").firstBaseline == 8)
    // advance 7: ascent 5.6 → 6, descent 1.4 → 1; leading 12 - 7 = 5, top half 2.5 → 2.
    #expect(MonospaceText("X", advance: 7, lineHeight: 12).firstBaseline == 8)
    // advance 4: ascent 3.2 → 3, descent 0.8 → 1; leading 3 - 4 = -1, top half -0.5 → -1.
    #expect(MonospaceText("X", advance: 4, lineHeight: 3).firstBaseline == 2)
    #expect(MonospaceText("").firstBaseline == nil)
  }

  @Test("Core Layout's .baseline lines up first baselines; a box without one aligns by its bottom")
  func coreLayoutBaseline() {
    let layout = Layout(
      container: ContainerBehavior(primaryAxis: .horizontal, secondaryAxisDistribution: .baseline),
      size: .absolute(width: 200, height: 100),
      children: [
        Layout(size: .absolute(width: 20, height: 30)),
        Layout(style: FlexStyle(), text: MonospaceText("XX")),
        Layout(style: FlexStyle(), text: MonospaceText("XXX", advance: 7, lineHeight: 12)),
      ])
    #expect(layout.style.alignItems == .baseline)
    let computed = layout.compute(with: Size(width: 200, height: 100))
    // Baselines 30 (the box's bottom), 8 and 8: the texts sit 22 down.
    #expect(
      computed.children.map(\.frame) == [
        Rect(x: 0, y: 0, width: 20, height: 30), Rect(x: 20, y: 22, width: 20, height: 10),
        Rect(x: 40, y: 22, width: 21, height: 12),
      ])
    // In a vertical container, the children line up their left edges (none has a left margin).
    var column = layout
    column.container = ContainerBehavior(primaryAxis: .vertical, secondaryAxisDistribution: .baseline)
    #expect(column.compute(with: Size(width: 200, height: 100)).children.map(\.frame.origin.x) == [0, 0, 0])
    // A left margin of 8 moves every baseline-aligned child's left edge to 8.
    column.children[0].margin = Edges(leading: 8)
    #expect(column.compute(with: Size(width: 200, height: 100)).children.map(\.frame.origin.x) == [8, 8, 8])
  }
}

/// A box `id` with the style `configure` makes, holding `children`.
private func box(
  _ id: String, _ configure: (inout FlexStyle) -> Void = { _ in }, _ children: [Layout] = []
) -> Layout {
  var style = FlexStyle()
  configure(&style)
  return Layout(identifier: id, style: style, children: children)
}

@Suite("display: contents")
struct DisplayContentsTests {
  /// A row of 200: a 20-wide box, then a contents box holding a 30-wide box and a growing one,
  /// then a 25-wide box; the contents box's own size, padding and margin have no effect.
  func row() -> Layout {
    box(
      "row",
      {
        $0.flexDirection = .row; $0.width = 200; $0.height = 50
      },
      [
        box("a", { $0.width = 20 }),
        box(
          "c",
          {
            $0.display = .contents; $0.width = 500; $0.padding = Edges(all: 9); $0.margin = Edges(top: 7)
          },
          [box("b", { $0.width = 30 }), box("g", { $0.flexGrow = 1 })]),
        box("d", { $0.width = 25 }),
      ])
  }

  @Test("a contents box's children are its parent's items; it has a zero frame")
  func lifted() {
    let computed = row().compute(width: nil, height: nil)
    #expect(computed.children.map(\.identifier) == ["a", "c", "d"])
    #expect(computed.children.map(\.frame.x) == [0, 0, 175])
    #expect(computed.children[1].frame == .zero)
    #expect(computed.children[1].children.map(\.identifier) == ["b", "g"])
    #expect(
      computed.children[1].children.map(\.frame) == [
        Rect(x: 20, y: 0, width: 30, height: 50), Rect(x: 50, y: 0, width: 125, height: 50),
      ])
  }

  @Test("the same frames as the tree with the contents box's children in its place (200 seeded trees)")
  func sameAsInlined() {
    var rng = SplitMix64(seed: 1919)
    for seed in 0..<200 {
      var tree = row()
      // Nest the middle children under 1-4 more contents boxes, and vary the items.
      let depth = Int.random(in: 1...4, using: &rng)
      var inner = tree.children[1].children
      for i in inner.indices {
        inner[i].style.width = Double(Int.random(in: 0...60, using: &rng))
        inner[i].style.flexGrow = Double(Int.random(in: 0...2, using: &rng))
      }
      var wrapped = box("c0", { $0.display = .contents }, inner)
      for level in 1..<depth { wrapped = box("c\(level)", { $0.display = .contents }, [wrapped]) }
      tree.children[1] = wrapped
      tree.style.flexWrap = Bool.random(using: &rng) ? .wrap : .noWrap
      tree.style.justifyContent = FlexStyle.JustifyContent.allCases.randomElement(using: &rng)!
      var flat = tree
      flat.children = [tree.children[0]] + inner + [tree.children[2]]
      let direction: LayoutDirection = Bool.random(using: &rng) ? .ltr : .rtl
      let a = tree.compute(width: nil, height: nil, direction: direction)
      let b = flat.compute(width: nil, height: nil, direction: direction)
      var lifted = a.children[1]
      for _ in 1..<depth {
        #expect(lifted.frame == .zero)
        lifted = lifted.children[0]
      }
      let frames = [a.children[0].frame] + lifted.children.map(\.frame) + [a.children[2].frame]
      #expect(frames == b.children.map(\.frame), "seed \(seed)")
    }
  }

  @Test("10,000 nested contents boxes: no recursion over depth")
  func deepChain() {
    var chain = box(
      "leaf",
      {
        $0.width = 10; $0.height = 10
      })
    for i in 0..<10_000 { chain = box("c\(i)", { $0.display = .contents }, [chain]) }
    let root = box(
      "root",
      {
        $0.flexDirection = .row; $0.width = 100; $0.height = 20
      }, [chain])
    var node = root.compute(width: nil, height: nil)
    node = node.children[0]
    var depth = 0
    while let child = node.children.first {
      #expect(node.frame == .zero)
      node = child
      depth += 1
    }
    #expect(depth == 10_000 && node.frame == Rect(x: 0, y: 0, width: 10, height: 10))
  }

  @Test("JSON: \"contents\" decodes, other values name the key path; the root's contents acts as flex")
  func json() throws {
    let layout = try FlexDocument.decode(
      Data(#"{"style":{"display":"contents","width":40},"children":[{"style":{"display":"contents"}}]}"#.utf8)
    )
    #expect(layout.style.display == .contents && layout.children[0].style.display == .contents)
    #expect(layout.compute(width: nil, height: 30).frame == Rect(x: 0, y: 0, width: 40, height: 30))
    #expect(layout.isIncludedInLayout)
    do {
      _ = try FlexDocument.decode(Data(#"{"children":[{"style":{"display":"block"}}]}"#.utf8))
      Issue.record("expected an error")
    } catch {
      #expect(error.path == "children[0].style.display" && error.kind == .invalidValue, "\(error)")
    }
  }
}

@Suite("position: static containers")
struct StaticContainerTests {
  /// A 200 × 100 root (padding left 10, top 5) holding an 80 × 40 row at margin (30, 20): the
  /// row's absolutely positioned children are a 50%-wide box at the containing block's top left,
  /// and a 10 × 10 box without insets.
  func tree(_ position: FlexStyle.PositionType) -> Layout {
    box(
      "root",
      {
        $0.width = 200; $0.height = 100; $0.padding = Edges(top: 5, leading: 10)
      },
      [
        box(
          "p",
          {
            $0.position = position; $0.flexDirection = .row; $0.width = 80; $0.height = 40
            $0.margin = Edges(top: 20, leading: 30)
          },
          [
            box(
              "d",
              {
                $0.position = .absolute; $0.widthLength = .percent(50); $0.height = 10
                $0.inset = Edges(top: 0, leading: 0)
              }),
            box(
              "s",
              {
                $0.position = .absolute; $0.width = 10; $0.height = 10
              }),
          ])
      ])
  }

  @Test("a static parent passes its absolutely positioned children to the positioned root")
  func passesOn() {
    let computed = tree(.static).compute(width: nil, height: nil)
    let p = computed.children[0]
    #expect(p.frame == Rect(x: 40, y: 25, width: 80, height: 40))
    // Against the root's padding box (0, 0, 200, 100): at its corner, half its width; the box
    // without insets stays at its static position in the row.
    #expect(p.children[0].frame == Rect(x: -40, y: -25, width: 100, height: 10))
    #expect(p.children[1].frame == Rect(x: 0, y: 0, width: 10, height: 10))
    // A relative parent is the containing block itself.
    let relative = tree(.relative).compute(width: nil, height: nil).children[0]
    #expect(relative.children[0].frame == Rect(x: 0, y: 0, width: 40, height: 10))
  }

  @Test("a chain of 3,000 static boxes, each 1 point in: the box at the bottom is placed against the root")
  func deepChain() {
    var chain = box(
      "d",
      {
        $0.position = .absolute; $0.inset = Edges(top: 0, leading: 0); $0.width = 5
      })
    for i in 0..<3_000 {
      chain = box(
        "s\(i)",
        {
          $0.position = .static; $0.margin = Edges(leading: 1)
        }, [chain])
    }
    let root = box(
      "root",
      {
        $0.width = 5_000; $0.height = 50
      }, [chain])
    var node = root.compute(width: nil, height: nil)
    var depth = 0
    while let child = node.children.first, !child.children.isEmpty {
      node = child
      depth += 1
    }
    #expect(depth == 3_000)
    #expect(node.children[0].frame == Rect(x: -3_000, y: 0, width: 5, height: 0))
  }

  @Test("a relative box in the chain is the containing block; in right to left, the frames mirror")
  func nearestPositioned() {
    var layout = tree(.static)
    layout.children[0] = box(
      "r",
      {
        $0.margin = Edges(leading: 7); $0.width = 120; $0.height = 60
      }, [layout.children[0]])
    layout.children[0].children[0].style.margin = Edges(top: 20, leading: 30)
    let computed = layout.compute(width: nil, height: nil)
    // r's padding box is (0, 0, 120, 60); p sits at (30, 20) in it.
    let p = computed.children[0].children[0]
    #expect(p.frame == Rect(x: 30, y: 20, width: 80, height: 40))
    #expect(p.children[0].frame == Rect(x: -30, y: -20, width: 60, height: 10))
    let rtl = layout.compute(width: nil, height: nil, direction: .rtl).children[0].children[0]
    // Mirrored: p at 120 - 30 - 80 = 10; d at r's right edge, 60 wide: 60 - 10 = 50 in p.
    #expect(rtl.frame == Rect(x: 10, y: 20, width: 80, height: 40))
    #expect(rtl.children[0].frame == Rect(x: 50, y: -20, width: 60, height: 10))
  }
}
