import LayoutGeometry
import LayoutJSON
import TestSupport
import Testing

/// The buffered writer every streamed output goes through: its text must be exactly what
/// ``formatted(_:)`` and ``jsonQuoted(_:)`` spell, whatever the buffer's size.
@Suite struct ByteWriterTests {

  func text(capacity: Int = 1 << 16, _ body: (inout ByteWriter) -> Void) -> String {
    final class Box { var bytes: [UInt8] = [] }
    let box = Box()
    var writer = ByteWriter(capacity: capacity) { box.bytes.append(contentsOf: $0) }
    body(&writer)
    writer.flush()
    return String(decoding: box.bytes, as: UTF8.self)
  }

  /// Numbers of every shape the fast paths take or refuse, against `formatted` (which is
  /// `String(Int64)` or `description`).
  @Test(arguments: 0..<4) func numbersMatchFormatted(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var values: [Double] = [
      0, -0.0, 1, -1, 0.5, -0.5, 0.1, 0.2, 0.3, 0.1 + 0.2, 12.5, 0.001, 0.0001, 1e-5, 123.456,
      999_999_999.999, 1e9 - 0.5, 1e9 + 0.5, 1e15, 1e15 - 1, -1e15, 1e16, 1e300, .leastNonzeroMagnitude,
      .greatestFiniteMagnitude, .infinity, -.infinity, .nan, 9_007_199_254_740_992 + 1,
      Double(Int64.max), 2.675, 1.005, 0.015, 4.35, 1.1, 2.2, 3.3,
    ]
    for _ in 0..<20_000 {
      let places = Double([1, 10, 100, 1000, 10_000][Int(random.below(5))])
      let whole = Double(random.below(2_000_000_000)) - 1e9
      values.append(whole / places)
      values.append(Double(random.below(1 << 20)) / places)
      values.append(Double(bitPattern: random.next()))
      values.append(Double(random.below(1000)) / 7)
    }
    for value in values {
      let written = text { $0.write(number: value) }
      // A NaN is written as `description` spells it ("nan"), as it always was; `formatted`
      // interpolates, which spells a NaN's payload too.
      #expect(written == (value.isNaN ? value.description : formatted(value)), "\(value.bitPattern)")
    }
  }

  @Test func integersOfEveryLength() {
    var values = [0, 1, -1, 9, 10, 99, 100, Int.max, Int.min, Int.max - 1, Int.min + 1]
    var power = 1
    for _ in 0..<18 {
      power *= 10
      values += [power - 1, power, power + 1, -power, -(power - 1)]
    }
    for value in values {
      #expect(text { $0.write(integer: value) } == String(value))
    }
  }

  @Test func stringsAndQuotedStrings() {
    let samples = [
      "", "plain", "with \"quotes\"", "back\\slash", "tab\there", "new\nline", "\u{1}\u{1F}",
      "ünïcödé", "😀", String(repeating: "x", count: 300), "del\u{7F}",
    ]
    for sample in samples {
      #expect(text { $0.write(jsonQuoted: sample) } == jsonQuoted(sample))
      #expect(text { $0.write(sample) } == sample)
      // Through a buffer smaller than the text: flushed on the way, same bytes.
      #expect(text(capacity: 64) { $0.write(jsonQuoted: sample) } == jsonQuoted(sample))
    }
  }

  /// Integers of every bit length (the digit count is estimated from it, then corrected),
  /// against `String`.
  @Test func integersOfEveryBitLength() {
    var random = SplitMix64(seed: 41)
    for bits in 0...63 {
      for _ in 0..<500 {
        let magnitude = bits == 0 ? 0 : Int(random.next() >> UInt64(64 - bits))
        #expect(text { $0.write(integer: magnitude) } == String(magnitude))
        #expect(text { $0.write(integer: -magnitude) } == String(-magnitude))
        #expect(text { $0.write(number: Double(magnitude)) } == formatted(Double(magnitude)))
      }
    }
  }

  /// Strings of up to 15 bytes (written from their two words when they are ASCII without
  /// escapes) against `jsonQuoted`: every length, an escaped byte at every position, bytes
  /// just inside and outside each class, non-ASCII text, and strings made in several ways
  /// (a literal, decoded bytes, a substring, an interpolation).
  @Test func shortStringsQuoteAsJSONQuoted() {
    var samples: [String] = []
    let alphabet = Array("abcXYZ019 -_.~/:{}[]'`\u{7F}".utf8)
    var random = SplitMix64(seed: 7)
    for length in 0...17 {
      for _ in 0..<40 {
        samples.append(
          String(decoding: (0..<length).map { _ in alphabet[random.below(alphabet.count)] }, as: UTF8.self))
      }
      for position in 0..<length {
        for special: UInt8 in [0x22, 0x5C, 0x00, 0x0A, 0x1F, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7E, 0x7F] {
          var bytes = [UInt8](repeating: UInt8(ascii: "c"), count: length)
          bytes[position] = special
          samples.append(String(decoding: bytes, as: UTF8.self))
        }
      }
    }
    samples += [
      "é", "cé", "c12345678901234é", "日本", "😀", "c123456", String("xc123456".dropFirst()), "c\(12)",
    ]
    for sample in samples {
      #expect(text { $0.write(jsonQuoted: sample) } == jsonQuoted(sample), "\(Array(sample.utf8))")
      #expect(text(capacity: 64) { $0.write(jsonQuoted: sample) } == jsonQuoted(sample))
      let plain = sample.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != 0x22 && $0 != 0x5C }
      if let short = ByteWriter.shortQuotable(sample) {
        #expect(sample.utf8.count <= 15 && plain)
        let put = text { writer in
          writer.withUnsafeRoom(ByteWriter.maximumShortQuotedLength) { ByteWriter.put(quoted: short, at: $0) }
        }
        #expect(put == jsonQuoted(sample))
      }
      // Text decoded from bytes (as the reader makes identifiers) is held in place up to 15
      // bytes: taken whole when it needs no escape.
      let decoded = String(decoding: Array(sample.utf8), as: UTF8.self)
      #expect((ByteWriter.shortQuotable(decoded) != nil) == (decoded.utf8.count <= 15 && plain))
    }
  }

  /// Short strings written one after another through a buffer that fills between them (the
  /// room for one is taken after a flush, not counted from before it).
  @Test func shortStringsThroughASmallBuffer() {
    let ids = (0..<2000).map { String(decoding: Array("c\($0 * 7919 % 100_003)".utf8), as: UTF8.self) }
    let expected = ids.map(jsonQuoted).joined(separator: ",")
    for capacity in [64, 65, 100, 1 << 16] {
      let written = text(capacity: capacity) { writer in
        for (n, id) in ids.enumerated() {
          if n > 0 { writer.write(byte: UInt8(ascii: ",")) }
          writer.write(jsonQuoted: id)
        }
      }
      #expect(written == expected, "capacity \(capacity)")
    }
  }

  /// Many small writes through a small buffer give the same text as one large one.
  @Test func smallBufferSameText() {
    func body(_ writer: inout ByteWriter) {
      for i in 0..<5_000 {
        writer.write("{\"i\":")
        writer.write(integer: i * 7919 - 20_000)
        writer.write(",\"x\":")
        writer.write(number: Double(i) / 8)
        writer.write(byte: UInt8(ascii: "}"))
        writer.write(jsonQuoted: "id-\(i)")
        let literal: StaticString = ",\n"
        writer.write(literal)
      }
    }
    #expect(text(capacity: 64, body) == text(body))
  }

  /// A copy of a writer writes on its own: neither overwrites what the other buffered.
  @Test func copiesAreIndependent() {
    final class Box { var bytes: [UInt8] = [] }
    let first = Box()
    var a = ByteWriter { first.bytes.append(contentsOf: $0) }
    a.write("shared,")
    var b = a
    a.write("a only")
    b.write("b")
    a.flush()
    b.write(integer: 42)
    b.flush()
    #expect(String(decoding: first.bytes, as: UTF8.self) == "shared,a onlyshared,b42")
  }

  /// Records put straight into the buffer read as the same parts written one by one, at
  /// every buffer size (a room that does not fit hands the buffered bytes over first), and
  /// never write more than ``ByteWriter/maximumNumberLength`` bytes per number.
  @Test(arguments: [64, 100, 1 << 16]) func roomsWriteWhatWritesWrite(capacity: Int) {
    var random = SplitMix64(seed: UInt64(capacity))
    var values: [Double] = [
      0, -0.0, 1e15, -1e15 + 1, 1e300, -.greatestFiniteMagnitude, .nan, -.infinity, 0.125,
    ]
    for _ in 0..<3000 {
      values.append(Double(bitPattern: random.next()))
      values.append((Double(random.below(2_000_000)) - 1e6) / 8)
    }
    var integers = [0, -1, Int.max, Int.min]
    for _ in 0..<3000 { integers.append(Int(bitPattern: UInt(random.next())) >> Int(random.below(64))) }
    let put = text(capacity: capacity) { writer in
      for (value, integer) in zip(values, integers + integers) {
        writer.withUnsafeRoom(128) { out in  // past the two smaller capacities: a scratch room
          var n = ByteWriter.put("{\"v\":", at: out)
          let length = ByteWriter.put(number: value, at: out + n)
          #expect(length <= ByteWriter.maximumNumberLength)
          n += length
          n += ByteWriter.put(",\"i\":", at: out + n)
          n += ByteWriter.put(integer: integer, at: out + n)
          return n
        }
      }
    }
    let written = text { writer in
      for (value, integer) in zip(values, integers + integers) {
        writer.write("{\"v\":")
        writer.write(number: value)
        writer.write(",\"i\":")
        writer.write(integer: integer)
      }
    }
    #expect(put == written)
  }
}
