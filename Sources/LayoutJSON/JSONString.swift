// The one JSON string decoder shared by the feed reader (ListLayout) and the flex-tree reader
// (Flexbox): the two documents differ in what they read, not in what a string is.

/// Why a JSON string literal could not be decoded, and where.
package struct JSONStringError: Error, Sendable {
  package enum Kind: Sendable, Equatable {
    case unterminated
    case controlCharacter
    case invalidEscape(UInt8)
    case invalidUnicodeEscape
    case unpairedSurrogate
    case invalidUTF8
    /// Longer than the reader's limit (in UTF-8 bytes).
    case tooLong
  }

  package let kind: Kind
  /// The offset of the byte the problem was found at.
  package let offset: Int

  /// What went wrong, in the words both readers report.
  package var message: String {
    switch kind {
    case .unterminated: "unterminated string"
    case .controlCharacter: "control character in a string; escape it"
    case .invalidEscape(let byte):
      "invalid escape '\\\(byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(byte)}")'"
    case .invalidUnicodeEscape: "invalid \\u escape: four hexadecimal digits expected"
    case .unpairedSurrogate: "unpaired surrogate in \\u escape"
    case .invalidUTF8: "invalid UTF-8 in a string"
    case .tooLong: "string too long"
    }
  }
}

/// Decodes the JSON string literal whose opening quote is at `bytes[quote]`.
///
/// Handles every escape of RFC 8259 (surrogate pairs joined, lone surrogates rejected),
/// rejects raw control characters and invalid UTF-8, and stops as soon as the decoded text
/// exceeds `maxLength` UTF-8 bytes.
///
/// - Returns: the string and the offset just past its closing quote.
package func decodeJSONString<Bytes: RandomAccessCollection<UInt8>>(
  _ bytes: Bytes, quote: Int, maxLength: Int
) throws(JSONStringError) -> (string: String, end: Int) where Bytes.Index == Int {
  var offset = quote + 1
  var decoded: [UInt8] = []
  // Runs of plain bytes are copied in one go; only escapes are decoded one by one.
  var runStart = offset
  while true {
    guard offset < bytes.count else { throw JSONStringError(kind: .unterminated, offset: quote) }
    let byte = bytes[offset]
    if byte == UInt8(ascii: "\"") { break }
    if byte < 0x20 { throw JSONStringError(kind: .controlCharacter, offset: offset) }
    if byte != UInt8(ascii: "\\") {
      offset += 1
      if offset - runStart + decoded.count > maxLength {
        throw JSONStringError(kind: .tooLong, offset: quote)
      }
      continue
    }
    decoded.append(contentsOf: bytes[runStart..<offset])
    offset += 1
    guard offset < bytes.count else { throw JSONStringError(kind: .unterminated, offset: quote) }
    let escape = bytes[offset]
    offset += 1
    switch escape {
    case UInt8(ascii: "\""): decoded.append(0x22)
    case UInt8(ascii: "\\"): decoded.append(0x5C)
    case UInt8(ascii: "/"): decoded.append(0x2F)
    case UInt8(ascii: "b"): decoded.append(0x08)
    case UInt8(ascii: "f"): decoded.append(0x0C)
    case UInt8(ascii: "n"): decoded.append(0x0A)
    case UInt8(ascii: "r"): decoded.append(0x0D)
    case UInt8(ascii: "t"): decoded.append(0x09)
    case UInt8(ascii: "u"):
      var code = try hex4(bytes, at: &offset)
      if (0xD800..<0xDC00).contains(code) {
        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
          bytes[offset + 1] == UInt8(ascii: "u")
        else { throw JSONStringError(kind: .unpairedSurrogate, offset: offset) }
        offset += 2
        let low = try hex4(bytes, at: &offset)
        guard (0xDC00..<0xE000).contains(low) else {
          throw JSONStringError(kind: .unpairedSurrogate, offset: offset - 6)
        }
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00..<0xE000).contains(code) {
        throw JSONStringError(kind: .unpairedSurrogate, offset: offset - 6)
      }
      // Not a surrogate and at most 0x10FFFF: always a scalar.
      guard let scalar = Unicode.Scalar(code) else {
        throw JSONStringError(kind: .invalidUnicodeEscape, offset: offset - 6)
      }
      decoded.append(contentsOf: String(Character(scalar)).utf8)
    default:
      throw JSONStringError(kind: .invalidEscape(escape), offset: offset - 2)
    }
    runStart = offset
    if decoded.count > maxLength { throw JSONStringError(kind: .tooLong, offset: quote) }
  }
  decoded.append(contentsOf: bytes[runStart..<offset])
  if decoded.count > maxLength { throw JSONStringError(kind: .tooLong, offset: quote) }
  guard let string = String(validating: decoded, as: UTF8.self) else {
    throw JSONStringError(kind: .invalidUTF8, offset: quote)
  }
  return (string, offset + 1)
}

/// Four hexadecimal digits of a `\u` escape, at `offset`, which moves past them.
private func hex4<Bytes: RandomAccessCollection<UInt8>>(
  _ bytes: Bytes, at offset: inout Int
) throws(JSONStringError) -> UInt32 where Bytes.Index == Int {
  guard offset + 4 <= bytes.count else {
    throw JSONStringError(kind: .invalidUnicodeEscape, offset: offset - 2)
  }
  var value: UInt32 = 0
  for _ in 0..<4 {
    let byte = bytes[offset]
    let digit: UInt32
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
    default: throw JSONStringError(kind: .invalidUnicodeEscape, offset: offset)
    }
    value = value << 4 | digit
    offset += 1
  }
  return value
}

/// `text` as a JSON string literal.
package func jsonQuoted(_ text: String) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    case _ where scalar.value < 0x20:
      let hex = String(scalar.value, radix: 16)
      out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out + "\""
}
