import LayoutGeometry
import TestSupport
import Testing

@testable import ListLayout

/// A layout pass over many carousel cells (at least ``ChunkArena/minimumCells``) puts every
/// carousel's chunks in one arena: the frames are those of each carousel laid out on its own
/// (no arena), and edits copy chunks out of the arena without touching the snapshot they
/// came from.
@Suite struct CarouselArenaTests {
  /// Carousels of 0 to 300 cells (so rows of one, two and three chunks, and empty ones) with
  /// a flow section every seventh, until the carousels hold at least `cells` cells. Sizes are
  /// whole numbers, so every sum is exact.
  static func model(cells: Int, seed: UInt64) -> ListModel {
    var rng = SplitMix64(seed: seed)
    var configuration = ListConfiguration(width: 320)
    configuration.contentInsets = EdgeInsets(top: 4, left: 6, bottom: 2, right: 3)
    var sections: [Section] = []
    var total = 0
    while total < cells {
      let count = sections.count % 11 == 3 ? 0 : Int.random(in: 1...300, using: &rng)
      let items = (0..<count).map { _ in
        Cell(
          width: Double(Int.random(in: 20...200, using: &rng)),
          height: Double(Int.random(in: 10...150, using: &rng)))
      }
      let carousel = sections.count % 7 != 6
      if carousel { total += count }
      sections.append(
        Section(
          header: Supplementary(height: 12), cells: CellList(items),
          attributes: SectionAttributes(
            verticalAlignment: .center, itemSpacing: 3, insets: EdgeInsets(all: 2)),
          layout: carousel ? .carousel(CarouselLayout(itemSpacing: 5, paging: .item)) : nil))
    }
    return ListModel(configuration: configuration, sections: sections)
  }

  /// The carousel bodies of a snapshot, by section.
  static func bodies(_ snapshot: LayoutSnapshot) -> [Int: CarouselBody] {
    var bodies: [Int: CarouselBody] = [:]
    for s in 0..<snapshot.numberOfSections {
      if let body = snapshot.geometries[s].body as? CarouselBody { bodies[s] = body }
    }
    return bodies
  }

  /// Each section's frames (cells, header) and carousel metrics equal those of the section
  /// laid out alone, moved down by the difference of the sections' tops.
  @Test func framesEqualEachSectionLaidOutAlone() throws {
    let model = Self.model(cells: ChunkArena.minimumCells + 3_000, seed: 41)
    let snapshot = try model.layout()
    #if os(Linux)
    var arenas = Set<ObjectIdentifier>()
    for body in Self.bodies(snapshot).values {
      for arena in body.cells.chunkArenas {
        let arena = try #require(arena, "a chunk outside the pass's arena")
        arenas.insert(ObjectIdentifier(arena))
      }
    }
    #expect(arenas.count == 1, "the carousels' chunks are in \(arenas.count) arenas")
    #endif
    for s in 0..<model.sections.count {
      let alone = try ListModel(configuration: model.configuration, sections: [model.sections[s]]).layout()
      #expect(alone.geometries[0].body.itemCount == snapshot.geometries[s].body.itemCount)
      if let body = alone.geometries[0].body as? CarouselBody {
        #expect(body.cells.chunkArenas.allSatisfy { $0 == nil }, "a lone carousel allocates its chunks")
      }
      let dy = try #require(snapshot.sectionFrame(s)).minY - (try #require(alone.sectionFrame(0))).minY
      for item in 0..<model.sections[s].cells.count {
        let frame = try #require(snapshot.frame(of: ListIndexPath(item: item, section: s)))
        let reference = try #require(alone.frame(of: ListIndexPath(item: item, section: 0)))
        #expect(frame == reference.offsetBy(dx: 0, dy: dy), "section \(s) item \(item)")
      }
      #expect(snapshot.carouselMetrics(ofSection: s) == alone.carouselMetrics(ofSection: 0), "section \(s)")
    }
    #expect(snapshot.invariantViolations() == [])
  }

  /// Resizes in first, second and last chunks, an insertion and a deletion, applied one after
  /// another: each result equals a full layout of its model, and the snapshot each edit
  /// started from keeps its frames (its chunks in the arena are copied, never written).
  @Test func editsCopyChunksOutOfTheArena() throws {
    let model = Self.model(cells: ChunkArena.minimumCells + 500, seed: 43)
    let first = try model.layout()
    let firstFrames = first.allAttributes()
    let bodies = Self.bodies(first)
    let long = try #require(bodies.keys.sorted().first { bodies[$0]!.itemCount > 260 })
    let short = try #require(bodies.keys.sorted().first { (1...128).contains(bodies[$0]!.itemCount) })
    var snapshot = first
    var updates: [ListUpdate] = []
    for (section, item, size) in [
      (short, 0, Size(width: 70, height: 400)), (long, 130, Size(width: 11, height: 12)),
      (long, bodies[long]!.itemCount - 1, Size(width: 300, height: 1)),
      (short, bodies[short]!.itemCount - 1, Size(width: 1, height: 1)),
    ] {
      var update = ListUpdate()
      update.resizeItem(at: ListIndexPath(item: item, section: section), to: size)
      updates.append(update)
    }
    var insert = ListUpdate()
    insert.insertItem(Cell(width: 44, height: 55), at: ListIndexPath(item: 3, section: long))
    updates.append(insert)
    var delete = ListUpdate()
    delete.deleteItem(at: ListIndexPath(item: 0, section: short))
    updates.append(delete)
    for (step, update) in updates.enumerated() {
      let before = snapshot.allAttributes()
      let next = try snapshot.applying(update).snapshot
      #expect(next.allAttributes() == (try next.model.layout()).allAttributes(), "edit \(step)")
      #expect(next.invariantViolations() == [], "edit \(step)")
      #expect(snapshot.allAttributes() == before, "edit \(step) changed the snapshot it started from")
      snapshot = next
    }
    #expect(first.allAttributes() == firstFrames)
  }

  /// Rows built into one arena until it is full, then past it: the rows that did not fit hold
  /// chunks of their own, every row answers as plain arrays do, and resizing a row in the
  /// arena equals the row built whole while the row it was copied from stays as it was.
  @Test func rowsPastTheArenasRoomUseTheirOwn() throws {
    // `nil` where arenas are not used (every chunk then has its own, as the other tests check).
    guard let arena = ChunkArena(bytes: 1) else { return }
    var rng = SplitMix64(seed: 47)
    let count = 300
    let fitting = arena.mappedBytes / CarouselCells.arenaBytes(count: count)
    var rows: [(cells: CarouselCells, sizes: [(width: Double, height: Double)])] = []
    for _ in 0..<(fitting + 2) {
      let sizes = CarouselCellsTests.randomSizes(&rng, count)
      var builder = CarouselCells.Builder(count: count, arena: arena)
      builder.append(count) { sizes[$0] }
      rows.append((builder.finish(), sizes))
    }
    #expect(rows[0].cells.chunkArenas.allSatisfy { $0 === arena })
    #expect(rows[fitting - 1].cells.chunkArenas.allSatisfy { $0 === arena })
    // Full chunks no longer fit (a short last chunk may still fit in what is left).
    #expect(rows[fitting + 1].cells.chunkArenas.prefix(2).allSatisfy { $0 == nil })
    for (index, row) in rows.enumerated() {
      CarouselCellsTests.expectMatches(row.cells, row.sizes, "row \(index)")
    }
    var edited = rows[0].cells
    var sizes = rows[0].sizes
    for (item, size) in [(5, (width: 3.0, height: 999.0)), (200, (width: 7.0, height: 1.0))] {
      edited.update(item, width: size.width, height: size.height)
      sizes[item] = size
    }
    CarouselCellsTests.expectMatches(edited, sizes, "edited")
    CarouselCellsTests.expectMatches(rows[0].cells, rows[0].sizes, "the row the edit copied")
    let whole = CarouselCells(sizes)
    #expect((0...count).allSatisfy { edited.prefix($0).bitPattern == whole.prefix($0).bitPattern })
    #expect(edited.chunkArenas.map { $0 == nil } == [true, true, false])
  }
}
