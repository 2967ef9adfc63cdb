import LayoutGeometry
import ListLayoutTestSupport
import Synchronization
import TestSupport
import Testing

@testable import ListLayout

/// Large flow sections keep only where each page starts and lay a page out again when it is
/// first read (DeferredRecords.swift): every read gives the records a layout that stores them
/// writes, bit for bit, on any thread, once.
@Suite struct DeferredRecordsTests {
  typealias Halves = FlowHalvesTests

  /// Pages of every section of `snapshot`.
  static func pages(_ snapshot: LayoutSnapshot) -> [LinePage] {
    (0..<snapshot.numberOfSections).flatMap { s in
      let pages = snapshot.geometries[s].pages
      return (0..<pages.count).map { pages[$0] }
    }
  }

  /// Random models with every flow feature, every section deferred (and some split in
  /// halves): the same layout as with stored records, page for page.
  @Test(arguments: 0..<6)
  func deferredPagesAreTheStoredOnes(batch: Int) throws {
    for seed in UInt64(batch * 60)..<UInt64(batch * 60 + sweep(quick: 5, long: 60)) {
      var rng = SplitMix64(seed: seed &+ 52_000)
      let model = ModelGenerator.model(&rng, maxSections: 3, maxCells: 2_500)
      let fraction = Double.random(in: 0..<1, using: &rng)
      let halves = Bool.random(using: &rng)
      let stored = try Halves.layout(model, deferredMinimum: .max) { _ in nil }.0
      let deferred = try Halves.layout(model, deferredMinimum: 1) {
        halves ? Int(Double($0) * fraction) : nil
      }.0
      let pages = Self.pages(deferred)
      #expect(
        pages.allSatisfy { $0.lineCount == 0 || $0.isDeferred },
        "seed \(seed): every page with lines deferred")
      #expect(
        !pages.contains { $0.isDeferred && $0.hasRecords }, "seed \(seed): nothing computed before a read")
      try expectSameLayout(deferred, stored, "seed \(seed)")
      Halves.expectSamePages(deferred, stored, "seed \(seed)")
      #expect(deferred.invariantViolations() == [], "seed \(seed)")
    }
  }

  /// Decimal sizes and spacing: a page's first line is placed from the height of the page
  /// above, whose last bits depend on the order of the arithmetic; laid out again, it must
  /// come out the same.
  @Test(arguments: [false, true])
  func decimalPagesComeOutTheSame(indented: Bool) throws {
    var cells = PageArenaTests.cells(9_000, seed: indented ? 17 : 19)
    if !indented {
      for i in cells.indices { cells[i].attributes?.startLineIndentation = false }
    }
    let model = PageArenaTests.model(cells)
    let stored = try Halves.layout(model, deferredMinimum: .max) { _ in nil }.0
    let deferred = try Halves.layout(model, deferredMinimum: 1) { _ in nil }.0
    // Pages read out of order, the last first.
    for page in Self.pages(deferred).reversed() { _ = page.lineRecords }
    Halves.expectSamePages(deferred, stored, "decimal")
    try expectSameLayout(deferred, stored, "decimal")
  }

  /// A viewport query computes the pages it reads and no others, and finds what a layout
  /// with stored records finds.
  @Test func aViewportComputesOnlyThePagesItReads() throws {
    let model = PageArenaTests.model(PageArenaTests.cells(40_000, seed: 23))
    let stored = try Halves.layout(model, deferredMinimum: .max) { _ in nil }.0
    let deferred = try Halves.layout(model, deferredMinimum: 1) { _ in nil }.0
    let offset = deferred.contentSize.height * 0.6
    let viewport = deferred.viewport(scrolledTo: offset, length: 667)
    #expect(viewport.elements == stored.viewport(scrolledTo: offset, length: 667).elements)
    #expect(!viewport.elements.isEmpty)
    let computed = Self.pages(deferred).filter(\.hasRecords).count
    #expect(computed >= 1 && computed <= 4, "\(computed) pages computed for one screen")
  }

  /// Many threads reading a fresh deferred snapshot at once agree with the stored layout.
  @Test func concurrentReadersAgree() async throws {
    let model = PageArenaTests.model(PageArenaTests.cells(12_000, seed: 29))
    let expected = try Halves.layout(model, deferredMinimum: .max) { _ in nil }.0.allAttributes()
    for _ in 0..<3 {
      let deferred = try Halves.layout(model, deferredMinimum: 1) { _ in nil }.0
      let results = await withTaskGroup(of: Bool.self) { group in
        for _ in 0..<8 { group.addTask { deferred.allAttributes() == expected } }
        return await group.reduce(into: [Bool]()) { $0.append($1) }
      }
      #expect(results == Array(repeating: true, count: 8))
    }
  }

  /// Many threads reading a fresh deferred snapshot's frames one by one, each first read of a
  /// page racing the others to compute and publish its records (the walk above computes them
  /// for itself only): every thread reads the stored layout's frames, and every page ends up
  /// with its records published once.
  @Test func concurrentFirstReadsPublishOnce() async throws {
    let model = PageArenaTests.model(PageArenaTests.cells(6_000, seed: 47))
    let stored = try Halves.layout(model, deferredMinimum: .max) { _ in nil }.0
    let count = model.sections[0].cells.count
    let expected = (0..<count).map { stored.frame(of: ListIndexPath(item: $0, section: 0)) }
    for _ in 0..<2 {
      let deferred = try Halves.layout(model, deferredMinimum: 1) { _ in nil }.0
      let results = await withTaskGroup(of: Bool.self) { group in
        for task in 0..<8 {
          group.addTask {
            // Each task starts at a different page and wraps around.
            (0..<count).allSatisfy { k in
              let item = (k + task * 757) % count
              return deferred.frame(of: ListIndexPath(item: item, section: 0)) == expected[item]
            }
          }
        }
        return await group.reduce(into: [Bool]()) { $0.append($1) }
      }
      #expect(results == Array(repeating: true, count: 8))
      #expect(Self.pages(deferred).allSatisfy { $0.lineCount == 0 || ($0.isDeferred && $0.hasRecords) })
    }
  }

  /// A page holding a cell sized by a callback keeps its records: reading every frame asks no
  /// callback again.
  @Test func callbackPagesKeepTheirRecords() throws {
    let calls = Atomic<Int>(0)
    var cells = PageArenaTests.cells(5_000, seed: 31)
    var sized = 0
    for i in stride(from: 700, to: 5_000, by: 1_300) {
      cells[i].size = .sizing { proposal in
        calls.add(1, ordering: .relaxed)
        return Size(width: min(30, max(0, proposal.remainingLineSpace)), height: 12)
      }
      sized += 1
    }
    let model = PageArenaTests.model(cells)
    let stored = try Halves.layout(model, deferredMinimum: .max) { _ in nil }.0
    #expect(calls.load(ordering: .relaxed) == sized)
    let deferred = try Halves.layout(model, deferredMinimum: 1) { _ in nil }.0
    #expect(calls.load(ordering: .relaxed) == 2 * sized)
    try expectSameLayout(deferred, stored, "callbacks")
    #expect(calls.load(ordering: .relaxed) == 2 * sized, "reading the frames asked no callback")
    let pages = Self.pages(deferred)
    #expect(pages.contains { !$0.isDeferred } && pages.contains { $0.isDeferred })
  }

  /// A page holding a cell sized by a flexbox tree keeps its records too (the tree is laid
  /// out once); the others defer theirs, and the layout is the stored one.
  @Test func flexPagesKeepTheirRecords() throws {
    var cells = PageArenaTests.cells(5_000, seed: 41)
    for i in stride(from: 900, to: 5_000, by: 1_700) {
      cells[i].size = .flex(
        FlexContent(
          Layout(children: [
            Layout(size: .absolute(width: 40, height: 24)),
            Layout(size: .absolute(width: 70.5, height: 31.25)),
          ]), width: .remainingLineSpace))
    }
    let model = PageArenaTests.model(cells)
    let stored = try Halves.layout(model, deferredMinimum: .max) { _ in nil }.0
    let deferred = try Halves.layout(model, deferredMinimum: 1) { _ in nil }.0
    let pages = Self.pages(deferred)
    let kept = pages.filter { !$0.isDeferred }.count
    #expect(kept >= 3 && kept <= 6, "\(kept) pages kept for 3 cells sized by a tree")
    try expectSameLayout(deferred, stored, "flexbox cells")
  }

  /// Edits of a deferred snapshot reflow exactly as edits of the stored one.
  @Test func editsOfDeferredPagesAreEditsOfStoredOnes() throws {
    let model = PageArenaTests.model(PageArenaTests.cells(6_000, seed: 37))
    let stored = try Halves.layout(model, deferredMinimum: .max) { _ in nil }.0
    let deferred = try Halves.layout(model, deferredMinimum: 1) { _ in nil }.0
    try Halves.expectSameEdits(deferred, stored, seed: 8)
  }

  /// The public choice: a section past the threshold defers its frames by default and
  /// stores them with `.upFront`; both give the same layout, and edits keep the choice.
  @Test func framesOnDemandOrUpFront() throws {
    var cells = PageArenaTests.cells(LayoutTuning.standard.deferralMinimumItems + 3_000, seed: 43)
    for i in cells.indices { cells[i].attributes?.startLineIndentation = false }
    let model = PageArenaTests.model(cells)
    let onDemand = try model.layout()
    let upFront = try model.layout(frames: .upFront)
    #expect(onDemand.frameComputation == .onDemand && upFront.frameComputation == .upFront)
    #expect(Self.pages(onDemand).allSatisfy { $0.isDeferred && !$0.hasRecords })
    #expect(Self.pages(upFront).allSatisfy { !$0.isDeferred })
    // A walk over every frame computes each page for itself only.
    try expectSameLayout(onDemand, upFront, "on demand against up front")
    #expect(Self.pages(onDemand).allSatisfy { !$0.hasRecords })
    Halves.expectSamePages(onDemand, upFront, "on demand against up front")
    var update = ListUpdate()
    update.insertItem(Cell(width: 10, height: 10), at: ListIndexPath(item: 5, section: 0))
    #expect(try onDemand.applying(update).snapshot.frameComputation == .onDemand)
    #expect(try upFront.applying(update).snapshot.frameComputation == .upFront)
    var resize = ListUpdate()
    resize.width = 300
    #expect(try upFront.applying(resize).snapshot.frameComputation == .upFront)
  }
}
