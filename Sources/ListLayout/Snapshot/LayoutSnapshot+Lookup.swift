import LayoutGeometry

extension LayoutSnapshot {
  /// The attributes of the cell at `indexPath`, or `nil` when there is no such cell.
  ///
  /// Out-of-range index paths are answered with `nil`, never a trap, so callers can probe
  /// with data from elsewhere (a renderer, a server).
  ///
  /// - Complexity: O(log s + log p) for s sections and p pages of a flow section (about
  ///   n / 512 for n cells).
  public func attributes(at indexPath: ListIndexPath) -> LayoutAttributes? {
    guard let frame = frame(of: indexPath) else { return nil }
    return LayoutAttributes(
      kind: .cell, indexPath: indexPath, frame: frame, zIndex: LayoutAttributes.cellZIndex,
      id: identifier(of: indexPath))
  }

  /// The frame of the cell at `indexPath`, or `nil` when there is no such cell.
  ///
  /// - Complexity: O(log s + log p).
  public func frame(of indexPath: ListIndexPath) -> Rect? {
    let section = indexPath.section
    guard geometries.indices.contains(section) else { return nil }
    let top = sectionTop(section)
    // The geometry read in place (a copy would retain what its body holds).
    let found = geometries.withBlock(Blocks.block(of: section)) { block in
      let geometry = block.baseAddress! + Blocks.offset(of: section)
      return indexPath.item >= 0 && indexPath.item < geometry.pointee.itemCount
        ? geometry.pointee.queryBody(sectionTop: top) : nil
    }
    guard let (box, origin) = found else { return nil }
    return directed(box.frame(ofItem: indexPath.item, at: origin))
  }

  /// The attributes of the header of `section` at its natural (unpinned) position, or `nil`
  /// when the section has no header.
  ///
  /// - Complexity: O(log s).
  public func headerAttributes(inSection section: Int) -> LayoutAttributes? {
    supplementary(.header, section)
  }

  /// The attributes of the footer of `section` at its natural (unpinned) position, or `nil`
  /// when the section has no footer.
  ///
  /// - Complexity: O(log s).
  public func footerAttributes(inSection section: Int) -> LayoutAttributes? {
    supplementary(.footer, section)
  }

  func supplementary(_ kind: ElementKind, _ section: Int) -> LayoutAttributes? {
    guard let frame = supplementaryLayoutFrame(kind, section) else { return nil }
    return LayoutAttributes(
      kind: kind, indexPath: ListIndexPath(item: 0, section: section), frame: directed(frame),
      zIndex: LayoutAttributes.supplementaryZIndex, id: supplementaryID(kind, section))
  }

  /// The natural frame of a section's header or footer in layout space (before mirroring
  /// and transposition), or `nil` when it has none.
  func supplementaryLayoutFrame(_ kind: ElementKind, _ section: Int) -> Rect? {
    guard geometries.indices.contains(section) else { return nil }
    let local = kind == .header ? geometries[section].headerFrame : geometries[section].footerFrame
    return local?.offsetBy(dy: sectionTop(section))
  }

  /// Every element at its natural position, in listing order: the list header, then section
  /// by section the background, the header, the cells in order and the footer, then the list
  /// footer.
  ///
  /// - Complexity: O(n).
  public func allAttributes() -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    result.reserveCapacity(elementCount)
    forEachElement { result.append($0) }
    return result
  }

  func appendAll(ofSection section: Int, to result: inout [LayoutAttributes]) {
    forEachElement(inSection: section) { result.append($0) }
  }

  /// Calls `body` with every element at its natural position, in listing order (as
  /// ``allAttributes()`` lists them), without building the list: what a writer of a
  /// million-element layout walks.
  ///
  /// - Complexity: O(n).
  public func forEachElement<E: Error>(_ body: (LayoutAttributes) throws(E) -> Void) throws(E) {
    if let header = listHeader(pinning: nil) { try body(header) }
    for section in geometries.indices { try forEachElement(inSection: section, body) }
    if let footer = listFooter(pinning: nil) { try body(footer) }
  }

  /// Calls `body` with every element of `section` in listing order: the background, the
  /// header, the cells in order, the separators in order, the footer.
  ///
  /// - Complexity: O(k) for the section's k elements.
  public func forEachElement<E: Error>(
    inSection section: Int, _ body: (LayoutAttributes) throws(E) -> Void
  ) throws(E) {
    try forEachElement(inSection: section, positions: 0..<Int.max, body)
  }

  /// The number of positions of `section`'s listing (``forEachElement(inSection:positions:_:)``:
  /// a cell and its badges take one), 0 for a section that does not exist: the number of
  /// elements ``forEachElement(inSection:_:)`` lists but the section's badges
  /// (``SectionGeometry/badges``).
  ///
  /// - Complexity: O(log s).
  func elementCount(inSection section: Int) -> Int {
    guard geometries.indices.contains(section) else { return 0 }
    let geometry = geometries[section]
    let background = model.sections.withElement(at: section) { $0.background != nil }
    return geometry.itemCount + geometry.separatorCount + (background ? 1 : 0)
      + (geometry.headerFrame == nil ? 0 : 1) + (geometry.footerFrame == nil ? 0 : 1)
  }

  /// Calls `body` with the elements of `section` at `positions` of its listing order (as
  /// ``forEachElement(inSection:_:)`` lists them, from 0, a cell and its badges at one
  /// position; positions past its last element are ignored): what a writer that cuts the listing into segments walks, each from any
  /// element.
  ///
  /// - Complexity: O(log s + log n + k) for k elements visited.
  func forEachElement<E: Error>(
    inSection section: Int, positions: Range<Int>, _ body: (LayoutAttributes) throws(E) -> Void
  ) throws(E) {
    guard geometries.indices.contains(section), !positions.isEmpty else { return }
    var position = 0
    if let background = backgroundAttributes(inSection: section) {
      if positions.contains(position) { try body(background) }
      position += 1
    }
    if let header = supplementary(.header, section) {
      if positions.contains(position) { try body(header) }
      position += 1
    }
    let geometry = geometries[section]
    let first = max(0, positions.lowerBound - position)
    let end = min(geometry.itemCount, positions.upperBound - position)
    if first < end {
      let items = first..<end
      var cells = CellReader(section: section, of: model.sections)
      if geometry.badges.isEmpty {
        try geometry.body.forEachItem(in: items, at: bodyOrigin(section)) { (item, frame) throws(E) in
          try body(
            LayoutAttributes(
              kind: .cell, indexPath: ListIndexPath(item: item, section: section), frame: directed(frame),
              zIndex: LayoutAttributes.cellZIndex, id: cells.id(item)))
        }
      } else {
        // Each cell followed by its badges (one position of the listing: see `elementCount`).
        var badges: [LayoutAttributes] = []
        let direction = frameDirection
        try geometry.body.forEachItem(in: items, at: bodyOrigin(section)) { (item, frame) throws(E) in
          try body(
            LayoutAttributes(
              kind: .cell, indexPath: ListIndexPath(item: item, section: section), frame: directed(frame),
              zIndex: LayoutAttributes.cellZIndex, id: cells.id(item)))
          badges.removeAll(keepingCapacity: true)
          cells.withBadges(of: item) {
            Self.appendBadges(
              $0, item: item, section: section, onCell: frame, direction: direction, to: &badges
            ) {
              _ in true
            }
          }
          for badge in badges { try body(badge) }
        }
      }
    }
    position += geometry.itemCount
    let separators = geometry.separatorCount
    if separators > 0 {
      let first = max(0, positions.lowerBound - position)
      let end = min(separators, positions.upperBound - position)
      if first < end {
        try forEachSeparator(ofSection: section, top: sectionTop(section), gaps: first..<end, body)
      }
      position += separators
    }
    if positions.contains(position), let footer = supplementary(.footer, section) { try body(footer) }
  }

  /// Where the body of `section` sits in content coordinates.
  ///
  /// - Complexity: O(log s).
  func bodyOrigin(_ section: Int) -> BodyOrigin {
    geometries[section].bodyOrigin(sectionTop: sectionTop(section))
  }

  /// The identifier of the cell at `indexPath`, if it has one.
  ///
  /// Cells only: a header's or footer's index path (item 0 of its section) names the
  /// section's first cell here. Name any element with ``identifier(of:kind:)``.
  public func identifier(of indexPath: ListIndexPath) -> String? {
    guard model.sections.indices.contains(indexPath.section) else { return nil }
    // Read in place: a copy of the section would retain its cells and chrome.
    return model.sections.withElement(at: indexPath.section) { section in
      guard section.cells.indices.contains(indexPath.item) else { return nil }
      return section.cells.withElement(at: indexPath.item) { $0.id }
    }
  }
}
