#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(ucrt)
import ucrt
#endif

/// Blocks of plain values from the C allocator: page records, line indentation, masonry
/// chunks of their own. A block a page builder filled can be handed to a page and shrunk in
/// place (`realloc`), which `UnsafeMutablePointer.allocate` cannot promise.
///
/// Whoever holds a block's pointer owns it and frees it once with ``release(_:)`` (the
/// registry in `Storage.swift` lists the owners). The values are `BitwiseCopyable`: nothing in
/// a block is initialised or deinitialised, only written and read.
enum RawBlocks {
  /// Room for `count` values (at least one, so the pointer is never null), not written.
  static func allocate<T: BitwiseCopyable>(_ count: Int) -> UnsafeMutablePointer<T> {
    guard let raw = malloc(max(1, count) * MemoryLayout<T>.stride) else { outOfMemory(count) }
    return raw.bindMemory(to: T.self, capacity: max(1, count))
  }

  /// The block resized to `count` values (the first `count` kept, or all of them when it
  /// grows); the old pointer is invalid afterwards.
  static func resize<T: BitwiseCopyable>(
    _ block: UnsafeMutablePointer<T>, to count: Int
  ) -> UnsafeMutablePointer<T> {
    guard let raw = realloc(block, max(1, count) * MemoryLayout<T>.stride) else { outOfMemory(count) }
    return raw.bindMemory(to: T.self, capacity: max(1, count))
  }

  /// Frees the block.
  static func release<T>(_ block: UnsafeMutablePointer<T>) {
    free(block)
  }

  private static func outOfMemory(_ count: Int) -> Never {
    fatalError("out of memory for \(count) page values")
  }
}
