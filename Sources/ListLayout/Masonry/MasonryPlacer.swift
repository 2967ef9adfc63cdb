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
struct MasonryPlacer {
  /// The body being filled.
  private(set) var body: MasonryBody
  /// Each lane's next top.
  private var nextTops: ContiguousArray<Double>
  /// Scratch for spanning cells: the largest next top from the start of each aligned block of
  /// *k* lanes up to a lane, and from a lane to its block's end.
  private var fromBlockStart: ContiguousArray<Double>
  private var toBlockEnd: ContiguousArray<Double>
  /// The cells placed so far by this placer.
  private(set) var placed = 0

  /// A placer for an empty section.
  init(lanes: MasonryLanes) {
    body = MasonryBody(lanes: lanes)
    nextTops = ContiguousArray(repeating: 0, count: lanes.count)
    fromBlockStart = nextTops
    toBlockEnd = nextTops
  }

  /// A placer that continues `old` from item `start` (a multiple of the chunk size, below
  /// `old.itemCount`): the cells before `start` are kept as they are, and the lanes are as
  /// the checkpoint before `start` recorded them.
  init(resuming old: MasonryBody, at start: Int) {
    precondition(
      start & (SharedChunks<MasonryRecord>.chunkSize - 1) == 0 && start < old.itemCount,
      "masonry resume at \(start) of \(old.itemCount)")
    let lanes = old.lanes
    body = old
    body.records.truncate(to: start)
    for lane in 0..<lanes.count {
      let items = old.laneItems[lane]
      var low = 0
      var high = items.count
      while low < high {
        let mid = (low + high) >> 1
        if Int(items[mid]) < start { low = mid + 1 } else { high = mid }
      }
      body.laneItems[lane].truncate(to: low)
      body.laneChunkBottoms[lane].truncate(to: low >> SharedChunks<Int32>.shift)
    }
    let stride = lanes.count + 1
    let checkpoint = (start >> SharedChunks<MasonryRecord>.shift) * stride
    nextTops = ContiguousArray(old.checkpoints[checkpoint..<(checkpoint + lanes.count)])
    body.height = old.checkpoints[checkpoint + lanes.count]
    body.checkpoints.truncate(to: checkpoint)
    fromBlockStart = nextTops
    toBlockEnd = nextTops
  }

  /// Places the next cell, `height` tall, spanning `span` lanes (1 ... lane count).
  mutating func place(height: Double, span: Int) {
    let item = body.records.count
    if item & (SharedChunks<MasonryRecord>.chunkSize - 1) == 0 {
      body.checkpoints.append(contentsOf: nextTops)
      body.checkpoints.append(body.height)
    }
    // 1. Choose lanes.
    let (lane, top) = span == 1 ? highestLane() : highestLanes(span)
    // 2. Place.
    let bottom = top + height
    body.records.append(MasonryRecord(y: top, height: height, lane: Int32(lane), span: Int32(span)))
    body.laneItems[lane].append(Int32(truncatingIfNeeded: item))
    if body.laneItems[lane].count & (SharedChunks<Int32>.chunkSize - 1) == 0 {
      body.laneChunkBottoms[lane].append(bottom)
    }
    if bottom > body.height { body.height = bottom }
    // 3. Continue the spanned lanes below it.
    let next = bottom + body.lanes.rowSpacing
    for spanned in lane..<(lane + span) { nextTops[spanned] = next }
    placed += 1
  }

  /// The lane with the smallest next top (the leading one on a tie), and that top.
  @inline(__always)
  private func highestLane() -> (Int, Double) {
    var best = 0
    var top = nextTops[0]
    for lane in 1..<nextTops.count where nextTops[lane] < top {
      best = lane
      top = nextTops[lane]
    }
    return (best, top)
  }

  /// The first of the `span` adjacent lanes whose largest next top is smallest (the leading
  /// run on a tie), and that top. The largest next top of every run comes from two sweeps
  /// over blocks of `span` lanes: a run covers the end of one block and the start of the next.
  private mutating func highestLanes(_ span: Int) -> (Int, Double) {
    let count = nextTops.count
    if span == count { return (0, nextTops.max()!) }
    for lane in 0..<count {
      let top = nextTops[lane]
      fromBlockStart[lane] = lane % span == 0 ? top : max(fromBlockStart[lane - 1], top)
    }
    for lane in stride(from: count - 1, through: 0, by: -1) {
      let top = nextTops[lane]
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
