import LayoutGeometry

/// A cell's sizing closure with an identity, so that a `.sizing` ``CellSize`` can be compared
/// and hashed.
///
/// Closures cannot be compared, so a callback compares by identity: copies of one callback
/// (of a cell, a section, a model) are equal; two callbacks made from two closures are not,
/// even when the closures' code is the same.
///
/// ```swift
/// let size = CellSize.sizing { proposal in Size(width: proposal.remainingLineSpace, height: 44) }
/// size == size                                       // true: the same callback
/// size == .sizing { _ in Size(width: 10, height: 44) }  // false: another callback
/// ```
///
/// A sizing callback cannot be written as feed JSON: ``ListModel/jsonData(options:)`` throws
/// ``FeedWritingError/notRepresentable(path:reason:)`` for it.
public struct SizingCallback: Sendable, Hashable {
  /// The closure, boxed: the box's identity is the callback's identity.
  private final class Box: Sendable {
    let body: @Sendable (SizingProposal) -> Size
    init(_ body: @escaping @Sendable (SizingProposal) -> Size) { self.body = body }
  }

  private let box: Box

  /// Wraps `body` in a new callback, unequal to every other callback.
  public init(_ body: @escaping @Sendable (SizingProposal) -> Size) {
    box = Box(body)
  }

  /// The size the closure gives for `proposal`.
  public func callAsFunction(_ proposal: SizingProposal) -> Size { box.body(proposal) }

  public static func == (lhs: SizingCallback, rhs: SizingCallback) -> Bool { lhs.box === rhs.box }

  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(box)) }
}
