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
    geometries.indices.contains(section) && geometries[section].body.scrollsSideways
  }
}
