extension LayoutSnapshot {
  /// Applies a difference (from ``ListDifference/init(from:to:)``, or read from JSON) and
  /// returns the new layout, anchored as ``applying(_:anchor:)-(ListUpdate,_)`` anchors a batch.
  ///
  /// The batch is applied incrementally: each touched section's cell list is rebuilt once
  /// (untouched chunks shared) — or, when the difference was computed by
  /// ``ListDifference/init(from:to:)`` from this snapshot's model and not changed since,
  /// taken from the new model as it is — and only the lines around each group of nearby
  /// changes are reflowed, the old pages between them kept. Sections whose own properties changed are
  /// laid out again whole; a changed configuration lays out every section. The result equals a full layout of the new model (checked by differential
  /// tests).
  ///
  /// - Throws: ``UpdateError`` when the difference does not fit this snapshot's model (an
  ///   index out of range, a count of new content that does not match its positions…).
  /// - Complexity: as ``applying(_:anchor:)-(ListUpdate,_)``, plus O(d log d) for d operations, plus the
  ///   cells of updated sections.
  public func applying(
    _ difference: ListDifference, anchor: ScrollAnchor? = nil
  ) throws(UpdateError) -> UpdateResult {
    try applying(resolving(difference), layingOutWhole: difference.configuration != nil, anchor: anchor)
  }

  /// `difference` resolved against this snapshot's model: its batch update, the updated
  /// sections' own values, and its configuration.
  func resolving(_ difference: ListDifference) throws(UpdateError) -> ResolvedUpdate {
    let update = try difference.batch(against: model)
    // A difference computed from this very model produces its new model's cells: share them.
    let target = difference.source.flatMap { $0.old.sharesCells(with: model) ? $0.new : nil }
    var resolved = try update.resolve(against: model, target: target)
    for (n, t) in difference.sections.updated.enumerated() {
      guard t >= 0 && t < resolved.model.sections.count else {
        throw .outOfRange("updated section \(t) of \(resolved.model.sections.count)")
      }
      let source = difference.updatedSections[n]
      var section = resolved.model.sections[t]
      // Only its separator, collapsed state or pinning changed: its cells stay where they
      // are (the geometry is restyled, O(1)); else it is laid out again whole.
      var restyled = section
      restyled.separator = source.separator
      restyled.collapsed = source.collapsed
      restyled.pinHeader = source.pinHeader
      restyled.pinFooter = source.pinFooter
      let placesCellsAsBefore = restyled.hasSameOwnProperties(as: source)
      section = restyled
      section.id = source.id
      section.header = source.header
      section.footer = source.footer
      section.background = source.background
      section.attributes = source.attributes
      section.layout = source.layout
      resolved.model.sections[t] = section
      if placesCellsAsBefore {
        // Listed among the sections the relayout visits, with the origin it had.
        resolved.origins[t] = resolved.origins[t]
      } else {
        resolved.origins[t] = .fresh
      }
    }
    if let configuration = difference.configuration { resolved.model.configuration = configuration }
    return resolved
  }
}

extension ListDifference {
  /// The batch that performs the section and cell operations on `model` (updated cells are
  /// reloads at their old index paths); section properties and the configuration are not
  /// part of it.
  ///
  /// - Throws: ``UpdateError`` when the content does not match the positions in number, or
  ///   an updated cell's position cannot be traced back.
  /// - Complexity: O(d log d) for d operations.
  func batch(against model: ListModel) throws(UpdateError) -> ListUpdate {
    guard insertedSections.count == sections.inserted.count else {
      throw .conflict("\(sections.inserted.count) sections inserted but \(insertedSections.count) given")
    }
    guard updatedSections.count == sections.updated.count else {
      throw .conflict("\(sections.updated.count) sections updated but \(updatedSections.count) given")
    }
    guard insertedCells.count == items.inserted.count else {
      throw .conflict("\(items.inserted.count) cells inserted but \(insertedCells.count) given")
    }
    guard updatedCells.count == items.updated.count else {
      throw .conflict("\(items.updated.count) cells updated but \(updatedCells.count) given")
    }
    var update = ListUpdate()
    update.deletedSections = sections.deleted
    update.insertedSections = Array(zip(sections.inserted, insertedSections))
    update.movedSections = sections.moved.map { ($0.from, $0.to) }
    update.deletedItems = items.deleted
    update.insertedItems = Array(zip(items.inserted, insertedCells))
    update.movedItems = items.moved.map { ($0.from, $0.to) }
    guard !items.updated.isEmpty else { return update }
    // Updated cells are named after the update; a reload names them before it.
    let tracer = PositionTracer(self, oldSectionCount: model.sections.count)
    for (to, cell) in zip(items.updated, updatedCells) {
      guard let from = tracer.oldIndexPath(of: to) else {
        throw .conflict("updated item \(to) is inserted or in an inserted section")
      }
      update.changedItems.append((from, .replace(cell)))
    }
    return update
  }
}

extension ListModel {
  /// Whether `other` has as many sections and each section's cells are the same storage as
  /// this model's (copies of one value, not merely equal cells).
  ///
  /// - Complexity: O(s) for s sections.
  func sharesCells(with other: ListModel) -> Bool {
    sections.count == other.sections.count
      && zip(sections, other.sections).allSatisfy { $0.cells.root === $1.cells.root }
  }
}

/// Follows a position after an update back to the position before it.
struct PositionTracer {
  /// Old sections removed (deleted or moved away) and new sections added (inserted or moved
  /// in), sorted.
  var removedSections: [Int]
  var addedSections: [Int]
  /// Section moves by destination and by source.
  var sectionMoves: [Int: Int]
  var sectionMovesForward: [Int: Int]
  /// Per old section: old items removed; per new section: new items added; sorted.
  var removedItems: [Int: [Int]] = [:]
  var addedItems: [Int: [Int]] = [:]
  /// Cell moves by destination and by source.
  var itemMoves: [ListIndexPath: ListIndexPath] = [:]
  var itemMovesForward: [ListIndexPath: ListIndexPath] = [:]

  init(_ difference: ListDifference, oldSectionCount: Int) {
    removedSections = (difference.sections.deleted + difference.sections.moved.map(\.from)).sorted()
    addedSections = (difference.sections.inserted + difference.sections.moved.map(\.to)).sorted()
    sectionMoves = Dictionary(
      difference.sections.moved.map { ($0.to, $0.from) }, uniquingKeysWith: { first, _ in first })
    sectionMovesForward = Dictionary(
      difference.sections.moved.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first })
    for path in difference.items.deleted { removedItems[path.section, default: []].append(path.item) }
    for path in difference.items.inserted { addedItems[path.section, default: []].append(path.item) }
    for move in difference.items.moved {
      removedItems[move.from.section, default: []].append(move.from.item)
      addedItems[move.to.section, default: []].append(move.to.item)
      itemMoves[move.to] = move.from
      itemMovesForward[move.from] = move.to
    }
    for key in removedItems.keys { removedItems[key]!.sort() }
    for key in addedItems.keys { addedItems[key]!.sort() }
  }

  func oldSection(of t: Int) -> Int? {
    if let from = sectionMoves[t] { return from }
    return Self.trace(t, removed: removedSections, added: addedSections)
  }

  func oldIndexPath(of path: ListIndexPath) -> ListIndexPath? {
    if let from = itemMoves[path] { return from }
    guard let s = oldSection(of: path.section),
      let item = Self.trace(path.item, removed: removedItems[s] ?? [], added: addedItems[path.section] ?? [])
    else { return nil }
    return ListIndexPath(item: item, section: s)
  }

  /// The old index of new index `x` in a sequence from which the sorted `removed` old
  /// indices were taken and into which the sorted `added` new indices were put; `nil` when
  /// `x` itself was added.
  static func trace(_ x: Int, removed: [Int], added: [Int]) -> Int? {
    guard !added.binarySearchContains(x) else { return nil }
    let rank = x - added.countBelow(x)  // among the kept elements
    // The smallest old index i not removed with i - #removed below i == rank.
    var low = rank
    var high = rank + removed.count
    while low < high {
      let mid = (low + high) >> 1
      if mid - removed.countBelow(mid + 1) < rank { low = mid + 1 } else { high = mid }
    }
    return low
  }
}
