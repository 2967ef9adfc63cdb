import Foundation
import LayoutGeometry
import LayoutJSON

/// The JSON form of a layout tree, as the browser fixtures and the `listlayout flex` command use it.
///
/// Input: a node is an object with an optional `id` (string), an optional `style` and optional
/// `children` (an array of nodes); any other key is an error. `style` holds CSS properties in
/// camelCase, each with Yoga's default when missing:
///
/// | key | value |
/// |-----|-------|
/// | `display` | `"flex"`, `"none"`, `"contents"` (the box's children take its place) |
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
/// minimum size), `"content"` for `flexBasis`, `"min-content"`, `"max-content"`, `"fit-content"` and
/// `"stretch"` for sizes, min/max sizes and `flexBasis` (see ``FlexLength``); `aspectRatio` (a number ≥ 0, `"W / H"` or
/// `"auto"`; a zero width or height is `auto`, as in CSS), `boxSizing` (`"border-box"`, `"content-box"`), `overflow` (`"visible"`, `"hidden"`,
/// `"clip"`, `"scroll"`), `direction` (`"ltr"`, `"rtl"`), `position` also `"static"` (a static
/// box's absolutely positioned children are placed against its nearest positioned ancestor).
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
    // Nodes nest as objects inside `children` arrays, with a style object (and its edge
    // objects) below the deepest node.
    var reader = JSONReader(
      bytes: data, maxDepth: limits.maxDepth.multipliedReportingOverflow(by: 2).partialValue &+ 2,
      maxStringLength: limits.maxStringLength)
    let layout = try readTree(&reader, limits: limits)
    try reader.finish()
    return layout
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
      throw JSONInputError(
        kind: .invalidValue, path: "--width", message: "expected a finite number ≥ 0", line: 1, column: 1)
    }
    if let height, !(height.isFinite && height >= 0) {
      throw JSONInputError(
        kind: .invalidValue, path: "--height", message: "expected a finite number ≥ 0", line: 1, column: 1)
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
extension FlexDocument {
  /// The keys of a node object.
  enum NodeKey: String, JSONObjectKey {
    case id, style, children, text, font
    static let keys = JSONKeyTable(Self.self)
  }

  /// Reads a node tree at the reader's position (a whole document, or the `content` of a
  /// cell in a feed), without recursion: trees as deep as the limits allow are safe on any
  /// thread.
  package static func readTree(
    _ reader: inout JSONReader, limits: FlexDocumentLimits
  ) throws(JSONInputError) -> Layout {
    var identifiers: [String?] = []
    var styles: [FlexStyle] = []
    var children: [[Int]] = []
    /// Each node's `text` and `font` (advance, line height), for leaves of measured text.
    var texts: [String?] = []
    var fonts: [(advance: Double, lineHeight: Double)] = []
    enum Frame {
      case node(Int, JSONReader.ObjectState)
      case children(Int, JSONReader.ArrayState)
    }
    var stack: [Frame] = []
    func newNode(_ reader: borrowing JSONReader) throws(JSONInputError) -> Int {
      guard styles.count < limits.maxNodes else {
        throw reader.error(
          .limitExceeded(FlexDocumentLimits.Limit.maxNodes.rawValue),
          "more than \(limits.maxNodes) nodes (node \(styles.count + 1))")
      }
      identifiers.append(nil)
      styles.append(FlexStyle())
      children.append([])
      texts.append(nil)
      fonts.append((10, 10))
      return styles.count - 1
    }
    try reader.beginObject("a node object")
    stack.append(.node(try newNode(reader), JSONReader.ObjectState()))
    var depth = 1
    if depth > limits.maxDepth {
      throw reader.error(
        .limitExceeded(FlexDocumentLimits.Limit.maxDepth.rawValue),
        "nodes nested deeper than \(limits.maxDepth)")
    }
    while let frame = stack.popLast() {
      switch frame {
      case .node(let node, var state):
        guard let key = try reader.nextKey(NodeKey.keys, &state) else {
          depth -= 1
          continue
        }
        stack.append(.node(node, state))
        switch NodeKey(index: key) {
        case .id: identifiers[node] = try reader.readString("an identifier string")
        case .style: styles[node] = try StyleDecoder.read(&reader)
        case .text:
          let start = reader.offset
          texts[node] = try reader.readString("a string")
          guard children[node].isEmpty else {
            throw reader.invalid("expected no text on a node with children", at: start)
          }
        case .font: fonts[node] = try StyleDecoder.font(&reader)
        case .children:
          try reader.beginArray("an array of nodes")
          stack.append(.children(node, JSONReader.ArrayState()))
        }
      case .children(let node, var state):
        guard try reader.nextElement(&state) != nil else { continue }
        stack.append(.children(node, state))
        guard texts[node] == nil else { throw reader.invalid("expected no text on a node with children") }
        try reader.beginObject("a node object")
        depth += 1
        if depth > limits.maxDepth {
          throw reader.error(
            .limitExceeded(FlexDocumentLimits.Limit.maxDepth.rawValue),
            "nodes nested deeper than \(limits.maxDepth)")
        }
        let child = try newNode(reader)
        children[node].append(child)
        stack.append(.node(child, JSONReader.ObjectState()))
      }
    }
    // Built from the leaves up, so no recursion here either.
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
