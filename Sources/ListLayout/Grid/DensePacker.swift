/// CSS Grid's dense auto-placement (`grid-auto-flow: dense`) for cells one row tall: each cell
/// takes the first place from the grid's start (row by row, then column by column) where its
/// span is free.
///
/// Only rows with a hole can take a cell, so only those are kept ("open rows", top to bottom):
///
/// - each open row's free columns are a bitset of 64-bit words (``ColumnBits``), so the first
///   free run of *k* columns is found with O(log k) shifts and ands of ⌈columns / 64⌉ words,
///   and the longest free run with O(log columns) of them;
/// - a max tree over the open rows, keyed by each one's longest free run, finds the first row
///   that can hold a span of *k* in O(log r);
/// - a row that is full, or whose longest free run is shorter than every span still to come
///   (``smallestSpanLeft``, told by the caller), is retired: its key drops to 0, and once half
///   the kept rows are retired (or the kept rows doubled since the smallest span left rose)
///   they are compacted away, which costs O(columns / 64) amortized per row.
///
/// Memory is a bitset and a few words per open row: a grid whose rows fill (a typical one)
/// keeps a handful, never a flag per row and column.
///
/// - Complexity: O(log r + (columns / 64) · log columns) per cell, r the kept rows (the open
///   ones and at most as many retired ones awaiting compaction, plus 16).
struct DensePacker {
  /// The number of columns (1...1024, the grid's clamp).
  let columnCount: Int
  /// Every later span is at least this wide (1 if unknown): rows whose longest free run is
  /// shorter are retired. The caller may only raise it, and only truthfully.
  var smallestSpanLeft = 1
  /// The rows placed so far.
  private(set) var rowCount = 0
  /// Words of one row's bitset.
  private let wordCount: Int
  /// The kept rows, ascending: open ones and retired ones not yet compacted away. A kept
  /// row's index here is its position.
  private var keptRows = ContiguousArray<Int32>()
  /// Kept rows' free columns, `wordCount` words per position.
  private var bits = ContiguousArray<UInt64>()
  /// The max tree: the leaf at `leafBase + position` holds that row's longest free run (0
  /// once retired, and past the last position); an inner node the larger of its children.
  private var tree: ContiguousArray<UInt16>
  private var leafBase = 16
  /// Retired positions not yet compacted away.
  private var retiredCount = 0
  /// The kept rows and the smallest span left at the last compaction.
  private var compactedCount = 0
  private var compactedSmallestSpan = 1
  /// Scratch words for ``ColumnBits``.
  private var scratch: ContiguousArray<UInt64>

  init(columnCount: Int) {
    precondition((1...Int(UInt16.max)).contains(columnCount), "column count \(columnCount) out of range")
    self.columnCount = columnCount
    wordCount = (columnCount + 63) >> 6
    tree = ContiguousArray(repeating: 0, count: 2 * leafBase)
    scratch = ContiguousArray(repeating: 0, count: ColumnBits.scratchWords(columnCount: columnCount))
  }

  /// The rows the packer holds a bitset for (open rows and retired ones not yet compacted).
  var keptRowCount: Int { keptRows.count }

  /// Places a cell spanning `span` columns (1...columnCount): its row and column.
  mutating func place(span: Int) -> (row: Int, column: Int) {
    precondition(span >= 1 && span <= columnCount, "span \(span) outside 1...\(columnCount)")
    let position = firstPosition(fitting: span) ?? openRow()
    let oldLongest = Int(tree[leafBase + position])
    let column: Int
    let longest: Int
    if wordCount == 1 {
      // Up to 64 columns: one word, no scratch.
      var free = bits[position]
      column = ColumnBits.firstRun(of: span, in: free)
      let run = ColumnBits.runLength(from: column, in: free)
      free &= ~ColumnBits.mask(column..<(column + span))
      bits[position] = free
      // Only the run the cell took changed: unless it was the longest, the longest stays.
      longest = run < oldLongest ? oldLongest : ColumnBits.longestRun(in: free)
    } else {
      let wordCount = wordCount
      (column, longest) = bits.withUnsafeMutableBufferPointer { bits in
        scratch.withUnsafeMutableBufferPointer { scratch in
          let free = UnsafeMutableBufferPointer(
            rebasing: bits[(position * wordCount)..<((position + 1) * wordCount)])
          let column = ColumnBits.firstRun(of: span, in: UnsafeBufferPointer(free), scratch: scratch)
          let run = ColumnBits.runLength(from: column, in: UnsafeBufferPointer(free))
          ColumnBits.clear(column..<(column + span), in: free)
          let longest =
            run < oldLongest
            ? oldLongest : ColumnBits.longestRun(in: UnsafeBufferPointer(free), scratch: scratch)
          return (column, longest)
        }
      }
    }
    if longest < smallestSpanLeft {
      setKey(0, at: position)
      retiredCount += 1
    } else if longest != oldLongest {
      setKey(longest, at: position)
    }
    return (Int(keptRows[position]), column)
  }

  /// The first kept row whose longest free run is at least `span`: down from the root, left
  /// where the left child's maximum reaches `span`, else right.
  ///
  /// - Complexity: O(log r).
  private func firstPosition(fitting span: Int) -> Int? {
    let span = UInt16(span)
    guard tree[1] >= span else { return nil }
    var node = 1
    while node < leafBase {
      node <<= 1
      if tree[node] < span { node |= 1 }
    }
    return node - leafBase
  }

  /// Opens a new row below the others, every column free: its position.
  private mutating func openRow() -> Int {
    compactIfWorthIt()
    let position = keptRows.count
    if position == leafBase { rebuildTree(leafBase: 2 * leafBase) }
    keptRows.append(Int32(rowCount))
    rowCount += 1
    // Every column free; bits past the last column clear.
    for word in 0..<wordCount {
      bits.append(ColumnBits.allFree(word: word, columnCount: columnCount))
    }
    setKey(columnCount, at: position)
    return position
  }

  /// Sets a position's key and the maxima above it (stopping where a maximum does not change).
  private mutating func setKey(_ key: Int, at position: Int) {
    let leafBase = leafBase
    // One uniqueness check for the walk, not one per node written.
    tree.withUnsafeMutableBufferPointer { tree in
      var node = leafBase + position
      tree[node] = UInt16(key)
      node >>= 1
      while node >= 1 {
        let larger = max(tree[2 * node], tree[2 * node + 1])
        if tree[node] == larger { break }
        tree[node] = larger
        node >>= 1
      }
    }
  }

  /// Rebuilds the tree over the kept rows' keys (at the leaves of the current tree) with
  /// `leafBase` leaves, in place when that is the current size.
  private mutating func rebuildTree(leafBase newBase: Int) {
    if newBase != leafBase {
      var newTree = ContiguousArray<UInt16>(repeating: 0, count: 2 * newBase)
      for position in keptRows.indices { newTree[newBase + position] = tree[leafBase + position] }
      tree = newTree
      leafBase = newBase
    }
    var node = leafBase - 1
    while node >= 1 {
      tree[node] = max(tree[2 * node], tree[2 * node + 1])
      node -= 1
    }
  }

  /// Drops retired rows, and rows whose longest run is shorter than the smallest span left,
  /// when half the kept rows are retired or the kept rows doubled since the smallest span
  /// left rose: either way at least half as many rows were placed or retired since the last
  /// compaction as it now visits.
  private mutating func compactIfWorthIt() {
    let count = keptRows.count
    guard count >= 16,
      retiredCount * 2 >= count || (smallestSpanLeft > compactedSmallestSpan && count >= 2 * compactedCount)
    else { return }
    var kept = 0
    let minimum = UInt16(clamping: max(1, smallestSpanLeft))
    for position in 0..<count where tree[leafBase + position] >= minimum {
      keptRows[kept] = keptRows[position]
      tree[leafBase + kept] = tree[leafBase + position]
      if kept != position {
        for word in 0..<wordCount { bits[kept * wordCount + word] = bits[position * wordCount + word] }
      }
      kept += 1
    }
    for position in kept..<count { tree[leafBase + position] = 0 }
    keptRows.removeLast(count - kept)
    bits.removeLast((count - kept) * wordCount)
    // The tree shrinks only when a quarter of it would do (so a grid whose few open rows
    // come and go rebuilds it in place).
    var newBase = leafBase
    while newBase > 16 && kept * 4 < newBase { newBase /= 2 }
    rebuildTree(leafBase: newBase)
    retiredCount = 0
    compactedCount = kept
    compactedSmallestSpan = smallestSpanLeft
  }
}

/// A row's free columns as a bitset: bit `c` of word `c / 64` is set when column `c` is free;
/// bits past the last column are clear. The functions work on buffer pointers to words (a
/// row's slice of ``DensePacker``'s storage and its scratch), handed to them by the packer
/// inside `withUnsafeMutableBufferPointer` and never kept; the packer's tree walk is the only
/// other such scope.
enum ColumnBits {
  /// Scratch words ``firstRun(of:in:scratch:)`` and ``longestRun(in:scratch:)`` need: one
  /// bitset per power of two up to the column count, and one more.
  static func scratchWords(columnCount: Int) -> Int {
    let words = (columnCount + 63) >> 6
    return words * (Int.bitWidth - (columnCount).leadingZeroBitCount + 1)
  }

  /// The bits of `columns` (within one word: 0..<64 at most).
  @inline(__always)
  static func mask(_ columns: Range<Int>) -> UInt64 {
    let count = columns.count
    return (count == 64 ? ~0 : (1 << UInt64(count)) - 1) << UInt64(columns.lowerBound)
  }

  /// ``firstRun(of:in:scratch:)`` for a row of one word.
  @inline(__always)
  static func firstRun(of span: Int, in free: UInt64) -> Int {
    var starts = free
    var length = 1
    while length * 2 <= span {
      starts &= starts >> UInt64(length)
      length *= 2
    }
    if length < span { starts &= starts >> UInt64(span - length) }
    precondition(starts != 0, "no free run of \(span) columns in a row keyed for one")
    return starts.trailingZeroBitCount
  }

  /// ``runLength(from:in:)`` for a row of one word.
  @inline(__always)
  static func runLength(from column: Int, in free: UInt64) -> Int {
    (~(free >> UInt64(column))).trailingZeroBitCount
  }

  /// ``longestRun(in:scratch:)`` for a row of one word: its free runs one by one (at most 32).
  @inline(__always)
  static func longestRun(in free: UInt64) -> Int {
    var rest = free
    var longest = 0
    while rest != 0 {
      let start = rest.trailingZeroBitCount
      let length = runLength(from: start, in: rest)
      longest = max(longest, length)
      rest &= ~mask(start..<(start + length))
    }
    return longest
  }

  /// Word `word` of a row whose columns `0..<columnCount` are all free (the bits past them
  /// clear).
  static func allFree(word: Int, columnCount: Int) -> UInt64 {
    let count = min(64, max(0, columnCount - (word << 6)))
    return count == 64 ? ~0 : (1 << UInt64(count)) - 1
  }

  /// Marks `columns` occupied.
  static func clear(_ columns: Range<Int>, in words: UnsafeMutableBufferPointer<UInt64>) {
    var column = columns.lowerBound
    while column < columns.upperBound {
      let bit = column & 63
      let count = min(64 - bit, columns.upperBound - column)
      let mask: UInt64 = count == 64 ? ~0 : ((1 << UInt64(count)) - 1) << UInt64(bit)
      words[column >> 6] &= ~mask
      column += count
    }
  }

  /// Word `index` of `words` shifted down by `distance` bits (bit `c` of the result is bit
  /// `c + distance` of `words`; bits from past the end are clear).
  @inline(__always)
  private static func word(
    _ index: Int, of words: UnsafeBufferPointer<UInt64>, shiftedDownBy distance: Int
  ) -> UInt64 {
    let source = index + (distance >> 6)
    let bit = UInt64(distance & 63)
    let low = source < words.count ? words[source] : 0
    guard bit != 0 else { return low }
    let high = source + 1 < words.count ? words[source + 1] : 0
    return (low >> bit) | (high << (64 - bit))
  }

  /// `words &= words >> distance`: afterwards bit `c` is set when it was and bit
  /// `c + distance` was. Word by word upwards, each word reading only words not yet changed.
  @inline(__always)
  private static func andShiftedDown(_ words: UnsafeMutableBufferPointer<UInt64>, by distance: Int) {
    for index in words.indices {
      words[index] &= word(index, of: UnsafeBufferPointer(words), shiftedDownBy: distance)
    }
  }

  /// The first set bit, or nil.
  @inline(__always)
  private static func firstSetBit(_ words: UnsafeBufferPointer<UInt64>) -> Int? {
    for index in words.indices where words[index] != 0 {
      return (index << 6) + words[index].trailingZeroBitCount
    }
    return nil
  }

  /// The first column starting a free run of at least `span` columns. Starts of runs of
  /// `length` or more, doubled by `starts &= starts >> length` (a start whose run reaches
  /// `length` columns further also starts a run twice as long), then topped up to `span`.
  ///
  /// - Precondition: the row has such a run.
  /// - Complexity: O(words · log span).
  static func firstRun(
    of span: Int, in free: UnsafeBufferPointer<UInt64>, scratch: UnsafeMutableBufferPointer<UInt64>
  ) -> Int {
    let starts = UnsafeMutableBufferPointer(rebasing: scratch[0..<free.count])
    _ = starts.initialize(from: free)
    var length = 1
    while length * 2 <= span {
      andShiftedDown(starts, by: length)
      length *= 2
    }
    if length < span { andShiftedDown(starts, by: span - length) }
    guard let column = firstSetBit(UnsafeBufferPointer(starts)) else {
      preconditionFailure("no free run of \(span) columns in a row keyed for one")
    }
    return column
  }

  /// The number of free columns from `column` on before the first occupied one.
  ///
  /// - Complexity: O(words).
  static func runLength(from column: Int, in free: UnsafeBufferPointer<UInt64>) -> Int {
    var index = column >> 6
    let occupied = ~free[index] >> UInt64(column & 63)
    if occupied != 0 { return occupied.trailingZeroBitCount }
    var length = 64 - (column & 63)
    index += 1
    while index < free.count {
      let occupied = ~free[index]
      if occupied != 0 { return length + occupied.trailingZeroBitCount }
      length += 64
      index += 1
    }
    return length
  }

  /// The longest free run. Level j of the scratch holds the starts of runs of 2^j or more,
  /// up to the first empty level t; then, from starts of runs of 2^t, each lower level is
  /// added where it still has starts (binary lifting: the longest length, bit by bit).
  ///
  /// - Complexity: O(words · log columns).
  static func longestRun(
    in free: UnsafeBufferPointer<UInt64>, scratch: UnsafeMutableBufferPointer<UInt64>
  ) -> Int {
    let count = free.count
    guard firstSetBit(free) != nil else { return 0 }
    func level(_ j: Int) -> UnsafeMutableBufferPointer<UInt64> {
      UnsafeMutableBufferPointer(rebasing: scratch[(j * count)..<((j + 1) * count)])
    }
    _ = level(0).initialize(from: free)
    var top = 0
    while (top + 2) * count <= scratch.count {
      let next = level(top + 1)
      let previous = UnsafeBufferPointer(level(top))
      let distance = 1 << top
      var any: UInt64 = 0
      for index in 0..<count {
        let word = previous[index] & word(index, of: previous, shiftedDownBy: distance)
        next[index] = word
        any |= word
      }
      if any == 0 { break }
      top += 1
    }
    // `current` (the last level's slot reused) holds starts of runs of `length` or more.
    let current = level(top)
    var length = 1 << top
    var j = top - 1
    while j >= 0 {
      let lower = UnsafeBufferPointer(level(j))
      var any: UInt64 = 0
      for index in 0..<count {
        any |= current[index] & word(index, of: lower, shiftedDownBy: length)
      }
      if any != 0 {
        for index in 0..<count { current[index] &= word(index, of: lower, shiftedDownBy: length) }
        length += 1 << j
      }
      j -= 1
    }
    return length
  }
}
