import LayoutGeometry
import ListLayout
import ListLayoutTestSupport
import TestSupport
import Testing

/// Seeded models with section backgrounds, a list header and footer (pinned or not), and
/// optionally a horizontal scroll direction.
enum ChromeModelGenerator {
  static func model(
    _ rng: inout SplitMix64, horizontal: Bool? = nil, maxSections: Int = 4, maxCells: Int = 40,
    columnSections: Bool = false
  ) -> ListModel {
    var model = ModelGenerator.model(&rng, maxSections: maxSections, maxCells: maxCells)
    if columnSections { addColumnSections(&rng, to: &model) }
    addChrome(&rng, to: &model)
    let isHorizontal = horizontal ?? (Int.random(in: 0..<3, using: &rng) == 0)
    if isHorizontal { model.configuration.scrollDirection = .horizontal }
    return model
  }

  /// Turns about half of the sections into grid or masonry sections (every column
  /// specification, spacings, row alignment, packing), some cells spanning columns and some
  /// sized by a callback given their column's width.
  static func addColumnSections(_ rng: inout SplitMix64, to model: inout ListModel) {
    for s in model.sections.indices {
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: model.sections[s].layout = .grid(GridModelGenerator.layout(&rng))
      case 1:
        let grid = GridModelGenerator.layout(&rng)
        model.sections[s].layout = .masonry(
          MasonryLayout(columns: grid.columns, columnSpacing: grid.columnSpacing, rowSpacing: grid.rowSpacing)
        )
      default: continue
      }
      for i in model.sections[s].cells.indices {
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: model.sections[s].cells[i].span = GridModelGenerator.span(&rng)
        case 1: model.sections[s].cells[i].size = MasonryGenerator.sizedByWidth
        case 2: model.sections[s].cells[i].size = .automatic
        default: break
        }
      }
    }
  }

  static func addChrome(_ rng: inout SplitMix64, to model: inout ListModel) {
    for s in model.sections.indices where Int.random(in: 0..<3, using: &rng) != 0 {
      model.sections[s].background = SectionBackground(
        id: Bool.random(using: &rng) ? "bg\(s)" : nil, insets: ModelGenerator.randomInsets(&rng, max: 30))
    }
    if Int.random(in: 0..<3, using: &rng) != 0 {
      model.configuration.listHeader = ListSupplementary(
        height: Double(Int.random(in: 0...120, using: &rng)) / 2, id: Bool.random(using: &rng) ? "top" : nil,
        pinned: Bool.random(using: &rng))
    }
    if Bool.random(using: &rng) {
      model.configuration.listFooter = ListSupplementary(
        height: Double(Int.random(in: 0...80, using: &rng)) / 2, id: Bool.random(using: &rng) ? "end" : nil,
        pinned: Bool.random(using: &rng))
    }
    model.configuration.pinEmptySections = Int.random(in: 0..<4, using: &rng) == 0
    model.configuration.pinSectionFooters = Int.random(in: 0..<3, using: &rng) == 0
  }

  /// The horizontal model whose transposition is `model` (a vertical one): every size's
  /// width and height exchanged, insets' top and left, bottom and right, written out here
  /// independently of the engine's own transposition.
  static func horizontal(_ model: ListModel) -> ListModel {
    func swap(_ size: Size) -> Size { Size(width: size.height, height: size.width) }
    func swap(_ insets: EdgeInsets) -> EdgeInsets {
      EdgeInsets(top: insets.left, left: insets.top, bottom: insets.right, right: insets.bottom)
    }
    var result = model
    var configuration = model.configuration
    configuration.scrollDirection = .horizontal
    configuration.contentInsets = swap(configuration.contentInsets)
    configuration.defaultCellSize = swap(configuration.defaultCellSize)
    configuration.defaultSectionAttributes.insets = swap(configuration.defaultSectionAttributes.insets)
    configuration.defaultCellAttributes.insets = swap(configuration.defaultCellAttributes.insets)
    result.configuration = configuration
    for s in result.sections.indices {
      result.sections[s].attributes?.insets = swap(model.sections[s].attributes?.insets ?? .zero)
      if let background = model.sections[s].background {
        result.sections[s].background?.insets = swap(background.insets)
      }
      result.sections[s].cells = CellList(
        model.sections[s].cells.map { cell in
          var copy = cell
          if case .fixed(let size) = cell.size { copy.size = .fixed(swap(size)) }
          // A callback answers the real size: the horizontal model's answers it exchanged.
          if case .sizing(let callback) = cell.size {
            copy.size = .sizing {
              let size = callback($0)
              return Size(width: size.height, height: size.width)
            }
          }
          if let attributes = cell.attributes {
            copy.attributes?.insets = swap(attributes.insets)
          }
          return copy
        })
    }
    return result
  }

  /// `frame` with its axes exchanged.
  static func swapped(_ frame: Rect) -> Rect {
    Rect(x: frame.y, y: frame.x, width: frame.height, height: frame.width)
  }
}

/// The elements of `snapshot` at their positions for `pinning`, worked out from the public
/// natural frames and the pinning rules (a reference for the queries, written apart from them).
func referencePinnedElements(_ snapshot: LayoutSnapshot, _ pinning: PinningContext) -> [LayoutAttributes] {
  let configuration = snapshot.configuration
  let horizontal = configuration.scrollDirection == .horizontal
  func start(_ rect: Rect) -> Double { horizontal ? rect.minX : rect.minY }
  func length(_ rect: Rect) -> Double { horizontal ? rect.width : rect.height }
  func moved(_ element: LayoutAttributes, to position: Double) -> LayoutAttributes {
    guard position != start(element.frame) else { return element }
    var copy = element
    if horizontal { copy.frame.origin.x = position } else { copy.frame.origin.y = position }
    copy.isPinned = true
    copy.zIndex = LayoutAttributes.pinnedZIndex
    return copy
  }
  let headerPin = configuration.listHeader.map { $0.pinned ? $0.height : 0 } ?? 0
  let footerPin = configuration.listFooter.map { $0.pinned ? $0.height : 0 } ?? 0
  return snapshot.allAttributes().map { element in
    switch element.kind {
    case .listHeader:
      guard configuration.listHeader!.pinned else { return element }
      let target = pinning.contentOffset + pinning.pinInset
      return target > start(element.frame) ? moved(element, to: target) : element
    case .listFooter:
      guard configuration.listFooter!.pinned, let viewport = pinning.viewportHeight else { return element }
      let target = pinning.contentOffset + viewport - pinning.bottomPinInset - length(element.frame)
      return target < start(element.frame) ? moved(element, to: target) : element
    case .header, .footer:
      let section = element.indexPath.section
      guard snapshot.numberOfItems(inSection: section) > 0 || configuration.pinEmptySections else {
        return element
      }
      let band = snapshot.sectionFrame(section)!
      let target: Double
      if element.kind == .header {
        guard configuration.pinSectionHeaders else { return element }
        target = pinning.contentOffset + pinning.pinInset + headerPin
      } else {
        guard configuration.pinSectionFooters, let viewport = pinning.viewportHeight else { return element }
        target = pinning.contentOffset + viewport - pinning.bottomPinInset - footerPin - length(element.frame)
      }
      let position = min(max(target, start(band)), start(band) + length(band) - length(element.frame))
      return moved(element, to: position)
    default:
      return element
    }
  }
}
