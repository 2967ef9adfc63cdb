/// How a section of the updated model relates to the snapshot's.
enum SectionOrigin {
  /// New or reloaded: lay it out from scratch.
  case fresh
  /// The old section `old`, with no item edits.
  case unchanged(old: Int)
  /// The old section `old` with item edits (see ``SectionEdit``).
  case edited(old: Int, edit: SectionEdit)
}

/// An update resolved against a model: the new model, where each section came from, and how
/// to follow an old index path to its new place.
struct ResolvedUpdate {
  var model: ListModel
  var origins: SectionMap<SectionOrigin>
  /// For each old section, its new index (`nil` when deleted or reloaded).
  var newSectionIndex: SectionMap<Int?>
  /// Per old section with item edits: removed old items and inserted new items, sorted.
  var removedItems: [Int: [Int]]
  var insertedItems: [Int: [Int]]
  var movedItems: [ListIndexPath: ListIndexPath]

  /// Where the cell at old `indexPath` is after the update, if it survives unmoved and
  /// unreplaced.
  func newIndexPath(of indexPath: ListIndexPath) -> ListIndexPath? {
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
    return ListIndexPath(item: position, section: section)
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
  ///
  /// 1. ``planSections(oldCount:)``: validate the section operations and order the new
  ///    sections.
  /// 2. ``groupItemEdits(against:plan:)``: validate the item operations and group them by
  ///    section.
  /// 3. ``buildSection(_:at:from:plan:edits:)``: make each new section and say where it came
  ///    from.
  ///
  /// `target`, when given, is a model known to hold the cells this update produces from
  /// `old` (the new model of a difference computed from `old`): each edited section then
  /// takes its cell list from there instead of splicing the edits into the old one.
  ///
  /// - Complexity: O(c log c) for c operations, plus the cost of editing the touched cell
  ///   lists (none with `target`), plus one copy of the model's array of sections
  ///   (references only); plus O(s) for s sections when the update inserts, deletes, reloads
  ///   or moves sections.
  func resolve(against old: ListModel, target: ListModel? = nil) throws(UpdateError) -> ResolvedUpdate {
    let plan = try planSections(oldCount: old.sections.count)
    let edits = try groupItemEdits(against: old, plan: plan)
    var model = old
    if let width { model.configuration.width = width }
    var origins: SectionMap<SectionOrigin>
    var removedItems: [Int: [Int]] = [:]
    var insertedItems: [Int: [Int]] = [:]
    func note(_ built: BuiltSection) {
      if case .edited(let oldIndex, _) = built.origin {
        removedItems[oldIndex] = built.removed
        insertedItems[oldIndex] = built.inserted
      }
    }
    if plan.slots.isInPlace {
      // Sections stay where they are: build only those with item edits, and share the rest
      // (the one O(s) step left is the copy of the model's array of sections).
      origins = SectionMap(inPlace: plan.slots.count)
      for index in edits.editedSections {
        let built = try buildSection(
          .old(index), at: index, from: old, plan: plan, edits: edits, target: target)
        model.sections[index] = built.section
        origins[index] = built.origin
        note(built)
      }
    } else {
      model.sections = []
      model.sections.reserveCapacity(plan.slots.count)
      var all: [SectionOrigin] = []
      all.reserveCapacity(plan.slots.count)
      for (index, slot) in plan.slots.enumerated() {
        let built = try buildSection(slot, at: index, from: old, plan: plan, edits: edits, target: target)
        model.sections.append(built.section)
        all.append(built.origin)
        note(built)
      }
      origins = SectionMap(all)
    }
    try applyCollapses(to: &model, origins: &origins, plan: plan, oldCount: old.sections.count)
    return ResolvedUpdate(
      model: model, origins: origins, newSectionIndex: plan.newSectionIndex, removedItems: removedItems,
      insertedItems: insertedItems, movedItems: edits.moved)
  }

  /// Sets the collapsed state of the sections ``collapsedSections`` names (old indices, each
  /// once, not deleted or reloaded) in the updated `model`, and lists them among the
  /// sections the relayout visits (keeping their origin: their cells do not move).
  ///
  /// - Complexity: O(k log s) for k sections named.
  func applyCollapses(
    to model: inout ListModel, origins: inout SectionMap<SectionOrigin>, plan: SectionPlan, oldCount: Int
  ) throws(UpdateError) {
    guard !collapsedSections.isEmpty else { return }
    var seen = Set<Int>()
    for (index, collapsed) in collapsedSections {
      guard index >= 0 && index < oldCount else {
        throw .outOfRange("collapsed or expanded section \(index) of \(oldCount)")
      }
      guard seen.insert(index).inserted else {
        throw .duplicate("section \(index) collapsed or expanded twice")
      }
      guard let new = plan.newSectionIndex[index] else {
        throw .conflict("section \(index) is collapsed or expanded and also deleted or reloaded")
      }
      model.sections[new].collapsed = collapsed
      origins[new] = origins[new]
    }
  }

  /// The section operations, validated: what fills each new section slot, which old sections
  /// are reloaded, and each old section's new index.
  ///
  /// - Complexity: O(1) without section operations (every section stays in place), else
  ///   O(c + s).
  func planSections(oldCount: Int) throws(UpdateError) -> SectionPlan {
    if deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty
      && movedSections.isEmpty
    {
      return SectionPlan(
        slots: SectionMap(inPlace: oldCount), reloaded: [:], newSectionIndex: SectionMap(inPlace: oldCount))
    }
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
    let newCount = oldCount - removedSections.count + insertedSections.count
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
    return SectionPlan(
      slots: SectionMap(slots), reloaded: reloaded, newSectionIndex: SectionMap(newSectionIndex))
  }

  /// The item operations, validated against the old and new sides and grouped by section.
  ///
  /// - Complexity: O(c) expected (hashing).
  func groupItemEdits(against old: ListModel, plan: SectionPlan) throws(UpdateError) -> ItemEdits {
    let oldCount = old.sections.count
    let newCount = plan.slots.count
    var edits = ItemEdits()
    var seenDeleted = Set<ListIndexPath>()
    func checkOld(_ indexPath: ListIndexPath, _ what: String) throws(UpdateError) {
      guard indexPath.section >= 0 && indexPath.section < oldCount,
        indexPath.item >= 0
          && indexPath.item < old.sections.withElement(at: indexPath.section, { $0.cells.count })
      else { throw .outOfRange("\(what) \(indexPath) before the update") }
      guard plan.newSectionIndex[indexPath.section] != nil else {
        throw .conflict("\(what) \(indexPath) is in a section that is deleted or reloaded")
      }
    }
    for indexPath in deletedItems {
      try checkOld(indexPath, "deleted item")
      guard seenDeleted.insert(indexPath).inserted else {
        throw .duplicate("item \(indexPath) deleted twice")
      }
      edits.deletions[indexPath.section, default: []].append(indexPath.item)
    }
    for (from, to) in movedItems {
      try checkOld(from, "moved item")
      guard !seenDeleted.contains(from), edits.moved[from] == nil else {
        throw .conflict("item \(from) is moved and also deleted or moved again")
      }
      edits.moved[from] = to
      edits.deletions[from.section, default: []].append(from.item)
      edits.insertions[to.section, default: []].append((to.item, .moved(from)))
    }
    for (indexPath, change) in changedItems {
      try checkOld(indexPath, "changed item")
      guard !seenDeleted.contains(indexPath) else {
        throw .conflict("item \(indexPath) is changed and deleted")
      }
      if edits.changes[indexPath] == nil {
        edits.changedItemsBySection[indexPath.section, default: []].append(indexPath.item)
      }
      edits.changes[indexPath, default: []].append(change)
    }
    for (indexPath, cell) in insertedItems {
      edits.insertions[indexPath.section, default: []].append((indexPath.item, .new(cell)))
    }
    for section in edits.insertions.keys {
      guard section >= 0 && section < newCount else {
        throw .outOfRange("item inserted or moved into section \(section) of \(newCount) after the update")
      }
      guard case .old(let old) = plan.slots[section], plan.reloaded[old] == nil else {
        throw .conflict(
          "item inserted or moved into section \(section), which is itself inserted or reloaded")
      }
    }
    return edits
  }

  /// New section `index`, made from its slot: a new or reloaded section as given, an old
  /// section with its item edits applied (its cells taken from section `index` of `target`
  /// when given, see ``resolve(against:target:)``), and where it came from.
  ///
  /// - Complexity: O(e log e) for e edits to the section, plus the cell list's edits.
  func buildSection(
    _ slot: SectionSlot, at index: Int, from old: ListModel, plan: SectionPlan, edits: ItemEdits,
    target: ListModel? = nil
  ) throws(UpdateError) -> BuiltSection {
    let oldIndex: Int
    switch slot {
    case .inserted(let section): return BuiltSection(section: section, origin: .fresh)
    case .old(let index): oldIndex = index
    }
    if let section = plan.reloaded[oldIndex] { return BuiltSection(section: section, origin: .fresh) }
    var section = old.sections[oldIndex]
    let removed = (edits.deletions[oldIndex] ?? []).sorted()
    let inserts = (edits.insertions[index] ?? []).sorted { $0.0 < $1.0 }
    let changedIndices = edits.changedItemsBySection[oldIndex] ?? []
    if removed.isEmpty && inserts.isEmpty && changedIndices.isEmpty {
      return BuiltSection(section: section, origin: .unchanged(old: oldIndex))
    }
    let oldCellCount = section.cells.count
    let newCellCount = oldCellCount - removed.count + inserts.count
    var previous = -1
    for (item, _) in inserts {
      guard item >= 0 && item < newCellCount else {
        throw .outOfRange(
          "item inserted or moved to \(ListIndexPath(item: item, section: index)) of \(newCellCount)")
      }
      guard item != previous else {
        throw .duplicate("two items inserted or moved to \(ListIndexPath(item: item, section: index))")
      }
      previous = item
    }
    let editCount = removed.count + inserts.count + changedIndices.count
    if let target, index < target.sections.count, target.sections[index].cells.count == newCellCount {
      section.cells = target.sections[index].cells
    } else if editCount > Self.spliceThreshold && editCount * CellList.chunkCapacity > oldCellCount / 4 {
      section.cells = Self.splice(
        section.cells, removing: removed, inserting: inserts, changing: changedIndices.sorted(), from: old,
        section: oldIndex, edits: edits)
    } else {
      for item in changedIndices {
        for change in edits.changes[ListIndexPath(item: item, section: oldIndex)] ?? [] {
          section.cells[item].apply(change)
        }
      }
      // Remove from the end, so earlier indices stay valid; each removal copies at most one
      // chunk of the shared cell list.
      for item in removed.reversed() { section.cells.remove(at: item) }
      for (item, inserted) in inserts {
        section.cells.insert(Self.cell(inserted, from: old, edits: edits), at: item)
      }
    }
    let delta = newCellCount - oldCellCount
    let touchedNew = inserts.map(\.0)
    let first = min(removed.first ?? Int.max, changedIndices.min() ?? Int.max, touchedNew.first ?? Int.max)
    let lastDirty = max(touchedNew.last ?? -1, max(removed.last ?? -1, changedIndices.max() ?? -1) + delta)
    let edit = SectionEdit(
      first: first, lastDirty: lastDirty, delta: delta,
      groups: Self.editGroups(removing: removed, inserting: touchedNew, changing: changedIndices.sorted()))
    return BuiltSection(
      section: section, origin: .edited(old: oldIndex, edit: edit),
      removed: removed, inserted: touchedNew)

  }
}

extension ListUpdate {
  /// The number of item edits to one section above which its cell list is rebuilt in one
  /// pass (``splice(_:removing:inserting:changing:from:section:edits:)``) rather than edited
  /// cell by cell, when the edits also touch a sizeable part of its chunks.
  static var spliceThreshold: Int { LayoutTuning.cellListSpliceThreshold }

  /// Changes closer than this many cells apart form one ``EditGroup``.
  static var groupGap: Int { LayoutTuning.editGroupGap }

  /// The edits of one section as groups of nearby changes, in order: the sorted old items
  /// `removed`, the sorted new positions `inserted`, the sorted old items `changed`.
  ///
  /// - Complexity: O(e) for e edits.
  static func editGroups(
    removing removed: [Int], inserting inserted: [Int], changing changed: [Int]
  )
    -> [EditGroup]
  {
    var groups: [EditGroup] = []
    func note(_ item: Int, before: Int, after: Int) {
      if let last = groups.last, item - last.lastDirty <= groupGap {
        groups[groups.count - 1].lastDirty = max(last.lastDirty, item)
        groups[groups.count - 1].deltaAfter = after
      } else {
        groups.append(EditGroup(first: item, lastDirty: item, deltaBefore: before, deltaAfter: after))
      }
    }
    var delta = 0  // new index − old index of the next untouched old cell
    var r = 0
    var k = 0
    var c = 0
    while true {
      let nextOld = min(r < removed.count ? removed[r] : Int.max, c < changed.count ? changed[c] : Int.max)
      let position = nextOld == Int.max ? Int.max : nextOld + delta
      if k < inserted.count && inserted[k] <= position {
        // A cell inserted where the old cell would land goes before it.
        note(inserted[k], before: delta, after: delta + 1)
        delta += 1
        k += 1
      } else if nextOld == Int.max {
        return groups
      } else if r < removed.count && removed[r] == nextOld {
        // The cell that follows a removed one is placed anew.
        note(position, before: delta, after: delta - 1)
        delta -= 1
        r += 1
        if c < changed.count && changed[c] == nextOld { c += 1 }
      } else {
        note(position, before: delta, after: delta)
        c += 1
      }
    }
  }

  /// The cell an insertion puts in place: a new cell, or a moved one with its changes.
  static func cell(_ inserted: InsertedCell, from old: ListModel, edits: ItemEdits) -> Cell {
    switch inserted {
    case .new(let cell): return cell
    case .moved(let from):
      // Read in place: a copy of the section would copy all its fields.
      var cell = old.sections.withElement(at: from.section) { $0.cells[from.item] }
      for change in edits.changes[from] ?? [] { cell.apply(change) }
      return cell
    }
  }

  /// `cells` with the sorted old items `removed` taken out, `changed` ones changed and the
  /// cells of `inserts` (sorted, validated new positions) put in, built in one pass: chunks
  /// no edit touches are shared with `cells`, the others copied once.
  ///
  /// - Complexity: O(n / k + t·k + e) for n cells in chunks of k, t of them touched by the
  ///   e edits; a run counts as one chunk, but for a chunk written out around each edit in it.
  static func splice(
    _ cells: CellList, removing removed: [Int], inserting inserts: [(Int, InsertedCell)],
    changing changed: [Int],
    from old: ListModel, section oldIndex: Int, edits: ItemEdits
  ) -> CellList {
    var builder = CellList.Builder()
    var r = 0  // next removed
    var c = 0  // next changed
    var k = 0  // next insertion
    var j = 0  // the next new position
    func insertDue() -> Bool { k < inserts.count && inserts[k].0 == j }
    func splice(_ leaf: CellList.Node, first: Int) {
      let end = first + leaf.count
      while insertDue() {
        builder.append(cell(inserts[k].1, from: old, edits: edits))
        k += 1
        j += 1
      }
      while c < changed.count && changed[c] < first { c += 1 }
      let untouched =
        (r == removed.count || removed[r] >= end) && (c == changed.count || changed[c] >= end)
        && (k == inserts.count || inserts[k].0 >= j + leaf.count)
      if untouched {
        builder.append(leaf: leaf)
        j += leaf.count
        return
      }
      // Runs of untouched cells between the edits are copied in bulk.
      var run = 0  // the first local index not yet copied
      for local in 0..<leaf.count {
        let item = first + local
        let removes = r < removed.count && removed[r] == item
        while c < changed.count && changed[c] < item { c += 1 }
        let changes = !removes && c < changed.count && changed[c] == item
        guard removes || changes || insertDue() else {
          j += 1
          continue
        }
        builder.append(contentsOf: leaf.cells[run..<local])
        run = local
        while insertDue() {
          builder.append(cell(inserts[k].1, from: old, edits: edits))
          k += 1
          j += 1
        }
        if removes {
          r += 1
          run = local + 1
        } else if changes {
          var cell = leaf.cells[local]
          for change in edits.changes[ListIndexPath(item: item, section: oldIndex)] ?? [] {
            cell.apply(change)
          }
          builder.append(cell)
          c += 1
          j += 1
          run = local + 1
        } else {
          j += 1
        }
      }
      builder.append(contentsOf: leaf.cells[run..<leaf.count])
    }
    // A run stays a run but for a chunk's worth of cells around each edit inside it.
    cells.forEachLeaf { leaf, first in
      guard leaf.run != nil else {
        splice(leaf, first: first)
        return true
      }
      let end = first + leaf.count
      var start = first
      while start < end {
        // The first old cell from `start` an edit touches (until an edit, old and new
        // positions advance together).
        while c < changed.count && changed[c] < start { c += 1 }
        var touched = end
        if r < removed.count { touched = min(touched, removed[r]) }
        if c < changed.count { touched = min(touched, changed[c]) }
        if k < inserts.count { touched = min(touched, start + inserts[k].0 - j) }
        touched = max(touched, start)
        if touched > start {
          splice(leaf.runSlice((start - first)..<(touched - first)), first: start)
          start = touched
        }
        guard start < end else { break }
        let windowEnd = min(end, start + CellList.chunkCapacity)
        splice(CellList.Node(cells: leaf.materialized((start - first)..<(windowEnd - first))), first: start)
        start = windowEnd
      }
      return true
    }
    while k < inserts.count {
      builder.append(cell(inserts[k].1, from: old, edits: edits))
      k += 1
    }
    return builder.list()
  }
}

/// A section of the updated model, where it came from, and (when edited) its removed old
/// items and inserted new items, sorted.
struct BuiltSection {
  var section: Section
  var origin: SectionOrigin
  var removed: [Int] = []
  var inserted: [Int] = []
}

/// What fills each section slot after an update (``ListUpdate/planSections(oldCount:)``).
struct SectionPlan {
  var slots: SectionMap<SectionSlot>
  /// Old sections replaced by a new one, by old index.
  var reloaded: [Int: Section]
  /// For each old section, its new index (`nil` when deleted or reloaded).
  var newSectionIndex: SectionMap<Int?>
}

/// The item operations of an update grouped by section (``ListUpdate/groupItemEdits(against:plan:)``).
struct ItemEdits {
  /// Per old section, the old items removed (deleted or moved away), unsorted.
  var deletions: [Int: [Int]] = [:]
  /// Per new section, the new items inserted or moved in, unsorted.
  var insertions: [Int: [(Int, InsertedCell)]] = [:]
  /// The changes to each old item, in the order given.
  var changes: [ListIndexPath: [ListUpdate.ItemChange]] = [:]
  /// Per old section, the old items with changes, each once.
  var changedItemsBySection: [Int: [Int]] = [:]
  /// Moved items: old index path to new.
  var moved: [ListIndexPath: ListIndexPath] = [:]

  /// The sections with item edits, in order, when sections stay in place (old and new
  /// section indices are the same).
  var editedSections: [Int] {
    // An array sorted and deduplicated, not sets: an edit names a few sections.
    var sections = Array(deletions.keys)
    sections.append(contentsOf: insertions.keys)
    sections.append(contentsOf: changedItemsBySection.keys)
    sections.sort()
    var unique: [Int] = []
    unique.reserveCapacity(sections.count)
    for section in sections where section != unique.last { unique.append(section) }
    return unique
  }
}

enum SectionSlot {
  case old(Int)
  case inserted(Section)
}

enum InsertedCell {
  case new(Cell)
  case moved(ListIndexPath)
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
