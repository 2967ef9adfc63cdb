/// How ``BlockArray`` and ``PrefixSumTree`` cut a sequence into blocks of 64 elements: where
/// element *i* lives, and the one loop that does the cutting.
enum Blocks {
  /// Elements per block.
  static var size: Int { 1 << shift }
  /// `log2(size)`.
  static var shift: Int { LayoutTuning.sectionBlockShift }

  /// The block holding element `index`.
  @inline(__always)
  static func block(of index: Int) -> Int { index >> shift }

  /// The position of element `index` within its block.
  @inline(__always)
  static func offset(of index: Int) -> Int { index & (size - 1) }

  /// The index of the first element of block `block`.
  @inline(__always)
  static func start(of block: Int) -> Int { block << shift }

  /// Calls `body` with each block of `elements`, in order: full blocks of ``size`` and a
  /// shorter last one.
  static func cut<S: Sequence>(_ elements: S, _ body: (ContiguousArray<S.Element>) -> Void) {
    var block = ContiguousArray<S.Element>()
    block.reserveCapacity(size)
    for element in elements {
      block.append(element)
      if block.count == size {
        body(block)
        block = []
        block.reserveCapacity(size)
      }
    }
    if !block.isEmpty { body(block) }
  }
}
