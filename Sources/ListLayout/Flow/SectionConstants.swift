import LayoutGeometry

/// A manager's answers for one section when none of them depends on traits
/// (``LayoutManager/dependsOnTraits`` is `false`) and the default cell attributes neither
/// break nor indent lines: asked once when the section begins and then answered from these
/// constants, so that the typesetter specialized for them places a cell with no call at all
/// and no test of the default attributes. The line offset is still asked of `base` per line
/// (for the default manager it is the section's alignment, inlined).
struct SectionConstants<Base: SpacingPolicy>: SpacingPolicy {
  let base: Base
  let leadingMargin: Double
  let trailingMargin: Double
  let topMargin: Double
  let bottomMargin: Double
  let headerGap: Double
  let itemGap: Double
  let lineGap: Double
  let oversizedCellPolicy: OversizedCellPolicy

  /// The answers for the section `policy` has begun, or `nil` when they depend on traits,
  /// when the manager asks for a new line before every cell, or when the default cell
  /// attributes break or indent lines.
  init?(_ policy: inout Base, headerTraits: TraitKey?, defaults: CellAttributes) {
    guard !policy.usesTraits, !defaults.shouldBeginLine, !defaults.shouldEndLine,
      !defaults.startLineIndentation
    else { return nil }
    let none = TraitKey.none
    itemGap = policy.horizontalGap(none, after: none)
    guard itemGap.isFinite else { return nil }
    leadingMargin = policy.margin(none, .left)
    trailingMargin = policy.margin(none, .right)
    topMargin = policy.margin(none, .top)
    bottomMargin = policy.margin(none, .bottom)
    headerGap = headerTraits.map { policy.gapToHeader(none, $0) } ?? 0
    lineGap = policy.verticalGap(none, below: none)
    oversizedCellPolicy = policy.oversizedCellPolicy
    base = policy
  }

  var usesTraits: Bool { false }
  func key(_ traits: TraitSet) -> TraitKey { .none }
  static var defaultCellsArePlain: Bool { true }
  /// The constants were asked of the base once, but its line offsets are asked per line.
  static var answersAreRepeatable: Bool { Base.answersAreRepeatable }
  mutating func begin(section attributes: SectionAttributes) {}

  @inline(__always)
  func margin(_ traits: TraitKey, _ edge: ContentEdge) -> Double {
    switch edge {
    case .left: leadingMargin
    case .right: trailingMargin
    case .top: topMargin
    case .bottom: bottomMargin
    }
  }
  @inline(__always)
  func gapToHeader(_ traits: TraitKey, _ header: TraitKey) -> Double { headerGap }
  @inline(__always)
  func horizontalGap(_ traits: TraitKey, after preceding: TraitKey) -> Double { itemGap }
  @inline(__always)
  func verticalGap(_ traits: TraitKey, below preceding: TraitKey) -> Double { lineGap }
  @inline(__always)
  func lineOffset(_ traits: UnsafeBufferPointer<TraitKey>, _ metrics: LineMetrics) -> Double {
    base.lineOffset(traits, metrics)
  }
}
