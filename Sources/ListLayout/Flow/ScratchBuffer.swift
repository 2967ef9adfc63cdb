/// A growable buffer of plain values, reused line after line by the typesetter: resetting it
/// is setting a count, and appending never checks for shared storage.
///
/// One of the few types that use manual memory (the list is in `PageArena.swift`): it never
/// escapes the typesetter that owns it, and its elements are `BitwiseCopyable`, so nothing
/// needs deinitialising.
final class ScratchBuffer<Element: BitwiseCopyable> {
  // Only the owning typesetter touches these, one access at a time: dynamic exclusivity
  // checks would only cost time on every append.
  @exclusivity(unchecked) private var base: UnsafeMutablePointer<Element>
  @exclusivity(unchecked) private var capacity: Int
  /// The number of elements.
  @exclusivity(unchecked) private(set) var count = 0

  init(capacity: Int = 64) {
    self.capacity = max(capacity, 1)
    base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  var isEmpty: Bool { count == 0 }

  @inline(__always)
  func append(_ element: Element) {
    if count == capacity { grow() }
    (base + count).initialize(to: element)
    count += 1
  }

  private func grow() {
    let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
    bigger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = bigger
    capacity *= 2
  }

  func removeAll() { count = 0 }

  @inline(__always)
  subscript(index: Int) -> Element {
    get {
      precondition(index >= 0 && index < count, "ScratchBuffer index \(index) out of 0..<\(count)")
      return base[index]
    }
    set {
      precondition(index >= 0 && index < count, "ScratchBuffer index \(index) out of 0..<\(count)")
      base[index] = newValue
    }
  }

  /// The elements, valid until the next mutation.
  var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }
}
