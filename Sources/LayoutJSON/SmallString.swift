// Small strings made from a JSON document's bytes, for the package's JSON reader.

/// Strings of up to 15 ASCII bytes made without the standard library's checks: the bit
/// pattern of a "small" string, the form the standard library itself gives such text on
/// 64-bit platforms (the bytes in order, then the count and the flags in the last byte).
///
/// Used only when a check at first use finds that this platform's strings have that form:
/// strings made here, for every length, must be bit for bit the standard library's own.
@usableFromInline
enum SmallString {
  /// Whether ``make(low:high:count:)`` makes exactly the standard library's strings.
  @usableFromInline static let isAvailable: Bool = {
    #if _pointerBitWidth(_64) && _endian(little)
    guard MemoryLayout<String>.size == 16 else { return false }
    let sample = Array("0123456789abcdefg".utf8)
    for count in 0...15 {
      var padded = sample
      padded[count] = UInt8(ascii: "\"")
      let (low, high) = padded.withUnsafeBytes {
        (
          $0.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
          $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        )
      }
      let expected = String(decoding: sample[0..<count], as: UTF8.self)
      let made = make(low: UInt64(littleEndian: low), high: UInt64(littleEndian: high), count: count)
      let expectedBits = unsafeBitCast(expected, to: (UInt64, UInt64).self)
      let madeBits = unsafeBitCast(made, to: (UInt64, UInt64).self)
      guard expectedBits == madeBits, made == expected, made.utf8.count == count else { return false }
    }
    return true
    #else
    return false
    #endif
  }()

  /// The small ASCII string of the first `count` (at most 15) bytes of `low` then `high`.
  @inlinable @inline(always)
  static func make(low: UInt64, high: UInt64, count: Int) -> String {
    #if _pointerBitWidth(_64) && _endian(little)
    // Bytes past `count` cleared; the top byte holds the flags (immortal, small, ASCII) and
    // the count.
    let lowMask: UInt64 = count >= 8 ? .max : (1 &<< (8 &* UInt64(count))) &- 1
    let highMask: UInt64 = count <= 8 ? 0 : (1 &<< (8 &* UInt64(count &- 8))) &- 1
    let flags: UInt64 = (0xE0 | UInt64(count)) &<< 56
    return unsafeBitCast((low & lowMask, (high & highMask) | flags), to: String.self)
    #else
    fatalError("small strings are made only on 64-bit little-endian platforms")
    #endif
  }
}
