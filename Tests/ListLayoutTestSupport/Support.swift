import LayoutGeometry
import ListLayout
import TestSupport
import Testing

extension Rect {
  /// Whether two frames are equal up to floating-point reassociation.
  public func isClose(to other: Rect, tolerance: Double = 1e-9) -> Bool {
    abs(x - other.x) <= tolerance && abs(y - other.y) <= tolerance && abs(width - other.width) <= tolerance
      && abs(height - other.height) <= tolerance
  }
}

/// A configuration with no content insets or section spacing, so frames read plainly.
public func plainConfiguration(
  width: Double, manager: any LayoutManager = AttributesLayoutManager()
) -> ListConfiguration {
  ListConfiguration(width: width, contentInsets: .zero, sectionSpacing: 0, layoutManager: manager)
}

/// Lays out one section and returns its cells' frames.
public func cellFrames(
  _ cells: [Cell], width: Double, attributes: SectionAttributes = SectionAttributes(),
  manager: any LayoutManager = AttributesLayoutManager(), header: Supplementary? = nil
) throws -> [Rect] {
  let model = ListModel(
    configuration: plainConfiguration(width: width, manager: manager),
    sections: [Section(header: header, cells: cells, attributes: attributes)])
  let snapshot = try model.layout()
  return (0..<cells.count).map { snapshot.frame(of: ListIndexPath(item: $0, section: 0))! }
}

public func cell(
  _ width: Double, _ height: Double, _ traits: TraitSet = [], _ attributes: CellAttributes? = nil
) -> Cell {
  Cell(width: width, height: height, traits: traits, attributes: attributes)
}

public func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
  Rect(x: x, y: y, width: width, height: height)
}

/// Random models that exercise every flow feature.
public enum ModelGenerator {
  public static func model(_ rng: inout SplitMix64, maxSections: Int = 4, maxCells: Int = 40) -> ListModel {
    let widths: [Double] = [0.5, 50, 120, 320, 375, 414.5, 1024]
    var configuration = ListConfiguration(width: widths.randomElement(using: &rng)!)
    configuration.contentInsets = randomInsets(&rng, max: 12)
    configuration.sectionSpacing = Double(Int.random(in: 0...12, using: &rng)) / 2
    configuration.layoutDirection = Bool.random(using: &rng) ? .ltr : .rtl
    switch Int.random(in: 0..<4, using: &rng) {
    case 0:
      configuration.layoutManager = HubLayoutManager(margin: Double(Int.random(in: 0...20, using: &rng)))
    case 1:
      configuration.layoutManager = HubLayoutManager(
        margin: Double(Int.random(in: 0...20, using: &rng)), oversizedCellPolicy: .overflow)
    default: break
    }
    var sections: [Section] = []
    for _ in 0..<Int.random(in: 0...maxSections, using: &rng) {
      var section = Section()
      if Bool.random(using: &rng) {
        section.header = Supplementary(
          height: Double(Int.random(in: 0...60, using: &rng)), traits: randomTraits(&rng))
      }
      if Int.random(in: 0..<3, using: &rng) == 0 {
        section.footer = Supplementary(height: Double(Int.random(in: 0...40, using: &rng)))
      }
      if Bool.random(using: &rng) {
        section.attributes = SectionAttributes(
          horizontalAlignment: HorizontalAlignment.allCases.randomElement(using: &rng)!,
          verticalAlignment: VerticalAlignment.allCases.randomElement(using: &rng)!,
          itemSpacing: Double(Int.random(in: 0...20, using: &rng)) / 2,
          lineSpacing: Double(Int.random(in: 0...20, using: &rng)) / 2, insets: randomInsets(&rng, max: 20))
      }
      for _ in 0..<Int.random(in: 0...maxCells, using: &rng) {
        var c = Cell(
          width: Double(Int.random(in: 0...Int(configuration.width * 2.4) + 1, using: &rng)) / 2,
          height: Double(Int.random(in: 0...240, using: &rng)) / 2, traits: randomTraits(&rng))
        if Int.random(in: 0..<4, using: &rng) == 0 {
          c.attributes = CellAttributes(
            insets: randomInsets(&rng, max: 10), shouldBeginLine: Int.random(in: 0..<6, using: &rng) == 0,
            shouldEndLine: Int.random(in: 0..<6, using: &rng) == 0,
            startLineIndentation: Int.random(in: 0..<8, using: &rng) == 0)
        }
        section.cells.append(c)
      }
      sections.append(section)
    }
    return ListModel(configuration: configuration, sections: sections)
  }

  public static func randomInsets(_ rng: inout SplitMix64, max: Int) -> EdgeInsets {
    guard Bool.random(using: &rng) else { return .zero }
    return EdgeInsets(
      top: Double(Int.random(in: 0...max, using: &rng)), left: Double(Int.random(in: 0...max, using: &rng)),
      bottom: Double(Int.random(in: 0...max, using: &rng)),
      right: Double(Int.random(in: 0...max, using: &rng)))
  }

  public static func randomTraits(_ rng: inout SplitMix64) -> TraitSet {
    var traits = TraitSet()
    for trait in LayoutTrait.standard where Int.random(in: 0..<4, using: &rng) == 0 {
      traits.insert(trait)
    }
    return traits
  }
}

extension ListModel {
  /// The model with the default cell attributes set explicitly on every cell that has none,
  /// which sends every cell down the typesetter's general path: the same layout, computed the
  /// long way.
  public func withDefaultAttributesSpelledOut() -> ListModel {
    var model = self
    let defaults = configuration.defaultCellAttributes
    for s in model.sections.indices {
      for i in model.sections[s].cells.indices where model.sections[s].cells[i].attributes == nil {
        model.sections[s].cells[i].attributes = defaults
      }
    }
    return model
  }
}

/// Expects two snapshots to agree bit for bit: content size, element count and every element
/// (the first that differs is recorded). Returns whether they do.
@discardableResult
public func expectSameLayout(
  _ actual: LayoutSnapshot, _ expected: LayoutSnapshot, _ context: String,
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> Bool {
  #expect(actual.contentSize == expected.contentSize, "\(context)", sourceLocation: sourceLocation)
  let a = actual.allAttributes()
  let b = expected.allAttributes()
  try #require(a.count == b.count, "\(context)", sourceLocation: sourceLocation)
  if let k = a.indices.first(where: { a[$0] != b[$0] }) {
    Issue.record("\(context): \(a[k]) != \(b[k])", sourceLocation: sourceLocation)
    return false
  }
  return actual.contentSize == expected.contentSize
}

/// Expects an incrementally updated snapshot to equal a full relayout of its model, bit for bit,
/// and to keep its invariants.
public func assertEqualToFullRelayout(_ snapshot: LayoutSnapshot, _ context: String) throws {
  let full = try snapshot.model.layout()
  #expect(snapshot.invariantViolations() == [], "\(context)")
  #expect(snapshot.contentSize == full.contentSize, "\(context)")
  let a = snapshot.allAttributes()
  let b = full.allAttributes()
  if a != b {
    let difference =
      zip(a, b).first { $0 != $1 }.map { "\($0.0) vs \($0.1)" } ?? "count \(a.count) vs \(b.count)"
    Issue.record("\(context): incremental \(difference) (full relayout second)")
  }
}

extension ModelGenerator {
  /// A rect over `snapshot`'s content (or off it), often with edges on the frames' grid.
  public static func randomRect(_ rng: inout SplitMix64, _ snapshot: LayoutSnapshot) -> Rect {
    let height = max(snapshot.contentSize.height, 1)
    let width = snapshot.contentSize.width
    switch Int.random(in: 0..<10, using: &rng) {
    case 0: return Rect(x: 0, y: Double.random(in: -50...height + 50, using: &rng), width: width, height: 0)
    case 1: return Rect(x: -1e6, y: -1e6, width: 4e6, height: 4e6 + height)
    case 2: return Rect(x: 0, y: height + 10, width: width, height: 100)
    case 3: return Rect(x: 0, y: -200, width: width, height: 150)
    default:
      // Use numbers on a coarse grid so rect edges often coincide with frame edges.
      let y = (Double.random(in: -20...height, using: &rng) * 2).rounded() / 2
      let x = (Double.random(in: -width / 2...width, using: &rng) * 2).rounded() / 2
      return Rect(
        x: x, y: y, width: (Double.random(in: 0...width * 1.5, using: &rng) * 2).rounded() / 2,
        height: (Double.random(in: 0...800, using: &rng) * 2).rounded() / 2)
    }
  }
}
