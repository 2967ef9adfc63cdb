import Synchronization

/// Every threshold and switch of the layout's speed machinery, in one value.
///
/// A layout pass takes it whole (``ListModel/layout(frames:tuning:)``), the snapshot keeps
/// it, and its edits lay sections out again with it, so that a snapshot is always laid out
/// under one tuning. The page storage a flow section gets (its own blocks, an arena, records
/// on first read, two halves at once) is chosen from it in one place
/// (``FlowSectionLayout/storagePlan(for:in:policy:runs:)``), and written through one seam
/// (``PageStore``).
///
/// The block shapes below the instance properties are constants of the data structures
/// (chunk and page sizes, used in shifts and masks); they are listed here so that no
/// threshold lives anywhere else.
@usableFromInline package struct LayoutTuning: Sendable {
  /// Flow sections of at least this many cells keep only where each page starts, and lay a
  /// page out again when it is first read (``FrameComputation/onDemand``).
  package var deferralMinimumItems = 65_536
  /// Flow sections of at least this many cells are laid out in two halves at once, where two
  /// processors are available.
  package var halvesMinimumItems = 131_072
  /// How many pages of cells past the split the first half looks for a join.
  package var joinWindowPages = 8

  /// How many cells past the split the first half looks for a join.
  var joinWindow: Int { joinWindowPages * Self.flowPageItems }
  /// Where a section of `count` cells is split into halves, overriding the rule above
  /// (`nil` from it: in one piece); for tests, which split small sections anywhere.
  package var split: (@Sendable (_ count: Int) -> Int?)?
  /// Counts what the machinery did, for tests (`nil`: nothing is counted).
  package var counters: LayoutCounters?

  package init() {}

  /// The tuning every public entry point uses.
  package static let standard = LayoutTuning()
}

/// What the speed machinery did during the layout passes that share it: joins of two halves.
package final class LayoutCounters: Sendable {
  private let joinCount = Atomic<Int>(0)

  package init() {}

  /// How many sections laid out in halves were joined where the halves' lines agreed.
  package var joins: Int { joinCount.load(ordering: .relaxed) }

  func noteJoin() { joinCount.add(1, ordering: .relaxed) }
}

// MARK: Constants

extension LayoutTuning {
  /// Flow sections of at least this many cells write their pages into one arena (a mapping
  /// of their own) rather than a block per page; so do masonry sections and the carousels of
  /// a pass with at least this many cells in all.
  static var arenaMinimumItems: Int { 65_536 }
  /// About how many cells a flow page holds (pages end at the first line starting at or
  /// after each multiple of it).
  static var flowPageItems: Int { 512 }
  /// The cells of a section a query reads the badges of at once, and keeps
  /// (``BadgeIndex``): a block of them is read the first time a query meets it.
  static var badgeBlockItems: Int { 256 }
  /// About how many cells a grid page holds.
  static var gridPageItems: Int { 512 }
  /// The fewest cells of a run in a flow section for which the layout looks for repeating
  /// lines (shorter runs are laid out cell by cell).
  static var flowRepetitionMinimumItems: Int { 32 }
  /// The cells of a run a flow section's storage plan counts at most (the rest repeat).
  static var flowRunPlannedItems: Int { 4_096 }
  /// Carousel cells per chunk of sizes and running sums (a power of two).
  static var carouselChunkShift: Int { 7 }
  /// Masonry records per shared chunk (a power of two).
  static var masonryChunkShift: Int { 8 }
  /// Masonry cells per checkpoint group (a power of two).
  static var masonryGroupShift: Int { 5 }
  /// Section geometries per block of a snapshot (a power of two).
  static var sectionBlockShift: Int { 6 }
  /// The most sections a chunk of a model's section list holds after a split (a chunk of
  /// cells holds 64): a section is some hundreds of bytes, and an edit of a section's cells
  /// copies the chunk holding it.
  @usableFromInline static var sectionListChunkCapacity: Int { 16 }
  /// The fewest cells per group of changes for which a flow edit is reflowed group by group
  /// rather than laid out whole.
  static var denseEditGroupSpan: Int { 128 }
  /// The number of item edits to one section above which its cell list is rebuilt in one
  /// pass rather than edited cell by cell.
  static var cellListSpliceThreshold: Int { 16 }
  /// Changes closer than this many cells apart are laid out again as one group.
  static var editGroupGap: Int { 8 }
  /// A difference indexes every this many cells of a list to find a cell's chunk.
  static var diffChunkIndexStride: Int { 32 }
  /// Arena mappings are made in multiples of this many bytes (a huge page).
  static var arenaGranule: Int { 2 << 20 }
  /// How many unmapped arenas' mappings are kept for the next arena.
  static var spareArenaMappings: Int { 2 }
  /// The most bytes the kept mappings hold in all (a million-cell flow section laid out up
  /// front writes about 60 MB of records into its arenas).
  static var spareArenaBytes: Int { 256 << 20 }
  /// The largest candidate buffer a viewport query keeps between queries, in elements.
  static var keptQueryBufferCapacity: Int { 1 << 14 }
  /// The fewest bytes from a feed's `items` array to the end of the document for its cells to
  /// be decoded on helper threads too.
  static var parallelDecodeMinimumBytes: Int { 1 << 20 }
  /// The most helper threads decoding one `items` array.
  static var parallelDecodeMaximumRuns: Int { 7 }
  /// How far past a guessed split point a decoding thread looks for a cell's start.
  static var parallelDecodeSearchBytes: Int { 64 << 10 }
  /// Elements per segment of a layout's JSON written on several threads.
  static var outputSegmentElements: Int { 8_192 }
  /// The fewest elements for a layout's JSON to be written on several threads.
  static var outputParallelMinimumElements: Int { 65_536 }
  /// The most threads writing a layout's JSON.
  static var outputMaximumThreads: Int { 8 }
  /// Carousel sections up to which a section's offsets are listed rather than summed in a
  /// tree.
  static var sectionOffsetListLimit: Int { 32 }
  /// The first band a focus step searches beyond the current cell along the scroll axis, and
  /// the least a band across it widens by, in points (a band four times as long follows
  /// until no cell outside can win); four times as long when no cell can lie in the beam.
  static var focusBandLength: Double { 64 }
  /// How many times longer a focus band along the scroll axis may grow at once, when no cell
  /// can lie in the beam and the section it ends in bounds what it still needs.
  static var focusBandJump: Double { 8 }
  /// The first half-width of the band a drop target's nearest cell is searched in, in points.
  static var nearestCellBandRadius: Double { 16 }
  /// How many consecutive cells of a sequential section (and how many runs of the level
  /// below) one extent of its y index covers.
  static var sequentialRunCells: Int { 16 }
  /// How many consecutive lines of a flow page one x extent of its cells covers, for a focus
  /// search to pass over (``LinePage/Header/lineRunExtents``).
  static var focusLineRunLines: Int { 16 }
  /// How many lines a walk starting from a known line tries, one by one, before it searches
  /// its page for the first line of its band (``LinePage/firstLine(endingBelow:from:)``).
  static var lineStepsBeforeSearch: Int { 4 }
  /// The most trait sets a page may hold for its flow sections to embed their layout
  /// manager's answers (a table of two answers per pair of sets, per section attributes).
  package static var pageFlowTraitSets: Int { 24 }
}
