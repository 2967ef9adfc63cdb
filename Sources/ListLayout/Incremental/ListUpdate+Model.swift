/// How a section of the updated model relates to the snapshot's.
enum SectionOrigin {
  /// New or reloaded: lay it out from scratch.
  case fresh
  /// The old section `old`, with no item edits.
  case unchanged(old: Int)
  /// The old section `old` with item edits: everything before `first` is untouched, and new
  /// item *n* > `lastDirty` is old item *n* − `delta`, untouched.
  case edited(old: Int, first: Int, lastDirty: Int, delta: Int)
}

/// An update resolved against a model: the new model, where each section came from, and how
/// to follow an old index path to its new place.
struct ResolvedUpdate {
  var model: ListModel
  var origins: [SectionOrigin]
  /// For each old section, its new index (`nil` when deleted or reloaded).
  var newSectionIndex: [Int?]
  /// Per old section with item edits: removed old items and inserted new items, sorted.
  var removedItems: [Int: [Int]]
  var insertedItems: [Int: [Int]]
  /// Old index paths of cells whose content changed (reloads, resizes, trait changes).
  var changedItems: Set<IndexPath>
  var movedItems: [IndexPath: IndexPath]

  /// Where the cell at old `indexPath` is after the update, if it survives unmoved and
  /// unreplaced.
  func newIndexPath(of indexPath: IndexPath) -> IndexPath? {
    guard newSectionIndex.indices.contains(indexPath.section),
      let section = newSectionIndex[indexPath.section]
    else {
      return nil
    }
    if let moved = movedItems[indexPath] { return moved }
    let removed = removedItems[indexPath.section] ?? []
    if removed.binarySearchContains(indexPath.item) { return nil }
    var position = indexPath.item - removed.countBelow(indexPath.item)
    for inserted in insertedItems[indexPath.section] ?? [] {
      if inserted <= position { position += 1 } else { break }
    }
    return IndexPath(item: position, section: section)
  }
}

extension Array where Element == Int {
  /// The number of elements of this sorted array below `value`.
  func countBelow(_ value: Int) -> Int {
    var low = 0
    var high = count
    while low < high {
      let mid = (low + high) >> 1
      if self[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low
  }

  func binarySearchContains(_ value: Int) -> Bool {
    let index = countBelow(value)
    return index < count && self[index] == value
  }
}

extension ListUpdate {
  /// Applies the update to `model`, validating every index first.
  func resolve(against old: ListModel) throws(UpdateError) -> ResolvedUpdate {
    let oldCount = old.sections.count
    // 1. Sections: validate, then build the new order.
    var removedSections = Set<Int>()
    for index in deletedSections {
      guard index >= 0 && index < oldCount else {
        throw .outOfRange("deleted section \(index) of \(oldCount)")
      }
      guard removedSections.insert(index).inserted else { throw .duplicate("section \(index) deleted twice") }
    }
    var reloaded: [Int: Section] = [:]
    for (index, section) in reloadedSections {
      guard index >= 0 && index < oldCount else {
        throw .outOfRange("reloaded section \(index) of \(oldCount)")
      }
      guard !removedSections.contains(index), reloaded[index] == nil else {
        throw .duplicate("section \(index) reloaded twice or reloaded and deleted")
      }
      reloaded[index] = section
    }
    var movedFrom: [Int: Int] = [:]
    for (from, to) in movedSections {
      guard from >= 0 && from < oldCount else { throw .outOfRange("moved section \(from) of \(oldCount)") }
      guard !removedSections.contains(from), reloaded[from] == nil, movedFrom[from] == nil else {
        throw .conflict("section \(from) is moved and also deleted, reloaded or moved again")
      }
      movedFrom[from] = to
    }
    let newCount =
      oldCount - removedSections.count - movedFrom.count + insertedSections.count + movedFrom.count
    var placed: [Int: SectionSlot] = [:]
    for (index, section) in insertedSections {
      guard index >= 0 && index < newCount else {
        throw .outOfRange("inserted section \(index) of \(newCount)")
      }
      guard placed[index] == nil else { throw .duplicate("two sections inserted or moved to \(index)") }
      placed[index] = .inserted(section)
    }
    for (from, to) in movedFrom {
      guard to >= 0 && to < newCount else { throw .outOfRange("section moved to \(to) of \(newCount)") }
      guard placed[to] == nil else { throw .duplicate("two sections inserted or moved to \(to)") }
      placed[to] = .old(from)
    }
    var staying = (0..<oldCount).lazy.filter { !removedSections.contains($0) && movedFrom[$0] == nil }
      .makeIterator()
    var slots: [SectionSlot] = []
    slots.reserveCapacity(newCount)
    for index in 0..<newCount {
      if let slot = placed[index] {
        slots.append(slot)
      } else if let old = staying.next() {
        slots.append(.old(old))
      } else {
        throw .outOfRange("section indices after the update do not add up to \(newCount)")
      }
    }
    var newSectionIndex = [Int?](repeating: nil, count: oldCount)
    for (index, slot) in slots.enumerated() {
      if case .old(let old) = slot, reloaded[old] == nil { newSectionIndex[old] = index }
    }

    // 2. Items: group by section, validate against the old and new sides.
    var deletions: [Int: [Int]] = [:]
    var seenDeleted = Set<IndexPath>()
    func checkOld(_ indexPath: IndexPath, _ what: String) throws(UpdateError) {
      guard indexPath.section >= 0 && indexPath.section < oldCount,
        indexPath.item >= 0 && indexPath.item < old.sections[indexPath.section].cells.count
      else { throw .outOfRange("\(what) \(indexPath) before the update") }
      guard newSectionIndex[indexPath.section] != nil else {
        throw .conflict("\(what) \(indexPath) is in a section that is deleted or reloaded")
      }
    }
    for indexPath in deletedItems {
      try checkOld(indexPath, "deleted item")
      guard seenDeleted.insert(indexPath).inserted else {
        throw .duplicate("item \(indexPath) deleted twice")
      }
      deletions[indexPath.section, default: []].append(indexPath.item)
    }
    var movedItemMap: [IndexPath: IndexPath] = [:]
    var insertionsBySection: [Int: [(Int, InsertedCell)]] = [:]
    for (from, to) in movedItems {
      try checkOld(from, "moved item")
      guard !seenDeleted.contains(from), movedItemMap[from] == nil else {
        throw .conflict("item \(from) is moved and also deleted or moved again")
      }
      movedItemMap[from] = to
      deletions[from.section, default: []].append(from.item)
      insertionsBySection[to.section, default: []].append((to.item, .moved(from)))
    }
    var changes: [IndexPath: [ItemChange]] = [:]
    for (indexPath, change) in changedItems {
      try checkOld(indexPath, "changed item")
      guard !seenDeleted.contains(indexPath) else {
        throw .conflict("item \(indexPath) is changed and deleted")
      }
      changes[indexPath, default: []].append(change)
    }
    for (indexPath, cell) in insertedItems {
      insertionsBySection[indexPath.section, default: []].append((indexPath.item, .new(cell)))
    }
    for (section, _) in insertionsBySection {
      guard section >= 0 && section < newCount else {
        throw .outOfRange("item inserted or moved into section \(section) of \(newCount) after the update")
      }
      guard case .old(let old) = slots[section], reloaded[old] == nil else {
        throw .conflict(
          "item inserted or moved into section \(section), which is itself inserted or reloaded")
      }
    }

    // 3. Build the new sections.
    var model = old
    if let width { model.configuration.width = width }
    model.sections = []
    model.sections.reserveCapacity(newCount)
    var origins: [SectionOrigin] = []
    var removedItems: [Int: [Int]] = [:]
    var insertedItemIndices: [Int: [Int]] = [:]
    for (index, slot) in slots.enumerated() {
      switch slot {
      case .inserted(let section):
        model.sections.append(section)
        origins.append(.fresh)
      case .old(let oldIndex):
        if let section = reloaded[oldIndex] {
          model.sections.append(section)
          origins.append(.fresh)
          continue
        }
        var section = old.sections[oldIndex]
        let removed = (deletions[oldIndex] ?? []).sorted()
        let inserts = (insertionsBySection[index] ?? []).sorted { $0.0 < $1.0 }
        var changedIndices: [Int] = []
        for (indexPath, list) in changes where indexPath.section == oldIndex {
          for change in list { section.cells[indexPath.item].apply(change) }
          changedIndices.append(indexPath.item)
        }
        if removed.isEmpty && inserts.isEmpty && changedIndices.isEmpty {
          model.sections.append(section)
          origins.append(.unchanged(old: oldIndex))
          continue
        }
        let oldCellCount = section.cells.count
        // Remove from the end, so earlier indices stay valid; each removal copies at most
        // one chunk of the shared cell list.
        for item in removed.reversed() { section.cells.remove(at: item) }
        let newCellCount = oldCellCount - removed.count + inserts.count
        var previous = -1
        for (item, inserted) in inserts {
          guard item >= 0 && item < newCellCount else {
            throw .outOfRange(
              "item inserted or moved to \(IndexPath(item: item, section: index)) of \(newCellCount)")
          }
          guard item != previous else {
            throw .duplicate("two items inserted or moved to \(IndexPath(item: item, section: index))")
          }
          previous = item
          switch inserted {
          case .new(let cell): section.cells.insert(cell, at: item)
          case .moved(let from):
            var cell = old.sections[from.section].cells[from.item]
            for change in changes[from] ?? [] { cell.apply(change) }
            section.cells.insert(cell, at: item)
          }
        }
        let delta = newCellCount - oldCellCount
        let touchedOld = (removed.first.map { [$0] } ?? []) + changedIndices
        let touchedNew = inserts.map(\.0)
        let first = min(touchedOld.min() ?? Int.max, touchedNew.min() ?? Int.max)
        let lastDirty = max(
          touchedNew.max() ?? -1, (max(removed.last ?? -1, changedIndices.max() ?? -1)) + delta)
        model.sections.append(section)
        origins.append(.edited(old: oldIndex, first: first, lastDirty: lastDirty, delta: delta))
        removedItems[oldIndex] = removed
        insertedItemIndices[oldIndex] = touchedNew
      }
    }
    let changedSet = Set(changes.keys)
    return ResolvedUpdate(
      model: model, origins: origins, newSectionIndex: newSectionIndex, removedItems: removedItems,
      insertedItems: insertedItemIndices, changedItems: changedSet, movedItems: movedItemMap)
  }
}

private enum SectionSlot {
  case old(Int)
  case inserted(Section)
}

private enum InsertedCell {
  case new(Cell)
  case moved(IndexPath)
}

extension Cell {
  mutating func apply(_ change: ListUpdate.ItemChange) {
    switch change {
    case .size(let size): self.size = .fixed(size)
    case .traits(let traits): self.traits = traits
    case .attributes(let attributes): self.attributes = attributes
    case .replace(let cell): self = cell
    }
  }
}
