/// A value that section *i* of an updated model has when the update leaves the sections
/// where they were (old section *i* is new section *i*).
protocol InPlaceSectionValue {
  /// The value of section `index` when every section stays in place.
  static func inPlace(_ index: Int) -> Self
}

/// One value per section of an updated model: where it came from, which old section fills
/// it, an old section's new index.
///
/// An update with no section operations (the usual edit: cells resized, inserted, deleted)
/// keeps every section in place, and then only the sections it touches differ from
/// ``InPlaceSectionValue/inPlace(_:)``: the map holds those few and answers the rest, so
/// planning an edit costs O(touched sections) rather than O(sections). Any other update
/// spells out every section's value.
struct SectionMap<Element: InPlaceSectionValue>: RandomAccessCollection, MutableCollection {
  /// Every section's value, or `nil` when the sections are in place.
  private var all: [Element]?
  /// In place: the sections whose value is not ``InPlaceSectionValue/inPlace(_:)``.
  private var overrides: [Int: Element] = [:]
  /// The number of sections.
  let count: Int

  /// A map of `count` sections left in place.
  init(inPlace count: Int) {
    self.count = count
  }

  /// A map with every section's value given.
  init(_ values: [Element]) {
    all = values
    count = values.count
  }

  /// Whether every section is in place (some may still be overridden).
  var isInPlace: Bool { all == nil }

  /// The sections whose value may differ from ``InPlaceSectionValue/inPlace(_:)``, in order:
  /// the overridden ones when in place, else every section.
  ///
  /// - Complexity: O(k log k) for k overrides when in place; O(count) otherwise.
  var candidates: [Int] { all == nil ? overrides.keys.sorted() : Array(0..<count) }

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  subscript(index: Int) -> Element {
    get {
      precondition(index >= 0 && index < count, "section \(index) out of 0..<\(count)")
      if let all { return all[index] }
      return overrides[index] ?? .inPlace(index)
    }
    set {
      precondition(index >= 0 && index < count, "section \(index) out of 0..<\(count)")
      if all != nil {
        all![index] = newValue
      } else {
        overrides[index] = newValue
      }
    }
  }
}

extension SectionOrigin: InPlaceSectionValue {
  static func inPlace(_ index: Int) -> SectionOrigin { .unchanged(old: index) }
}

extension SectionSlot: InPlaceSectionValue {
  static func inPlace(_ index: Int) -> SectionSlot { .old(index) }
}

/// An old section's new index (`nil` when deleted or reloaded).
extension Optional: InPlaceSectionValue where Wrapped == Int {
  static func inPlace(_ index: Int) -> Int? { index }
}
