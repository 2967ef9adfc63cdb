import LayoutGeometry
import LayoutJSON
import Testing

/// The JSON string decoder both document readers share.
@Suite struct JSONStringTests {
  func decode(_ text: String, maxLength: Int = 100) throws(JSONStringError) -> String {
    let bytes = Array(text.utf8)
    let (string, end) = try decodeJSONString(bytes, quote: 0, maxLength: maxLength)
    #expect(end == bytes.count, "the closing quote ends \(text)")
    return string
  }

  func problem(_ text: String, maxLength: Int = 100) -> JSONStringError.Kind? {
    do {
      _ = try decodeJSONString(Array(text.utf8), quote: 0, maxLength: maxLength)
      return nil
    } catch {
      return error.kind
    }
  }

  @Test func decodesEveryEscape() throws {
    #expect(try decode(#""plain""#) == "plain")
    #expect(try decode(#""a\"b\\c\/d\be\ff\ng\rh\ti""#) == "a\"b\\c/d\u{8}e\u{C}f\ng\rh\ti")
    #expect(try decode(#""\u00e9\u4E2D""#) == "é中")
    #expect(try decode(#""\ud83d\ude00!""#) == "😀!")
    #expect(try decode("\"ünïcödé\"") == "ünïcödé")
    #expect(try decode(#""""#) == "")
  }

  @Test func rejectsMalformedStrings() {
    #expect(problem(#""open"#) == .unterminated)
    #expect(problem("\"a\u{1}b\"") == .controlCharacter)
    #expect(problem(#""\x""#) == .invalidEscape(UInt8(ascii: "x")))
    #expect(problem(#""\u12G4""#) == .invalidUnicodeEscape)
    #expect(problem(#""\u12""#) == .invalidUnicodeEscape)
    #expect(problem(#""\ud83d""#) == .unpairedSurrogate)
    #expect(problem(#""\ud83dx""#) == .unpairedSurrogate)
    #expect(problem(#""\ude00""#) == .unpairedSurrogate)
    #expect(problem(#""\ud83d\u0041""#) == .unpairedSurrogate)
    var invalid = Array(#""a"#.utf8)
    invalid.append(0xFF)
    invalid.append(UInt8(ascii: "\""))
    #expect(throws: JSONStringError.self) { try decodeJSONString(invalid, quote: 0, maxLength: 10) }
  }

  @Test func stopsAtTheLengthLimit() throws {
    #expect(try decode(#""12345""#, maxLength: 5) == "12345")
    #expect(problem(#""123456""#, maxLength: 5) == .tooLong)
    #expect(problem(#""1234\n""#, maxLength: 4) == .tooLong)
    // A long string is refused before it is read to its end.
    let huge = "\"" + String(repeating: "a", count: 1_000_000)
    #expect(problem(huge, maxLength: 10) == .tooLong)
  }
}
