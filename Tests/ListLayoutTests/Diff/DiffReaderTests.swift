import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// The diff's readers: cell lists read in place by position, and the id table, each against
/// a plain reference.
@Suite struct DiffReaderTests {
  /// Lists of every shape edits leave (small, merged and split chunks), read by position in
  /// random and sequential order, equal their arrays.
  @Test func cursorsReadWhatTheArrayHolds() {
    for seed in 0..<sweep(quick: 60, long: 300) {
      var rng = SplitMix64(seed: UInt64(seed))
      var list = CellList()
      var array: [Cell] = []
      for _ in 0..<Int.random(in: 0...1500, using: &rng) {
        let cell = Cell(id: Bool.random(using: &rng) ? nil : "c\(rng.next() % 5000)", width: 1, height: 1)
        let at = Int.random(in: 0...array.count, using: &rng)
        list.insert(cell, at: at)
        array.insert(cell, at: at)
        if !array.isEmpty && Int.random(in: 0..<3, using: &rng) == 0 {
          let gone = Int.random(in: array.indices, using: &rng)
          list.remove(at: gone)
          array.remove(at: gone)
        }
      }
      let column = CellColumn(list)
      #expect(column.count == array.count, "seed \(seed)")
      var cursor = CellCursor(column)
      for k in array.indices {
        #expect(cursor.id(at: k) == array[k].id, "seed \(seed) item \(k)")
      }
      for _ in 0..<(array.isEmpty ? 0 : 400) {
        let k = Int.random(in: array.indices, using: &rng)
        #expect(cursor.id(at: k) == array[k].id, "seed \(seed) item \(k)")
        #expect(column[k].id == array[k].id, "seed \(seed) item \(k)")
      }
    }
  }

  /// Strings of every length around the eight-byte words the hash reads, ASCII and not,
  /// numbered as a dictionary numbers them.
  @Test func identifierTableNumbersAsADictionary() {
    let alphabet: [Character] = ["a", "b", "0", "é", "ß", "→", "🙂", " "]
    for seed in 0..<100 {
      var rng = SplitMix64(seed: UInt64(seed))
      var strings: [String] = []
      for _ in 0..<Int.random(in: 1...400, using: &rng) {
        let length = Int.random(in: 0...20, using: &rng)
        strings.append(
          String(
            (0..<length).map { _ in
              alphabet[
                Int.random(in: 0..<3, using: &rng) == 0
                  ? 3 + Int.random(in: 0..<5, using: &rng) : Int.random(in: 0..<3, using: &rng)]
            }))
      }
      let inserted = strings.prefix(strings.count / 2)
      var table = IdentifierTable(capacity: inserted.count)
      var reference: [String: Int] = [:]
      for string in inserted {
        let number = table.insert(string)
        if reference[string] == nil { reference[string] = reference.count }
        #expect(number == reference[string], "seed \(seed) \(string)")
      }
      #expect(table.count == reference.count)
      for string in strings {
        #expect(table.find(string) == reference[string], "seed \(seed) \(string)")
      }
    }
  }

  /// Long sections whose ids repeat often (a pool of 20 to 2,000 ids for up to 6,000 cells):
  /// walked pairs whose ids also occur among the leftovers are taken back through the
  /// screens the walk keeps. The difference must match the reference matcher and lay out as
  /// the new model.
  @Test func duplicateHeavyFeedsMatchTheReference() throws {
    for seed in 0..<sweep(quick: 6, long: 40) {
      var rng = SplitMix64(seed: UInt64(seed))
      let pool = UInt64(Int.random(in: 20...2000, using: &rng))
      func cell() -> Cell {
        Cell(
          id: Int.random(in: 0..<30, using: &rng) == 0 ? nil : "d\(rng.next() % pool)",
          width: Double(Int.random(in: 1...200, using: &rng)), height: 10)
      }
      var old = ListModel(configuration: ListConfiguration(width: 375))
      for _ in 0..<Int.random(in: 1...2, using: &rng) {
        old.sections.append(
          Section(cells: (0..<Int.random(in: 1000...3000, using: &rng)).map { _ in cell() }))
      }
      var new = old
      for _ in 0..<Int.random(in: 1...30, using: &rng) {
        let s = Int.random(in: new.sections.indices, using: &rng)
        var cells = Array(new.sections[s].cells)
        let start = Int.random(in: 0...cells.count, using: &rng)
        let end = min(cells.count, start + Int.random(in: 0...40, using: &rng))
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: cells.removeSubrange(start..<end)
        case 1:
          cells.insert(contentsOf: (0..<Int.random(in: 1...40, using: &rng)).map { _ in cell() }, at: start)
        default:
          let block = Array(cells[start..<end])
          cells.removeSubrange(start..<end)
          cells.insert(contentsOf: block, at: Int.random(in: 0...cells.count, using: &rng))
        }
        new.sections[s].cells = CellList(cells)
      }
      let difference = ListDifference(from: old, to: new)
      let result = try old.layout().applying(difference)
      guard try expectSameLayout(result.snapshot, try new.layout(), "seed \(seed)") else { return }
      #expect(DifferenceGenerator.ids(result.snapshot.model) == DifferenceGenerator.ids(new), "seed \(seed)")
      _ = try ReferenceDifference.check(
        old, new, difference, "seed \(seed)", lis: ReferenceDifference.lisLength)
    }
  }
}
