/// A buffered writer of UTF-8 text: what the command line and the renderers stream their
/// output through, so that a million elements are written at memory speed without a
/// `String` per element or the whole output in memory.
///
/// Bytes collect in a buffer of `capacity` bytes and go to the sink whenever it fills and
/// when ``flush()`` is called.
///
/// ```swift
/// final class Output { var bytes: [UInt8] = [] }
/// let output = Output()
/// var writer = ByteWriter { bytes in output.bytes.append(contentsOf: bytes) }
/// writer.write("{\"x\":")
/// writer.write(number: 12.5)
/// writer.flush()   // output.bytes holds {"x":12.5
/// ```
///
/// A copy of a writer is a writer of its own (the buffer is copied before a write to a
/// shared one), with the same sink.
public struct ByteWriter {
  /// The buffer: the writer's one manual allocation, `capacity` bytes, freed with it.
  //
  // The writes of literals, bytes and integers are inlinable: a record writer in another
  // module then copies its keys with a few stores rather than a call per key.
  @usableFromInline final class Storage {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline init(capacity: Int) { base = .allocate(capacity: capacity) }
    deinit { base.deallocate() }
  }

  @usableFromInline var storage: Storage
  /// How many bytes of the buffer are written and not yet handed to the sink.
  @usableFromInline var count = 0
  @usableFromInline let capacity: Int
  @usableFromInline let sink: (UnsafeRawBufferPointer) -> Void

  /// A writer that hands its bytes to `sink`, `capacity` bytes at a time.
  public init(capacity: Int = 1 << 16, sink: @escaping (UnsafeRawBufferPointer) -> Void) {
    self.capacity = Swift.max(capacity, 64)
    self.sink = sink
    storage = Storage(capacity: self.capacity)
  }

  /// Writes everything written `body` to a new array.
  public static func bytes(_ body: (inout ByteWriter) -> Void) -> [UInt8] {
    final class Box { var bytes: [UInt8] = [] }
    let box = Box()
    var writer = ByteWriter { box.bytes.append(contentsOf: $0) }
    body(&writer)
    writer.flush()
    return box.bytes
  }

  /// Hands everything buffered to the sink.
  public mutating func flush() {
    guard count > 0 else { return }
    sink(UnsafeRawBufferPointer(start: storage.base, count: count))
    count = 0
  }

  /// Writes the bytes `other` holds in its buffer (those not yet handed to its sink) and
  /// empties that buffer: how a writer that formatted a segment of output on another thread
  /// hands it over without a copy through its own sink. A buffer larger than this writer's
  /// goes straight to this writer's sink.
  package mutating func write(bufferedBytesOf other: inout ByteWriter) {
    guard other.count > 0 else { return }
    write(bytes: UnsafeBufferPointer(start: other.storage.base, count: other.count))
    other.count = 0
  }

  /// Room for `needed` bytes (at most `capacity`): where they go. The caller adds what it
  /// wrote to `count`.
  @inlinable @inline(__always)
  mutating func reserve(_ needed: Int) -> UnsafeMutablePointer<UInt8> {
    if count &+ needed > capacity { flush() }
    if !isKnownUniquelyReferenced(&storage) { unshare() }
    return storage.base + count
  }

  /// Gives this writer a buffer of its own (a copy shares the one it was copied from).
  @usableFromInline
  mutating func unshare() {
    let copy = Storage(capacity: capacity)
    copy.base.update(from: storage.base, count: count)
    storage = copy
  }

  /// Writes `bytes`, through the buffer when they fit in it, else straight to the sink.
  @inlinable @inline(__always)
  package mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count <= capacity else { return writeLarge(bytes) }
    guard let source = bytes.baseAddress else { return }
    let out = reserve(bytes.count)
    if bytes.count <= 32 {
      // The keys and punctuation of a record: a loop costs less than a call to memmove.
      for i in 0..<bytes.count { out[i] = source[i] }
    } else {
      out.update(from: source, count: bytes.count)
    }
    count &+= bytes.count
  }

  @usableFromInline
  mutating func writeLarge(_ bytes: UnsafeBufferPointer<UInt8>) {
    flush()
    sink(UnsafeRawBufferPointer(bytes))
  }

  /// Writes a string's UTF-8 bytes.
  ///
  /// (A string literal goes to the `StaticString` overload instead, which needs no `String`.)
  @_disfavoredOverload
  public mutating func write(_ text: String) {
    var text = text
    text.withUTF8 { write(bytes: $0) }
  }

  /// Writes a literal.
  @inlinable @inline(__always)
  public mutating func write(_ text: StaticString) {
    text.withUTF8Buffer { write(bytes: $0) }
  }

  /// Writes one byte.
  @inlinable @inline(__always)
  public mutating func write(byte: UInt8) {
    reserve(1).pointee = byte
    count &+= 1
  }

  /// Writes an integer in decimal.
  @inlinable @inline(__always)
  public mutating func write(integer value: Int) {
    let out = reserve(20)
    count &+= Self.put(integer: value, at: out)
  }

  /// Writes `body`'s bytes straight into the buffer: `body` gets room for `maximum` bytes
  /// and returns how many it wrote. A record of many small parts written this way (with the
  /// `put` functions) costs one check of the buffer rather than one per part. (Room larger
  /// than the writer's capacity is given in a buffer of its own, then written.)
  @inlinable @inline(__always)
  package mutating func withUnsafeRoom(_ maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
    guard maximum <= capacity else { return withScratchRoom(maximum, body) }
    let out = reserve(maximum)
    let written = body(out)
    precondition(written >= 0 && written <= maximum, "ByteWriter room overrun")
    count &+= written
  }

  /// ``withUnsafeRoom(_:_:)`` for room larger than the buffer.
  @usableFromInline
  mutating func withScratchRoom(_ maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: Swift.max(maximum, 1))
    defer { scratch.deallocate() }
    let written = body(scratch)
    precondition(written >= 0 && written <= maximum, "ByteWriter room overrun")
    write(bytes: UnsafeBufferPointer(start: scratch, count: written))
  }

  /// Puts a literal's bytes at `out` and returns how many.
  @inlinable @inline(__always)
  package static func put(_ text: StaticString, at out: UnsafeMutablePointer<UInt8>) -> Int {
    text.withUTF8Buffer { bytes in
      for i in 0..<bytes.count { out[i] = bytes[i] }
      return bytes.count
    }
  }

  /// Puts an integer in decimal (at most 20 bytes) at `out` and returns how many bytes.
  @inlinable @inline(__always)
  package static func put(integer value: Int, at out: UnsafeMutablePointer<UInt8>) -> Int {
    var length = 0
    if value < 0 {
      out[0] = UInt8(ascii: "-")
      length = 1
    }
    return length &+ writeDigits(of: UInt64(value.magnitude), to: out + length)
  }

  /// The number of decimal digits of `value`: estimated from its bit length (`1233 / 4096`
  /// is just above log10 2), then one comparison with a power of ten.
  @inlinable @inline(__always)
  static func digitCount(_ value: UInt64) -> Int {
    // `value | 1` has as many digits as `value` (powers of ten are even), and at least one.
    let odd = value | 1
    let estimate = ((64 &- odd.leadingZeroBitCount) &* 1233) &>> 12
    return estimate &+ (odd >= powerOfTen(estimate) ? 1 : 0)
  }

  /// 10^`exponent`, for `exponent` in 0...19 (a switch the compiler makes a table).
  @inlinable @inline(__always)
  static func powerOfTen(_ exponent: Int) -> UInt64 {
    switch exponent {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1_000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    case 8: 100_000_000
    case 9: 1_000_000_000
    case 10: 10_000_000_000
    case 11: 100_000_000_000
    case 12: 1_000_000_000_000
    case 13: 10_000_000_000_000
    case 14: 100_000_000_000_000
    case 15: 1_000_000_000_000_000
    case 16: 10_000_000_000_000_000
    case 17: 100_000_000_000_000_000
    case 18: 1_000_000_000_000_000_000
    default: 10_000_000_000_000_000_000
    }
  }

  /// The two-digit numbers 00 to 99, each two bytes at twice its value.
  @inlinable static var digitPairs: StaticString {
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
  }

  /// Writes `value`'s decimal digits at `out`, returning how many.
  @inlinable @inline(__always)
  static func writeDigits(of value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
    let digits = digitCount(value)
    var rest = value
    var position = digits
    // Two digits per 64-bit division, from the right, copied from the table of pairs.
    digitPairs.withUTF8Buffer { pairs in
      let table = pairs.baseAddress!
      while position >= 2 {
        let pair = Int(truncatingIfNeeded: rest % 100) &* 2
        rest /= 100
        position &-= 2
        out[position] = table[pair]
        out[position &+ 1] = table[pair &+ 1]
      }
    }
    if position == 1 { out[0] = UInt8(truncatingIfNeeded: rest) &+ 0x30 }
    return digits
  }

  /// The most bytes ``put(number:at:)`` writes.
  @inlinable package static var maximumNumberLength: Int { 32 }

  /// Writes a number exactly as LayoutGeometry's `formatted(_:)` spells it.
  ///
  /// Whole numbers below 10^15 are written as integers; numbers below 10^9 with at most three
  /// decimal places (`12.5`, `0.25`, `-3.125`) as their shortest decimal, digit by digit;
  /// anything else through `description` (the shortest text that reads back the same).
  @inlinable @inline(__always)
  public mutating func write(number value: Double) {
    let out = reserve(Self.maximumNumberLength)
    count &+= Self.put(number: value, at: out)
  }

  /// Puts a number as ``write(number:)`` writes it (at most ``maximumNumberLength`` bytes)
  /// at `out` and returns how many bytes.
  @inlinable @inline(__always)
  package static func put(number value: Double, at out: UnsafeMutablePointer<UInt8>) -> Int {
    // A whole number below 10^15 in magnitude: its conversion to an integer is exact and
    // converts back to it (no call to round it; NaN fails the first test).
    if abs(value) < 1e15 {
      let whole = Int64(value)
      if Double(whole) == value { return put(integer: Int(whole), at: out) }
    }
    return putFraction(value, at: out)
  }

  /// ``put(number:at:)`` for numbers that are not whole or not below 10^15.
  @usableFromInline
  static func putFraction(_ value: Double, at out: UnsafeMutablePointer<UInt8>) -> Int {
    if abs(value) < 1e9, let length = putShortDecimal(value, at: out) { return length }
    var text = value.description
    return text.withUTF8 { utf8 in
      out.update(from: utf8.baseAddress!, count: utf8.count)
      return utf8.count
    }
  }

  /// Puts `value` (finite, below 10^9 in magnitude, not whole) with the fewest decimal
  /// places, one to three, that read back to exactly `value`; returns `nil`, writing
  /// nothing, when three are not enough.
  ///
  /// The text is then the shortest that reads back to `value`, as `description` writes it:
  /// `n / 10^k` with `n < 2^53` is one correctly rounded division, which is also how the
  /// text `n·10^-k` reads back; no text with fewer places does (those `k` were tried first);
  /// and below 10^9 one step of the last place (10^-3 at most) is wider than a `Double`'s
  /// spacing, so no other text with `k` places reads back to `value` either.
  static func putShortDecimal(_ value: Double, at out: UnsafeMutablePointer<UInt8>) -> Int? {
    let magnitude = abs(value)
    for places in 1...3 {
      let scale: Double = places == 1 ? 10 : places == 2 ? 100 : 1000
      let scaled = (magnitude * scale).rounded()
      guard scaled / scale == magnitude else { continue }
      let whole = UInt64(scaled)
      let unit = UInt64(scale)
      var length = 0
      if value < 0 {
        out[0] = UInt8(ascii: "-")
        length = 1
      }
      length &+= writeDigits(of: whole / unit, to: out + length)
      out[length] = UInt8(ascii: ".")
      length &+= 1
      var fraction = whole % unit
      var position = length &+ places
      while position > length {
        position &-= 1
        out[position] = UInt8(truncatingIfNeeded: fraction % 10) &+ 0x30
        fraction /= 10
      }
      return length &+ places
    }
    return nil
  }

  /// Writes `text` as a JSON string literal, exactly as `jsonQuoted(_:)` spells it.
  public mutating func write(jsonQuoted text: String) {
    if let short = Self.shortQuotable(text) {
      // Room first, in a statement of its own: it may flush, which resets `count`.
      let out = reserve(Self.maximumShortQuotedLength)
      count &+= Self.put(quoted: short, at: out)
      return
    }
    var text = text
    let done = text.withUTF8 { utf8 -> Bool in
      // Printable ASCII without quotes or backslashes needs no escaping: copied as it is.
      guard utf8.count &+ 2 <= capacity, let source = utf8.baseAddress else { return false }
      let out = reserve(utf8.count &+ 2)
      out[0] = UInt8(ascii: "\"")
      for i in 0..<utf8.count {
        let byte = source[i]
        guard byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") else {
          return false
        }
        out[i &+ 1] = byte
      }
      out[utf8.count &+ 1] = UInt8(ascii: "\"")
      count &+= utf8.count &+ 2
      return true
    }
    if !done { write(jsonQuoted(text)) }
  }

  /// A string that ``put(quoted:at:)`` writes: see ``shortQuotable(_:)``.
  @usableFromInline package struct ShortString {
    @usableFromInline let low: UInt64
    @usableFromInline let high: UInt64
    @usableFromInline let count: Int
    @inlinable init(low: UInt64, high: UInt64, count: Int) {
      self.low = low
      self.high = high
      self.count = count
    }
  }

  /// The most bytes ``put(quoted:at:)`` writes (it may store past what it counts, within these).
  package static var maximumShortQuotedLength: Int { 18 }

  /// `text`'s bytes, when it is a string of up to 15 ASCII bytes held in place (most
  /// identifiers: the standard library's "small" form, see `SmallString`) that needs no
  /// escape in JSON; `nil` for anything else, which ``write(jsonQuoted:)`` writes in full.
  @inlinable @inline(__always)
  package static func shortQuotable(_ text: String) -> ShortString? {
    #if _pointerBitWidth(_64) && _endian(little)
    guard SmallString.isAvailable else { return nil }
    let (low, high) = unsafeBitCast(text, to: (UInt64, UInt64).self)
    // The top byte of a small ASCII string: flags 0xE (immortal, small, ASCII), then its count.
    guard high &>> 60 == 0xE else { return nil }
    let count = Int(truncatingIfNeeded: (high &>> 56) & 0xF)
    // Only quotes, backslashes and control characters need escapes (the bytes are ASCII);
    // the bytes past `count` (zeros, and the flags) are masked off.
    let lowMask: UInt64 = count >= 8 ? .max : (1 &<< (8 &* UInt64(count))) &- 1
    let highMask: UInt64 = count <= 8 ? 0 : (1 &<< (8 &* UInt64(count &- 8))) &- 1
    guard escapedBytes(low) & lowMask == 0, escapedBytes(high) & highMask == 0 else { return nil }
    return ShortString(low: low, high: high, count: count)
    #else
    return nil
    #endif
  }

  /// The high bit set in each byte of `word` (ASCII bytes) that JSON escapes: a quote, a
  /// backslash or a control character (exact for the lowest such byte; any set bit refuses
  /// the string, so that is all that matters).
  @inlinable @inline(__always)
  static func escapedBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let zeroQuote = (quote &- ones) & ~quote
    let zeroBackslash = (backslash &- ones) & ~backslash
    let control = (word &- ones &* 0x20) & ~word
    return (zeroQuote | zeroBackslash | control) & 0x8080_8080_8080_8080
  }

  /// Puts `text` as a JSON string literal at `out` (room for ``maximumShortQuotedLength``
  /// bytes) and returns how many bytes that is.
  @inlinable @inline(__always)
  package static func put(quoted text: ShortString, at out: UnsafeMutablePointer<UInt8>) -> Int {
    out[0] = UInt8(ascii: "\"")
    // Both words whole: the bytes past the text are overwritten by the closing quote or lie
    // beyond what is counted.
    UnsafeMutableRawPointer(out + 1).storeBytes(of: text.low.littleEndian, as: UInt64.self)
    UnsafeMutableRawPointer(out + 9).storeBytes(of: text.high.littleEndian, as: UInt64.self)
    out[text.count &+ 1] = UInt8(ascii: "\"")
    return text.count &+ 2
  }
}
