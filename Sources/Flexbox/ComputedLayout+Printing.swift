import LayoutGeometry

extension ComputedLayout: CustomStringConvertible, CustomDebugStringConvertible {
  /// A Swift initializer of this tree that compiles and compares equal (Core Layout's debugging
  /// aid), so `print(computed)` output pastes into tests:
  ///
  /// ```
  /// ComputedLayout(
  ///   frame: Rect(x: 0, y: 0, width: 160, height: 284),
  ///   children: [
  ///     ComputedLayout(frame: Rect(x: 8, y: 8, width: 44, height: 44))
  ///   ]
  /// )
  /// ```
  ///
  /// Numbers are written in the shortest form that reads back to the same `Double`. Built
  /// without recursion; indentation stops growing past 32 levels so very deep trees stay linear.
  public var description: String {
    var out = ""
    enum Step {
      case open(ComputedLayout, depth: Int, isLast: Bool)
      case close(depth: Int, isLast: Bool)
    }
    func indent(_ depth: Int) -> String { String(repeating: "  ", count: Swift.min(depth, 32)) }
    func frameText(_ f: Rect) -> String {
      "Rect(x: \(formatted(f.x)), y: \(formatted(f.y)), width: \(formatted(f.width)), height: \(formatted(f.height)))"
    }
    var stack: [Step] = [.open(self, depth: 0, isLast: true)]
    while let step = stack.popLast() {
      switch step {
      case .open(let node, let depth, let isLast):
        let id = node.identifier.map { "identifier: \(Self.swiftString($0)), " } ?? ""
        if node.children.isEmpty {
          out +=
            indent(depth) + "ComputedLayout(\(id)frame: \(frameText(node.frame)))" + (isLast ? "" : ",")
            + "\n"
          continue
        }
        out += indent(depth) + "ComputedLayout(\n"
        if let identifier = node.identifier {
          out += indent(depth + 1) + "identifier: \(Self.swiftString(identifier)),\n"
        }
        out += indent(depth + 1) + "frame: \(frameText(node.frame)),\n"
        out += indent(depth + 1) + "children: [\n"
        stack.append(.close(depth: depth, isLast: isLast))
        let count = node.children.count
        for (i, child) in node.children.enumerated().reversed() {
          stack.append(.open(child, depth: depth + 2, isLast: i == count - 1))
        }
      case .close(let depth, let isLast):
        out += indent(depth + 1) + "]\n"
        out += indent(depth) + ")" + (isLast ? "" : ",") + "\n"
      }
    }
    out.removeLast()
    return out
  }

  /// The same as ``description``.
  public var debugDescription: String { description }

  /// A Swift string literal.
  static func swiftString(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case let s where s.value < 0x20 || s.value == 0x7F: out += "\\u{\(String(s.value, radix: 16))}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
