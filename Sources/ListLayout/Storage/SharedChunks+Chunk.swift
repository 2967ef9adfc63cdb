extension SharedChunks {
  /// A full chunk, never changed once sealed: ``chunkSize`` elements in a ``ChunkArena`` or
  /// in a block of its own (``RawBlocks``).
  ///
  /// Manual memory: the elements are written once, by the initializer, on the placer's
  /// thread, and only read after that, on any thread. They are plain values, so
  /// nothing needs deinitializing; a block of its own is freed with the chunk. That
  /// write-once rule is what makes the `@unchecked Sendable` sound.
  final class Chunk: @unchecked Sendable {
    private let elements: UnsafeMutablePointer<Element>
    /// The arena holding the elements, or `nil` when the chunk owns its block.
    let arena: ChunkArena?

    /// A chunk holding the ``chunkSize`` elements of `source`, in `arena` if it has room.
    init(copying source: UnsafeBufferPointer<Element>, arena: ChunkArena?) {
      precondition(source.count == SharedChunks.chunkSize, "a chunk of \(source.count) elements")
      let bytes = SharedChunks.chunkSize * MemoryLayout<Element>.stride
      if let room = arena?.take(bytes: bytes) {
        elements = room.bindMemory(to: Element.self, capacity: SharedChunks.chunkSize)
        self.arena = arena
      } else {
        elements = RawBlocks.allocate(SharedChunks.chunkSize)
        self.arena = nil
      }
      elements.initialize(from: source.baseAddress!, count: SharedChunks.chunkSize)
    }

    deinit {
      if arena == nil { RawBlocks.release(elements) }
    }

    /// The element at `offset` (masked into the chunk, so it is always in bounds).
    @inline(__always)
    subscript(offset: Int) -> Element { elements[offset & (SharedChunks.chunkSize - 1)] }

    /// The chunk's elements, valid while the chunk is alive.
    @inline(__always)
    var buffer: UnsafeBufferPointer<Element> {
      UnsafeBufferPointer(start: elements, count: SharedChunks.chunkSize)
    }
  }
}
