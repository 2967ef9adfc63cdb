import LayoutGeometry
import TestSupport
import Testing

@testable import ListLayout

/// The badges' count and reach a list of cells keeps in its nodes (``CellList/badgeSummary``),
/// against a recount of its cells one by one, through every kind of edit (cells set,
/// inserted, removed, ranges replaced, runs appended and split), with copies of the list kept
/// and edited apart (they share nodes, and each keeps its own answer).
@Suite struct BadgeSummaryTests {
  /// The count and farthest reach code of `cells`, counted one cell at a time from the
  /// badges themselves.
  static func recount(_ cells: CellList) -> (Int, BadgeReachCode) {
    var count = 0
    var farthest = BadgeReachCode.none
    for cell in Array(cells) {
      count += cell.badges.count
      if !cell.badges.isEmpty { farthest = max(farthest, BadgeReachCode.summary(of: cell.badges).1) }
    }
    return (count, farthest)
  }

  static func randomBadges(_ rng: inout SplitMix64) -> [Badge] {
    switch Int.random(in: 0..<8, using: &rng) {
    case 0, 1, 2, 3: return []
    case 4 where Int.random(in: 0..<8, using: &rng) == 0:
      // Past the 255 a cell counts in place.
      return Array(
        repeating: Badge(size: Size(width: 4, height: 4)), count: Int.random(in: 250...300, using: &rng))
    case 5:
      // One that cannot be laid out, now and then.
      return [Badge(size: Size(width: Int.random(in: 0..<10, using: &rng) == 0 ? -1 : 30, height: 6))]
    default:
      return (0..<Int.random(in: 1...3, using: &rng)).map { _ in
        Badge(
          size: Size(
            width: Double(Int.random(in: 0...40, using: &rng)),
            height: Double(Int.random(in: 0...40, using: &rng))),
          anchor: BadgeAnchor.allCases.randomElement(using: &rng)!,
          offset: Point(x: Double(Int.random(in: -4...4, using: &rng)) / 2, y: 0))
      }
    }
  }

  static func randomCell(_ rng: inout SplitMix64) -> Cell {
    Cell(width: 10, height: 10, badges: randomBadges(&rng))
  }

  @Test func keptSummaryEqualsARecountThroughEdits() {
    var rng = SplitMix64(seed: 32_201)
    for round in 0..<sweep(quick: 20, long: 400) {
      var list = CellList((0..<Int.random(in: 0...400, using: &rng)).map { _ in Self.randomCell(&rng) })
      var kept: [(CellList, (Int, BadgeReachCode))] = []
      for step in 0..<30 {
        let context = "round \(round) step \(step)"
        // Asked now and then (so that some edits find the summary kept, some not).
        if Bool.random(using: &rng) {
          let summary = list.badgeSummary
          let expected = Self.recount(list)
          #expect(summary.count == expected.0 && summary.farthest == expected.1, "\(context)")
          if Int.random(in: 0..<4, using: &rng) == 0 { kept.append((list, expected)) }
        }
        switch Int.random(in: 0..<8, using: &rng) {
        case 0 where !list.isEmpty:
          list[Int.random(in: 0..<list.count, using: &rng)].badges = Self.randomBadges(&rng)
        case 1:
          list.insert(Self.randomCell(&rng), at: Int.random(in: 0...list.count, using: &rng))
        case 2 where !list.isEmpty:
          list.remove(at: Int.random(in: 0..<list.count, using: &rng))
        case 3:
          let lower = Int.random(in: 0...list.count, using: &rng)
          let upper = Int.random(in: lower...min(list.count, lower + 300), using: &rng)
          let new = (0..<Int.random(in: 0...300, using: &rng)).map { _ in Self.randomCell(&rng) }
          list.replaceSubrange(lower..<upper, with: new)
        case 4:
          var pattern = Self.randomCell(&rng)
          if Bool.random(using: &rng) { pattern.badges = [Badge(size: Size(width: 8, height: 8))] }
          list.append(
            contentsOf: CellList(
              repeating: pattern, count: Int.random(in: 1...500, using: &rng),
              idPrefix: Bool.random(using: &rng) ? "r" : nil))
        case 5:
          let cycle = (0..<Int.random(in: 1...5, using: &rng)).map { _ in Self.randomCell(&rng) }
          list.append(contentsOf: CellList(cycling: cycle, count: Int.random(in: 1...400, using: &rng)))
        case 6 where !list.isEmpty:
          // A copy edited apart: the list itself keeps its answer.
          var copy = list
          copy[Int.random(in: 0..<copy.count, using: &rng)].badges = Self.randomBadges(&rng)
          let summary = copy.badgeSummary
          let expected = Self.recount(copy)
          #expect(summary.count == expected.0 && summary.farthest == expected.1, "\(context) copy")
        default:
          list.append(Self.randomCell(&rng))
        }
      }
      let summary = list.badgeSummary
      let expected = Self.recount(list)
      #expect(summary.count == expected.0 && summary.farthest == expected.1, "round \(round) end")
      for (old, answer) in kept {
        let summary = old.badgeSummary
        #expect(summary.count == answer.0 && summary.farthest == answer.1, "round \(round) kept copy")
      }
    }
  }

  /// A layout counts a section's badges as its cells have them, and reports a badge that
  /// cannot be laid out whether or not the list's summary was kept before.
  @Test func layoutsReadTheKeptSummary() throws {
    var cells = CellList(repeating: Cell(width: 50, height: 20), count: 1_000)
    cells[500].badges = [Badge(size: Size(width: 10, height: 10))]
    var model = ListModel(configuration: ListConfiguration(width: 200), sections: [Section(cells: cells)])
    let snapshot = try model.layout()
    #expect(snapshot.sectionBadges(0).count == 1)
    #expect(snapshot.badgeAttributes(at: ListIndexPath(item: 500, section: 0)).count == 1)
    // The same list, its summary kept, edited: one more badge, then one that cannot be laid out.
    model.sections[0].cells[10].badges = [Badge(size: Size(width: 6, height: 6))]
    #expect(try model.layout().sectionBadges(0).count == 2)
    model.sections[0].cells[900].badges = [Badge(size: Size(width: .nan, height: 6))]
    do {
      _ = try model.layout()
      Issue.record("a badge of NaN width was laid out")
    } catch {
      #expect("\(error)".contains("sections[0].items[900].badges[0]"))
    }
  }
}
