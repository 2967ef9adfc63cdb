import LayoutThreads

/// Where a flow section's pages are stored, chosen in one place from ``LayoutTuning``, and
/// written through one seam (``PageStore``, whose contract says who writes, who reads, when
/// memory is freed and what threads share):
///
/// | section | records | storage |
/// |---|---|---|
/// | small | kept | a block per page (``RawBlocks``) |
/// | at least ``LayoutTuning/arenaMinimumItems`` cells | kept | one mapping (``PageArena``) |
/// | at least ``LayoutTuning/deferralMinimumItems`` cells, ``FrameComputation/onDemand`` | on first read | the builder's blocks, reused page after page (``DeferredRecords``) |
/// | at least ``LayoutTuning/halvesMinimumItems`` cells, two processors | either | as above, for each half (``FlowSectionLayout/SecondHalf``) |
///
/// A section is deferred or split only when the manager's answers are repeatable
/// (``SpacingPolicy/answersAreRepeatable``): both ask them again, later or on another
/// thread. A caller's manager is asked on the calling thread during the layout only, and its
/// sections keep what that layout computed.
extension FlowSectionLayout {
  /// The storage of one section's pages, and whether it is laid out in halves.
  struct StoragePlan {
    /// Where the pages get their records when first read, when they are deferred.
    var source: PageSource?
    /// The cell the section is split at, when it is laid out in halves.
    var split: Int?
    /// How many cells past the split the first half looks for a join.
    var joinWindow: Int

    /// The set-up of the calling thread's pages, for a section of `count` cells.
    func setup(count: Int) -> PageSetup {
      let records: PageStore.Plan
      if let source {
        records = .deferred(source)
      } else if count >= LayoutTuning.arenaMinimumItems {
        if let split {
          // The first half's cells, the window in which the lines agree, and the page after
          // it (a first half that outgrows it goes on in blocks of its own). The other
          // processor lays out the second half: nothing faults the arena in ahead.
          records = .arena(items: split + joinWindow + 4 * LinePage.targetItemCount, prefault: false)
        } else {
          records = .arena(items: count, prefault: true)
        }
      } else {
        records = .ownBlocks
      }
      return PageSetup(records: records, reserve: count)
    }

    /// The set-up of the helper's pages, which lay out cells ``split``… of a section of
    /// `count` cells (the helper asks no callback: it stops at a cell that has one).
    func secondHalfSetup(count: Int) -> PageSetup {
      let start = split ?? 0
      let rest = count - start
      let records: PageStore.Plan
      if let source {
        records = .deferred(source)
      } else if rest >= LayoutTuning.arenaMinimumItems {
        records = .arena(items: rest, prefault: false)
      } else {
        records = .ownBlocks
      }
      return PageSetup(start: .item(start), refusesCalls: true, records: records, reserve: rest)
    }
  }

  /// The storage plan of `section`, laid out with `policy`.
  ///
  /// A section with runs laid out by repetition (`runs`) is planned for the cells it lays
  /// out one by one, and not split in halves (each half would lay its part of a run out
  /// cell by cell).
  func storagePlan<Policy: SpacingPolicy>(
    for section: Section, in context: SectionContext, policy: Policy, runs: FlowRuns
  ) -> StoragePlan {
    let joinWindow = tuning.joinWindow
    guard Policy.answersAreRepeatable else { return StoragePlan(joinWindow: joinWindow) }
    let count = runs.plannedCount
    let defers = !computesFramesUpFront && count >= tuning.deferralMinimumItems
    return StoragePlan(
      source: defers ? Self.pageSource(section, in: context, policy: policy) : nil,
      split: runs.runs.isEmpty ? halvesSplit(count: count) : nil, joinWindow: joinWindow)
  }

  /// The cell a section of `count` cells is split at, if it is laid out in halves.
  func halvesSplit(count: Int) -> Int? {
    guard count >= 2 else { return nil }
    if let split = tuning.split { return split(count).map { min(max($0, 1), count - 1) } }
    guard count >= tuning.halvesMinimumItems, HelperThreads.activeProcessors >= 2 else { return nil }
    return count / 2
  }
}

/// How a pass sets its typesetter up (``FlowTypesetter/begin(_:in:spacing:pages:)``): where
/// its pages start, where their records go (``PageStore/Plan``), the room to reserve, and
/// whether it may ask callbacks.
struct PageSetup {
  /// Where the pass's first page starts. Pages follow the section's item index from there
  /// (``PageBuilder/pageLimit(startingAt:)``).
  enum Start {
    /// At this section item, at the top of a page (a layout, or a second half).
    case item(Int)
    /// At the page that starts at `PageStart`, below the page above it (a page laid out
    /// again, ``again(_:reserve:)``).
    case below(PageStart)
  }

  var start = Start.item(0)
  /// Whether the typesetter stops at a cell sized by a callback rather than ask it (a second
  /// half, laid out on a helper thread).
  var refusesCalls = false
  var records = PageStore.Plan.ownBlocks
  /// The cells the pass places, for the room reserved.
  var reserve = 0

  /// The set-up of a page laid out again from `start` (its records were deferred), with room
  /// for `reserve` cells: blocks of its own, whose records ``PageBuilder/takeRecords(matching:)``
  /// hands over.
  static func again(_ start: PageStart, reserve: Int) -> PageSetup {
    PageSetup(
      start: start.lineAbove < start.item ? .below(start) : .item(start.item), records: .ownBlocks,
      reserve: reserve)
  }
}
