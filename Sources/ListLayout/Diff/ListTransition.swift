import LayoutGeometry

/// How one element changes across an update, for a renderer to animate or a test to check.
///
/// Frames are in content coordinates, as ``LayoutSnapshot/jsonString(elements:overlayIDs:sections:)``
/// prints them: `from` in the old layout scrolled to the old offset, `to` in the new layout
/// scrolled to the anchored offset, headers and footers where they pin at those offsets.
/// Subtract each side's content offset for screen positions.
public struct ElementTransition: Sendable, Hashable {
  /// Header, cell, separator or footer (a separator follows the line above it).
  public var kind: ElementKind
  /// The index path after the update; before it for an element that is deleted.
  public var indexPath: ListIndexPath
  /// The element's identifier (the new version's, or the old one's when deleted).
  public var id: String?
  /// The frame before the update; `nil` for an element that is inserted.
  public var from: Rect?
  /// The frame after the update; `nil` for an element that is deleted.
  public var to: Rect?
  /// Whether the element was pinned before the update.
  public var wasPinned: Bool
  /// Whether the element is pinned after the update.
  public var isPinned: Bool
  /// For a badge, its position among its cell's badges after the update (before it for a
  /// badge that is deleted); 0 for every other kind.
  public var badgeIndex: Int

  /// Creates a transition.
  public init(
    kind: ElementKind, indexPath: ListIndexPath, id: String?, from: Rect?, to: Rect?, wasPinned: Bool = false,
    isPinned: Bool = false, badgeIndex: Int = 0
  ) {
    self.badgeIndex = badgeIndex
    self.kind = kind
    self.indexPath = indexPath
    self.id = id
    self.from = from
    self.to = to
    self.wasPinned = wasPinned
    self.isPinned = isPinned
  }
}

/// An applied difference seen through a viewport: the new layout, the anchored content
/// offset, and every element visible before or after the update.
public struct ListTransition: Sendable {
  /// The new layout and the anchored content offset.
  public var result: UpdateResult
  /// Every element visible before or after the update: first those that exist after it, in
  /// the new listing order (section, header, cells, footer), then those deleted, in the old
  /// listing order.
  public var elements: [ElementTransition]
}

extension LayoutSnapshot {
  /// Applies `difference` and describes the change as a viewport of `viewportHeight` points
  /// scrolled to `contentOffset` sees it.
  ///
  /// The content offset after the update is anchored as ``ScrollAnchor`` anchors it: the first
  /// cell visible before the update that survives unmoved keeps its position on screen (the
  /// offset is not clamped to the content); with no such cell the offset is unchanged.
  ///
  /// - Throws: ``UpdateError`` when the difference does not fit this snapshot.
  /// - Complexity: as ``applying(_:anchor:)-(ListDifference,_)``, plus O(d log d + k log n)
  ///   for the k elements visible before or after.
  public func transition(
    _ difference: ListDifference, contentOffset: Double, viewportHeight: Double
  ) throws(UpdateError) -> ListTransition {
    let result = try applying(
      difference, anchor: ScrollAnchor(contentOffset: contentOffset, viewportHeight: viewportHeight))
    let next = result.snapshot
    let before = viewport(
      at: scrollPoint(contentOffset), size: scrollViewportSize(viewportHeight)
    ).elements.filter { $0.kind != .overlay }
    let after = next.viewport(
      at: next.scrollPoint(result.contentOffset), size: next.scrollViewportSize(viewportHeight)
    ).elements.filter { $0.kind != .overlay }
    let oldPinning = PinningContext(contentOffset: contentOffset, viewportHeight: viewportHeight)
    let newPinning = PinningContext(contentOffset: result.contentOffset, viewportHeight: viewportHeight)
    let tracer = PositionTracer(difference, oldSectionCount: model.sections.count)

    struct Key: Hashable {
      var kind: ElementKind
      var indexPath: ListIndexPath
      var badge = 0
    }
    func key(_ element: LayoutAttributes) -> Key {
      Key(kind: element.kind, indexPath: element.indexPath, badge: element.badgeIndex)
    }
    var byNew: [Key: ElementTransition] = [:]
    var deleted: [ElementTransition] = []
    for element in after {
      byNew[key(element)] = ElementTransition(
        kind: element.kind, indexPath: element.indexPath, id: next.identifier(of: element), from: nil,
        to: element.frame, isPinned: element.isPinned, badgeIndex: element.badgeIndex)
    }
    // What was visible before: where it goes (a badge with its cell).
    for element in before {
      let newPath =
        element.kind == .separator
        ? separatorPosition(element.indexPath, in: next) { tracer.newIndexPath(of: $0) }
        : tracer.newPosition(of: element, oldModel: model, newModel: next.model)
      let newBadge = newPath.flatMap {
        tracer.newBadgeIndex(of: element, at: $0, oldModel: model, newModel: next.model)
      }
      guard let newPath, let newBadge else {
        deleted.append(
          ElementTransition(
            kind: element.kind, indexPath: element.indexPath, id: identifier(of: element),
            from: element.frame,
            to: nil, wasPinned: element.isPinned, badgeIndex: element.badgeIndex))
        continue
      }
      let newKey = Key(kind: element.kind, indexPath: newPath, badge: newBadge)
      if byNew[newKey] == nil {
        let attributes = next.attributes(of: element.kind, at: newPath, badge: newBadge, pinning: newPinning)
        byNew[newKey] = ElementTransition(
          // (An element the update hides, such as a cell of a section collapsed, keeps its id.)
          kind: element.kind, indexPath: newPath,
          id: attributes.map { next.identifier(of: $0) } ?? identifier(of: element),
          from: nil, to: attributes?.frame, isPinned: attributes?.isPinned ?? false, badgeIndex: newBadge)
      }
      byNew[newKey]!.from = element.frame
      byNew[newKey]!.wasPinned = element.isPinned
    }
    // What is visible after but was not before: where it came from.
    for element in after where byNew[key(element)]!.from == nil {
      let traced =
        element.kind == .separator
        ? next.separatorPosition(element.indexPath, in: self) { tracer.oldIndexPath(of: $0) }
        : tracer.oldPosition(of: element, oldModel: model, newModel: next.model)
      guard let oldPath = traced,
        let oldBadge = tracer.oldBadgeIndex(of: element, at: oldPath, oldModel: model, newModel: next.model),
        let attributes = attributes(of: element.kind, at: oldPath, badge: oldBadge, pinning: oldPinning)
      else { continue }
      byNew[key(element)]!.from = attributes.frame
      byNew[key(element)]!.wasPinned = attributes.isPinned
    }
    let order = { (a: ElementTransition, b: ElementTransition) in
      LayoutAttributes.listingOrder(
        LayoutAttributes(
          kind: a.kind, indexPath: a.indexPath, frame: .zero, zIndex: 0, badgeIndex: a.badgeIndex),
        LayoutAttributes(
          kind: b.kind, indexPath: b.indexPath, frame: .zero, zIndex: 0, badgeIndex: b.badgeIndex))
    }
    return ListTransition(
      result: result, elements: byNew.values.sorted(by: order) + deleted.sorted(by: order))
  }

  /// A cell's frame (or its badge `badge`'s), or a header's or footer's as pinned at `pinning`.
  func attributes(
    of kind: ElementKind, at indexPath: ListIndexPath, badge: Int = 0, pinning: PinningContext
  ) -> LayoutAttributes? {
    switch kind {
    case .cell: attributes(at: indexPath)
    case .badge: badgeAttributes(at: indexPath, index: badge)
    case .header, .footer: supplementaryAttributes(kind, inSection: indexPath.section, pinning: pinning)
    case .background: backgroundAttributes(inSection: indexPath.section)
    case .listHeader: listHeader(pinning: pinning)
    case .listFooter: listFooter(pinning: pinning)
    case .separator: separatorAttributes(at: indexPath)
    case .overlay: nil
    }
  }

  /// Where separator `indexPath` of this snapshot is in `other`: a separator follows the
  /// line above it, known by its first cell, traced into `other` by `trace`; it is the
  /// separator below the line that holds that cell there (`nil` when the cell is gone, or
  /// its line has no separator below it).
  ///
  /// - Complexity: O(log n), plus the trace.
  func separatorPosition(
    _ indexPath: ListIndexPath, in other: LayoutSnapshot, trace: (ListIndexPath) -> ListIndexPath?
  ) -> ListIndexPath? {
    guard geometries.indices.contains(indexPath.section),
      indexPath.item < geometries[indexPath.section].separatorCount
    else { return nil }
    let first = geometries[indexPath.section].body.firstItem(ofLine: indexPath.item)
    guard let cell = trace(ListIndexPath(item: first, section: indexPath.section)),
      other.geometries.indices.contains(cell.section),
      cell.item < other.geometries[cell.section].itemCount
    else { return nil }
    let line = other.geometries[cell.section].body.line(holding: cell.item)
    guard line < other.geometries[cell.section].separatorCount else { return nil }
    return ListIndexPath(item: line, section: cell.section)
  }

  /// The viewport origin at `offset` along the scroll axis.
  func scrollPoint(_ offset: Double) -> Point {
    isHorizontal ? Point(x: offset, y: 0) : Point(x: 0, y: offset)
  }

  /// A viewport as wide as the list across and `length` long along the scroll axis.
  func scrollViewportSize(_ length: Double) -> Size {
    isHorizontal
      ? Size(width: length, height: model.configuration.width)
      : Size(width: model.configuration.width, height: length)
  }
}

extension PositionTracer {
  /// Where a section before the update is after it (`nil` when deleted).
  func newSection(of s: Int) -> Int? {
    if let to = sectionMovesForward[s] { return to }
    return Self.trace(s, removed: addedSections, added: removedSections)
  }

  /// Where a cell before the update is after it (`nil` when deleted or in a deleted section).
  func newIndexPath(of path: ListIndexPath) -> ListIndexPath? {
    if let to = itemMovesForward[path] { return to }
    guard let t = newSection(of: path.section),
      let item = Self.trace(path.item, removed: addedItems[t] ?? [], added: removedItems[path.section] ?? [])
    else { return nil }
    return ListIndexPath(item: item, section: t)
  }

  /// An element's index path after the update, if it still exists (a header or footer must
  /// still be there in its matched section).
  func newPosition(of element: LayoutAttributes, oldModel: ListModel, newModel: ListModel) -> ListIndexPath? {
    switch element.kind {
    case .cell, .badge: return newIndexPath(of: element.indexPath)
    case .header, .footer, .background:
      guard let t = newSection(of: element.indexPath.section) else { return nil }
      return newModel.sections[t].has(element.kind) ? ListIndexPath(item: 0, section: t) : nil
    case .listHeader, .listFooter: return newModel.configuration.has(element.kind) ? element.indexPath : nil
    default: return nil
    }
  }

  /// An element's index path before the update, if it existed.
  func oldPosition(of element: LayoutAttributes, oldModel: ListModel, newModel: ListModel) -> ListIndexPath? {
    switch element.kind {
    case .cell, .badge: return oldIndexPath(of: element.indexPath)
    case .header, .footer, .background:
      guard let s = oldSection(of: element.indexPath.section) else { return nil }
      return oldModel.sections[s].has(element.kind) ? ListIndexPath(item: 0, section: s) : nil
    case .listHeader, .listFooter: return oldModel.configuration.has(element.kind) ? element.indexPath : nil
    default: return nil
    }
  }
}

extension PositionTracer {
  /// The position of a badge (`element`, before the update) among the badges of its cell
  /// after it, at `path`: the badge with its identifier, or, without one, at its position;
  /// `nil` when the cell has no such badge. Other kinds: 0.
  func newBadgeIndex(
    of element: LayoutAttributes, at path: ListIndexPath, oldModel: ListModel, newModel: ListModel
  )
    -> Int?
  {
    Self.matchBadge(element, in: oldModel, to: path, in: newModel)
  }

  /// The position of a badge (`element`, after the update) among the badges of its cell
  /// before it, at `path` (as ``newBadgeIndex(of:at:oldModel:newModel:)`` matches them).
  func oldBadgeIndex(
    of element: LayoutAttributes, at path: ListIndexPath, oldModel: ListModel, newModel: ListModel
  )
    -> Int?
  {
    Self.matchBadge(element, in: newModel, to: path, in: oldModel)
  }

  /// Badge `element` of `model` matched among the badges of the cell at `path` of `other`.
  private static func matchBadge(
    _ element: LayoutAttributes, in model: ListModel, to path: ListIndexPath, in other: ListModel
  ) -> Int? {
    guard element.kind == .badge else { return 0 }
    guard let badges = model.badges(at: element.indexPath), badges.indices.contains(element.badgeIndex),
      let candidates = other.badges(at: path)
    else { return nil }
    if let id = badges[element.badgeIndex].id { return candidates.firstIndex { $0.id == id } }
    let index = element.badgeIndex
    return candidates.indices.contains(index) && candidates[index].id == nil ? index : nil
  }
}

extension ListModel {
  /// The badges of the cell at `path`, or `nil` when there is no such cell.
  func badges(at path: ListIndexPath) -> [Badge]? {
    guard sections.indices.contains(path.section), sections[path.section].cells.indices.contains(path.item)
    else { return nil }
    return sections[path.section].cells[path.item].badges
  }
}

extension Section {
  /// Whether the section has a header, footer or background (for those kinds).
  func has(_ kind: ElementKind) -> Bool {
    switch kind {
    case .header: header != nil
    case .footer: footer != nil
    case .background: background != nil
    default: false
    }
  }
}

extension ListConfiguration {
  /// Whether the list has a header or footer (for those kinds).
  func has(_ kind: ElementKind) -> Bool {
    switch kind {
    case .listHeader: listHeader != nil
    case .listFooter: listFooter != nil
    default: false
    }
  }
}
