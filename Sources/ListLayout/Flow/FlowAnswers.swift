import LayoutGeometry

/// What a flow section's layout manager answers, for every pair of some trait sets, as the
/// typesetter uses the answers (clamped as ``DirectSpacing`` clamps them): the table the
/// HTML page's copy of the typesetter reads to lay a flow section out again while a drag
/// previews a move.
///
/// Only for the built-in managers (``AttributesLayoutManager`` and ``HubLayoutManager``),
/// whose answers are this package's rules over values: a caller's manager is asked during
/// the layout only.
package struct FlowAnswers: Hashable, Sendable {
  /// Per trait set: the margins to the leading, trailing, top and bottom edges.
  package var leading: [Double] = []
  package var trailing: [Double] = []
  package var top: [Double] = []
  package var bottom: [Double] = []
  /// Per trait set, when the section has a header: the gap between a first-line cell and it.
  package var header: [Double]?
  /// `[k · n + p]`: the gap before a cell of set `k` after one of set `p` on its line
  /// (`.infinity`: a new line).
  package var horizontalGaps: [Double] = []
  /// `[k · n + p]`: the gap between a line whose first cell has set `k` and a cell of set `p`
  /// on the line above.
  package var verticalGaps: [Double] = []
  /// Whether a cell wider than a line shrinks to fit it (``OversizedCellPolicy/shrink``).
  package var shrinks = false
  /// Whether the answers depend on traits (else the layout asks with empty sets, and a line's
  /// offset is the section's alignment).
  package var usesTraits = false
  /// Whether a line whose cells are all ``LayoutTrait/centered`` is centred between its first
  /// cell's leading and its last cell's trailing space, rounded down (``HubLayoutManager``'s
  /// line offset); else every line follows the section's alignment.
  package var centersCenteredLines = false
}

extension LayoutSnapshot {
  /// The answers of the list's layout manager for flow section `section` (its attributes,
  /// in layout space, and its header's traits) over `traits`: `nil` unless the manager is
  /// a built-in one.
  ///
  /// - Complexity: O(t²) for t trait sets.
  package func flowAnswers(inSection section: Int, traits: [TraitSet]) -> FlowAnswers? {
    let manager = configuration.layoutManager
    if let attributes = manager as? AttributesLayoutManager {
      var policy = DirectSpacing(attributes)
      return flowAnswers(inSection: section, traits: traits, policy: &policy, centers: false)
    }
    if let hub = manager as? HubLayoutManager {
      var policy = DirectSpacing(hub)
      return flowAnswers(inSection: section, traits: traits, policy: &policy, centers: true)
    }
    return nil
  }

  private func flowAnswers<Manager: LayoutManager>(
    inSection section: Int, traits: [TraitSet], policy: inout DirectSpacing<Manager>, centers: Bool
  ) -> FlowAnswers? {
    guard model.sections.indices.contains(section) else { return nil }
    let model = model.sections[section]
    var attributes = model.attributes ?? configuration.defaultSectionAttributes
    if scrollAxis == .horizontal { attributes = attributes.transposed }
    policy.begin(section: attributes)
    let uses = policy.usesTraits
    let keys = traits.map { uses ? policy.key($0) : .none }
    let header = model.header.map { uses ? policy.key($0.traits) : .none }
    var answers = FlowAnswers()
    answers.usesTraits = uses
    answers.shrinks = policy.oversizedCellPolicy == .shrink
    answers.centersCenteredLines = centers && uses
    answers.leading = keys.map { policy.margin($0, .left) }
    answers.trailing = keys.map { policy.margin($0, .right) }
    answers.top = keys.map { policy.margin($0, .top) }
    answers.bottom = keys.map { policy.margin($0, .bottom) }
    if let header { answers.header = keys.map { policy.gapToHeader($0, header) } }
    answers.horizontalGaps.reserveCapacity(keys.count * keys.count)
    answers.verticalGaps.reserveCapacity(keys.count * keys.count)
    for key in keys {
      for preceding in keys {
        answers.horizontalGaps.append(policy.horizontalGap(key, after: preceding))
        answers.verticalGaps.append(policy.verticalGap(key, below: preceding))
      }
    }
    return answers
  }
}
