import Synchronization

/// A named layout trait, as in Hub Framework: a word a cell uses to *describe* its layout
/// ("I am full width", "I stack") instead of giving metrics. The layout manager turns traits
/// into margins, so cells never need to know about each other.
///
/// Traits are an open set: apps declare their own next to the five standard ones.
///
/// ```swift
/// extension LayoutTrait {
///   static let leftMarginOnly = LayoutTrait("leftMarginOnly")
/// }
/// let traits: TraitSet = [.compactWidth, .leftMarginOnly]
/// ```
///
/// Each name is interned once, process-wide, into a small integer, so a ``TraitSet`` is a
/// 64-bit mask and layout never hashes a string. At most ``LayoutTrait/capacity`` distinct
/// names can exist in one process; ``LayoutTrait/init(interning:)`` reports when that
/// budget is spent instead of trapping.
public struct LayoutTrait: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The trait's position in the process-wide table (0 ..< ``capacity``).
  public let index: Int

  /// How many distinct trait names a process can intern.
  public static let capacity = 64

  /// Interns `name` and returns its trait.
  ///
  /// - Precondition: `name` is not empty and the process has interned fewer than
  ///   ``capacity`` distinct names. Use ``init(interning:)`` for names that come from data.
  public init(_ name: String) {
    guard let trait = LayoutTrait(interning: name) else {
      preconditionFailure(
        "LayoutTrait: cannot intern \(name.debugDescription): names must be non-empty and at most "
          + "\(LayoutTrait.capacity) distinct names fit in one process")
    }
    self = trait
  }

  /// Interns `name`, or returns `nil` when it is empty or the table is full.
  public init?(interning name: String) {
    guard !name.isEmpty, let index = TraitTable.shared.intern(name) else { return nil }
    self.index = index
  }

  /// The trait already interned under `name`, without interning anything new.
  public init?(existing name: String) {
    guard let index = TraitTable.shared.index(of: name) else { return nil }
    self.index = index
  }

  fileprivate init(index: Int) { self.index = index }

  /// The trait's name.
  public var name: String { TraitTable.shared.name(at: index) }

  public var description: String { name }

  public static func < (lhs: LayoutTrait, rhs: LayoutTrait) -> Bool { lhs.index < rhs.index }

  // MARK: The standard library of traits (Hub Framework's five)

  /// Keeps a horizontal margin on each side instead of stretching edge to edge.
  public static let compactWidth = LayoutTrait(index: 0)
  /// Spans the whole width: no horizontal margin.
  public static let fullWidth = LayoutTrait(index: 1)
  /// Stacks against other stackable cells (and the top and bottom edges) with no vertical margin.
  public static let stackable = LayoutTrait(index: 2)
  /// Groups with other centered cells on lines of their own, which are centered.
  public static let centered = LayoutTrait(index: 3)
  /// Always stacks against the line above with no vertical margin.
  public static let alwaysStackUpwards = LayoutTrait(index: 4)

  /// The five standard traits, in their interning order.
  public static let standard: [LayoutTrait] = [
    .compactWidth, .fullWidth, .stackable, .centered, .alwaysStackUpwards,
  ]
}

/// The process-wide interning table behind ``LayoutTrait``.
private final class TraitTable: Sendable {
  static let shared = TraitTable()

  private struct State {
    var names: [String] = ["compactWidth", "fullWidth", "stackable", "centered", "alwaysStackUpwards"]
    var indices: [String: Int] = [
      "compactWidth": 0, "fullWidth": 1, "stackable": 2, "centered": 3, "alwaysStackUpwards": 4,
    ]
  }

  private let state = Mutex(State())

  func intern(_ name: String) -> Int? {
    state.withLock { state in
      if let index = state.indices[name] { return index }
      guard state.names.count < LayoutTrait.capacity else { return nil }
      state.names.append(name)
      state.indices[name] = state.names.count - 1
      return state.names.count - 1
    }
  }

  func index(of name: String) -> Int? {
    state.withLock { $0.indices[name] }
  }

  func name(at index: Int) -> String {
    state.withLock { $0.names[index] }
  }
}

/// A set of layout traits, stored as a 64-bit mask (one bit per interned trait).
///
/// Membership tests, unions and equality are single machine instructions, which is what
/// lets the layout memoize a layout manager's answers per distinct pair of trait sets.
public struct TraitSet: Sendable, Hashable, BitwiseCopyable, SetAlgebra, ExpressibleByArrayLiteral, Sequence,
  CustomStringConvertible
{
  /// The mask: bit *i* is set when the trait interned at index *i* is a member.
  public var rawValue: UInt64

  /// Creates a set from its mask.
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  /// The empty set.
  public init() { rawValue = 0 }

  /// A set of the given traits.
  public init(arrayLiteral traits: LayoutTrait...) {
    self.init(traits)
  }

  /// A set of the given traits.
  public init<S: Sequence>(_ traits: S) where S.Element == LayoutTrait {
    rawValue = 0
    for trait in traits { rawValue |= 1 << UInt64(trait.index) }
  }

  /// Whether `trait` is a member.
  public func contains(_ trait: LayoutTrait) -> Bool {
    rawValue & (1 << UInt64(trait.index)) != 0
  }

  public var isEmpty: Bool { rawValue == 0 }
  public var count: Int { rawValue.nonzeroBitCount }

  public func union(_ other: TraitSet) -> TraitSet { TraitSet(rawValue: rawValue | other.rawValue) }
  public func intersection(_ other: TraitSet) -> TraitSet { TraitSet(rawValue: rawValue & other.rawValue) }
  public func symmetricDifference(_ other: TraitSet) -> TraitSet {
    TraitSet(rawValue: rawValue ^ other.rawValue)
  }
  @discardableResult
  public mutating func insert(_ trait: LayoutTrait) -> (inserted: Bool, memberAfterInsert: LayoutTrait) {
    let inserted = !contains(trait)
    rawValue |= 1 << UInt64(trait.index)
    return (inserted, trait)
  }
  @discardableResult
  public mutating func remove(_ trait: LayoutTrait) -> LayoutTrait? {
    guard contains(trait) else { return nil }
    rawValue &= ~(1 << UInt64(trait.index))
    return trait
  }
  @discardableResult
  public mutating func update(with trait: LayoutTrait) -> LayoutTrait? {
    let had = contains(trait)
    rawValue |= 1 << UInt64(trait.index)
    return had ? trait : nil
  }
  public mutating func formUnion(_ other: TraitSet) { rawValue |= other.rawValue }
  public mutating func formIntersection(_ other: TraitSet) { rawValue &= other.rawValue }
  public mutating func formSymmetricDifference(_ other: TraitSet) { rawValue ^= other.rawValue }

  /// The members in interning order.
  public func makeIterator() -> some IteratorProtocol<LayoutTrait> {
    var remaining = rawValue
    return AnyIterator<LayoutTrait> {
      guard remaining != 0 else { return nil }
      let index = remaining.trailingZeroBitCount
      remaining &= remaining - 1
      return LayoutTrait(index: index)
    }
  }

  /// The member names, in interning order.
  public var names: [String] { map(\.name) }

  public var description: String { "[" + names.joined(separator: ", ") + "]" }
}
