import Foundation

// The JSON every engine reads. Written once by `peer-runner generate`; the format is the CSS
// flexbox description of the workload, so a peer needs no knowledge of ListLayout:
//
//   {"kind": "flow", "name": "feed", "count": 10000, "generator": "lcg64 seed 42",
//    "root": {"width": 375, "flexDirection": "row", "flexWrap": "wrap",
//             "justifyContent": "flex-start", "alignItems": "flex-start",
//             "alignContent": "flex-start", "padding": 5, "rowGap": 5, "columnGap": 5},
//    "cell": {"flexGrow": 0, "flexShrink": 0},
//    "widths": [...], "heights": [...]}          // "widths" absent: cells stretch ("list")
//
//   {"kind": "tree", "name": "nested", "count": 10000, "depth": 4, "fanout": 10,
//    "root": {"width": 1000, "height": 1000, "flexDirection": "row"},
//    "node": {"flexGrow": 1, "flexShrink": 1},    // every non-root node; directions alternate
//    "inner": {"minWidth": 0, "minHeight": 0},    // inner nodes: no CSS automatic minimum size
//    "minWidths": [...], "minHeights": [...]}     // leaves, depth-first

extension FlowWorkload {
  public func json() -> String {
    var out =
      "{\"kind\": \"flow\", \"name\": \"\(name)\", \"count\": \(count), \"generator\": \"lcg64 seed 42\",\n"
    out += " \"root\": {\"width\": \(int(width)), \"flexDirection\": \"\(direction)\", "
    out += "\"flexWrap\": \"\(wrap ? "wrap" : "nowrap")\", \"justifyContent\": \"flex-start\", "
    out +=
      "\"alignItems\": \"\(widths == nil ? "stretch" : "flex-start")\", \"alignContent\": \"flex-start\", "
    out += "\"padding\": \(int(padding)), \"rowGap\": \(int(rowGap)), \"columnGap\": \(int(columnGap))},\n"
    out += " \"cell\": {\"flexGrow\": \(int(flexGrow)), \"flexShrink\": 0},\n"
    if let widths { out += " \"widths\": " + numbers(widths) + ",\n" }
    out += " \"heights\": " + numbers(heights) + "}\n"
    return out
  }

  public static func read(_ url: URL) throws -> FlowWorkload {
    let file = try JSONDecoder().decode(FlowFile.self, from: Data(contentsOf: url))
    guard file.kind == "flow" else { throw WorkloadError.wrongKind(file.kind) }
    return FlowWorkload(
      name: file.name, width: file.root.width, direction: file.root.flexDirection,
      wrap: file.root.flexWrap == "wrap", padding: file.root.padding, rowGap: file.root.rowGap,
      columnGap: file.root.columnGap, flexGrow: file.cell.flexGrow, widths: file.widths, heights: file.heights
    )
  }
}

extension TreeWorkload {
  public func json() -> String {
    var out =
      "{\"kind\": \"tree\", \"name\": \"\(name)\", \"count\": \(leafCount), \"generator\": \"lcg64 seed 42\",\n"
    out += " \"depth\": \(depth), \"fanout\": \(fanout),\n"
    out += " \"root\": {\"width\": \(int(width)), \"height\": \(int(height)), \"flexDirection\": \"row\"},\n"
    out += " \"node\": {\"flexGrow\": 1, \"flexShrink\": 1},\n"
    out += " \"inner\": {\"minWidth\": 0, \"minHeight\": 0},\n"
    out += " \"minWidths\": " + numbers(minWidths) + ",\n"
    out += " \"minHeights\": " + numbers(minHeights) + "}\n"
    return out
  }

  public static func read(_ url: URL) throws -> TreeWorkload {
    let file = try JSONDecoder().decode(TreeFile.self, from: Data(contentsOf: url))
    guard file.kind == "tree" else { throw WorkloadError.wrongKind(file.kind) }
    return TreeWorkload(
      name: file.name, width: file.root.width, height: file.root.height, depth: file.depth,
      fanout: file.fanout,
      minWidths: file.minWidths, minHeights: file.minHeights)
  }
}

public enum WorkloadError: Error {
  case wrongKind(String)
}

private func int(_ value: Double) -> String { String(Int(value)) }

private func numbers(_ values: [Double]) -> String {
  var out = "["
  out.reserveCapacity(values.count * 4 + 2)
  for (i, value) in values.enumerated() {
    if i > 0 { out += "," }
    out += String(Int(value))
  }
  return out + "]"
}

private struct FlowFile: Decodable {
  struct Root: Decodable {
    var width: Double
    var flexDirection: String
    var flexWrap: String
    var padding: Double
    var rowGap: Double
    var columnGap: Double
  }
  struct CellStyle: Decodable {
    var flexGrow: Double
  }
  var kind: String
  var name: String
  var root: Root
  var cell: CellStyle
  var widths: [Double]?
  var heights: [Double]
}

private struct TreeFile: Decodable {
  struct Root: Decodable {
    var width: Double
    var height: Double
  }
  var kind: String
  var name: String
  var depth: Int
  var fanout: Int
  var root: Root
  var minWidths: [Double]
  var minHeights: [Double]
}
