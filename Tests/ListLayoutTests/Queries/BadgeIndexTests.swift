import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// Rect queries find badges through each section's index of its badged cells (blocks of
/// cells read once and kept): over sections of hundreds of cells (many blocks, runs of
/// cells), edited step by step (badged cells inserted, deleted, moved, given other badges of
/// the same size or none, sections collapsed and expanded), every query of every snapshot
/// equals the brute-force listing (the cells' frames and the badges placed on them by the
/// rule, written here), and a snapshot answers the same after its successors were queried.
@Suite struct BadgeIndexTests {
  /// Every element of `snapshot` in listing order, with the badges placed by the reference
  /// rule (``BadgeTests/referenceBadges(_:)``) right after their cells.
  static func reference(_ snapshot: LayoutSnapshot) -> [LayoutAttributes] {
    var badges: [ListIndexPath: [LayoutAttributes]] = [:]
    for badge in BadgeTests.referenceBadges(snapshot) { badges[badge.indexPath, default: []].append(badge) }
    var result: [LayoutAttributes] = []
    for element in snapshot.allAttributes() where element.kind != .badge {
      result.append(element)
      if element.kind == .cell { result += badges[element.indexPath] ?? [] }
    }
    return result
  }

  /// The ids the model gives the badges of `listing`.
  static func badgeIDs(_ listing: [LayoutAttributes], _ model: ListModel) -> [String?] {
    listing.filter { $0.kind == .badge }.map {
      model.sections[$0.indexPath.section].cells[$0.indexPath.item].badges[$0.badgeIndex].id
    }
  }

  /// Screen-sized rects down the whole content (every block of every section is met), and a
  /// few anywhere.
  static func rects(_ rng: inout SplitMix64, _ snapshot: LayoutSnapshot) -> [Rect] {
    let horizontal = snapshot.scrollAxis == .horizontal
    let size = snapshot.contentSize
    let length = horizontal ? size.width : size.height
    let across = (horizontal ? size.height : size.width) + 100
    var rects: [Rect] = []
    var offset = -40.0
    let step = Double(Int.random(in: 120...400, using: &rng))
    while offset < length + 40 {
      rects.append(
        horizontal
          ? Rect(x: offset, y: -50, width: step, height: across)
          : Rect(x: -50, y: offset, width: across, height: step))
      offset += step * 0.75
    }
    for _ in 0..<4 { rects.append(BadgeTests.randomRect(&rng, snapshot)) }
    return rects
  }

  static func check(_ snapshot: LayoutSnapshot, _ rects: [Rect], _ context: String) {
    let expected = reference(snapshot)
    for rect in rects {
      let found = snapshot.elements(in: rect)
      let want = expected.filter { $0.frame.intersects(rect) }
      #expect(found.count == want.count, "\(context) \(rect)")
      #expect(zip(found, want).allSatisfy(BadgeTests.same), "\(context) \(rect)")
      #expect(found.filter { $0.kind == .badge }.map(\.id) == badgeIDs(want, snapshot.model), "\(context)")
    }
  }

  /// A badged cell, or one without badges, of the given size.
  static func cell(_ rng: inout SplitMix64, width: Double, height: Double, badged: Bool) -> Cell {
    var cell = Cell(width: width, height: height)
    if badged {
      cell.badges = (0..<Int.random(in: 1...2, using: &rng)).map { _ in BadgeTests.randomBadge(&rng) }
    }
    return cell
  }

  /// One to three sections (flow, grid or sequential) of 100 to 900 cells, some of them
  /// runs, badges on about one cell in six, either axis and direction.
  static func model(_ rng: inout SplitMix64) -> ListModel {
    var configuration = ListConfiguration(width: Double(Int.random(in: 200...400, using: &rng)))
    configuration.layoutDirection = Bool.random(using: &rng) ? .ltr : .rtl
    if Int.random(in: 0..<3, using: &rng) == 0 { configuration.scrollDirection = .horizontal }
    var sections: [Section] = []
    for _ in 0..<Int.random(in: 1...3, using: &rng) {
      var cells = CellList()
      let target = Int.random(in: 100...900, using: &rng)
      while cells.count < target {
        if Int.random(in: 0..<8, using: &rng) == 0 {
          let pattern = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
            cell(
              &rng, width: Double(Int.random(in: 20...150, using: &rng)),
              height: Double(Int.random(in: 10...60, using: &rng)),
              badged: Int.random(in: 0..<3, using: &rng) == 0)
          }
          cells.append(cycling: pattern, count: Int.random(in: 10...300, using: &rng))
        } else {
          cells.append(
            cell(
              &rng, width: Double(Int.random(in: 20...150, using: &rng)),
              height: Double(Int.random(in: 10...60, using: &rng)),
              badged: Int.random(in: 0..<6, using: &rng) == 0))
        }
      }
      var section = Section(cells: cells)
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: section.layout = .grid(GridLayout(columns: .count(Int.random(in: 1...4, using: &rng))))
      case 1: section.layout = .sequential(SequentialSectionDefaults())
      default: break
      }
      if Bool.random(using: &rng) { section.header = Supplementary(height: 30) }
      sections.append(section)
    }
    return ListModel(configuration: configuration, sections: sections)
  }

  /// One edit of `model`'s cells or sections.
  static func randomUpdate(_ rng: inout SplitMix64, _ model: ListModel) -> ListUpdate {
    var update = ListUpdate()
    let s = Int.random(in: 0..<model.sections.count, using: &rng)
    let cells = model.sections[s].cells
    let badged = cells.indices.filter { !cells[$0].badges.isEmpty }
    let any = Int.random(in: 0..<max(1, cells.count), using: &rng)
    let some = badged.randomElement(using: &rng) ?? any
    switch Int.random(in: 0..<7, using: &rng) {
    case 0:
      update.insertItem(
        cell(&rng, width: 60, height: 30, badged: true),
        at: ListIndexPath(item: Int.random(in: 0...cells.count, using: &rng), section: s))
    case 1 where !cells.isEmpty: update.deleteItem(at: ListIndexPath(item: some, section: s))
    case 2 where cells.count > 1:
      update.moveItem(
        from: ListIndexPath(item: some, section: s),
        to: ListIndexPath(item: Int.random(in: 0..<cells.count, using: &rng), section: s))
    case 3 where !cells.isEmpty:
      // Other badges (or none), the same size: only the badges change.
      var changed = cells[some]
      changed.badges = Bool.random(using: &rng) ? [] : [BadgeTests.randomBadge(&rng)]
      update.reloadItem(at: ListIndexPath(item: some, section: s), with: changed)
    case 4 where !cells.isEmpty:
      var changed = cells[any]
      changed.badges = [BadgeTests.randomBadge(&rng)]
      update.reloadItem(at: ListIndexPath(item: any, section: s), with: changed)
    case 5:
      if model.sections[s].collapsed { update.expandSection(at: s) } else { update.collapseSection(at: s) }
    default:
      update.insertItem(
        cell(&rng, width: 40, height: 20, badged: false),
        at: ListIndexPath(item: Int.random(in: 0...cells.count, using: &rng), section: s))
    }
    return update
  }

  @Test func queriesEqualTheReferenceAcrossEdits() throws {
    var rng = SplitMix64(seed: 32_201)
    for round in 0..<sweep(quick: 12, long: 120) {
      let model = Self.model(&rng)
      var snapshot = try model.layout()
      var rects = Self.rects(&rng, snapshot)
      Self.check(snapshot, rects, "round \(round)")
      for step in 0..<5 {
        let old = snapshot
        let oldRects = rects
        let oldAnswers = oldRects.map { old.elements(in: $0) }
        let update = Self.randomUpdate(&rng, snapshot.model)
        guard let next = try? snapshot.applying(update).snapshot else { continue }
        rects = Self.rects(&rng, next)
        Self.check(next, rects, "round \(round) step \(step)")
        // Asked again, the older snapshot answers as it did.
        #expect(oldRects.map { old.elements(in: $0) } == oldAnswers, "round \(round) step \(step) old")
        snapshot = next
      }
    }
  }
}
