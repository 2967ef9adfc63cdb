import LayoutGeometry

// The renderers draw every layout the engine accepts, and finite frames may be as large as
// 1e308: sums of them (panels side by side, a frame's far edge) can reach infinity, and a
// label's length worked out from a frame's width can exceed `Int.max`. The two helpers
// below are the only places where a `Double` becomes text or a count in this module.

/// `value` as a number for SVG, HTML and ASCII text: the shortest form that reads back the
/// same (`12`, `0.5`, `1e+20`, all valid SVG numbers). An infinity is written as the largest
/// finite value of its sign and NaN as 0, so a document always parses.
///
/// It shadows `LayoutGeometry.formatted(_:)` inside this module on purpose: every number a
/// renderer writes goes through it.
func formatted(_ value: Double) -> String {
  if value.isNaN { return "0" }
  if value.isInfinite {
    return LayoutGeometry.formatted(value < 0 ? -Double.greatestFiniteMagnitude : .greatestFiniteMagnitude)
  }
  return LayoutGeometry.formatted(value)
}

/// How many characters `characterWidth` wide fit in `width`: 0 when none fit (or for NaN),
/// and at most 10,000, so a label's length is a small `Int` whatever the frame.
func characterLimit(_ width: Double, _ characterWidth: Double) -> Int {
  let count = (width / characterWidth).rounded(.down)
  guard count >= 1 else { return 0 }
  return count < 10_000 ? Int(count) : 10_000
}
