import LayoutGeometry
import ListLayout
import TestSupport

/// Random models with grid sections (and a flow section now and then): every column
/// specification, spacing, row alignment, packing and span, RTL, insets, headers and footers.
/// Heights, spacings and insets are multiples of 0.5, so sums are exact in binary and an edit
/// can be compared with a full relayout bit for bit.
public enum GridModelGenerator {
  public static func half(_ rng: inout SplitMix64, _ max: Int) -> Double {
    Double(Int.random(in: 0...(max * 2), using: &rng)) / 2
  }

  public static func span(_ rng: inout SplitMix64) -> GridSpan? {
    switch Int.random(in: 0..<10, using: &rng) {
    case 0: .fullRow
    case 1, 2: .columns(Int.random(in: 1...5, using: &rng))
    default: nil
    }
  }

  public static func cell(_ rng: inout SplitMix64, id: String) -> Cell {
    var cell = Cell(id: id, width: half(&rng, 200), height: half(&rng, 100))
    if Int.random(in: 0..<20, using: &rng) == 0 { cell.size = .automatic }
    cell.span = span(&rng)
    return cell
  }

  public static func layout(_ rng: inout SplitMix64) -> GridLayout {
    GridLayout(
      columns: Bool.random(using: &rng)
        ? .count(Int.random(in: 1...7, using: &rng))
        : .adaptive(minimumWidth: 0.5 + half(&rng, 200)),
      columnSpacing: Bool.random(using: &rng) ? nil : half(&rng, 12),
      rowSpacing: Bool.random(using: &rng) ? nil : half(&rng, 12),
      rowAlignment: GridRowAlignment.allCases.randomElement(using: &rng)!,
      packing: Int.random(in: 0..<3, using: &rng) == 0 ? .dense : .sparse)
  }

  public static func model(_ rng: inout SplitMix64, maxSections: Int = 3, maxCells: Int = 60) -> ListModel {
    let widths: [Double] = [0.5, 50, 120, 320, 375, 414.5, 1024]
    var configuration = ListConfiguration(width: widths.randomElement(using: &rng)!)
    configuration.contentInsets = ModelGenerator.randomInsets(&rng, max: 12)
    configuration.sectionSpacing = half(&rng, 6)
    configuration.layoutDirection = Bool.random(using: &rng) ? .ltr : .rtl
    configuration.defaultCellSize = Size(width: 100, height: half(&rng, 50))
    var model = ListModel(configuration: configuration)
    for s in 0..<Int.random(in: 1...maxSections, using: &rng) {
      var section = Section(layout: Int.random(in: 0..<6, using: &rng) == 0 ? nil : .grid(layout(&rng)))
      if Bool.random(using: &rng) { section.header = Supplementary(height: half(&rng, 40)) }
      if Int.random(in: 0..<3, using: &rng) == 0 { section.footer = Supplementary(height: half(&rng, 30)) }
      if Bool.random(using: &rng) {
        section.attributes = SectionAttributes(
          itemSpacing: half(&rng, 10), lineSpacing: half(&rng, 10),
          insets: ModelGenerator.randomInsets(&rng, max: 20))
      }
      for item in 0..<Int.random(in: 0...maxCells, using: &rng) {
        section.cells.append(cell(&rng, id: "s\(s)c\(item)"))
      }
      model.sections.append(section)
    }
    return model
  }
}
