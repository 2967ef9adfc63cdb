import LayoutGeometry
import ListLayout

/// libFuzzer entry: bytes → feed decoder (small limits) → layout → queries → an incremental edit.
/// A broken invariant or an inconsistent query answer traps, so libFuzzer records the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeed(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FeedFuzzer.run(UnsafeBufferPointer(start: data, count: size))
  return 0
}

enum FeedFuzzer {
  static let limits = JSONInputLimits(
    maxDepth: 16, maxSections: 64, maxCells: 2_000, maxStringLength: 256, maxTraitsPerElement: 16,
    maxBytes: 1 << 20)

  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    let model: ListModel
    do {
      model = try ListModel(json: bytes, width: nil, limits: limits)
    } catch {
      _ = error.description
      return
    }
    FuzzChecks.exercise(model)
  }
}
