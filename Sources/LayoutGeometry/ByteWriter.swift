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
public struct ByteWriter {
  private var buffer: [UInt8]
  private let capacity: Int
  private let sink: (UnsafeRawBufferPointer) -> Void

  /// A writer that hands its bytes to `sink`, `capacity` bytes at a time.
  public init(capacity: Int = 1 << 16, sink: @escaping (UnsafeRawBufferPointer) -> Void) {
    self.capacity = Swift.max(capacity, 64)
    self.sink = sink
    buffer = []
    buffer.reserveCapacity(self.capacity)
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
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { sink($0) }
    buffer.removeAll(keepingCapacity: true)
  }

  @inline(__always)
  private mutating func reserve(_ count: Int) {
    if buffer.count + count > capacity { flush() }
  }

  /// Writes a string's UTF-8 bytes.
  public mutating func write(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      if utf8.count > capacity {
        flush()
        sink(UnsafeRawBufferPointer(utf8))
      } else {
        reserve(utf8.count)
        buffer.append(contentsOf: utf8)
      }
    }
  }

  /// Writes a literal.
  public mutating func write(_ text: StaticString) {
    text.withUTF8Buffer { utf8 in
      reserve(utf8.count)
      buffer.append(contentsOf: utf8)
    }
  }

  /// Writes one byte.
  @inline(__always)
  public mutating func write(byte: UInt8) {
    reserve(1)
    buffer.append(byte)
  }

  /// Writes an integer in decimal.
  public mutating func write(integer value: Int) {
    reserve(20)
    if value < 0 { buffer.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // up to 24 digits, stored backwards
    var count = 0
    withUnsafeMutableBytes(of: &digits) { raw in
      repeat {
        raw[count] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30
        magnitude /= 10
        count += 1
      } while magnitude != 0
      for i in stride(from: count - 1, through: 0, by: -1) { buffer.append(raw[i]) }
    }
  }

  /// Writes a number exactly as ``formatted(_:)`` spells it.
  public mutating func write(number value: Double) {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
      write(integer: Int(Int64(value)))
    } else {
      write(value.description)
    }
  }

  /// Writes `text` as a JSON string literal, exactly as ``jsonQuoted(_:)`` spells it.
  public mutating func write(jsonQuoted text: String) {
    var text = text
    let plain = text.withUTF8 { utf8 in
      // Printable ASCII without quotes or backslashes needs no escaping: copied as it is.
      utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }
    guard plain else { return write(jsonQuoted(text)) }
    write(byte: UInt8(ascii: "\""))
    write(text)
    write(byte: UInt8(ascii: "\""))
  }
}
