import LayoutGeometry

/// A JSON value small enough to be read recursively (a style and its edge objects).
enum JSONValue {
  case number(Double)
  case string(String)
  case bool(Bool)
  case null
  case object([(key: String, value: JSONValue)])
  case array([JSONValue])

  /// What the value is, for error messages.
  var kind: String {
    switch self {
    case .number: "a number"
    case .string: "a string"
    case .bool: "a boolean"
    case .null: "null"
    case .object: "an object"
    case .array: "an array"
    }
  }
}

/// A byte-level JSON reader that reports errors with line and column.
struct JSONScanner {
  let bytes: [UInt8]
  var index = 0
  let maxStringLength: Int
  /// How deeply a value read with ``parseValue(depth:)`` may nest.
  static let maxValueDepth = 16

  init(bytes: [UInt8], maxStringLength: Int) {
    self.bytes = bytes
    self.maxStringLength = maxStringLength
  }

  var isAtEnd: Bool { index >= bytes.count }

  /// A syntax error at the current position.
  func syntaxError(_ message: String) -> FlexDocumentError {
    var line = 1
    var column = 1
    var i = 0
    let end = Swift.min(index, bytes.count)
    while i < end {
      if bytes[i] == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if bytes[i] & 0xC0 != 0x80 {
        column += 1
      }
      i += 1
    }
    return .syntax(message: message, line: line, column: column)
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  /// The next non-space byte, not consumed.
  mutating func peek() -> UInt8? {
    skipWhitespace()
    return index < bytes.count ? bytes[index] : nil
  }

  mutating func expect(_ byte: UInt8) throws(FlexDocumentError) {
    guard peek() == byte else {
      if isAtEnd {
        throw syntaxError("unexpected end of input, expected '\(Character(UnicodeScalar(byte)))'")
      }
      throw syntaxError("expected '\(Character(UnicodeScalar(byte)))'")
    }
    index += 1
  }

  /// Reads a string; a too-long one throws a limit error with an empty path, for the caller to fill in.
  mutating func parseString() throws(FlexDocumentError) -> String {
    guard peek() == UInt8(ascii: "\"") else { throw syntaxError("expected a string") }
    do {
      let (string, end) = try decodeJSONString(bytes, quote: index, maxLength: maxStringLength)
      index = end
      return string
    } catch let problem {
      if problem.kind == .tooLong {
        throw .limitExceeded(limit: .maxStringLength, value: maxStringLength + 1, path: "")
      }
      index = problem.offset
      throw syntaxError(problem.message)
    }
  }

  /// Reads a number with JSON's grammar.
  mutating func parseNumber() throws(FlexDocumentError) -> Double {
    skipWhitespace()
    let start = index
    func digits() -> Int {
      let from = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
      return index - from
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    let integerDigits = digits()
    guard integerDigits > 0 else { throw syntaxError("invalid number") }
    if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
      index = integerStart
      throw syntaxError("leading zero in number")
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw syntaxError("invalid number") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard digits() > 0 else { throw syntaxError("invalid number") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text) else { throw syntaxError("invalid number") }
    return value
  }

  /// Reads any JSON value, recursively, at most ``maxValueDepth`` deep.
  mutating func parseValue(depth: Int = 0) throws(FlexDocumentError) -> JSONValue {
    guard depth < Self.maxValueDepth else { throw syntaxError("value nested too deeply") }
    guard let byte = peek() else { throw syntaxError("unexpected end of input") }
    switch byte {
    case UInt8(ascii: "{"):
      index += 1
      var members: [(key: String, value: JSONValue)] = []
      if peek() == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      while true {
        let key = try parseString()
        try expect(UInt8(ascii: ":"))
        let value = try parseValue(depth: depth + 1)
        members.append((key, value))
        guard let next = peek() else { throw syntaxError("unexpected end of input in object") }
        index += 1
        if next == UInt8(ascii: "}") { return .object(members) }
        guard next == UInt8(ascii: ",") else {
          index -= 1
          throw syntaxError("expected ',' or '}' in object")
        }
      }
    case UInt8(ascii: "["):
      index += 1
      var elements: [JSONValue] = []
      if peek() == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      }
      while true {
        elements.append(try parseValue(depth: depth + 1))
        guard let next = peek() else { throw syntaxError("unexpected end of input in array") }
        index += 1
        if next == UInt8(ascii: "]") { return .array(elements) }
        guard next == UInt8(ascii: ",") else {
          index -= 1
          throw syntaxError("expected ',' or ']' in array")
        }
      }
    case UInt8(ascii: "\""):
      return .string(try parseString())
    case UInt8(ascii: "t"):
      try parseLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try parseLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try parseLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try parseNumber())
    default:
      throw syntaxError("unexpected character '\(Character(UnicodeScalar(byte)))'")
    }
  }

  private mutating func parseLiteral(_ literal: String) throws(FlexDocumentError) {
    for expected in literal.utf8 {
      guard index < bytes.count, bytes[index] == expected else { throw syntaxError("invalid literal") }
      index += 1
    }
  }
}
