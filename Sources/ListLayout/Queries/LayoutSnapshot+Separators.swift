import LayoutGeometry

// Separators between the lines of flow sections and the rows of grid sections
// (``SectionSeparator``): found from the section's body by binary search over its lines, like
// its cells, and placed by ``SeparatorPlacement/frame(bottom:top:)``.

extension LayoutSnapshot {
  /// The separator below line (or row) `indexPath.item` of section `indexPath.section`, or
  /// `nil` when there is none (no separator in the section, the last line, a collapsed
  /// section, a section of another kind).
  ///
  /// - Complexity: O(log s + log n).
  public func separatorAttributes(at indexPath: ListIndexPath) -> LayoutAttributes? {
    guard geometries.indices.contains(indexPath.section) else { return nil }
    let geometry = geometries[indexPath.section]
    guard let placement = geometry.chrome.separator, indexPath.item >= 0,
      indexPath.item < geometry.body.separatorCount
    else { return nil }
    let gap = geometry.body.lineGap(indexPath.item, at: bodyOrigin(indexPath.section))
    return separator(
      indexPath.section, indexPath.item, placement.frame(bottom: gap.bottom, top: gap.top), id: placement.id)
  }

  /// The number of separators section `section` lists (0 for a section that does not exist).
  ///
  /// - Complexity: O(log s).
  public func numberOfSeparators(inSection section: Int) -> Int {
    geometries.indices.contains(section) ? geometries[section].separatorCount : 0
  }

  /// A separator's attributes from its layout-space frame.
  @inline(__always)
  func separator(_ section: Int, _ item: Int, _ frame: Rect, id: String?) -> LayoutAttributes {
    Self.separator(section, item, frame, id: id, direction: frameDirection)
  }

  /// A separator's attributes from its layout-space frame, turned by `direction` (the
  /// snapshot's, read once for many).
  @inline(__always)
  static func separator(
    _ section: Int, _ item: Int, _ frame: Rect, id: String?, direction: FrameDirection
  ) -> LayoutAttributes {
    LayoutAttributes(
      kind: .separator, indexPath: ListIndexPath(item: item, section: section),
      frame: direction.directed(frame),
      zIndex: LayoutAttributes.separatorZIndex, id: id)
  }

  /// Calls `body` with the separators `gaps` of `section` (whose top is `top`), in order.
  ///
  /// - Complexity: O(log n + k).
  func forEachSeparator<E: Error>(
    ofSection section: Int, top: Double, gaps: Range<Int>, _ body: (LayoutAttributes) throws(E) -> Void
  ) throws(E) {
    guard let placement = geometries[section].chrome.separator, !gaps.isEmpty else { return }
    var found: [LayoutAttributes] = []
    found.reserveCapacity(Swift.min(gaps.count, 1024))
    // The body's walk takes a closure that does not throw: collect a run, then hand it over.
    var start = gaps.lowerBound
    while start < gaps.upperBound {
      let end = Swift.min(gaps.upperBound, start + 1024)
      found.removeAll(keepingCapacity: true)
      geometries[section].body.forEachLineGap(
        in: start..<end, at: geometries[section].bodyOrigin(sectionTop: top)
      ) { gap, bottom, next in
        found.append(separator(section, gap, placement.frame(bottom: bottom, top: next), id: placement.id))
      }
      for element in found { try body(element) }
      start = end
    }
  }

  /// Calls `body` with every separator of `section` (whose top is `top`) that may meet the
  /// band `minY ..< maxY` along the scroll axis in layout space (a superset: callers test
  /// frames exactly), in order, until it returns `false`.
  ///
  /// - Complexity: O(log n + k).
  func forEachSeparatorCandidate(
    ofSection section: Int, top: Double, y minY: Double, _ maxY: Double, _ body: (LayoutAttributes) -> Bool
  ) {
    forEachSeparatorFrame(ofSection: section, top: top, y: minY, maxY) { gap, frame, id, direction in
      body(Self.separator(section, gap, frame, id: id, direction: direction))
    }
  }

  /// Appends to `result` the separators of `section` (placed by `placement`) in `gaps` (the
  /// gaps its body found for the band ``SeparatorPlacement/band(_:_:)`` of `rect`) that meet
  /// `rect`, in order.
  ///
  /// - Complexity: O(k) for k gaps.
  func appendSeparators(
    ofSection section: Int, _ placement: SeparatorPlacement, gaps: LineGapCandidates, meeting rect: Rect,
    to result: inout [LayoutAttributes]
  ) {
    let direction = frameDirection
    let id = placement.id
    for k in 0..<gaps.count {
      let gap = gaps[k]
      let frame = placement.frame(bottom: gap.bottom, top: gap.top)
      if direction.directed(frame).intersects(rect) {
        result.append(Self.separator(section, gap.gap, frame, id: id, direction: direction))
      }
    }
  }

  /// Calls `body` with the gap, layout-space frame and identifier of every separator of
  /// `section` (whose top is `top`) that may meet the band `minY ..< maxY` along the scroll
  /// axis in layout space, and the snapshot's direction, in order, until it returns `false`.
  @inline(__always)
  private func forEachSeparatorFrame(
    ofSection section: Int, top: Double, y minY: Double, _ maxY: Double,
    _ body: (Int, Rect, String?, FrameDirection) -> Bool
  ) {
    // The geometry read in place, once (a read through the blocks' subscript copies it); a
    // section without cells has no lines.
    guard
      let (placement, (box, origin)) = geometries.withBlock(
        Blocks.block(of: section),
        { block in
          let geometry = block.baseAddress! + Blocks.offset(of: section)
          return geometry.pointee.chrome.separator.flatMap { placement in
            geometry.pointee.queryBody(sectionTop: top).map { (placement, $0) }
          }
        })
    else { return }
    let band = placement.band(minY, maxY)
    let id = placement.id
    let direction = frameDirection
    box.body.forEachLineGap(overlappingY: band.minY, band.maxY, at: origin) { gap, bottom, next in
      body(gap, placement.frame(bottom: bottom, top: next), id, direction)
    }
  }
}
