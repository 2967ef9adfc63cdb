import LayoutGeometry

/// Reads a `style` object into a ``FlexStyle`` with the package's JSON reader; every bad key
/// or value is an error naming its key path, line and column.
enum StyleDecoder {
  /// The keys of a `style` object, in one table for decoding and for error messages.
  enum Key: Int, JSONObjectKey {
    case display, position, flexDirection, flexWrap, justifyContent, alignItems, alignSelf, alignContent
    case flexGrow, flexShrink, flexBasis, width, height, minWidth, minHeight, maxWidth, maxHeight
    case margin, padding, border, top, left, bottom, right, gap, rowGap, columnGap
    static let keys = JSONKeyTable(Self.self)
  }

  /// The keys of an edges object.
  enum EdgeKey: Int, JSONObjectKey {
    case top, left, bottom, right
    static let keys = JSONKeyTable(Self.self)
  }

  static func read(_ reader: inout JSONReader) throws(JSONInputError) -> FlexStyle {
    var style = FlexStyle()
    try reader.readObject("a style object", Key.keys) { (key, reader) throws(JSONInputError) in
      switch Key(rawValue: key)! {
      case .display: style.display = try keyword(&reader, "display")
      case .position: style.position = try keyword(&reader, "position")
      case .flexDirection: style.flexDirection = try keyword(&reader, "flex direction")
      case .flexWrap: style.flexWrap = try keyword(&reader, "flex wrap")
      case .justifyContent: style.justifyContent = try keyword(&reader, "justify-content value")
      case .alignItems: style.alignItems = try keyword(&reader, "align-items value")
      case .alignSelf: style.alignSelf = try keyword(&reader, "align-self value")
      case .alignContent: style.alignContent = try keyword(&reader, "align-content value")
      case .flexGrow: style.flexGrow = try reader.readNonNegative()
      case .flexShrink: style.flexShrink = try reader.readNonNegative()
      case .flexBasis: style.flexBasis = try length(&reader, keyword: "auto")
      case .width: style.width = try length(&reader, keyword: "auto")
      case .height: style.height = try length(&reader, keyword: "auto")
      case .minWidth: style.minWidth = try reader.readNonNegative()
      case .minHeight: style.minHeight = try reader.readNonNegative()
      case .maxWidth: style.maxWidth = try length(&reader, keyword: "none")
      case .maxHeight: style.maxHeight = try length(&reader, keyword: "none")
      case .margin: style.margin = try edges(&reader, nonNegative: false)
      case .padding: style.padding = try edges(&reader, nonNegative: true)
      case .border: style.border = try edges(&reader, nonNegative: true)
      case .top: style.inset.top = try reader.readNumber()
      case .left: style.inset.leading = try reader.readNumber()
      case .bottom: style.inset.bottom = try reader.readNumber()
      case .right: style.inset.trailing = try reader.readNumber()
      case .gap:
        let gap = try reader.readNonNegative()
        style.rowGap = gap
        style.columnGap = gap
      case .rowGap: style.rowGap = try reader.readNonNegative()
      case .columnGap: style.columnGap = try reader.readNonNegative()
      }
    }
    return style
  }

  private static func keyword<T: RawRepresentable & CaseIterable>(
    _ reader: inout JSONReader, _ what: String
  ) throws(JSONInputError) -> T where T.RawValue == String {
    try reader.readCase(T.self, what)
  }

  /// A length: a number ≥ 0, or `keyword` (`nil`).
  private static func length(_ reader: inout JSONReader, keyword: String) throws(JSONInputError) -> Double? {
    if try reader.peek() == .string {
      return try reader.readName([(keyword, nil)], "length keyword (a number ≥ 0 or \"\(keyword)\")")
    }
    return try reader.readNonNegative("a number ≥ 0 or \"\(keyword)\"")
  }

  /// Edges: one number for all four, or an object of `top`, `left`, `bottom`, `right`.
  private static func edges(_ reader: inout JSONReader, nonNegative: Bool) throws(JSONInputError) -> Edges {
    func value(_ reader: inout JSONReader) throws(JSONInputError) -> Double {
      nonNegative ? try reader.readNonNegative() : try reader.readNumber()
    }
    if try reader.peek() == .number { return Edges(all: try value(&reader)) }
    var result = Edges()
    try reader.readObject("an object {top, left, bottom, right} or a number", EdgeKey.keys) {
      (key, reader) throws(JSONInputError) in
      switch EdgeKey(rawValue: key)! {
      case .top: result.top = try value(&reader)
      case .left: result.leading = try value(&reader)
      case .bottom: result.bottom = try value(&reader)
      case .right: result.trailing = try value(&reader)
      }
    }
    return result
  }
}
