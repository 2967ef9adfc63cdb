import ListLayout

/// Checks the reader leaves to the layout, made on a feed before it is laid out so that they
/// are bad input (exit status 2) reported with a line and column, as the reader's own are.
enum FeedCheck {
  /// A sentence naming the feed's `width` and where it is, if the width is one the layout
  /// rejects (0: the reader accepts any number that is not negative).
  static func widthProblem(_ model: ListModel, bytes: UnsafeBufferPointer<UInt8>) -> String? {
    let width = model.configuration.width
    guard !(width > 0) else { return nil }
    guard let (line, column, offset) = valuePosition(ofTopLevelKey: "width", in: bytes) else {
      return "width: \(formatted(width)) is not valid, expected a number greater than 0"
    }
    // The number as the feed writes it (`0.0`, `-0`), as the reader's own errors name values.
    var stop = offset
    while stop < bytes.count, stop - offset < 40, isNumberByte(bytes[stop]) { stop += 1 }
    let written = String(decoding: bytes[offset..<stop], as: UTF8.self)
    return "width: \(written) is not valid, expected a number greater than 0 (line \(line), column \(column))"
  }

  static func isNumberByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
  }

  /// The 1-based line and byte column, and the offset, of the value of `key` in the top-level
  /// object of a JSON document the reader has accepted, or `nil` if the key is not there.
  ///
  /// - Complexity: O(n) for n bytes.
  static func valuePosition<Bytes: RandomAccessCollection<UInt8>>(
    ofTopLevelKey key: String, in bytes: Bytes
  ) -> (line: Int, column: Int, offset: Int)? where Bytes.Index == Int {
    let wanted = Array(key.utf8)
    var depth = 0
    var index = 0
    var valueStart: Int?
    scan: while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
      case UInt8(ascii: "\""):
        let start = index + 1
        index = start
        while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard depth == 1, index <= bytes.count, Array(bytes[start..<min(index, bytes.count)]) == wanted else {
          break
        }
        // A key is followed by a colon; the value starts after it and any whitespace.
        var next = index + 1
        while next < bytes.count && isWhitespace(bytes[next]) { next += 1 }
        guard next < bytes.count && bytes[next] == UInt8(ascii: ":") else { break }
        next += 1
        while next < bytes.count && isWhitespace(bytes[next]) { next += 1 }
        valueStart = next
        break scan
      default: break
      }
      index += 1
    }
    guard let valueStart else { return nil }
    var line = 1
    var column = 1
    for byte in bytes[..<valueStart] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return (line, column, valueStart)
  }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}
