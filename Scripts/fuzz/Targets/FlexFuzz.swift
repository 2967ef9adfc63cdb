import Flexbox
import Foundation
import LayoutGeometry

/// libFuzzer entry: bytes → flex decoder (small limits) → compute (free and constrained) → encode.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFlex(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  let limits = FlexDocumentLimits(maxDepth: 200, maxNodes: 2_000, maxStringLength: 256)
  let layout: Layout
  do {
    layout = try FlexDocument.decode(bytes, limits: limits)
  } catch {
    _ = "\(error)"
    return 0
  }
  for (width, height) in [(nil, nil), (320.0, nil), (0.5, 480.0)] as [(Double?, Double?)] {
    let computed = layout.compute(width: width, height: height)
    let encoded = FlexDocument.encode(computed)
    if (try? JSONSerialization.jsonObject(with: encoded)) == nil {
      fatalError("fuzz finding: encoder wrote invalid JSON")
    }
    FlexChecks.finite(computed)
  }
  return 0
}

enum FlexChecks {
  static func finite(_ root: ComputedLayout) {
    var stack = [root]
    while let node = stack.popLast() {
      let f = node.frame
      if !(f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite) || f.width < 0
        || f.height < 0
      {
        fatalError("fuzz finding: flex frame \(f)")
      }
      stack.append(contentsOf: node.children)
    }
  }
}
