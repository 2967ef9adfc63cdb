import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// A section's badges counted over runs (each pattern cell's badges times its repeats in the
/// range) equal the count over the same cells written out, and a run's invalid badge is
/// reported at the same cell.
@Suite struct BadgeRunTests {
  static func cell(_ rng: inout SplitMix64) -> Cell {
    var cell = Cell(width: 10, height: 10)
    switch Int.random(in: 0..<6, using: &rng) {
    case 0: cell.badges = [Badge(size: Size(width: 8, height: 8))]
    case 1:
      cell.badges = [
        Badge(size: Size(width: 4, height: 4)),
        Badge(size: Size(width: 20, height: 6), offset: Point(x: 3, y: -2)),
      ]
    case 2 where Int.random(in: 0..<8, using: &rng) == 0:
      cell.badges = [Badge(size: Size(width: -1, height: 4))]
    default: break
    }
    return cell
  }

  static func outcome(_ cells: CellList, _ range: Range<Int>) -> String {
    do {
      let badges = try SectionBadges(cells, in: range, horizontal: false, section: 0)
      return "\(badges.count) \(badges.reach)"
    } catch {
      return "\(error)"
    }
  }

  @Test func runsCountTheirPatternsBadges() {
    for seed in 0..<UInt64(sweep(quick: 300, long: 5_000)) {
      var rng = SplitMix64(seed: 3_340_000 + seed)
      var runs = CellList()
      var written: [Cell] = []
      for _ in 0..<Int.random(in: 1...4, using: &rng) {
        if Bool.random(using: &rng) {
          let cell = Self.cell(&rng)
          runs.append(cell)
          written.append(cell)
        }
        let pattern = (0..<Int.random(in: 1...3, using: &rng)).map { _ in Self.cell(&rng) }
        let count = [1, 2, 5, 64, 100, 300].randomElement(using: &rng)!
        runs.append(cycling: pattern, count: count)
        for r in 0..<count { written.append(pattern[r % pattern.count]) }
      }
      // An edit inside a run splits it (a run leaf then starts inside its pattern).
      if written.count > 10, Bool.random(using: &rng) {
        let at = Int.random(in: 0..<written.count, using: &rng)
        let cell = Self.cell(&rng)
        runs[at] = cell
        written[at] = cell
      }
      let list = CellList(written)
      let lower = Int.random(in: 0...written.count, using: &rng)
      let upper = Int.random(in: lower...written.count, using: &rng)
      for range in [0..<written.count, lower..<upper] {
        #expect(Self.outcome(runs, range) == Self.outcome(list, range), "seed \(seed) \(range)")
      }
    }
  }
}
