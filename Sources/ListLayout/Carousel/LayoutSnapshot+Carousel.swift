import LayoutGeometry

extension LayoutSnapshot {
  /// The content width and snap offsets of a carousel section; `nil` when `section` does not
  /// exist or is not a carousel.
  ///
  /// ```swift
  /// if let carousel = snapshot.carouselMetrics(ofSection: 2) {
  ///   carousel.contentWidth      // the row's width, at least the list's
  ///   carousel.snapOffsets       // where a paged carousel comes to rest
  /// }
  /// ```
  ///
  /// - Complexity: O(1) for no paging or paging by page; O(log n) in the carousel's cells
  ///   for paging by item (each offset is read from the row when asked), but O(n) for a row
  ///   whose neighbouring cells may share an x (no spacing), whose offsets are listed.
  public func carouselMetrics(ofSection section: Int) -> CarouselMetrics? {
    guard geometries.indices.contains(section) else { return nil }
    return geometries[section].body.carouselMetrics
  }

  /// Whether `section` is laid out as a carousel (its cells scroll sideways).
  ///
  /// - Complexity: O(1).
  public func isCarousel(_ section: Int) -> Bool {
    geometries.indices.contains(section)
      && geometries.withBlock(Blocks.block(of: section)) { $0[Blocks.offset(of: section)].scrollsSideways }
  }

  /// The horizontal offset (a value for ``HorizontalOffsets``) that shows item `item` of the
  /// carousel `section` aligned as asked, clamped to the carousel's scrollable range
  /// `0 ... maximumOffset` (``CarouselMetrics``); `nil` when the section is not a carousel
  /// or has no such item.
  ///
  /// Alignments are read along the carousel's row, from its leading edge (the right in a
  /// right-to-left list): ``HorizontalAlignment/left`` puts the cell where the row's first
  /// cell rests at offset 0 (the offset is `cell.minX − firstCell.minX`, the cell's snap
  /// offset when the carousel pages by item), ``HorizontalAlignment/center`` centers it in
  /// the list's width, and ``HorizontalAlignment/right`` puts its trailing edge where the
  /// last cell's rests at the largest offset. A carousel that pages comes to rest at its own
  /// snap offsets: this is where to scroll, not where a fling stops.
  ///
  /// ```swift
  /// if let x = snapshot.carouselOffset(toShow: 7, inSection: 2, alignment: .center) {
  ///   let screen = snapshot.viewport(
  ///     at: Point(x: 0, y: 0), size: Size(width: 375, height: 667), horizontalOffsets: [2: x])
  /// }
  /// ```
  ///
  /// - Complexity: O(log n) in the carousel's cells.
  public func carouselOffset(
    toShow item: Int, inSection section: Int, alignment: HorizontalAlignment = .left
  ) -> Double? {
    guard isCarousel(section), item >= 0, item < geometries[section].itemCount,
      let metrics = carouselMetrics(ofSection: section)
    else { return nil }
    // Frames in layout space: left to right along the row, unscrolled.
    let origin = bodyOrigin(section)
    let body = geometries[section].body
    let cell = body.frame(ofItem: item, at: origin)
    let width = model.configuration.width
    let x: Double
    switch alignment {
    case .left: x = cell.minX - body.frame(ofItem: 0, at: origin).minX
    case .center: x = cell.midX - width / 2
    case .right:
      // The margin after the last cell at the largest offset, kept after this one.
      let last = body.frame(ofItem: geometries[section].itemCount - 1, at: origin)
      let trailing = metrics.contentWidth - last.maxX
      x = cell.maxX + trailing - width
    }
    guard x.isFinite else { return 0 }
    return min(max(x, 0), metrics.maximumOffset)
  }
}
