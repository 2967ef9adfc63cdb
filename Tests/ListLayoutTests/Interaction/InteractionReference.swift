import LayoutGeometry
import ListLayout
import ListLayoutTestSupport
import TestSupport

/// Brute-force references for the interaction rules: every cell of the snapshot listed and
/// scanned, written from the rules' text without the library's search.
struct InteractionReference {
  let snapshot: LayoutSnapshot
  let offsets: HorizontalOffsets
  /// Every cell, in index-path order, with its frame as laid out and as on screen (a
  /// carousel's moved by its offset: left in a left-to-right list, right in a mirrored one).
  let cells: [(path: ListIndexPath, natural: Rect, screen: Rect, carousel: Bool)]

  init(_ snapshot: LayoutSnapshot, offsets: HorizontalOffsets = .zero) {
    self.snapshot = snapshot
    self.offsets = offsets
    let rtl = snapshot.configuration.layoutDirection == .rtl
    var cells: [(ListIndexPath, Rect, Rect, Bool)] = []
    for element in snapshot.allAttributes() where element.kind == .cell {
      let carousel = snapshot.isCarousel(element.indexPath.section)
      var screen = element.frame
      if carousel {
        let offset = offsets[element.indexPath.section]
        screen.origin.x += rtl ? offset : -offset
      }
      cells.append((element.indexPath, element.frame, screen, carousel))
    }
    self.cells = cells
  }

  var horizontal: Bool { snapshot.configuration.scrollDirection == .horizontal }
  var width: Double { snapshot.configuration.width }

  func along(_ point: Point) -> Double { horizontal ? point.x : point.y }
  func along(_ rect: Rect) -> (Double, Double) {
    horizontal ? (rect.minX, rect.maxX) : (rect.minY, rect.maxY)
  }

  // MARK: Drop targets

  func moveTarget(dragging: ListIndexPath, at point: Point, between: Bool) -> ListIndexPath? {
    let size = snapshot.contentSize
    guard point.x >= 0, point.y >= 0, point.x <= size.width, point.y <= size.height else { return nil }
    for cell in cells where between || cell.path.section == dragging.section {
      if cell.screen.contains(point) { return cell.path }
    }
    let p = along(point)
    var section = dragging.section
    if between {
      var best = Double.infinity
      for s in 0..<snapshot.numberOfSections {
        let (top, bottom) = along(snapshot.sectionFrame(s)!)
        let d = p < top ? top - p : p > bottom ? p - bottom : 0
        if d < best {
          best = d
          section = s
        }
      }
    }
    let members = cells.filter { $0.path.section == section }
    guard let last = members.last else { return ListIndexPath(item: 0, section: section) }
    if section != dragging.section {
      let (low, high) = along(last.screen)
      if p > (low + high) / 2 { return ListIndexPath(item: members.count, section: section) }
    }
    var best: (Double, ListIndexPath)?
    for cell in members {
      let r = cell.screen
      let dx = point.x < r.minX ? r.minX - point.x : point.x > r.maxX ? point.x - r.maxX : 0
      let dy = point.y < r.minY ? r.minY - point.y : point.y > r.maxY ? point.y - r.maxY : 0
      let d = (dx * dx + dy * dy).squareRoot()
      if best == nil || d < best!.0 { best = (d, cell.path) }
    }
    return best?.1
  }

  // MARK: Focus

  func focus(from: ListIndexPath, _ direction: FocusDirection) -> FocusTarget? {
    guard let index = cells.firstIndex(where: { $0.path == from }) else { return nil }
    let target: ListIndexPath?
    switch direction {
    case .forward: target = index + 1 < cells.count ? cells[index + 1].path : nil
    case .backward: target = index > 0 ? cells[index - 1].path : nil
    default:
      let inCarousel = cells[index].carousel && (direction == .left || direction == .right)
      var candidates: [(ListIndexPath, Rect)] = []
      var f = cells[index].screen
      if inCarousel {
        f = cells[index].natural
        candidates = cells.filter { $0.path.section == from.section && $0.path != from }.map {
          ($0.path, $0.natural)
        }
      } else {
        if cells[index].carousel, let part = visible(f) { f = part }
        for cell in cells where cell.path != from {
          if cell.carousel {
            if let part = visible(cell.screen) { candidates.append((cell.path, part)) }
          } else {
            candidates.append((cell.path, cell.screen))
          }
        }
      }
      target = Self.rule(from: f, direction, candidates)
    }
    guard let target else { return nil }
    guard snapshot.isCarousel(target.section) else { return FocusTarget(indexPath: target) }
    // The offsets that show the cell whole, in the row's own coordinates (left to right).
    let natural = cells.first { $0.path == target }!.natural
    let rtl = snapshot.configuration.layoutDirection == .rtl
    let a = rtl ? width - natural.maxX : natural.minX
    let b = rtl ? width - natural.minX : natural.maxX
    let current = offsets[target.section]
    let offset = b - a > width ? a : min(max(current, b - width), a)
    return FocusTarget(indexPath: target, carouselOffset: offset)
  }

  func visible(_ frame: Rect) -> Rect? {
    let low = max(0, frame.minX)
    let high = min(width, frame.maxX)
    return low < high ? Rect(x: low, y: frame.minY, width: high - low, height: frame.height) : nil
  }

  /// The rule among `candidates` (in index-path order) from frame `f`.
  static func rule(
    from f: Rect, _ direction: FocusDirection, _ candidates: [(ListIndexPath, Rect)]
  ) -> ListIndexPath? {
    var beam: [(gap: Double, minor: Double, path: ListIndexPath)] = []
    var others: [(score: Double, path: ListIndexPath)] = []
    for (path, c) in candidates {
      let beyond: Bool
      let gap: Double
      let minor: Double
      let overlap: Double
      switch direction {
      case .down, .up:
        beyond = direction == .down ? c.minY >= f.maxY : c.maxY <= f.minY
        gap = direction == .down ? c.minY - f.maxY : f.minY - c.maxY
        minor = abs(c.midX - f.midX)
        overlap = min(c.maxX, f.maxX) - max(c.minX, f.minX)
      default:
        beyond = direction == .right ? c.minX >= f.maxX : c.maxX <= f.minX
        gap = direction == .right ? c.minX - f.maxX : f.minX - c.maxX
        minor = abs(c.midY - f.midY)
        overlap = min(c.maxY, f.maxY) - max(c.minY, f.minY)
      }
      guard beyond else { continue }
      if overlap > 0 {
        beam.append((gap, minor, path))
      } else {
        others.append((13 * gap * gap + minor * minor, path))
      }
    }
    if !beam.isEmpty { return beam.min { ($0.gap, $0.minor, $0.path) < ($1.gap, $1.minor, $1.path) }!.path }
    return others.min { ($0.score, $0.path) < ($1.score, $1.path) }?.path
  }

  // MARK: Accessibility

  /// Each cell's (row, column, span) of a grid section, from 0, placed from the model's spans
  /// as CSS Grid auto-placement does (sparse: a cursor; dense: the first hole from the start),
  /// and the grid's row and column counts.
  func gridPlaces(section s: Int) -> (places: [(Int, Int, Int)], rows: Int, columns: Int)? {
    let section = snapshot.model.sections[s]
    guard case .grid(let grid) = section.layout else { return nil }
    let configuration = snapshot.configuration
    var contentInsets = configuration.contentInsets
    var attributes = section.attributes ?? configuration.defaultSectionAttributes
    if horizontal {
      contentInsets = EdgeInsets(
        top: contentInsets.left, left: contentInsets.top, bottom: contentInsets.right,
        right: contentInsets.bottom)
      let i = attributes.insets
      attributes.insets = EdgeInsets(top: i.left, left: i.top, bottom: i.right, right: i.bottom)
    }
    let inner = max(
      0, width - contentInsets.left - contentInsets.right - attributes.insets.left - attributes.insets.right)
    let spacing = grid.columnSpacing ?? attributes.itemSpacing
    let count = grid.columns.columnCount(forWidth: inner, spacing: spacing)
    var places: [(Int, Int, Int)] = []
    var occupied: [[Bool]] = []
    var row = 0
    var column = 0
    for cell in section.cells {
      let span = (cell.span ?? .columns(1)).columns(in: count)
      if grid.packing == .sparse {
        if column + span > count && column > 0 {
          row += 1
          column = 0
        }
        places.append((row, column, span))
        column += span
      } else {
        var placed = false
        var r = 0
        while !placed {
          if r == occupied.count { occupied.append(Array(repeating: false, count: count)) }
          for c in 0...(count - span) where (c..<(c + span)).allSatisfy({ !occupied[r][$0] }) {
            for k in c..<(c + span) { occupied[r][k] = true }
            places.append((r, c, span))
            placed = true
            break
          }
          r += 1
        }
      }
    }
    let rows = places.map { $0.0 + 1 }.max() ?? 0
    return (places, rows, count)
  }

  /// The reading order: the list header, each section's header, cells and footer, the list
  /// footer.
  func readingOrder() -> [ElementReference] {
    var order: [ElementReference] = []
    let zero = ListIndexPath(item: 0, section: 0)
    if snapshot.listHeaderAttributes() != nil {
      order.append(ElementReference(kind: .listHeader, indexPath: zero))
    }
    for s in 0..<snapshot.numberOfSections {
      let start = ListIndexPath(item: 0, section: s)
      if snapshot.headerAttributes(inSection: s) != nil {
        order.append(ElementReference(kind: .header, indexPath: start))
      }
      for i in 0..<snapshot.numberOfItems(inSection: s) {
        order.append(ElementReference(kind: .cell, indexPath: ListIndexPath(item: i, section: s)))
      }
      if snapshot.footerAttributes(inSection: s) != nil {
        order.append(ElementReference(kind: .footer, indexPath: start))
      }
    }
    if snapshot.listFooterAttributes() != nil {
      order.append(ElementReference(kind: .listFooter, indexPath: zero))
    }
    return order
  }
}

/// Seeded models of every section kind, in both scroll directions and right to left.
enum InteractionModels {
  static func model(_ rng: inout SplitMix64) -> ListModel {
    var model: ListModel
    switch rng.below(6) {
    case 0: model = ModelGenerator.model(&rng, maxSections: 5, maxCells: 30)
    case 1: model = CarouselGenerator.model(&rng, maxSections: 5, maxCells: 30)
    case 2: model = GridModelGenerator.model(&rng, maxSections: 4, maxCells: 40)
    case 3: model = MasonryGenerator.model(&rng, maxSections: 4, maxCells: 40)
    case 4:
      model = ModelGenerator.model(&rng, maxSections: 5, maxCells: 30)
      let calculators: [FrameCalculator<Int>] = [
        .topAlignedHStack, .topAlignedFlow, .containerLeftAlignedVStack, .centerAligned, .matchContainer,
      ]
      for s in model.sections.indices where rng.below(2) == 0 {
        model.sections[s].layout = .sequential(
          SequentialSectionDefaults(
            frameCalculator: rng.pick(calculators), spacing: EdgeInsets(all: Double(rng.below(3)))))
      }
    default:
      // A mix: every kind in one list.
      model = ModelGenerator.model(&rng, maxSections: 6, maxCells: 25)
      for s in model.sections.indices {
        switch rng.below(5) {
        case 0: model.sections[s].layout = .carousel(CarouselGenerator.layout(&rng))
        case 1: model.sections[s].layout = .grid(GridModelGenerator.layout(&rng))
        case 2:
          model.sections[s].layout = .masonry(
            MasonryLayout(columns: .count(1 + rng.below(3)), columnSpacing: 2))
        case 3:
          model.sections[s].layout = .sequential(SequentialSectionDefaults(frameCalculator: .topAlignedFlow))
        default: break
        }
      }
    }
    let carousels = model.sections.contains { if case .carousel = $0.layout { true } else { false } }
    if !carousels && rng.below(3) == 0 { model.configuration.scrollDirection = .horizontal }
    if rng.below(3) == 0 { model.configuration.listHeader = ListSupplementary(height: Double(rng.below(40))) }
    if rng.below(4) == 0 { model.configuration.listFooter = ListSupplementary(height: Double(rng.below(40))) }
    // Collapsed sections: their cells are in the model and nowhere in the layout (a drop over
    // one targets item 0 of it and hides the dragged cell there).
    for s in model.sections.indices where rng.below(6) == 0 { model.sections[s].collapsed = true }
    return model
  }

  /// Points to drop at: anywhere in (and a little around) the content, on cell edges and
  /// corners, and between sections.
  static func point(_ rng: inout SplitMix64, _ reference: InteractionReference) -> Point {
    let size = reference.snapshot.contentSize
    if !reference.cells.isEmpty && rng.below(3) == 0 {
      let r = rng.pick(reference.cells).screen
      let xs = [r.minX, r.midX, r.maxX, r.minX - 0.5, r.maxX + 0.5]
      let ys = [r.minY, r.midY, r.maxY, r.minY - 0.5, r.maxY + 0.5]
      return Point(x: rng.pick(xs), y: rng.pick(ys))
    }
    return Point(
      x: Double(rng.below(Int(size.width * 2) + 41)) / 2 - 10,
      y: Double(rng.below(Int(size.height * 2) + 41)) / 2 - 10)
  }
}
