import LayoutGeometry

/// Bytes read as the choices that build a model, shared by the fuzz targets that build models
/// from bytes rather than JSON. Past the end every read is 0.
struct ByteStream {
  let buffer: UnsafeBufferPointer<UInt8>
  var position = 0
  /// The lengths a byte of 200 or more picks from.
  let lengths: [Double]

  /// Ordinary and extreme lengths.
  static let allLengths: [Double] = [0, 0.5, 1, 5, 10, 33.3, 50, 100, 187.5, 375, 1000, 1e7, 1e-9, 0.1]

  init(_ buffer: UnsafeBufferPointer<UInt8>, lengths: [Double] = ByteStream.allLengths) {
    self.buffer = buffer
    self.lengths = lengths
  }
  var isAtEnd: Bool { position >= buffer.count }
  mutating func byte() -> Int {
    guard position < buffer.count else { return 0 }
    defer { position += 1 }
    return Int(buffer[position])
  }
  /// A length: a half-point step below 100, else one of `lengths`.
  mutating func length() -> Double {
    let b = byte()
    return b < 200 ? Double(b) / 2 : lengths[b % lengths.count]
  }
  /// An identifier from a small set (so that ids repeat), or none.
  mutating func id() -> String? {
    let b = byte()
    return b % 8 == 0 ? nil : "i\(b % 24)"
  }
  mutating func insets() -> EdgeInsets {
    byte() & 3 == 0 ? EdgeInsets(top: length(), left: length(), bottom: length(), right: length()) : .zero
  }
}
