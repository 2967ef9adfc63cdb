import LayoutGeometry
import ListLayout
import ListLayoutService
import Testing

/// An error names what it found as the document writes it: a bare word that is no JSON
/// literal as an invalid literal (not as the `null` or boolean its first letter suggests), a
/// number with its digits, a string quoted (cut when long).
@Suite struct FoundValuesAreNamedAsWrittenTests {
  /// The error `json` is as a feed.
  func feedError(_ json: String) -> JSONInputError? {
    do {
      _ = try ListModel(json: json)
      return nil
    } catch {
      return error
    }
  }

  @Test func aWordThatIsNoLiteralIsNamedAsAnInvalidLiteral() throws {
    let cases: [(json: String, word: String, path: String, column: Int)] = [
      ("nope", "nope", "", 1),
      ("  tx", "tx", "", 3),
      (#"{"width": 200, "pinSectionHeaders": tx}"#, "tx", "pinSectionHeaders", 37),
      (#"{"width": 200, "pinSectionHeaders": nope}"#, "nope", "pinSectionHeaders", 37),
      (#"{"width": nope}"#, "nope", "width", 11),
      (#"{"width": 100, "sections": [{"items": [{"id": nulls}]}]}"#, "nulls", "sections[0].items[0].id", 47),
      (#"{"width": 100, "sections": [{"items": [{"id": truex}]}]}"#, "truex", "sections[0].items[0].id", 47),
      (#"{"width": 100, "sections": [{"items": [{"id": fals}]}]}"#, "fals", "sections[0].items[0].id", 47),
      (#"{"width": abc}"#, "abc", "width", 11),
    ]
    for (json, word, path, column) in cases {
      let error = try #require(feedError(json), "\(json)")
      #expect(error.kind == .syntax, "\(json)")
      #expect(error.message.hasPrefix("invalid literal `\(word)`, expected "), "\(json): \(error)")
      #expect(!error.message.contains("found null"), "\(json): \(error)")
      #expect(!error.message.contains("found a boolean"), "\(json): \(error)")
      #expect(error.path == path, "\(json)")
      #expect((error.line, error.column) == (1, column), "\(json)")
    }
    // A boolean where one belongs names what it expected.
    let flag = try #require(feedError(#"{"width": 200, "pinSectionHeaders": tx}"#))
    #expect(flag.message == "invalid literal `tx`, expected true or false")
    // Real literals are still read, and still named as what they are where they do not belong.
    #expect(feedError(#"{"width": 200, "pinSectionHeaders": true}"#) == nil)
    let wrong = try #require(feedError(#"{"width": 100, "sections": [{"items": [{"id": null}]}]}"#))
    #expect(wrong.message == "expected an identifier string, found null")
    let flagAsID = try #require(feedError(#"{"width": 100, "sections": [{"items": [{"id": false}]}]}"#))
    #expect(flagAsID.message == "expected an identifier string, found false")
    // Punctuation that starts no value is an unexpected character, as before.
    let punctuation = try #require(feedError(#"{"width": @}"#))
    #expect(punctuation.message == "unexpected character '@', expected a value")
  }

  @Test func numbersAreNamedWithTheirDigits() throws {
    let columns = try #require(
      feedError(
        #"{"width": 200, "sections": [{"layout": {"type": "grid", "columns": 99999999999999999999}}]}"#))
    #expect(
      columns.message == "99999999999999999999 is not a whole number in 1...\(GridColumns.maximumCount)")
    #expect(columns.path == "sections[0].layout.columns")
    let fraction = try #require(
      feedError(#"{"width": 200, "sections": [{"layout": {"type": "grid", "columns": 2.50}}]}"#))
    #expect(fraction.message == "2.50 is not a whole number in 1...\(GridColumns.maximumCount)")
    let negative = try #require(feedError(#"{"width": -1}"#))
    #expect(negative.message == "-1 is negative, expected a number, not negative")
    let exponent = try #require(
      feedError(#"{"width": 100, "sections": [{"items": [{"size": {"width": -2.5e1, "height": 1}}]}]}"#))
    #expect(exponent.message == "-2.5e1 is negative, expected a number, not negative")
    let number = try #require(feedError(#"{"width": 100, "sections": [{"items": [{"id": 1.50}]}]}"#))
    #expect(number.message == "expected an identifier string, found 1.50")
  }

  @Test func stringsAreQuotedAsWrittenAndCutWhenLong() throws {
    let size = try #require(
      feedError(#"{"width": 100, "sections": [{"items": [{"size": {"width": "wide", "height": 1}}]}]}"#))
    #expect(size.kind == .typeMismatch)
    #expect(size.message == #"expected a number, not negative, found the string "wide""#)
    let escaped = try #require(
      feedError(#"{"width": 100, "sections": [{"items": [{"size": "a\"b\u0041"}]}]}"#))
    #expect(escaped.message == #"expected a size object {width, height}, found the string "a\"b\u0041""#)
    let long = String(repeating: "abcdefghij", count: 10)
    let cut = try #require(feedError(#"{"width": "\#(long)"}"#))
    #expect(cut.message == #"expected a number, not negative, found the string "\#(long.prefix(40))…""#)
    // A cut never splits a character: 39 ASCII bytes and then a 2-byte letter.
    let accented = String(repeating: "a", count: 39) + "éééé"
    let cutAccented = try #require(feedError(#"{"width": "\#(accented)"}"#))
    #expect(cutAccented.message.hasSuffix(#"found the string "\#(String(repeating: "a", count: 39))…""#))
    // Names and keys the document made up are cut the same way.
    let type = try #require(
      feedError(#"{"width": 100, "sections": [{"layout": {"type": "\#(long)"}}]}"#))
    #expect(type.message.hasPrefix("unknown section layout type '\(long.prefix(40))…'; known: flow, "))
    let key = try #require(feedError(#"{"width": 100, "\#(long)": 1}"#))
    #expect(key.message.hasPrefix("unknown key '\(long.prefix(40))…'; known keys: "))
    let object = try #require(feedError(#"{"width": {}}"#))
    #expect(object.message == "expected a number, not negative, found an object")
  }

  @Test func theServiceNamesThemTheSameWay() {
    var service = LayoutService()
    let literal = service.respond(to: Array(#"{"id":1,"op":"viewport","offset":nope,"height":1}"#.utf8))
    #expect(
      literal
        == #"{"id":1,"ok":false,"error":{"kind":"syntax","path":"offset","message":"invalid literal `nope`, expected a number","line":1,"column":34}}"#
    )
    let string = service.respond(to: Array(#"{"id":2,"op":"viewport","offset":"top","height":1}"#.utf8))
    #expect(string.contains(#""message":"expected a number, found the string \"top\"""#))
    let document = service.respond(to: Array("tx".utf8))
    #expect(document.contains(#""kind":"syntax""#))
    #expect(document.contains("invalid literal `tx`"))
    let id = service.respond(to: Array(#"{"id":true,"op":"layout"}"#.utf8))
    #expect(id.contains(#""message":"expected a number, a string or null, found true""#))
  }
}
