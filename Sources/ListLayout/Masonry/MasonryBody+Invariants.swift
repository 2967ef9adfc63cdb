import LayoutGeometry

extension MasonryBody {
  /// Every frame is finite and has no negative extent; every cell lies in lanes that exist and
  /// inside the section's width (unless the insets leave no room); the cells of one lane do
  /// not overlap and keep the row spacing between them; each lane's list holds exactly the
  /// cells whose leading lane it is, in order, and its index the bottom of every group's last
  /// cell; the height is the lowest bottom; there is a checkpoint per chunk of cells.
  ///
  /// - Complexity: O(n · s) for n cells spanning s lanes at most.
  func invariantViolations(_ check: BodyCheck) -> [String] {
    var problems: [String] = []
    func fail(_ message: String) {
      if problems.count < 20 { problems.append(message) }
    }
    let s = check.section
    let epsilon = check.epsilon
    let laneCount = lanes.count
    if laneCount < 1 || laneItems.count != laneCount {
      fail("section \(s) has \(laneCount) lanes and \(laneItems.count) lane lists")
      return problems
    }
    let right = lanes.x(ofLane: laneCount - 1) + lanes.width
    var laneBottoms = ContiguousArray<Double?>(repeating: nil, count: laneCount)
    var expectedLaneItems = ContiguousArray<[Int32]>(repeating: [], count: laneCount)
    var lowest = 0.0
    let origin = BodyOrigin(sectionTop: 0, bodyTop: 0)
    for (item, record) in records.enumerated() {
      let lane = Int(record.lane)
      let span = Int(record.span)
      guard lane >= 0, span >= 1, lane + span <= laneCount else {
        fail("section \(s) item \(item) in lanes \(lane) ..< \(lane + span) of \(laneCount)")
        continue
      }
      let frame = frame(ofItem: item, at: origin)
      if !frame.isFinite || frame.width < 0 || frame.height < 0 {
        fail("section \(s) item \(item) frame \(frame)")
        continue
      }
      if check.insetsFit && (frame.minX < lanes.left - epsilon || frame.maxX > right + epsilon) {
        fail("section \(s) item \(item) \(frame) leaves the section's width")
      }
      for spanned in lane..<(lane + span) {
        if let bottom = laneBottoms[spanned], frame.minY < bottom + lanes.rowSpacing - epsilon {
          fail("section \(s) item \(item) \(frame) overlaps the cell above it in lane \(spanned)")
        }
        laneBottoms[spanned] = frame.maxY
      }
      expectedLaneItems[lane].append(Int32(truncatingIfNeeded: item))
      lowest = max(lowest, frame.maxY)
    }
    for lane in 0..<laneCount {
      if !laneItems[lane].elementsEqual(expectedLaneItems[lane]) {
        fail("section \(s) lane \(lane) lists other cells than those it leads")
      }
      let groupSize = Self.groupSize
      let groups = laneItems[lane].count / groupSize
      let index = laneGroupBottoms[lane]
      if index.count != groups
        || (0..<groups).contains(where: {
          index[$0] != records[Int(laneItems[lane][($0 + 1) * groupSize - 1])].bottom
        })
      {
        fail("section \(s) lane \(lane) index differs from its cells")
      }
    }
    if lowest != height { fail("section \(s) body height \(height), lowest bottom \(lowest)") }
    let chunks =
      (records.count + SharedChunks<MasonryRecord>.chunkSize - 1) >> SharedChunks<MasonryRecord>.shift
    if checkpoints.count != chunks * (laneCount + 1) {
      fail("section \(s) has \(checkpoints.count) checkpoint values for \(chunks) chunks")
    }
    if check.origin.bodyTop + height > check.sectionHeight + epsilon {
      fail("section \(s) cells end below the section")
    }
    return problems
  }
}
