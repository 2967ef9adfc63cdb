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
      case "justifyContent": style.justifyContent = try keyword(value, keyPath)
      case "alignItems": style.alignItems = try keyword(value, keyPath)
      case "alignSelf": style.alignSelf = try keyword(value, keyPath)
      case "alignContent": style.alignContent = try keyword(value, keyPath)
      case "flexGrow": style.flexGrow = try number(value, keyPath, nonNegative: true)
      case "flexShrink": style.flexShrink = try number(value, keyPath, nonNegative: true)
      case "flexBasis": style.flexBasis = try length(value, keyPath, keyword: "auto")
      case "width": style.width = try length(value, keyPath, keyword: "auto")
      case "height": style.height = try length(value, keyPath, keyword: "auto")
      case "minWidth": style.minWidth = try number(value, keyPath, nonNegative: true)
      case "minHeight": style.minHeight = try number(value, keyPath, nonNegative: true)
      case "maxWidth": style.maxWidth = try length(value, keyPath, keyword: "none")
      case "maxHeight": style.maxHeight = try length(value, keyPath, keyword: "none")
      case "margin": style.margin = try edges(value, keyPath, nonNegative: false)
      case "padding": style.padding = try edges(value, keyPath, nonNegative: true)
      case "border": style.border = try edges(value, keyPath, nonNegative: true)
      case "top": style.inset.top = try number(value, keyPath, nonNegative: false)
      case "left": style.inset.leading = try number(value, keyPath, nonNegative: false)
      case "bottom": style.inset.bottom = try number(value, keyPath, nonNegative: false)
      case "right": style.inset.trailing = try number(value, keyPath, nonNegative: false)
      case "gap":
        let gap = try number(value, keyPath, nonNegative: true)
        style.rowGap = gap
        style.columnGap = gap
      case "rowGap": style.rowGap = try number(value, keyPath, nonNegative: true)
      case "columnGap": style.columnGap = try number(value, keyPath, nonNegative: true)
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

  private static func length(
    _ value: JSONValue, _ path: String, keyword: String
  ) throws(FlexDocumentError)
    -> Double?
  {
    if case .string(let text) = value {
      guard text == keyword else {
        throw .invalidValue(path: path, expected: "a number ≥ 0 or \"\(keyword)\"")
      }
      return nil
    }
    guard case .number(let number) = value, number.isFinite, number >= 0 else {
      throw .invalidValue(path: path, expected: "a number ≥ 0 or \"\(keyword)\"")
    }
    return number
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
