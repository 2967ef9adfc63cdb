import LayoutGeometry

extension LayoutSnapshot {
  /// The attributes of the cell at `indexPath`, or `nil` when there is no such cell.
  ///
  /// Out-of-range index paths are answered with `nil`, never a trap, so callers can probe
  /// with data from elsewhere (a renderer, a server).
  ///
  /// - Complexity: O(log s + log p) for s sections and p pages of a flow section (about
  ///   n / 512 for n cells).
  public func attributes(at indexPath: IndexPath) -> LayoutAttributes? {
    guard let frame = frame(of: indexPath) else { return nil }
    return LayoutAttributes(
      kind: .cell, indexPath: indexPath, frame: frame, zIndex: LayoutAttributes.cellZIndex)
  }

  /// The frame of the cell at `indexPath`, or `nil` when there is no such cell.
  ///
  /// - Complexity: O(log s + log p).
  public func frame(of indexPath: IndexPath) -> Rect? {
    guard geometries.indices.contains(indexPath.section) else { return nil }
    let geometry = geometries[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < geometry.itemCount else { return nil }
    return directed(geometry.body.frame(ofItem: indexPath.item, at: bodyOrigin(indexPath.section)))
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
    guard geometries.indices.contains(section) else { return nil }
    let local = kind == .header ? geometries[section].headerFrame : geometries[section].footerFrame
    guard let local else { return nil }
    return LayoutAttributes(
      kind: kind, indexPath: IndexPath(item: 0, section: section),
      frame: directed(local.offsetBy(dy: sectionTop(section))), zIndex: LayoutAttributes.supplementaryZIndex)
  }

  /// Every element at its natural position, in listing order: section by section, the header,
  /// then the cells in order, then the footer.
  ///
  /// - Complexity: O(n).
  public func allAttributes() -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    result.reserveCapacity(elementCount)
    for section in geometries.indices {
      appendAll(ofSection: section, to: &result)
    }
    return result
  }

  func appendAll(ofSection section: Int, to result: inout [LayoutAttributes]) {
    if let header = supplementary(.header, section) { result.append(header) }
    geometries[section].body.forEachItem(at: bodyOrigin(section)) { item, frame in
      result.append(
        LayoutAttributes(
          kind: .cell, indexPath: IndexPath(item: item, section: section), frame: directed(frame),
          zIndex: LayoutAttributes.cellZIndex))
    }
    if let footer = supplementary(.footer, section) { result.append(footer) }
  }

  /// Where the body of `section` sits in content coordinates.
  ///
  /// - Complexity: O(log s).
  func bodyOrigin(_ section: Int) -> BodyOrigin {
    geometries[section].bodyOrigin(sectionTop: sectionTop(section))
  }

  /// The identifier of the cell at `indexPath`, if it has one.
  public func identifier(of indexPath: IndexPath) -> String? {
    guard model.sections.indices.contains(indexPath.section),
      model.sections[indexPath.section].cells.indices.contains(indexPath.item)
    else { return nil }
    return model.sections[indexPath.section].cells[indexPath.item].id
  }
}
