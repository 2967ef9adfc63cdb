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
// That is the format of "feed" and "list". The two Flexbox workloads, "nested" and "wrap-row",
// are written as CSS flex documents instead (`flexDocumentJSON()`, FlexWorkloads.swift), the
// schema `FlexDocument.decode` reads.

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
