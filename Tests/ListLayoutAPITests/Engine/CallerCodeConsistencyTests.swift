import LayoutGeometry
import ListLayout
import SequentialLayout
import Synchronization
import TestSupport
import Testing

/// A caller's code (a layout manager, a sizing callback, a sequential frame calculator)
/// that answers differently when asked again never crashes a snapshot or changes its
/// answers: it is asked during the layout only, on the calling thread, and every later read,
/// walk, query and edit answers what that layout computed.
@Suite struct CallerCodeConsistencyTests {
  /// Where a drifting answer comes from.
  enum DriftKind: CaseIterable, Sendable {
    /// One more than last time, modulo a small cycle (a call counter).
    case counter
    /// A value another part of the program changes at run time (a feature flag, a theme).
    case setting
    /// Random numbers.
    case random
  }

  /// Answers that change every time they are read, counting the reads.
  final class Drift: Sendable {
    let kind: DriftKind
    private let calls = Atomic<Int>(0)
    private let random: Mutex<SplitMix64>
    /// The "setting": changed by the test between reads, and by reader threads.
    let setting = Atomic<Int>(0)

    init(_ kind: DriftKind, seed: UInt64) {
      self.kind = kind
      random = Mutex(SplitMix64(seed: seed))
    }

    /// How many answers were asked for so far.
    var callCount: Int { calls.load(ordering: .relaxed) }

    /// `base` plus a drift of 0 to 6.
    func next(_ base: Double) -> Double {
      let call = calls.add(1, ordering: .relaxed).newValue
      switch kind {
      case .counter: return base + Double(call % 7)
      case .setting: return base + Double(setting.load(ordering: .relaxed) % 7)
      case .random: return base + Double(random.withLock { Int.random(in: 0...6, using: &$0) })
      }
    }
  }

  /// A layout manager none of whose answers is the same twice in a row.
  struct DriftingManager: LayoutManager {
    let drift: Drift
    let memoizes: Bool
    let usesTraits: Bool

    func margin(for traits: TraitSet, to edge: ContentEdge, in section: SectionAttributes) -> Double {
      drift.next(2)
    }
    func horizontalGap(
      for traits: TraitSet, after preceding: TraitSet, in section: SectionAttributes
    ) -> Double {
      drift.next(3)
    }
    func verticalGap(for traits: TraitSet, below preceding: TraitSet, in section: SectionAttributes) -> Double
    {
      drift.next(4)
    }
    func horizontalOffset(
      forLineWith traits: LineTraits, metrics: LineMetrics, in section: SectionAttributes
    ) -> Double {
      drift.next(0)
    }
    var prefersMemoization: Bool { memoizes }
    var dependsOnTraits: Bool { usesTraits }
  }

  /// A model with a section of every kind spaced by `manager`: a flow section of `flowCells`
  /// cells (some sized by a drifting callback), a grid, a masonry wall, a carousel, and a
  /// sequential section placed by a drifting frame calculator.
  static func model(flowCells: Int, manager: DriftingManager, seed: UInt64) -> ListModel {
    var rng = SplitMix64(seed: seed)
    let drift = manager.drift
    var configuration = ListConfiguration(width: 375)
    configuration.layoutManager = manager
    func cells(_ count: Int, callbacks: Bool) -> [Cell] {
      (0..<count).map { i in
        if callbacks && i % 97 == 5 {
          return Cell(size: .sizing { _ in Size(width: drift.next(40), height: drift.next(20)) })
        }
        return Cell(
          width: Double(Int.random(in: 20...200, using: &rng)),
          height: Double(Int.random(in: 10...80, using: &rng)),
          traits: i % 5 == 0 ? [.stackable] : [])
      }
    }
    let sequential = SequentialSectionDefaults(
      frameCalculator: FrameCalculator { arguments in
        Rect(
          x: drift.next(0), y: (arguments.previous?.frame.maxY ?? 0) + drift.next(1), width: 100,
          height: drift.next(30))
      })
    let sections = [
      Section(header: Supplementary(height: 30), cells: cells(flowCells, callbacks: true)),
      Section(
        header: Supplementary(height: 20), cells: cells(300, callbacks: false),
        layout: .grid(GridLayout(columns: .count(3)))),
      Section(cells: cells(300, callbacks: false), layout: .masonry(MasonryLayout(columns: .count(2)))),
      Section(cells: cells(200, callbacks: false), layout: .carousel(CarouselLayout())),
      Section(cells: cells(50, callbacks: false), layout: .sequential(sequential)),
      Section(cells: cells(2_000, callbacks: true)),
    ]
    return ListModel(configuration: configuration, sections: sections)
  }

  /// Checks that every way of reading `snapshot` answers what its first walk over every frame
  /// answered, and that none of them asks `drift` for anything.
  static func expectConsistentReads(
    _ snapshot: LayoutSnapshot, drift: Drift, seed: UInt64, _ context: String
  ) async {
    let calls = drift.callCount
    #expect(snapshot.invariantViolations().isEmpty, "\(context): \(snapshot.invariantViolations().prefix(3))")
    let walk = snapshot.allAttributes()
    let cellFrames = Dictionary(
      walk.lazy.filter { $0.kind == .cell }.map { ($0.indexPath, $0.frame) }, uniquingKeysWith: { a, _ in a })
    drift.setting.add(1, ordering: .relaxed)

    // A second walk, look-ups and viewports, on this thread.
    #expect(snapshot.allAttributes() == walk, "\(context): a second walk differs")
    var rng = SplitMix64(seed: seed)
    let height = snapshot.contentSize.height
    for _ in 0..<40 {
      let s = Int.random(in: 0..<snapshot.numberOfSections, using: &rng)
      let count = snapshot.numberOfItems(inSection: s)
      guard count > 0 else { continue }
      let path = ListIndexPath(item: Int.random(in: 0..<count, using: &rng), section: s)
      #expect(snapshot.frame(of: path) == cellFrames[path], "\(context): frame of \(path)")
    }
    let offsets = (0..<24).map { _ in Double.random(in: 0...max(0, height - 600), using: &rng).rounded() }
    for y in offsets {
      expectViewport(snapshot, at: y, matches: cellFrames, context)
    }

    // Readers on several threads at once, each starting from a fresh copy of the snapshot's
    // pages as first read.
    drift.setting.add(1, ordering: .relaxed)
    await withTaskGroup(of: Void.self) { group in
      for reader in 0..<8 {
        group.addTask {
          for (n, y) in offsets.enumerated() where n % 8 != reader {
            drift.setting.add(1, ordering: .relaxed)
            expectViewport(snapshot, at: y, matches: cellFrames, "\(context) reader \(reader)")
          }
        }
      }
    }
    #expect(
      drift.callCount == calls, "\(context): reading asked the caller's code \(drift.callCount - calls) times"
    )
  }

  static func expectViewport(
    _ snapshot: LayoutSnapshot, at y: Double, matches frames: [ListIndexPath: Rect], _ context: String
  ) {
    let screen = snapshot.viewport(at: Point(x: 0, y: y), size: Size(width: 375, height: 600))
    for element in screen.elements where element.kind == .cell {
      // Carousel cells come moved by the carousel's offset (zero here).
      if element.frame != frames[element.indexPath] {
        Issue.record("\(context): the viewport at \(y) puts \(element.indexPath) at \(element.frame)")
        return
      }
    }
  }

  /// Large sections, laid out as the public entry point lays them out: the flow section is
  /// large enough for its records to be kept only on first read, and for two halves.
  @Test(arguments: DriftKind.allCases, [false, true])
  func largeSectionsThroughThePublicLayout(kind: DriftKind, memoizes: Bool) async throws {
    let drift = Drift(kind, seed: 7)
    let manager = DriftingManager(drift: drift, memoizes: memoizes, usesTraits: true)
    let snapshot = try Self.model(flowCells: 140_000, manager: manager, seed: 11).layout()
    await Self.expectConsistentReads(snapshot, drift: drift, seed: 3, "\(kind) memoizes \(memoizes)")
  }

  /// Small models under a tuning that defers every flow section's records and splits every
  /// flow section in two (where the machinery would be chosen for the built-in managers).
  @Test(arguments: DriftKind.allCases)
  func everySectionKindUnderEveryMachinery(kind: DriftKind) async throws {
    var tuning = LayoutTuning()
    tuning.deferralMinimumItems = 1
    tuning.split = { $0 / 2 }
    for seed in UInt64(0)..<UInt64(sweep(quick: 6, long: 60)) {
      for usesTraits in [false, true] {
        let drift = Drift(kind, seed: seed)
        let manager = DriftingManager(drift: drift, memoizes: seed % 2 == 0, usesTraits: usesTraits)
        let model = Self.model(flowCells: 3_000 + Int(seed) * 37, manager: manager, seed: seed)
        let snapshot = try model.layout(frames: .onDemand, tuning: tuning)
        await Self.expectConsistentReads(
          snapshot, drift: drift, seed: seed, "\(kind) seed \(seed) traits \(usesTraits)")
      }
    }
  }

  /// Edits of a snapshot laid out by a drifting manager ask it again (they are layouts), and
  /// the new snapshot answers what its layout computed, however the manager drifted.
  @Test(arguments: DriftKind.allCases)
  func editsGiveConsistentSnapshots(kind: DriftKind) async throws {
    let drift = Drift(kind, seed: 5)
    let manager = DriftingManager(drift: drift, memoizes: kind != .random, usesTraits: true)
    var snapshot = try Self.model(flowCells: 70_000, manager: manager, seed: 5).layout()
    var rng = SplitMix64(seed: 17)
    for step in 0..<4 {
      var update = ListUpdate()
      let item = Int.random(in: 0..<snapshot.numberOfItems(inSection: 0), using: &rng)
      update.changedItems = [(ListIndexPath(item: item, section: 0), .size(Size(width: 77, height: 33)))]
      update.insertedItems = [(ListIndexPath(item: 3, section: 1), Cell(width: 50, height: 50))]
      snapshot = try snapshot.applying(update).snapshot
      await Self.expectConsistentReads(snapshot, drift: drift, seed: UInt64(step), "\(kind) edit \(step)")
    }
  }
}
