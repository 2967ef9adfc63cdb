import LayoutGeometry

extension ListModel {
  /// Lays out every section and returns the snapshot.
  ///
  /// Sections are independent given the width: each is laid out relative to its own top and
  /// then stacked with the section spacing.
  ///
  /// - Throws: ``LayoutError`` naming the first invalid value (a NaN, infinite or negative
  ///   size, spacing or inset; a zero or negative width), or naming the section whose finite
  ///   sizes add up to more than a `Double` holds.
  /// - Complexity: O(n) for n cells, plus one layout-manager call per distinct pair of trait
  ///   sets.
  public func layout() throws(LayoutError) -> LayoutSnapshot {
    try configuration.validate()
    let geometries = try LayoutEngine.layoutSections(of: self)
    return try LayoutSnapshot(model: self, geometries: geometries).checkedFinite()
  }
}

/// Runs the section layouts with the manager's concrete type, so the hot loop calls it
/// directly (or through the memo) rather than through an existential.
enum LayoutEngine {

  static func layoutSections(of model: ListModel) throws(LayoutError) -> ContiguousArray<SectionGeometry> {
    let manager = model.configuration.layoutManager
    if let attributes = manager as? AttributesLayoutManager {
      return try layoutSections(of: model, policy: DirectSpacing(attributes))
    }
    if let hub = manager as? HubLayoutManager {
      return try layoutSections(of: model, policy: DirectSpacing(hub))
    }
    return try layoutSections(of: model, opening: manager)
  }

  static func layoutSections<Manager: LayoutManager>(
    of model: ListModel, opening manager: Manager
  )
    throws(LayoutError) -> ContiguousArray<SectionGeometry>
  {
    if manager.prefersMemoization {
      return try layoutSections(of: model, policy: MemoizedSpacing(manager))
    }
    return try layoutSections(of: model, policy: DirectSpacing(manager))
  }

  static func layoutSections<Policy: SpacingPolicy>(
    of model: ListModel, policy: Policy
  )
    throws(LayoutError) -> ContiguousArray<SectionGeometry>
  {
    var typesetter = FlowTypesetter(policy: policy, configuration: model.configuration)
    var geometries = ContiguousArray<SectionGeometry>()
    geometries.reserveCapacity(model.sections.count)
    for (index, section) in model.sections.enumerated() {
      geometries.append(try typesetter.layout(section: section, at: index, in: model.configuration))
    }
    return geometries
  }
}

extension FlowTypesetter {
  /// Validates one section's own values and lays it out with its section layout.
  mutating func layout(
    section: Section, at index: Int, in configuration: ListConfiguration
  )
    throws(LayoutError) -> SectionGeometry
  {
    let attributes = section.attributes ?? configuration.defaultSectionAttributes
    if section.attributes != nil {
      try attributes.validate(path: "sections[\(index)].attributes")
    }
    try section.header?.validate(path: "sections[\(index)].header")
    try section.footer?.validate(path: "sections[\(index)].footer")
    switch section.layout ?? .flow {
    case .flow:
      return try layout(section, at: index, attributes: attributes)
    case .sequential(let defaults):
      return try layoutSequential(section, at: index, attributes: attributes, defaults: defaults)
    }
  }
}

extension ListConfiguration {
  /// Checks every whole-list value.
  func validate() throws(LayoutError) {
    guard width.isFinite, width > 0 else {
      throw .invalidValue(path: "width", value: "\(width)", expected: "a finite number greater than 0")
    }
    guard contentInsets.isValidLayoutInsets else {
      throw .invalidValue(path: "contentInsets", value: "\(contentInsets)", expected: nonNegative)
    }
    try checkNonNegative(sectionSpacing, "sectionSpacing")
    guard defaultCellSize.isValidLayoutSize else {
      throw .invalidValue(path: "defaultCellSize", value: "\(defaultCellSize)", expected: nonNegative)
    }
    try defaultSectionAttributes.validate(path: "defaultSectionAttributes")
    guard defaultCellAttributes.insets.isValidLayoutInsets else {
      throw .invalidValue(
        path: "defaultCellAttributes.insets", value: "\(defaultCellAttributes.insets)", expected: nonNegative)
    }
  }
}

extension SectionAttributes {
  func validate(path: String) throws(LayoutError) {
    try checkNonNegative(itemSpacing, path + ".itemSpacing")
    try checkNonNegative(lineSpacing, path + ".lineSpacing")
    guard insets.isValidLayoutInsets else {
      throw .invalidValue(path: path + ".insets", value: "\(insets)", expected: nonNegative)
    }
  }
}

extension Supplementary {
  func validate(path: String) throws(LayoutError) {
    try checkNonNegative(height, path + ".height")
    if let width { try checkNonNegative(width, path + ".width") }
  }
}

func checkNonNegative(_ value: Double, _ path: String) throws(LayoutError) {
  guard value.isFinite, value >= 0 else {
    throw .invalidValue(path: path, value: "\(value)", expected: nonNegative)
  }
}

extension LayoutSnapshot {
  /// The snapshot, or an error naming the first section whose extent (or the content's) is
  /// not finite: finite sizes such as `1e308` can still add up to infinity.
  func checkedFinite() throws(LayoutError) -> LayoutSnapshot {
    if contentSize.height.isFinite { return self }
    let section = geometries.firstIndex { !$0.height.isFinite } ?? geometries.count - 1
    throw .invalidValue(
      path: "sections[\(section)]", value: "a total height of \(contentSize.height)",
      expected: "sizes whose sum is a finite number")
  }
}
