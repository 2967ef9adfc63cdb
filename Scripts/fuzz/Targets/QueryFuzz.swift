import LayoutGeometry
import ListLayout

/// libFuzzer entry: the first byte chooses a small layout (flow, Hub rows, grid sparse and
/// dense, masonry, carousels scrolled sideways, sequential, an empty section, horizontal and
/// right-to-left lists, a list header and footer); the rest is `listlayout query` input, one
/// query per line, each read and answered (`InteractionQueryAnswerer`). Every answer must be
/// one line of JSON of the query's shape or an error object; a query that reads must answer
/// within the rules: a drop target a valid destination (and one for every point inside the
/// content), a preview keeping the layout's invariants and its cells, a finite speed no faster
/// than the maximum, a focus target an existing cell with a carousel offset exactly for
/// carousels, accessibility positions within their counts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  guard let choice = bytes.first else { return 0 }
  let (model, offsets) = QueryFuzzModels.model(Int(choice))
  guard let snapshot = try? model.layout() else { return 0 }
  let answerer = InteractionQueryAnswerer(snapshot: snapshot, horizontalOffsets: offsets)
  var limits = JSONInputLimits()
  limits.maxDepth = 16
  limits.maxStringLength = 256
  for line in bytes.dropFirst().split(separator: UInt8(ascii: "\n")).prefix(32) {
    let answer = answerer.respond(toJSON: Array(line), limits: limits)
    ListLayoutFuzz.check(!answer.contains("\n"), "an answer spans lines: \(answer)")
    ListLayoutFuzz.check(answer.hasPrefix("{") && answer.hasSuffix("}"), "not an object: \(answer)")
    guard let read = try? InteractionQueryLine(json: Array(line), limits: limits) else {
      ListLayoutFuzz.check(answer.hasPrefix("{\"error\":{\"kind\":"), "an unread query answered: \(answer)")
      continue
    }
    QueryFuzzChecks.check(read.query, answer: answer, snapshot: snapshot, offsets: offsets)
  }
  return 0
}

enum QueryFuzzChecks {
  static func check(
    _ query: InteractionQuery, answer: String, snapshot: LayoutSnapshot, offsets: HorizontalOffsets
  ) {
    switch query {
    case .moveTarget(let dragging, let point, let between, let preview, let scroll):
      guard !answer.hasPrefix("{\"error\"") else { return }
      let offsets = scroll ?? offsets
      let target = snapshot.moveTarget(
        dragging: dragging, at: point, horizontalOffsets: offsets, allowsMovesBetweenSections: between)
      let size = snapshot.contentSize
      let inside = point.x >= 0 && point.y >= 0 && point.x <= size.width && point.y <= size.height
      ListLayoutFuzz.check((target != nil) == inside, "target \(String(describing: target)) at \(point)")
      if let target {
        ListLayoutFuzz.check(between || target.section == dragging.section, "moved between sections")
        let count = snapshot.numberOfItems(inSection: target.section)
        let limit = target.section == dragging.section ? count - 1 : count
        ListLayoutFuzz.check(
          target.section < snapshot.numberOfSections && target.item >= 0 && target.item <= max(0, limit),
          "not a destination: \(target)")
        if preview {
          let moved = try? snapshot.previewingMove(from: dragging, to: target)
          ListLayoutFuzz.check(moved != nil, "no preview for \(dragging) → \(target)")
          if let moved {
            ListLayoutFuzz.check(moved.invariantViolations().isEmpty, "preview breaks invariants")
            ListLayoutFuzz.check(moved.frame(of: target) != nil, "the moved cell is missing")
          }
        }
        ListLayoutFuzz.check(answer.hasPrefix("{\"target\":[\(target.section),\(target.item)]"), answer)
      } else {
        ListLayoutFuzz.check(answer.hasPrefix("{\"target\":null"), answer)
      }
    case .autoScroll(let point, let offset, let height, let rule):
      let speed = rule.speed(at: point, offset: offset, viewportLength: height)
      ListLayoutFuzz.check(speed.isFinite && abs(speed) <= rule.maximumSpeed, "speed \(speed)")
      ListLayoutFuzz.check(answer.hasPrefix("{\"speed\":"), answer)
    case .focus(let from, let direction, let scroll):
      guard !answer.hasPrefix("{\"error\"") else { return }
      let target = snapshot.nextFocus(from: from, direction: direction, horizontalOffsets: scroll ?? offsets)
      if let target {
        ListLayoutFuzz.check(
          snapshot.frame(of: target.indexPath) != nil && target.indexPath != from, "focus on \(target)")
        ListLayoutFuzz.check(
          (target.carouselOffset != nil) == snapshot.isCarousel(target.indexPath.section)
            && (target.carouselOffset?.isFinite ?? true), "carousel offset of \(target)")
      }
      ListLayoutFuzz.check(answer.hasPrefix("{\"to\":"), answer)
    case .accessibility(let path):
      guard let info = snapshot.accessibility(of: path) else {
        ListLayoutFuzz.check(answer.hasPrefix("{\"error\""), answer)
        return
      }
      ListLayoutFuzz.check(info.positionInSet >= 1 && info.positionInSet <= info.setSize, "posinset")
      if let grid = info.grid {
        ListLayoutFuzz.check(
          grid.row >= 1 && grid.row <= grid.rowCount && grid.column >= 1
            && grid.column + grid.columnSpan - 1 <= grid.columnCount, "grid place \(grid)")
      }
      ListLayoutFuzz.check(answer.hasPrefix("{\"posinset\":"), answer)
    }
  }
}

enum ListLayoutFuzz {
  static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
  }
}

enum QueryFuzzModels {
  /// Layout `choice` (its low bits pick the kinds, the high bits the axis and direction), with
  /// carousel offsets.
  static func model(_ choice: Int) -> (ListModel, HorizontalOffsets) {
    var configuration = ListConfiguration(width: [320, 375, 50, 0.5][(choice >> 4) & 3])
    configuration.layoutDirection = choice & 64 != 0 ? .rtl : .ltr
    if choice & 128 != 0 {
      configuration.listHeader = ListSupplementary(height: 30)
      configuration.listFooter = ListSupplementary(height: 20)
    }
    if choice & 7 == 7 { configuration.layoutManager = HubLayoutManager(margin: 8) }
    func cells(_ count: Int, _ seed: Int) -> [Cell] {
      (0..<count).map { i in
        var cell = Cell(
          id: "c\(seed)-\(i)", width: Double((i * 37 + seed * 11) % 160), height: Double((i * 23 + seed) % 90)
        )
        if i % 5 == 2 { cell.span = .columns(2) }
        if i % 11 == 4 { cell.span = .fullRow }
        return cell
      }
    }
    var sections: [Section] = [
      Section(header: Supplementary(height: 24), cells: CellList(cells(12, 1))),
      Section(cells: CellList(cells(0, 2))),
    ]
    var carousels = false
    let kinds: [SectionLayout?] =
      switch choice & 7 {
      case 0: [.grid(GridLayout(columns: .count(3), columnSpacing: 4, rowSpacing: 4))]
      case 1: [.grid(GridLayout(columns: .adaptive(minimumWidth: 60), packing: .dense))]
      case 2: [.masonry(MasonryLayout(columns: .count(2), columnSpacing: 2, rowSpacing: 3))]
      case 3:
        [
          .carousel(CarouselLayout(itemSpacing: 8)),
          .carousel(CarouselLayout(itemSpacing: 0, height: .fixed(40))),
        ]
      case 4:
        [
          .sequential(
            SequentialSectionDefaults(frameCalculator: .topAlignedFlow, spacing: EdgeInsets(all: 2)))
        ]
      case 5: [.sequential(SequentialSectionDefaults(frameCalculator: .matchContainer)), nil]
      default: [nil, .grid(GridLayout(columns: .count(2)))]
      }
    for (k, kind) in kinds.enumerated() {
      var section = Section(footer: Supplementary(height: 10), cells: CellList(cells(9 + k * 5, 3 + k)))
      section.layout = kind
      if case .carousel = kind { carousels = true }
      sections.append(section)
    }
    if !carousels && choice & 8 != 0 { configuration.scrollDirection = .horizontal }
    var offsets = HorizontalOffsets()
    if carousels {
      offsets[2] = Double(choice % 3) * 75
      offsets[3] = choice & 8 != 0 ? -20 : 1e6
    }
    return (ListModel(configuration: configuration, sections: sections), offsets)
  }
}
