import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// Carousel sections of runs (`CellList(repeating:…)`, cycles of up to four cells, between
/// written-out cells) answer every frame, query and offset exactly as the same cells written
/// out one by one, bit for bit (sizes and spacings are halves), in left-to-right and
/// right-to-left lists, for every paging setting (focus moves included); edits inside and
/// around runs equal the same edits of the written-out model and a full relayout.
@Suite struct CarouselRunArithmeticTests {
  /// A carousel's cells as runs between written-out cells, and the same cells written out,
  /// built independently here.
  static func cells(_ rng: inout SplitMix64, width: Double, serial: Int) -> (runs: CellList, written: [Cell])
  {
    var runs = CellList()
    var written: [Cell] = []
    for part in 0..<Int.random(in: 1...4, using: &rng) {
      if Bool.random(using: &rng) {
        for _ in 0..<Int.random(in: 0...5, using: &rng) {
          let cell = EditGenerator.randomCell(
            &rng, width: width / 2, id: "w\(serial)-\(part)-\(written.count)")
          runs.append(cell)
          written.append(cell)
        }
      }
      let k = [1, 1, 1, 2, 3, 4].randomElement(using: &rng)!
      let pattern = (0..<k).map { j in
        EditGenerator.randomCell(&rng, width: width / 2, id: "p\(j)")
      }
      let count = [1, 2, 7, 127, 128, 129, 300, 1_000].randomElement(using: &rng)!
      let prefix: String? = Bool.random(using: &rng) ? "r\(serial)-\(part)-" : nil
      appendRun(cycling: pattern, count: count, idPrefix: prefix, to: &runs, writtenOut: &written)
    }
    return (runs, written)
  }

  /// A model of carousel sections of runs (and a flow section now and then) with its
  /// written-out twin: right-to-left lists, every paging setting and spacing.
  static func models(_ rng: inout SplitMix64) -> (runs: ListModel, written: ListModel) {
    var runs = ModelGenerator.model(&rng, maxSections: 3, maxCells: 0)
    var written = runs
    for s in runs.sections.indices {
      if Int.random(in: 0..<5, using: &rng) > 0 {
        runs.sections[s].layout = .carousel(CarouselGenerator.layout(&rng))
      }
      let (list, cells) = Self.cells(&rng, width: runs.configuration.width, serial: s)
      runs.sections[s].cells = list
      written.sections[s] = runs.sections[s]
      written.sections[s].cells = CellList(cells)
    }
    return (runs, written)
  }

  /// Every cell's frame as `forEachFrameRun` yields it, expanded here: cell `first + k` of a
  /// run is frame `k mod period` moved by `k / period` steps.
  static func frameRunFrames(_ snapshot: LayoutSnapshot, section: Int) -> [Int: Rect] {
    var frames: [Int: Rect] = [:]
    snapshot.forEachFrameRun(inSection: section) { run in
      for k in 0..<run.count {
        let period = Double(k / run.frames.count)
        let base = run.frames[k % run.frames.count]
        frames[run.first + k] = Rect(
          x: base.minX + period * run.step.x, y: base.minY + period * run.step.y, width: base.width,
          height: base.height)
      }
    }
    return frames
  }

  @Test(arguments: 0..<4)
  func runCarouselsEqualTheirCellsWrittenOut(batch: Int) throws {
    for seed in UInt64(batch * 1_000)..<UInt64(batch * 1_000 + sweep(quick: 12, long: 300)) {
      var rng = SplitMix64(seed: 3_330_000 + seed)
      let (runs, written) = Self.models(&rng)
      let a = try runs.layout()
      let b = try written.layout()
      let context = "seed \(seed)"
      guard try expectSameLayout(a, b, context) else { return }
      #expect(a.invariantViolations() == [], "\(context)")
      for s in 0..<b.numberOfSections {
        #expect(a.carouselMetrics(ofSection: s) == b.carouselMetrics(ofSection: s), "\(context) section \(s)")
        #expect(
          Self.frameRunFrames(a, section: s) == Self.frameRunFrames(b, section: s),
          "\(context) frame runs \(s)")
        let n = b.numberOfItems(inSection: s)
        guard n > 0 else { continue }
        for _ in 0..<6 {
          let item = Int.random(in: 0..<n, using: &rng)
          let path = ListIndexPath(item: item, section: s)
          #expect(a.frame(of: path) == b.frame(of: path), "\(context) \(path)")
          for direction in FocusDirection.allCases {
            #expect(
              a.nextFocus(from: path, direction: direction) == b.nextFocus(from: path, direction: direction),
              "\(context) \(path) focus \(direction)")
          }
          for alignment in HorizontalAlignment.allCases {
            #expect(
              a.carouselOffset(toShow: item, inSection: s, alignment: alignment)
                == b.carouselOffset(toShow: item, inSection: s, alignment: alignment),
              "\(context) \(path) \(alignment)")
          }
        }
      }
      for _ in 0..<6 {
        let rect = ModelGenerator.randomRect(&rng, b)
        #expect(a.elements(in: rect) == b.elements(in: rect), "\(context) \(rect)")
        let offsets = CarouselGenerator.randomOffsets(&rng, b)
        let viewA = a.viewport(at: rect.origin, size: rect.size, horizontalOffsets: offsets)
        let viewB = b.viewport(at: rect.origin, size: rect.size, horizontalOffsets: offsets)
        #expect(viewA.elements == viewB.elements, "\(context) viewport \(rect)")
        #expect(viewA.prefetchAhead == viewB.prefetchAhead, "\(context) ahead \(rect)")
        #expect(viewA.prefetchBehind == viewB.prefetchBehind, "\(context) behind \(rect)")
        #expect(
          viewA.prefetchSideways.map {
            "\($0.section) \(String(describing: $0.ahead)) \(String(describing: $0.behind))"
          }
            == viewB.prefetchSideways.map {
              "\($0.section) \(String(describing: $0.ahead)) \(String(describing: $0.behind))"
            },
          "\(context) sideways \(rect)")
        let point = Point(x: rect.midX * 3, y: rect.midY)
        #expect(a.indexPath(nearestTo: point) == b.indexPath(nearestTo: point), "\(context) \(point)")
      }
    }
  }

  /// A horizontal list refuses a carousel section of runs as it refuses the cells written out.
  @Test func aHorizontalListRefusesACarouselOfRunsAsWrittenOut() {
    var rng = SplitMix64(seed: 3_339_000)
    for _ in 0..<20 {
      var (runs, written) = Self.models(&rng)
      runs.configuration.scrollDirection = .horizontal
      written.configuration.scrollDirection = .horizontal
      func outcome(_ model: ListModel) -> String {
        do { return "\(try model.layout().allAttributes())" } catch { return "\(error)" }
      }
      #expect(outcome(runs) == outcome(written))
    }
  }

  /// Edits inside runs (and around them), applied incrementally, equal the same edits of the
  /// written-out model and a full relayout.
  @Test(arguments: 0..<2)
  func editsInsideRunsEqualTheWrittenOutModel(batch: Int) throws {
    var serial = 0
    for seed in UInt64(batch * 1_000)..<UInt64(batch * 1_000 + sweep(quick: 8, long: 150)) {
      var rng = SplitMix64(seed: 3_340_000 + seed)
      let (runs, written) = Self.models(&rng)
      var a = try runs.layout()
      var b = try written.layout()
      for step in 0..<4 {
        let update = EditGenerator.randomUpdate(&rng, b.model, serial: &serial)
        let context = "seed \(seed) step \(step) \(EditGenerator.describe(update))"
        a = try a.applying(update).snapshot
        b = try b.applying(update).snapshot
        guard try expectSameLayout(a, b, context) else { return }
        for s in 0..<b.numberOfSections {
          #expect(
            a.carouselMetrics(ofSection: s) == b.carouselMetrics(ofSection: s), "\(context) section \(s)")
        }
        try assertEqualToFullRelayout(a, context)
      }
    }
  }

  /// A hundred-million-cell carousel run, laid out and asked by division: cell i's frame is
  /// the first cell's moved by i times the pitch (the cell's width plus the spacing), and
  /// the row's width, snap offsets, carousel offsets and viewport follow from it.
  @Test func aHundredMillionCellCarouselRunAnswersByItsPitch() throws {
    var configuration = ListConfiguration(width: 320)
    configuration.contentInsets = .zero
    var section = Section(
      layout: .carousel(CarouselLayout(itemSpacing: 2.5, height: .tallest, paging: .item)))
    let count = 100_000_000
    section.cells = CellList(
      cycling: [Cell(width: 40.25, height: 30), Cell(width: 20, height: 10)], count: count, idPrefix: "c")
    let snapshot = try ListModel(configuration: configuration, sections: [section]).layout()
    // Written here: a period of two cells is 40.25 + 2.5 + 20 + 2.5 = 65.25 wide.
    func x(_ item: Int) -> Double { Double(item / 2) * 65.25 + (item % 2 == 0 ? 0 : 42.75) }
    let rowWidth = Double(count / 2) * 65.25 - 2.5
    let maximumOffset = rowWidth - 320
    for item in [0, 1, 127, 128, 129, 65_537, 12_345_678, count - 2, count - 1] {
      let frame = try #require(snapshot.frame(of: ListIndexPath(item: item, section: 0)))
      let size = item % 2 == 0 ? Size(width: 40.25, height: 30) : Size(width: 20, height: 10)
      #expect(frame == Rect(x: x(item), y: 0, width: size.width, height: size.height), "item \(item)")
      #expect(
        snapshot.carouselOffset(toShow: item, inSection: 0) == min(x(item), maximumOffset), "item \(item)")
    }
    let metrics = try #require(snapshot.carouselMetrics(ofSection: 0))
    #expect(metrics.contentWidth == rowWidth)
    #expect(metrics.maximumOffset == maximumOffset)
    #expect(metrics.snapOffsets[1] == 42.75)
    #expect(metrics.snapOffsets[77_777_777] == x(77_777_777))
    #expect(metrics.snapOffsets.last == maximumOffset)
    // A screen of the row scrolled to cell 77,777,777: the cells whose frames meet it.
    let offset = x(77_777_777)
    let view = snapshot.viewport(
      at: Point(x: 0, y: 0), size: Size(width: 320, height: 100), horizontalOffsets: [0: offset])
    let items = view.elements.filter { $0.kind == .cell }.map(\.indexPath.item)
    let expected = (77_777_777..<77_777_787).filter { x($0) - offset < 320 }
    #expect(items == expected)
    // The run's frames as one periodic frame run.
    var runs: [FrameRun] = []
    snapshot.forEachFrameRun(inSection: 0) { runs.append($0) }
    #expect(
      runs == [
        FrameRun(
          first: 0, count: count,
          frames: [
            Rect(x: 0, y: 0, width: 40.25, height: 30), Rect(x: 42.75, y: 0, width: 20, height: 10),
          ], step: Point(x: 65.25, y: 0))
      ])
    // A resize inside the run (it splits there): the cells after it move by the difference.
    var update = ListUpdate()
    update.resizeItem(at: ListIndexPath(item: 50_000_001, section: 0), to: Size(width: 60.5, height: 10))
    let edited = try snapshot.applying(update).snapshot
    for item in [50_000_000, 50_000_001, 50_000_002, 50_000_003, count - 1] {
      let frame = try #require(edited.frame(of: ListIndexPath(item: item, section: 0)))
      let width = item == 50_000_001 ? 60.5 : (item % 2 == 0 ? 40.25 : 20)
      #expect(frame.minX == x(item) + (item > 50_000_001 ? 40.5 : 0), "item \(item)")
      #expect(frame.width == width, "item \(item)")
    }
    #expect(edited.carouselMetrics(ofSection: 0)?.contentWidth == rowWidth + 40.5)
  }
}
