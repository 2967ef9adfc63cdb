import LayoutGeometry

// What drop targets and focus share: cells as they are on screen (carousels moved by their
// offsets), found band by band along the scroll axis, and the distances their rules compare.

extension LayoutSnapshot {
  /// Calls `body` with every cell (index path and on-screen frame) that may meet the band
  /// `minAlong ..< maxAlong` along the scroll axis (a superset: callers test frames exactly), a
  /// carousel's only where its row, moved by its offset in `offsets`, meets `across` (a range
  /// across the list, in the snapshot's direction), and whether the cell is a carousel's.
  /// Sections in order, cells in item order within each.
  ///
  /// - Complexity: O(log n + k) for the k cells visited.
  func forEachOnScreenCell(
    along minAlong: Double, _ maxAlong: Double, across: (min: Double, max: Double),
    offsets: HorizontalOffsets, _ body: (ListIndexPath, Rect, _ carousel: Bool) -> Void
  ) {
    let band =
      isHorizontal
      ? Rect(x: minAlong, y: across.min, width: maxAlong - minAlong, height: across.max - across.min)
      : Rect(x: across.min, y: minAlong, width: across.max - across.min, height: maxAlong - minAlong)
    // Bodies work in layout space, left to right.
    let space = isHorizontal ? band.transposed : band
    let (minX, maxX) = leftToRight(space.minX, space.maxX)
    let direction = frameDirection
    forEachSection(overlapping: band) { section, top in
      guard let (box, origin) = queryBody(section, top: top) else { return }
      let carousel = box.scrollsSideways
      box.body.forEachItem(
        overlappingX: minX, maxX, y: space.minY, space.maxY, scrolledBy: carousel ? offsets[section] : 0,
        at: origin
      ) { item, frame in
        body(ListIndexPath(item: item, section: section), direction.directed(frame), carousel)
        return true
      }
    }
  }

  /// The along-axis extent of `rect` (its y extent in a vertical list, its x extent in a
  /// horizontal one).
  @inline(__always)
  func alongRange(_ rect: Rect) -> (min: Double, max: Double) {
    isHorizontal ? (rect.minX, rect.maxX) : (rect.minY, rect.maxY)
  }

  /// The list's extent across the scroll axis, `0 ..< width`.
  var acrossRange: (min: Double, max: Double) { (0, model.configuration.width) }

  /// The along-axis extent of `section`, from the top of its header to the bottom of its
  /// footer, and how far its cells reach past it.
  func alongExtent(ofSection section: Int) -> (top: Double, bottom: Double, reach: (Double, Double)) {
    let top = sectionTop(section)
    return geometries.withBlock(Blocks.block(of: section)) { block in
      let geometry = block.baseAddress! + Blocks.offset(of: section)
      return (
        top, top + geometry.pointee.height, (geometry.pointee.overflowAbove, geometry.pointee.overflowBelow)
      )
    }
  }
}

/// The distance from `point` to `rect`: 0 inside or on its edges, else to the nearest point of
/// it, `√(dx² + dy²)`.
@inline(__always)
func distance(from point: Point, to rect: Rect) -> Double {
  let dx = max(0, rect.minX - point.x, point.x - rect.maxX)
  let dy = max(0, rect.minY - point.y, point.y - rect.maxY)
  return (dx * dx + dy * dy).squareRoot()
}
