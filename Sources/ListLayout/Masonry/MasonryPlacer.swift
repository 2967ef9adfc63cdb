/// Places the cells of a masonry section one after another into a ``MasonryBody``: the rule
/// of Compose's staggered grid, with spans.
///
/// Each lane has a *next top*: 0 while it is empty, else its last cell's bottom plus the row
/// spacing. For each cell, in item order:
/// 1. **Choose lanes**: a cell of one lane goes into the lane whose next top is highest
///    (smallest); a cell spanning *k* lanes into the *k* adjacent lanes whose lowest next top
///    (their maximum) is highest. Ties go to the leading lane.
/// 2. **Place** it at that top, as wide as the lanes it spans (``MasonryLanes/width(spanning:)``).
/// 3. **Continue** every spanned lane below it: their next top becomes the cell's bottom plus
///    the row spacing.
///
/// Every ``SharedChunks/chunkSize`` cells, before placing, the lanes' next tops and the lowest
/// bottom so far are written as a checkpoint: ``init(resuming:at:)`` starts from one.
///
/// While it places, the placer keeps the open ends of the body's lists (the records and each
/// lane's cells since their last full chunk) in buffers of its own, which it writes without
/// checking for shared storage, and hands each chunk to the body when it fills; ``body``
/// adds the open ends to a copy of the body. A placer of many cells that shares no chunk with
/// an older body seals its chunks into a ``ChunkArena``.
struct MasonryPlacer {
  /// The body being filled, but for the open ends of its lists.
  private var sealed: MasonryBody
  let lanes: MasonryLanes
  /// Each lane's next top.
  private let nextTops: ScratchBuffer<Double>
  /// Per lane, the number of cells whose leading lane it is.
  private let laneCounts: ScratchBuffer<Int>
  /// Per lane, the cells of its list after its last sealed chunk, in a slot of
  /// ``SharedChunks/chunkSize`` entries of `openLaneItems` that the lane gets when it first
  /// needs one (so that a section of many lanes and few cells does not pay for every lane):
  /// lane `l`'s are at `laneSlots[l] · chunkSize ..< (that) + laneCounts[l] % chunkSize`.
  private let laneSlots: ScratchBuffer<Int>
  private let openLaneItems: ScratchBuffer<Int32>
  /// The records after the last sealed chunk.
  private let openRecords: ScratchBuffer<MasonryRecord>
  /// Scratch for spanning cells: the largest next top from the start of each aligned block of
  /// *k* lanes up to a lane, and from a lane to its block's end.
  private let fromBlockStart: ScratchBuffer<Double>
  private let toBlockEnd: ScratchBuffer<Double>
  /// Where sealed records and lane lists go, for a placer of many cells (else `nil`: each
  /// chunk gets a block of its own).
  private let arena: ChunkArena?
  /// The lowest bottom so far.
  private var lowest = 0.0
  /// The number of cells in the body (placed by this placer or kept from an old body).
  private var itemCount = 0
  /// The cells placed so far by this placer.
  private(set) var placed = 0

  private static var chunkSize: Int { SharedChunks<MasonryRecord>.chunkSize }
  private static var shift: Int { SharedChunks<MasonryRecord>.shift }

  /// A placer for an empty section, that is to place about `cells` cells.
  init(lanes: MasonryLanes, cells: Int = 0) {
    self.lanes = lanes
    arena = cells >= ChunkArena.minimumCells ? ChunkArena(cells: cells) : nil
    sealed = MasonryBody(lanes: lanes)
    nextTops = ScratchBuffer(capacity: lanes.count)
    laneCounts = ScratchBuffer(capacity: lanes.count)
    laneSlots = ScratchBuffer(capacity: lanes.count)
    fromBlockStart = ScratchBuffer(capacity: lanes.count)
    toBlockEnd = ScratchBuffer(capacity: lanes.count)
    for _ in 0..<lanes.count {
      nextTops.append(0)
      laneCounts.append(0)
      laneSlots.append(-1)
      fromBlockStart.append(0)
      toBlockEnd.append(0)
    }
    openLaneItems = ScratchBuffer(capacity: min(lanes.count, 4) << Self.shift)
    openRecords = ScratchBuffer(capacity: Self.chunkSize)
  }

  /// A placer that continues `old` from item `start` (a multiple of the chunk size, below
  /// `old.itemCount`) to about `cells` cells in all: the cells before `start` are kept as
  /// they are, and the lanes are as the checkpoint before `start` recorded them.
  ///
  /// It takes an arena only when it keeps nothing of `old` (`start` is 0), as a full layout
  /// does; otherwise each chunk gets a block of its own. The chunks kept from `old` keep
  /// their arena's whole mapping alive, so a relayout that took a new arena for the rest
  /// would leave one nearly full mapping behind per edit: a series of edits at increasing
  /// positions would hold as many mappings as edits.
  init(resuming old: MasonryBody, at start: Int, cells: Int = 0) {
    precondition(
      start & (Self.chunkSize - 1) == 0 && start < old.itemCount,
      "masonry resume at \(start) of \(old.itemCount)")
    self.init(lanes: old.lanes, cells: start == 0 ? cells : 0)
    sealed = old
    sealed.records.truncate(to: start)
    for lane in 0..<lanes.count {
      let items = old.laneItems[lane]
      var low = 0
      var high = items.count
      while low < high {
        let mid = (low + high) >> 1
        if Int(items[mid]) < start { low = mid + 1 } else { high = mid }
      }
      // The lane's cells after its last full chunk move to the open buffer.
      sealed.laneItems[lane].truncate(to: low)
      let open = sealed.laneItems[lane].tail
      if !open.isEmpty {
        let first = slot(ofLane: lane) << Self.shift
        for (offset, item) in open.enumerated() { openLaneItems[first + offset] = item }
      }
      sealed.laneItems[lane].truncate(to: low & ~(Self.chunkSize - 1))
      sealed.laneGroupBottoms[lane].truncate(to: low >> MasonryBody.groupShift)
      laneCounts[lane] = low
    }
    let stride = lanes.count + 1
    let checkpoint = (start >> Self.shift) * stride
    for lane in 0..<lanes.count { nextTops[lane] = old.checkpoints[checkpoint + lane] }
    lowest = old.checkpoints[checkpoint + lanes.count]
    sealed.checkpoints.truncate(to: checkpoint)
    itemCount = start
  }

  #if DEBUG
  /// The entries written into the lanes' open chunks so far (for tests).
  var openLaneItemWrites: Int { openLaneItems.writes }
  #endif

  /// The body with every cell placed so far.
  var body: MasonryBody {
    var body = sealed
    body.records.append(contentsOf: openRecords.elements)
    for lane in 0..<lanes.count where laneSlots[lane] >= 0 {
      body.laneItems[lane].append(
        contentsOf: openItems(ofLane: lane, count: laneCounts[lane] & (Self.chunkSize - 1)))
    }
    body.height = lowest
    return body
  }

  /// Places the next cell, `height` tall, spanning `span` lanes (1 ... lane count).
  mutating func place(height: Double, span: Int) {
    let item = itemCount
    if item & (Self.chunkSize - 1) == 0 { writeCheckpoint() }
    // 1. Choose lanes.
    let (lane, top) = span == 1 ? highestLane() : highestLanes(span)
    // 2. Place.
    let bottom = top + height
    openRecords.append(MasonryRecord(y: top, height: height, lane: Int32(lane), span: Int32(span)))
    if openRecords.count == Self.chunkSize { sealRecords() }
    var slot = laneSlots[lane]
    if slot < 0 { slot = self.slot(ofLane: lane) }
    let position = laneCounts[lane]
    openLaneItems[slot << Self.shift | position & (Self.chunkSize - 1)] = Int32(truncatingIfNeeded: item)
    laneCounts[lane] = position + 1
    if (position + 1) & (MasonryBody.groupSize - 1) == 0 { endGroup(ofLane: lane, bottom: bottom) }
    if bottom > lowest { lowest = bottom }
    // 3. Continue the spanned lanes below it.
    let next = bottom + lanes.rowSpacing
    for spanned in lane..<(lane + span) { nextTops[spanned] = next }
    itemCount = item + 1
    placed += 1
  }

  /// Writes the checkpoint before the cell about to be placed: the lanes' next tops, then the
  /// lowest bottom so far.
  private mutating func writeCheckpoint() {
    sealed.checkpoints.append(contentsOf: nextTops.elements)
    sealed.checkpoints.append(lowest)
  }

  /// Hands the full chunk of open records to the body.
  private mutating func sealRecords() {
    sealed.records.append(contentsOf: openRecords.elements, arena: arena)
    openRecords.removeAll()
  }

  /// Records the bottom of the cell that fills a group of lane `lane`'s list in the lane's
  /// index, and hands the lane's open cells to the body when they fill a chunk.
  private mutating func endGroup(ofLane lane: Int, bottom: Double) {
    sealed.laneGroupBottoms[lane].append(bottom)
    if laneCounts[lane] & (Self.chunkSize - 1) == 0 {
      sealed.laneItems[lane].append(contentsOf: openItems(ofLane: lane, count: Self.chunkSize), arena: arena)
    }
  }

  /// The first `count` entries of lane `lane`'s slot.
  private func openItems(ofLane lane: Int, count: Int) -> UnsafeBufferPointer<Int32> {
    let first = laneSlots[lane] << Self.shift
    return UnsafeBufferPointer(rebasing: openLaneItems.elements[first..<(first + count)])
  }

  /// Lane `lane`'s slot in `openLaneItems`, given it now if it has none (left unwritten: only
  /// the lane's first `laneCounts[lane] % chunkSize` entries, written as it places, are read).
  private func slot(ofLane lane: Int) -> Int {
    if laneSlots[lane] < 0 {
      laneSlots[lane] = openLaneItems.count >> Self.shift
      openLaneItems.extend(by: Self.chunkSize)
    }
    return laneSlots[lane]
  }

  /// The lane with the smallest next top (the leading one on a tie), and that top.
  @inline(__always)
  private func highestLane() -> (Int, Double) {
    let tops = nextTops.elements
    var best = 0
    var top = tops[0]
    for lane in 1..<tops.count where tops[lane] < top {
      best = lane
      top = tops[lane]
    }
    return (best, top)
  }

  /// The first of the `span` adjacent lanes whose largest next top is smallest (the leading
  /// run on a tie), and that top. The largest next top of every run comes from two sweeps
  /// over blocks of `span` lanes: a run covers the end of one block and the start of the next.
  private func highestLanes(_ span: Int) -> (Int, Double) {
    let tops = nextTops.elements
    let count = tops.count
    if span == count { return (0, tops.max()!) }
    for lane in 0..<count {
      let top = tops[lane]
      fromBlockStart[lane] = lane % span == 0 ? top : max(fromBlockStart[lane - 1], top)
    }
    for lane in stride(from: count - 1, through: 0, by: -1) {
      let top = tops[lane]
      toBlockEnd[lane] = (lane + 1) % span == 0 || lane == count - 1 ? top : max(toBlockEnd[lane + 1], top)
    }
    var best = 0
    var top = Double.infinity
    for first in 0...(count - span) {
      let runTop = max(toBlockEnd[first], fromBlockStart[first + span - 1])
      if runTop < top {
        best = first
        top = runTop
      }
    }
    return (best, top)
  }
}
