import LayoutGeometry

extension LayoutSnapshot {
  /// Every element whose frame intersects `rect` (shares a region of positive area with it),
  /// at natural (unpinned) positions, in listing order: section by section, the background,
  /// the header, the cells in order, the separators, the footer.
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
    var walk = QueryScratch(offsets: horizontalOffsets)
    var result: [LayoutAttributes] = []
    // (A screen's worth without growing, with a separator below each line and a few badges:
    // growing moves every element so far.)
    result.reserveCapacity(32)
    appendElements(in: rect, pinning: pinning, to: &result, &walk)
    walk.finish()
    return result
  }

  /// What a query reuses from section to section: the carousels' offsets, the candidate
  /// cells of the section at hand (one buffer for the whole query), and the sideways prefetch
  /// it collects. The buffers are borrowed from ``QueryBuffers``' spare and given back by
  /// ``finish()``: a query in steady state allocates none.
  struct QueryScratch {
    /// The buffers borrowed for the query.
    private let buffers: QueryBuffers
    /// The query's horizontal offsets, read once.
    private(set) var offsets: SectionOffsets
    /// When not `nil`, the walk over the visible sections also collects each carousel's
    /// cells within this reach (``LayoutSnapshot/reach(_:)``) but off screen.
    var sideways: Sideways?
    var prefetch: [CarouselPrefetch] = []

    /// Every section's candidates of the query (the buffer is not emptied between sections).
    let candidates: CellCandidates
    /// The line gaps of the section at hand, for its separators (emptied for each section;
    /// read only for a section with separators).
    var gaps: LineGapCandidates { buffers.gaps }

    init(offsets: HorizontalOffsets, sideways: Sideways? = nil) {
      buffers = QueryBuffers.take()
      candidates = buffers.candidates
      self.offsets = SectionOffsets(offsets, storage: buffers.takeOffsets())
      self.sideways = sideways
    }

    /// The offset of `section` (``SectionOffsets/offset(ascending:)``: sections asked in
    /// ascending order).
    @inline(__always)
    mutating func offset(ofAscending section: Int) -> Double {
      offsets.offset(ascending: section)
    }

    /// Gives the buffers back for the next query; the scratch is not used afterwards.
    mutating func finish() {
      buffers.keepOffsets(offsets.takeStorage())
      QueryBuffers.giveBack(buffers)
    }
  }

  /// The one walk over the sections `rect` meets: appends to `result` every element whose
  /// frame intersects `rect`, in listing order (headers and footers placed for `pinning`,
  /// carousels' cells scrolled by their offsets), and, when `scratch` has a sideways reach,
  /// appends to its `prefetch` the cells of each carousel among those sections within that
  /// reach but not on screen, found in the same visit of its cells.
  ///
  /// Each section's cells come from its body in one call (into the scratch buffer), then are
  /// tested in a plain loop; a carousel's body counts its sideways prefetch in the same visit
  /// of its row.
  ///
  /// - Complexity: O(log n + k) for k candidate cells.
  func appendElements(
    in rect: Rect, pinning: PinningContext?, to result: inout [LayoutAttributes],
    _ scratch: inout QueryScratch
  ) {
    if let header = listHeader(pinning: pinning), header.frame.intersects(rect) { result.append(header) }
    // Bodies work in layout space, left to right.
    let space = isHorizontal ? rect.transposed : rect
    let (minX, maxX) = leftToRight(space.minX, space.maxX)
    let reach = scratch.sideways.map { self.reach($0) }
    let direction = frameDirection
    let search = CellSearch(
      minX: minX, maxX: maxX, sideways: nil, minY: space.minY, maxY: space.maxY, offsets: scratch.offsets)
    // Where headers and footers pin, read once.
    let sectionPinning = sectionPinning(for: pinning)
    var backgrounds = BackgroundCursor()
    forEachSection(overlapping: rect) { section, top in
      if backgrounds.hasBackground(section, in: model.sections),
        let background = backgroundAttributes(inSection: section, top: top),
        background.frame.intersects(rect)
      {
        result.append(background)
      }
      if let header = supplementary(.header, section, top: top, pinning: sectionPinning),
        header.frame.intersects(rect)
      {
        result.append(header)
      }
      // The section's cells, handed over by its body in one call; a carousel's body counts
      // its sideways prefetch in the same walk.
      // (Appended after the sections before it: the buffer is emptied once per query.)
      let candidates = scratch.candidates
      let first = candidates.count
      var tally = reach.map { SidewaysTally(visible: (minX, maxX), rect: space, reach: $0) }
      var carousel = false
      // A section with badges looks for cells as far around `rect` as its badges reach.
      let badges = sectionBadges(section)
      var badgeCandidates = first
      var cellsEnd = first
      var searchedApart = false
      let cellsStart = result.count
      // The section's separators: the gaps between its lines that may meet the rect, found by
      // its body with its cells.
      var separator: SeparatorPlacement?
      if let (box, origin, placement) = queryBodyAndSeparators(section, top: top) {
        let wide = badges.isEmpty ? search : search.widened(by: badges.reach)
        // (A carousel counting its sideways prefetch is searched as asked, then again, wider,
        // for its badges.)
        let apart = !badges.isEmpty && box.scrollsSideways && tally != nil
        if let placement {
          separator = placement
          let gaps = scratch.gaps
          gaps.removeAll()
          carousel = box.appendCandidates(
            apart ? search : wide, offset: { scratch.offset(ofAscending: section) }, origin: origin,
            to: candidates, counting: &tally, gaps: placement.band(space.minY, space.maxY), to: gaps)
        } else {
          carousel = box.appendCandidates(
            apart ? search : wide, offset: { scratch.offset(ofAscending: section) }, origin: origin,
            to: candidates, counting: &tally)
        }
        cellsEnd = candidates.count
        if apart {
          searchedApart = true
          badgeCandidates = candidates.count
          var none: SidewaysTally? = nil
          _ = box.appendCandidates(
            wide, offset: { scratch.offsets[section] }, origin: origin, to: candidates, counting: &none)
        }
      }
      if first < cellsEnd {
        // The section's cells, which name the cells found (their identifiers are read when
        // asked: ``ElementName``).
        let sectionCells = backgrounds.read(section, in: model.sections) { $0.cells }
        if badges.isEmpty || searchedApart {
          for k in first..<cellsEnd {
            let candidate = candidates[k]
            let frame = direction.directed(candidate.frame)
            if frame.intersects(rect) {
              result.append(
                LayoutAttributes(
                  kind: .cell, indexPath: ListIndexPath(item: candidate.item, section: section), frame: frame,
                  zIndex: LayoutAttributes.cellZIndex, name: .cell(sectionCells, item: candidate.item)))
            }
          }
        } else {
          // With badges, one pass over the candidates: each cell that meets the rect, then
          // those of its badges that do (the cells were looked for as far around the rect as
          // the badges reach), found through the section's index of its badged cells: the
          // cells without badges are not read.
          var cells = BadgeCursor(sectionBadgeIndex(section) ?? BadgeIndex(), cells: sectionCells)
          for k in first..<cellsEnd {
            let candidate = candidates[k]
            let frame = direction.directed(candidate.frame)
            if frame.intersects(rect) {
              result.append(
                LayoutAttributes(
                  kind: .cell, indexPath: ListIndexPath(item: candidate.item, section: section), frame: frame,
                  zIndex: LayoutAttributes.cellZIndex, name: .cell(sectionCells, item: candidate.item)))
            }
            cells.forEachBadge(of: candidate.item) { badge, index in
              Self.appendBadge(
                badge, index: index, item: candidate.item, section: section, onCell: candidate.frame,
                direction: direction, to: &result
              ) { $0.intersects(rect) }
            }
          }
        }
      }
      if searchedApart {
        mergeBadges(
          ofSection: section, candidates: candidates, from: badgeCandidates, meeting: rect, into: &result,
          after: cellsStart)
      }
      if carousel, let prefetch = tally?.prefetch(section: section) {
        if scratch.prefetch.isEmpty { scratch.prefetch.reserveCapacity(16) }
        scratch.prefetch.append(prefetch)
      }
      if let separator {
        appendSeparators(ofSection: section, separator, gaps: scratch.gaps, meeting: rect, to: &result)
      }
      if let footer = supplementary(.footer, section, top: top, pinning: sectionPinning),
        footer.frame.intersects(rect)
      {
        result.append(footer)
      }
    }
    if let footer = listFooter(pinning: pinning), footer.frame.intersects(rect) { result.append(footer) }
  }

  /// Calls `body` with each section whose extent along the scroll axis (with the cells that
  /// overflow it) may overlap `rect`, in order.
  ///
  /// - Complexity: O(log s) plus one call per section visited (those overlapping `rect`
  ///   widened by the farthest overflow of any carousel's cells past its section).
  func forEachSection(overlapping rect: Rect, _ body: (Int) -> Void) {
    forEachSection(overlapping: rect) { section, _ in body(section) }
  }

  /// ``forEachSection(overlapping:_:)`` with each section's top (``sectionTop(_:)``).
  func forEachSection(overlapping rect: Rect, _ body: (_ section: Int, _ top: Double) -> Void) {
    guard let search = sectionSearch(overlapping: rect) else { return }
    var walk = SectionWalk(from: search.first, sectionsTop: sectionsTop)
    while walk.section < geometries.count {
      let top = walk.top(in: self)
      guard top < search.maxY else { break }
      body(walk.section, top)
      walk.advance()
    }
  }

  /// Where the sections whose extent along the scroll axis (with the cells that overflow it)
  /// may overlap `rect` are: from `first` (found by binary search) on, up to the first whose
  /// top is not below `maxY`; `nil` when `rect` meets nothing.
  ///
  /// - Complexity: O(log s).
  func sectionSearch(overlapping rect: Rect) -> (first: Int, maxY: Double)? {
    // An empty rect (NaN sizes included) meets nothing; a NaN edge cannot be searched for.
    let (rectMin, rectMax) = scrollRange(rect)
    guard !rect.isEmpty, !rectMin.isNaN, !rectMax.isNaN, !geometries.isEmpty else { return nil }
    // Cells that overflow their section (a carousel's taller than its band) widen the search.
    let minY = rectMin - overflow.below
    let maxY = rectMax + overflow.above
    let first = sectionHeights.firstIndex(
      wherePrefixExceeds: minY - sectionsTop - searchSlack(minY),
      perElement: model.configuration.sectionSpacing)
    return (first, maxY)
  }

  /// One past the last section a walk from `first` up to `maxY`
  /// (``sectionSearch(overlapping:)``) may visit, found by binary search: no section from it
  /// on has a top below `maxY` (a superset by a rounding's width: its sections' cells are
  /// tested exactly).
  ///
  /// - Complexity: O(log s).
  func sectionEnd(from first: Int, below maxY: Double) -> Int {
    let last = sectionHeights.firstIndex(
      wherePrefixExceeds: maxY - sectionsTop + searchSlack(maxY),
      perElement: model.configuration.sectionSpacing)
    return max(first, min(last + 1, geometries.count))
  }

  /// Calls `body` with the index and frame of every cell of `section` that may overlap the
  /// band `minY ..< maxY` along the scroll axis (on a line overlapping it, for a flow
  /// section), in item order, until it returns `false`. Frames are in the snapshot's direction.
  ///
  /// - Complexity: O(log p + log l + k) for a flow section.
  func forEachCellCandidate(
    ofSection section: Int, overlappingY minY: Double, _ maxY: Double, _ body: (Int, Rect) -> Bool
  ) {
    // The geometry is read in place (a copy would retain its body).
    guard geometries[section].itemCount > 0 else { return }
    geometries[section].body.forEachItem(overlappingY: minY, maxY, at: bodyOrigin(section)) { item, frame in
      body(item, directed(frame))
    }
  }

  /// Calls `body` with the index and frame of every cell of `section` that may overlap
  /// `rect` (in the snapshot's direction; a superset: callers test frames exactly), a
  /// carousel's scrolled by `offset`, in item order, until it returns `false`.
  ///
  /// - Complexity: O(log n + k).
  func forEachCellCandidate(
    ofSection section: Int, in rect: Rect, scrolledBy offset: Double, _ body: (Int, Rect) -> Bool
  ) {
    guard geometries[section].itemCount > 0 else { return }
    forEachCellCandidate(ofSection: section, top: sectionTop(section), in: rect, scrolledBy: offset, body)
  }

  /// ``forEachCellCandidate(ofSection:in:scrolledBy:_:)`` for a section whose top is `top`.
  func forEachCellCandidate(
    ofSection section: Int, top: Double, in rect: Rect, scrolledBy offset: Double,
    _ body: (Int, Rect) -> Bool
  ) {
    forEachCellLayoutCandidate(ofSection: section, top: top, in: rect, scrolledBy: offset) { item, frame in
      body(item, directed(frame))
    }
  }

  /// ``forEachCellCandidate(ofSection:top:in:scrolledBy:_:)`` with the frames in layout space
  /// (left to right, a vertical list), as bodies give them.
  func forEachCellLayoutCandidate(
    ofSection section: Int, top: Double, in rect: Rect, scrolledBy offset: Double,
    _ body: (Int, Rect) -> Bool
  ) {
    guard geometries[section].itemCount > 0 else { return }
    // Bodies work in layout space: a horizontal list's rect is transposed first.
    let space = isHorizontal ? rect.transposed : rect
    let (minX, maxX) = leftToRight(space.minX, space.maxX)
    geometries[section].body.forEachItem(
      overlappingX: minX, maxX, y: space.minY, space.maxY, scrolledBy: offset,
      at: geometries[section].bodyOrigin(sectionTop: top), body)
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
    let along = scrollCoordinate(point)
    if let header = listHeader(pinning: pinning) { consider(header) }
    forEachSection(overlapping: scrollBand(along, along + 1)) { section in
      if let background = backgroundAttributes(inSection: section) { consider(background) }
      if let header = supplementary(.header, section, pinning: pinning) { consider(header) }
      let spot = Rect(x: point.x, y: point.y, width: 0, height: 0)
      forEachCellCandidate(ofSection: section, in: spot, scrolledBy: horizontalOffsets[section]) {
        item, frame in
        if frame.contains(point) {
          consider(
            LayoutAttributes(
              kind: .cell, indexPath: ListIndexPath(item: item, section: section), frame: frame,
              zIndex: LayoutAttributes.cellZIndex))
        }
        return true
      }
      let top = sectionTop(section)
      let y = isHorizontal ? point.x : point.y
      forEachSeparatorCandidate(ofSection: section, top: top, y: y, y) { separator in
        consider(separator)
        return true
      }
      // Badges, of the cells around the point as far as they reach.
      let badges = sectionBadges(section)
      if !badges.isEmpty {
        let reach = badges.reach
        let margin = Swift.max(reach.left, reach.right, reach.above, reach.below) + searchSlack(abs(along))
        let around = Rect(x: point.x - margin, y: point.y - margin, width: 2 * margin, height: 2 * margin)
        var cursor = CellReader(section: section, of: model.sections)
        var found: [LayoutAttributes] = []
        forEachCellLayoutCandidate(
          ofSection: section, top: sectionTop(section), in: around, scrolledBy: horizontalOffsets[section]
        ) { item, frame in
          if let list = cursor.badges(of: item) {
            appendBadges(list, item: item, section: section, onCell: frame, to: &found) { $0.contains(point) }
          }
          return true
        }
        found.forEach(consider)
      }
      if let footer = supplementary(.footer, section, pinning: pinning) { consider(footer) }
    }
    if let footer = listFooter(pinning: pinning) { consider(footer) }
    // Only the element found is named (a badge and a separator are named as they are made).
    if var found = best, found.id == nil, found.kind != .badge, found.kind != .separator {
      found.id = identifier(of: found.indexPath, kind: found.kind)
      return found
    }
    return best
  }

  /// The cell nearest to `point`, for drag and drop and scroll restoration: the cell whose
  /// frame is nearest along the scroll axis (vertically in a vertical list; distance 0 when
  /// `point` is level with it), then across it, then first in order. `nil` when the list has
  /// no cells.
  ///
  /// - Complexity: O(log n + k) for k cells on the few lines near `point`.
  public func indexPath(nearestTo point: Point) -> ListIndexPath? {
    guard point.isFinite else { return nil }
    var best: (dy: Double, dx: Double, indexPath: ListIndexPath)?
    // Distances along the scroll axis (dy) first, then across it (dx).
    let along = scrollCoordinate(point)
    let across = isHorizontal ? point.y : point.x
    func consider(_ item: Int, _ section: Int, _ rect: Rect) {
      let frame = isHorizontal ? rect.transposed : rect
      let dy = max(0, frame.minY - along, along - frame.maxY)
      let dx = max(0, frame.minX - across, across - frame.maxX)
      let candidate = (dy, dx, ListIndexPath(item: item, section: section))
      if let current = best {
        if (candidate.0, candidate.1, candidate.2) < (current.dy, current.dx, current.indexPath) {
          best = candidate
        }
      } else {
        best = candidate
      }
    }
    // The point across, left to right in layout space (as bodies see it), and a margin for
    // the rounding of mirrored frames.
    let x = leftToRight(across, across).0
    let slack = searchSlack(abs(x) + model.configuration.width)
    let direction = frameDirection
    // Widen a band around `point` until it holds a cell, then once more by the distance
    // found, so that no nearer cell is left outside it.
    var radius = 1.0
    let limit = max(contentLength, 1) * 4 + abs(along) * 2
    while true {
      let minY = along - radius
      let maxY = along + radius
      forEachSection(overlapping: scrollBand(minY, maxY)) { section, top in
        // A carousel's row is searched outwards from the point: a run away from it ends once
        // every cell further along is farther across than the best cell, which is level with
        // the point (no cell can be nearer along the scroll axis).
        geometries[section].visitCells(awayFrom: x, y: minY, maxY, sectionTop: top) { item, layout, run in
          consider(item, section, direction.directed(layout))
          guard run != .unordered, let found = best, found.dy == 0 else { return true }
          let bound = run == .rightward ? layout.minX - x : x - layout.minX
          return bound - slack <= found.dx
        }
      }
      // Every cell nearer than `radius` has been seen: a best within it is the answer.
      if let found = best, found.dy < radius { return found.indexPath }
      if radius > limit { return best?.indexPath }
      radius *= 4
    }
  }
}

/// Whether sections have a background, asked in ascending order: the model's list of
/// sections is descended once per chunk of sections, not once per section.
struct BackgroundCursor {
  /// The sections of the chunk at hand (held, so that a read retains nothing) and the index of
  /// its first section.
  private var sections: ContiguousArray<Section> = []
  private var start = 0

  /// Whether `section` (an index of `sections`) has a background.
  ///
  /// - Complexity: O(1), but O(log s) for the first section of each chunk.
  @inline(__always)
  mutating func hasBackground(_ section: Int, in list: SectionList) -> Bool {
    read(section, in: list) { $0.background != nil }
  }

  /// What `body` reads of `section` (an index of `sections`), read in place.
  ///
  /// - Complexity: O(1), but O(log s) for the first section of each chunk.
  @inline(__always)
  mutating func read<R>(_ section: Int, in list: SectionList, _ body: (borrowing Section) -> R) -> R {
    let local = section - start
    if local < 0 || local >= sections.count { descend(to: section, in: list) }
    return sections.withUnsafeBufferPointer { body($0[section - start]) }
  }

  /// Moves to the chunk holding `section`.
  @inline(never)
  private mutating func descend(to section: Int, in list: SectionList) {
    let (found, local) = list.leaf(containing: section)
    sections = found.elements
    start = section - local
  }
}
