import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// The index of identifiers (and the one-search walk) answer the first cell with an
/// identifier in index-path order, as a scan of every cell does, on models mixing runs with
/// and without prefixes, written-out cells and edits.
@Suite struct IdentifierIndexTests {
  /// Prefixes that end in digits, that are prefixes of each other, empty, and equal as
  /// strings though their bytes differ ("é" precomposed and decomposed).
  static let prefixes = ["r", "row", "row1", "row12", "", "x9", "\u{E9}", "e\u{301}", "K"]
  /// Identifiers of written-out cells and of runs' patterns: some equal to derived ones,
  /// some with leading zeros, some equal as strings to others (KELVIN SIGN and K).
  static let stored = [
    "row123", "row1", "r5", "r05", "r0", "5", "05", "a", "b", "K", "\u{212A}", "K7", "\u{212A}7", "x90",
    "\u{E9}3",
    "e\u{301}4", "row12", "r-1",
  ]

  /// The first cell of each identifier, by a scan of every cell (a run's read one by one).
  static func scan(_ model: ListModel) -> [String: ListIndexPath] {
    var first: [String: ListIndexPath] = [:]
    for (s, section) in model.sections.enumerated() {
      for (i, cell) in section.cells.enumerated() {
        if let id = cell.id, first[id] == nil { first[id] = ListIndexPath(item: i, section: s) }
      }
    }
    return first
  }

  static func cell(_ rng: inout SplitMix64) -> Cell {
    Cell(id: rng.below(4) == 0 ? nil : rng.pick(stored), width: 100, height: Double(10 + rng.below(30)))
  }

  /// A model of a few sections, each a mix of written-out cells, runs with prefixes (some
  /// sharing one, so that their numbers overlap) and runs without, then edited: cells
  /// replaced and inserted inside runs, ranges removed (the runs after keep their numbers).
  static func model(_ rng: inout SplitMix64) -> ListModel {
    var sections: [Section] = []
    for _ in 0..<(1 + rng.below(3)) {
      var cells = CellList()
      for _ in 0..<(1 + rng.below(6)) {
        switch rng.below(3) {
        case 0:
          for _ in 0..<(1 + rng.below(20)) { cells.append(cell(&rng)) }
        case 1:
          let pattern = (0..<(1 + rng.below(3))).map { _ in cell(&rng) }
          cells.append(cycling: pattern, count: 1 + rng.below(300), idPrefix: rng.pick(prefixes))
        default:
          let pattern = (0..<(1 + rng.below(3))).map { _ in cell(&rng) }
          cells.append(cycling: pattern, count: 1 + rng.below(200))
        }
      }
      for _ in 0..<rng.below(5) where !cells.isEmpty {
        switch rng.below(4) {
        case 0: cells[rng.below(cells.count)] = cell(&rng)
        case 1: cells.insert(cell(&rng), at: rng.below(cells.count + 1))
        case 2:
          let start = rng.below(cells.count)
          cells.removeSubrange(start..<min(cells.count, start + 1 + rng.below(150)))
        default:
          // Appended after removals, a run takes numbers that earlier runs of its prefix hold.
          cells.append(repeating: cell(&rng), count: 1 + rng.below(300), idPrefix: rng.pick(prefixes))
        }
      }
      sections.append(Section(cells: cells))
    }
    return ListModel(configuration: ListConfiguration(width: 375), sections: sections)
  }

  /// The identifiers to look up: every identifier of the model, derived-looking ones near
  /// and past every prefix's numbers, leading zeros, signs, non-digits, numbers too long.
  static func queries(_ model: ListModel, _ rng: inout SplitMix64) -> [String] {
    var queries = Array(scan(model).keys)
    for prefix in prefixes + stored {
      for _ in 0..<20 { queries.append(prefix + String(rng.below(1_200))) }
      queries += [
        prefix, prefix + "0", prefix + "00", prefix + "01", prefix + "-1", prefix + "x", prefix + "1x",
        prefix + "99999999999999999999", prefix + "9223372036854775807", prefix + "9223372036854775808",
        prefix + "1" + String(repeating: "0", count: 18),
      ]
    }
    return queries
  }

  @Test func indexAndWalkAnswerAsAScanOfEveryCell() {
    var rng = SplitMix64(seed: 0x1D5)
    var runs = 0
    for trial in 0..<sweep(quick: 150, long: 1_500) {
      let model = Self.model(&rng)
      runs += model.sections.reduce(0) { $0 + $1.cells.runLeafCount }
      let expected = Self.scan(model)
      let index = IdentifierIndex(model)
      for query in Self.queries(model, &rng) {
        let answer = index.first(query, in: model)
        #expect(answer == expected[query], "trial \(trial): index, \(query.debugDescription)")
        #expect(
          model.firstCell(withIdentifier: query) == expected[query],
          "trial \(trial): walk, \(query.debugDescription)")
        if answer != expected[query] { return }
      }
    }
    #expect(runs > 500)
  }

  /// Ranges given to their first owner: each number to the first range (in order) holding
  /// it, against a number-by-number reference.
  @Test func overlappingRangesGoToTheFirstThatHoldsANumber() {
    var rng = SplitMix64(seed: 77)
    for trial in 0..<sweep(quick: 300, long: 5_000) {
      var ranges: [IdentifierIndex.Numbers] = []
      var item = 0
      for _ in 0..<(1 + rng.below(8)) {
        let lower = rng.below(60)
        let count = 1 + rng.below(40)
        ranges.append(IdentifierIndex.Numbers(lower: lower, upper: lower + count, path: UInt64(item)))
        item += count + rng.below(3)
      }
      let owned = IdentifierIndex.firstOwners(ranges)
      for (a, b) in zip(owned, owned.dropFirst()) { #expect(a.upper <= b.lower, "trial \(trial)") }
      for number in 0..<110 {
        let expected = ranges.first { $0.lower <= number && number < $0.upper }.map {
          $0.path + UInt64(number - $0.lower)
        }
        let found = owned.first { $0.lower <= number && number < $0.upper }.map {
          $0.path + UInt64(number - $0.lower)
        }
        #expect(found == expected, "trial \(trial) number \(number)")
      }
    }
  }

  /// The index hashes an identifier beyond ASCII as the ASCII one it equals when there is one:
  /// it knows the three scalars that decompose to ASCII. Every other scalar beyond ASCII is
  /// unequal to every ASCII character.
  @Test func onlyThreeScalarsBeyondASCIIEqualAnASCIICharacter() {
    let ascii = Set((0..<128).map { String(UnicodeScalar(UInt8($0))) })
    var equal: [UInt32] = []
    for value in UInt32(0x80)...0x10_FFFF {
      guard let scalar = UnicodeScalar(value), ascii.contains(String(scalar)) else { continue }
      equal.append(value)
    }
    #expect(equal == [0x037E, 0x1FEF, 0x212A])
  }

  /// A run as long as a list with runs may be: its index costs what its one run costs, and its
  /// numbers are found by arithmetic to the last.
  @Test func aRunOfTheMostCellsIsIndexedWhole() {
    let count = CellList.maxRunListCount
    var cells = CellList(repeating: Cell(width: 10, height: 10), count: count - 10, idPrefix: "row")
    cells.append(contentsOf: (0..<10).map { Cell(id: "row\($0)", width: 10, height: 10) })
    let model = ListModel(
      configuration: ListConfiguration(width: 10),
      sections: [Section(cells: [Cell(id: "row5", width: 1, height: 1)]), Section(cells: cells)])
    let index = IdentifierIndex(model)
    #expect(index.first("row5", in: model) == ListIndexPath(item: 0, section: 0))
    #expect(index.first("row6", in: model) == ListIndexPath(item: 6, section: 1))
    #expect(index.first("row\(count - 11)", in: model) == ListIndexPath(item: count - 11, section: 1))
    #expect(index.first("row\(count - 10)", in: model) == nil)
    #expect(index.first("row1000000000", in: model) == ListIndexPath(item: 1_000_000_000, section: 1))
    #expect(
      model.firstCell(withIdentifier: "row\(count - 11)") == ListIndexPath(item: count - 11, section: 1))
    #expect(model.firstCell(withIdentifier: "row06") == nil)
  }
}
