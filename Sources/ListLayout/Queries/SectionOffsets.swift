/// A query's horizontal offsets (``HorizontalOffsets``), read once per query: a few are
/// listed in section order and found by binary search, so that the query's many look-ups (one
/// per carousel visited, on screen and in the prefetch bands) hash nothing; more than
/// ``listLimit`` are looked up in their dictionary, as given.
struct SectionOffsets {
  /// The offsets as given, by section, in section order (empty when they are looked up in
  /// `dictionary`).
  private var listed: ContiguousArray<(section: Int, offset: Double)> = []
  private var dictionary: [Int: Double] = [:]
  /// Where ``offset(ascending:)`` reads the list on from: the first entry not before the
  /// section it was last asked for.
  private var cursor = 0

  /// The most offsets listed: sorting them costs a query about as much as a few look-ups.
  static var listLimit: Int { LayoutTuning.sectionOffsetListLimit }

  /// No offsets: every section at 0.
  init() {}

  init(_ offsets: HorizontalOffsets) {
    self.init(offsets, storage: [])
  }

  /// The offsets of `offsets`, listed in `storage` (emptied first, its capacity kept: a
  /// query's list reuses the last query's, ``QueryBuffers``).
  init(_ offsets: HorizontalOffsets, storage: ContiguousArray<(section: Int, offset: Double)>) {
    listed = storage
    listed.removeAll(keepingCapacity: true)
    let given = offsets.offsets
    guard !given.isEmpty else { return }
    guard given.count <= Self.listLimit else {
      dictionary = given
      return
    }
    listed.reserveCapacity(given.count)
    for (section, offset) in given { listed.append((section, offset)) }
    // A few: sorted by insertion, in place.
    listed.withUnsafeMutableBufferPointer { list in
      for k in 1..<max(1, list.count) {
        let entry = list[k]
        var j = k
        while j > 0 && list[j - 1].section > entry.section {
          list[j] = list[j - 1]
          j -= 1
        }
        list[j] = entry
      }
    }
  }

  /// Moves the list's storage out (for the next query), leaving no offsets listed.
  mutating func takeStorage() -> ContiguousArray<(section: Int, offset: Double)> {
    var storage: ContiguousArray<(section: Int, offset: Double)> = []
    swap(&storage, &listed)
    dictionary = [:]
    cursor = 0
    return storage
  }

  /// The offset of `section`, as the subscript reads it, for sections asked in ascending
  /// order (a query's walk over the sections on screen): the list is read on from the section
  /// last asked, not searched again.
  ///
  /// - Complexity: amortized O(1) for sections asked in ascending order; O(k) for one asked
  ///   out of order (k ≤ ``listLimit``).
  @inline(__always)
  mutating func offset(ascending section: Int) -> Double {
    guard !listed.isEmpty else { return self[section] }
    let from = cursor
    let (found, next) = listed.withUnsafeBufferPointer { list -> (Double?, Int) in
      // Out of order: read from the list's start.
      var k = from > 0 && list[from - 1].section >= section ? 0 : from
      while k < list.count && list[k].section < section { k += 1 }
      return (k < list.count && list[k].section == section ? list[k].offset : nil, k)
    }
    cursor = next
    return HorizontalOffsets.offset(found)
  }

  /// The offset of `section`, as ``HorizontalOffsets``' subscript reads it.
  ///
  /// - Complexity: O(log k) for k offsets listed.
  @inline(__always)
  subscript(section: Int) -> Double {
    guard !listed.isEmpty else {
      return dictionary.isEmpty
        ? HorizontalOffsets.offset(nil) : HorizontalOffsets.offset(dictionary[section])
    }
    return listed.withUnsafeBufferPointer { list in
      guard section >= list[0].section, section <= list[list.count - 1].section else {
        return HorizontalOffsets.offset(nil)
      }
      var low = 0
      var high = list.count - 1
      while low < high {
        let mid = (low + high) >> 1
        if list[mid].section < section { low = mid + 1 } else { high = mid }
      }
      return HorizontalOffsets.offset(list[low].section == section ? list[low].offset : nil)
    }
  }
}
