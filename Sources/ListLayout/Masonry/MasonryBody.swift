import LayoutGeometry

/// Where a masonry section's lanes are: their number, width and spacing, and the left edge
/// of the first (leading) lane, all in content coordinates before mirroring.
///
/// ```
///  left ─┬ lane 0 ┬ gap ┬ lane 1 ┬ gap ┬ lane 2 ┐
///        └ width ─┘     └ width ─┘     └ width ─┘   width = (W − (n − 1) · gap) / n
/// ```
struct MasonryLanes: Sendable, Equatable {
  /// The number of lanes (at least 1).
  var count: Int
  /// The width of one lane (0 when the gaps alone are wider than the section).
  var width: Double
  /// The space between two lanes.
  var columnSpacing: Double
  /// The space between two cells of a lane.
  var rowSpacing: Double
  /// The left edge of lane 0.
  var left: Double

  /// The left edge of lane `lane`.
  @inline(__always)
  func x(ofLane lane: Int) -> Double { left + Double(lane) * (width + columnSpacing) }

  /// The width of a cell spanning `span` lanes, the gaps between them included.
  @inline(__always)
  func width(spanning span: Int) -> Double {
    span == 1 ? width : Double(span) * width + Double(span - 1) * columnSpacing
  }
}

/// A cell as a masonry layout placed it: its top relative to the body's top, its height, its
/// first (leading) lane and the number of lanes it spans. 24 bytes.
struct MasonryRecord: Sendable, Equatable {
  var y: Double
  var height: Double
  var lane: Int32
  var span: Int32

  var bottom: Double { y + height }
}

/// The body of a masonry section: a record per cell in item order, and per lane the cells
/// whose leading lane it is, in item order.
///
/// Within one lane, cells are stacked (each starts at or below the previous one's bottom), so
/// both their tops and their bottoms ascend along a lane's list: a band is found in each lane
/// by binary search, and the lanes' runs are merged back into item order. Cell tops are not
/// monotone in item order (a cell spanning lanes may sit below cells that follow it), which
/// is why the lanes are searched rather than the records.
///
/// Every ``SharedChunks/chunkSize`` cells, the lanes' next tops (and the bottom so far) are
/// kept as a checkpoint, from which an edit resumes the placement.
///
/// ```
///   body top ─┬─ ┌a──┐┌b──┐┌c──┐
///             │  └───┘│   │└───┘┌e──┐  lanes' next tops: the cursor of each lane
///             │  ┌d───────┐    └───┘
///             │  └────────┘
///             └─ height: the lowest bottom
/// ```
struct MasonryBody: SectionBody {
  let lanes: MasonryLanes
  /// A record per cell, in item order.
  var records = SharedChunks<MasonryRecord>()
  /// Per lane, the cells whose leading lane it is, in item order.
  var laneItems: ContiguousArray<SharedChunks<Int32>>
  /// Per lane, the bottom of the last cell of each full group of ``groupSize`` cells of its
  /// list: a small index that a search reads before the one group it then searches.
  var laneGroupBottoms: ContiguousArray<SharedChunks<Double>>
  /// Per chunk of records, the lanes' next tops before its first cell, then the lowest bottom
  /// so far: `lanes.count + 1` values per chunk.
  var checkpoints = SharedChunks<Double>()
  /// The lowest bottom of any cell (0 without cells).
  var height = 0.0

  init(lanes: MasonryLanes) {
    self.lanes = lanes
    laneItems = ContiguousArray(repeating: SharedChunks(), count: lanes.count)
    laneGroupBottoms = ContiguousArray(repeating: SharedChunks(), count: lanes.count)
  }

  /// The cells of a lane's list per entry of its index (``laneGroupBottoms``), as a power of
  /// two that divides ``SharedChunks/chunkSize``: a search ends in a group this long.
  static var groupShift: Int { LayoutTuning.masonryGroupShift }
  static var groupSize: Int { 1 << groupShift }

  var trailingSpace: Double { 0 }
  var itemCount: Int { records.count }
  /// Each cell placed counts as a line (what laying the body out again costs).
  var lineCount: Int { records.count }

  @inline(__always)
  func frame(_ record: MasonryRecord, base: Double) -> Rect {
    let span = Int(record.span)
    return Rect(
      x: lanes.x(ofLane: Int(record.lane)), y: base + record.y, width: lanes.width(spanning: span),
      height: record.height)
  }

  /// The content y the body's relative positions are added to.
  @inline(__always)
  func base(_ origin: BodyOrigin) -> Double { origin.sectionTop + origin.bodyTop }

  func frame(ofItem item: Int, at origin: BodyOrigin) -> Rect {
    frame(records[item], base: base(origin))
  }

  func forEachItem<E: Error>(
    in items: Range<Int>, at origin: BodyOrigin, _ body: (Int, Rect) throws(E) -> Void
  ) throws(E) {
    let base = base(origin)
    for item in items { try body(item, frame(records[item], base: base)) }
  }

  /// Finds in each lane, by binary search, the first cell whose bottom reaches the band, and
  /// merges the lanes' cells from there into item order while their tops stay above the
  /// band's end.
  ///
  /// - Complexity: O(l · log n + k · l) for l lanes and k cells returned (O(k log k) in
  ///   place of O(k · l) when more than 8 lanes have cells in the band).
  func forEachItem(
    overlappingY minY: Double, _ maxY: Double, at origin: BodyOrigin, _ body: (Int, Rect) -> Bool
  ) {
    guard !records.isEmpty else { return }
    let base = base(origin)
    let low = minY - base - searchSlack(minY)
    let high = maxY - base + searchSlack(maxY)
    withUnsafeTemporaryAllocation(of: MasonryRun.self, capacity: lanes.count) { runs in
      var active = 0
      for lane in 0..<lanes.count {
        let count = laneItems[lane].count
        let first = firstPosition(inLane: lane, reaching: low)
        if first < count {
          let item = Int(laneItems[lane][first])
          let record = records[item]
          if record.y <= high {
            runs[active] = MasonryRun(lane: lane, next: first, item: item, record: record, count: count)
            active += 1
          }
        }
      }
      if active <= 8 {
        // Merge: each time, the run whose next cell comes first in item order.
        while active > 0 {
          var best = 0
          for r in 1..<active where runs[r].item < runs[best].item { best = r }
          if !body(runs[best].item, frame(runs[best].record, base: base)) { return }
          let next = runs[best].next + 1
          var ended = next == runs[best].count
          if !ended {
            let item = Int(laneItems[runs[best].lane][next])
            let record = records[item]
            runs[best].next = next
            runs[best].item = item
            runs[best].record = record
            ended = record.y > high
          }
          if ended {
            runs[best] = runs[active - 1]
            active -= 1
          }
        }
      } else {
        var items: [Int] = []
        for run in runs[..<active] {
          let list = laneItems[run.lane]
          var position = run.next
          while position < run.count, records[Int(list[position])].y <= high {
            items.append(Int(list[position]))
            position += 1
          }
        }
        items.sort()
        for item in items where !body(item, frame(records[item], base: base)) { return }
      }
    }
  }

  /// The first position in lane `lane`'s list whose cell's bottom is at or below `low`
  /// (body-relative), or the list's count: bottoms ascend along a lane, so a binary search over
  /// the lane's index finds the group of ``groupSize`` cells, and one over the group the cell.
  ///
  /// - Complexity: O(log n).
  func firstPosition(inLane lane: Int, reaching low: Double) -> Int {
    let first = laneGroupBottoms[lane].partitionPoint { $0 < low } << Self.groupShift
    // A group lies in one chunk of the list.
    let chunk = first >> SharedChunks<Int32>.shift
    return laneItems[lane].withChunk(chunk) { items in
      var position = first & (SharedChunks<Int32>.chunkSize - 1)
      var end = min(items.count, position + Self.groupSize)
      while position < end {
        let mid = (position + end) >> 1
        if records[Int(items[mid])].bottom < low { position = mid + 1 } else { end = mid }
      }
      return chunk << SharedChunks<Int32>.shift + position
    }
  }
}

/// A lane's cells in a band, as positions in the lane's list, while they are merged.
struct MasonryRun {
  var lane: Int
  /// The position of the run's next cell in its lane's list, that cell and its record.
  var next: Int
  var item: Int
  var record: MasonryRecord
  /// The length of the lane's list.
  var count: Int
}
