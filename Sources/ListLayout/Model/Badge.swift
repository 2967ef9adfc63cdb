import LayoutGeometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A small element pinned to a point of its cell's frame: a count, a "new" dot, a delete
/// button on a cell's corner (Compositional Layout's supplementary item with an anchor).
///
/// The badge's ``anchor`` point (a corner, an edge's middle or the centre of the badge) sits
/// on the same point of the cell's frame, moved by ``offset`` in fractions of the badge's own
/// size: x towards the trailing edge, y down.
///
/// ```
///          offset (0.5, −0.5) from topTrailing:
///          the badge's centre on the cell's corner
///                          ┌───┐
///  ┌───────────────────────┼─┐ │
///  │ cell                  └─┼─┘
///  │                         │
///  └─────────────────────────┘
/// ```
///
/// A badge is an element of kind ``ElementKind/badge`` with ``LayoutAttributes/badgeZIndex``,
/// above cells and section headers at their natural place, below pinned headers. It takes no
/// room (every other frame is the same with or without it), may overhang its cell and its
/// section, and every rect, point and viewport query finds it.
///
/// In a right-to-left list leading is the right edge and the x offset runs left. A
/// horizontal list reads the anchor, offset and size on screen as a vertical list does (top is
/// the top edge, leading the left one): they are transposed with the model, as cell sizes and
/// insets are, so a badge sits on the same corner of its card whichever way the list
/// scrolls (a right-to-left horizontal list mirrors them along y, as it mirrors its cells).
public struct Badge: Sendable, Hashable {
  /// An identifier, echoed in the layout output (and matched across a difference).
  public var id: String?
  /// The badge's size.
  public var size: Size
  /// The point of the badge placed on the same point of the cell's frame.
  public var anchor: BadgeAnchor
  /// How far the badge moves from there, in fractions of its own width (x, towards the
  /// trailing edge) and height (y, down).
  public var offset: Point

  /// Creates a badge.
  public init(id: String? = nil, size: Size, anchor: BadgeAnchor = .topTrailing, offset: Point = .zero) {
    self.id = id
    self.size = size
    self.anchor = anchor
    self.offset = offset
  }
}

/// A point of a rectangle: a corner, the middle of an edge, or the centre (leading is the
/// left edge left to right, the right edge right to left).
public enum BadgeAnchor: String, Sendable, Hashable, CaseIterable {
  case topLeading, top, topTrailing, leading, center, trailing, bottomLeading, bottom, bottomTrailing

  /// The point as fractions of a rectangle's width (from the leading edge) and height (from
  /// the top edge).
  var fractions: (x: Double, y: Double) {
    switch self {
    case .topLeading: (0, 0)
    case .top: (0.5, 0)
    case .topTrailing: (1, 0)
    case .leading: (0, 0.5)
    case .center: (0.5, 0.5)
    case .trailing: (1, 0.5)
    case .bottomLeading: (0, 1)
    case .bottom: (0.5, 1)
    case .bottomTrailing: (1, 1)
    }
  }
}

extension Badge {
  /// The badge in layout space (a vertical list, left to right): the size, anchor fractions
  /// and offset exchanged along the two axes in a horizontal list.
  func placement(horizontal: Bool) -> BadgePlacement {
    let (ax, ay) = anchor.fractions
    return horizontal
      ? BadgePlacement(
        width: size.height, height: size.width, anchorX: ay, anchorY: ax, offsetX: offset.y, offsetY: offset.x
      )
      : BadgePlacement(
        width: size.width, height: size.height, anchorX: ax, anchorY: ay, offsetX: offset.x, offsetY: offset.y
      )
  }

  /// Whether `other` is placed as this badge is (the same size, anchor and offset).
  @inline(__always)
  func placesLike(_ other: Badge) -> Bool {
    size == other.size && anchor == other.anchor && offset == other.offset
  }

  /// Whether the badge's numbers can be laid out: a finite size, not negative, and a finite
  /// offset.
  var isValid: Bool { size.isValidLayoutSize && offset.isFinite }
}

/// A badge in layout space, ready to be placed on a cell's frame (``frame(on:)``): the one
/// rule of a badge's frame.
struct BadgePlacement {
  var width: Double
  var height: Double
  var anchorX: Double
  var anchorY: Double
  var offsetX: Double
  var offsetY: Double

  /// The badge's frame on a cell whose frame (layout space, left to right) is `cell`: its
  /// anchor point on the cell's same point, moved by the offset times its size.
  @inline(__always)
  func frame(on cell: Rect) -> Rect {
    Rect(
      x: cell.minX + anchorX * cell.width - anchorX * width + offsetX * width,
      y: cell.minY + anchorY * cell.height - anchorY * height + offsetY * height,
      width: width, height: height)
  }

  /// How far the badge can reach past any cell's frame, whatever the cell's size (its anchor
  /// point lies within the cell's frame).
  var reach: BadgeReach {
    BadgeReach(
      left: max(0, (anchorX - offsetX) * width), right: max(0, (1 - anchorX + offsetX) * width),
      above: max(0, (anchorY - offsetY) * height), below: max(0, (1 - anchorY + offsetY) * height))
  }
}

/// How far a section's badges can reach past their cells' frames, in layout space: the
/// bounds a query widens its search for cells by, so that it finds the badges of cells
/// outside the rect without scanning.
struct BadgeReach: Sendable, Hashable {
  var left = 0.0
  var right = 0.0
  var above = 0.0
  var below = 0.0

  /// The reach in a horizontal list's layout space (its axes exchanged, as
  /// ``Badge/placement(horizontal:)`` exchanges them).
  var transposed: BadgeReach { BadgeReach(left: above, right: below, above: left, below: right) }

  /// The farther of the two reaches on each side.
  func union(_ other: BadgeReach) -> BadgeReach {
    BadgeReach(
      left: max(left, other.left), right: max(right, other.right), above: max(above, other.above),
      below: max(below, other.below))
  }
}

/// What a section's geometry keeps about its cells' badges: how many, and how far they reach
/// (a bound, which an edit may leave larger than a full layout's: queries test frames
/// exactly).
struct SectionBadges: Sendable, Hashable {
  /// The number of badges of the section's cells.
  var count = 0
  /// How far they can reach past their cells.
  var reach = BadgeReach()

  /// The badges of `cells` in `range`, checked: a badge whose size is negative or not
  /// finite, or whose offset is not finite, is an error naming it (in section `section`).
  ///
  /// - Complexity: O(k) for the k cells of `range`, three bytes of each (a cell's badges
  ///   are summed up in it when they are set: ``Cell/badgeReachCode``).
  init(_ cells: CellList, in range: Range<Int>, horizontal _: Bool, section: Int) throws(LayoutError) {
    guard !range.isEmpty else {
      self.init()
      return
    }
    if range == 0..<cells.count {
      // The whole list: from what its nodes keep (``CellList/badgeSummary``), unless a badge
      // cannot be laid out (then the cells are read again to name it).
      let (count, farthest) = cells.badgeSummary
      if farthest != .invalid {
        self.init(count: count, farthest: farthest)
        return
      }
    }
    var count = 0
    var farthest = BadgeReachCode.none
    let offsets = Cell.badgeSummaryOffsets
    try cells.forEachLeaf(from: range.lowerBound) { (leaf, first) throws(LayoutError) in
      let start = max(0, range.lowerBound - first)
      let end = min(leaf.count, range.upperBound - first)
      guard start < end else { return first + leaf.count < range.upperBound }
      guard let run = leaf.run else {
        try leaf.elements.withUnsafeBufferPointer { (chunk) throws(LayoutError) in
          try Self.count(chunk, start..<end, first: first, section: section, &count, &farthest)
        }
        return first + leaf.count < range.upperBound
      }
      // A run: each cell of its cycle once, times the cells of the range it stands for.
      let pattern = run.pattern
      let cycle = pattern.count
      for local in start..<min(end, start + cycle) {
        let occurrences = (end - local + cycle - 1) / cycle
        let (badges, code) = pattern.withUnsafeBufferPointer { cells in
          Cell.badgeSummary(at: cells.baseAddress! + (leaf.runStart + local) % cycle, offsets: offsets)
        }
        guard badges != 0 else { continue }
        let cell = leaf.element(at: local)
        if code == .invalid {
          try Self.reportInvalid(cell, path: "sections[\(section)].items[\(first + local)]")
        }
        count += (badges == .max ? cell.badges.count : Int(badges)) * occurrences
        farthest = max(farthest, code)
      }
      return first + leaf.count < range.upperBound
    }
    self.init(count: count, farthest: farthest)
  }

  /// `count` badges whose cells' farthest reach code is `farthest`.
  private init(count: Int, farthest: BadgeReachCode) {
    self.count = count
    // (The bound is the same on every side: it holds in either axis.)
    let reach = count == 0 ? 0 : farthest.reach
    self.reach = BadgeReach(left: reach, right: reach, above: reach, below: reach)
  }

  /// Counts the badges of `chunk`'s cells `range` (section items from `first`).
  private static func count(
    _ chunk: UnsafeBufferPointer<Cell>, _ range: Range<Int>, first: Int, section: Int, _ count: inout Int,
    _ farthest: inout BadgeReachCode
  ) throws(LayoutError) {
    guard let base = chunk.baseAddress else { return }
    let offsets = Cell.badgeSummaryOffsets
    for k in range {
      let (badges, code) = Cell.badgeSummary(at: base + k, offsets: offsets)
      if badges != 0 {
        if code == .invalid {
          try Self.reportInvalid(chunk[k], path: "sections[\(section)].items[\(first + k)]")
        }
        count += badges == .max ? chunk[k].badges.count : Int(badges)
        farthest = max(farthest, code)
      }
    }
  }

  /// Throws the error naming `cell`'s first badge that cannot be laid out.
  private static func reportInvalid(_ cell: Cell, path: @autoclosure () -> String) throws(LayoutError) {
    for (b, badge) in cell.badges.enumerated() where !badge.isValid {
      throw .invalidValue(
        path: path() + ".badges[\(b)]", value: "\(badge.size), \(badge.offset)",
        expected: "a size not negative and a finite offset")
    }
  }

  init() {}

  /// Whether the section has a badge.
  var isEmpty: Bool { count == 0 }
}

extension SectionBadges {
  /// The badges after an edit of a section: `old`'s (of the section before the edit, whose
  /// cells were `oldCells`) less those of the cells the edit replaced, plus those of the cells
  /// it put in their place (of `newCells`). The reach is the farther of the old and the new
  /// cells' (a bound).
  ///
  /// - Complexity: O(k) for the k cells the edit touched.
  init(
    updating old: SectionBadges, oldCells: CellList, newCells: CellList, edit: SectionEdit, horizontal: Bool,
    section: Int
  ) throws(LayoutError) {
    self = old
    let groups =
      edit.groups.isEmpty
      ? [
        EditGroup(
          first: edit.first, lastDirty: edit.lastDirty, deltaBefore: edit.delta, deltaAfter: edit.delta)
      ]
      : edit.groups
    var previousEnd = 0
    for group in groups {
      // The group's cells before the edit: from its first (new index less the delta before
      // it) to the last one not carried over unchanged.
      let oldStart = max(previousEnd, group.first - group.deltaBefore)
      let oldEnd = max(oldStart, min(oldCells.count, group.lastDirty - group.deltaAfter + 1))
      previousEnd = oldEnd
      // (The old cells were checked when they were laid out.)
      count -= try SectionBadges(oldCells, in: oldStart..<oldEnd, horizontal: horizontal, section: section)
        .count
      let added = try SectionBadges(
        newCells, in: max(0, group.first)..<min(newCells.count, group.lastDirty + 1), horizontal: horizontal,
        section: section)
      count += added.count
      reach = reach.union(added.reach)
    }
  }
}

extension CellList {
  /// The number of badges of the list's cells and the farthest reach code among them
  /// (``BadgeReachCode/invalid`` when a badge cannot be laid out), from what each node of the
  /// list keeps (``ChunkedList/Node/keptSummary``): worked out once for the nodes that keep
  /// nothing (a new list, the path an edit changed) and kept in them, so that asking again,
  /// of this list or of an edited copy sharing its other nodes, reads only what changed. A run
  /// is summed up from its pattern, without making its cells.
  ///
  /// - Complexity: O(1) when kept; O(n) the first time, O(k log n) after an edit changing k
  ///   chunks.
  var badgeSummary: (count: Int, farthest: BadgeReachCode) {
    Self.badgeSummary(of: root)
  }

  private static func badgeSummary(of node: Node) -> (count: Int, farthest: BadgeReachCode) {
    let kept = node.keptSummary.load(ordering: .relaxed)
    if kept >= 0 { return (kept >> 16, BadgeReachCode(raw: UInt16(truncatingIfNeeded: kept))) }
    var count = 0
    var farthest = BadgeReachCode.none
    let offsets = Cell.badgeSummaryOffsets
    if node.isLeaf {
      if let run = node.run {
        // Pattern cell j stands at the sequence positions r ≡ j (mod p) of runStart ..< runStart + count.
        let p = run.pattern.count
        let (start, end) = (node.runStart, node.runStart + node.count)
        run.pattern.withUnsafeBufferPointer { pattern in
          for j in 0..<p {
            let (badges, code) = Cell.badgeSummary(at: pattern.baseAddress! + j, offsets: offsets)
            guard badges != 0 else { continue }
            let occurrences = atOrBelow(end - 1, j, p) - atOrBelow(start - 1, j, p)
            guard occurrences > 0 else { continue }
            count += occurrences * (badges == .max ? pattern[j].badges.count : Int(badges))
            farthest = Swift.max(farthest, code)
          }
        }
      } else {
        node.elements.withUnsafeBufferPointer { cells in
          guard let base = cells.baseAddress else { return }
          for k in cells.indices {
            let (badges, code) = Cell.badgeSummary(at: base + k, offsets: offsets)
            guard badges != 0 else { continue }
            count += badges == .max ? cells[k].badges.count : Int(badges)
            farthest = Swift.max(farthest, code)
          }
        }
      }
    } else {
      for child in node.children {
        let (childCount, childFarthest) = badgeSummary(of: child)
        count += childCount
        farthest = Swift.max(farthest, childFarthest)
      }
    }
    // (A count too large to pack beside the code is worked out again when asked.)
    if count < 1 << 46 { node.keptSummary.store(count << 16 | Int(farthest.raw), ordering: .relaxed) }
    return (count, farthest)
  }

  /// How many of the positions 0 ... `last` are ≡ `j` (mod `p`), for 0 ≤ `j` < `p`.
  private static func atOrBelow(_ last: Int, _ j: Int, _ p: Int) -> Int {
    last < j ? 0 : (last - j) / p + 1
  }
}

/// What the benchmarks time apart from a layout.
@_spi(Benchmarks) public enum BadgeCounting {
  /// Counts and bounds the badges of every section of `model`, as a layout does, and returns
  /// how many.
  public static func countBadges(of model: ListModel) throws -> Int {
    var total = 0
    for (index, section) in model.sections.enumerated() {
      total +=
        try SectionBadges(
          section.cells, in: 0..<section.cells.count,
          horizontal: model.configuration.scrollDirection == .horizontal,
          section: index
        ).count
    }
    return total
  }
}

/// How far a cell's badges can reach past its frame on any side, as a bound kept in two bytes
/// of the cell: 0 for no reach, `0xFFFF` for a badge that cannot be laid out, and otherwise
/// `c` for a reach of at most 2^((c − 32,768) / 32) (every reach up to 2^1023 has a code at
/// most 2.2 % above it; `0xFFFE` stands for any larger one).
struct BadgeReachCode: Sendable, Hashable, Comparable {
  var raw: UInt16

  static let none = BadgeReachCode(raw: 0)
  static let invalid = BadgeReachCode(raw: 0xFFFF)

  static func < (lhs: BadgeReachCode, rhs: BadgeReachCode) -> Bool { lhs.raw < rhs.raw }

  /// The reach the code stands for (a bound).
  var reach: Double {
    switch raw {
    case 0: 0
    case 0xFFFE, 0xFFFF: .infinity
    default: pow2((Double(raw) - 32_768) / 32)
    }
  }

  /// The code of a reach (a bound of it: its `reach` is at least `value`).
  init(bounding value: Double) {
    guard value > 0 else {
      self = .none
      return
    }
    guard value.isFinite else {
      self.raw = 0xFFFE
      return
    }
    var code = max(1, min(0xFFFE, Int((log2(value) * 32).rounded(.up)) + 32_768))
    while code < 0xFFFE && pow2((Double(code) - 32_768) / 32) < value { code += 1 }
    raw = UInt16(code)
  }

  fileprivate init(raw: UInt16) { self.raw = raw }

  /// A cell's count of badges (255: that many or more) and the bound of their reach.
  static func summary(of badges: [Badge]?) -> (UInt8, BadgeReachCode) {
    guard let badges, !badges.isEmpty else { return (0, .none) }
    var reach = 0.0
    for badge in badges {
      guard badge.isValid else { return (UInt8(min(255, badges.count)), .invalid) }
      let side = badge.placement(horizontal: false).reach
      reach = max(reach, side.left, side.right, side.above, side.below)
    }
    return (UInt8(min(255, badges.count)), BadgeReachCode(bounding: reach))
  }
}

/// 2^x.
private func pow2(_ x: Double) -> Double { exp2(x) }
