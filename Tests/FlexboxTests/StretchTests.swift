import Flexbox
import Foundation
import LayoutGeometry
import TestSupport
import Testing

/// The `stretch` sizing keyword (CSS Sizing 4 §3.1): its JSON form, and its resolution checked
/// against trees where each `stretch` is replaced by the size it stands for, worked out here from
/// the containing block. (Chromium's frames for it are in flex-sizing-hand.json.)
@Suite("The stretch sizing keyword")
struct StretchTests {
  @Test("\"stretch\" decodes on sizes, min/max sizes and flex-basis, and prints as it reads")
  func decodes() throws {
    let layout = try FlexDocument.decode(
      Data(
        """
        {"style": {"width": "stretch", "height": "stretch", "minWidth": "stretch", "minHeight": "stretch",
         "maxWidth": "stretch", "maxHeight": "stretch", "flexBasis": "stretch"}}
        """.utf8))
    let s = layout.style
    for length in [
      s.widthLength, s.heightLength, s.minWidthLength, s.minHeightLength, s.maxWidthLength, s.maxHeightLength,
      s.flexBasisLength,
    ] {
      #expect(length == .stretch)
    }
    #expect(FlexLength.stretch.description == "stretch")
    // The point views read it as "not points".
    #expect(s.width == nil && s.maxWidth == nil && s.minWidth == 0)
  }

  @Test(
    "\"stretch\" is an error where CSS does not take it, naming the key path",
    arguments: [
      (#"{"style":{"margin":{"left":"stretch"}}}"#, "style.margin.left"),
      (#"{"style":{"padding":"stretch"}}"#, "style.padding"),
      (#"{"style":{"top":"stretch"}}"#, "style.top"),
      (#"{"style":{"gap":"stretch"}}"#, "style.gap"),
      (#"{"children":[{"style":{"width":"fill"}}]}"#, "children[0].style.width"),
    ])
  func rejected(_ input: String, _ path: String) {
    do {
      _ = try FlexDocument.decode(Data(input.utf8))
      Issue.record("\(input) decoded")
    } catch {
      #expect(error.kind == .invalidValue && error.path == path, "\(error)")
    }
  }

  /// A random container of definite size holding items (some absolutely positioned between two
  /// insets) whose sizes, min/max sizes and flex bases are points or `stretch`; returns the tree
  /// and the same tree with every `stretch` replaced by the containing block's size less the
  /// item's margins.
  func definiteTree(_ rng: inout SplitMix64) -> (Layout, Layout) {
    func pick(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &rng)) }
    var container = FlexStyle()
    container.flexDirection = FlexStyle.FlexDirection.allCases.randomElement(using: &rng)!
    container.flexWrap = Bool.random(using: &rng) ? .wrap : .noWrap
    container.alignItems = [.flexStart, .center, .stretch, .flexEnd].randomElement(using: &rng)!
    container.width = pick(80...300)
    container.height = pick(60...200)
    container.padding = Edges(
      top: pick(0...9), leading: pick(0...9), bottom: pick(0...9), trailing: pick(0...9))
    container.border = Edges(
      top: pick(0...3), leading: pick(0...3), bottom: pick(0...3), trailing: pick(0...3))
    container.direction = Bool.random(using: &rng) ? .ltr : .rtl
    let inner = Size(
      width: container.width! - container.padding.leading! - container.padding.trailing!
        - container.border.leading! - container.border.trailing!,
      height: container.height! - container.padding.top! - container.padding.bottom!
        - container.border.top! - container.border.bottom!)
    let padding = Size(
      width: container.width! - container.border.leading! - container.border.trailing!,
      height: container.height! - container.border.top! - container.border.bottom!)
    var items: [Layout] = []
    var references: [Layout] = []
    for index in 0..<Int.random(in: 1...5, using: &rng) {
      var style = FlexStyle()
      style.margin = Edges(
        top: pick(-4...8), leading: pick(-4...8), bottom: pick(-4...8), trailing: pick(-4...8))
      style.padding = Edges(all: pick(0...4))
      style.flexGrow = pick(0...1)
      style.flexShrink = pick(0...1)
      if Bool.random(using: &rng) { style.boxSizing = .contentBox }
      var block = inner
      if Int.random(in: 0..<4, using: &rng) == 0 {
        style.position = .absolute
        style.inset = Edges(
          top: pick(0...20), leading: pick(0...20), bottom: pick(0...20), trailing: pick(0...20))
        block = Size(
          width: padding.width - style.inset.leading! - style.inset.trailing!,
          height: padding.height - style.inset.top! - style.inset.bottom!)
      }
      var reference = style
      // The border box the margin box fills; a content-box reference gives its content box.
      func fill(_ axis: Axis) -> Double {
        let margins =
          axis == .horizontal
          ? style.margin.leading! + style.margin.trailing! : style.margin.top! + style.margin.bottom!
        let border = Swift.max((axis == .horizontal ? block.width : block.height) - margins, 0)
        let inset = style.boxSizing == .contentBox ? 2 * style.padding.top! : 0
        return Swift.max(border - inset, 0)
      }
      // Each property: stretch, a number, or left alone.
      func choose(
        _ set: (inout FlexStyle, FlexLength) -> Void, _ axis: Axis, points: ClosedRange<Int>
      ) {
        switch Int.random(in: 0..<3, using: &rng) {
        case 0:
          set(&style, .stretch)
          set(&reference, .points(fill(axis)))
        case 1:
          let value = FlexLength.points(pick(points))
          set(&style, value)
          set(&reference, value)
        default: break
        }
      }
      choose({ $0.widthLength = $1 }, .horizontal, points: 0...80)
      choose({ $0.heightLength = $1 }, .vertical, points: 0...80)
      choose({ $0.minWidthLength = $1 }, .horizontal, points: 0...40)
      choose({ $0.minHeightLength = $1 }, .vertical, points: 0...40)
      choose({ $0.maxWidthLength = $1 }, .horizontal, points: 20...200)
      choose({ $0.maxHeightLength = $1 }, .vertical, points: 20...200)
      if style.position != .absolute {
        choose(
          { $0.flexBasisLength = $1 }, container.flexDirection.isRow ? .horizontal : .vertical, points: 0...90
        )
      }
      let child = Layout(identifier: "i\(index)", style: style, children: [Layout(style: FlexStyle())])
      items.append(child)
      references.append(
        Layout(identifier: "i\(index)", style: reference, children: [Layout(style: FlexStyle())]))
    }
    return (
      Layout(identifier: "root", style: container, children: items),
      Layout(identifier: "root", style: container, children: references)
    )
  }

  @Test(
    "in a container of definite size, stretch is its content box (an absolute box's inset-modified padding box) less the margins"
  )
  func definiteContainers() {
    var rng = SplitMix64(seed: 3535)
    for seed in 0..<sweep(quick: 300, long: 5000) {
      let (tree, reference) = definiteTree(&rng)
      let direction: LayoutDirection = Bool.random(using: &rng) ? .ltr : .rtl
      let computed = tree.compute(width: nil, height: nil, direction: direction)
      let expected = reference.compute(width: nil, height: nil, direction: direction)
      #expect(computed == expected, "seed \(seed): \(tree)")
    }
  }

  /// In a single-line container whose cross size comes from its content, an item's `stretch`
  /// cross size is its line's, as `align-self: stretch` makes an `auto` one (the item has no
  /// `auto` margins): the same frames, whatever the item's own alignment.
  @Test("in a single-line container of content-based cross size, a stretch cross size is the line's")
  func singleLineIndefiniteCross() {
    var rng = SplitMix64(seed: 35)
    for seed in 0..<sweep(quick: 300, long: 5000) {
      func pick(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &rng)) }
      let isRow = Bool.random(using: &rng)
      var container = FlexStyle()
      container.flexDirection = isRow ? .row : .column
      container.alignItems = [.flexStart, .center, .flexEnd].randomElement(using: &rng)!
      container.padding = Edges(all: pick(0...6))
      if isRow { container.width = pick(100...300) } else { container.height = pick(100...300) }
      let cross: Axis = isRow ? .vertical : .horizontal
      var items: [Layout] = []
      var references: [Layout] = []
      for index in 0..<Int.random(in: 1...4, using: &rng) {
        var style = FlexStyle()
        style.margin = Edges(
          top: pick(0...5), leading: pick(0...5), bottom: pick(0...5), trailing: pick(0...5))
        if isRow { style.width = pick(5...40) } else { style.height = pick(5...40) }
        var reference = style
        if Bool.random(using: &rng) {
          if cross == .vertical { style.heightLength = .stretch } else { style.widthLength = .stretch }
          reference.alignSelf = .stretch
        } else if cross == .vertical {
          style.height = pick(0...60)
          reference.height = style.height
        } else {
          style.width = pick(0...60)
          reference.width = style.width
        }
        items.append(Layout(identifier: "i\(index)", style: style))
        references.append(Layout(identifier: "i\(index)", style: reference))
      }
      let tree = Layout(identifier: "root", style: container, children: items)
      let reference = Layout(identifier: "root", style: container, children: references)
      #expect(
        tree.compute(width: nil, height: nil) == reference.compute(width: nil, height: nil), "seed \(seed)")
    }
  }

  @Test("the root's stretch takes the space offered less its margins, and is auto without one")
  func root() {
    var style = FlexStyle()
    style.widthLength = .stretch
    style.heightLength = .stretch
    style.margin = Edges(top: 4, leading: 10, bottom: 6, trailing: 20)
    let root = Layout(
      identifier: "root", style: style, children: [Layout(size: .absolute(width: 30, height: 20))])
    #expect(root.compute(width: 300, height: 200).frame == Rect(x: 10, y: 4, width: 270, height: 190))
    #expect(root.compute(width: nil, height: nil).frame == Rect(x: 10, y: 4, width: 30, height: 20))
  }
}
