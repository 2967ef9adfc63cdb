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
  /// Cells of matched sections, copied out of their lists once.
  var oldCells: [ContiguousArray<Cell>]
  var newCells: [ContiguousArray<Cell>]
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
    oldCells = Array(repeating: [], count: old.sections.count)
    newCells = Array(repeating: [], count: new.sections.count)
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
      oldCells[s] = ContiguousArray(old.sections[s].cells)
      newCells[t] = ContiguousArray(new.sections[t].cells)
      matchOfNew[t] = ContiguousArray(repeating: -1, count: newCells[t].count)
      oldIsMatched[s] = ContiguousArray(repeating: false, count: oldCells[s].count)
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
    let a = oldCells[s]
    let b = newCells[t]
    while true {
      while i < a.count && a[i].id != nil { i += 1 }
      while j < b.count && b[j].id != nil { j += 1 }
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
    let a = oldCells[s]
    let b = newCells[t]
    var i = 0
    var j = 0
    while true {
      while i < a.count && a[i].id == nil { i += 1 }
      while j < b.count && b[j].id == nil { j += 1 }
      guard i < a.count && j < b.count else { break }
      if a[i].id == b[j].id {
        matchOfNew[t][j] = pack(s, i)
        oldIsMatched[s][i] = true
        i += 1
        j += 1
        continue
      }
      let (skipOld, skipNew) = resynchronise(a, i, b, j)
      for k in i..<(i + skipOld) where a[k].id != nil { leftoverOld.append(pack(s, k)) }
      for k in j..<(j + skipNew) where b[k].id != nil { leftoverNew.append(pack(t, k)) }
      i += skipOld
      j += skipNew
    }
    for k in i..<a.count where a[k].id != nil { leftoverOld.append(pack(s, k)) }
    for k in j..<b.count where b[k].id != nil { leftoverNew.append(pack(t, k)) }
  }

  /// How many cells to skip on each side so the walk meets equal ids again: the smallest
  /// total found in windows of 16, 64, 256… cells (all that remain when none is found).
  func resynchronise(
    _ a: ContiguousArray<Cell>, _ i: Int, _ b: ContiguousArray<Cell>, _ j: Int
  ) -> (Int, Int) {
    let remainingA = a.count - i
    let remainingB = b.count - j
    // Small differences: try every split of a growing total.
    for total in 1...16 {
      for skipA in 0...total {
        let skipB = total - skipA
        guard skipA < remainingA && skipB < remainingB else { continue }
        if let id = a[i + skipA].id, id == b[j + skipB].id { return (skipA, skipB) }
      }
    }
    var window = 64
    while true {
      let endA = min(a.count, i + window)
      let endB = min(b.count, j + window)
      var firstInB: [String: Int] = [:]
      firstInB.reserveCapacity(endB - j)
      for k in j..<endB {
        if let id = b[k].id, firstInB[id] == nil { firstInB[id] = k - j }
      }
      var best: (Int, Int)?
      for k in i..<endA {
        let skipA = k - i
        if let best, skipA >= best.0 + best.1 { break }
        if let id = a[k].id, let skipB = firstInB[id], skipA + skipB < (best.map { $0.0 + $0.1 } ?? .max) {
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
    for (k, cell) in oldCells[s].enumerated() where cell.id != nil { leftoverOld.append(pack(s, k)) }
    for (k, cell) in newCells[t].enumerated() where cell.id != nil { leftoverNew.append(pack(t, k)) }
  }

  // MARK: 5. Leftovers by id

  mutating func matchLeftovers() {
    guard !leftoverOld.isEmpty || !leftoverNew.isEmpty else { return }
    // A walked pair whose id also occurs among the leftovers may not be the k-th to the k-th
    // occurrence: take it back. Ids are screened by a cheap hash before the set look-up.
    var ids = Set<String>()
    var filter = BloomFilter(expected: leftoverOld.count + leftoverNew.count)
    for path in leftoverOld {
      let id = oldCell(path).id!
      if ids.insert(id).inserted { filter.insert(id) }
    }
    for path in leftoverNew {
      let id = newCell(path).id!
      if ids.insert(id).inserted { filter.insert(id) }
    }
    for t in newCells.indices where oldSectionOf[t] >= 0 && sectionStays[t] {
      for (j, cell) in newCells[t].enumerated() {
        guard let id = cell.id, matchOfNew[t][j] >= 0, filter.mayContain(id), ids.contains(id) else {
          continue
        }
        let (s, i) = unpack(matchOfNew[t][j])
        matchOfNew[t][j] = -1
        oldIsMatched[s][i] = false
        leftoverOld.append(pack(s, i))
        leftoverNew.append(pack(t, j))
      }
    }
    // The k-th occurrence in the old model matches the k-th in the new.
    leftoverOld.sort()
    leftoverNew.sort()
    var occurrences: [String: (paths: [PackedPath], next: Int)] = [:]
    occurrences.reserveCapacity(leftoverOld.count)
    for path in leftoverOld { occurrences[oldCell(path).id!, default: ([], 0)].paths.append(path) }
    for path in leftoverNew {
      let id = newCell(path).id!
      guard let entry = occurrences[id], entry.next < entry.paths.count else { continue }
      occurrences[id]!.next += 1
      let (s, i) = unpack(entry.paths[entry.next])
      let (t, j) = unpack(path)
      matchOfNew[t][j] = pack(s, i)
      oldIsMatched[s][i] = true
    }
  }

  func oldCell(_ path: PackedPath) -> Cell {
    let (s, i) = unpack(path)
    return oldCells[s][i]
  }

  func newCell(_ path: PackedPath) -> Cell {
    let (t, j) = unpack(path)
    return newCells[t][j]
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
      for (i, matched) in oldIsMatched[s].enumerated() where !matched {
        items.deleted.append(IndexPath(item: i, section: s))
      }
    }
    for (t, s) in oldSectionOf.enumerated() where s >= 0 {
      let matches = matchOfNew[t]
      // The cells kept from the same old section, in new order: a longest increasing run of
      // their old positions stays.
      var kept: [Int] = []
      for match in matches where match >= 0 && unpack(match).section == s { kept.append(unpack(match).item) }
      let stays = increasingRun(kept)
      var keptIndex = 0
      for (j, match) in matches.enumerated() {
        let to = IndexPath(item: j, section: t)
        guard match >= 0 else {
          items.inserted.append(to)
          difference.insertedCells.append(newCells[t][j])
          continue
        }
        let (fromSection, fromItem) = unpack(match)
        if fromSection == s {
          if !stays[keptIndex] {
            items.moved.append(ListDifference.Move(from: IndexPath(item: fromItem, section: s), to: to))
          }
          keptIndex += 1
        } else {
          items.moved.append(
            ListDifference.Move(from: IndexPath(item: fromItem, section: fromSection), to: to))
        }
        if !oldCells[fromSection][fromItem].hasSameContent(as: newCells[t][j]) {
          items.updated.append(to)
          difference.updatedCells.append(newCells[t][j])
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

/// A set of strings that may answer "maybe" for a string it does not hold, hashed with
/// FNV-1a over the UTF-8 bytes (cheaper than `Hasher` for screening many short ids).
struct BloomFilter {
  private var bits: [UInt64]
  private let mask: Int

  init(expected: Int) {
    var size = 64
    while size < expected * 16 { size <<= 1 }
    bits = [UInt64](repeating: 0, count: size / 64)
    mask = size - 1
  }

  private static func hash(_ string: String) -> UInt64 {
    var string = string
    return string.withUTF8 { bytes in
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      return hash
    }
  }

  mutating func insert(_ string: String) {
    let hash = Self.hash(string)
    for bit in [Int(truncatingIfNeeded: hash) & mask, Int(truncatingIfNeeded: hash >> 32) & mask] {
      bits[bit >> 6] |= 1 << UInt64(bit & 63)
    }
  }

  func mayContain(_ string: String) -> Bool {
    let hash = Self.hash(string)
    let first = Int(truncatingIfNeeded: hash) & mask
    let second = Int(truncatingIfNeeded: hash >> 32) & mask
    return bits[first >> 6] & (1 << UInt64(first & 63)) != 0
      && bits[second >> 6] & (1 << UInt64(second & 63)) != 0
  }
}
