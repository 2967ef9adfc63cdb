import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// What a scroll session and a snapshot find by identifier on runs is what they find on the
/// same cells written out: measurements, jumps, updates carrying measured sizes, saving and
/// restoring, measurements by identifier with an anchor by identifier.
@Suite struct ScrollRunIdentifiersTests {
  static let prefixes = ["row", "row1", "m", "m1"]
  static let stored = ["row5", "row12", "row105", "m10", "a", "b", "c0", "row05"]

  /// The model with every section's cells written out one by one.
  static func writtenOut(_ model: ListModel) -> ListModel {
    var written = model
    for s in 0..<model.sections.count { written.sections[s].cells = CellList(Array(model.sections[s].cells)) }
    return written
  }

  static func cell(_ rng: inout SplitMix64, id: String? = nil) -> Cell {
    let height = Double(20 + 10 * rng.below(5))
    return rng.below(4) == 0
      ? Cell(id: id, size: .automatic)
      : Cell(id: id, width: Double(100 + 50 * rng.below(6)), height: height)
  }

  /// A part of a section: written-out cells (identifiers some runs derive too), a run with a
  /// prefix, or a run without (its pattern's identifiers).
  static func append(_ rng: inout SplitMix64, to cells: inout CellList) {
    switch rng.below(3) {
    case 0:
      for _ in 0..<(1 + rng.below(8)) { cells.append(cell(&rng, id: rng.pick(stored))) }
    case 1:
      let pattern = (0..<(1 + rng.below(3))).map { _ in cell(&rng) }
      cells.append(cycling: pattern, count: 50 + rng.below(400), idPrefix: rng.pick(prefixes))
    default:
      let pattern = (0..<(1 + rng.below(2))).map { _ in cell(&rng, id: rng.pick(["a", "b", "c0"])) }
      cells.append(cycling: pattern, count: 20 + rng.below(100))
    }
  }

  static func feed(_ rng: inout SplitMix64) -> ListModel {
    var sections: [Section] = []
    for _ in 0..<(1 + rng.below(3)) {
      var cells = CellList()
      for _ in 0..<(2 + rng.below(4)) { append(&rng, to: &cells) }
      // Inserted before them, a cell with the identifier a run derives further on.
      for _ in 0..<rng.below(3) {
        cells.insert(cell(&rng, id: rng.pick(prefixes) + String(rng.below(40))), at: 0)
      }
      sections.append(Section(cells: cells))
    }
    var configuration = ListConfiguration(width: 375)
    configuration.defaultCellSize = Size(width: 375, height: 44)
    return ListModel(configuration: configuration, sections: sections)
  }

  /// The feed edited: a cell replaced or inserted inside a run, a range removed, a part added.
  static func edited(_ feed: ListModel, _ rng: inout SplitMix64) -> ListModel {
    var feed = feed
    let s = rng.below(feed.sections.count)
    var cells = feed.sections[s].cells
    switch rng.below(4) {
    case 0 where !cells.isEmpty: cells[rng.below(cells.count)] = cell(&rng, id: rng.pick(stored))
    case 1: cells.insert(cell(&rng, id: rng.pick(stored)), at: rng.below(cells.count + 1))
    case 2 where !cells.isEmpty:
      let start = rng.below(cells.count)
      cells.removeSubrange(start..<min(cells.count, start + 1 + rng.below(100)))
    default: append(&rng, to: &cells)
    }
    feed.sections[s].cells = cells
    return feed
  }

  /// An identifier of a cell of `model` (or one no cell has, now and then).
  static func someID(_ model: ListModel, _ rng: inout SplitMix64) -> String {
    switch rng.below(12) {
    case 0: return rng.pick(["row05", "nothing", "m-1", "row99999"])
    case 1, 2, 3: return rng.pick(stored)  // written out, and derived by runs too
    case 4, 5: return rng.pick(prefixes) + String(rng.below(300))
    default: break
    }
    for _ in 0..<20 {
      let s = rng.below(model.sections.count)
      let cells = model.sections[s].cells
      if !cells.isEmpty, let id = cells[rng.below(cells.count)].id { return id }
    }
    return "a"
  }

  @Test func sessionsOverRunsFindWhatTheWrittenOutCellsFind() throws {
    var rng = SplitMix64(seed: 0x5E55)
    var counts = [0, 0, 0]  // runs, events that succeeded, that failed
    for trial in 0..<sweep(quick: 20, long: 300) {
      var feed = Self.feed(&rng)
      var a = try ScrollSession(model: feed, viewportLength: 667)
      var b = try ScrollSession(model: Self.writtenOut(feed), viewportLength: 667)
      var saved: ScrollState?
      for step in 0..<10 {
        counts[0] += a.snapshot.model.sections.reduce(0) { $0 + $1.cells.runLeafCount }
        let model = a.snapshot.model
        var event: ScrollEvent
        var written: ScrollEvent?
        switch rng.below(6) {
        case 0:
          var sizes: [String: Size] = [:]
          for _ in 0..<(1 + rng.below(3)) {
            sizes[Self.someID(model, &rng)] = Size(
              width: Double(50 + rng.below(300)), height: Double(10 + rng.below(120)))
          }
          event = .measure(sizes)
        case 1:
          let alignment = rng.pick([ScrollAlignment.top, .center, .bottom])
          event = .jump(ScrollJump(to: .id(Self.someID(model, &rng)), alignment: alignment))
        case 2:
          feed = Self.edited(feed, &rng)
          event = .update(feed)
          written = .update(Self.writtenOut(feed))
        case 3:
          event = .scrollTo(Double(rng.below(Int(a.snapshot.contentLength) + 1)))
        case 4:
          event = .save
        default:
          guard let saved else { continue }
          event = .restore(saved)
        }
        let context = "trial \(trial) step \(step) \(event)"
        let stepA = Result { () throws(ScrollError) in try a.apply(event) }
        let stepB = Result { () throws(ScrollError) in try b.apply(written ?? event) }
        switch (stepA, stepB) {
        case (.success(let stepA), .success(let stepB)):
          #expect(stepA.appeared == stepB.appeared, "\(context)")
          #expect(stepA.disappeared == stepB.disappeared, "\(context)")
          #expect(stepA.state == stepB.state, "\(context)")
          if let state = stepA.state { saved = state }
          counts[1] += 1
        case (.failure(let errorA), .failure(let errorB)):
          #expect(errorA == errorB, "\(context)")
          counts[2] += 1
        default:
          Issue.record("\(context): \(stepA) against \(stepB)")
        }
        #expect(a.offset == b.offset, "\(context)")
        #expect(a.visibleCells == b.visibleCells, "\(context)")
        #expect(a.measuredSizes == b.measuredSizes, "\(context)")
        #expect(a.pendingJump == b.pendingJump, "\(context)")
        guard try expectSameLayout(a.snapshot, b.snapshot, context) else { return }
      }
    }
    #expect(counts[0] > 100 && counts[1] > 50 && counts[2] > 0, "\(counts)")
  }

  @Test func measurementsByIdentifierWithAnAnchorByIdentifierAsWrittenOut() throws {
    var rng = SplitMix64(seed: 0xA4C)
    for trial in 0..<sweep(quick: 30, long: 400) {
      let feed = Self.feed(&rng)
      let runs = try feed.layout()
      let written = try Self.writtenOut(feed).layout()
      var sizes: [String: Size] = [:]
      for _ in 0..<(1 + rng.below(4)) {
        sizes[Self.someID(feed, &rng)] = Size(
          width: Double(50 + rng.below(300)), height: Double(10 + rng.below(90)))
      }
      let anchor = ScrollAnchor(
        contentOffset: Double(rng.below(Int(runs.contentLength) + 1)), viewportHeight: 667,
        target: .identifier(Self.someID(feed, &rng)))
      let context = "trial \(trial) \(sizes) \(anchor)"
      let a = Result { () throws(UpdateError) in try runs.applyingMeasurements(sizes, anchor: anchor) }
      let b = Result { () throws(UpdateError) in try written.applyingMeasurements(sizes, anchor: anchor) }
      switch (a, b) {
      case (.success(let a), .success(let b)):
        #expect(a.contentOffset == b.contentOffset, "\(context)")
        #expect(a.anchorIndexPath == b.anchorIndexPath, "\(context)")
        guard try expectSameLayout(a.snapshot, b.snapshot, context) else { return }
      case (.failure(let a), .failure(let b)):
        #expect(a.description == b.description, "\(context)")
      default:
        Issue.record("\(context): \(a) against \(b)")
      }
    }
  }
}
