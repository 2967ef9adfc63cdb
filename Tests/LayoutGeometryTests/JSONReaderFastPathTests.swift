import TestSupport
import Testing

@testable import LayoutJSON

/// The reader's fast paths (short keys matched by one word, whole numbers and short ASCII
/// strings read in registers, objects entered without checks) against its general paths,
/// which read byte by byte: the same values, offsets, key paths and errors on every input.
@Suite struct JSONReaderFastPathTests {

  enum Key: String, JSONObjectKey {
    case id, size, width, height, traits, content, contentWidth, a, abcdefg, abcdefgh
    static let keys = JSONKeyTable(Self.self)
  }

  /// What reading a document did: each step's result (or error) and where the reader stood.
  enum Step: Equatable {
    case value(String, offset: Int, path: String)
    case failure(JSONInputError)
  }

  func reader(_ text: [UInt8], maxStringLength: Int = 64) -> JSONReader {
    JSONReader(bytes: text, maxDepth: 8, maxStringLength: maxStringLength)
  }

  // MARK: Strings

  @Test func smallStringsAreTheStandardLibrarysOwn() {
    #if _pointerBitWidth(_64) && _endian(little)
    #expect(SmallString.isAvailable)
    #else
    #expect(!SmallString.isAvailable)
    #endif
    guard SmallString.isAvailable else { return }
    var generator = SplitMix64(seed: 1)
    for _ in 0..<2000 {
      let count = generator.below(16)
      var bytes = (0..<16).map { _ in UInt8(0x20 + generator.below(0x5F)) }
      bytes += [0, 0]
      let low = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 0, as: UInt64.self) }
      let high = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self) }
      let made = SmallString.make(low: low, high: high, count: count)
      let expected = String(decoding: bytes[0..<count], as: UTF8.self)
      #expect(made == expected)
      #expect(made.hashValue == expected.hashValue)
      #expect(Array(made.utf8) == Array(bytes[0..<count]))
      #expect(made.count == count)
    }
  }

  func readStrings(_ text: [UInt8], general: Bool, maxStringLength: Int) -> [Step] {
    var reader = reader(text, maxStringLength: maxStringLength)
    var steps: [Step] = []
    do {
      try reader.beginArray("strings")
      var state = JSONReader.ArrayState()
      while try reader.nextElement(&state) != nil {
        let string = general ? try reader.readStringGeneral("a string") : try reader.readString("a string")
        steps.append(.value(string, offset: reader.offset, path: reader.pathString))
      }
    } catch {
      steps.append(.failure(error))
    }
    return steps
  }

  @Test func stringsReadAsTheGeneralPathReadsThem() {
    var generator = SplitMix64(seed: 2)
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array("Z9".utf8), Array(" ".utf8), Array("\\\"".utf8), Array("\\n".utf8),
      Array("\\u0041".utf8), Array("é".utf8), [0x01], [0x7F], Array("\\".utf8), Array("\"".utf8),
      Array("~".utf8), [0xFF], Array("{".utf8),
    ]
    for round in 0..<3000 {
      var text: [UInt8] = Array("[".utf8)
      for element in 0..<(1 + generator.below(4)) {
        if element > 0 { text += Array(generator.pick([",", " ,", ", ", ",\n"]).utf8) }
        if generator.below(10) == 0 { text += Array(generator.pick(["1", "{}", "null"]).utf8) }
        text += Array(generator.pick(["", " ", "\n\t"]).utf8) + Array("\"".utf8)
        let plain = generator.below(3) != 0
        for _ in 0..<generator.below(24) {
          text += plain ? [UInt8(0x23 + generator.below(0x39))] : generator.pick(pieces)
        }
        if generator.below(20) != 0 { text += Array("\"".utf8) }
      }
      if generator.below(10) != 0 { text += Array("]".utf8) }
      // Documents ending anywhere, so that some strings end within sixteen bytes of the end.
      if generator.below(4) == 0 { text += Array(repeating: UInt8(ascii: " "), count: generator.below(20)) }
      let limit = generator.pick([64, 3, 15, 16])
      let fast = readStrings(text, general: false, maxStringLength: limit)
      let slow = readStrings(text, general: true, maxStringLength: limit)
      #expect(fast == slow, "round \(round): \(String(decoding: text, as: UTF8.self))")
    }
  }

  // MARK: Numbers

  func readNumbers(_ text: [UInt8], general: Bool) -> [Step] {
    var reader = reader(text)
    var steps: [Step] = []
    do {
      try reader.beginArray("numbers")
      var state = JSONReader.ArrayState()
      while try reader.nextElement(&state) != nil {
        let value = general ? try reader.readNumberGeneral("a number") : try reader.readNumber()
        steps.append(.value("\(value.bitPattern)", offset: reader.offset, path: reader.pathString))
      }
    } catch {
      steps.append(.failure(error))
    }
    return steps
  }

  @Test func numbersReadAsTheGeneralPathReadsThem() {
    var generator = SplitMix64(seed: 3)
    let tails = ["", ".5", ".", "e3", "E-2", "0", "x", "-", "+1", " ", "\"", "]", ",", "}", ".25e1"]
    for round in 0..<4000 {
      var text: [UInt8] = Array("[".utf8)
      for element in 0..<(1 + generator.below(3)) {
        if element > 0 { text += Array(generator.pick([",", " , "]).utf8) }
        text += Array(generator.pick(["", " ", "\n", "-", "0", "00", "-0"]).utf8)
        let digits = generator.pick([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 14, 15, 16, 17, 19, 20, 25])
        for index in 0..<digits {
          text.append(UInt8(ascii: "0") + UInt8(index == 0 ? 1 + generator.below(9) : generator.below(10)))
        }
        text += Array(generator.pick(tails).utf8)
      }
      if generator.below(5) != 0 { text += Array("]".utf8) }
      let fast = readNumbers(text, general: false)
      let slow = readNumbers(text, general: true)
      #expect(fast == slow, "round \(round): \(String(decoding: text, as: UTF8.self))")
    }
  }

  /// Every number literal reads as the standard library's `Double(String)` reads it, bit for
  /// bit: whole numbers of every length (the one-word fast path takes up to seven digits
  /// followed by at least one byte, anything else goes the general way), fractions,
  /// exponents, signs, and what may follow a number.
  @Test func numbersReadAsTheStandardLibraryReadsThem() throws {
    var generator = SplitMix64(seed: 5)
    var literals = [
      "0", "-0", "1", "9", "10", "99", "1000000", "9999999", "10000000", "99999999", "123456789",
      "9007199254740991", "9007199254740992", "9007199254740993", "18446744073709551615",
      "18446744073709551616", "0.1", "0.30000000000000004", "1e22", "1e23", "2.5e-3", "-7.25",
      "4.9e-324", "2.2250738585072014e-308", "1.7976931348623157e308", "123456.789e3",
    ]
    for _ in 0..<20_000 {
      var literal = generator.below(8) == 0 ? "-" : ""
      let digits = 1 + generator.below(generator.below(4) == 0 ? 25 : 9)
      for index in 0..<digits {
        literal.append(String(index == 0 && digits > 1 ? 1 + generator.below(9) : generator.below(10)))
      }
      switch generator.below(6) {
      case 0: literal += "." + String(generator.below(100_000))
      case 1: literal += "e" + String(generator.below(40) - 20)
      case 2: literal += "." + String(generator.below(1000)) + "E+" + String(generator.below(30))
      default: break
      }
      literals.append(literal)
    }
    let followers = ["", " ", ",", "]", "}", "\n", ",\"abc\":1", "       ", " ]"]
    for (index, literal) in literals.enumerated() {
      let follower = followers[index % followers.count]
      let text = Array((literal + follower).utf8)
      var reader = reader(text)
      let expected = try #require(Double(literal), "\(literal)")
      let value = try reader.readNumber()
      #expect(value.bitPattern == expected.bitPattern, "\(literal) + \(follower)")
      #expect(reader.offset == literal.utf8.count, "\(literal) + \(follower)")
    }
  }

  @Test func digitWordsAreFoundAndConverted() {
    var generator = SplitMix64(seed: 6)
    for _ in 0..<20_000 {
      var bytes = (0..<8).map { _ in
        generator.below(3) == 0 ? UInt8(generator.below(256)) : UInt8(ascii: "0") + UInt8(generator.below(10))
      }
      if generator.below(4) == 0 { bytes[generator.below(8)] = UInt8(0xFA + generator.below(6)) }
      let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
      let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
      #expect(JSONReader.leadingDigits(word) == count, "\(bytes)")
      if count > 0, count < 8 {
        let expected = UInt64(String(decoding: bytes[0..<count], as: UTF8.self))!
        #expect(JSONReader.digitsValue(word, count: count) == expected, "\(bytes)")
      }
    }
  }

  // MARK: Keys and objects

  func readObjects(_ text: [UInt8], general: Bool) -> [Step] {
    var reader = reader(text)
    var steps: [Step] = []
    do {
      try reader.beginArray("objects")
      var array = JSONReader.ArrayState()
      while try reader.nextElement(&array) != nil {
        if general {
          try reader.expect(.object, "an object")
          try reader.enter(isObject: true)
        } else {
          try reader.beginObject("an object")
        }
        steps.append(.value("{", offset: reader.offset, path: reader.pathString))
        var state = JSONReader.ObjectState()
        while let key = general
          ? try reader.nextKeyGeneral(Key.keys, &state) : try reader.nextKey(Key.keys, &state)
        {
          steps.append(.value("\(key)", offset: reader.offset, path: reader.pathString))
          try reader.skipValue()
        }
        steps.append(.value("}", offset: reader.offset, path: reader.pathString))
      }
    } catch {
      steps.append(.failure(error))
    }
    return steps
  }

  @Test func keysReadAsTheGeneralPathReadsThem() {
    var generator = SplitMix64(seed: 4)
    let keys = [
      "id", "size", "width", "height", "traits", "content", "contentWidth", "a", "abcdefg", "abcdefgh",
      "i", "ids", "heigh", "widths", "abcdefgi", "", "\\u0069d", "é", "size\\\"",
    ]
    let gaps = ["", " ", "\n  ", "\t"]
    for round in 0..<4000 {
      var text: [UInt8] = Array("[".utf8)
      for element in 0..<(1 + generator.below(3)) {
        if element > 0 { text += Array(",".utf8) }
        text += Array((generator.pick(gaps) + (generator.below(30) == 0 ? "[" : "{")).utf8)
        for member in 0..<generator.below(5) {
          if member > 0 {
            text += Array((generator.pick(gaps) + generator.pick([",", ",", ",", ";", ""])).utf8)
          }
          text += Array(generator.pick(gaps).utf8)
          text += Array((generator.below(25) == 0 ? "" : "\"").utf8)
          text += Array(generator.pick(keys).utf8)
          text += Array((generator.below(25) == 0 ? "" : "\"").utf8)
          text += Array((generator.pick(gaps) + generator.pick([":", ":", ":", "="])).utf8)
          text += Array((generator.pick(gaps) + generator.pick(["1", "\"x\"", "{}", "[1]", "null"])).utf8)
        }
        text += Array((generator.pick(gaps) + generator.pick(["}", "}", "}", ",}", ""])).utf8)
      }
      text += Array(generator.pick(["]", "", " ]"]).utf8)
      let fast = readObjects(text, general: false)
      let slow = readObjects(text, general: true)
      #expect(fast == slow, "round \(round): \(String(decoding: text, as: UTF8.self))")
    }
  }

  @Test func deepObjectsGrowTheKeyPath() throws {
    // Deeper than the path's first allocation (16 frames), up to the limit, then past it.
    let depth = 40
    let text = Array(
      (String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)).utf8)
    var reader = JSONReader(bytes: text, maxDepth: depth, maxStringLength: 64)
    var levels = 0
    func read(_ reader: inout JSONReader) throws(JSONInputError) {
      try reader.beginObject("an object")
      var state = JSONReader.ObjectState()
      while let key = try reader.nextKey(Key.keys, &state) {
        #expect(Key(index: key) == .a)
        levels += 1
        if levels == depth {
          #expect(reader.pathString == Array(repeating: "a", count: depth).joined(separator: "."))
          _ = try reader.readNumber()
        } else {
          try read(&reader)
        }
      }
    }
    try read(&reader)
    try reader.finish()
    #expect(levels == depth)
    var shallow = JSONReader(bytes: text, maxDepth: depth - 1, maxStringLength: 64)
    levels = 0
    let error = #expect(throws: JSONInputError.self) { try read(&shallow) }
    #expect(error?.kind == .limitExceeded("maxDepth"))
    #expect(error?.path == Array(repeating: "a", count: depth - 1).joined(separator: "."))
  }

  /// The depth limit's error names the path of the object it stopped in, for a limit at
  /// every size of the path's allocation (its frames were once read one past those saved,
  /// beyond the allocation when it was full: AddressSanitizer caught it).
  @Test(arguments: [1, 2, 15, 16, 17, 31, 32, 33])
  func theDepthLimitsErrorNamesThePathSoFar(limit: Int) throws {
    let text = Array(
      (String(repeating: "{\"a\":[", count: limit) + "1" + String(repeating: "]}", count: limit)).utf8)
    var reader = JSONReader(bytes: text, maxDepth: limit, maxStringLength: 64)
    let error = #expect(throws: JSONInputError.self) { try reader.skipValue() }
    #expect(error?.kind == .limitExceeded("maxDepth"))
    // `limit` containers are open: the objects and arrays alternate, from the outermost.
    var path = ""
    for level in 0..<limit { path += level % 2 == 0 ? (path.isEmpty ? "a" : ".a") : "[0]" }
    #expect(error?.path == path, "\(String(describing: error))")
  }
}
