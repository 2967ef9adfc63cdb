import LayoutGeometry

extension ComputedLayout {
  /// A debug picture of the tree as SVG, like Core Layout's quick-look images: every box
  /// outlined, its identifier written in its corner and, when the `layout` it was computed from
  /// is given, its margin shaded orange outside it, its border grey and its padding green inside.
  ///
  /// ```
  ///  ░░░░░░░░░░░░░░░░░░   margin (orange)
  ///  ░ ┌────────────┐ ░
  ///  ░ │▒▒▒▒▒▒▒▒▒▒▒▒│ ░   padding (green)
  ///  ░ │▒ content  ▒│ ░
  ///  ░ └────────────┘ ░
  ///  ░░░░░░░░░░░░░░░░░░
  /// ```
  ///
  /// - Parameters:
  ///   - layout: The tree this was computed from, for margin, border and padding shading; its
  ///     shape must match (extra or missing children are simply not shaded).
  ///   - scale: Points to SVG pixels.
  ///   - direction: The direction the tree was computed in, so that the shading of leading and
  ///     trailing edges lands on the right sides.
  public func svg(layout: Layout? = nil, scale: Double = 1, direction: LayoutDirection = .ltr) -> String {
    let margin = 10.0
    var body = ""
    var minX = 0.0
    var minY = 0.0
    var maxX = frame.maxX
    var maxY = frame.maxY
    var stack: [(node: ComputedLayout, layout: Layout?, origin: Point, depth: Int)] = [
      (self, layout, .zero, 0)
    ]
    func n(_ v: Double) -> String { formatted((v * scale * 100).rounded() / 100) }
    func rect(_ r: Rect, fill: String, stroke: String = "none", extra: String = "") -> String {
      "<rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(Swift.max(r.width, 0)))\" "
        + "height=\"\(n(Swift.max(r.height, 0)))\" fill=\"\(fill)\" stroke=\"\(stroke)\"\(extra)/>\n"
    }
    while let (node, source, origin, depth) = stack.popLast() {
      let box = node.frame.offsetBy(dx: origin.x, dy: origin.y)
      minX = Swift.min(minX, box.minX)
      minY = Swift.min(minY, box.minY)
      maxX = Swift.max(maxX, box.maxX)
      maxY = Swift.max(maxY, box.maxY)
      if let source {
        var marginInsets = source.style.margin.insets(nonNegative: true)
        var border = source.style.border.insets(nonNegative: true)
        var padding = source.style.padding.insets(nonNegative: true)
        if direction == .rtl {
          marginInsets = marginInsets.mirrored
          border = border.mirrored
          padding = padding.mirrored
        }
        if marginInsets != .zero {
          body += rect(box.outset(by: marginInsets), fill: "rgba(255,160,60,0.25)")
        }
        if border != .zero { body += rect(box, fill: "rgba(120,120,120,0.35)") }
        let paddingBox = box.inset(by: border)
        if padding != .zero {
          body += rect(paddingBox, fill: "rgba(80,200,120,0.25)")
          body += rect(paddingBox.inset(by: padding), fill: "white", extra: " fill-opacity=\"0.6\"")
        }
      }
      let hue = (depth * 47) % 360
      body += rect(
        box, fill: "hsla(\(hue),70%,60%,0.12)", stroke: "hsl(\(hue),60%,40%)", extra: " stroke-width=\"1\"")
      if let identifier = node.identifier {
        body +=
          "<text x=\"\(n(box.x + 2))\" y=\"\(n(box.y + 11))\" font-family=\"Menlo, monospace\" font-size=\"\(n(10))\" "
          + "fill=\"hsl(\(hue),60%,30%)\">\(Self.xmlEscaped(identifier))</text>\n"
      }
      let children = source?.children ?? []
      for (i, child) in node.children.enumerated().reversed() {
        stack.append((child, i < children.count ? children[i] : nil, box.origin, depth + 1))
      }
    }
    let x = minX - margin
    let y = minY - margin
    let width = maxX - minX + 2 * margin
    let height = maxY - minY + 2 * margin
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(n(x)) \(n(y)) \(n(width)) \(n(height))\" "
      + "width=\"\(n(width))\" height=\"\(n(height))\">\n"
      + "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"white\"/>\n"
      + body + "</svg>\n"
  }

  static func xmlEscaped(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(character)
      }
    }
    return out
  }
}
