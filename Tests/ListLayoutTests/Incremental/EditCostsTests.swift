import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ListLayout

/// `EditCosts.timeReflow` (what the interaction benchmark times a preview's reflow with) hands
/// the touched sections' reflow to its caller's measurement once, and fails as the edit
/// itself fails: before measuring for bad indices, after for a layout that cannot be made.
@Suite struct EditCostsTests {
  static func model() -> ListModel {
    var model = ListModel(configuration: ListConfiguration(width: 200))
    for s in 0..<3 {
      model.sections.append(
        Section(
          header: Supplementary(height: 20),
          cells: (0..<40).map { Cell(id: "c\(s)-\($0)", width: Double(30 + $0 % 5 * 20), height: 24) }))
    }
    return model
  }

  @Test func measuresTheReflowOnceForMovesWithinAndBetweenSections() throws {
    let snapshot = try Self.model().layout()
    for (from, to) in [
      (ListIndexPath(item: 3, section: 0), ListIndexPath(item: 30, section: 0)),
      (ListIndexPath(item: 12, section: 1), ListIndexPath(item: 0, section: 2)),
    ] {
      var update = ListUpdate()
      update.moveItem(from: from, to: to)
      var measured = 0
      var ran = false
      try EditCosts.timeReflow(of: update, on: snapshot) { reflow in
        measured += 1
        reflow()
        ran = true
      }
      #expect(measured == 1 && ran)
      // The preview the reflow belongs to: the edit, equal to a full layout of its model.
      let preview = try snapshot.previewingMove(from: from, to: to)
      #expect(preview.model.sections[to.section].cells[to.item].id == "c\(from.section)-\(from.item)")
      try expectSameLayout(preview, try preview.model.layout(), "move \(from) → \(to)")
    }
  }

  @Test func failsAsTheEditFails() throws {
    let snapshot = try Self.model().layout()
    var outOfRange = ListUpdate()
    outOfRange.moveItem(from: ListIndexPath(item: 40, section: 0), to: ListIndexPath(item: 0, section: 1))
    var measured = false
    #expect(throws: UpdateError.self) {
      try EditCosts.timeReflow(of: outOfRange, on: snapshot) { _ in measured = true }
    }
    #expect(!measured)
    var unbounded = ListUpdate()
    unbounded.resizeItem(at: ListIndexPath(item: 5, section: 1), to: Size(width: 20, height: .infinity))
    var expected: UpdateError?
    do { _ = try snapshot.applying(unbounded) } catch { expected = error }
    var thrown: UpdateError?
    do {
      try EditCosts.timeReflow(of: unbounded, on: snapshot) { $0() }
    } catch {
      thrown = error
    }
    #expect(expected != nil)
    #expect(thrown == expected)
  }

  /// A move between two sections of a 1,000-section list copies only the chunks holding
  /// them: of the model's sections (chunks of `SectionList.chunkCapacity`, 16) and of the
  /// snapshot's geometries (blocks of 64); every other chunk and block is the old one.
  @Test func aPreviewSharesEveryOtherChunkOfSectionsAndBlockOfGeometries() throws {
    var model = ListModel(configuration: ListConfiguration(width: 320))
    for s in 0..<1_000 {
      model.sections.append(
        Section(cells: (0..<(s % 7)).map { Cell(id: "c\(s)-\($0)", width: 100, height: Double(20 + $0)) }))
    }
    let snapshot = try model.layout()
    #expect(SectionList.chunkCapacity == 16)
    for (from, to) in [
      (ListIndexPath(item: 2, section: 500), ListIndexPath(item: 0, section: 501)),
      (ListIndexPath(item: 1, section: 6), ListIndexPath(item: 3, section: 993)),
    ] {
      let preview = try snapshot.previewingMove(from: from, to: to)
      try expectSameLayout(preview, try preview.model.layout(), "move \(from) → \(to)")
      let oldChunks = SectionListTests.leaves(snapshot.model.sections)
      let newChunks = SectionListTests.leaves(preview.model.sections)
      #expect(newChunks.count == oldChunks.count)
      let copiedChunks = zip(oldChunks, newChunks).filter { $0.0 !== $0.1 }.count
      let touchedChunks = Set([from.section, to.section].map { $0 / SectionList.chunkCapacity }).count
      #expect(copiedChunks == touchedChunks, "\(from) → \(to)")
      let oldBlocks = snapshot.geometries.blocks
      let newBlocks = preview.geometries.blocks
      let copiedBlocks = zip(oldBlocks, newBlocks).filter { $0.0 !== $0.1 }.count
      #expect(copiedBlocks == Set([from.section, to.section].map { $0 >> 6 }).count, "\(from) → \(to)")
    }
  }
}
