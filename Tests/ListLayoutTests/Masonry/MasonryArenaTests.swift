import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// What the arenas of large masonry sections (``ChunkArena``) keep alive: a chunk keeps its
/// arena's whole mapping, so the chunks a snapshot holds decide how much memory it pins.
@Suite struct MasonryArenaTests {
  /// A 2-lane masonry section of `count` cells, heights in halves from a seeded generator.
  static func model(_ count: Int, seed: UInt64) -> ListModel {
    var rng = SplitMix64(seed: seed)
    let cells = (0..<count).map { item in
      Cell(id: "c\(item)", width: 10, height: Double(Int.random(in: 0...400, using: &rng)) / 2)
    }
    return ListModel(
      configuration: plainConfiguration(width: 320),
      sections: [Section(cells: CellList(cells), layout: masonry(.count(2), column: 6, row: 3))])
  }

  /// The distinct arenas that the chunks of a snapshot's masonry section live in.
  static func arenas(_ snapshot: LayoutSnapshot) throws -> [ChunkArena] {
    let body = try #require(snapshot.geometries[0].body as? MasonryBody)
    var seen: [ObjectIdentifier: ChunkArena] = [:]
    for chunk in body.records.chunks { if let arena = chunk.arena { seen[ObjectIdentifier(arena)] = arena } }
    for lane in body.laneItems {
      for chunk in lane.chunks { if let arena = chunk.arena { seen[ObjectIdentifier(arena)] = arena } }
    }
    return Array(seen.values)
  }

  static func resize(_ snapshot: LayoutSnapshot, item: Int, height: Double) throws -> LayoutSnapshot {
    var update = ListUpdate()
    update.resizeItem(at: ListIndexPath(item: item, section: 0), to: Size(width: 10, height: height))
    return try snapshot.applying(update).snapshot
  }

  /// Edits at increasing positions, each with many cells after it, with every older snapshot
  /// dropped: the last snapshot keeps the first layout's arena (its chunks before the first
  /// edit) and nothing more, since a relayout that keeps chunks of the old body seals the rest
  /// into blocks of their own. (An arena per relayout kept one nearly full mapping alive per
  /// edit: 9 here.)
  @Test func increasingEditsKeepOneMapping() throws {
    let count = ChunkArena.minimumCells + 16_000
    var snapshot = try Self.model(count, seed: 21).layout()
    #if os(Linux)
    let first = try Self.arenas(snapshot)
    #expect(first.count == 1, "a full layout of \(count) cells uses an arena")
    let firstMapping = first.map(\.mappedBytes).reduce(0, +)
    #endif
    for step in 1...8 {
      snapshot = try Self.resize(snapshot, item: step * 1_000 + 7, height: Double(step) * 11.5)
    }
    let kept = try Self.arenas(snapshot)
    #expect(kept.count <= 1, "arenas pinned after 8 edits: \(kept.count)")
    #if os(Linux)
    #expect(kept.map(\.mappedBytes).reduce(0, +) == firstMapping)
    #endif
    #expect(snapshot.invariantViolations() == [])
    #expect(snapshot.allAttributes() == (try snapshot.model.layout()).allAttributes())
  }

  /// An early snapshot stays intact while edits go on, their snapshots are dropped (giving
  /// their arenas back, the last one as the spare mapping) and other large full layouts take
  /// mappings: its frames still equal a fresh layout of its model.
  @Test func anEarlySnapshotSurvivesEditsAndNewLayouts() throws {
    let count = ChunkArena.minimumCells + 9_000
    let early = try Self.model(count, seed: 31).layout()
    do {
      var snapshot = early
      // Item 5 lays the whole section out again (into an arena of its own: nothing of the old
      // body is kept); the others resume after kept chunks.
      for (step, item) in [5, 2_000, 3_500, 40_000, count - 10].enumerated() {
        snapshot = try Self.resize(snapshot, item: item, height: 7.5 + Double(step))
        #expect(snapshot.invariantViolations() == [], "edit at \(item)")
      }
      #expect(snapshot.allAttributes() == (try snapshot.model.layout()).allAttributes())
    }
    let other = try Self.model(count + 1_000, seed: 32).layout()
    let another = try Self.model(count, seed: 33).layout()
    #expect(early.invariantViolations() == [])
    #expect(early.allAttributes() == (try early.model.layout()).allAttributes())
    #expect(other.allAttributes() == (try other.model.layout()).allAttributes())
    #expect(another.contentSize == (try another.model.layout()).contentSize)
  }

  #if DEBUG
  /// A lane's open chunk is written only where the lane places cells: 1,024 lanes of one cell
  /// each write 1,024 entries, not a zero-filled 256-entry slot per lane.
  @Test func manyLanesOfFewCellsWriteOnlyTheirCells() {
    let lanes = 1_024
    var placer = MasonryPlacer(
      lanes: MasonryLanes(count: lanes, width: 1, columnSpacing: 0, rowSpacing: 2, left: 0))
    for item in 0..<(lanes + 3) { placer.place(height: Double(item % 5), span: 1) }
    #expect(placer.openLaneItemWrites == lanes + 3)
    let body = placer.body
    // Each empty lane takes the next cell (ties to the leading lane); then the lowest lanes.
    #expect((0..<lanes).allSatisfy { body.laneItems[$0].first == Int32($0) })
    #expect(body.laneItems[0].count == 2 && body.laneItems[5].count == 2 && body.laneItems[10].count == 2)
    #expect(body.laneItems.map(\.count).reduce(0, +) == lanes + 3)
  }
  #endif
}
