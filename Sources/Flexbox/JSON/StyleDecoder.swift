import LayoutGeometry

/// Reads a `style` object into a ``FlexStyle``, naming the key path of any bad key or value.
enum StyleDecoder {
  static func decode(_ value: JSONValue, path: String) throws(FlexDocumentError) -> FlexStyle {
    guard case .object(let members) = value else { throw .invalidValue(path: path, expected: "an object") }
    var style = FlexStyle()
    for (key, value) in members {
      let keyPath = path + "." + key
      switch key {
      case "display": style.display = try keyword(value, keyPath)
      case "position": style.position = try keyword(value, keyPath)
      case "flexDirection": style.flexDirection = try keyword(value, keyPath)
      case "flexWrap": style.flexWrap = try keyword(value, keyPath)
      case "justifyContent":
        (style.justifyContent, style.justifyContentSafety) = try alignment(value, keyPath)
      case "alignItems": (style.alignItems, style.alignItemsSafety) = try alignment(value, keyPath)
      case "alignSelf": (style.alignSelf, style.alignSelfSafety) = try alignment(value, keyPath)
      case "alignContent": (style.alignContent, style.alignContentSafety) = try alignment(value, keyPath)
      case "flexGrow": style.flexGrow = try number(value, keyPath, nonNegative: true)
      case "flexShrink": style.flexShrink = try number(value, keyPath, nonNegative: true)
      case "flexBasis": style.flexBasisLength = try length(value, keyPath, .basis)
      case "width": style.widthLength = try length(value, keyPath, .size)
      case "height": style.heightLength = try length(value, keyPath, .size)
      case "minWidth": style.minWidthLength = try length(value, keyPath, .minimum)
      case "minHeight": style.minHeightLength = try length(value, keyPath, .minimum)
      case "maxWidth": style.maxWidthLength = try length(value, keyPath, .maximum)
      case "maxHeight": style.maxHeightLength = try length(value, keyPath, .maximum)
      case "margin": style.marginLengths = try edges(value, keyPath, .margin)
      case "padding": style.paddingLengths = try edges(value, keyPath, .padding)
      case "border": style.border = try edges(value, keyPath, nonNegative: true)
      case "top": style.insetLengths.top = try length(value, keyPath, .inset)
      case "left": style.insetLengths.leading = try length(value, keyPath, .inset)
      case "bottom": style.insetLengths.bottom = try length(value, keyPath, .inset)
      case "right": style.insetLengths.trailing = try length(value, keyPath, .inset)
      case "gap":
        let gap = try length(value, keyPath, .padding)
        style.rowGapLength = gap
        style.columnGapLength = gap
      case "rowGap": style.rowGapLength = try length(value, keyPath, .padding)
      case "columnGap": style.columnGapLength = try length(value, keyPath, .padding)
      case "aspectRatio": style.aspectRatio = try aspectRatio(value, keyPath)
      case "boxSizing": style.boxSizing = try keyword(value, keyPath)
      case "overflow": style.overflow = try keyword(value, keyPath)
      case "direction": style.direction = try keyword(value, keyPath) as LayoutDirection
      default: throw .unknownKey(path: keyPath)
      }
    }
    return style
  }

  private static func keyword<T: RawRepresentable & CaseIterable>(
    _ value: JSONValue, _ path: String
  )
    throws(FlexDocumentError) -> T where T.RawValue == String
  {
    let names = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    guard case .string(let text) = value, let result = T(rawValue: text) else {
      throw .invalidValue(path: path, expected: "one of \(names)")
    }
    return result
  }

  private static func number(
    _ value: JSONValue, _ path: String, nonNegative: Bool
  ) throws(FlexDocumentError)
    -> Double
  {
    guard case .number(let number) = value, number.isFinite else {
      throw .invalidValue(path: path, expected: "a finite number")
    }
    if nonNegative, number < 0 { throw .invalidValue(path: path, expected: "a number ≥ 0") }
    return number
  }

  /// A leaf's `font`: `{"advance": N, "lineHeight": N}`, each > 0 and defaulting to 10.
  static func font(
    _ value: JSONValue, path: String
  ) throws(FlexDocumentError) -> (
    advance: Double, lineHeight: Double
  ) {
    guard case .object(let members) = value else { throw .invalidValue(path: path, expected: "an object") }
    var result = (advance: 10.0, lineHeight: 10.0)
    for (key, value) in members {
      let keyPath = path + "." + key
      guard case .number(let number) = value, let metric = StyleValues.fontMetric(number) else {
        throw .invalidValue(path: keyPath, expected: "a number > 0")
      }
      switch key {
      case "advance": result.advance = metric
      case "lineHeight": result.lineHeight = metric
      default: throw .unknownKey(path: keyPath)
      }
    }
    return result
  }

  /// An alignment keyword, optionally after `safe` or `unsafe` (for positional keywords only).
  private static func alignment<T: RawRepresentable & CaseIterable>(
    _ value: JSONValue, _ path: String
  ) throws(FlexDocumentError) -> (T, FlexStyle.OverflowAlignment) where T.RawValue == String {
    let names = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    guard case .string(let text) = value, let (name, safety) = StyleValues.overflowPosition(text),
      let result = T(rawValue: name), safety == .default || StyleValues.isPositional(name)
    else {
      throw .invalidValue(
        path: path, expected: "one of \(names), positional ones after \"safe \" or \"unsafe \"")
    }
    return (result, safety)
  }

  /// A length in one of `forms` (see `StyleValues`).
  private static func length(
    _ value: JSONValue, _ path: String, _ forms: StyleValues.LengthForms
  ) throws(FlexDocumentError) -> FlexLength {
    let result: FlexLength?
    switch value {
    case .number(let number): result = StyleValues.length(number: number, forms: forms)
    case .string(let text): result = StyleValues.length(string: text, forms: forms)
    default: result = nil
    }
    guard let result else { throw .invalidValue(path: path, expected: StyleValues.describe(forms)) }
    return result
  }

  /// An `aspect-ratio`: a number > 0, `"W / H"` or `"auto"` (`nil`).
  private static func aspectRatio(_ value: JSONValue, _ path: String) throws(FlexDocumentError) -> Double? {
    let result: Double??
    switch value {
    case .number(let number): result = StyleValues.aspectRatio(number: number)
    case .string(let text): result = StyleValues.aspectRatio(string: text)
    default: result = nil
    }
    guard let result else {
      throw .invalidValue(path: path, expected: "a number > 0, \"W / H\" or \"auto\"")
    }
    return result
  }

  /// Four lengths in one of `forms`: `{top,left,bottom,right}` or one value for all four.
  private static func edges(
    _ value: JSONValue, _ path: String, _ forms: StyleValues.LengthForms
  ) throws(FlexDocumentError) -> FlexLengthEdges {
    guard case .object(let members) = value else {
      return FlexLengthEdges(all: try length(value, path, forms))
    }
    var result = FlexLengthEdges()
    for (key, value) in members {
      let keyPath = path + "." + key
      let v = try length(value, keyPath, forms)
      switch key {
      case "top": result.top = v
      case "left": result.leading = v
      case "bottom": result.bottom = v
      case "right": result.trailing = v
      default: throw .unknownKey(path: keyPath)
      }
    }
    return result
  }

  private static func edges(
    _ value: JSONValue, _ path: String, nonNegative: Bool
  ) throws(FlexDocumentError)
    -> Edges
  {
    if case .number = value {
      return Edges(all: try number(value, path, nonNegative: nonNegative))
    }
    guard case .object(let members) = value else {
      throw .invalidValue(path: path, expected: "an object {top,left,bottom,right} or a number")
    }
    var result = Edges()
    for (key, value) in members {
      let keyPath = path + "." + key
      let v = try number(value, keyPath, nonNegative: nonNegative)
      switch key {
      case "top": result.top = v
      case "left": result.leading = v
      case "bottom": result.bottom = v
      case "right": result.trailing = v
      default: throw .unknownKey(path: keyPath)
      }
    }
    return result
  }
}
