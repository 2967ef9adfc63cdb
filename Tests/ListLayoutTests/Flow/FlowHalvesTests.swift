import LayoutGeometry
import ListLayoutTestSupport
import Synchronization
import TestSupport
import Testing

@testable import ListLayout

/// A large flow section is laid out by two typesetters at once (FlowHalves.swift): the result
/// is the one typesetter's, page for page and bit for bit, wherever the section is split.
@Suite struct FlowHalvesTests {
  /// Lays `model` out with every flow section split where `split` says; the snapshot and the
  /// number of joins.
  static func layout(
    _ model: ListModel, deferredMinimum: Int = LayoutTuning.standard.deferralMinimumItems,
    split: @escaping @Sendable (Int) -> Int?
  ) throws -> (LayoutSnapshot, joins: Int) {
    var tuning = LayoutTuning()
    tuning.deferralMinimumItems = deferredMinimum
    tuning.split = split
    let counters = LayoutCounters()
    tuning.counters = counters
    let snapshot = try model.layout(frames: .onDemand, tuning: tuning)
    return (snapshot, counters.joins)
  }

  /// Every section's pages, as records.
  static func expectSamePages(_ a: LayoutSnapshot, _ b: LayoutSnapshot, _ context: String) {
    for s in 0..<a.numberOfSections {
      let pa = a.geometries[s].pages
      let pb = b.geometries[s].pages
      #expect(pa.count == pb.count, "\(context) section \(s): \(pa.count) pages against \(pb.count)")
      if let k = (0..<min(pa.count, pb.count)).first(where: { pa[$0] != pb[$0] }) {
        Issue.record("\(context) section \(s): page \(k) differs")
      }
    }
  }

  /// Random models with every flow feature (attributes that break and indent lines, insets,
  /// trait-dependent managers, alignments), sections over several pages, split anywhere.
  @Test(arguments: 0..<6)
  func halvesEqualOneTypesetter(batch: Int) throws {
    var joins = 0
    var sections = 0
    for seed in UInt64(batch * 60)..<UInt64(batch * 60 + sweep(quick: 6, long: 60)) {
      var rng = SplitMix64(seed: seed &+ 41_000)
      let model = ModelGenerator.model(&rng, maxSections: 3, maxCells: 3_000)
      let fraction = Double.random(in: 0..<1, using: &rng)
      let whole = try Self.layout(model) { _ in nil }.0
      let (halves, joined) = try Self.layout(model) { Int(Double($0) * fraction) }
      try expectSameLayout(halves, whole, "seed \(seed)")
      Self.expectSamePages(halves, whole, "seed \(seed)")
      #expect(halves.invariantViolations() == [], "seed \(seed)")
      joins += joined
      // Sections of four pages or more with no indentation before the split.
      sections +=
        model.sections.filter {
          let split = min(max(Int(Double($0.cells.count) * fraction), 1), $0.cells.count - 1)
          return $0.cells.count >= 4 * LinePage.targetItemCount
            && split < $0.cells.count - 2 * LinePage.targetItemCount
            && !$0.cells.prefix(split).contains { $0.attributes?.startLineIndentation == true }
        }.count
    }
    // Most of those join (the lines agree within a few lines of the split); the others were
    // laid out by this thread alone, with the same result.
    #expect(joins * 4 >= sections * 3, "\(joins) joins in \(sections) sections that could")
  }

  /// Decimal sizes and spacing (any change in the order of the arithmetic would show), at
  /// the size the engine splits by itself, against the same model in one piece.
  @Test func largeDecimalSectionSplitsAndAgrees() throws {
    var cells = PageArenaTests.cells(LayoutTuning.standard.halvesMinimumItems + 1_234, seed: 11)
    // Indentation only after the split (with some before it, the helper declines: below).
    for i in 0..<(cells.count / 2) where cells[i].attributes?.startLineIndentation == true {
      cells[i].attributes?.startLineIndentation = false
    }
    let model = PageArenaTests.model(cells)
    let whole = try Self.layout(model) { _ in nil }.0
    let (halves, joins) = try Self.layout(model) { $0 / 2 }
    #expect(joins == 1)
    try expectSameLayout(halves, whole, "halves against one piece")
    Self.expectSamePages(halves, whole, "halves against one piece")
    // The engine's own choice (two halves where two processors are available).
    try expectSameLayout(try model.layout(), whole, "the engine's choice against one piece")
  }

  /// Decimal sizes split at many places: where the two halves join, the page above must have
  /// the same height to the last bit (the next page's first line is placed from it), which
  /// rounding does not always give.
  @Test(arguments: 0..<4)
  func decimalSplitsAnywhereAgree(batch: Int) throws {
    var cells = PageArenaTests.cells(7_000, seed: 50 + UInt64(batch))
    for i in cells.indices { cells[i].attributes?.startLineIndentation = false }
    let model = PageArenaTests.model(cells)
    let whole = try Self.layout(model) { _ in nil }.0
    var joins = 0
    for k in 0..<12 {
      let split = 700 + 397 * k + 37 * batch
      let (halves, joined) = try Self.layout(model) { _ in split }
      joins += joined
      Self.expectSamePages(halves, whole, "split at \(split)")
    }
    #expect(joins >= 6, "\(joins) joins in 12 splits")
  }

  /// A cell before the split that starts an indentation makes the helper decline: the first
  /// half's thread lays the section out alone. One well after the split (once the lines
  /// agree) is the helper's to place.
  @Test func indentationBeforeTheSplitDeclines() throws {
    var cells = PageArenaTests.cells(12_000, seed: 13)
    for i in cells.indices where cells[i].attributes?.startLineIndentation == true {
      cells[i].attributes?.startLineIndentation = false
    }
    cells[4_321].attributes = CellAttributes(startLineIndentation: true)
    let model = PageArenaTests.model(cells)
    let whole = try Self.layout(model) { _ in nil }.0
    let before = try Self.layout(model) { _ in 5_000 }
    #expect(before.joins == 0)
    try expectSameLayout(before.0, whole, "indentation before the split")
    let after = try Self.layout(model) { _ in 1_000 }
    #expect(after.joins == 1)
    try expectSameLayout(after.0, whole, "indentation after the split")
    // Just after the split, before the lines agree: the helper indents from its own lines,
    // the two never agree, and this thread goes on alone past the window.
    let justAfter = try Self.layout(model) { _ in 4_300 }
    #expect(justAfter.joins == 0)
    try expectSameLayout(justAfter.0, whole, "indentation just after the split")
  }

  /// An invalid size in either half is the error one typesetter reports, at the same cell.
  @Test func anErrorInEitherHalfIsTheOneTypesettersError() throws {
    for bad in [100, 2_500, 3_999] {
      var cells = PageArenaTests.cells(4_000, seed: 3)
      cells[bad].size = .fixed(Size(width: .nan, height: 10))
      let model = PageArenaTests.model(cells)
      var expected = ""
      do { _ = try Self.layout(model) { _ in nil } } catch { expected = "\(error)" }
      #expect(expected.contains("items[\(bad)]"), "\(expected)")
      var actual = ""
      do { _ = try Self.layout(model) { _ in 2_000 } } catch { actual = "\(error)" }
      #expect(actual == expected, "bad cell \(bad)")
    }
  }

  /// The second half declines cells sized by a callback: each callback is asked once per
  /// cell, on the calling thread, and the layout is the one typesetter's.
  @Test func callbacksAreAskedOncePerCell() throws {
    let calls = Atomic<Int>(0)
    var cells = PageArenaTests.cells(3_000, seed: 9)
    for i in stride(from: 1_700, to: 3_000, by: 97) {
      cells[i].size = .sizing { proposal in
        calls.add(1, ordering: .relaxed)
        return Size(width: min(30, max(0, proposal.remainingLineSpace)), height: 12)
      }
    }
    let model = PageArenaTests.model(cells)
    let whole = try Self.layout(model) { _ in nil }.0
    let askedByOne = calls.load(ordering: .relaxed)
    #expect(askedByOne == 14)
    let (halves, joins) = try Self.layout(model) { _ in 1_500 }
    #expect(joins == 0)
    #expect(calls.load(ordering: .relaxed) == 2 * askedByOne)
    try expectSameLayout(halves, whole, "callbacks in the second half")
  }

  /// Edits of a snapshot laid out in halves reflow exactly as they do in the same snapshot
  /// laid out whole (its pages are the same).
  @Test func editsAfterHalvesAreEditsOfTheWhole() throws {
    let model = PageArenaTests.model(PageArenaTests.cells(5_000, seed: 21))
    let whole = try Self.layout(model) { _ in nil }.0
    let (halves, joins) = try Self.layout(model) { _ in 2_600 }
    #expect(joins == 1)
    try Self.expectSameEdits(halves, whole, seed: 5)
  }

  /// Applies the same 30 random edits (resizes, insertions, deletions in section 0) to both
  /// snapshots and expects the same layout after each, bit for bit.
  static func expectSameEdits(_ actual: LayoutSnapshot, _ expected: LayoutSnapshot, seed: UInt64) throws {
    var actual = actual
    var expected = expected
    var rng = SplitMix64(seed: seed)
    for round in 0..<30 {
      var update = ListUpdate()
      let item = Int.random(in: 0..<expected.model.sections[0].cells.count, using: &rng)
      let path = ListIndexPath(item: item, section: 0)
      switch round % 3 {
      case 0: update.resizeItem(at: path, to: Size(width: 12.3, height: 45.6))
      case 1: update.insertItem(PageArenaTests.cells(1, seed: rng.next())[0], at: path)
      default: update.deleteItem(at: path)
      }
      actual = try actual.applying(update).snapshot
      expected = try expected.applying(update).snapshot
      guard try expectSameLayout(actual, expected, "round \(round), item \(item)") else { return }
    }
  }
}
