import LayoutGeometry
import ListLayout
import TestSupport
import Testing

/// Random masonry models: every section a masonry section (fixed or adaptive lanes, spacings
/// of their own or the section's), cells of fixed, default or width-dependent heights, some
/// spanning lanes or the full width. Sizes are multiples of 0.5, so sums are exact.
public enum MasonryGenerator {
  /// One callback for every generated cell sized by its width (so that models compare equal).
  public static let sizedByWidth = CellSize.sizing { proposal in
    Size(width: proposal.lineWidth, height: (proposal.remainingLineSpace / 3).rounded(.down))
  }

  public static func model(_ rng: inout SplitMix64, maxSections: Int = 4, maxCells: Int = 60) -> ListModel {
    var configuration = ListConfiguration(width: [120.0, 320, 375, 414.5, 1024].randomElement(using: &rng)!)
    configuration.contentInsets = ModelGenerator.randomInsets(&rng, max: 12)
    configuration.sectionSpacing = Double(Int.random(in: 0...12, using: &rng)) / 2
    configuration.layoutDirection = Bool.random(using: &rng) ? .ltr : .rtl
    configuration.defaultCellSize = Size(width: 10, height: Double(Int.random(in: 0...100, using: &rng)) / 2)
    var model = ListModel(configuration: configuration)
    var serial = 0
    for _ in 0..<Int.random(in: 0...maxSections, using: &rng) {
      model.sections.append(section(&rng, maxCells: maxCells, serial: &serial))
    }
    return model
  }

  public static func section(_ rng: inout SplitMix64, maxCells: Int, serial: inout Int) -> Section {
    var section = Section()
    if Bool.random(using: &rng) {
      section.header = Supplementary(height: Double(Int.random(in: 0...60, using: &rng)))
    }
    if Int.random(in: 0..<3, using: &rng) == 0 {
      section.footer = Supplementary(height: Double(Int.random(in: 0...40, using: &rng)))
    }
    if Bool.random(using: &rng) {
      section.attributes = SectionAttributes(
        itemSpacing: Double(Int.random(in: 0...20, using: &rng)) / 2,
        lineSpacing: Double(Int.random(in: 0...20, using: &rng)) / 2,
        insets: ModelGenerator.randomInsets(&rng, max: 20))
    }
    let columns: GridColumns =
      Bool.random(using: &rng)
      ? .count(Int.random(in: 1...5, using: &rng))
      : .adaptive(minimumWidth: [20.0, 40, 100, 150.5, 300].randomElement(using: &rng)!)
    section.layout = .masonry(
      MasonryLayout(
        columns: columns,
        columnSpacing: Bool.random(using: &rng) ? Double(Int.random(in: 0...24, using: &rng)) / 2 : nil,
        rowSpacing: Bool.random(using: &rng) ? Double(Int.random(in: 0...24, using: &rng)) / 2 : nil))
    for _ in 0..<Int.random(in: 0...maxCells, using: &rng) {
      serial += 1
      section.cells.append(cell(&rng, id: "m\(serial)"))
    }
    return section
  }

  public static func cell(_ rng: inout SplitMix64, id: String) -> Cell {
    var cell = Cell(id: id, width: 10, height: Double(Int.random(in: 0...300, using: &rng)) / 2)
    // Now and then a very tall cell, which keeps a lane low for many cells after it.
    if Int.random(in: 0..<80, using: &rng) == 0 { cell.size = .fixed(Size(width: 10, height: 4000)) }
    switch Int.random(in: 0..<10, using: &rng) {
    case 0: cell.size = .automatic
    case 1: cell.size = sizedByWidth
    default: break
    }
    switch Int.random(in: 0..<10, using: &rng) {
    case 0: cell.span = .columns(Int.random(in: 1...6, using: &rng))
    case 1: cell.span = .columns(2)
    case 2: if Int.random(in: 0..<3, using: &rng) == 0 { cell.span = .fullRow }
    default: break
    }
    return cell
  }
}
