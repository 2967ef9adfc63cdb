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
  /// - Complexity: O(n + d log d) for n cells of which d are inserted, deleted or moved (or
  ///   on either side of a difference the walk resynchronises over), plus O(s log s) for s
  ///   sections: the leftovers are sorted, and the longest increasing runs are found over
  ///   blocks of consecutive cells (`KeptBlocks`), never over every cell. The walk compares
  ///   ids where they lie, in the cell lists' chunks (nothing is copied out); only the d
  ///   leftovers are entered in a table, which every walked id is then looked up in once (for
  ///   duplicates).
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
  /// The cells of matched sections, read in place (``CellColumn``).
  var oldIDs: [CellColumn?]
  var newIDs: [CellColumn?]
  /// Per new cell: the old cell it matches (packed), or -1.
  var matchOfNew: [ContiguousArray<Int>]
  /// Per old cell: whether it is matched.
  var oldIsMatched: [ContiguousArray<Bool>]
  /// Keyed cells the side-by-side walk did not pair (packed paths), with their ids.
  var leftoverOld: [(path: PackedPath, id: String, entry: Int)] = []
  var leftoverNew: [(path: PackedPath, id: String, entry: Int)] = []
  /// Per new section that stays: for each cell the walk paired, its id's
  /// ``IdentifierTable/screen(_:)`` value (0 elsewhere), taken while the id was at hand.
  var walkedScreens: [ContiguousArray<UInt32>]

  init(old: ListModel, new: ListModel) {
    self.old = old
    self.new = new
    oldSectionOf = Array(repeating: -1, count: new.sections.count)
    newSectionOf = Array(repeating: -1, count: old.sections.count)
    sectionStays = Array(repeating: false, count: new.sections.count)
    oldIDs = Array(repeating: nil, count: old.sections.count)
    newIDs = Array(repeating: nil, count: new.sections.count)
    matchOfNew = Array(repeating: [], count: new.sections.count)
    oldIsMatched = Array(repeating: [], count: old.sections.count)
    walkedScreens = Array(repeating: [], count: new.sections.count)
  }

  mutating func run() {
    matchSections()
    let matched = oldSectionOf.indices.filter { oldSectionOf[$0] >= 0 }
    let staying = heaviestIncreasingRun(
      keys: matched.map { oldSectionOf[$0] }, weights: [Int](repeating: 1, count: matched.count))
    for (position, stays) in zip(matched, staying) { sectionStays[position] = stays }
    for t in matched {
      let s = oldSectionOf[t]
      oldIDs[s] = CellColumn(old.sections[s].cells)
      newIDs[t] = CellColumn(new.sections[t].cells)
      matchOfNew[t] = ContiguousArray(repeating: -1, count: new.sections[t].cells.count)
      oldIsMatched[s] = ContiguousArray(repeating: false, count: old.sections[s].cells.count)
    }
    // One pass over each matched pair of sections: the walk (or collecting the leftovers of
    // a pair that moves) also notes the cells without ids, matched by rank afterwards.
    for t in matched {
      var unkeyed = UnkeyedCells()
      if sectionStays[t] {
        walk(old: oldSectionOf[t], new: t, unkeyed: &unkeyed)
      } else {
        collectLeftovers(old: oldSectionOf[t], new: t, unkeyed: &unkeyed)
      }
      matchUnkeyedCells(old: oldSectionOf[t], new: t, unkeyed)
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

  /// The positions of the cells without ids of a pair of sections, in order.
  struct UnkeyedCells {
    var old: [Int] = []
    var new: [Int] = []
  }

  /// The k-th cell without an id of the old section matches the k-th of the new one.
  mutating func matchUnkeyedCells(old s: Int, new t: Int, _ unkeyed: UnkeyedCells) {
    for (i, j) in zip(unkeyed.old, unkeyed.new) {
      matchOfNew[t][j] = pack(s, i)
      oldIsMatched[s][i] = true
    }
  }

  // MARK: 4. The side-by-side walk

  /// Pairs equal ids of two sections in order, resynchronising after each difference.
  mutating func walk(old s: Int, new t: Int, unkeyed: inout UnkeyedCells) {
    var a = CellCursor(oldIDs[s]!)
    var b = CellCursor(newIDs[t]!)
    var screens = ContiguousArray<UInt32>(repeating: 0, count: b.count)
    // Written in place, out of the engine's arrays while the walk lasts.
    var matches = ContiguousArray<Int>()
    var matched = ContiguousArray<Bool>()
    swap(&matches, &matchOfNew[t])
    swap(&matched, &oldIsMatched[s])
    var i = 0
    var j = 0
    while true {
      var x: String?
      while i < a.count {
        x = a.id(at: i)
        if x != nil { break }
        unkeyed.old.append(i)
        i += 1
      }
      var y: String?
      while j < b.count {
        y = b.id(at: j)
        if y != nil { break }
        unkeyed.new.append(j)
        j += 1
      }
      guard let x, let y else { break }
      if x == y {
        matches[j] = pack(s, i)
        matched[i] = true
        screens[j] = IdentifierTable.screen(IdentifierTable.hash(y))
        i += 1
        j += 1
        continue
      }
      let (skipOld, skipNew) = resynchronise(&a, i, &b, j)
      collect(&a, s, i..<(i + skipOld), into: &leftoverOld, &unkeyed.old)
      collect(&b, t, j..<(j + skipNew), into: &leftoverNew, &unkeyed.new)
      i += skipOld
      j += skipNew
    }
    collect(&a, s, i..<a.count, into: &leftoverOld, &unkeyed.old)
    collect(&b, t, j..<b.count, into: &leftoverNew, &unkeyed.new)
    swap(&matches, &matchOfNew[t])
    swap(&matched, &oldIsMatched[s])
    walkedScreens[t] = screens
  }

  /// Notes the cells at `positions` of section `section`: those with ids as leftovers, the
  /// others as unkeyed.
  func collect(
    _ cursor: inout CellCursor, _ section: Int, _ positions: Range<Int>,
    into leftovers: inout [(path: PackedPath, id: String, entry: Int)], _ unkeyed: inout [Int]
  ) {
    for k in positions {
      if let id = cursor.id(at: k) { leftovers.append((pack(section, k), id, -1)) } else { unkeyed.append(k) }
    }
  }

  /// How many cells to skip on each side so the walk meets equal ids again: the smallest
  /// total found in windows of 16, 64, 256… cells (all that remain when none is found).
  func resynchronise(_ a: inout CellCursor, _ i: Int, _ b: inout CellCursor, _ j: Int) -> (Int, Int) {
    let remainingA = a.count - i
    let remainingB = b.count - j
    // Small differences: try every split of a growing total.
    for total in 1...16 {
      for skipA in 0...total {
        let skipB = total - skipA
        guard skipA < remainingA && skipB < remainingB else { continue }
        if let id = a.id(at: i + skipA), id == b.id(at: j + skipB) { return (skipA, skipB) }
      }
    }
    var window = 64
    while true {
      let endA = min(a.count, i + window)
      let endB = min(b.count, j + window)
      var firstInB: [String: Int] = [:]
      firstInB.reserveCapacity(endB - j)
      for k in j..<endB {
        if let id = b.id(at: k), firstInB[id] == nil { firstInB[id] = k - j }
      }
      var best: (Int, Int)?
      for k in i..<endA {
        let skipA = k - i
        if let best, skipA >= best.0 + best.1 { break }
        if let id = a.id(at: k), let skipB = firstInB[id], skipA + skipB < (best.map { $0.0 + $0.1 } ?? .max)
        {
          best = (skipA, skipB)
        }
      }
      if let best { return best }
      if endA == a.count && endB == b.count { return (remainingA, remainingB) }
      window *= 4
    }
  }

  /// Every keyed cell of a moved section pair goes to the leftovers.
  mutating func collectLeftovers(old s: Int, new t: Int, unkeyed: inout UnkeyedCells) {
    var a = CellCursor(oldIDs[s]!)
    var b = CellCursor(newIDs[t]!)
    collect(&a, s, 0..<a.count, into: &leftoverOld, &unkeyed.old)
    collect(&b, t, 0..<b.count, into: &leftoverNew, &unkeyed.new)
  }

  // MARK: 5. Leftovers by id

  mutating func matchLeftovers() {
    guard !leftoverOld.isEmpty || !leftoverNew.isEmpty else { return }
    // Every id among the leftovers, numbered.
    var table = IdentifierTable(capacity: leftoverOld.count + leftoverNew.count)
    for k in leftoverOld.indices { leftoverOld[k].entry = table.insert(leftoverOld[k].id) }
    for k in leftoverNew.indices { leftoverNew[k].entry = table.insert(leftoverNew[k].id) }
    // A walked pair whose id also occurs among the leftovers may not be the k-th to the k-th
    // occurrence: take it back. The screens taken during the walk sift the pairs; only
    // those that may hold a leftover id are looked up by id.
    for t in walkedScreens.indices where !walkedScreens[t].isEmpty {
      let screens = walkedScreens[t]
      for j in screens.indices where screens[j] != 0 && table.mayContain(screen: screens[j]) {
        let id = newIDs[t]![j].id!
        guard matchOfNew[t][j] >= 0, let entry = table.find(id) else { continue }
        let (s, i) = unpack(matchOfNew[t][j])
        matchOfNew[t][j] = -1
        oldIsMatched[s][i] = false
        leftoverOld.append((pack(s, i), id, entry))
        leftoverNew.append((pack(t, j), id, entry))
      }
    }
    // The k-th occurrence in the old model matches the k-th in the new: each id's old
    // occurrences in a list threaded through `next`, taken from the front.
    leftoverOld.sort { $0.path < $1.path }
    leftoverNew.sort { $0.path < $1.path }
    var head = [Int](repeating: -1, count: table.count)
    var next = [Int](repeating: -1, count: leftoverOld.count)
    for k in leftoverOld.indices.reversed() {
      let entry = leftoverOld[k].entry
      next[k] = head[entry]
      head[entry] = k
    }
    for leftover in leftoverNew {
      let k = head[leftover.entry]
      guard k >= 0 else { continue }
      head[leftover.entry] = next[k]
      let (s, i) = unpack(leftoverOld[k].path)
      let (t, j) = unpack(leftover.path)
      matchOfNew[t][j] = pack(s, i)
      oldIsMatched[s][i] = true
    }
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
      for i in matched.indices where !matched[i] { items.deleted.append(ListIndexPath(item: i, section: s)) }
    }
    for (t, s) in oldSectionOf.enumerated() where s >= 0 {
      let matches = matchOfNew[t]
      let newCells = newIDs[t]!
      var sameSection = CellCursor(oldIDs[s]!)
      var otherSections: [Int: CellCursor] = [:]
      // The cells kept from the same old section, in new order: a longest increasing run of
      // their old positions stays, found over the blocks of consecutive positions.
      let kept = KeptBlocks(matches, section: s)
      let stays = heaviestIncreasingRun(keys: kept.firstItems, weights: kept.lengths)
      var block = 0
      var leftInBlock = kept.lengths.first ?? 0
      for c in newCells.chunks.indices {
        let chunk = newCells.chunks[c]
        let start = newCells.starts[c]
        for k in chunk.indices {
          let j = start + k
          let match = matches[j]
          guard match >= 0 else {
            items.inserted.append(ListIndexPath(item: j, section: t))
            difference.insertedCells.append(chunk[k])
            continue
          }
          let to = ListIndexPath(item: j, section: t)
          let (fromSection, fromItem) = unpack(match)
          let same: Bool
          if fromSection == s {
            if leftInBlock == 0 {
              block += 1
              leftInBlock = kept.lengths[block]
            }
            leftInBlock -= 1
            if !stays[block] {
              items.moved.append(ListDifference.Move(from: ListIndexPath(item: fromItem, section: s), to: to))
            }
            same = sameSection.hasSameContent(at: fromItem, as: chunk, k)
          } else {
            items.moved.append(
              ListDifference.Move(from: ListIndexPath(item: fromItem, section: fromSection), to: to))
            var cursor =
              otherSections.removeValue(forKey: fromSection) ?? CellCursor(oldIDs[fromSection]!)
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
    difference.source = (old, new)
    return difference
  }
}

/// The cells a matched section keeps from its old version, in new order, cut into blocks of
/// consecutive old positions (old items *i*, *i* + 1, … matched one after the other).
///
/// A longest increasing run of the kept positions takes every block whole or not at all (the
/// kept positions are distinct, so nothing else lies between a block's first and last), so it
/// is found over the blocks: as many as there are changes, not cells.
struct KeptBlocks {
  /// Each block's first old position.
  var firstItems: [Int] = []
  /// Each block's number of cells.
  var lengths: [Int] = []

  /// The blocks of the matches (packed old paths, -1 when unmatched) that come from old
  /// section `s`.
  init(_ matches: ContiguousArray<Int>, section s: Int) {
    var next = -1  // the old position that would continue the current block
    matches.withUnsafeBufferPointer { matches in
      for match in matches where match >= 0 {
        let (section, item) = unpack(match)
        guard section == s else { continue }
        if item == next {
          lengths[lengths.count - 1] += 1
        } else {
          firstItems.append(item)
          lengths.append(1)
        }
        next = item + 1
      }
    }
  }
}

/// Which elements of `keys` (distinct integers, each with a positive weight) form a strictly
/// increasing subsequence of the greatest total weight: a dynamic program over the keys'
/// ranks with a Fenwick tree of prefix maxima, and an O(m) path when the keys already
/// increase.
///
/// - Complexity: O(m log m) for m keys (blocks of kept cells: O(d) for d changes); O(m) when
///   they increase.
func heaviestIncreasingRun(keys: [Int], weights: [Int]) -> [Bool] {
  let m = keys.count
  if zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }) { return [Bool](repeating: true, count: m) }
  // The rank of each key among all keys.
  var rank = [Int](repeating: 0, count: m)
  for (r, k) in keys.indices.sorted(by: { keys[$0] < keys[$1] }).enumerated() { rank[k] = r }
  // tree[r] (1-based): the best (total, element) among the ranks it covers.
  var treeTotal = [Int](repeating: 0, count: m + 1)
  var treeElement = [Int](repeating: -1, count: m + 1)
  var previous = [Int](repeating: -1, count: m)
  var bestTotal = 0
  var bestElement = -1
  for k in 0..<m {
    // The best run ending in a smaller key.
    var total = 0
    var element = -1
    var r = rank[k]
    while r > 0 {
      // Ties go to the latest element, as patience sorting's piles would have it.
      if treeTotal[r] > total || (treeTotal[r] == total && treeElement[r] > element) {
        total = treeTotal[r]
        element = treeElement[r]
      }
      r -= r & -r
    }
    previous[k] = element
    total += weights[k]
    if total >= bestTotal {
      bestTotal = total
      bestElement = k
    }
    r = rank[k] + 1
    while r <= m {
      if total >= treeTotal[r] {
        treeTotal[r] = total
        treeElement[r] = k
      }
      r += r & -r
    }
  }
  var result = [Bool](repeating: false, count: m)
  var k = bestElement
  while k >= 0 {
    result[k] = true
    k = previous[k]
  }
  return result
}

/// Strings numbered in the order they are first inserted: an open-addressing table hashed
/// eight UTF-8 bytes at a time (less than `Hasher` costs for short ids), which answers a miss
/// (the common case when screening every cell) with one probe.
struct IdentifierTable {
  /// Per slot: -1 when empty, else the entry number in the low 32 bits and 31 bits of the
  /// key's hash above them (compared before the key).
  private var slots: [Int]
  private var keys: [String] = []
  private let mask: Int
  /// A blocked Bloom filter over the keys' ``screen(_:)`` values (two bits in one word per
  /// key, at least 16 bits per key): a miss (most look-ups) is answered from one word
  /// without touching the slots.
  private var filter: [UInt64]
  private let wordMask: Int

  init(capacity: Int) {
    var size = 64
    while size < capacity * 4 { size <<= 1 }
    slots = [Int](repeating: -1, count: size)
    mask = size - 1
    keys.reserveCapacity(capacity)
    var words = 1024
    while words < capacity / 4 && words < 1 << 19 { words <<= 1 }
    filter = [UInt64](repeating: 0, count: words)
    wordMask = words - 1
  }

  /// The 32 bits of a ``hash(_:)`` the filter reads (never 0): what a caller keeps to screen
  /// a string later without hashing it again.
  @inline(__always)
  static func screen(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash >> 32) }

  /// The filter's word and bits for a screen value.
  @inline(__always)
  private func filterBits(_ screen: UInt32) -> (word: Int, bits: UInt64) {
    (Int(screen) & wordMask, 1 << UInt64(screen >> 19 & 63) | 1 << UInt64(screen >> 25 & 63))
  }

  /// Whether a string with this ``screen(_:)`` value may have been inserted (`false`: it
  /// was not).
  @inline(__always)
  func mayContain(screen: UInt32) -> Bool {
    let (word, bits) = filterBits(screen)
    return filter[word] & bits == bits
  }

  /// The number of distinct strings inserted.
  var count: Int { keys.count }

  /// The UTF-8 bytes folded eight at a time, then mixed (SplitMix64's finaliser) so that
  /// every bit of the result depends on every byte.
  static func hash(_ string: String) -> UInt64 {
    var string = string
    return string.withUTF8 { bytes in
      var hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
      var offset = 0
      if let base = bytes.baseAddress {
        let raw = UnsafeRawPointer(base)
        while offset + 8 <= bytes.count {
          hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
          hash ^= hash >> 31
          offset += 8
        }
      }
      // The last 1–7 bytes in at most two (overlapping) loads.
      let rest = bytes.count - offset
      if rest >= 4, let base = bytes.baseAddress {
        let raw = UnsafeRawPointer(base)
        let low = raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        let high = raw.loadUnaligned(fromByteOffset: offset + rest - 4, as: UInt32.self)
        hash ^= UInt64(low) | UInt64(high) << 32
      } else if rest > 0 {
        hash ^=
          UInt64(bytes[offset]) | UInt64(bytes[offset + rest / 2]) << 8 | UInt64(bytes[offset + rest - 1])
          << 16
      }
      hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
      hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
      // The top bit set: a ``screen(_:)`` value is never 0, which marks "no id" where
      // screens are kept.
      return hash ^ (hash >> 31) | 1 << 63
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
    let (word, bits) = filterBits(Self.screen(hash))
    filter[word] |= bits
    slots[slot] = Int(truncatingIfNeeded: hash >> 33) << 32 | keys.count
    keys.append(string)
    return keys.count - 1
  }

  /// The number of `string`, if it was inserted.
  func find(_ string: String) -> Int? {
    let hash = Self.hash(string)
    guard mayContain(screen: Self.screen(hash)) else { return nil }
    let value = slots[slot(of: string, hash: hash)]
    return value >= 0 ? value & 0xFFFF_FFFF : nil
  }
}

/// The cells of a list by position, read in place: its chunks, the first position of each,
/// and for every 32nd position the chunk holding it (found in O(1)).
struct CellColumn {
  let chunks: ContiguousArray<ContiguousArray<Cell>>
  /// The first position of each chunk, and the count at the end.
  let starts: ContiguousArray<Int>
  /// For every 32nd position, the chunk holding it.
  let chunkAt: ContiguousArray<Int32>

  static var stride: Int { LayoutTuning.diffChunkIndexStride }

  init(_ list: CellList) {
    var chunks = ContiguousArray<ContiguousArray<Cell>>()
    var starts = ContiguousArray<Int>()
    var chunkAt = ContiguousArray<Int32>()
    chunkAt.reserveCapacity(list.count / Self.stride + 1)
    var start = 0
    var leaves = CellList.LeafIterator(root: list.root, from: 0)
    while let (leaf, _) = leaves.next() {
      let count = leaf.cells.count
      while chunkAt.count * Self.stride < start + count {
        chunkAt.append(Int32(truncatingIfNeeded: chunks.count))
      }
      chunks.append(leaf.cells)
      starts.append(start)
      start += count
    }
    starts.append(start)
    self.chunks = chunks
    self.starts = starts
    self.chunkAt = chunkAt
  }

  var count: Int { starts[starts.count - 1] }

  /// The chunk holding `position`: at most one step per chunk within the table's stride.
  @inline(__always)
  func chunk(holding position: Int) -> Int {
    var c = Int(chunkAt[position / Self.stride])
    while starts[c + 1] <= position { c += 1 }
    return c
  }

  /// The cell at `position`.
  subscript(position: Int) -> Cell {
    let c = chunk(holding: position)
    return chunks[c][position - starts[c]]
  }
}

/// Reads the cells of a ``CellColumn`` by position, keeping the chunk last read: reading on
/// along the list costs a comparison, any other position a look-up in the column's table.
struct CellCursor {
  let column: CellColumn
  /// The chunk last read, its first position and its cells.
  var chunk = 0
  var start = 0
  var current: ContiguousArray<Cell>

  init(_ column: CellColumn) {
    self.column = column
    current = column.chunks.first ?? []
  }

  var count: Int { column.count }

  /// Moves to the chunk holding `position`; returns the position within it.
  @inline(__always)
  private mutating func seek(_ position: Int) -> Int {
    let local = position &- start
    if UInt(bitPattern: local) < UInt(current.count) { return local }
    chunk = column.chunk(holding: position)
    start = column.starts[chunk]
    current = column.chunks[chunk]
    return position - start
  }

  /// The id of the cell at `position`.
  @inline(__always)
  mutating func id(at position: Int) -> String? {
    let local = seek(position)
    return current[local].id
  }

  /// Whether the cell at `position` has the content of `other[k]`.
  mutating func hasSameContent(at position: Int, as other: ContiguousArray<Cell>, _ k: Int) -> Bool {
    let local = seek(position)
    return Cell.sameContent(current, local, other, k)
  }
}
