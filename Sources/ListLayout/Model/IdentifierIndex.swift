/// The first cell of each identifier in a model, built in time and memory linear in the
/// model's written-out cells and runs, not in its cells.
///
/// Two parts. The identifiers stored in cells (written-out cells, and the pattern cells of
/// runs without a prefix, whose first cell of each identifier is among the run's first
/// `pattern.count` cells): the 64-bit hashes of their bytes with their cells' index paths, in
/// one array ordered by the hashes' top bits (a stable radix sort of one or two 8-bit passes,
/// so that the cells of one hash stay in index-path order), and a directory of where each
/// value of those top bits starts. Every pass reads and writes the array in order: building it
/// touches memory sequentially, where a hash table written cell by cell misses the cache on
/// nearly every cell. A look-up reads its bucket (about eight entries) and confirms a hash
/// against the model's identifier at the path it finds, so hashes that collide cost a
/// comparison, never a wrong answer.
///
/// And the identifiers runs derive (a prefix followed by a number, `String(firstID + r)`):
/// per prefix, the numbers its runs' cells take, as disjoint ranges in increasing order, each
/// number given to the first cell in index-path order that has it. A look-up reads the
/// identifier's trailing decimal digits as a number in every way `String(Int)` could have
/// written it (no leading zero), and finds each number by binary search among its prefix's
/// ranges. The answer is the first in index-path order of what both parts find.
struct IdentifierIndex: Sendable {
  /// An identifier's hash and its cell, `section << 32 | item`.
  private struct Entry {
    var hash: UInt64
    var path: UInt64
  }

  /// The numbers `lower..<upper` of a prefix's identifiers, whose first cells are the
  /// consecutive cells from `path` (`section << 32 | item`) on.
  struct Numbers: Equatable {
    var lower: Int
    var upper: Int
    var path: UInt64
  }

  private var entries: [Entry] = []
  /// Where the entries whose hash's top `bits` bits are b start: `directory[b]`.
  private var directory: [Int32] = []
  private var bits = 8
  /// The numbers of each prefix runs derive identifiers from: disjoint, in increasing order.
  private var numbered: [String: [Numbers]] = [:]
  /// The most decimal digits of a number in ``numbered``.
  private var maxDigits = 0

  /// - Complexity: O(c + r log r) for c written-out cells and r runs (a run without a prefix
  ///   counts as its pattern's cells).
  init(_ model: ListModel) {
    var stored = 0
    for section in model.sections {
      section.cells.forEachLeaf { leaf, _ in
        if let run = leaf.run {
          if run.idPrefix == nil { stored += min(leaf.count, run.pattern.count) }
        } else {
          stored += leaf.count
        }
        return true
      }
    }
    var entries: [Entry] = []
    entries.reserveCapacity(stored)
    var numbered: [String: [Numbers]] = [:]
    for (s, section) in model.sections.enumerated() {
      section.cells.forEachLeaf { leaf, first in
        let start = UInt64(s) << 32 | UInt64(first)
        if let run = leaf.run {
          if let prefix = run.idPrefix {
            let lower = run.firstID + leaf.runStart
            numbered[prefix, default: []].append(
              Numbers(lower: lower, upper: lower + leaf.count, path: start))
          } else {
            let k = run.pattern.count
            for local in 0..<min(leaf.count, k) {
              guard let id = run.pattern[(leaf.runStart + local) % k].id else { continue }
              entries.append(Entry(hash: Self.hash(id), path: start + UInt64(local)))
            }
          }
        } else {
          for (j, cell) in leaf.elements.enumerated() {
            guard let id = cell.id else { continue }
            entries.append(Entry(hash: Self.hash(id), path: start + UInt64(j)))
          }
        }
        return true
      }
    }
    var maxNumber = 0
    for (prefix, ranges) in numbered {
      // A run's numbers start at 0 or more (its first identifier's number) and stay within
      // `ChunkedList.maxRunListCount` of it.
      let disjoint = zip(ranges, ranges.dropFirst()).allSatisfy { $0.upper <= $1.lower }
      if !disjoint { numbered[prefix] = Self.firstOwners(ranges) }
      maxNumber = max(maxNumber, numbered[prefix]!.last!.upper - 1)
    }
    self.numbered = numbered
    maxDigits = String(maxNumber).utf8.count
    // Buckets of a few entries, in whole 8-bit digits: 8 bits up to 2,048 identifiers, else 16
    // (a directory of 256 KB; 15 entries a bucket at a million).
    if entries.count > 2_048 { bits = 16 }
    var spare = entries
    var pass = 0
    while pass * 8 < bits {
      let shift = 64 - bits + pass * 8
      var starts = [Int](repeating: 0, count: 257)
      for entry in entries { starts[Int((entry.hash >> UInt64(shift)) & 0xFF) + 1] += 1 }
      for d in 0..<256 { starts[d + 1] += starts[d] }
      entries.withUnsafeBufferPointer { from in
        spare.withUnsafeMutableBufferPointer { to in
          for entry in from {
            let d = Int((entry.hash >> UInt64(shift)) & 0xFF)
            to[starts[d]] = entry
            starts[d] += 1
          }
        }
      }
      swap(&entries, &spare)
      pass += 1
    }
    var directory = [Int32](repeating: 0, count: (1 << bits) + 1)
    for entry in entries { directory[Int(entry.hash >> UInt64(64 - bits)) + 1] += 1 }
    for b in 0..<(1 << bits) { directory[b + 1] += directory[b] }
    self.entries = entries
    self.directory = directory
  }

  /// The first cell with identifier `id` in `model` (the model the index was built from, or
  /// one with the same identifiers in the same places).
  ///
  /// - Complexity: O(|id| + log n), for a number of at most ``maxDigits`` digits read in as
  ///   many ways.
  func first(_ id: String, in model: ListModel) -> ListIndexPath? {
    var best: UInt64?
    let hash = Self.hash(id)
    let bucket = Int(hash >> UInt64(64 - bits))
    for k in Int(directory[bucket])..<Int(directory[bucket + 1]) where entries[k].hash == hash {
      let path = Self.unpacked(entries[k].path)
      if model.sections[path.section].cells[path.item].id == id {
        best = entries[k].path
        break
      }
    }
    if !numbered.isEmpty {
      Self.numberedSplits(of: id, maxDigits: maxDigits) { prefix, number in
        guard let ranges = numbered[prefix] else { return }
        var low = 0
        var high = ranges.count
        while low < high {
          let mid = (low + high) >> 1
          if ranges[mid].lower <= number { low = mid + 1 } else { high = mid }
        }
        guard low > 0, number < ranges[low - 1].upper else { return }
        let path = ranges[low - 1].path + UInt64(number - ranges[low - 1].lower)
        if best.map({ path < $0 }) ?? true { best = path }
      }
    }
    return best.map(Self.unpacked)
  }

  /// The index path packed as `section << 32 | item`.
  private static func unpacked(_ packed: UInt64) -> ListIndexPath {
    ListIndexPath(item: Int(packed & 0xFFFF_FFFF), section: Int(packed >> 32))
  }

  /// Calls `body` with each way `id` reads as a prefix followed by a number of at most
  /// `maxDigits` (and 19) digits that `String(Int)` writes: trailing ASCII digits, without a
  /// leading zero (but `0` itself), the prefix the rest.
  static func numberedSplits(of id: String, maxDigits: Int, _ body: (String, Int) -> Void) {
    var id = id
    id.withUTF8 { bytes in
      let n = bytes.count
      let most = min(maxDigits, 19, n)
      var number = 0
      var scale = 1
      var m = 0
      while m < most {
        let byte = bytes[n - 1 - m]
        guard byte >= 0x30, byte <= 0x39 else { return }
        let (term, overflowA) = Int(byte - 0x30).multipliedReportingOverflow(by: scale)
        let (sum, overflowB) = number.addingReportingOverflow(term)
        guard !overflowA, !overflowB else { return }
        number = sum
        m += 1
        // The cut falls before an ASCII byte: a boundary of Unicode scalars.
        if byte != 0x30 || m == 1 { body(String(decoding: bytes[..<(n - m)], as: UTF8.self), number) }
        let (next, overflowC) = scale.multipliedReportingOverflow(by: 10)
        guard !overflowC else { return }
        scale = next
      }
    }
  }

  /// The numbers of `ranges` (in index-path order of their cells), each given to the first
  /// range that holds it: disjoint ranges in increasing order. A sweep over the ranges' ends
  /// with the ranges open at each end in a heap by their order.
  ///
  /// - Complexity: O(r log r) for r ranges.
  static func firstOwners(_ ranges: [Numbers]) -> [Numbers] {
    let byLower = ranges.indices.sorted { ranges[$0].lower < ranges[$1].lower }
    var ends = ranges.flatMap { [$0.lower, $0.upper] }.sorted()
    ends = ends.indices.compactMap { i in i == 0 || ends[i] != ends[i - 1] ? ends[i] : nil }
    var open = MinHeap()
    var next = 0
    var result: [Numbers] = []
    for e in 0..<(ends.count - 1) {
      let x = ends[e]
      while next < byLower.count, ranges[byLower[next]].lower <= x {
        open.push(byLower[next])
        next += 1
      }
      while let top = open.min, ranges[top].upper <= x { open.popMin() }
      guard let owner = open.min else { continue }
      let path = ranges[owner].path + UInt64(x - ranges[owner].lower)
      if let last = result.last, last.upper == x, last.path + UInt64(x - last.lower) == path {
        result[result.count - 1].upper = ends[e + 1]
      } else {
        result.append(Numbers(lower: x, upper: ends[e + 1], path: path))
      }
    }
    return result
  }

  /// FNV-1a over the identifier's UTF-8 bytes, mixed so that its low bits spread; equal for
  /// identifiers that are equal as strings (canonically equivalent), see ``beyondASCII(_:)``.
  private static func hash(_ id: String) -> UInt64 {
    var id = id
    var hash: UInt64 = 0
    var bits: UInt8 = 0
    id.withUTF8 { bytes in
      hash = fnv(bytes)
      for byte in bytes { bits |= byte }
    }
    if bits >= 0x80 { hash = beyondASCII(id) }
    hash ^= hash >> 29
    hash = hash &* 0xbf58_476d_1ce4_e5b9
    return hash ^ (hash >> 32)
  }

  /// FNV-1a over `bytes`.
  private static func fnv(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }

  /// The hash of an identifier with bytes beyond ASCII, equal for identifiers equal as
  /// strings: the bytes' of the ASCII identifier it is canonically equivalent to, when its
  /// scalars are ASCII or one of the three that decompose to ASCII (KELVIN SIGN, GREEK
  /// QUESTION MARK, GREEK VARIA: a test checks every scalar); else Swift's hash of the string,
  /// which no ASCII identifier equals.
  private static func beyondASCII(_ id: String) -> UInt64 {
    var ascii: [UInt8] = []
    for scalar in id.unicodeScalars {
      switch scalar.value {
      case 0..<0x80: ascii.append(UInt8(scalar.value))
      case 0x212A: ascii.append(0x4B)
      case 0x037E: ascii.append(0x3B)
      case 0x1FEF: ascii.append(0x60)
      default: return UInt64(bitPattern: Int64(id.hashValue))
      }
    }
    return ascii.withUnsafeBufferPointer(fnv)
  }
}

/// A binary min-heap of integers.
private struct MinHeap {
  private var items: [Int] = []

  var min: Int? { items.first }

  mutating func push(_ value: Int) {
    items.append(value)
    var i = items.count - 1
    while i > 0, items[(i - 1) / 2] > items[i] {
      items.swapAt(i, (i - 1) / 2)
      i = (i - 1) / 2
    }
  }

  mutating func popMin() {
    items.swapAt(0, items.count - 1)
    items.removeLast()
    var i = 0
    while true {
      var smallest = i
      for child in [2 * i + 1, 2 * i + 2] where child < items.count && items[child] < items[smallest] {
        smallest = child
      }
      guard smallest != i else { return }
      items.swapAt(i, smallest)
      i = smallest
    }
  }
}

extension ListModel {
  /// The first cell with identifier `id` in index-path order, by a walk of the model that
  /// compares written-out cells one by one and takes a run whole (by its prefix and the
  /// numbers of its identifiers, or its pattern's identifiers): for one search, where
  /// ``IdentifierIndex`` serves many.
  ///
  /// - Complexity: O(c + r) for the c written-out cells and r runs before the cell (a run
  ///   without a prefix counts as its pattern's cells).
  func firstCell(withIdentifier id: String) -> ListIndexPath? {
    var splits: [(prefix: String, number: Int)] = []
    IdentifierIndex.numberedSplits(of: id, maxDigits: 19) { splits.append(($0, $1)) }
    for (s, section) in sections.enumerated() {
      var found: Int?
      section.cells.forEachLeaf { leaf, first in
        if let run = leaf.run {
          if let prefix = run.idPrefix {
            let lower = run.firstID + leaf.runStart
            for split in splits where split.number >= lower && split.number - lower < leaf.count {
              if split.prefix == prefix { found = min(found ?? .max, first + split.number - lower) }
            }
          } else {
            let k = run.pattern.count
            for local in 0..<min(leaf.count, k) where run.pattern[(leaf.runStart + local) % k].id == id {
              found = first + local
              break
            }
          }
        } else if let j = leaf.elements.firstIndex(where: { $0.id == id }) {
          found = first + j
        }
        return found == nil
      }
      if let found { return ListIndexPath(item: found, section: s) }
    }
    return nil
  }
}
