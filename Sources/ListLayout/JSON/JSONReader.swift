import LayoutGeometry

/// Why a JSON document could not be read as a model: what, where (a key path such as
/// `sections[2].items[0].size.width`), and the line and column of the offending text.
public struct JSONInputError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kinds of failure.
  public enum Kind: Hashable, Sendable {
    /// The text is not JSON.
    case syntax
    /// A value has the wrong type (a string where a number belongs, …).
    case typeMismatch
    /// A key the schema does not know.
    case unknownKey
    /// A required key is missing.
    case missingKey
    /// A value of the right type is out of range (NaN, infinite, negative, unknown name).
    case invalidValue
    /// A documented input limit was exceeded; the associated value names it.
    case limitExceeded(String)
  }

  /// What went wrong.
  public var kind: Kind
  /// The key path of the value, empty for the document itself.
  public var path: String
  /// A sentence saying what was expected.
  public var message: String
  /// The 1-based line of the offending text.
  public var line: Int
  /// The 1-based column (in bytes) of the offending text.
  public var column: Int

  public var description: String {
    let location = path.isEmpty ? "" : "\(path): "
    let limit = if case .limitExceeded(let name) = kind { " [limit \(name)]" } else { "" }
    return "\(location)\(message)\(limit) (line \(line), column \(column))"
  }
}

/// Bounds on untrusted JSON input. Each has a documented default; exceeding one is a
/// ``JSONInputError`` of kind ``JSONInputError/Kind/limitExceeded(_:)`` naming it.
public struct JSONInputLimits: Sendable, Hashable {
  /// The deepest nesting of arrays and objects (default 64).
  public var maxDepth: Int
  /// The most sections in a feed (default 1,000,000).
  public var maxSections: Int
  /// The most cells in a feed, over all sections (default 5,000,000).
  public var maxCells: Int
  /// The longest string, in bytes (default 4,096).
  public var maxStringLength: Int
  /// The most traits on one cell, header or footer (default 64).
  public var maxTraitsPerElement: Int
  /// The largest document, in bytes (default 512 MiB).
  public var maxBytes: Int

  /// Creates limits; every argument defaults to the documented value.
  public init(
    maxDepth: Int = 64, maxSections: Int = 1_000_000, maxCells: Int = 5_000_000, maxStringLength: Int = 4096,
    maxTraitsPerElement: Int = 64, maxBytes: Int = 512 << 20
  ) {
    self.maxDepth = maxDepth
    self.maxSections = maxSections
    self.maxCells = maxCells
    self.maxStringLength = maxStringLength
    self.maxTraitsPerElement = maxTraitsPerElement
    self.maxBytes = maxBytes
  }

  /// The defaults.
  public static let `default` = JSONInputLimits()
}

/// A pull parser over UTF-8 JSON that decodes straight into model values, without building
/// a tree, and knows the key path and text position of everything it reads.
struct JSONReader: ~Copyable {
  enum Token: Equatable {
    case object, array, string, number, bool, null
  }

  private let bytes: [UInt8]
  private(set) var offset = 0
  let limits: JSONInputLimits
  private var depth = 0
  /// The key path to the value being read.
  private var path: [PathComponent] = []

  enum PathComponent {
    case key(String)
    case index(Int)
  }

  init(bytes: [UInt8], limits: JSONInputLimits) throws(JSONInputError) {
    self.bytes = bytes
    self.limits = limits
    if bytes.count > limits.maxBytes {
      throw error(
        .limitExceeded("maxBytes"), "the document has \(bytes.count) bytes; the limit is \(limits.maxBytes)")
    }
  }

  // MARK: Errors

  var pathString: String {
    var text = ""
    for component in path {
      switch component {
      case .key(let key): text += text.isEmpty ? key : "." + key
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }

  func error(_ kind: JSONInputError.Kind, _ message: String, at position: Int? = nil) -> JSONInputError {
    let end = min(position ?? offset, bytes.count)
    var line = 1
    var column = 1
    for i in 0..<end {
      if bytes[i] == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return JSONInputError(kind: kind, path: pathString, message: message, line: line, column: column)
  }

  // MARK: Tokens

  private mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x0A, 0x0D, 0x09: offset += 1
      default: return
      }
    }
  }

  /// The kind of the next value, without consuming it.
  mutating func peek() throws(JSONInputError) -> Token {
    skipWhitespace()
    guard offset < bytes.count else { throw error(.syntax, "unexpected end of input, expected a value") }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
    case UInt8(ascii: "n"): return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    default:
      throw error(.syntax, "unexpected character '\(printable(bytes[offset]))', expected a value")
    }
  }

  private func printable(_ byte: UInt8) -> String {
    (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
  }

  private func describe(_ token: Token) -> String {
    switch token {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    }
  }

  private mutating func expect(_ token: Token, _ what: String) throws(JSONInputError) {
    let found = try peek()
    guard found == token else { throw error(.typeMismatch, "expected \(what), found \(describe(found))") }
  }

  private mutating func consume(_ byte: UInt8, _ what: String) throws(JSONInputError) {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == byte else {
      if offset >= bytes.count { throw error(.syntax, "unexpected end of input, expected \(what)") }
      throw error(.syntax, "unexpected character '\(printable(bytes[offset]))', expected \(what)")
    }
    offset += 1
  }

  /// Checks that nothing but white space follows the document.
  mutating func finish() throws(JSONInputError) {
    skipWhitespace()
    if offset < bytes.count {
      throw error(.syntax, "unexpected character '\(printable(bytes[offset]))' after the document")
    }
  }

  // MARK: Containers

  /// Reads an object, calling `body` for each key with the reader positioned on its value;
  /// `body` must read or skip the value. Duplicate keys are an error.
  mutating func readObject(
    _ what: String = "an object", _ body: (String, inout JSONReader) throws(JSONInputError) -> Void
  ) throws(JSONInputError) {
    try expect(.object, what)
    try enter()
    offset += 1
    skipWhitespace()
    var seen: Set<String> = []
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
      offset += 1
      depth -= 1
      return
    }
    while true {
      skipWhitespace()
      let keyStart = offset
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
        if offset >= bytes.count { throw error(.syntax, "unexpected end of input, expected a key") }
        throw error(.syntax, "unexpected character '\(printable(bytes[offset]))', expected a key in quotes")
      }
      let key = try readRawString()
      guard seen.insert(key).inserted else {
        path.append(.key(key))
        defer { path.removeLast() }
        throw error(.invalidValue, "duplicate key", at: keyStart)
      }
      try consume(UInt8(ascii: ":"), "':' after a key")
      path.append(.key(key))
      try body(key, &self)
      path.removeLast()
      skipWhitespace()
      guard offset < bytes.count else { throw error(.syntax, "unexpected end of input, expected ',' or '}'") }
      if bytes[offset] == UInt8(ascii: ",") {
        offset += 1
        continue
      }
      if bytes[offset] == UInt8(ascii: "}") {
        offset += 1
        break
      }
      throw error(.syntax, "unexpected character '\(printable(bytes[offset]))', expected ',' or '}'")
    }
    depth -= 1
  }

  /// Reads an array, calling `body` with each element's index, the reader positioned on it.
  mutating func readArray(
    _ what: String = "an array", _ body: (Int, inout JSONReader) throws(JSONInputError) -> Void
  ) throws(JSONInputError) {
    try expect(.array, what)
    try enter()
    offset += 1
    skipWhitespace()
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
      offset += 1
      depth -= 1
      return
    }
    var index = 0
    while true {
      path.append(.index(index))
      try body(index, &self)
      path.removeLast()
      index += 1
      skipWhitespace()
      guard offset < bytes.count else { throw error(.syntax, "unexpected end of input, expected ',' or ']'") }
      if bytes[offset] == UInt8(ascii: ",") {
        offset += 1
        continue
      }
      if bytes[offset] == UInt8(ascii: "]") {
        offset += 1
        break
      }
      throw error(.syntax, "unexpected character '\(printable(bytes[offset]))', expected ',' or ']'")
    }
    depth -= 1
  }

  private mutating func enter() throws(JSONInputError) {
    depth += 1
    if depth > limits.maxDepth {
      throw error(.limitExceeded("maxDepth"), "nesting deeper than \(limits.maxDepth) levels")
    }
  }

  /// Reports the key being read as unknown.
  func unknownKey(_ key: String, allowed: [String]) -> JSONInputError {
    error(.unknownKey, "unknown key '\(key)'; known keys: \(allowed.joined(separator: ", "))")
  }

  /// Reports the value being read as invalid.
  func invalid(_ message: String) -> JSONInputError {
    error(.invalidValue, message)
  }

  // MARK: Scalars

  /// Reads a number; non-finite results (such as `1e400`) are errors.
  mutating func readNumber(_ what: String = "a number") throws(JSONInputError) -> Double {
    try expect(.number, what)
    let start = offset
    if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    guard offset < bytes.count, isDigit(bytes[offset]) else { throw error(.syntax, "invalid number") }
    if bytes[offset] == UInt8(ascii: "0") {
      offset += 1
      if offset < bytes.count, isDigit(bytes[offset]) {
        throw error(.syntax, "invalid number: leading zeros are not allowed", at: start)
      }
    } else {
      while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
      offset += 1
      guard offset < bytes.count, isDigit(bytes[offset]) else {
        throw error(.syntax, "invalid number: expected a digit after '.'")
      }
      while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
      offset += 1
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
        offset += 1
      }
      guard offset < bytes.count, isDigit(bytes[offset]) else {
        throw error(.syntax, "invalid number: expected a digit in the exponent")
      }
      while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }
    if offset - start > 400 { throw error(.invalidValue, "number literal too long", at: start) }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw error(.invalidValue, "\(text) is out of range for a 64-bit floating-point number", at: start)
    }
    return value
  }

  /// Reads a finite, non-negative number.
  mutating func readNonNegative(_ what: String = "a number, not negative") throws(JSONInputError) -> Double {
    let start = offset
    let value = try readNumber(what)
    guard value >= 0 else { throw error(.invalidValue, "\(value) is negative, expected \(what)", at: start) }
    return value
  }

  /// Reads a whole number in `range`.
  mutating func readInteger(in range: ClosedRange<Int>) throws(JSONInputError) -> Int {
    let start = offset
    let value = try readNumber("a whole number")
    guard value == value.rounded(), value >= Double(range.lowerBound), value <= Double(range.upperBound)
    else {
      throw error(.invalidValue, "\(value) is not a whole number in \(range)", at: start)
    }
    return Int(value)
  }

  mutating func readBool() throws(JSONInputError) -> Bool {
    try expect(.bool, "a boolean")
    if matches("true") {
      offset += 4
      return true
    }
    if matches("false") {
      offset += 5
      return false
    }
    throw error(.syntax, "invalid literal, expected true or false")
  }

  /// Reads `null`; returns whether it was there (and consumed).
  mutating func readNullIfPresent() throws(JSONInputError) -> Bool {
    guard try peek() == .null else { return false }
    guard matches("null") else { throw error(.syntax, "invalid literal, expected null") }
    offset += 4
    return true
  }

  private func matches(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard offset + count <= bytes.count else { return false }
    return literal.withUTF8Buffer { buffer in
      for i in 0..<count where bytes[offset + i] != buffer[i] { return false }
      return true
    }
  }

  mutating func readString(_ what: String = "a string") throws(JSONInputError) -> String {
    try expect(.string, what)
    return try readRawString()
  }

  /// Reads one of `names`, reporting the others when it is not.
  mutating func readName<T>(_ names: [(String, T)], _ what: String) throws(JSONInputError) -> T {
    let start = offset
    let name = try readString(what)
    if let match = names.first(where: { $0.0 == name }) { return match.1 }
    throw error(
      .invalidValue, "unknown \(what) '\(name)'; known: \(names.map(\.0).joined(separator: ", "))", at: start)
  }

  private mutating func readRawString() throws(JSONInputError) -> String {
    do {
      let (string, end) = try decodeJSONString(bytes, quote: offset, maxLength: limits.maxStringLength)
      offset = end
      return string
    } catch let problem {
      if problem.kind == .tooLong {
        throw error(
          .limitExceeded("maxStringLength"), "string longer than \(limits.maxStringLength) bytes",
          at: problem.offset)
      }
      throw error(.syntax, problem.message, at: problem.offset)
    }
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// Reads any value and returns its text, for a nested document another decoder reads.
  mutating func readRawValue() throws(JSONInputError) -> ArraySlice<UInt8> {
    _ = try peek()
    let start = offset
    try skipValue()
    return bytes[start..<offset]
  }

  /// Skips any value (for forward-compatible readers; the model decoder rejects unknown keys).
  mutating func skipValue() throws(JSONInputError) {
    switch try peek() {
    case .object: try readObject { (_, reader) throws(JSONInputError) in try reader.skipValue() }
    case .array: try readArray { (_, reader) throws(JSONInputError) in try reader.skipValue() }
    case .string: _ = try readString()
    case .number: _ = try readNumber()
    case .bool: _ = try readBool()
    case .null: _ = try readNullIfPresent()
    }
  }
}
