import LayoutGeometry
import LayoutJSON

/// Reads a `style` object into a ``FlexStyle`` with the package's JSON reader; every bad key
/// or value is an error naming its key path, line and column. What each value may be is
/// decided by the pure parsers of `StyleValues`.
enum StyleDecoder {
  /// The keys of a `style` object, in one table for decoding and for error messages.
  enum Key: String, JSONObjectKey {
    case display, position, flexDirection, flexWrap, justifyContent, alignItems, alignSelf, alignContent
    case flexGrow, flexShrink, flexBasis, width, height, minWidth, minHeight, maxWidth, maxHeight
    case margin, padding, border, top, left, bottom, right, gap, rowGap, columnGap
    case aspectRatio, boxSizing, overflow, direction
    static let keys = JSONKeyTable(Self.self)
  }

  /// The keys of an edges object.
  enum EdgeKey: String, JSONObjectKey {
    case top, left, bottom, right
    static let keys = JSONKeyTable(Self.self)
  }

  /// The keys of a leaf's `font`.
  enum FontKey: String, JSONObjectKey {
    case advance, lineHeight
    static let keys = JSONKeyTable(Self.self)
  }

  static func read(_ reader: inout JSONReader) throws(JSONInputError) -> FlexStyle {
    var style = FlexStyle()
    try reader.readObject("a style object", Key.keys) { (key, reader) throws(JSONInputError) in
      switch Key(index: key) {
      case .display: style.display = try reader.readCase(FlexStyle.Display.self, "display")
      case .position: style.position = try reader.readCase(FlexStyle.PositionType.self, "position")
      case .flexDirection:
        style.flexDirection = try reader.readCase(FlexStyle.FlexDirection.self, "flex direction")
      case .flexWrap: style.flexWrap = try reader.readCase(FlexStyle.FlexWrap.self, "flex wrap")
      case .justifyContent: (style.justifyContent, style.justifyContentSafety) = try alignment(&reader)
      case .alignItems: (style.alignItems, style.alignItemsSafety) = try alignment(&reader)
      case .alignSelf: (style.alignSelf, style.alignSelfSafety) = try alignment(&reader)
      case .alignContent: (style.alignContent, style.alignContentSafety) = try alignment(&reader)
      case .flexGrow: style.flexGrow = try reader.readNonNegative()
      case .flexShrink: style.flexShrink = try reader.readNonNegative()
      case .flexBasis: style.flexBasisLength = try length(&reader, .basis)
      case .width: style.widthLength = try length(&reader, .size)
      case .height: style.heightLength = try length(&reader, .size)
      case .minWidth: style.minWidthLength = try length(&reader, .minimum)
      case .minHeight: style.minHeightLength = try length(&reader, .minimum)
      case .maxWidth: style.maxWidthLength = try length(&reader, .maximum)
      case .maxHeight: style.maxHeightLength = try length(&reader, .maximum)
      case .margin: style.marginLengths = try lengthEdges(&reader, .margin)
      case .padding: style.paddingLengths = try lengthEdges(&reader, .padding)
      case .border: style.border = try edges(&reader)
      case .top: style.insetLengths.top = try length(&reader, .inset)
      case .left: style.insetLengths.leading = try length(&reader, .inset)
      case .bottom: style.insetLengths.bottom = try length(&reader, .inset)
      case .right: style.insetLengths.trailing = try length(&reader, .inset)
      case .gap:
        let gap = try length(&reader, .padding)
        style.rowGapLength = gap
        style.columnGapLength = gap
      case .rowGap: style.rowGapLength = try length(&reader, .padding)
      case .columnGap: style.columnGapLength = try length(&reader, .padding)
      case .aspectRatio: style.aspectRatio = try aspectRatio(&reader)
      case .boxSizing: style.boxSizing = try reader.readCase(FlexStyle.BoxSizing.self, "box sizing")
      case .overflow: style.overflow = try reader.readCase(FlexStyle.Overflow.self, "overflow")
      case .direction: style.direction = try reader.readCase(LayoutDirection.self, "direction")
      }
    }
    return style
  }

  /// A leaf's `font`: `{"advance": N, "lineHeight": N}`, each > 0 and defaulting to 10.
  static func font(_ reader: inout JSONReader) throws(JSONInputError) -> (advance: Double, lineHeight: Double)
  {
    var result = (advance: 10.0, lineHeight: 10.0)
    try reader.readObject("a font object {advance, lineHeight}", FontKey.keys) {
      (key, reader) throws(JSONInputError) in
      let start = reader.offset
      guard let metric = StyleValues.fontMetric(try reader.readNumber("a number > 0")) else {
        throw reader.invalid("expected a number > 0, found \(reader.foundValue(at: start))", at: start)
      }
      switch FontKey(index: key) {
      case .advance: result.advance = metric
      case .lineHeight: result.lineHeight = metric
      }
    }
    return result
  }

  /// An alignment keyword, optionally after `safe` or `unsafe` (for positional keywords only).
  private static func alignment<T: RawRepresentable & CaseIterable>(
    _ reader: inout JSONReader
  ) throws(JSONInputError) -> (T, FlexStyle.OverflowAlignment) where T.RawValue == String {
    let start = reader.offset
    let text = try reader.readString("an alignment keyword")
    guard let (name, safety) = StyleValues.overflowPosition(text), let result = T(rawValue: name),
      safety == .default || StyleValues.isPositional(name)
    else {
      let names = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      throw reader.invalid(
        "expected one of \(names), positional ones after \"safe \" or \"unsafe \"; found \(reader.foundValue(at: start))",
        at: start)
    }
    return (result, safety)
  }

  /// A length in one of `forms` (see `StyleValues`): a number or a keyword or percentage string.
  private static func length(
    _ reader: inout JSONReader, _ forms: StyleValues.LengthForms
  ) throws(JSONInputError) -> FlexLength {
    let start = reader.offset
    let result: FlexLength?
    switch try reader.peek() {
    case .number: result = StyleValues.length(number: try reader.readNumber(), forms: forms)
    case .string: result = StyleValues.length(string: try reader.readString(), forms: forms)
    case let other: throw reader.mismatch(StyleValues.describe(forms), other)
    }
    guard let result else {
      throw reader.invalid(
        "expected \(StyleValues.describe(forms)), found \(reader.foundValue(at: start))", at: start)
    }
    return result
  }

  /// An `aspect-ratio`: a number ≥ 0, `"W / H"` or `"auto"` (`nil`; so is a degenerate ratio).
  private static func aspectRatio(_ reader: inout JSONReader) throws(JSONInputError) -> Double? {
    let start = reader.offset
    let result: Double??
    switch try reader.peek() {
    case .number: result = StyleValues.aspectRatio(number: try reader.readNumber())
    case .string: result = StyleValues.aspectRatio(string: try reader.readString())
    case let other: throw reader.mismatch("a number ≥ 0, \"W / H\" or \"auto\"", other)
    }
    guard let result else {
      throw reader.invalid(
        "expected a number ≥ 0, \"W / H\" or \"auto\", found \(reader.foundValue(at: start))", at: start)
    }
    return result
  }

  /// Four lengths in one of `forms`: `{top, left, bottom, right}` or one value for all four.
  private static func lengthEdges(
    _ reader: inout JSONReader, _ forms: StyleValues.LengthForms
  ) throws(JSONInputError) -> FlexLengthEdges {
    try edgeValues(&reader, FlexLengthEdges(), single: "a length", all: FlexLengthEdges.init(all:)) {
      (reader) throws(JSONInputError) in try length(&reader, forms)
    }
  }

  /// Border widths: one number ≥ 0 for all four, or an object of `top`, `left`, `bottom`, `right`.
  private static func edges(_ reader: inout JSONReader) throws(JSONInputError) -> Edges {
    try edgeValues(&reader, Edges(), single: "a number", all: Edges.init(all:)) {
      (reader) throws(JSONInputError) in try reader.readNonNegative()
    }
  }

  /// One value for all four edges, or an object naming some of `top`, `left`, `bottom`, `right`.
  private static func edgeValues<E: EdgeValues>(
    _ reader: inout JSONReader, _ empty: E, single: String, all: (E.Value) -> E,
    _ value: (inout JSONReader) throws(JSONInputError) -> E.Value
  ) throws(JSONInputError) -> E {
    guard try reader.peek() == .object else { return all(try value(&reader)) }
    var result = empty
    try reader.readObject("an object {top, left, bottom, right} or \(single)", EdgeKey.keys) {
      (key, reader) throws(JSONInputError) in
      let edge = try value(&reader)
      switch EdgeKey(index: key) {
      case .top: result.top = edge
      case .left: result.leading = edge
      case .bottom: result.bottom = edge
      case .right: result.trailing = edge
      }
    }
    return result
  }
}

/// The four optional edges of ``Edges`` and ``FlexLengthEdges``, for the one edge reader.
private protocol EdgeValues {
  associatedtype Value
  var top: Value? { get set }
  var leading: Value? { get set }
  var bottom: Value? { get set }
  var trailing: Value? { get set }
}

extension Edges: EdgeValues {}
extension FlexLengthEdges: EdgeValues {}
