import LayoutGeometry
import ListLayout

/// The screen every query uses: an iPhone-sized viewport.
public let screenSize = Size(width: 375, height: 667)

/// `count` content offsets, uniform over the scrollable range, from the LCG (seeded 7 so they
/// do not repeat the sizes' sequence).
public func randomOffsets(in snapshot: LayoutSnapshot, count: Int, seed: UInt64 = 7) -> [Double] {
  var lcg = LCG(seed: seed)
  let range = max(1, snapshot.contentSize.height - screenSize.height)
  return (0..<count).map { _ in Double(lcg.next() % UInt64(range)) }
}

/// Visible-rect queries: one screen-sized rect per offset. Returns the number of elements
/// returned in all (so the work cannot be optimized away).
@inline(never)
public func visibleRectQueries(_ snapshot: LayoutSnapshot, offsets: [Double], height: Double = 667) -> Int {
  var total = 0
  for y in offsets {
    total &+= snapshot.elements(in: Rect(x: 0, y: y, width: 375, height: height)).count
  }
  return total
}

/// Sticky-header resolution: which header is pinned at each offset, and its pinned frame.
@inline(never)
public func stickyHeaderResolutions(_ snapshot: LayoutSnapshot, offsets: [Double]) -> Double {
  var sum = 0.0
  for y in offsets {
    let pinning = PinningContext(contentOffset: y)
    if let section = snapshot.pinnedHeaderSection(for: pinning),
      let header = snapshot.supplementaryAttributes(.header, inSection: section, pinning: pinning)
    {
      sum += header.frame.minY
    }
  }
  return sum
}

/// The whole feed scrolled top to bottom in one-screen steps: `viewport(at:size:)` (visible
/// elements with pinned headers, prefetch ranges) at every step. Returns (steps, elements).
@inline(never)
public func scrollSweep(_ snapshot: LayoutSnapshot) -> (steps: Int, elements: Int) {
  var y = 0.0
  var steps = 0
  var elements = 0
  let end = snapshot.contentSize.height
  repeat {
    elements &+= snapshot.viewport(at: Point(x: 0, y: y), size: screenSize).elements.count
    steps += 1
    y += screenSize.height
  } while y < end
  return (steps, elements)
}
