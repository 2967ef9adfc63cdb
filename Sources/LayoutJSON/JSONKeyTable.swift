// The keys of each kind of JSON object, one table per kind, for the package's JSON reader.

/// The keys one kind of object may have: an enum whose cases are its keys, spelled as their
/// raw values (the cases' own names unless given others), numbered from 0 in declaration order.
///
/// ```swift
/// enum SizeKey: String, JSONObjectKey {
///   case width, height
///   static let keys = JSONKeyTable(Self.self)
/// }
/// try reader.readObject("a size", SizeKey.keys) { key, reader in
///   switch SizeKey(index: key) { case .width: … case .height: … }
/// }
/// ```
///
/// The reader hands back the key's index rather than the case: a generic call into this
/// module is not specialized for the caller's enum, and would look its type up per key.
///
/// The spelling is the raw value rather than `String(describing:)` of the case: that goes
/// through the runtime's reflection, which looks the enum's conformances up in every
/// conformance record of the process, about 1.5 million instructions per key type at the
/// first call, most of a small feed's decoding.
@usableFromInline package protocol JSONObjectKey: RawRepresentable<String>, CaseIterable, Sendable {}

extension JSONObjectKey {
  /// The key at `index` in declaration order: an index a ``JSONKeyTable`` of this type
  /// handed back.
  ///
  /// An enum without payloads of 2 to 256 cases is stored as its case's declaration index in
  /// one byte; ``JSONKeyTable/init(_:)`` checks that for every key type before the reader can
  /// hand back an index of it.
  @inlinable @inline(always)
  package init(index: Int) {
    self = unsafeBitCast(UInt8(truncatingIfNeeded: index), to: Self.self)
  }
}

/// The keys of one kind of object, in one table: it matches a key's bytes to its index and
/// writes the "known keys" part of an error, so decoding and messages cannot drift.
@usableFromInline package struct JSONKeyTable: Sendable {
  /// Each key's UTF-8 bytes.
  @usableFromInline let names: [[UInt8]]
  /// Each key's first (up to) eight bytes as one word, for a one-comparison first test.
  @usableFromInline let heads: [UInt64]
  /// Each key's length in bytes.
  @usableFromInline let lengths: [Int]
  /// Each key of up to seven bytes followed by its closing quote, as one word (zero above),
  /// and the mask of those bytes: a key in the document matches with one load, one AND and
  /// one comparison, without a scan for its end. Longer keys hold an entry that never
  /// matches (mask 0, pattern all ones).
  @usableFromInline let quotedPatterns: [UInt64]
  @usableFromInline let quotedMasks: [UInt64]
  /// The known keys, as error messages list them.
  package let list: String

  /// The table of `Key`'s cases, spelled as their raw values.
  package init<Key: JSONObjectKey>(_: Key.Type) {
    let cases = Array(Key.allCases)
    precondition(cases.count <= 64, "a JSON key table holds at most 64 keys")
    precondition(MemoryLayout<Key>.size == 1, "a JSON key type is an enum of 2 to 64 cases without payloads")
    for (index, key) in cases.enumerated() {
      precondition(Key(index: index).rawValue == key.rawValue, "JSON keys are numbered from 0 in order")
    }
    let spelled = cases.map(\.rawValue)
    names = spelled.map { Array($0.utf8) }
    heads = names.map { JSONKeyTable.head($0[...]) }
    lengths = names.map(\.count)
    quotedPatterns = names.map { $0.count < 8 ? JSONKeyTable.head($0 + [UInt8(ascii: "\"")]) : .max }
    quotedMasks = names.map { $0.count < 8 ? (1 &<< (8 &* UInt64($0.count + 1))) &- 1 : 0 }
    list = spelled.joined(separator: ", ")
  }

  /// The index of the short key whose bytes and closing quote are the low bytes of `word`
  /// (the eight bytes after an opening quote), or -1.
  @inlinable @inline(always)
  func quotedIndex(_ word: UInt64) -> Int {
    quotedPatterns.withUnsafeBufferPointer { patterns in
      quotedMasks.withUnsafeBufferPointer { masks in
        var k = 0
        while k < patterns.count {
          if word & masks[k] == patterns[k] { return k }
          k &+= 1
        }
        return -1
      }
    }
  }

  static func head(_ bytes: [UInt8]) -> UInt64 { head(bytes[...]) }

  static func head(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    var word: UInt64 = 0
    for (i, byte) in bytes.prefix(8).enumerated() { word |= UInt64(byte) << (8 * UInt64(i)) }
    return word
  }

  /// The index of the key spelled by `count` bytes at `start`.
  @inlinable @inline(always)
  func index(of start: UnsafePointer<UInt8>, count: Int, readable: Int) -> Int? {
    var word: UInt64 = 0
    if readable >= 8 {
      // One load of eight bytes (the key's and what follows), the extra ones masked off.
      word = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
      if count < 8 { word &= (1 &<< (8 &* UInt64(count))) &- 1 }
    } else {
      for i in 0..<Swift.min(count, 8) { word |= UInt64(start[i]) << (8 &* UInt64(i)) }
    }
    let found = heads.withUnsafeBufferPointer { heads in
      lengths.withUnsafeBufferPointer { lengths in
        var k = 0
        while k < heads.count {
          if heads[k] == word && lengths[k] == count { return k }
          k &+= 1
        }
        return -1
      }
    }
    guard found >= 0 else { return nil }
    if count <= 8 { return found }
    // Keys longer than eight bytes: the first with these eight bytes and this length whose
    // tail matches too.
    for k in found..<names.count where heads[k] == word && lengths[k] == count {
      var equal = true
      for i in 8..<count where names[k][i] != start[i] {
        equal = false
        break
      }
      if equal { return k }
    }
    return nil
  }

  /// The index of `key`, spelled as a decoded string (a key written with escapes).
  func index(of key: String) -> Int? { names.firstIndex { $0.elementsEqual(key.utf8) } }
}
