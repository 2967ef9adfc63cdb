import Flexbox
import Foundation
import LayoutGeometry

// The two flexbox workloads ("nested", "wrap-row") as CSS flex documents: the schema the
// Flexbox module's `FlexDocument.decode` reads and `peers/engines.py` builds Yoga and Taffy
// trees from. A node is `{"style": {camelCase CSS keys}, "children": [...]}`; every style key
// the workload relies on is written out, so no engine's defaults matter except where the
// schema documents them (Yoga's: flex-direction column, flex-shrink 0, min sizes 0).
//
//   nested:   {"style": {"width": 1000, "height": 1000, "flexDirection": "row"},
//              "children": [{"style": {"flexGrow": 1, "flexShrink": 1, "minWidth": 0,
//                                      "minHeight": 0, "flexDirection": "column"},
//                            "children": [... depth 4 ...
//                              {"style": {"flexGrow": 1, "flexShrink": 1, "minWidth": 7, "minHeight": 3}}]}]}
//   wrap-row: {"style": {"width": 4000, "flexDirection": "row", "flexWrap": "wrap", ...},
//              "children": [{"style": {"width": 57, "height": 23, "flexGrow": 1, "flexShrink": 0}}, ...]}
//
// Leaves are listed depth-first; their numbers are the LCG's, in the order the generator
// draws them (checked by `peers/workloads.py` on every run).

extension TreeWorkload {
  /// The tree as a CSS flex document (what `peer-runner generate` writes as `nested-10000.json`).
  public func flexDocumentJSON() -> String {
    var out =
      "{\"style\": {\"width\": \(int(width)), \"height\": \(int(height)), \"flexDirection\": \"row\"},\n"
    out += " \"children\": ["
    var leaf = 0
    func node(level: Int) {
      if level == depth {
        out += "{\"style\": {\"flexGrow\": 1, \"flexShrink\": 1, \"minWidth\": \(int(minWidths[leaf])), "
        out += "\"minHeight\": \(int(minHeights[leaf]))}}"
        leaf += 1
        return
      }
      // Depth 1 (the root's children) are columns, depth 2 rows, alternating.
      let direction = level % 2 == 1 ? "column" : "row"
      out += "{\"style\": {\"flexGrow\": 1, \"flexShrink\": 1, \"minWidth\": 0, \"minHeight\": 0, "
      out += "\"flexDirection\": \"\(direction)\"},\n \"children\": ["
      for i in 0..<fanout {
        if i > 0 { out += ",\n" }
        node(level: level + 1)
      }
      out += "]}"
    }
    for i in 0..<fanout {
      if i > 0 { out += ",\n" }
      node(level: 1)
    }
    out += "]}\n"
    return out
  }
}

extension FlowWorkload {
  /// A flow workload as a CSS flex document: the root container and one leaf per cell
  /// (what `peer-runner generate` writes as `wrap-row-10000.json`).
  public func flexDocumentJSON() -> String {
    var out = "{\"style\": {\"width\": \(int(width)), \"flexDirection\": \"\(direction)\", "
    out += "\"flexWrap\": \"\(wrap ? "wrap" : "nowrap")\", \"justifyContent\": \"flex-start\", "
    out +=
      "\"alignItems\": \"\(widths == nil ? "stretch" : "flex-start")\", \"alignContent\": \"flex-start\", "
    out += "\"padding\": \(int(padding)), \"rowGap\": \(int(rowGap)), \"columnGap\": \(int(columnGap))},\n"
    out += " \"children\": [\n"
    for i in 0..<count {
      if i > 0 { out += ",\n" }
      out += "{\"style\": {"
      if let widths { out += "\"width\": \(int(widths[i])), " }
      out += "\"height\": \(int(heights[i])), \"flexGrow\": \(int(flexGrow)), \"flexShrink\": 0}}"
    }
    out += "]}\n"
    return out
  }
}

/// A decoded flex workload: the tree (built before timing) and the size to compute it in.
public struct FlexWorkload: Sendable {
  public var layout: Layout
  public var leafCount: Int

  /// Reads a CSS flex document (a `nested` or `wrap-row` workload file).
  public init(json data: Data) throws {
    layout = try FlexDocument.decode(data, limits: FlexDocumentLimits())
    var leaves = 0
    var stack = [layout]
    while let node = stack.popLast() {
      if node.children.isEmpty { leaves += 1 } else { stack.append(contentsOf: node.children) }
    }
    leafCount = leaves
  }

  /// The timed call: the root's own width and height (an auto height is unconstrained, the
  /// root takes its content's height), as the peers are given them.
  public func compute() -> ComputedLayout {
    layout.compute(width: layout.style.width, height: layout.style.height)
  }
}

extension ComputedLayout {
  /// Every leaf's frame relative to the root's origin, depth-first (the order the workload
  /// lists its leaves in, and the order `engines.py` returns them).
  public func leafFramesAbsolute() -> [Rect] {
    var out = [Rect]()
    func walk(_ node: ComputedLayout, _ x: Double, _ y: Double) {
      if node.children.isEmpty {
        out.append(Rect(origin: Point(x: x, y: y), size: node.frame.size))
      }
      for child in node.children { walk(child, x + child.frame.origin.x, y + child.frame.origin.y) }
    }
    walk(self, 0, 0)
    return out
  }
}

private func int(_ value: Double) -> String { String(Int(value)) }
