import LayoutGeometry

/// An edge of a section's content area, as Hub's `HUBComponentLayoutContentEdge`.
public enum ContentEdge: Sendable, Hashable, CaseIterable {
  case top, left, bottom, right

  /// Whether the edge is the top or the bottom one.
  public var isVertical: Bool { self == .top || self == .bottom }
}

/// The measurements of a finished line, given to ``LayoutManager/horizontalOffset(forLineWith:metrics:in:)``.
///
/// ```
///  |◀──────────────────── availableWidth ───────────────────▶|
///  |◀ firstCellMinX ▶┌────┐   ┌──────┐                         |
///  |                 │    │   │      │◀── trailing space ─────▶|
///  |                 └────┘   └──────┘                         |
///  |◀──────────── usedWidth ───────────▶| (last cell + its right inset)
///                                   lastCellMaxX
/// ```
/// All positions are relative to the start of the line box (after section insets and
/// indentation).
public struct LineMetrics: Sendable, Hashable {
  /// The width of the line box.
  public var availableWidth: Double
  /// The width the line's cells take, from the start of the line box to the end of the last
  /// cell's right inset.
  public var usedWidth: Double
  /// Where the first cell's frame starts.
  public var firstCellMinX: Double
  /// Where the last cell's frame ends.
  public var lastCellMaxX: Double

  /// Creates line metrics (the layout makes these; tests of managers may too).
  public init(availableWidth: Double, usedWidth: Double, firstCellMinX: Double, lastCellMaxX: Double) {
    self.availableWidth = availableWidth
    self.usedWidth = usedWidth
    self.firstCellMinX = firstCellMinX
    self.lastCellMaxX = lastCellMaxX
  }

  /// The width left over: `availableWidth − usedWidth` (negative when a cell overflows).
  public var remainingWidth: Double { availableWidth - usedWidth }
}

/// What to do with a cell wider than a whole line.
public enum OversizedCellPolicy: String, Sendable, Hashable, CaseIterable {
  /// The cell sits alone on its line at its own width and overflows as CSS flexbox overflows
  /// (FSQ's behaviour; the default).
  case overflow
  /// The cell sits alone on its line and its width shrinks to fit the line (Hub's behaviour).
  case shrink
}

/// The spacing policy of a list: one central object that turns cells' layout traits (and the
/// section's attributes) into margins and gaps, as Hub Framework's `HUBComponentLayoutManager`.
///
/// The placement algorithm asks it five questions and never looks at metrics anywhere else:
///
/// ```
///   ┌────────────────────────── section content ───────────────────────────┐
///   │ (header)                                                              │
///   │   ▲ verticalGap(for:toHeaderWith:)  or  margin(for:to: .top)          │
///   │ ┌────┐ horizontalGap(for:after:) ┌────┐                               │
///   │◀┤ A  ├──────────────────────────▶┤ B  ├▶ margin(for:to: .right)       │
///   │ └────┘                           └────┘                               │
///   │   ▲ verticalGap(for:below:) (largest over the line above)             │
///   │ ┌──────────────┐                                                      │
///   │ │      C       │    ← the whole line moved by horizontalOffset(…)     │
///   │ └──────────────┘                                                      │
///   │   ▼ margin(for:to: .bottom)                                           │
///   └───────────────────────────────────────────────────────────────────────┘
/// ```
///
/// Cells never know about each other: only the manager does. Answers must depend only on
/// the arguments: the layout memoizes them per distinct pair of trait sets, so a million
/// cells cost a handful of calls. NaN, negative and infinite answers are clamped to 0 (but
/// an infinite horizontal gap, which starts a new line).
///
/// Hub Framework's guide example (15-point vertical and 20-point horizontal margins, with
/// stackable and full-width exceptions) is this type:
///
/// ```swift
/// struct GuideLayoutManager: LayoutManager {
///   func margin(for traits: TraitSet, to edge: ContentEdge, in section: SectionAttributes) -> Double {
///     edge.isVertical ? 15 : (traits.contains(.fullWidth) ? 0 : 20)
///   }
///   func verticalGap(for traits: TraitSet, toHeaderWith header: TraitSet, in section: SectionAttributes) -> Double {
///     traits.contains(.stackable) ? 0 : 15
///   }
///   func horizontalGap(for traits: TraitSet, after preceding: TraitSet, in section: SectionAttributes) -> Double {
///     traits.contains(.fullWidth) ? 0 : 20
///   }
///   func verticalGap(for traits: TraitSet, below preceding: TraitSet, in section: SectionAttributes) -> Double {
///     traits.contains(.stackable) && preceding.contains(.stackable) ? 0 : 15
///   }
/// }
/// ```
public protocol LayoutManager: Sendable {
  /// The margin between a cell and an edge of its section's content area.
  ///
  /// Asked for the leading edge of each line's first cell, the trailing edge of every cell
  /// (a cell fits on a line when it ends at least this far from the line's end), the top edge
  /// of first-line cells in a section without a header, and the bottom edge of last-line cells.
  func margin(for traits: TraitSet, to edge: ContentEdge, in section: SectionAttributes) -> Double

  /// The vertical gap between a cell on a section's first line and the section's header.
  func verticalGap(
    for traits: TraitSet, toHeaderWith headerTraits: TraitSet, in section: SectionAttributes
  )
    -> Double

  /// The horizontal gap between a cell and the cell before it on the same line.
  ///
  /// Return `.infinity` to force the cell onto a new line.
  func horizontalGap(for traits: TraitSet, after preceding: TraitSet, in section: SectionAttributes) -> Double

  /// The vertical gap between a new line, whose first cell has `traits`, and a cell of the
  /// line above. The line is placed below the largest of these gaps.
  func verticalGap(for traits: TraitSet, below preceding: TraitSet, in section: SectionAttributes) -> Double

  /// How far to move a finished line horizontally (towards the trailing edge when positive).
  ///
  /// The default implementation aligns the line as the section's ``SectionAttributes/horizontalAlignment``
  /// says: left adds nothing, center half the remaining width, right all of it.
  func horizontalOffset(
    forLineWith traits: LineTraits, metrics: LineMetrics, in section: SectionAttributes
  )
    -> Double

  /// What to do with a cell wider than a line; the default is ``OversizedCellPolicy/overflow``.
  var oversizedCellPolicy: OversizedCellPolicy { get }

  /// Whether the layout should cache this manager's answers per pair of trait sets; the
  /// default is `true`. Managers whose answers are cheaper than a cache look-up opt out.
  var prefersMemoization: Bool { get }

  /// Whether any answer depends on the cells' (or the header's) traits; the default is
  /// `true`.
  ///
  /// A manager that returns `false` promises that its margins and gaps depend only on the
  /// section's attributes. The layout then asks each question once per section, with empty
  /// trait sets, and places the section's cells with those answers (the fast path the
  /// default ``AttributesLayoutManager`` takes); it does not gather traits, so
  /// ``horizontalOffset(forLineWith:metrics:in:)`` receives an empty ``LineTraits``.
  var dependsOnTraits: Bool { get }
}

extension LayoutManager {
  public func verticalGap(
    for traits: TraitSet, toHeaderWith headerTraits: TraitSet, in section: SectionAttributes
  )
    -> Double
  {
    verticalGap(for: traits, below: headerTraits, in: section)
  }

  public func horizontalOffset(
    forLineWith traits: LineTraits, metrics: LineMetrics, in section: SectionAttributes
  )
    -> Double
  {
    section.horizontalAlignment.offset(for: metrics)
  }

  public var oversizedCellPolicy: OversizedCellPolicy { .overflow }

  public var prefersMemoization: Bool { true }

  public var dependsOnTraits: Bool { true }
}

extension HorizontalAlignment {
  /// The offset that aligns a line: 0, half the remaining width, or all of it.
  ///
  /// Centering is exact (no rounding), as CSS `justify-content: center`; an overflowing
  /// line overflows both sides equally.
  public func offset(for metrics: LineMetrics) -> Double {
    switch self {
    case .left: 0
    case .center: metrics.remainingWidth / 2
    case .right: metrics.remainingWidth
    }
  }
}

/// The trait sets of a finished line's cells, in order: what
/// ``LayoutManager/horizontalOffset(forLineWith:metrics:in:)`` sees.
public struct LineTraits: RandomAccessCollection, Sendable {
  let storage: ContiguousArray<TraitSet>
  let range: Range<Int>

  init(storage: ContiguousArray<TraitSet>, range: Range<Int>) {
    self.storage = storage
    self.range = range
  }

  /// Wraps an array of trait sets.
  public init(_ traits: [TraitSet]) {
    self.storage = ContiguousArray(traits)
    self.range = 0..<traits.count
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { range.count }
  public subscript(position: Int) -> TraitSet { storage[range.lowerBound + position] }

  /// Whether every cell of the line has `trait` (false for an empty line).
  public func allContain(_ trait: LayoutTrait) -> Bool {
    !isEmpty && allSatisfy { $0.contains(trait) }
  }
}
