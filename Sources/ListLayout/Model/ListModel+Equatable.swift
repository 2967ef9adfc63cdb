import Flexbox
import LayoutGeometry
import SequentialLayout

// Equality of models: what a model-level test compares, and what a feed round trip
// (`ListModel(json: model.jsonData()) == model`) preserves.
//
// Everything that is a value compares by value. Three things hold code rather than values:
//
// - a `.sizing` closure compares by identity (``SizingCallback``);
// - the layout manager, an existential: two managers are equal when they are of the same type
//   and, if that type is `Equatable` (both built-in managers are), equal by its `==`; a custom
//   manager that is not `Equatable` compares by its type alone;
// - a custom frame calculator (``FrameCalculator`` with no standard ``FrameCalculator/kind``)
//   and a flexbox node's `measure` closure carry no identity: they compare by kind alone (any
//   two custom calculators with the same `dependsOnContainerHeight` are equal; two nodes
//   with measure closures are equal as far as the closures go).
//
// Hashes agree with equality: each hashes only what its `==` compares.

extension CellSize: Hashable {
  /// Whether two sizes are the same: fixed sizes by value, flexbox contents by their trees,
  /// and `.sizing` callbacks by identity (see ``SizingCallback``).
  public static func == (lhs: CellSize, rhs: CellSize) -> Bool {
    switch (lhs, rhs) {
    case (.fixed(let a), .fixed(let b)): a == b
    case (.automatic, .automatic): true
    case (.sizing(let a), .sizing(let b)): a == b
    case (.flex(let a), .flex(let b)): a == b
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .fixed(let size):
      hasher.combine(0)
      hasher.combine(size)
    case .automatic: hasher.combine(1)
    case .sizing(let callback):
      hasher.combine(2)
      hasher.combine(callback)
    case .flex(let content):
      hasher.combine(3)
      hasher.combine(content)
    }
  }
}

extension Cell: Hashable {
  public static func == (lhs: Cell, rhs: Cell) -> Bool {
    lhs.id == rhs.id && lhs.size == rhs.size && lhs.traits == rhs.traits && lhs.attributes == rhs.attributes
      && lhs.sequential == rhs.sequential && lhs.span == rhs.span
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(size)
    hasher.combine(traits)
    hasher.combine(attributes)
    hasher.combine(sequential)
    hasher.combine(span)
  }
}

extension ChunkedList: Equatable where Element: Equatable {
  public static func == (lhs: ChunkedList, rhs: ChunkedList) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }
}

extension ChunkedList: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

extension SequentialItemOptions: Hashable {
  /// Whether two options are the same: insets by value, standard frame calculators by kind,
  /// custom ones (whose closures cannot be compared) by `dependsOnContainerHeight` alone.
  public static func == (lhs: SequentialItemOptions, rhs: SequentialItemOptions) -> Bool {
    lhs.spacing == rhs.spacing && lhs.padding == rhs.padding
      && sameCalculator(lhs.frameCalculator, rhs.frameCalculator)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(spacing)
    hasher.combine(padding)
    hashCalculator(frameCalculator, into: &hasher)
  }
}

extension SectionLayout: Hashable {
  public static func == (lhs: SectionLayout, rhs: SectionLayout) -> Bool {
    switch (lhs, rhs) {
    case (.flow, .flow): true
    case (.sequential(let a), .sequential(let b)):
      a.spacing == b.spacing && a.padding == b.padding && sameCalculator(a.frameCalculator, b.frameCalculator)
    case (.grid(let a), .grid(let b)): a == b
    case (.masonry(let a), .masonry(let b)): a == b
    case (.carousel(let a), .carousel(let b)): a == b
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .flow: hasher.combine(0)
    case .sequential(let defaults):
      hasher.combine(1)
      hasher.combine(defaults.spacing)
      hasher.combine(defaults.padding)
      hashCalculator(defaults.frameCalculator, into: &hasher)
    case .grid(let grid):
      hasher.combine(2)
      hasher.combine(grid)
    case .masonry(let masonry):
      hasher.combine(3)
      hasher.combine(masonry)
    case .carousel(let carousel):
      hasher.combine(4)
      hasher.combine(carousel)
    }
  }
}

extension Section: Hashable {
  public static func == (lhs: Section, rhs: Section) -> Bool {
    lhs.id == rhs.id && lhs.header == rhs.header && lhs.footer == rhs.footer
      && lhs.attributes == rhs.attributes
      && lhs.layout == rhs.layout && lhs.cells == rhs.cells && lhs.background == rhs.background
      && lhs.hasSameBehavior(as: rhs)
  }

  /// Whether the section's separator, collapsed state and pinning are the same: what
  /// changes the section's chrome but not where its cells go.
  func hasSameBehavior(as other: Section) -> Bool {
    separator == other.separator && collapsed == other.collapsed && pinHeader == other.pinHeader
      && pinFooter == other.pinFooter
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(header)
    hasher.combine(footer)
    hasher.combine(attributes)
    hasher.combine(layout)
    hasher.combine(cells)
    hasher.combine(background)
    hasher.combine(separator)
    hasher.combine(collapsed)
    hasher.combine(pinHeader)
    hasher.combine(pinFooter)
  }
}

extension ListConfiguration: Hashable {
  /// Whether two configurations are the same: every setting by value, and the layout managers
  /// when they are of the same type and, if that type is `Equatable` (both built-in managers
  /// are), equal by its `==`. A custom manager that is not `Equatable` compares by its type
  /// alone: make it `Equatable` (and `Hashable`) to compare its values.
  public static func == (lhs: ListConfiguration, rhs: ListConfiguration) -> Bool {
    lhs.width == rhs.width && lhs.contentInsets == rhs.contentInsets
      && lhs.sectionSpacing == rhs.sectionSpacing
      && lhs.pinSectionHeaders == rhs.pinSectionHeaders && lhs.pinEmptySections == rhs.pinEmptySections
      && lhs.pinSectionFooters == rhs.pinSectionFooters && lhs.defaultCellSize == rhs.defaultCellSize
      && lhs.defaultSectionAttributes == rhs.defaultSectionAttributes
      && lhs.defaultCellAttributes == rhs.defaultCellAttributes && lhs.layoutDirection == rhs.layoutDirection
      && sameManager(lhs.layoutManager, rhs.layoutManager)
      && lhs.listHeader == rhs.listHeader && lhs.listFooter == rhs.listFooter
      && lhs.scrollDirection == rhs.scrollDirection
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(width)
    hasher.combine(contentInsets)
    hasher.combine(sectionSpacing)
    hasher.combine(pinSectionHeaders)
    hasher.combine(pinEmptySections)
    hasher.combine(pinSectionFooters)
    hasher.combine(defaultCellSize)
    hasher.combine(defaultSectionAttributes)
    hasher.combine(defaultCellAttributes)
    hasher.combine(layoutDirection)
    hasher.combine(listHeader)
    hasher.combine(listFooter)
    hasher.combine(scrollDirection)
    hasher.combine(ObjectIdentifier(type(of: layoutManager)))
    if let manager = layoutManager as? any Hashable { hasher.combine(AnyHashable(manager)) }
  }
}

extension ListModel: Hashable {
  /// Whether two models are the same: configurations and sections, cell by cell.
  ///
  /// Everything compares by value except what holds code: a `.sizing` closure by identity
  /// (``SizingCallback``), the layout manager by value or type (see
  /// ``ListConfiguration/==(_:_:)``), and a custom frame calculator or a flexbox `measure`
  /// closure only as being there. A model read from a feed written by ``jsonData(options:)``
  /// equals the model written.
  ///
  /// - Complexity: O(n) in the number of cells.
  public static func == (lhs: ListModel, rhs: ListModel) -> Bool {
    lhs.configuration == rhs.configuration && lhs.sections == rhs.sections
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(configuration)
    hasher.combine(sections)
  }
}

extension FlexContent: Hashable {
  /// Two contents are equal when their widths are and their trees have the same shape,
  /// identifiers and styles; a node's `measure` closure counts only as present or absent.
  /// Compared without recursion, so trees of any depth are safe.
  public static func == (lhs: FlexContent, rhs: FlexContent) -> Bool {
    guard lhs.width == rhs.width else { return false }
    var pending = [(lhs.layout, rhs.layout)]
    while let (a, b) = pending.popLast() {
      guard a.identifier == b.identifier, a.style == b.style, (a.measure == nil) == (b.measure == nil) else {
        return false
      }
      let left = a.children
      let right = b.children
      guard left.count == right.count else { return false }
      pending.append(contentsOf: zip(left, right))
    }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(width)
    var pending = [layout]
    while let node = pending.popLast() {
      hasher.combine(node.identifier)
      hasher.combine(node.style)
      hasher.combine(node.measure == nil)
      let children = node.children
      hasher.combine(children.count)
      pending.append(contentsOf: children)
    }
  }
}

/// Whether two layout managers are equal: the same type, and equal by that type's `==` when
/// it is `Equatable`.
func sameManager(_ lhs: any LayoutManager, _ rhs: any LayoutManager) -> Bool {
  guard ObjectIdentifier(type(of: lhs)) == ObjectIdentifier(type(of: rhs)) else { return false }
  guard let lhs = lhs as? any Equatable else { return true }
  return isEqual(lhs, rhs)
}

private func isEqual<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool {
  guard let rhs = rhs as? Value else { return false }
  return lhs == rhs
}

/// Whether two frame calculators are equal: standard ones by kind; custom ones (whose closures
/// cannot be compared) by whether their frames depend on the container's height.
func sameCalculator(_ lhs: FrameCalculator<Int>?, _ rhs: FrameCalculator<Int>?) -> Bool {
  switch (lhs, rhs) {
  case (nil, nil): true
  case (let a?, let b?): a.kind == b.kind && a.dependsOnContainerHeight == b.dependsOnContainerHeight
  default: false
  }
}

private func hashCalculator(_ calculator: FrameCalculator<Int>?, into hasher: inout Hasher) {
  hasher.combine(calculator?.kind)
  hasher.combine(calculator?.dependsOnContainerHeight)
}
