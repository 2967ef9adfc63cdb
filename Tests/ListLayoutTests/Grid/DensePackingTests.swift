import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// CSS Grid's dense auto-placement as the spec says it, with nothing clever: a grid of Bools
/// that grows a row at a time; each cell is put at the first row, then the first column, where
/// its span of columns is free ("grid-auto-flow: dense": the cursor goes back to the grid's
/// start for every item).
struct ReferenceDensePacking {
  let columns: Int
  /// Row by row, `columns` flags a row: whether the column is taken.
  private(set) var occupied: [Bool] = []
  /// Each row's longest run of free columns, counted again after every placement in it (a
  /// row whose longest run is shorter than a span cannot hold it: skipping it changes
  /// nothing).
  private var longestFree: [Int] = []

  init(columns: Int) { self.columns = columns }

  var rowCount: Int { longestFree.count }

  mutating func place(span: Int) -> (row: Int, column: Int) {
    var row = 0
    while true {
      if row == longestFree.count {
        occupied += Array(repeating: false, count: columns)
        longestFree.append(columns)
      }
      if longestFree[row] >= span, let start = take(span, inRow: row) {
        return (row, start)
      }
      row += 1
    }
  }

  /// Takes the first `span` free columns in a row (left to right, counting the free ones
  /// since the last taken one) and counts the row's longest free run again; nil if the row
  /// has no such run.
  private mutating func take(_ span: Int, inRow row: Int) -> Int? {
    let columns = columns
    let start = occupied.withUnsafeMutableBufferPointer { grid -> Int? in
      // (A pointer and `while` loops: a debug build makes array subscripts and ranges slow.)
      let cells = grid.baseAddress! + row * columns
      var free = 0
      var column = 0
      while column < columns {
        free = cells[column] ? 0 : free + 1
        if free == span {
          var c = column - span + 1
          while c <= column {
            cells[c] = true
            c += 1
          }
          return column - span + 1
        }
        column += 1
      }
      return nil
    }
    guard let start else { return nil }
    longestFree[row] = occupied.withUnsafeBufferPointer { grid in
      let cells = grid.baseAddress! + row * columns
      var longest = 0
      var free = 0
      var column = 0
      while column < columns {
        free = cells[column] ? 0 : free + 1
        longest = max(longest, free)
        column += 1
      }
      return longest
    }
    return start
  }
}

@Suite struct DensePackingTests {
  /// Spans for a seeded sequence, drawn in one of several shapes: mostly narrow, uniform over
  /// 1...columns, only wide ones (where rows never fill), a few distinct widths, or many
  /// distinct widths with full rows among them.
  static func spans(_ rng: inout SplitMix64, columns: Int, count: Int) -> (shape: String, spans: [Int]) {
    let shape = Int.random(in: 0..<5, using: &rng)
    let few = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Int.random(in: 1...columns, using: &rng) }
    let spans = (0..<count).map { _ -> Int in
      switch shape {
      case 0:
        return Int.random(in: 0..<4, using: &rng) == 0 ? Int.random(in: 1...min(columns, 5), using: &rng) : 1
      case 1: return Int.random(in: 1...columns, using: &rng)
      case 2: return Int.random(in: max(1, columns / 2)...columns, using: &rng)
      case 3: return few.randomElement(using: &rng)!
      default:
        return Int.random(in: 0..<8, using: &rng) == 0
          ? columns
          : Int.random(in: 1...max(1, columns - Int.random(in: 0...columns, using: &rng)), using: &rng)
      }
    }
    return (["narrow", "uniform", "wide", "few widths", "many widths and full rows"][shape], spans)
  }

  static let columnChoices = [
    1, 2, 3, 4, 5, 7, 8, 31, 63, 64, 65, 100, 127, 128, 129, 191, 192, 193, 500, 1023, 1024,
  ]

  /// 4 × 750 seeded sequences (column counts 1...1024 around every word boundary, every span
  /// shape): the packer puts every cell where the plain reference does, with and without being
  /// told the narrowest span still to come.
  @Test(arguments: 0..<4)
  func packerEqualsThePlainReference(batch: Int) {
    var sequences = 0
    var wide = 0
    let seeds = sweep(quick: 60, long: 750)
    for seed in UInt64(batch * 750)..<UInt64(batch * 750 + seeds) {
      var rng = SplitMix64(seed: 410_000 + seed)
      let columns =
        Bool.random(using: &rng)
        ? Self.columnChoices.randomElement(using: &rng)! : Int.random(in: 1...1024, using: &rng)
      // The reference scans rows column by column: keep a sequence's work small.
      let count = Int.random(in: 0...max(40, min(300, 60_000 / columns)), using: &rng)
      let (shape, spans) = Self.spans(&rng, columns: columns, count: count)
      let toldSmallest = Bool.random(using: &rng)
      var smallestLeft = spans
      for i in smallestLeft.indices.reversed().dropFirst() {
        smallestLeft[i] = min(smallestLeft[i], smallestLeft[i + 1])
      }
      var packer = DensePacker(columnCount: columns)
      var reference = ReferenceDensePacking(columns: columns)
      for (i, span) in spans.enumerated() {
        if toldSmallest { packer.smallestSpanLeft = smallestLeft[i] }
        let placed = packer.place(span: span)
        let expected = reference.place(span: span)
        guard placed == expected else {
          Issue.record(
            "seed \(seed): \(columns) columns, \(shape), told smallest \(toldSmallest): cell \(i) span \(span) at \(placed), expected \(expected)"
          )
          return
        }
      }
      #expect(packer.rowCount == reference.rowCount, "seed \(seed)")
      #expect(packer.keptRowCount <= packer.rowCount, "seed \(seed)")
      sequences += 1
      if columns > 64 { wide += 1 }
    }
    #expect(sequences == seeds && wide > seeds * 2 / 5)
  }

  /// The kept rows are the open ones (and retired ones awaiting compaction), not every row: a
  /// grid whose rows fill keeps a handful, and rows too narrow for every span left go.
  @Test func packerKeepsOnlyRowsThatCanTakeACell() {
    var filling = DensePacker(columnCount: 3)
    for _ in 0..<30_000 { _ = filling.place(span: 1) }
    #expect(filling.rowCount == 10_000)
    #expect(filling.keptRowCount < 40)
    // 1,024 columns, spans of 600 to 1,024: every row keeps a hole narrower than any span.
    var wide = DensePacker(columnCount: 1024)
    wide.smallestSpanLeft = 600
    for i in 0..<5_000 { _ = wide.place(span: 600 + i % 425) }
    #expect(wide.rowCount == 5_000)
    #expect(wide.keptRowCount < 40)
    // Not told: the rows stay open (a span of 1 could still come), and one does fill a hole.
    var untold = DensePacker(columnCount: 1024)
    for i in 0..<2_000 { _ = untold.place(span: 600 + i % 425) }
    #expect(untold.keptRowCount == 2_000)
    #expect(untold.place(span: 424) == (0, 600))
  }

  /// Seeded dense grid sections with many columns (counts up to 1,100, clamped to 1,024, or
  /// adaptive at small minimum widths in wide lists), spans from 1 to past the column count
  /// and full rows, every row alignment, RTL: frames equal the plain CSS Grid reference.
  @Test(arguments: 0..<2)
  func denseSectionsWithManyColumnsMatchTheReference(batch: Int) throws {
    for seed in UInt64(batch * 150)..<UInt64(batch * 150 + sweep(quick: 15, long: 150)) {
      var rng = SplitMix64(seed: 420_000 + seed)
      let width = [375.0, 1024, 4096, 20_000].randomElement(using: &rng)!
      let columns: GridColumns =
        Bool.random(using: &rng)
        ? .count(Int.random(in: 1...1100, using: &rng))
        : .adaptive(minimumWidth: [0.5, 2, 7.5, 30].randomElement(using: &rng)!)
      let grid = GridLayout(
        columns: columns, columnSpacing: Double(Int.random(in: 0...4, using: &rng)) / 2,
        rowSpacing: Double(Int.random(in: 0...8, using: &rng)) / 2,
        rowAlignment: GridRowAlignment.allCases.randomElement(using: &rng)!, packing: .dense)
      let resolved: Int
      switch columns {
      case .count(let n): resolved = min(n, GridColumns.maximumCount)
      case .adaptive: resolved = columns.columnCount(forWidth: width, spacing: grid.columnSpacing!)
      }
      let count = Int.random(in: 0...max(20, min(150, 60_000 / (resolved * 8))), using: &rng)
      let (shape, spans) = Self.spans(&rng, columns: resolved, count: count)
      let cells = spans.enumerated().map { (i, span) -> Cell in
        var cell = Cell(width: 1, height: Double(Int.random(in: 0...80, using: &rng)) / 2)
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: cell.span = .fullRow
        case 1: cell.span = .columns(span + Int.random(in: 0...50, using: &rng))  // past the count: clamped
        default: cell.span = span == 1 && i % 2 == 0 ? nil : .columns(span)
        }
        return cell
      }
      var configuration = ListConfiguration(width: width)
      configuration.layoutDirection = Bool.random(using: &rng) ? .ltr : .rtl
      let section = Section(
        cells: cells, attributes: SectionAttributes(insets: EdgeInsets(top: 3, left: 4, bottom: 5, right: 6)),
        layout: .grid(grid))
      let model = ListModel(configuration: configuration, sections: [section])
      let snapshot = try model.layout()
      #expect(snapshot.invariantViolations() == [], "seed \(seed)")
      let reference = ReferenceGrid.layout(section, grid, configuration)
      let bodyTop = snapshot.sectionTop(0) + 3
      #expect(
        abs(snapshot.sectionFrame(0)!.height - (3 + reference.height + 5)) < 1e-9, "seed \(seed) \(shape)")
      for (item, expected) in reference.frames.enumerated() {
        var wanted = expected.offsetBy(dx: 0, dy: bodyTop)
        if configuration.layoutDirection == .rtl { wanted = wanted.mirrored(inWidth: width) }
        let actual = snapshot.frame(of: ListIndexPath(item: item, section: 0))!
        guard actual.isClose(to: wanted) else {
          Issue.record("seed \(seed) (\(resolved) columns, \(shape)) item \(item): \(actual) != \(wanted)")
          return
        }
      }
    }
  }

  /// The hostile mix (issue 16): 1,024 columns and spans of many distinct widths, so rows keep
  /// holes of every size and each new width must skip rows that cannot take it. The packer
  /// took O(rows × columns) per distinct width before (minutes at this size in a release
  /// build); it now finishes here in a fraction of a second. The result satisfies what dense
  /// placement implies for the final grid (holes only fill, so no cell may have a free run as
  /// wide as its span before it, in row-major order), and lays out with its invariants.
  @Test func hostileSpanMixFinishesAndPacksDensely() throws {
    let columns = 1024
    let count = 20_000
    var rng = SplitMix64(seed: 16_016)
    let spans = (0..<count).map { i in
      i % 50 == 0 ? columns : Int.random(in: 1...(i % 3 == 0 ? 64 : columns), using: &rng)
    }
    var packer = DensePacker(columnCount: columns)
    var placements: [(row: Int, column: Int)] = []
    placements.reserveCapacity(count)
    for span in spans { placements.append(packer.place(span: span)) }
    // Each row's cells left to right: they must not overlap, and the gaps between them are
    // the row's free runs. No cell may fit a free run of an earlier row, or one left of it in
    // its own row.
    var cellsByRow = Array(repeating: [Int](), count: packer.rowCount)
    for (i, at) in placements.enumerated() { cellsByRow[at.row].append(i) }
    var longestBefore = 0
    var overlaps = 0
    var misplaced: [Int] = []
    for row in 0..<packer.rowCount {
      let members = cellsByRow[row].sorted { placements[$0].column < placements[$1].column }
      var runs: [(start: Int, length: Int)] = []
      var end = 0
      for i in members {
        let column = placements[i].column
        if column < end { overlaps += 1 }
        if column > end { runs.append((end, column - end)) }
        end = max(end, column + spans[i])
      }
      if end < columns { runs.append((end, columns - end)) }
      for i in members {
        let earlier = runs.first { $0.start < placements[i].column && $0.length >= spans[i] }
        if spans[i] <= longestBefore || earlier != nil { misplaced.append(i) }
      }
      longestBefore = max(longestBefore, runs.map(\.length).max() ?? 0)
    }
    #expect(overlaps == 0 && misplaced.isEmpty, "misplaced cells \(misplaced.prefix(10))")
    #expect(cellsByRow.allSatisfy { !$0.isEmpty })
    // The same cells through the engine: laid out, invariants hold.
    let cells = spans.map { span -> Cell in
      var cell = Cell(width: 1, height: Double(10 + span % 7))
      cell.span = span == columns ? .fullRow : .columns(span)
      return cell
    }
    let model = ListModel(
      configuration: ListConfiguration(width: 4096),
      sections: [Section(cells: cells, layout: .grid(GridLayout(columns: .count(columns), packing: .dense)))])
    let snapshot = try model.layout()
    #expect(snapshot.invariantViolations() == [])
    #expect(snapshot.numberOfItems(inSection: 0) == count)
  }
}
