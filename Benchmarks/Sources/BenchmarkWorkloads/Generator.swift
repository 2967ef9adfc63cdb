// The one documented workload generator. Every engine (ours, the greedy-wrap floor, Yoga,
// Taffy) lays out exactly what this writes; `peers/workloads.py` carries the same LCG and is
// checked against it (`peer-runner lcg 8` prints the first values).

/// The 64-bit LCG every size comes from (Knuth's MMIX constants), seeded 42:
///
///     state = state &* 6364136223846793005 &+ 1442695040888963407
///     next  = state >> 33
///
/// The state is advanced first, then its top 31 bits are returned.
public struct LCG: Sendable {
  public var state: UInt64

  public init(seed: UInt64 = 42) { state = seed }

  @inline(__always)
  public mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state >> 33
  }
}

/// A flex container of leaf cells with fixed sizes: the "feed", "list" and "wrap-row"
/// workloads. Every number is an integer, so every engine sees exact values.
public struct FlowWorkload: Sendable {
  /// `feed`, `list` or `wrap-row`.
  public var name: String
  /// The container's width.
  public var width: Double
  /// `row` (wrapping) or `column`.
  public var direction: String
  public var wrap: Bool
  public var padding: Double
  public var rowGap: Double
  public var columnGap: Double
  /// Cells' flex-grow (0 for feed and list).
  public var flexGrow: Double
  /// Cell widths; `nil` when cells stretch to the container's inner width ("list").
  public var widths: [Double]?
  public var heights: [Double]

  public var count: Int { heights.count }
  /// The inner width of the container (its width less padding).
  public var innerWidth: Double { width - 2 * padding }
}

/// A nested flexbox tree: `depth` levels of `fanout` children below the root, directions
/// alternating from `row` at the root; every non-root node has flex-grow 1 and flex-shrink 1;
/// inner nodes have min-width and min-height 0 (so CSS engines do not apply the automatic
/// minimum size, which Yoga lacks, and every engine computes the same frames); leaves have
/// min sizes from the LCG. `fanout ^ depth` leaves, listed depth-first.
public struct TreeWorkload: Sendable {
  public var name: String
  public var width: Double
  public var height: Double
  public var depth: Int
  public var fanout: Int
  public var minWidths: [Double]
  public var minHeights: [Double]
  public var leafCount: Int { minWidths.count }
}

public enum Generator {
  /// The suite sizes.
  public static let sizes = [10_000, 100_000, 1_000_000]

  /// "feed": the FSQ-style flow. Root width 375, row, wrap, justify flex-start, align-items
  /// and align-content flex-start, column and row gap 5, padding 5; cells flex-shrink 0 with
  /// `width = 40 + next % 331`, then `height = 20 + next % 101`.
  public static func feed(count: Int, seed: UInt64 = 42) -> FlowWorkload {
    var lcg = LCG(seed: seed)
    var widths = [Double]()
    var heights = [Double]()
    widths.reserveCapacity(count)
    heights.reserveCapacity(count)
    for _ in 0..<count {
      widths.append(Double(40 + lcg.next() % 331))
      heights.append(Double(20 + lcg.next() % 101))
    }
    return FlowWorkload(
      name: "feed", width: 375, direction: "row", wrap: true, padding: 5, rowGap: 5, columnGap: 5,
      flexGrow: 0,
      widths: widths, heights: heights)
  }

  /// "list": one full-width column. Root width 375, column, padding 5, row gap 5; cells
  /// stretch to the inner width (365) with `height = 20 + next % 101`.
  public static func list(count: Int, seed: UInt64 = 42) -> FlowWorkload {
    var lcg = LCG(seed: seed)
    var heights = [Double]()
    heights.reserveCapacity(count)
    for _ in 0..<count { heights.append(Double(20 + lcg.next() % 101)) }
    return FlowWorkload(
      name: "list", width: 375, direction: "column", wrap: false, padding: 5, rowGap: 5, columnGap: 5,
      flexGrow: 0, widths: nil, heights: heights)
  }

  /// "wrap-row": a wide wrapping row. Root width 4000, row, wrap, no padding or gaps,
  /// align-items and align-content flex-start; cells flex-grow 1, flex-shrink 0, with
  /// `width = 10 + next % 91`, then `height = 10 + next % 41` (each line's free space is
  /// shared out among its cells).
  public static func wrapRow(count: Int = 10_000, seed: UInt64 = 42) -> FlowWorkload {
    var lcg = LCG(seed: seed)
    var widths = [Double]()
    var heights = [Double]()
    for _ in 0..<count {
      widths.append(Double(10 + lcg.next() % 91))
      heights.append(Double(10 + lcg.next() % 41))
    }
    return FlowWorkload(
      name: "wrap-row", width: 4000, direction: "row", wrap: true, padding: 0, rowGap: 0, columnGap: 0,
      flexGrow: 1, widths: widths, heights: heights)
  }

  /// "nested": root 1000 × 1000, depth 4, fan-out 10 (10,000 leaves), rows and columns
  /// alternating from a row at the root; every non-root node flex-grow 1 (flex-shrink 1,
  /// basis auto); leaves, depth-first, `minWidth = next % 12`, then `minHeight = next % 12`
  /// (a leaf's even share is 10 × 10, so some minimums bind and the rest is redistributed).
  public static func nested(depth: Int = 4, fanout: Int = 10, seed: UInt64 = 42) -> TreeWorkload {
    var lcg = LCG(seed: seed)
    var leaves = 1
    for _ in 0..<depth { leaves *= fanout }
    var minWidths = [Double]()
    var minHeights = [Double]()
    for _ in 0..<leaves {
      minWidths.append(Double(lcg.next() % 12))
      minHeights.append(Double(lcg.next() % 12))
    }
    return TreeWorkload(
      name: "nested", width: 1000, height: 1000, depth: depth, fanout: fanout, minWidths: minWidths,
      minHeights: minHeights)
  }

  /// The JSON file name of a workload.
  public static func fileName(_ name: String, _ count: Int) -> String { "\(name)-\(count).json" }
}
