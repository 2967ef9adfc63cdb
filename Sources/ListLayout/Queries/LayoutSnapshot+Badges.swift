import LayoutGeometry

// Badges are not stored in the snapshot: a cell's badges are placed on its frame when a query
// finds the cell (``BadgePlacement/frame(on:)``). A section with badges widens the search
// for its cells by how far its badges can reach past them (``SectionBadges/reach``), so a
// query finds the badges of cells outside its rect in O(log n + k) without scanning.

extension LayoutSnapshot {
  /// The badges of the cell at `indexPath`, in the order of its ``Cell/badges``; empty when
  /// there is no such cell or it has none.
  ///
  /// - Complexity: O(log n + b) for the cell's b badges.
  public func badgeAttributes(at indexPath: ListIndexPath) -> [LayoutAttributes] {
    guard geometries.indices.contains(indexPath.section),
      indexPath.item >= 0, indexPath.item < geometries[indexPath.section].itemCount
    else { return [] }
    let badges = model.sections[indexPath.section].cells[indexPath.item].badges
    guard !badges.isEmpty else { return [] }
    var result: [LayoutAttributes] = []
    let cell = geometries[indexPath.section].body.frame(
      ofItem: indexPath.item, at: bodyOrigin(indexPath.section))
    appendBadges(badges, item: indexPath.item, section: indexPath.section, onCell: cell, to: &result) { _ in
      true
    }
    return result
  }

  /// The badge `index` of the cell at `indexPath`, or `nil` when there is none.
  ///
  /// - Complexity: O(log n).
  public func badgeAttributes(at indexPath: ListIndexPath, index: Int) -> LayoutAttributes? {
    let all = badgeAttributes(at: indexPath)
    return all.indices.contains(index) ? all[index] : nil
  }

  /// The badges of section `section`: how many, and how far they reach (read in place).
  @inline(__always)
  func sectionBadges(_ section: Int) -> SectionBadges {
    geometries.withBlock(Blocks.block(of: section)) { block in
      (block.baseAddress! + Blocks.offset(of: section)).pointee.badges
    }
  }

  /// The index of section `section`'s badged cells (``SectionGeometry/badgeIndex``), read in
  /// place.
  @inline(__always)
  func sectionBadgeIndex(_ section: Int) -> BadgeIndex? {
    geometries.withBlock(Blocks.block(of: section)) { block in
      (block.baseAddress! + Blocks.offset(of: section)).pointee.badgeIndex
    }
  }

  /// Appends to `result` the badges `badges` of cell `item` of `section`, placed on the cell's
  /// frame `cell` (layout space, left to right), that pass `test` (given their frame in the
  /// snapshot's direction), in order.
  @inline(__always)
  func appendBadges(
    _ badges: [Badge], item: Int, section: Int, onCell cell: Rect, to result: inout [LayoutAttributes],
    where test: (Rect) -> Bool
  ) {
    badges.withUnsafeBufferPointer {
      Self.appendBadges(
        $0, item: item, section: section, onCell: cell, direction: frameDirection, to: &result, where: test)
    }
  }

  /// ``appendBadges(_:item:section:onCell:to:where:)`` for badges read in place, with the
  /// snapshot's direction read once.
  @inline(__always)
  static func appendBadges(
    _ badges: UnsafeBufferPointer<Badge>, item: Int, section: Int, onCell cell: Rect,
    direction: FrameDirection,
    to result: inout [LayoutAttributes], where test: (Rect) -> Bool
  ) {
    for index in badges.indices {
      appendBadge(
        badges[index], index: index, item: item, section: section, onCell: cell, direction: direction,
        to: &result,
        where: test)
    }
  }

  /// Appends to `result` badge `badge` (the `index`-th) of cell `item` of `section`, placed on
  /// the cell's frame `cell` (layout space, left to right), if it passes `test` (given its
  /// frame in `direction`).
  @inline(__always)
  static func appendBadge(
    _ badge: Badge, index: Int, item: Int, section: Int, onCell cell: Rect, direction: FrameDirection,
    to result: inout [LayoutAttributes], where test: (Rect) -> Bool
  ) {
    let frame = direction.directed(badge.placement(horizontal: direction.horizontal).frame(on: cell))
    guard test(frame) else { return }
    result.append(
      LayoutAttributes(
        kind: .badge, indexPath: ListIndexPath(item: item, section: section), frame: frame,
        zIndex: LayoutAttributes.badgeZIndex, badgeIndex: index, id: badge.id))
  }

  /// The identifier of a badge (of the element `badge`), if it has one.
  func badgeIdentifier(_ badge: LayoutAttributes) -> String? {
    let path = badge.indexPath
    guard model.sections.indices.contains(path.section),
      model.sections[path.section].cells.indices.contains(path.item)
    else { return nil }
    let badges = model.sections[path.section].cells[path.item].badges
    return badges.indices.contains(badge.badgeIndex) ? badges[badge.badgeIndex].id : nil
  }

  /// The badges of section `section` that meet `rect` and of the cells of `cells` (found for
  /// a search widened by the badges' reach: a superset), merged into `result` after its first
  /// `start` elements (the section's cells, in item order), each right after its cell.
  func mergeBadges(
    ofSection section: Int, candidates cells: CellCandidates, from first: Int, meeting rect: Rect,
    into result: inout [LayoutAttributes], after start: Int
  ) {
    var badges: [LayoutAttributes] = []
    var cursor = CellReader(section: section, of: model.sections)
    let direction = frameDirection
    for k in first..<cells.count {
      let candidate = cells[k]
      cursor.withBadges(of: candidate.item) {
        Self.appendBadges(
          $0, item: candidate.item, section: section, onCell: candidate.frame, direction: direction,
          to: &badges
        ) { $0.intersects(rect) }
      }
    }
    guard !badges.isEmpty else { return }
    let cellsFound = result[start...]
    var merged: [LayoutAttributes] = []
    merged.reserveCapacity(cellsFound.count + badges.count)
    var b = 0
    for cell in cellsFound {
      while b < badges.count, badges[b].indexPath.item < cell.indexPath.item {
        merged.append(badges[b])
        b += 1
      }
      merged.append(cell)
      while b < badges.count, badges[b].indexPath.item == cell.indexPath.item {
        merged.append(badges[b])
        b += 1
      }
    }
    merged.append(contentsOf: badges[b...])
    result.replaceSubrange(start..., with: merged)
  }
}

extension CellSearch {
  /// The search widened by how far `reach` lets badges reach past their cells (plus a
  /// rounding's width): the cells whose badges may meet the original search.
  func widened(by reach: BadgeReach) -> CellSearch {
    var wide = self
    let slack = searchSlack(Swift.max(abs(minX), abs(maxX), abs(minY), abs(maxY)))
    wide.minX -= reach.right + slack
    wide.maxX += reach.left + slack
    wide.minY -= reach.below + slack
    wide.maxY += reach.above + slack
    if let sideways {
      wide.sideways = (sideways.minX - reach.right - slack, sideways.maxX + reach.left + slack)
    }
    return wide
  }
}
