import LayoutGeometry

extension LayoutSnapshot {
  /// Every element whose frame intersects `rect` (shares a region of positive area with it),
  /// at natural (unpinned) positions, in listing order: section by section, the header, the
  /// cells in order, the footer.
  ///
  /// Sections are found by binary search over their offsets, lines by binary search inside
  /// each page of a section, and only the lines that overlap `rect` vertically are visited:
  /// a section of a million cells is never scanned. Zero-area rects and rects that miss the
  /// content return nothing.
  ///
  /// - Complexity: O(log n + k) for n elements and k lines overlapping `rect`.
  public func elements(in rect: Rect) -> [LayoutAttributes] {
    elements(in: rect, pinning: nil)
  }

  /// Every element whose frame intersects `rect`, with headers (and footers, if they pin) at
  /// their pinned positions for the scroll position `pinning` describes (see
  /// ``LayoutSnapshot/supplementaryAttributes(_:inSection:pinning:)``), in listing order.
  ///
  /// A pinned header never leaves its section, so it is found with its section.
  ///
  /// Carousel sections scrolled sideways are named in `horizontalOffsets`: their cells come
  /// back moved by their section's offset (left, or right in a right-to-left list), and only
  /// where they meet `rect` (a carousel's cells are found by binary search along its row).
  ///
  /// - Complexity: O(log n + k).
  public func elements(
    in rect: Rect, pinning: PinningContext?, horizontalOffsets: HorizontalOffsets = .zero
  ) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    forEachSection(overlapping: rect) { section in
      if let header = supplementary(.header, section, pinning: pinning), header.frame.intersects(rect) {
        result.append(header)
      }
      appendCells(ofSection: section, in: rect, scrolledBy: horizontalOffsets[section], to: &result)
      if let footer = supplementary(.footer, section, pinning: pinning), footer.frame.intersects(rect) {
        result.append(footer)
      }
    }
    return result
  }

  /// Calls `body` with each section whose vertical extent (with the cells that overflow it)
  /// may overlap `rect`, in order.
  ///
  /// - Complexity: O(log s) plus one call per section visited (those overlapping `rect`
  ///   widened by the farthest overflow of any carousel's cells past its section).
  func forEachSection(overlapping rect: Rect, _ body: (Int) -> Void) {
    // An empty rect (NaN sizes included) meets nothing; a NaN edge cannot be searched for.
    guard !rect.isEmpty, !rect.minY.isNaN, !rect.maxY.isNaN, !geometries.isEmpty else { return }
    let top = model.configuration.contentInsets.top
    // Cells that overflow their section (a carousel's taller than its band) widen the search.
    let minY = rect.minY - overflow.below
    let maxY = rect.maxY + overflow.above
    var section = sectionHeights.firstIndex(
      wherePrefixExceeds: minY - top - searchSlack(minY),
      perElement: model.configuration.sectionSpacing)
    while section < geometries.count, sectionTop(section) < maxY {
      body(section)
      section += 1
    }
  }

  /// Appends the cells of `section` whose frames (a carousel's scrolled by `offset`)
  /// intersect `rect`, in item order.
  func appendCells(
    ofSection section: Int, in rect: Rect, scrolledBy offset: Double, to result: inout [LayoutAttributes]
  ) {
    forEachCellCandidate(ofSection: section, in: rect, scrolledBy: offset) { item, frame in
      if frame.intersects(rect) {
        result.append(
          LayoutAttributes(
            kind: .cell, indexPath: IndexPath(item: item, section: section), frame: frame,
            zIndex: LayoutAttributes.cellZIndex))
      }
      return true
    }
  }

  /// Calls `body` with the index and frame of every cell of `section` that may overlap the
  /// band `minY ..< maxY` (on a line overlapping it, for a flow section), in item order,
  /// until it returns `false`.
  ///
  /// - Complexity: O(log p + log l + k) for a flow section.
  func forEachCellCandidate(
    ofSection section: Int, overlappingY minY: Double, _ maxY: Double, _ body: (Int, Rect) -> Bool
  ) {
    let geometry = geometries[section]
    guard geometry.itemCount > 0 else { return }
    geometry.body.forEachItem(overlappingY: minY, maxY, at: bodyOrigin(section)) { item, frame in
      body(item, directed(frame))
    }
  }

  /// Calls `body` with the index and frame of every cell of `section` that may overlap
  /// `rect` (a superset: callers test frames exactly), a carousel's scrolled by `offset`, in
  /// item order, until it returns `false`.
  ///
  /// - Complexity: O(log n + k).
  func forEachCellCandidate(
    ofSection section: Int, in rect: Rect, scrolledBy offset: Double, _ body: (Int, Rect) -> Bool
  ) {
    let geometry = geometries[section]
    guard geometry.itemCount > 0 else { return }
    let (minX, maxX) = leftToRight(rect.minX, rect.maxX)
    geometry.body.forEachItem(
      overlappingX: minX, maxX, y: rect.minY, rect.maxY, scrolledBy: offset, at: bodyOrigin(section)
    ) { item, frame in
      body(item, directed(frame))
    }
  }

  /// The x extent `minX ..< maxX` of the snapshot's direction, as bodies see it (left to right).
  func leftToRight(_ minX: Double, _ maxX: Double) -> (Double, Double) {
    guard isMirrored else { return (minX, maxX) }
    let width = model.configuration.width
    return (width - maxX, width - minX)
  }
}

extension LayoutSnapshot {
  /// The element drawn at `point`: of all elements whose frame contains it, the one with the
  /// highest z-index (the later in listing order on a tie). With a content offset, headers
  /// (and footers, if they pin) are taken at their pinned positions.
  ///
  /// Carousels scrolled sideways are named in `horizontalOffsets` (see
  /// ``elements(in:pinning:horizontalOffsets:)``).
  ///
  /// - Complexity: O(log n + k) for k cells on the lines at `point`.
  public func element(
    at point: Point, pinning: PinningContext? = nil, horizontalOffsets: HorizontalOffsets = .zero
  ) -> LayoutAttributes? {
    guard point.isFinite else { return nil }
    var best: LayoutAttributes?
    func consider(_ element: LayoutAttributes) {
      guard element.frame.contains(point) else { return }
      if best == nil || element.zIndex >= best!.zIndex { best = element }
    }
    let band = Rect(
      x: -Double.greatestFiniteMagnitude / 4, y: point.y, width: .greatestFiniteMagnitude / 2, height: 1)
    forEachSection(overlapping: band) { section in
      if let header = supplementary(.header, section, pinning: pinning) { consider(header) }
      let spot = Rect(x: point.x, y: point.y, width: 0, height: 0)
      forEachCellCandidate(ofSection: section, in: spot, scrolledBy: horizontalOffsets[section]) {
        item, frame in
        if frame.contains(point) {
          consider(
            LayoutAttributes(
              kind: .cell, indexPath: IndexPath(item: item, section: section), frame: frame,
              zIndex: LayoutAttributes.cellZIndex))
        }
        return true
      }
      if let footer = supplementary(.footer, section, pinning: pinning) { consider(footer) }
    }
    return best
  }

  /// The cell nearest to `point`, for drag and drop and scroll restoration: the cell whose
  /// frame is vertically nearest (distance 0 when `point` is level with it), then
  /// horizontally nearest, then first in order. `nil` when the list has no cells.
  ///
  /// - Complexity: O(log n + k) for k cells on the few lines near `point`.
  public func indexPath(nearestTo point: Point) -> IndexPath? {
    guard point.isFinite else { return nil }
    var best: (dy: Double, dx: Double, indexPath: IndexPath)?
    func consider(_ item: Int, _ section: Int, _ frame: Rect) {
      let dy = max(0, frame.minY - point.y, point.y - frame.maxY)
      let dx = max(0, frame.minX - point.x, point.x - frame.maxX)
      let candidate = (dy, dx, IndexPath(item: item, section: section))
      if let current = best {
        if (candidate.0, candidate.1, candidate.2) < (current.dy, current.dx, current.indexPath) {
          best = candidate
        }
      } else {
        best = candidate
      }
    }
    // Widen a band around `point` until it holds a cell, then once more by the distance
    // found, so that no nearer cell is left outside it.
    var radius = 1.0
    let limit = max(contentSize.height, 1) * 4 + abs(point.y) * 2
    while true {
      let minY = point.y - radius
      let maxY = point.y + radius
      forEachSection(overlapping: Rect(x: 0, y: minY, width: 1, height: maxY - minY)) { section in
        forEachCellCandidate(ofSection: section, overlappingY: minY, maxY) { item, frame in
          consider(item, section, frame)
          return true
        }
      }
      // Every cell nearer than `radius` has been seen: a best within it is the answer.
      if let found = best, found.dy < radius { return found.indexPath }
      if radius > limit { return best?.indexPath }
      radius *= 4
    }
  }
}
