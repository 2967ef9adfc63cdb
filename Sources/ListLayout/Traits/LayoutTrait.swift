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
/// A trait is its name: there is no process-wide table and no limit on how many distinct
/// names a process may use, so one feed's names can never exhaust what another feed needs.
/// The five standard traits are stored as bits, and each layout numbers the other trait
/// sets it meets once, so the layout still compares small integers, never strings.
public struct LayoutTrait: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The trait's name.
  public let name: String
  /// The trait's bit among the standard traits, or 0 for an app-defined trait.
  let standardBit: UInt8

  /// The trait called `name`.
  ///
  /// - Precondition: `name` is not empty. Use ``init(validating:)`` for names that come
  ///   from data.
  public init(_ name: String) {
    guard let trait = LayoutTrait(validating: name) else {
      preconditionFailure("LayoutTrait: a trait name must not be empty")
    }
    self = trait
  }

  /// The trait called `name`, or `nil` when `name` is empty.
  public init?(validating name: String) {
    guard !name.isEmpty else { return nil }
    self.name = name
    self.standardBit = LayoutTrait.standardBits[name] ?? 0
  }

  private init(standard name: String, bit: UInt8) {
    self.name = name
    self.standardBit = bit
  }

  public var description: String { name }

  /// Standard traits first, in their documented order, then the others by name.
  public static func < (lhs: LayoutTrait, rhs: LayoutTrait) -> Bool {
    switch (lhs.standardBit, rhs.standardBit) {
    case (0, 0): lhs.name < rhs.name
    case (0, _): false
    case (_, 0): true
    case (let a, let b): a < b
    }
  }

  public static func == (lhs: LayoutTrait, rhs: LayoutTrait) -> Bool { lhs.name == rhs.name }
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }

  // MARK: The standard library of traits (Hub Framework's five)

  /// Keeps a horizontal margin on each side instead of stretching edge to edge.
  public static let compactWidth = LayoutTrait(standard: "compactWidth", bit: 1 << 0)
  /// Spans the whole width: no horizontal margin.
  public static let fullWidth = LayoutTrait(standard: "fullWidth", bit: 1 << 1)
  /// Stacks against other stackable cells (and the top and bottom edges) with no vertical margin.
  public static let stackable = LayoutTrait(standard: "stackable", bit: 1 << 2)
  /// Groups with other centered cells on lines of their own, which are centered.
  public static let centered = LayoutTrait(standard: "centered", bit: 1 << 3)
  /// Always stacks against the line above with no vertical margin.
  public static let alwaysStackUpwards = LayoutTrait(standard: "alwaysStackUpwards", bit: 1 << 4)

  /// The five standard traits, in their documented order.
  public static let standard: [LayoutTrait] = [
    .compactWidth, .fullWidth, .stackable, .centered, .alwaysStackUpwards,
  ]

  private static let standardBits: [String: UInt8] = Dictionary(
    uniqueKeysWithValues: standard.map { ($0.name, $0.standardBit) })
}

/// A set of layout traits: the five standard traits as bits, app-defined names (if any) in
/// one shared, immutable, sorted array.
///
/// Membership of a standard trait, unions of standard traits and equality of sets without
/// app-defined names are single machine instructions; a set with app-defined names costs one
/// reference, shared by every copy (a decoded feed shares one per distinct trait list).
public struct TraitSet: Sendable, Hashable, SetAlgebra, ExpressibleByArrayLiteral, Sequence,
  CustomStringConvertible
{
  /// The standard members, one bit each (``LayoutTrait/standardBit``).
  var standardBits: UInt8
  /// The app-defined members, sorted by name; `nil` when there are none.
  var custom: CustomTraitNames?

  /// The empty set.
  public init() {
    standardBits = 0
    custom = nil
  }

  /// A set of the given traits.
  public init(arrayLiteral traits: LayoutTrait...) {
    self.init(traits)
  }

  /// A set of the given traits.
  public init<S: Sequence>(_ traits: S) where S.Element == LayoutTrait {
    standardBits = 0
    var names: [String] = []
    for trait in traits {
      if trait.standardBit != 0 {
        standardBits |= trait.standardBit
      } else {
        names.append(trait.name)
      }
    }
    custom = CustomTraitNames(unsorted: names)
  }

  init(standardBits: UInt8, custom: CustomTraitNames?) {
    self.standardBits = standardBits
    self.custom = custom
  }

  /// Whether `trait` is a member.
  @inline(__always)
  public func contains(_ trait: LayoutTrait) -> Bool {
    if trait.standardBit != 0 { return standardBits & trait.standardBit != 0 }
    return custom?.contains(trait.name) ?? false
  }

  public var isEmpty: Bool { standardBits == 0 && custom == nil }
  public var count: Int { standardBits.nonzeroBitCount + (custom?.names.count ?? 0) }

  public static func == (lhs: TraitSet, rhs: TraitSet) -> Bool {
    guard lhs.standardBits == rhs.standardBits else { return false }
    switch (lhs.custom, rhs.custom) {
    case (nil, nil): return true
    case (let a?, let b?): return a === b || a.names == b.names
    default: return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(standardBits)
    hasher.combine(custom?.hash ?? 0)
  }

  private func combined(_ other: TraitSet, bits: UInt8, keep: (Bool, Bool) -> Bool) -> TraitSet {
    if custom == nil, other.custom == nil { return TraitSet(standardBits: bits, custom: nil) }
    let mine = Set(custom?.names ?? [])
    let theirs = Set(other.custom?.names ?? [])
    let names = mine.union(theirs).filter { keep(mine.contains($0), theirs.contains($0)) }
    return TraitSet(standardBits: bits, custom: CustomTraitNames(unsorted: Array(names)))
  }

  public func union(_ other: TraitSet) -> TraitSet {
    if other.custom == nil || other.custom === custom {
      return TraitSet(standardBits: standardBits | other.standardBits, custom: custom)
    }
    return combined(other, bits: standardBits | other.standardBits) { $0 || $1 }
  }
  public func intersection(_ other: TraitSet) -> TraitSet {
    combined(other, bits: standardBits & other.standardBits) { $0 && $1 }
  }
  public func symmetricDifference(_ other: TraitSet) -> TraitSet {
    combined(other, bits: standardBits ^ other.standardBits) { $0 != $1 }
  }
  @discardableResult
  public mutating func insert(_ trait: LayoutTrait) -> (inserted: Bool, memberAfterInsert: LayoutTrait) {
    let inserted = !contains(trait)
    if inserted { self = union([trait]) }
    return (inserted, trait)
  }
  @discardableResult
  public mutating func remove(_ trait: LayoutTrait) -> LayoutTrait? {
    guard contains(trait) else { return nil }
    self = symmetricDifference([trait])
    return trait
  }
  @discardableResult
  public mutating func update(with trait: LayoutTrait) -> LayoutTrait? {
    let had = contains(trait)
    if !had { self = union([trait]) }
    return had ? trait : nil
  }
  public mutating func formUnion(_ other: TraitSet) { self = union(other) }
  public mutating func formIntersection(_ other: TraitSet) { self = intersection(other) }
  public mutating func formSymmetricDifference(_ other: TraitSet) { self = symmetricDifference(other) }

  /// The members: the standard traits in their documented order, then the others by name.
  public func makeIterator() -> some IteratorProtocol<LayoutTrait> {
    var remaining = standardBits
    var names = (custom?.names ?? []).makeIterator()
    return AnyIterator<LayoutTrait> {
      if remaining != 0 {
        let bit = UInt8(1) << UInt8(remaining.trailingZeroBitCount)
        remaining &= remaining - 1
        return LayoutTrait.standard.first { $0.standardBit == bit }
      }
      return names.next().map { LayoutTrait($0) }
    }
  }

  /// The member names, in the order of iteration.
  public var names: [String] { map(\.name) }

  public var description: String { "[" + names.joined(separator: ", ") + "]" }
}

/// The app-defined names of a ``TraitSet``: sorted, unique, never empty, immutable, with
/// their hash computed once.
final class CustomTraitNames: Sendable {
  let names: [String]
  let hash: Int

  /// The names, sorted and without repeats; `nil` when there are none.
  init?(unsorted: [String]) {
    guard !unsorted.isEmpty else { return nil }
    var sorted = unsorted.sorted()
    var unique = 0
    for i in sorted.indices where i == 0 || sorted[i] != sorted[unique - 1] {
      sorted.swapAt(unique, i)
      unique += 1
    }
    sorted.removeLast(sorted.count - unique)
    names = sorted
    var hasher = Hasher()
    hasher.combine(sorted)
    hash = hasher.finalize()
  }

  func contains(_ name: String) -> Bool {
    var low = 0
    var high = names.count
    while low < high {
      let mid = (low + high) / 2
      if names[mid] < name { low = mid + 1 } else { high = mid }
    }
    return low < names.count && names[low] == name
  }
}

/// A trait set as one layout sees it: a small integer that is equal for equal sets within
/// that layout. Sets of standard traits are their own bits; the layout's
/// ``TraitVocabulary`` numbers the others as it meets them.
struct TraitKey: Hashable, BitwiseCopyable {
  var rawValue: UInt64

  /// The empty set's key.
  static let none = TraitKey(rawValue: 0)
}

/// The trait sets one layout has met, numbered: turns a cell's ``TraitSet`` into the
/// ``TraitKey`` the typesetter keeps and memoizes by, and back for the layout manager.
///
/// It lives as long as the layout that owns it, so names read from one feed are forgotten
/// with that feed's layout.
struct TraitVocabulary {
  private var sets: [TraitSet] = []
  private var keys: [TraitSet: Int] = [:]
  /// The last set with app-defined names that was numbered: consecutive cells usually share
  /// one (a decoded feed shares the names of equal trait lists).
  private var lastCustom: CustomTraitNames?
  private var lastBits: UInt8 = 0
  private var lastKey = TraitKey.none

  private static let customFlag: UInt64 = 1 << 63

  /// The key of `traits` in this layout.
  @inline(__always)
  mutating func key(_ traits: TraitSet) -> TraitKey {
    guard let custom = traits.custom else { return TraitKey(rawValue: UInt64(traits.standardBits)) }
    if custom === lastCustom, traits.standardBits == lastBits { return lastKey }
    return numbered(traits, custom)
  }

  private mutating func numbered(_ traits: TraitSet, _ custom: CustomTraitNames) -> TraitKey {
    let index: Int
    if let known = keys[traits] {
      index = known
    } else {
      index = sets.count
      sets.append(traits)
      keys[traits] = index
    }
    lastCustom = custom
    lastBits = traits.standardBits
    lastKey = TraitKey(rawValue: TraitVocabulary.customFlag | UInt64(index))
    return lastKey
  }

  /// The set a key stands for.
  func traits(_ key: TraitKey) -> TraitSet {
    if key.rawValue & TraitVocabulary.customFlag == 0 {
      return TraitSet(standardBits: UInt8(truncatingIfNeeded: key.rawValue), custom: nil)
    }
    return sets[Int(key.rawValue & ~TraitVocabulary.customFlag)]
  }
}
