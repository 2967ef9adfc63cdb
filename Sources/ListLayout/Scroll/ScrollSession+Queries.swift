import LayoutGeometry

// The snapshot queries a scroll session runs at every event, each O(log n + k): the visible
// cells, the first cell in a band, the cell start nearest to a point. They read section bodies
// in layout space, where the scroll axis is y in vertical and horizontal lists alike (a
// horizontal list's bodies are laid out transposed), and a mirrored list's x extent (0, width)
// is its own mirror image.

extension LayoutSnapshot {
  /// The extent along the scroll axis of the cell at `indexPath`; `nil` when there is none.
  ///
  /// - Complexity: O(log s + log p).
  func alongExtent(of indexPath: ListIndexPath) -> (min: Double, max: Double)? {
    frame(of: indexPath).map { scrollRange($0) }
  }

  /// Whether `indexPath` names a cell the model keeps in a collapsed section (laid out as
  /// its header and footer only: the cell has no frame).
  ///
  /// - Complexity: O(1).
  func isHiddenCell(_ indexPath: ListIndexPath) -> Bool {
    guard model.sections.indices.contains(indexPath.section) else { return false }
    let section = model.sections[indexPath.section]
    return section.collapsed && indexPath.item >= 0 && indexPath.item < section.cells.count
  }

  /// What a jump to a cell hidden in a collapsed section aligns in its place: the extent
  /// along the scroll axis of the section's header at its natural position, or of the whole
  /// section (insets and footer) when it has no header; `nil` for a cell that is not hidden.
  ///
  /// - Complexity: O(log s).
  func standInExtent(ofHidden indexPath: ListIndexPath) -> (min: Double, max: Double)? {
    guard isHiddenCell(indexPath) else { return nil }
    if let header = supplementaryLayoutFrame(.header, indexPath.section) { return (header.minY, header.maxY) }
    let extent = alongExtent(ofSection: indexPath.section)
    return (extent.top, extent.bottom)
  }

  /// Calls `body` with each section (and its top) whose extent along the scroll axis may
  /// overlap `low ..< high`, in order, until it returns `false`.
  ///
  /// - Complexity: O(log s) plus one call per section visited.
  func walkSections(overlapping low: Double, _ high: Double, _ body: (Int, Double) -> Bool) {
    guard low.isFinite, high.isFinite, high > low,
      let search = sectionSearch(overlapping: scrollBand(low, high))
    else { return }
    var walk = SectionWalk(from: search.first, sectionsTop: sectionsTop)
    while walk.section < geometries.count {
      let top = walk.top(in: self)
      guard top < search.maxY else { return }
      if !body(walk.section, top) { return }
      walk.advance()
    }
  }

  /// The cells a scroll session shows at `offset` in a viewport `length` long: those whose
  /// frame overlaps `(offset, offset + length)` along the scroll axis by a positive length,
  /// and, in a carousel, whose frame moved by its offset overlaps `(0, width)` across it by a
  /// positive length; in index-path order.
  ///
  /// - Complexity: O(log n + k) for k candidate cells.
  func scrollVisibleCells(
    offset: Double, length: Double, carouselOffsets: HorizontalOffsets
  ) -> [ListIndexPath] {
    var result: [ListIndexPath] = []
    let low = offset
    let high = offset + length
    let width = model.configuration.width
    let direction = frameDirection
    walkSections(overlapping: low, high) { section, top in
      guard let (box, origin) = queryBody(section, top: top) else { return true }
      if box.scrollsSideways {
        // The cells whose natural x extent (left to right) meets (shift, width + shift), found
        // with a margin for rounding; then, exactly, the on-screen frame: the natural frame in
        // the list's direction moved by the offset (left, or right in a right-to-left list),
        // as a renderer moves the frames `layout` prints.
        let shift = carouselOffsets[section]
        let slack = searchSlack(abs(shift) + width)
        let moved = isMirrored ? shift : -shift
        box.body.forEachItem(
          overlappingX: shift - slack, width + shift + slack, y: low, high, scrolledBy: 0, at: origin
        ) { item, frame in
          guard min(frame.maxY, high) - max(frame.minY, low) > 0 else { return true }
          let x = direction.directed(frame).minX + moved
          if min(x + frame.width, width) - max(x, 0) > 0 {
            result.append(ListIndexPath(item: item, section: section))
          }
          return true
        }
      } else {
        box.body.forEachItem(overlappingY: low, high, at: origin) { item, frame in
          if min(frame.maxY, high) - max(frame.minY, low) > 0 {
            result.append(ListIndexPath(item: item, section: section))
          }
          return true
        }
      }
      return true
    }
    return result
  }

  /// The first cell, in index-path order, whose frame overlaps `(low, high)` along the scroll
  /// axis by a positive length and for which `accept` holds.
  ///
  /// - Complexity: O(log n + k) for the k candidate cells before it.
  func firstCell(
    overlapping low: Double, _ high: Double, where accept: (ListIndexPath) -> Bool
  ) -> ListIndexPath? {
    var found: ListIndexPath?
    walkSections(overlapping: low, high) { section, top in
      guard let (box, origin) = queryBody(section, top: top) else { return true }
      box.body.forEachItem(overlappingY: low, high, at: origin) { item, frame in
        guard min(frame.maxY, high) - max(frame.minY, low) > 0 else { return true }
        let path = ListIndexPath(item: item, section: section)
        guard accept(path) else { return true }
        found = path
        return false
      }
      return found == nil
    }
    return found
  }

  /// Of every cell's `min − topInset` (its start along the scroll axis, less the top inset),
  /// the one nearest to `projection` (ties: the smaller); `nil` without cells.
  ///
  /// A band around the projection widens until it holds a candidate nearer than its half
  /// width: no cell outside it can be nearer.
  ///
  /// - Complexity: O(log n + k) for the k cells in the last band searched.
  func nearestCellStart(toProjection projection: Double, topInset: Double) -> Double? {
    let center = projection + topInset
    guard center.isFinite else { return nil }
    var best: (distance: Double, value: Double)?
    var radius = 64.0
    let limit = (abs(contentLength) + abs(center)) * 2 + 64
    while true {
      walkSections(overlapping: center - radius - 1, center + radius + 1) { section, top in
        guard let (box, origin) = queryBody(section, top: top) else { return true }
        box.body.forEachItem(overlappingY: center - radius - 1, center + radius + 1, at: origin) { _, frame in
          let value = frame.minY - topInset
          let distance = abs(value - projection)
          if let current = best {
            if distance < current.distance || (distance == current.distance && value < current.value) {
              best = (distance, value)
            }
          } else {
            best = (distance, value)
          }
          return true
        }
        return true
      }
      if let found = best, found.distance < radius { return found.value }
      if radius > limit { return best?.value }
      radius *= 4
    }
  }
}
