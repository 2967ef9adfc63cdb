import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// A flow page's own invariants (`LinePage.checkInvariants`), checked by the page store as it
/// seals, copies or hands over each page in debug builds and with `LISTLAYOUT_CHECKS`.
@Suite struct PageInvariantTests {
  /// The pages of random layouts, stored and deferred, keep them (the layouts would have
  /// trapped otherwise); read again here, a deferred page computing its records.
  @Test func layoutsKeepThem() throws {
    #if DEBUG || LISTLAYOUT_CHECKS
    for seed in UInt64(0)..<40 {
      var rng = SplitMix64(seed: seed &+ 71_000)
      let model = ModelGenerator.model(&rng, maxSections: 3, maxCells: 2_000)
      let deferred = seed.isMultiple(of: 2)
      let (snapshot, _) = try FlowHalvesTests.layout(model, deferredMinimum: deferred ? 1 : .max) { _ in nil }
      for page in DeferredRecordsTests.pages(snapshot) { page.checkInvariants() }
    }
    #endif
  }

  #if DEBUG || LISTLAYOUT_CHECKS
  /// Records whose lines go up the page trap.
  @Test func linesGoingUpTrap() async {
    await #expect(processExitsWith: .failure) {
      let (items, lines) = PageInvariantTests.records()
      lines[1].y = 5
      LinePage.checkInvariants(.init(itemCount: 4, lineCount: 2, height: 40), items: items, lines: lines)
    }
  }

  /// A line without items traps.
  @Test func emptyLinesTrap() async {
    await #expect(processExitsWith: .failure) {
      let (items, lines) = PageInvariantTests.records()
      lines[1].firstItem = 4
      LinePage.checkInvariants(.init(itemCount: 4, lineCount: 2, height: 40), items: items, lines: lines)
    }
  }

  /// A cell outside its line, or a page that does not end at its last line, traps.
  @Test func cellsOutsideTheirLineTrap() async {
    await #expect(processExitsWith: .failure) {
      let (items, lines) = PageInvariantTests.records()
      items[3].height = 30
      LinePage.checkInvariants(.init(itemCount: 4, lineCount: 2, height: 40), items: items, lines: lines)
    }
    await #expect(processExitsWith: .failure) {
      let (items, lines) = PageInvariantTests.records()
      LinePage.checkInvariants(.init(itemCount: 4, lineCount: 2, height: 41), items: items, lines: lines)
    }
  }

  /// The records checked by the traps: two lines of two cells, 20 points tall each.
  @Test func theRecordsKeepThem() {
    let (items, lines) = Self.records()
    LinePage.checkInvariants(.init(itemCount: 4, lineCount: 2, height: 40), items: items, lines: lines)
  }

  /// Two lines of two 10 × 20 cells (leaked: a trapping test never frees them).
  static func records() -> (UnsafeMutablePointer<ItemRecord>, UnsafeMutablePointer<LineRecord>) {
    let items: UnsafeMutablePointer<ItemRecord> = RawBlocks.allocate(4)
    let lines: UnsafeMutablePointer<LineRecord> = RawBlocks.allocate(2)
    for i in 0..<4 {
      items[i] = ItemRecord(x: Double(i % 2) * 10, y: Double(i / 2) * 20, width: 10, height: 20)
    }
    lines[0] = LineRecord(firstItem: 0, y: 0, height: 20)
    lines[1] = LineRecord(firstItem: 2, y: 20, height: 20)
    return (items, lines)
  }
  #endif
}
