import Foundation
import LayoutGeometry

/// The JSON form of a layout tree, as the browser fixtures and the `listlayout flex` command use it.
///
/// Input: a node is an object with an optional `id` (string), an optional `style` and optional
/// `children` (an array of nodes); any other key is an error. `style` holds CSS properties in
/// camelCase, each with Yoga's default when missing:
///
/// | key | value |
/// |-----|-------|
/// | `display` | `"flex"`, `"none"` |
/// | `position` | `"relative"`, `"absolute"` |
/// | `flexDirection` | `"row"`, `"row-reverse"`, `"column"`, `"column-reverse"` |
/// | `flexWrap` | `"nowrap"`, `"wrap"`, `"wrap-reverse"` |
/// | `justifyContent` | `"flex-start"`, `"center"`, `"flex-end"`, `"space-between"`, `"space-around"`, `"space-evenly"` |
/// | `alignItems`, `alignSelf` | `"flex-start"`, `"center"`, `"flex-end"`, `"stretch"` (`alignSelf` also `"auto"`) |
/// | `alignContent` | as `justifyContent`, plus `"stretch"` |
/// | `flexGrow`, `flexShrink` | a number ≥ 0 |
/// | `flexBasis`, `width`, `height` | a number ≥ 0 or `"auto"` |
/// | `minWidth`, `minHeight` | a number ≥ 0 |
/// | `maxWidth`, `maxHeight` | a number ≥ 0 or `"none"` |
/// | `margin` | `{top,left,bottom,right}` numbers (or one number for all four) |
/// | `padding`, `border` | as `margin`, each ≥ 0 |
/// | `top`, `left`, `bottom`, `right` | a number: offsets of a relative or absolute box |
/// | `gap`, `rowGap`, `columnGap` | a number ≥ 0 |
///
/// Newer style keys: lengths may be strings `"N%"` (sizes, `flexBasis`, min/max sizes, margins,
/// padding, insets, gaps), `"auto"` for margins, insets and `minWidth`/`minHeight` (the automatic
/// minimum size), `"content"` for `flexBasis`; `aspectRatio` (a number > 0, `"W / H"` or
/// `"auto"`), `boxSizing` (`"border-box"`, `"content-box"`), `overflow` (`"visible"`, `"hidden"`,
/// `"clip"`, `"scroll"`), `direction` (`"ltr"`, `"rtl"`), `position` also `"static"`.
///
/// A leaf may have `text` (a string, words split at U+200B) and `font` (`{"advance": 10,
/// "lineHeight": 10}`): its content is then ``MonospaceText``.
///
/// `left`/`right` are read as leading/trailing (documents are left to right).
///
/// Output (``encode(_:)``): `{"id":…,"x":…,"y":…,"width":…,"height":…,"children":[…]}` in that
/// key order, `id` left out when the node has none, frames relative to the parent.
public enum FlexDocument {
  /// Reads a layout tree from JSON, without recursion over its depth.
  ///
  /// - Throws: ``FlexDocumentError`` naming the key path (`children[2].style.flexGrow`), or the
  ///   line and column of a syntax error, or the limit exceeded.
  public static func decode(
    _ data: Data, limits: FlexDocumentLimits = FlexDocumentLimits()
  )
    throws(FlexDocumentError) -> Layout
  {
    var reader = TreeReader(scanner: JSONScanner(bytes: Array(data), maxStringLength: limits.maxStringLength))
    try reader.read(limits: limits)
    return reader.buildLayout()
  }

  /// Writes a computed tree as JSON: `{"id":…,"x":…,"y":…,"width":…,"height":…,"children":[…]}`,
  /// without recursion over its depth, followed by a newline.
  public static func encode(_ computed: ComputedLayout) -> Data {
    var out = ""
    enum Step {
      case open(ComputedLayout)
      case separator
      case close
    }
    var stack: [Step] = [.open(computed)]
    while let step = stack.popLast() {
      switch step {
      case .separator:
        out += ","
      case .close:
        out += "]}"
      case .open(let node):
        out += "{"
        if let id = node.identifier { out += "\"id\":\(jsonString(id))," }
        let f = node.frame
        out += "\"x\":\(jsonNumber(f.x)),\"y\":\(jsonNumber(f.y)),"
        out += "\"width\":\(jsonNumber(f.width)),\"height\":\(jsonNumber(f.height)),\"children\":["
        stack.append(.close)
        for (i, child) in node.children.enumerated().reversed() {
          stack.append(.open(child))
          if i > 0 { stack.append(.separator) }
        }
      }
    }
    out += "\n"
    return Data(out.utf8)
  }

  /// Reads a tree, computes it and writes the result: the `listlayout flex FILE.json
  /// [--width W] [--height H]` command in one call.
  ///
  /// A `nil` width or height leaves that axis unconstrained (the root takes its max-content
  /// size); a given one is the size the root's auto width or height takes.
  public static func layoutJSON(
    from data: Data, width: Double? = nil, height: Double? = nil,
    limits: FlexDocumentLimits = FlexDocumentLimits()
  ) throws(FlexDocumentError) -> Data {
    if let width, !(width.isFinite && width >= 0) {
      throw .invalidValue(path: "--width", expected: "a finite number ≥ 0")
    }
    if let height, !(height.isFinite && height >= 0) {
      throw .invalidValue(path: "--height", expected: "a finite number ≥ 0")
    }
    let layout = try decode(data, limits: limits)
    return encode(layout.compute(width: width, height: height))
  }

  /// A number as JSON: integers without a fraction, others in the shortest form that reads back.
  static func jsonNumber(_ value: Double) -> String {
    value.isFinite ? formatted(value == 0 ? 0 : value) : "0"
  }

  /// A string as JSON, escaped.
  static func jsonString(_ value: String) -> String { jsonQuoted(value) }
}

/// Reads the node tree iteratively (an explicit stack in place of recursion).
private struct TreeReader {
  var scanner: JSONScanner
  var identifiers: [String?] = []
  var styles: [FlexStyle] = []
  var children: [[Int]] = []
  /// Each node's `text` and `font` (advance, line height), for leaves of measured text.
  var texts: [String?] = []
  var fonts: [(advance: Double, lineHeight: Double)] = []

  private enum Frame {
    /// Inside node `node`'s object; `first` until its first key.
    case object(node: Int, first: Bool)
    /// Inside node `node`'s `children` array, `count` children read so far.
    case children(node: Int, count: Int)
  }
  private var stack: [Frame] = []

  init(scanner: JSONScanner) { self.scanner = scanner }

  /// Runs a scanner read, filling in `path` for a string-length limit error.
  private mutating func located<T>(
    _ suffix: String, _ body: (inout JSONScanner) throws(FlexDocumentError) -> T
  ) throws(FlexDocumentError) -> T {
    do {
      return try body(&scanner)
    } catch .limitExceeded(let limit, let value, _) {
      throw .limitExceeded(limit: limit, value: value, path: path(suffix))
    }
  }

  /// The key path of the node on top of the stack, with `suffix` appended.
  private func path(_ suffix: String) -> String {
    var parts: [String] = []
    for frame in stack {
      if case .children(_, let count) = frame { parts.append("children[\(Swift.max(count - 1, 0))]") }
    }
    if !suffix.isEmpty { parts.append(suffix) }
    return parts.joined(separator: ".")
  }

  private mutating func newNode(limits: FlexDocumentLimits) throws(FlexDocumentError) -> Int {
    guard styles.count < limits.maxNodes else {
      throw .limitExceeded(limit: .maxNodes, value: styles.count + 1, path: path(""))
    }
    identifiers.append(nil)
    styles.append(FlexStyle())
    children.append([])
    texts.append(nil)
    fonts.append((10, 10))
    return styles.count - 1
  }

  mutating func read(limits: FlexDocumentLimits) throws(FlexDocumentError) {
    guard scanner.peek() == UInt8(ascii: "{") else {
      if scanner.isAtEnd { throw scanner.syntaxError("empty document") }
      throw scanner.syntaxError("expected a node object")
    }
    scanner.index += 1
    let root = try newNode(limits: limits)
    stack.append(.object(node: root, first: true))
    var depth = 1
    if depth > limits.maxDepth { throw .limitExceeded(limit: .maxDepth, value: depth, path: "") }
    while let top = stack.last {
      switch top {
      case .object(let node, let first):
        guard let next = scanner.peek() else {
          throw scanner.syntaxError("unexpected end of input in object")
        }
        if next == UInt8(ascii: "}") {
          scanner.index += 1
          stack.removeLast()
          depth -= 1
          continue
        }
        if !first {
          guard next == UInt8(ascii: ",") else { throw scanner.syntaxError("expected ',' or '}' in object") }
          scanner.index += 1
        }
        stack[stack.count - 1] = .object(node: node, first: false)
        let key = try located("") { (s: inout JSONScanner) throws(FlexDocumentError) in try s.parseString() }
        try scanner.expect(UInt8(ascii: ":"))
        switch key {
        case "id":
          let value = try located("id") { (s: inout JSONScanner) throws(FlexDocumentError) in
            try s.parseValue()
          }
          guard case .string(let id) = value else {
            throw .invalidValue(path: path("id"), expected: "a string")
          }
          identifiers[node] = id
        case "style":
          let value = try located("style") { (s: inout JSONScanner) throws(FlexDocumentError) in
            try s.parseValue()
          }
          do {
            styles[node] = try StyleDecoder.decode(value, path: "style")
          } catch {
            throw error.prefixingPath(path(""))
          }
        case "text":
          let value = try located("text") { (s: inout JSONScanner) throws(FlexDocumentError) in
            try s.parseValue()
          }
          guard case .string(let text) = value else {
            throw .invalidValue(path: path("text"), expected: "a string")
          }
          guard children[node].isEmpty else {
            throw .invalidValue(path: path("text"), expected: "no text on a node with children")
          }
          texts[node] = text
        case "font":
          let value = try located("font") { (s: inout JSONScanner) throws(FlexDocumentError) in
            try s.parseValue()
          }
          fonts[node] = try StyleDecoder.font(value, path: path("font"))
        case "children":
          guard scanner.peek() == UInt8(ascii: "[") else {
            _ = try located("children") { (s: inout JSONScanner) throws(FlexDocumentError) in
              try s.parseValue()
            }
            throw .invalidValue(path: path("children"), expected: "an array of nodes")
          }
          scanner.index += 1
          stack.append(.children(node: node, count: 0))
        default:
          throw .unknownKey(path: path(key))
        }
      case .children(let node, let count):
        guard let next = scanner.peek() else { throw scanner.syntaxError("unexpected end of input in array") }
        if next == UInt8(ascii: "]") {
          scanner.index += 1
          stack.removeLast()
          continue
        }
        if count > 0 {
          guard next == UInt8(ascii: ",") else { throw scanner.syntaxError("expected ',' or ']' in array") }
          scanner.index += 1
        }
        stack[stack.count - 1] = .children(node: node, count: count + 1)
        if texts[node] != nil {
          stack.removeLast()
          throw .invalidValue(path: path("text"), expected: "no text on a node with children")
        }
        guard scanner.peek() == UInt8(ascii: "{") else {
          if scanner.isAtEnd { throw scanner.syntaxError("unexpected end of input in array") }
          _ = try located("") { (s: inout JSONScanner) throws(FlexDocumentError) in try s.parseValue() }
          throw .invalidValue(path: path(""), expected: "a node object")
        }
        scanner.index += 1
        depth += 1
        if depth > limits.maxDepth { throw .limitExceeded(limit: .maxDepth, value: depth, path: path("")) }
        let child = try newNode(limits: limits)
        children[node].append(child)
        stack.append(.object(node: child, first: true))
      }
    }
    if scanner.peek() != nil { throw scanner.syntaxError("unexpected characters after the root node") }
  }

  /// The tree as nested ``Layout`` values, built from the last node back (children first).
  func buildLayout() -> Layout {
    var built = [Layout?](repeating: nil, count: styles.count)
    for node in styles.indices.reversed() {
      var kids: [Layout] = []
      kids.reserveCapacity(children[node].count)
      for child in children[node] {
        kids.append(built[child]!)
        built[child] = nil
      }
      if let text = texts[node] {
        let font = fonts[node]
        built[node] = Layout(
          identifier: identifiers[node], style: styles[node],
          text: MonospaceText(text, advance: font.advance, lineHeight: font.lineHeight))
      } else {
        built[node] = Layout(identifier: identifiers[node], style: styles[node], children: kids)
      }
    }
    return built[0]!
  }
}

extension FlexDocumentError {
  /// The error with `prefix` put in front of its key path.
  func prefixingPath(_ prefix: String) -> FlexDocumentError {
    guard !prefix.isEmpty else { return self }
    switch self {
    case .syntax: return self
    case .unknownKey(let path): return .unknownKey(path: prefix + "." + path)
    case .invalidValue(let path, let expected):
      return .invalidValue(path: prefix + "." + path, expected: expected)
    case .limitExceeded(let limit, let value, let path):
      return .limitExceeded(limit: limit, value: value, path: prefix + "." + path)
    }
  }
}
