import LayoutGeometry

/// A direction keyboard focus moves in (``LayoutSnapshot/nextFocus(from:direction:horizontalOffsets:)``).
public enum FocusDirection: String, Sendable, Hashable, CaseIterable {
  /// Towards the top of the screen.
  case up
  /// Towards the bottom of the screen.
  case down
  /// Towards the left of the screen (whatever the layout direction).
  case left
  /// Towards the right of the screen (whatever the layout direction).
  case right
  /// The next cell in index-path order.
  case forward
  /// The previous cell in index-path order.
  case backward
}

/// Where focus lands: a cell, and, when the cell is in a carousel, the carousel offset that
/// shows it.
public struct FocusTarget: Sendable, Hashable {
  /// The cell that takes focus.
  public var indexPath: ListIndexPath
  /// For a cell of a carousel, the offset its carousel scrolls to so that the cell is fully
  /// in view with the least scrolling (the current offset when it already is); `nil` for a
  /// cell of any other section.
  public var carouselOffset: Double?

  /// A focus target.
  public init(indexPath: ListIndexPath, carouselOffset: Double? = nil) {
    self.indexPath = indexPath
    self.carouselOffset = carouselOffset
  }
}

extension LayoutSnapshot {
  /// The cell keyboard focus moves to from the cell at `from` in `direction`; `nil` at an
  /// edge (no cell that way), or when `from` names no cell.
  ///
  /// Up, down, left and right compare frames as they are on screen: carousels' cells moved
  /// by their offsets in `horizontalOffsets`, each counting only the part of it within the
  /// list's width (`0 ..< width` across a vertical list), a cell wholly outside not at all.
  /// With `f` the current cell's frame and `c` a candidate's:
  ///
  /// - A candidate lies wholly beyond `f`: down `c.minY ≥ f.maxY`, up `c.maxY ≤ f.minY`,
  ///   right `c.minX ≥ f.maxX`, left `c.maxX ≤ f.minX`.
  /// - Among the candidates that overlap `f` across the direction with positive length (the
  ///   beam), the smallest gap along the direction between the two frames, then the smallest
  ///   distance between centres across it, then the lower index path.
  /// - With none in the beam, the smallest `13·major² + minor²` (major: the gap along the
  ///   direction, minor: the distance between the centres across it), then the lower index
  ///   path.
  ///
  /// Left and right from a carousel's cell move within that carousel, by the same rule in the
  /// carousel's content coordinates (its cells not moved, none cut); at its end, `nil`.
  /// Forward and backward follow index-path order, across sections.
  ///
  /// A target in a carousel carries the offset that brings the cell fully into view with the
  /// least scrolling from its current offset (the current offset when none is needed; a cell
  /// wider than the list brings its leading edge to the list's leading edge).
  ///
  /// - Complexity: O(log n + k) for the k cells between the current cell and the answer, not
  ///   counting groups of cells passed over whole (one test each: blocks of 64 sections,
  ///   sections, pages and runs of lines, runs of a sequential section's cells) because none
  ///   of their cells can win. The first step with new `horizontalOffsets` also reads where
  ///   the cells of the carousels in the blocks it meets lie on screen (a search of each row).
  public func nextFocus(
    from: ListIndexPath, direction: FocusDirection, horizontalOffsets: HorizontalOffsets = .zero
  ) -> FocusTarget? {
    guard let own = frame(of: from) else { return nil }
    if direction == .forward || direction == .backward {
      return adjacentCell(to: from, forward: direction == .forward).map {
        focusTarget($0, offsets: horizontalOffsets)
      }
    }
    if direction == .left || direction == .right, isCarousel(from.section) {
      return focusWithinCarousel(from: from, frame: own, direction: direction).map {
        focusTarget($0, offsets: horizontalOffsets)
      }
    }
    // The current frame on screen: a carousel's cell moved by its offset, cut to the width.
    var f = own
    if let moved = onScreenFrame(ofCarouselCell: from, offsets: horizontalOffsets) {
      f = visiblePart(ofCarouselCell: moved) ?? moved
    }
    return nearestFocus(from: from, frame: f, direction: direction, offsets: horizontalOffsets).map {
      focusTarget($0, offsets: horizontalOffsets)
    }
  }
}

/// The x extents of the cells of a block of 64 sections (layout space), for focus searches:
/// each section's and all together, a carousel's counting the parts of its cells that lie
/// within the list's width at the offsets they were read at
/// (``LayoutSnapshot/cellExtents(ofBlock:offsets:)``). Immutable, shared by reference.
final class BlockCellExtents: Sendable {
  /// Each section's, in order (a section without cells: none).
  let sections: ContiguousArray<CellExtents>
  /// Every section's together.
  let union: CellExtents
  /// The sections' that do not scroll sideways, together (they do not move with offsets).
  let fixed: CellExtents
  /// The carousels, by their place in the block.
  let carousels: [Int]
  /// The offsets the carousels' extents were read at (`nil` before they were).
  let offsets: HorizontalOffsets?

  init(
    sections: ContiguousArray<CellExtents>, union: CellExtents, fixed: CellExtents, carousels: [Int],
    offsets: HorizontalOffsets?
  ) {
    self.sections = sections
    self.union = union
    self.fixed = fixed
    self.carousels = carousels
    self.offsets = offsets
  }

  /// No sections.
  static let none = BlockCellExtents(
    sections: [], union: CellExtents(), fixed: CellExtents(), carousels: [], offsets: nil)
}

extension LayoutSnapshot {
  /// The rule's ranking of candidates: in the beam by gap, then distance across, then index
  /// path; out of it by `13·gap² + across²`, then index path; any in the beam first.
  struct FocusRanking {
    private(set) var beam: (gap: Double, minor: Double, path: ListIndexPath)?
    private(set) var other: (score: Double, path: ListIndexPath)?

    /// The best candidate so far.
    var best: ListIndexPath? { beam?.path ?? other?.path }

    /// Weighs cell `path` whose layout frame is `layout` (as `frames` puts it on screen; a
    /// carousel's cut to the list's `width`) against the current cell `from`, whose on-screen
    /// frame is `f`, for a step in `direction`.
    @inline(__always)
    mutating func weigh(
      _ path: ListIndexPath, _ layout: Rect, carousel: Bool, from: ListIndexPath, frame f: Rect,
      _ direction: FocusDirection, _ frames: FrameDirection, width: Double
    ) {
      guard path != from else { return }
      var c = frames.directed(layout)
      if carousel {
        guard let part = LayoutSnapshot.visiblePart(ofCarouselCell: c, width: width) else { return }
        c = part
      }
      if let g = LayoutSnapshot.focusGeometry(of: c, from: f, direction) {
        consider(path, gap: g.gap, minor: g.minor, overlap: g.overlap)
      }
    }

    /// Weighs candidate `path`, whose frame lies `gap` beyond the current one along the
    /// direction, `minor` from it across (between centres), overlapping it across by `overlap`.
    @inline(__always)
    mutating func consider(_ path: ListIndexPath, gap: Double, minor: Double, overlap: Double) {
      if overlap > 0 {
        if let found = beam, (gap, minor, path) >= (found.gap, found.minor, found.path) { return }
        beam = (gap, minor, path)
      } else if beam == nil {
        let score = 13 * gap * gap + minor * minor
        if let found = other, (score, path) >= (found.score, found.path) { return }
        other = (score, path)
      }
    }
  }

  /// How candidate frame `c` lies from the current frame `f` in `direction` (up, down, left or
  /// right): `nil` unless wholly beyond it; else the gap along the direction, the distance
  /// between centres across it, and the overlap across it.
  @inline(__always)
  static func focusGeometry(
    of c: Rect, from f: Rect, _ direction: FocusDirection
  ) -> (gap: Double, minor: Double, overlap: Double)? {
    switch direction {
    case .down:
      guard c.minY >= f.maxY else { return nil }
      return (c.minY - f.maxY, abs(c.midX - f.midX), min(c.maxX, f.maxX) - max(c.minX, f.minX))
    case .up:
      guard c.maxY <= f.minY else { return nil }
      return (f.minY - c.maxY, abs(c.midX - f.midX), min(c.maxX, f.maxX) - max(c.minX, f.minX))
    case .right:
      guard c.minX >= f.maxX else { return nil }
      return (c.minX - f.maxX, abs(c.midY - f.midY), min(c.maxY, f.maxY) - max(c.minY, f.minY))
    case .left:
      guard c.maxX <= f.minX else { return nil }
      return (f.minX - c.maxX, abs(c.midY - f.midY), min(c.maxY, f.maxY) - max(c.minY, f.minY))
    case .forward, .backward:
      return nil
    }
  }

  /// A carousel cell's on-screen frame cut to the list's width (`0 ..< width`); `nil` when no
  /// positive width of it lies there.
  @inline(__always)
  func visiblePart(ofCarouselCell frame: Rect) -> Rect? {
    Self.visiblePart(ofCarouselCell: frame, width: model.configuration.width)
  }

  /// ``visiblePart(ofCarouselCell:)`` in a list `width` wide.
  @inline(__always)
  static func visiblePart(ofCarouselCell frame: Rect, width: Double) -> Rect? {
    let minX = max(frame.minX, 0)
    let maxX = min(frame.maxX, width)
    guard minX < maxX else { return nil }
    return Rect(x: minX, y: frame.minY, width: maxX - minX, height: frame.height)
  }

  /// The focus target for `path`: with, in a carousel, the offset that brings the cell fully
  /// into view with the least scrolling from the offset in `offsets`.
  func focusTarget(_ path: ListIndexPath, offsets: HorizontalOffsets) -> FocusTarget {
    guard isCarousel(path.section), let frame = frame(of: path) else { return FocusTarget(indexPath: path) }
    let current = offsets[path.section]
    let width = model.configuration.width
    // Layout space (left to right), where an offset moves the row left.
    let (minX, maxX) = leftToRight(frame.minX, frame.maxX)
    let offset: Double
    if minX >= current && maxX <= current + width {
      offset = current
    } else if maxX - minX > width || minX < current {
      offset = minX
    } else {
      offset = maxX - width
    }
    return FocusTarget(indexPath: path, carouselOffset: offset)
  }

  /// The on-screen frame of a carousel's cell, moved by its carousel's offset (computed as
  /// queries compute it); `nil` for a cell of another section.
  func onScreenFrame(ofCarouselCell path: ListIndexPath, offsets: HorizontalOffsets) -> Rect? {
    guard isCarousel(path.section), path.item >= 0, path.item < numberOfItems(inSection: path.section) else {
      return nil
    }
    var layout = geometries[path.section].body.frame(ofItem: path.item, at: bodyOrigin(path.section))
    layout.origin.x = layout.origin.x - offsets[path.section]
    return directed(layout)
  }

  /// Up, down, left or right among the cells on screen (`f` the current cell's frame): bands
  /// along the scroll axis, widened until no cell outside them can win, each pass visiting
  /// only what the last did not.
  ///
  /// Along the scroll axis, the band starts at the current cell's edge and runs the
  /// direction's way: a cell outside lies at least the band's length beyond, so a candidate in
  /// the beam with a smaller gap wins (and, when no cell can be in the beam, one scoring less
  /// than 13 times its square). Across it, every candidate in the beam overlaps the current
  /// cell's band, so the first band decides when it holds one; else a cell outside a band
  /// widened by `r` on each side is at least `r` away across, and a score under `r²` wins.
  ///
  /// Groups of cells none of which can count are passed over without visiting them, by the
  /// x extents of their cells (layout space): a block of 64 sections and each of its sections
  /// (``cellExtents(ofBlock:offsets:)``; a carousel's cells counting where they lie on screen)
  /// a flow section's page of lines and run of lines in it (``LinePage/cellExtents``), and a
  /// sequential section's run of cells (``SequentialYIndex``). Across the scroll axis, a
  /// group is passed over when none of its cells lies beyond the current cell (going right,
  /// its greatest left edge is left of the current right edge): no candidate there. Along the
  /// scroll axis, when none of the group's cells overlaps the current cell across and either a
  /// candidate in the beam is known (a candidate outside the beam never beats one in it) or
  /// the group's lower bound on the score is above the best score so far: a cell's score
  /// `13·major² + minor²` is at least `13·g² + m²`, `g` the gap to the group's nearest edge
  /// (sections; 0 for the others) and `m` the least distance across between the current
  /// cell's centre and the centres its extents allow. The same bound ends the band's
  /// widening when no cell can be in the beam (every cell outside the band lies at least the
  /// band's length beyond, its centre at least the list's `m` away), and the band grows no
  /// further than it needs to for the best candidate so far. Tighter there: a cell beyond the
  /// band lies in the section the band ends in (its centre at least that section's `m` away)
  /// or in a section past it (at least that section's distance beyond), so the band ends, or
  /// grows at once as far as that section needs, when neither can beat the best so far. A
  /// band reads the cells of the bands before it again only within groups; it weighs none
  /// of them twice.
  func nearestFocus(
    from: ListIndexPath, frame f: Rect, direction: FocusDirection, offsets: HorizontalOffsets
  ) -> ListIndexPath? {
    let vertical = direction == .up || direction == .down
    let alongScroll = vertical != isHorizontal
    let increasing = direction == .down || direction == .right
    let (fMin, fMax) = alongRange(f)
    // The current frame across the scroll axis in layout space, its centre there, and which
    // way the direction runs there when it runs across.
    let (fLow, fHigh) = isHorizontal ? leftToRight(f.minY, f.maxY) : leftToRight(f.minX, f.maxX)
    let fMid = (fLow + fHigh) / 2
    let width = model.configuration.width
    let slack = searchSlack(abs(fLow) + abs(fHigh) + width)
    let layoutIncreasing = increasing != isMirrored
    let start = -overflow.above
    let end = contentLength + overflow.below
    let frames = frameDirection
    let across = acrossRange
    var ranking = FocusRanking()
    let own = alongExtent(ofSection: from.section)
    /// The least distance across between the centre of the current cell and that of any cell
    /// with `extents` (0 when one may share it; infinite for no cells).
    func minorBound(_ extents: CellExtents) -> Double {
      let low = (extents.leastMinX + extents.leastMaxX) / 2
      let high = (extents.greatestMinX + extents.greatestMaxX) / 2
      return max(0, low - fMid - slack, fMid - high - slack)
    }
    // A candidate in the beam overlaps the current frame across the direction: none can when
    // the frame has no extent across, or, along the scroll axis, when it lies where no cell
    // does (a carousel's cell scrolled out of the list's width: every cell on screen lies
    // within the width or within the extents of the cells that do not scroll sideways). Every
    // candidate's centre then lies at least `minorFloor` away across.
    // (Constants, so that the nested functions capture their values rather than boxes.)
    let (beamPossible, minorFloor): (Bool, Double) = {
      let possible = vertical ? f.width > 0 : f.height > 0
      guard alongScroll && (fHigh <= 0 || fLow >= width) else { return (possible, 0) }
      var all = listCellExtents()
      // A carousel's cell counts where it lies within the width: anywhere there.
      all.add(CellExtents(leastMinX: 0, greatestMinX: width, leastMaxX: 0, greatestMaxX: width))
      return (possible && all.greatestMaxX > fLow - slack && all.leastMinX < fHigh + slack, minorBound(all))
    }()
    // Across the axis, the blocks of sections passed over so far that adjoin each other
    // around the current cell's block (none of their cells can win), and their along-axis
    // range: where a band across the axis may widen to at once.
    let ownBlock = Blocks.block(of: from.section)
    var clearedBlocks: (low: Int, high: Int)?
    var cleared = (low: Double.infinity, high: -Double.infinity)
    func clear(_ block: Int) {
      guard let found = clearedBlocks else {
        if block == ownBlock { clearedBlocks = (block, block) }
        return
      }
      if block == found.low - 1 { clearedBlocks = (block, found.high) }
      if block == found.high + 1 { clearedBlocks = (found.low, block) }
    }
    /// Whether cells with `extents` may hold one that wins, by their x extents alone: across
    /// the scroll axis, one that lies beyond the current cell; along it, one in the beam, or,
    /// while none in the beam is known, one whose centre lies near enough across to beat the
    /// best so far.
    func mayWin(_ extents: CellExtents) -> Bool {
      if !alongScroll {
        return layoutIncreasing ? extents.greatestMinX >= fHigh - slack : extents.leastMaxX <= fLow + slack
      }
      if extents.greatestMaxX > fLow - slack && extents.leastMinX < fHigh + slack { return true }
      if ranking.beam != nil { return false }
      guard let other = ranking.other else { return true }
      let minor = minorBound(extents)
      return minor * minor <= other.score
    }
    /// Whether section `section`, whose cells have `extents`, may hold a cell that wins.
    func mayWin(_ extents: CellExtents, section: Int) -> Bool {
      if !alongScroll { return mayWin(extents) }
      if extents.greatestMaxX > fLow - slack && extents.leastMinX < fHigh + slack { return true }
      if ranking.beam != nil { return false }
      guard let other = ranking.other else { return true }
      // Every cell of the section lies at least this far beyond the current one, and its
      // centre at least `minor` away across.
      let extent = alongExtent(ofSection: section)
      let distance = max(
        0, increasing ? extent.top - extent.reach.0 - fMax : fMin - extent.bottom - extent.reach.1)
      let minor = minorBound(extents)
      return 13 * distance * distance + minor * minor <= other.score
    }
    let fMidAlong = (fMin + fMax) / 2
    /// What a walk going up (`upwards`) or down makes of a group of a body's cells with
    /// `extents`, lying within `top ... bottom` along the scroll axis (layout space): across
    /// the axis, it may win when a cell of it lies beyond the current one and, unless it may be
    /// in the beam (the group overlaps the current cell along the axis), while its centres lie
    /// near enough along the axis (`minor`) to beat the best so far; along the axis, as
    /// `mayWin` says, and, out of the beam, only while its score's lower bound (`13·gap² +
    /// minor²`, the gap at least its distance beyond the current cell) can beat the best.
    /// Every cell further the walk's way, away from the current cell, lies further still: when
    /// the group cannot win by its distance alone, the walk ends (`floor`: the least distance
    /// across from the current cell's centre to any centre of the body's cells, at least
    /// `minorFloor`).
    @inline(__always)
    func verdict(
      _ extents: CellExtents, _ top: Double, _ bottom: Double, upwards: Bool, floor: Double = 0,
      ranking found: FocusRanking
    ) -> FocusGroupVerdict {
      if !alongScroll {
        guard mayWin(extents) else { return .pass }
        let s = searchSlack(abs(top) + abs(bottom) + abs(fMin) + abs(fMax))
        let above = bottom <= fMin - s
        guard above || top >= fMax + s else { return .read }
        let minor = max(0, top - fMidAlong - s, fMidAlong - bottom - s)
        if found.beam != nil || found.other.map({ minor * minor > $0.score }) == true {
          return above == upwards ? .end : .pass
        }
        return .read
      }
      // Along the axis, a group that may hold a cell in the beam is read (the band ends the
      // walk); one that may not, while a candidate in the beam is known, cannot win.
      if extents.greatestMaxX > fLow - slack && extents.leastMinX < fHigh + slack { return .read }
      if found.beam != nil { return .pass }
      guard let other = found.other else { return .read }
      let s = searchSlack(abs(top) + abs(bottom) + abs(fMin) + abs(fMax))
      let gap = max(0, increasing ? top - fMax - s : fMin - bottom - s)
      let away = upwards != increasing
      if !beamPossible && 13 * gap * gap + floor * floor > other.score {
        return away ? .end : .pass
      }
      let minor = minorBound(extents)
      return 13 * gap * gap + minor * minor > other.score ? .pass : .read
    }
    /// Whether the current cell's section was searched whole (``walkOwnSection(_:_:_:)``): bands
    /// pass it over.
    var ownDone = false
    /// Across the scroll axis, the current cell's section searched outwards from its line,
    /// best first, by its body (`box` at `origin`: one that walks so, a flow or sequential section's);
    /// `blockExtents`: the extents of its block's cells (``cellExtents(ofBlock:offsets:)``).
    func walkOwnSection(_ box: BodyBox, _ origin: BodyOrigin, _ blockExtents: BlockCellExtents) {
      let extents = blockExtents.sections[Blocks.offset(of: from.section)]
      guard mayWin(extents) else {
        ownDone = true
        return
      }
      ownDone = box.body.forEachItem(
        outwardsFrom: from.item, along: fMin, fMax, at: origin,
        judgingGroups: { verdict($0, $1, $2, upwards: $3, ranking: ranking) }
      ) { item, layout in
        ranking.weigh(
          ListIndexPath(item: item, section: from.section), layout, carousel: false, from: from, frame: f,
          direction, frames, width: width)
      }
    }
    /// Along the scroll axis, the extent of the bands read so far (layout space): a cell that
    /// overlaps it was weighed, and a band reads it again only as part of a group.
    var weighed = (low: Double.infinity, high: -Double.infinity)
    /// Whether the band read is the first across the axis, within the current cell's section:
    /// a body that walks outwards first (`walksOutwardsFirst`) is walked so in its place
    /// (``walkOwnSection(_:_:_:)``).
    var walkingFirst = false
    /// Whether a band `low ..< high` lies within the current cell's section (widened by how
    /// far any section's cells reach past it, as the search for sections widens): it meets no
    /// other section's cells.
    func withinOwnSection(_ low: Double, _ high: Double) -> Bool {
      low - overflow.below - searchSlack(low) >= own.top
        && high + overflow.above + searchSlack(high) <= own.bottom
    }
    func visit(_ low: Double, _ high: Double, upwards: Bool) {
      let band =
        isHorizontal
        ? Rect(x: low, y: across.min, width: high - low, height: across.max - across.min)
        : Rect(x: across.min, y: low, width: across.max - across.min, height: high - low)
      let space = isHorizontal ? band.transposed : band
      let (minX, maxX) = leftToRight(space.minX, space.maxX)
      let search: (first: Int, maxY: Double)
      let end: Int
      if withinOwnSection(low, high) {
        search = (from.section, .infinity)
        end = from.section + 1
      } else {
        guard let found = sectionSearch(overlapping: band) else { return }
        search = found
        end = sectionEnd(from: search.first, below: search.maxY)
      }
      if ownDone && end == from.section + 1 && search.first == from.section { return }
      var walk = SectionWalk(from: search.first, sectionsTop: sectionsTop)
      var knownBlock = -1
      var blockExtents = BlockCellExtents.none
      while walk.section < end {
        let section = walk.section
        if ownDone && section == from.section {
          walk.advance()
          continue
        }
        // A block of sections none of whose cells can win is passed over whole.
        let block = Blocks.block(of: section)
        if block != knownBlock {
          knownBlock = block
          blockExtents = cellExtents(ofBlock: block, offsets: offsets)
          if !mayWin(blockExtents.union) {
            if !alongScroll { clear(block) }
            walk.skip(to: Blocks.start(of: block + 1))
            continue
          }
        }
        // So is a section (across the axis, without reading where it lies).
        let extents = blockExtents.sections[Blocks.offset(of: section)]
        if !alongScroll && !mayWin(extents) {
          walk.advance()
          continue
        }
        let top = walk.top(in: self)
        walk.advance()
        guard top < search.maxY, let (box, origin) = queryBody(section, top: top),
          mayWin(extents, section: section)
        else { continue }
        let carousel = box.scrollsSideways
        if walkingFirst && section == from.section && !carousel && box.body.walksOutwardsFirst {
          walkOwnSection(box, origin, blockExtents)
          continue
        }
        // The body's cells' centres lie no nearer across than its extents allow.
        let floor = beamPossible || carousel ? minorFloor : max(minorFloor, minorBound(extents))
        // Weighed in a local copy (read in place, not through the shared one) and kept after.
        var found = ranking
        let done = weighed
        box.body.forEachItem(
          overlappingX: minX, maxX, y: space.minY, space.maxY, scrolledBy: carousel ? offsets[section] : 0,
          at: origin, upwards: upwards,
          judgingGroups: {
            carousel ? .read : verdict($0, $1, $2, upwards: upwards, floor: floor, ranking: found)
          }
        ) { item, layout in
          if layout.minY < done.high && layout.maxY > done.low { return true }
          found.weigh(
            ListIndexPath(item: item, section: section), layout, carousel: carousel, from: from, frame: f,
            direction,
            frames, width: width)
          return true
        }
        ranking = found
      }
    }
    /// Along the scroll axis, for a band that ends at `reached`: the square of the least
    /// distance across from the current cell's centre to the centres of the section that holds
    /// `reached` (`minorBound`), and the least distance along the axis from the current cell
    /// to any cell of a section past it (infinite without one); `nil` where sections may
    /// overlap. A cell beyond the band lies in that section or in one past it: sections do not
    /// overlap, and a section's cells reach no further past it than the list's overflow.
    var holding: (section: Int, top: Double, next: Double, inside: Double)?
    func boundPast(_ reached: Double) -> (inside: Double, distance: Double)? {
      let spacing = model.configuration.sectionSpacing
      guard spacing >= 0, !geometries.isEmpty else { return nil }
      if holding.map({ !($0.top <= reached && reached < $0.next) }) ?? true {
        // The section holding `reached` (the last when past them all), found by binary search.
        let t = min(
          geometries.count - 1,
          sectionHeights.firstIndex(wherePrefixExceeds: reached - sectionsTop, perElement: spacing))
        let extents = cellExtents(ofBlock: Blocks.block(of: t), offsets: offsets).sections[
          Blocks.offset(of: t)]
        let minor = minorBound(extents)
        holding = (
          t, sectionTop(t), t + 1 < geometries.count ? sectionTop(t + 1) : .infinity, minor * minor
        )
      }
      guard let (t, top, next, inside) = holding else { return nil }
      let s = searchSlack(abs(reached) + abs(fMin) + abs(fMax) + abs(top) + abs(next))
      if increasing {
        // The sections before it end at its top, their cells no lower than that and the
        // overflow: above the band's end.
        guard top + overflow.below < reached - s else { return nil }
        return (inside, max(0, next - overflow.above - fMax - s))
      }
      // The sections after it start at its end, their cells no higher than that and the
      // overflow: below the band's end.
      guard next - overflow.above > reached + s else { return nil }
      return (inside, t > 0 ? max(0, fMin - top - overflow.below - s) : .infinity)
    }
    /// The next band's length (or widening): four times `length`, but no further than a
    /// candidate known outside the beam needs (`squared`: the square of the length beyond
    /// which no cell can beat it), and further than `length`.
    func grown(_ length: Double, needing squared: Double?) -> Double {
      let wider = max(LayoutTuning.focusBandLength, length * 4)
      guard let squared else { return wider }
      let needed = max(0, squared).squareRoot() * (1 + 1e-9) + 1e-9
      return needed < wider ? max(needed, length * (1 + 1e-6) + 1e-9) : wider
    }
    if alongScroll {
      var length = max(LayoutTuning.focusBandLength * (beamPossible ? 1 : 4), fMax - fMin)
      var reached = increasing ? fMax - 1 : fMin + 1
      while true {
        if increasing {
          visit(reached, fMax + length, upwards: false)
          weighed = (fMax - 1, fMax + length)
          reached = fMax + length
        } else {
          visit(fMin - length, reached, upwards: true)
          weighed = (fMin - length, fMin + 1)
          reached = fMin - length
        }
        if let beam = ranking.beam, beam.gap < length { break }
        // A cell outside the band lies at least its length beyond, and its centre at least
        // `minorFloor` away across.
        let floor = minorFloor * minorFloor
        if !beamPossible, let other = ranking.other {
          if other.score < 13 * length * length + floor { break }
          // Nearer: a cell of the section the band ends in, its centre no nearer across than
          // that section's extents allow; one of a section past it, at least that far beyond.
          // While none past it can win, the band grows at once as far as that section needs.
          if let (inside, distance) = boundPast(reached) {
            let past = 13 * max(length, distance) * max(length, distance) + floor
            if other.score < min(13 * length * length + inside, past) { break }
            if other.score < past {
              if increasing ? reached > end : reached < start { break }
              let needed = max(0, (other.score - inside) / 13).squareRoot() * (1 + 1e-9) + 1e-9
              length = max(min(needed, length * LayoutTuning.focusBandJump), length * (1 + 1e-6) + 1e-9)
              continue
            }
          }
        }
        if increasing ? reached > end : reached < start { break }
        length = grown(
          length,
          needing: beamPossible || ranking.beam != nil ? nil : ranking.other.map { ($0.score - floor) / 13 })
      }
    } else {
      var widening = 1.0
      // The first band within the current cell's section: the section's walk, which reads the
      // current line first, replaces its read of the section (when the body walks outwards;
      // the band still passes over the section, or its block, when none of its cells can win).
      walkingFirst = withinOwnSection(fMin - widening, fMax + widening)
      visit(fMin - widening, fMax + widening, upwards: false)
      walkingFirst = false
      if !ownDone && ranking.beam == nil, let (box, origin) = queryBody(from.section, top: own.top),
        !box.scrollsSideways, box.body.walksOutwards
      {
        walkOwnSection(box, origin, cellExtents(ofBlock: ownBlock, offsets: offsets))
      }
      if ownDone {
        // Bands within the current cell's section (as `visit` finds them) hold only its
        // cells, all weighed: the widening starts past them.
        let margin = 4 * searchSlack(abs(own.top) + abs(own.bottom) + abs(fMin) + abs(fMax))
        let inside = min(fMin - overflow.below - own.top, own.bottom - overflow.above - fMax) - margin
        widening = max(widening, inside)
      }
      while true {
        if ranking.beam != nil { break }
        if let other = ranking.other, other.score < widening * widening { break }
        if fMin - widening < start && fMax + widening > end { break }
        var wider = grown(widening, needing: ranking.other?.score)
        // Blocks passed over around the current cell hold no winner, nor do the blocks next
        // to them that cannot win either (one test each): the band widens past them at once
        // (a wider band only reads more; the answer is the same), and, when no section's
        // cells reach past it, reads nothing within them.
        if var found = clearedBlocks {
          while found.low > 0, !mayWin(cellExtents(ofBlock: found.low - 1, offsets: offsets).union) {
            found.low -= 1
          }
          let last = geometries.blocks.count - 1
          while found.high < last, !mayWin(cellExtents(ofBlock: found.high + 1, offsets: offsets).union) {
            found.high += 1
          }
          clearedBlocks = found
          cleared = (
            found.low == 0 ? start : alongExtent(ofSection: Blocks.start(of: found.low)).top,
            found.high == last
              ? end
              : alongExtent(ofSection: min(geometries.count, Blocks.start(of: found.high + 1)) - 1).bottom
          )
          if cleared.low <= fMin && cleared.high >= fMax {
            wider = max(wider, fMin - cleared.low, cleared.high - fMax)
          }
        }
        let skipsCleared =
          overflow.above == 0 && overflow.below == 0 && model.configuration.sectionSpacing >= 0
        let (clearedLow, clearedHigh) = (
          cleared.low + searchSlack(cleared.low), cleared.high - searchSlack(cleared.high)
        )
        if !(skipsCleared && fMin - wider >= clearedLow && fMin - widening <= clearedHigh) {
          visit(fMin - wider, fMin - widening, upwards: true)
        }
        if !(skipsCleared && fMax + widening >= clearedLow && fMax + wider <= clearedHigh) {
          visit(fMax + widening, fMax + wider, upwards: false)
        }
        widening = wider
      }
    }
    return ranking.best
  }

  /// The x extents of the cells of the sections of block `block` of the geometries
  /// (``Blocks``), each section's and all together (layout space): a carousel's, of the parts
  /// of its cells that lie within the list's width at its offset in `offsets`. Kept with the
  /// block once read: the sections' that do not scroll sideways for good, the carousels' for
  /// the offsets last asked.
  ///
  /// - Complexity: O(1) once kept (for the same offsets: the same value, or any equal one, in
  ///   a comparison of theirs); the first time, the sections' own extents
  ///   (``BodyBox/cellExtents()``), and for new offsets, a search of each carousel's row.
  func cellExtents(ofBlock block: Int, offsets: HorizontalOffsets) -> BlockCellExtents {
    let holder = geometries.blocks[block]
    let known = holder.cellExtents.withLock { $0 }
    if let known, known.carousels.isEmpty || known.offsets == offsets { return known }
    let fixed = known ?? fixedCellExtents(ofBlock: block)
    var found = fixed
    if !fixed.carousels.isEmpty {
      var sections = fixed.sections
      var union = fixed.fixed
      let first = Blocks.start(of: block)
      let width = model.configuration.width
      for k in fixed.carousels {
        let section = first + k
        var extents = CellExtents()
        if let (box, origin) = queryBody(section, top: 0) {
          box.body.forEachItem(
            overlappingX: 0, width, y: -.greatestFiniteMagnitude, .greatestFiniteMagnitude,
            scrolledBy: offsets[section], at: origin
          ) { _, frame in
            // The part within the width (one of no width counts too: a bound may be wide).
            let minX = max(frame.minX, 0)
            let maxX = min(frame.maxX, width)
            if minX <= maxX { extents.add(minX: minX, maxX: maxX) }
            return true
          }
        }
        sections[k] = extents
        union.add(extents)
      }
      found = BlockCellExtents(
        sections: sections, union: union, fixed: fixed.fixed, carousels: fixed.carousels, offsets: offsets)
    }
    holder.cellExtents.withLock { $0 = found }
    return found
  }

  /// The extents of block `block`'s sections that do not scroll sideways (each, and all
  /// together as `fixed` and `union`), and which sections are carousels.
  private func fixedCellExtents(ofBlock block: Int) -> BlockCellExtents {
    var sections = ContiguousArray<CellExtents>()
    var fixed = CellExtents()
    var carousels: [Int] = []
    let first = Blocks.start(of: block)
    for section in first..<min(geometries.count, Blocks.start(of: block + 1)) {
      var extents = CellExtents()
      if let (box, _) = queryBody(section, top: 0) {
        if box.scrollsSideways {
          carousels.append(section - first)
        } else {
          extents = box.cellExtents()
        }
      }
      sections.append(extents)
      fixed.add(extents)
    }
    return BlockCellExtents(
      sections: sections, union: fixed, fixed: fixed, carousels: carousels, offsets: nil)
  }

  /// The x extents of every cell of the list that does not scroll sideways (layout space).
  ///
  /// - Complexity: O(s / 64), each block's kept once read (``cellExtents(ofBlock:offsets:)``).
  func listCellExtents() -> CellExtents {
    var all = CellExtents()
    for block in geometries.blocks.indices {
      let holder = geometries.blocks[block]
      if let known = holder.cellExtents.withLock({ $0 }) {
        all.add(known.fixed)
      } else {
        // Kept without the carousels' extents (`offsets` nil: read with the first offsets).
        let found = fixedCellExtents(ofBlock: block)
        holder.cellExtents.withLock { $0 = found }
        all.add(found.fixed)
      }
    }
    return all
  }

  /// The next or previous cell in index-path order, across sections.
  func adjacentCell(to path: ListIndexPath, forward: Bool) -> ListIndexPath? {
    if forward {
      if path.item + 1 < numberOfItems(inSection: path.section) {
        return ListIndexPath(item: path.item + 1, section: path.section)
      }
      var section = path.section + 1
      while section < numberOfSections {
        if numberOfItems(inSection: section) > 0 { return ListIndexPath(item: 0, section: section) }
        section += 1
      }
      return nil
    }
    if path.item > 0 { return ListIndexPath(item: path.item - 1, section: path.section) }
    var section = path.section - 1
    while section >= 0 {
      let count = numberOfItems(inSection: section)
      if count > 0 { return ListIndexPath(item: count - 1, section: section) }
      section -= 1
    }
    return nil
  }

  /// Left or right from a carousel's cell: the rule among the carousel's cells in its content
  /// coordinates, walking its row away from the current cell (cells keep their order along a
  /// row, so gaps only grow) until no cell further can win.
  func focusWithinCarousel(from: ListIndexPath, frame f: Rect, direction: FocusDirection) -> ListIndexPath? {
    let count = numberOfItems(inSection: from.section)
    // Screen right is later items in a left-to-right row, earlier ones in a mirrored row.
    let later = (direction == .right) != isMirrored
    let beamPossible = f.height > 0
    var ranking = FocusRanking()
    func walk(from start: Int, step: Int, stopAtFirstMiss: Bool) {
      var item = start
      while item >= 0 && item < count {
        let path = ListIndexPath(item: item, section: from.section)
        guard let c = frame(of: path) else { return }
        guard let g = Self.focusGeometry(of: c, from: f, direction) else {
          if stopAtFirstMiss { return }
          item += step
          continue
        }
        if let beam = ranking.beam, g.gap > beam.gap { return }
        if !beamPossible, let other = ranking.other, 13 * g.gap * g.gap > other.score { return }
        ranking.consider(path, gap: g.gap, minor: g.minor, overlap: g.overlap)
        item += step
      }
    }
    // The cells on the far side of the current one, then (cells of no width sharing its x)
    // those on the near side that are still wholly beyond it.
    walk(from: from.item + (later ? 1 : -1), step: later ? 1 : -1, stopAtFirstMiss: false)
    walk(from: from.item + (later ? -1 : 1), step: later ? -1 : 1, stopAtFirstMiss: true)
    return ranking.best
  }
}
