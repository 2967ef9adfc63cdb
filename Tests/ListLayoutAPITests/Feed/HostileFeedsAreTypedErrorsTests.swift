import Foundation
import LayoutGeometry
import ListLayout
import Testing

/// Hostile feeds: every one is a typed error naming the key path or the limit, or a model whose
/// layout is clean. None may trap, hang or lay out non-finite frames.
@Suite struct HostileFeedsAreTypedErrorsTests {
  struct Hostile: CustomTestStringConvertible, Sendable {
    var json: String
    var path: String
    var kind: JSONInputError.Kind
    var limits = JSONInputLimits.default
    var testDescription: String { String(json.prefix(80)) }
  }

  static let nonFinite: [Hostile] = [
    Hostile(json: #"{"width": -1e400}"#, path: "width", kind: .invalidValue),
    Hostile(
      json: #"{"width": 375, "sections": [{"items": [{}, {"size": {"width": 1, "height": 1e309}}]}]}"#,
      path: "sections[0].items[1].size.height", kind: .invalidValue),
    Hostile(
      json: #"{"width": 375, "contentInsets": {"top": 0, "left": 1E+999}}"#, path: "contentInsets.left",
      kind: .invalidValue),
    Hostile(
      json: #"{"width": 375, "defaultSectionAttributes": {"itemSpacing": 9e99999999999999999999}}"#,
      path: "defaultSectionAttributes.itemSpacing", kind: .invalidValue),
    Hostile(
      json: #"{"width": 375, "sections": [{"header": {"height": 2e308}}]}"#,
      path: "sections[0].header.height",
      kind: .invalidValue),
    Hostile(
      json: #"{"width": 375, "sections": [{"footer": {"height": 1, "width": -0.5}}]}"#,
      path: "sections[0].footer.width", kind: .invalidValue),
    Hostile(
      json: #"{"width": 375, "layoutManager": {"type": "traits", "margin": 1e400}}"#,
      path: "layoutManager.margin", kind: .invalidValue),
    Hostile(json: #"{"width": NaN}"#, path: "width", kind: .syntax),
    Hostile(json: #"{"width": Infinity}"#, path: "width", kind: .syntax),
    Hostile(json: #"{"width": -}"#, path: "width", kind: .syntax),
    Hostile(json: #"{"width": 1e}"#, path: "width", kind: .syntax),
    Hostile(json: #"{"width": .5}"#, path: "width", kind: .syntax),
    // The number ends at `0`; the `x` is then out of place in the object.
    Hostile(json: #"{"width": 0x10}"#, path: "", kind: .syntax),
  ]

  @Test(arguments: nonFinite)
  func nonFiniteAndMalformedNumbersNameTheirKeyPath(_ bad: Hostile) {
    expectError(bad)
  }

  static let limitCases: [Hostile] = [
    Hostile(
      json: #"{"width": 1, "sections": [{"items": [{"attributes": {"insets": {"top": 1}}}]}]}"#,
      path: "sections[0].items[0].attributes", kind: .limitExceeded("maxDepth"),
      limits: JSONInputLimits(maxDepth: 5)),
    Hostile(
      json: #"{"width": 1, "sections": [{}, {}, {}]}"#, path: "sections[2]",
      kind: .limitExceeded("maxSections"),
      limits: JSONInputLimits(maxSections: 2)),
    Hostile(
      json: #"{"width": 1, "sections": [{"items": [{}]}, {"items": [{}, {}]}]}"#,
      path: "sections[1].items[1]",
      kind: .limitExceeded("maxCells"), limits: JSONInputLimits(maxCells: 2)),
    Hostile(
      json: #"{"width": 1, "sections": [{"items": [{"traits": ["a", "b", "c"]}]}]}"#,
      path: "sections[0].items[0].traits[2]", kind: .limitExceeded("maxTraitsPerElement"),
      limits: JSONInputLimits(maxTraitsPerElement: 2)),
    Hostile(
      json: #"{"width": 1, "sections": [{"header": {"height": 1, "traits": ["a", "b", "c"]}}]}"#,
      path: "sections[0].header.traits[2]", kind: .limitExceeded("maxTraitsPerElement"),
      limits: JSONInputLimits(maxTraitsPerElement: 2)),
    Hostile(
      json: #"{"width": 1, "sections": []}"#, path: "", kind: .limitExceeded("maxBytes"),
      limits: JSONInputLimits(maxBytes: 10)),
    // Escapes count as the bytes they decode to, and a key is a string too.
    Hostile(
      json: #"{"width": 1, "sections": [{"items": [{"id": "\u00e9\u00e9\u00e9"}]}]}"#,
      path: "sections[0].items[0].id", kind: .limitExceeded("maxStringLength"),
      limits: JSONInputLimits(maxStringLength: 5)),
    Hostile(
      json: #"{"width": 1, "aaaaaaaaaaaaaaaaaaaaaaaa": 1}"#, path: "",
      kind: .limitExceeded("maxStringLength"),
      limits: JSONInputLimits(maxStringLength: 8)),
  ]

  @Test(arguments: limitCases)
  func everyLimitIsATypedErrorNamingIt(_ bad: Hostile) {
    expectError(bad, checkPath: false)
  }

  @Test func limitDefaultsAreTheDocumentedOnes() {
    let limits = JSONInputLimits.default
    #expect(limits.maxDepth == 64)
    #expect(limits.maxSections == 1_000_000)
    #expect(limits.maxCells == 5_000_000)
    #expect(limits.maxStringLength == 4096)
    #expect(limits.maxTraitsPerElement == 64)
    #expect(limits.maxBytes == 512 << 20)
  }

  @Test func deepNestingFailsAtTheLimitWithoutRecursingFurther() {
    // A million unclosed brackets: the reader must stop at maxDepth, not recurse a million deep.
    for opener in ["[", "{\"a\":"] {
      let text = #"{"width": 1, "sections": "# + String(repeating: opener, count: 1_000_000)
      do {
        _ = try ListModel(json: text)
        Issue.record("decoded without error")
      } catch {
        #expect(error.kind == .limitExceeded("maxDepth") || error.kind == .typeMismatch, "\(error)")
      }
    }
    // Deep nesting inside an unknown key is still bounded (it is an error either way).
    let unknown = #"{"width": 1, "x": "# + String(repeating: "[", count: 100_000)
    #expect(throws: JSONInputError.self) { try ListModel(json: unknown) }
  }

  @Test func hostileTextIsASyntaxError() {
    let texts: [[UInt8]] = [
      [],
      [0],
      Array("{\"width\": 1".utf8),
      Array("{\"width\": 1, \"sections\": [{\"items\": [{\"id\": \"a".utf8),
      Array("{\"width\": 1, \"sections\": [{\"items\": [{\"id\": \"\\ud800\"}]}]}".utf8),
      Array("{\"width\": 1, \"sections\": [{\"items\": [{\"id\": \"\\u12\"}]}]}".utf8),
      Array("{\"width\": 1, \"sections\": [{\"items\": [{\"id\": \"a\u{0}b\"}]}]}".utf8),
      Array("{\"width\": 1, \"sections\": [{\"items\": [{\"id\": \"".utf8) + [0xFF, 0xFE, 0x22]
        + Array("}]}]}".utf8),
      Array("{\"width\": 1, \"sections\": [{\"items\": [{\"id\": \"".utf8) + [0xC0, 0x80, 0x22]
        + Array("}]}]}".utf8),
      Array("{\"width\": 1, \"sections\": [{\"items\": [{\"id\": \"".utf8) + [0xED, 0xA0, 0x80, 0x22]
        + Array("}]}]}".utf8),
      Array("{\"width\": 1}\u{0}".utf8),
      Array("{\"width\": 1}}".utf8),
      Array("{\"width\" 1}".utf8),
      Array("{\"width\": tru}".utf8),
      Array("{'width': 1}".utf8),
      Array("{\"width\": 1 /* comment */}".utf8),
    ]
    for text in texts {
      do {
        let model = try ListModel(json: text)
        Issue.record("decoded \(String(decoding: text, as: UTF8.self)) as \(model.sections.count) sections")
      } catch {
        #expect(error.line >= 1 && error.column >= 1, "\(error)")
        #expect(!error.description.isEmpty)
      }
    }
  }

  @Test func aByteOrderMarkOrWhitespaceAroundTheDocumentIsHandled() throws {
    let model = try ListModel(json: Array(" \n\t{\"width\": 2}\r\n ".utf8))
    #expect(model.configuration.width == 2)
    // A BOM is either skipped or a syntax error; it must not be taken for content.
    do {
      let bom = try ListModel(json: [0xEF, 0xBB, 0xBF] + Array("{\"width\": 2}".utf8))
      #expect(bom.configuration.width == 2)
    } catch {
      #expect(error.kind == .syntax)
    }
  }

  @Test func finiteButHugeNumbersLayOutCleanlyOrFailWithAPath() {
    let values = [
      "1e308", "1.7976931348623157e308", "4.9e-324", "-0", "0e-999", "123456789012345678901234567890",
    ]
    for value in values {
      for key in ["width", "sectionSpacing"] {
        let text =
          #"{"width": 375, "\#(key == "width" ? "pinSectionHeaders" : "sectionSpacing")": \#(key == "width" ? "true" : value), "#
          + #""sections": [{"header": {"height": \#(value)}, "items": [{"size": {"width": \#(value), "height": \#(value)}}, {}]}, {"items": [{}]}]}"#
        let model: ListModel
        do {
          model = try ListModel(json: text)
        } catch {
          #expect(error.kind == .invalidValue, "\(value): \(error)")
          continue
        }
        checkLayoutIsCleanOrFailsWithPath(model, "\(key)=\(value)")
      }
    }
  }

  @Test func negativeZeroIsZeroWhereZeroIsAllowed() throws {
    // The width must be positive: -0 is not (the layout refuses it, naming `width`).
    do {
      _ = try ListModel(json: #"{"width": -0}"#).layout()
      Issue.record("a width of -0 laid out")
    } catch {
      #expect("\(error)".contains("width"), "\(error)")
    }
    let model = try ListModel(
      json:
        #"{"width": 375, "sectionSpacing": -0, "sections": [{"items": [{"size": {"width": -0, "height": -0.0}}]}]}"#
    )
    let snapshot = try model.layout()
    #expect(snapshot.invariantViolations() == [])
    let frame = try #require(snapshot.frame(of: ListIndexPath(item: 0, section: 0)))
    #expect(frame.width == 0 && frame.height == 0)
  }

  @Test func duplicateKeysAreErrorsAtEveryLevel() {
    let texts = [
      #"{"width": 1, "sections": [{"items": [{"id": "a", "id": "b"}]}]}"#,
      #"{"width": 1, "sections": [{"attributes": {"itemSpacing": 1, "itemSpacing": 2}}]}"#,
      #"{"width": 1, "sections": [], "sections": []}"#,
    ]
    for text in texts {
      #expect(throws: JSONInputError.self) { try ListModel(json: text) }
    }
  }

  // MARK: - helpers

  func expectError(_ bad: Hostile, checkPath: Bool = true) {
    do {
      let model = try ListModel(json: bad.json, limits: bad.limits)
      Issue.record("decoded without error: \(model.sections.count) sections")
    } catch {
      #expect(error.kind == bad.kind, "\(error)")
      if checkPath { #expect(error.path == bad.path, "\(error)") }
      #expect(error.line >= 1 && error.column >= 1)
      if case .limitExceeded(let name) = bad.kind {
        #expect(error.description.contains("limit") || error.description.contains(name), "\(error)")
      }
    }
  }
}

/// A layout either succeeds with no broken invariant and finite frames, or throws a
/// ``LayoutError`` that names where.
func checkLayoutIsCleanOrFailsWithPath(_ model: ListModel, _ context: String) {
  do {
    let snapshot = try model.layout()
    #expect(snapshot.invariantViolations() == [], "\(context)")
    #expect(snapshot.contentSize.width.isFinite && snapshot.contentSize.height.isFinite, "\(context)")
  } catch {
    #expect(!error.path.isEmpty, "\(context): \(error)")
  }
}
