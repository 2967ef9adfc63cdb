extension ListDifference {
  /// The difference that turns `old` into `new` (see ``ListDifference`` for how elements are
  /// matched and what is reported).
  ///
  /// 1. Match sections by key, then by rank among the unkeyed.
  /// 2. Keep a longest increasing run of matched sections in place; the rest move.
  /// 3. Match id-less cells by rank within their matched section.
  /// 4. Walk the cells of sections that stay in place side by side, pairing equal ids, and
  ///    resynchronise after a difference by searching windows that grow by four.
  /// 5. Match what the walk left over by id, the k-th occurrence to the k-th, after taking
  ///    back any walked pair whose id also occurs in the leftovers (duplicates).
  /// 6. In each matched section, keep a longest increasing run of the cells it kept; the rest
  ///    move. Report updates by comparing each matched pair's content.
  ///
  /// - Complexity: O(n + d log n) for n cells of which d are inserted, deleted or moved (or
  ///   on either side of a difference the walk resynchronises over), plus O(s log s) for s
  ///   sections. Ids are hashed only for the d cells, and compared (not hashed) for the rest.
  public init(from old: ListModel, to new: ListModel) {
    var engine = DiffEngine(old: old, new: new)
    engine.run()
    self = engine.result()
  }
}

/// A cell position packed in one integer (section in the high half).
@usableFromInline
typealias PackedPath = Int

@inline(__always) func pack(_ section: Int, _ item: Int) -> PackedPath { section << 32 | item }
@inline(__always) func unpack(_ path: PackedPath) -> (section: Int, item: Int) {
  (path >> 32, path & 0xFFFF_FFFF)
}

/// The diff's working state.
struct DiffEngine {
  let old: ListModel
  let new: ListModel
  /// Per new section: its old section, or -1.
  var oldSectionOf: [Int]
  /// Per old section: its new section, or -1.
  var newSectionOf: [Int]
  /// Per new section: whether it keeps its place (is in the longest increasing run).
  var sectionStays: [Bool]
  /// The ids of the cells of matched sections, read out of their lists once.
  var oldIDs: [ContiguousArray<String?>]
  var newIDs: [ContiguousArray<String?>]
  /// Per new cell: the old cell it matches (packed), or -1.
  var matchOfNew: [ContiguousArray<Int>]
  /// Per old cell: whether it is matched.
  var oldIsMatched: [ContiguousArray<Bool>]
  /// Keyed cells the side-by-side walk did not pair (packed paths).
  var leftoverOld: [PackedPath] = []
  var leftoverNew: [PackedPath] = []

  init(old: ListModel, new: ListModel) {
    self.old = old
    self.new = new
    oldSectionOf = Array(repeating: -1, count: new.sections.count)
    newSectionOf = Array(repeating: -1, count: old.sections.count)
    sectionStays = Array(repeating: false, count: new.sections.count)
    oldIDs = Array(repeating: [], count: old.sections.count)
    newIDs = Array(repeating: [], count: new.sections.count)
    matchOfNew = Array(repeating: [], count: new.sections.count)
    oldIsMatched = Array(repeating: [], count: old.sections.count)
  }

  mutating func run() {
    matchSections()
    let matched = oldSectionOf.indices.filter { oldSectionOf[$0] >= 0 }
    for (position, stays) in zip(matched, increasingRun(matched.map { oldSectionOf[$0] })) {
      sectionStays[position] = stays
    }
    for t in matched {
      let s = oldSectionOf[t]
      oldIDs[s] = old.sections[s].cells.identifiers()
      newIDs[t] = new.sections[t].cells.identifiers()
      matchOfNew[t] = ContiguousArray(repeating: -1, count: newIDs[t].count)
      oldIsMatched[s] = ContiguousArray(repeating: false, count: oldIDs[s].count)
      matchUnkeyedCells(old: s, new: t)
    }
    for t in matched {
      if sectionStays[t] {
        walk(old: oldSectionOf[t], new: t)
      } else {
        collectLeftovers(old: oldSectionOf[t], new: t)
      }
    }
    matchLeftovers()
  }

  // MARK: 1. Sections

  /// Sections match by key (k-th occurrence to k-th), unkeyed ones by rank.
  mutating func matchSections() {
    var keyed: [String: [Int]] = [:]
    var unkeyed: [Int] = []
    for (s, section) in old.sections.enumerated() {
      if let key = section.diffKey { keyed[key, default: []].append(s) } else { unkeyed.append(s) }
    }
    var used: [String: Int] = [:]
    var unkeyedRank = 0
    for (t, section) in new.sections.enumerated() {
      var match = -1
      if let key = section.diffKey {
        let occurrence = used[key, default: 0]
        used[key] = occurrence + 1
        if let list = keyed[key], occurrence < list.count { match = list[occurrence] }
      } else {
        if unkeyedRank < unkeyed.count { match = unkeyed[unkeyedRank] }
        unkeyedRank += 1
      }
      if match >= 0 {
        oldSectionOf[t] = match
        newSectionOf[match] = t
      }
    }
  }

  // MARK: 3. Cells without ids

  mutating func matchUnkeyedCells(old s: Int, new t: Int) {
    var i = 0
    var j = 0
    let a = oldIDs[s]
    let b = newIDs[t]
    while true {
      while i < a.count && a[i] != nil { i += 1 }
      while j < b.count && b[j] != nil { j += 1 }
      guard i < a.count && j < b.count else { return }
      matchOfNew[t][j] = pack(s, i)
      oldIsMatched[s][i] = true
      i += 1
      j += 1
    }
  }

  // MARK: 4. The side-by-side walk

  /// Pairs equal ids of two sections in order, resynchronising after each difference.
  mutating func walk(old s: Int, new t: Int) {
    let a = oldIDs[s]
    let b = newIDs[t]
    var i = 0
    var j = 0
    while true {
      while i < a.count && a[i] == nil { i += 1 }
      while j < b.count && b[j] == nil { j += 1 }
      guard i < a.count && j < b.count else { break }
      if a[i] == b[j] {
        matchOfNew[t][j] = pack(s, i)
        oldIsMatched[s][i] = true
        i += 1
        j += 1
        continue
      }
      let (skipOld, skipNew) = resynchronise(a, i, b, j)
      for k in i..<(i + skipOld) where a[k] != nil { leftoverOld.append(pack(s, k)) }
      for k in j..<(j + skipNew) where b[k] != nil { leftoverNew.append(pack(t, k)) }
      i += skipOld
      j += skipNew
    }
    for k in i..<a.count where a[k] != nil { leftoverOld.append(pack(s, k)) }
    for k in j..<b.count where b[k] != nil { leftoverNew.append(pack(t, k)) }
  }

  /// How many cells to skip on each side so the walk meets equal ids again: the smallest
  /// total found in windows of 16, 64, 256… cells (all that remain when none is found).
  func resynchronise(
    _ a: ContiguousArray<String?>, _ i: Int, _ b: ContiguousArray<String?>, _ j: Int
  ) -> (Int, Int) {
    let remainingA = a.count - i
    let remainingB = b.count - j
    // Small differences: try every split of a growing total.
    for total in 1...16 {
      for skipA in 0...total {
        let skipB = total - skipA
        guard skipA < remainingA && skipB < remainingB else { continue }
        if let id = a[i + skipA], id == b[j + skipB] { return (skipA, skipB) }
      }
    }
    var window = 64
    while true {
      let endA = min(a.count, i + window)
      let endB = min(b.count, j + window)
      var firstInB: [String: Int] = [:]
      firstInB.reserveCapacity(endB - j)
      for k in j..<endB {
        if let id = b[k], firstInB[id] == nil { firstInB[id] = k - j }
      }
      var best: (Int, Int)?
      for k in i..<endA {
        let skipA = k - i
        if let best, skipA >= best.0 + best.1 { break }
        if let id = a[k], let skipB = firstInB[id], skipA + skipB < (best.map { $0.0 + $0.1 } ?? .max) {
          best = (skipA, skipB)
        }
      }
      if let best { return best }
      if endA == a.count && endB == b.count { return (remainingA, remainingB) }
      window *= 4
    }
  }

  /// Every keyed cell of a moved section pair goes to the leftovers.
  mutating func collectLeftovers(old s: Int, new t: Int) {
    let a = oldIDs[s]
    let b = newIDs[t]
    for k in 0..<a.count where a[k] != nil { leftoverOld.append(pack(s, k)) }
    for k in 0..<b.count where b[k] != nil { leftoverNew.append(pack(t, k)) }
  }

  // MARK: 5. Leftovers by id

  mutating func matchLeftovers() {
    guard !leftoverOld.isEmpty || !leftoverNew.isEmpty else { return }
    // Every id among the leftovers, numbered.
    var table = IdentifierTable(capacity: leftoverOld.count + leftoverNew.count)
    for path in leftoverOld { _ = table.insert(oldID(path)) }
    for path in leftoverNew { _ = table.insert(newID(path)) }
    // A walked pair whose id also occurs among the leftovers may not be the k-th to the k-th
    // occurrence: take it back.
    for t in newIDs.indices where oldSectionOf[t] >= 0 && sectionStays[t] {
      let b = newIDs[t]
      for j in b.indices {
        guard let id = b[j], matchOfNew[t][j] >= 0, table.find(id) != nil else { continue }
        let (s, i) = unpack(matchOfNew[t][j])
        matchOfNew[t][j] = -1
        oldIsMatched[s][i] = false
        leftoverOld.append(pack(s, i))
        leftoverNew.append(pack(t, j))
      }
    }
    // The k-th occurrence in the old model matches the k-th in the new: each id's old
    // occurrences in a list threaded through `next`, taken from the front.
    leftoverOld.sort()
    leftoverNew.sort()
    var head = [Int](repeating: -1, count: table.count)
    var next = [Int](repeating: -1, count: leftoverOld.count)
    for k in leftoverOld.indices.reversed() {
      let entry = table.find(oldID(leftoverOld[k]))!
      next[k] = head[entry]
      head[entry] = k
    }
    for path in leftoverNew {
      let entry = table.find(newID(path))!
      let k = head[entry]
      guard k >= 0 else { continue }
      head[entry] = next[k]
      let (s, i) = unpack(leftoverOld[k])
      let (t, j) = unpack(path)
      matchOfNew[t][j] = pack(s, i)
      oldIsMatched[s][i] = true
    }
  }

  func oldID(_ path: PackedPath) -> String {
    let (s, i) = unpack(path)
    return oldIDs[s][i]!
  }

  func newID(_ path: PackedPath) -> String {
    let (t, j) = unpack(path)
    return newIDs[t][j]!
  }

  // MARK: 6. The result

  func result() -> ListDifference {
    var difference = ListDifference()
    if !old.configuration.isSame(as: new.configuration) { difference.configuration = new.configuration }
    for (s, t) in newSectionOf.enumerated() where t < 0 { difference.sections.deleted.append(s) }
    for (t, s) in oldSectionOf.enumerated() {
      guard s >= 0 else {
        difference.sections.inserted.append(t)
        difference.insertedSections.append(new.sections[t])
        continue
      }
      if !sectionStays[t] { difference.sections.moved.append(ListDifference.Move(from: s, to: t)) }
      if !old.sections[s].hasSameOwnProperties(as: new.sections[t]) {
        difference.sections.updated.append(t)
        difference.updatedSections.append(new.sections[t])
      }
    }
    var items = ListDifference.ItemChanges()
    for (s, t) in newSectionOf.enumerated() where t >= 0 {
      let matched = oldIsMatched[s]
      for i in matched.indices where !matched[i] { items.deleted.append(IndexPath(item: i, section: s)) }
    }
    for (t, s) in oldSectionOf.enumerated() where s >= 0 {
      let matches = matchOfNew[t]
      let newCells = CellCursor(new.sections[t].cells)
      var sameSection = CellCursor(old.sections[s].cells)
      var otherSections: [Int: CellCursor] = [:]
      // The cells kept from the same old section, in new order: a longest increasing run of
      // their old positions stays.
      var kept: [Int] = []
      kept.reserveCapacity(matches.count)
      for match in matches where match >= 0 && unpack(match).section == s { kept.append(unpack(match).item) }
      let stays = increasingRun(kept)
      var keptIndex = 0
      for c in newCells.chunks.indices {
        let chunk = newCells.chunks[c]
        let start = newCells.starts[c]
        for k in chunk.indices {
          let j = start + k
          let match = matches[j]
          guard match >= 0 else {
            items.inserted.append(IndexPath(item: j, section: t))
            difference.insertedCells.append(chunk[k])
            continue
          }
          let to = IndexPath(item: j, section: t)
          let (fromSection, fromItem) = unpack(match)
          let same: Bool
          if fromSection == s {
            if !stays[keptIndex] {
              items.moved.append(ListDifference.Move(from: IndexPath(item: fromItem, section: s), to: to))
            }
            keptIndex += 1
            same = sameSection.hasSameContent(at: fromItem, as: chunk, k)
          } else {
            items.moved.append(
              ListDifference.Move(from: IndexPath(item: fromItem, section: fromSection), to: to))
            var cursor =
              otherSections.removeValue(forKey: fromSection) ?? CellCursor(old.sections[fromSection].cells)
            same = cursor.hasSameContent(at: fromItem, as: chunk, k)
            otherSections[fromSection] = cursor
          }
          if !same {
            items.updated.append(to)
            difference.updatedCells.append(chunk[k])
          }
        }
      }
    }
    difference.items = items
    return difference
  }
}

/// Which elements of `values` (distinct integers) form a longest strictly increasing
/// subsequence: patience sorting, with an O(1) path for a value above every pile.
///
/// - Complexity: O(n + m log n), m values out of order.
func increasingRun(_ values: [Int]) -> [Bool] {
  var tails: [Int] = []  // position in `values` of the smallest tail of each length
  var previous = [Int](repeating: -1, count: values.count)
  tails.reserveCapacity(values.count)
  for (position, value) in values.enumerated() {
    if let last = tails.last, values[last] >= value {
      var low = 0
      var high = tails.count - 1
      while low < high {
        let mid = (low + high) >> 1
        if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
      }
      if low > 0 { previous[position] = tails[low - 1] }
      tails[low] = position
    } else {
      if let last = tails.last { previous[position] = last }
      tails.append(position)
    }
  }
  var result = [Bool](repeating: false, count: values.count)
  var position = tails.last ?? -1
  while position >= 0 {
    result[position] = true
    position = previous[position]
  }
  return result
}

/// Strings numbered in the order they are first inserted: an open-addressing table hashed
/// with FNV-1a over the UTF-8 bytes, which costs less than `Hasher` for short ids and answers
/// a miss (the common case when screening every cell) with one probe.
struct IdentifierTable {
  /// Per slot: -1 when empty, else the entry number in the low 32 bits and 31 bits of the
  /// key's hash above them (compared before the key).
  private var slots: [Int]
  private var keys: [String] = []
  private let mask: Int

  init(capacity: Int) {
    var size = 64
    while size < capacity * 4 { size <<= 1 }
    slots = [Int](repeating: -1, count: size)
    mask = size - 1
    keys.reserveCapacity(capacity)
  }

  /// The number of distinct strings inserted.
  var count: Int { keys.count }

  private static func hash(_ string: String) -> UInt64 {
    var string = string
    return string.withUTF8 { bytes in
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      return hash ^ (hash >> 29)
    }
  }

  /// The slot holding `string`, or the empty slot where it would go.
  private func slot(of string: String, hash: UInt64) -> Int {
    let tag = Int(truncatingIfNeeded: hash >> 33)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let value = slots[slot]
      if value < 0 || (value >> 32 == tag && keys[value & 0xFFFF_FFFF] == string) { return slot }
      slot = (slot + 1) & mask
    }
  }

  /// The number of `string`, inserting it if it is new.
  mutating func insert(_ string: String) -> Int {
    let hash = Self.hash(string)
    let slot = slot(of: string, hash: hash)
    if slots[slot] >= 0 { return slots[slot] & 0xFFFF_FFFF }
    slots[slot] = Int(truncatingIfNeeded: hash >> 33) << 32 | keys.count
    keys.append(string)
    return keys.count - 1
  }

  /// The number of `string`, if it was inserted.
  func find(_ string: String) -> Int? {
    let value = slots[slot(of: string, hash: Self.hash(string))]
    return value >= 0 ? value & 0xFFFF_FFFF : nil
  }
}

extension CellList {
  /// The cells' ids in one array, read a chunk at a time.
  func identifiers() -> ContiguousArray<String?> {
    ContiguousArray(unsafeUninitializedCapacity: count) { buffer, initialized in
      var position = 0
      for chunk in chunks {
        chunk.cells.withUnsafeBufferPointer { cells in
          for k in cells.indices {
            (buffer.baseAddress! + position).initialize(to: cells[k].id)
            position += 1
          }
        }
      }
      initialized = position
    }
  }
}

/// Reads the cells of a list by position, fastest when positions mostly increase: it keeps
/// the chunk it last read.
struct CellCursor {
  let chunks: ContiguousArray<ContiguousArray<Cell>>
  /// The first position of each chunk, and the count at the end.
  let starts: ContiguousArray<Int>
  /// The chunk last read, and its cells.
  var chunk = 0
  var current: ContiguousArray<Cell>

  init(_ list: CellList) {
    var chunks = ContiguousArray<ContiguousArray<Cell>>()
    var starts = ContiguousArray<Int>()
    chunks.reserveCapacity(list.chunks.count)
    starts.reserveCapacity(list.chunks.count + 1)
    var start = 0
    for chunk in list.chunks {
      chunks.append(chunk.cells)
      starts.append(start)
      start += chunk.cells.count
    }
    starts.append(start)
    self.chunks = chunks
    self.starts = starts
    current = chunks.first ?? []
  }

  /// Moves to the chunk holding `position`; returns the position within it.
  private mutating func seek(_ position: Int) -> Int {
    if position >= starts[chunk + 1] || position < starts[chunk] {
      if position >= starts[chunk + 1] && chunk + 2 < starts.count && position < starts[chunk + 2] {
        chunk += 1
      } else {
        chunk = Self.search(starts, position)
      }
      current = chunks[chunk]
    }
    return position - starts[chunk]
  }

  private static func search(_ starts: ContiguousArray<Int>, _ position: Int) -> Int {
    var low = 0
    var high = starts.count - 2
    while low < high {
      let mid = (low + high + 1) >> 1
      if starts[mid] <= position { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// Whether the cell at `position` has the content of `other[k]`.
  mutating func hasSameContent(at position: Int, as other: ContiguousArray<Cell>, _ k: Int) -> Bool {
    let local = seek(position)
    return Cell.sameContent(current, local, other, k)
  }

}
