/// A growable buffer of plain values, reused over and over by its owner (the flow
/// typesetter's per-line buffers, the masonry placer's lane tops and open chunks, a query's
/// cell candidates): resetting it is setting a count, and appending never checks for shared
/// storage.
///
/// Manual memory (the registry is `Storage.swift`): its block comes from
/// `UnsafeMutablePointer.allocate`, doubled when full and freed in `deinit`. It never escapes
/// the typesetter, placer or query that owns it (a query's is kept between queries by
/// ``QueryBuffers``, held by one query at a time), and its elements are `BitwiseCopyable`, so
/// nothing needs deinitialising. The subscript checks its index in every build; ``elements``
/// is an `UnsafeBufferPointer`, checked in debug builds only.
final class ScratchBuffer<Element: BitwiseCopyable> {
  // Only the owner touches these, one access at a time: dynamic exclusivity checks would
  // only cost time on every append.
  @exclusivity(unchecked) private var base: UnsafeMutablePointer<Element>
  @exclusivity(unchecked) private(set) var capacity: Int
  /// The number of elements.
  @exclusivity(unchecked) private(set) var count = 0
  #if DEBUG
  /// The elements written (appended or set) so far: what tests count to check that a writer
  /// does not write more than it reads.
  @exclusivity(unchecked) private(set) var writes = 0
  #endif

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
    #if DEBUG
    writes += 1
    #endif
  }

  /// Adds `extra` elements without writing them: the owner must write each before reading
  /// it. (They are plain values, so memory left unwritten needs no deinitialising.)
  func extend(by extra: Int) {
    precondition(extra >= 0, "ScratchBuffer extend by \(extra)")
    while count + extra > capacity { grow() }
    count += extra
  }

  // Out of line: the rare path, kept out of the loops that append.
  @inline(never)
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
      #if DEBUG
      writes += 1
      #endif
    }
  }

  /// The elements, valid until the next mutation.
  var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }
}
