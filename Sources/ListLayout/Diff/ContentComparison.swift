import Flexbox
import LayoutGeometry
import SequentialLayout

// Whether two versions of an element lay out and render alike, for the diff's "updated"
// lists. Closures cannot be compared, so content holding one counts as changed.

extension Cell {
  /// Whether `other` has the same size, traits, attributes, sequential options, span and flexbox
  /// content (the id is the diff's key and is not compared).
  func hasSameContent(as other: Cell) -> Bool {
    guard sameTraits(traits, other.traits), size.isSame(as: other.size) else { return false }
    if !hasExtras && !other.hasExtras { return true }
    return attributes == other.attributes && sequential.isSame(as: other.sequential) && span == other.span
  }
}

extension Cell {
  /// ``hasSameContent(as:)`` for cells in arrays, reading only the fields it compares.
  static func sameContent(
    _ a: ContiguousArray<Cell>, _ i: Int, _ b: ContiguousArray<Cell>, _ j: Int
  ) -> Bool {
    if case .fixed(let x) = a[i].size, case .fixed(let y) = b[j].size {
      guard x == y else { return false }
    } else if !a[i].size.isSame(as: b[j].size) {
      return false
    }
    guard sameTraits(a[i].traits, b[j].traits) else { return false }
    if !a[i].hasExtras && !b[j].hasExtras { return true }
    return a[i].attributes == b[j].attributes && a[i].sequential.isSame(as: b[j].sequential)
      && a[i].span == b[j].span
  }
}

/// Whether two trait sets hold the same traits.
func sameTraits(_ lhs: TraitSet, _ rhs: TraitSet) -> Bool { lhs == rhs }

extension CellSize {
  func isSame(as other: CellSize) -> Bool {
    switch (self, other) {
    case (.fixed(let a), .fixed(let b)): a == b
    case (.automatic, .automatic): true
    case (.flex(let a), .flex(let b)): a.width == b.width && a.layout.isSame(as: b.layout)
    default: false
    }
  }
}

extension Layout {
  /// Whether two trees have the same identifiers, styles and shape, without recursion;
  /// a measure closure makes a node differ.
  func isSame(as other: Layout) -> Bool {
    var pending = [(self, other)]
    while let (a, b) = pending.popLast() {
      guard a.identifier == b.identifier, a.style == b.style, a.measure == nil, b.measure == nil,
        a.children.count == b.children.count
      else { return false }
      for (childA, childB) in zip(a.children, b.children) { pending.append((childA, childB)) }
    }
    return true
  }
}

extension FrameCalculator {
  /// Standard calculators compare by name; custom ones never compare equal.
  func isSame(as other: FrameCalculator) -> Bool { kind != nil && kind == other.kind }
}

extension Optional where Wrapped == SequentialItemOptions {
  func isSame(as other: SequentialItemOptions?) -> Bool {
    switch (self, other) {
    case (nil, nil): return true
    case (let a?, let b?):
      guard a.spacing == b.spacing, a.padding == b.padding else { return false }
      switch (a.frameCalculator, b.frameCalculator) {
      case (nil, nil): return true
      case (let x?, let y?): return x.isSame(as: y)
      default: return false
      }
    default: return false
    }
  }
}

extension Section {
  /// The key the diff matches sections by: the section's id, else its header's.
  var diffKey: String? { id ?? header?.id }

  /// Whether the section's own properties (not its cells) are the same.
  func hasSameOwnProperties(as other: Section) -> Bool {
    guard id == other.id, header.isSameSupplementary(as: other.header),
      footer.isSameSupplementary(as: other.footer), attributes == other.attributes,
      background == other.background, hasSameBehavior(as: other)
    else { return false }
    switch (layout ?? .flow, other.layout ?? .flow) {
    case (.flow, .flow): return true
    case (.sequential(let a), .sequential(let b)):
      return a.spacing == b.spacing && a.padding == b.padding
        && a.frameCalculator.isSame(as: b.frameCalculator)
    case (.grid(let a), .grid(let b)): return a == b
    case (.masonry(let a), .masonry(let b)): return a == b
    case (.carousel(let a), .carousel(let b)): return a == b
    default: return false
    }
  }
}

extension Optional where Wrapped == Supplementary {
  func isSameSupplementary(as other: Supplementary?) -> Bool {
    switch (self, other) {
    case (nil, nil): true
    case (let a?, let b?):
      a.height == b.height && a.width == b.width && a.id == b.id && sameTraits(a.traits, b.traits)
    default: false
    }
  }
}

extension ListConfiguration {
  /// Whether every setting is the same. Layout managers compare with `==` when they are of
  /// one `Equatable` type (the built-in ones are); any other manager counts as changed, so a
  /// diff with a custom manager that is not `Equatable` lays the new model out whole.
  func isSame(as other: ListConfiguration) -> Bool {
    width == other.width && contentInsets == other.contentInsets && sectionSpacing == other.sectionSpacing
      && pinSectionHeaders == other.pinSectionHeaders && pinEmptySections == other.pinEmptySections
      && pinSectionFooters == other.pinSectionFooters && defaultCellSize == other.defaultCellSize
      && defaultSectionAttributes == other.defaultSectionAttributes
      && defaultCellAttributes == other.defaultCellAttributes && layoutDirection == other.layoutDirection
      && sameManagerForDiff(layoutManager, other.layoutManager)
      && listHeader == other.listHeader && listFooter == other.listFooter
      && scrollDirection == other.scrollDirection
  }
}

/// Two managers are the same when they are of one `Equatable` type and equal (stricter than
/// ``ListConfiguration``'s `==`, which lets a manager that is not `Equatable` equal any other of
/// its type: a diff cannot assume that two such managers place cells alike).
func sameManagerForDiff(_ lhs: any LayoutManager, _ rhs: any LayoutManager) -> Bool {
  func open<M: LayoutManager>(_ lhs: M) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    return equalValues(lhs, rhs)
  }
  return open(lhs)
}

private func equalValues<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
  guard let rhs = rhs as? T else { return false }
  return lhs == rhs
}
