import LayoutGeometry

extension ComputedLayout {
  /// A debug picture of the tree as SVG, like Core Layout's quick-look images: every box
  /// outlined, its identifier written in its corner and, when the `layout` it was computed from
  /// is given, its margin shaded orange outside it, its border grey and its padding green inside.
  ///
  /// A label that would cover another (nested boxes sharing a corner) is written one line
  /// lower, up to 64 lines, parents above their children.
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
    var labels = LabelPlacer()
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
        let top = labels.place(x: box.x + 2, top: box.y + 2, characters: identifier.count)
        body +=
          "<text x=\"\(n(box.x + 2))\" y=\"\(n(top + 9))\" font-family=\"Menlo, monospace\" font-size=\"\(n(10))\" "
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

  /// Where the debug picture's labels go: each one at its box's corner, or as many lines lower
  /// as it takes not to cover a label placed before it. Labels are looked up in buckets of one
  /// line by 60 points, so placing one costs the few labels near it.
  struct LabelPlacer {
    /// The most lines a label moves down; past that it is written where it would overlap.
    static let maximumShift = 64
    /// A line of text, in points (the font is 10 points).
    static let lineHeight = 11.0
    /// The advance of one character of the monospaced font, in points.
    static let characterWidth = 6.02
    static let bucketWidth = 60.0

    struct Key: Hashable {
      var row: Int
      var column: Int
    }
    var placed: [Key: [Rect]] = [:]

    /// The top of the label of `characters` characters whose corner is at (`x`, `top`).
    mutating func place(x: Double, top: Double, characters: Int) -> Double {
      guard x.isFinite, top.isFinite, abs(x) < 1e12, abs(top) < 1e12 else { return top }
      let width = Double(Swift.min(characters, 200)) * Self.characterWidth
      var rect = Rect(x: x, y: top, width: width, height: Self.lineHeight)
      for _ in 0..<Self.maximumShift where covers(rect) { rect.origin.y += Self.lineHeight }
      for key in keys(rect, margin: 0) { placed[key, default: []].append(rect) }
      return rect.minY
    }

    func covers(_ rect: Rect) -> Bool {
      keys(rect, margin: 1).contains { key in
        placed[key]?.contains { $0.intersects(rect) } ?? false
      }
    }

    /// The buckets `rect` touches, and `margin` rows either side (a label's top can lie in the
    /// row above or below the one it overlaps).
    func keys(_ rect: Rect, margin: Int) -> [Key] {
      let row = Int((rect.minY / Self.lineHeight).rounded(.down))
      let first = Int((rect.minX / Self.bucketWidth).rounded(.down))
      let last = Int((rect.maxX / Self.bucketWidth).rounded(.down))
      var keys: [Key] = []
      for r in (row - margin)...(row + margin) {
        for c in first...last { keys.append(Key(row: r, column: c)) }
      }
      return keys
    }
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
