import LayoutJSON

// Runs in a feed: an element of a section's `items` of the form
// `{"repeat": n, "cells": [CELL, …], "idPrefix": "row", "idStart": 7}` stands for the cells
// listed, repeated n times, stored as one run of the section's ``CellList``.

extension FeedDecoder {
  enum RunKey: String, JSONObjectKey {
    case `repeat`, cells, idPrefix, idStart
    static let keys = JSONKeyTable(Self.self)
  }

  /// Whether the element the reader is on is a run object: an object whose first key is one
  /// of a run's (a cell object has none of them). Looks at a few bytes; reads nothing.
  @inline(__always)
  static func startsRun(_ reader: borrowing JSONReader) -> Bool {
    let bytes = reader.bytes
    var i = reader.offset
    func skipSpace() {
      while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 {
        i += 1
      }
    }
    skipSpace()
    guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return false }
    i += 1
    skipSpace()
    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return false }
    switch bytes[i + 1] {
    case UInt8(ascii: "r"): return matches("repeat\"", bytes, at: i + 1)
    case UInt8(ascii: "c"): return matches("cells\"", bytes, at: i + 1)
    case UInt8(ascii: "i"):
      return matches("idPrefix\"", bytes, at: i + 1) || matches("idStart\"", bytes, at: i + 1)
    default: return false
    }
  }

  private static func matches(
    _ word: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, at start: Int
  ) -> Bool {
    word.withUTF8Buffer { word in
      guard start + word.count <= bytes.count else { return false }
      for k in 0..<word.count where bytes[start + k] != word[k] { return false }
      return true
    }
  }

  /// Throws when the cells read so far, runs expanded, are more than `maxExpandedCells`.
  func checkExpandedCells(_ reader: borrowing JSONReader, at start: Int? = nil) throws(JSONInputError) {
    let bound = Swift.min(limits.maxExpandedCells, CellList.maxRunListCount)
    guard cellCount + expandedCells > bound else { return }
    throw reader.error(
      .limitExceeded("maxExpandedCells"), "more than \(bound) cells with the runs' repeated cells", at: start)
  }

  /// Reads the run object the reader is on, whose first cell is the section's cell `item`,
  /// and appends it to `cells` as one run; returns the number of cells it stands for.
  ///
  /// Each cell it lists counts against `maxCells`; the cells it stands for count against
  /// `maxExpandedCells`.
  mutating func readRun(
    _ reader: inout JSONReader, section: Int, item: Int, into cells: inout CellList.Builder
  ) throws(JSONInputError) -> Int {
    let start = reader.offset
    var repetitions: Int?
    var pattern = ContiguousArray<Cell>()
    var idPrefix: String?
    var idStart: Int?
    var hasCells = false
    var patternAttributes: [(Int, PartialCellAttributes)] = []
    try reader.readObject("a run object", RunKey.keys) { (key, reader) throws(JSONInputError) in
      switch RunKey(index: key) {
      case .repeat: repetitions = try reader.readInteger(in: 0...CellList.maxRunListCount)
      case .idPrefix: idPrefix = try reader.readString("an identifier prefix")
      case .idStart: idStart = try reader.readInteger(in: 0...Int(Int32.max))
      case .cells:
        hasCells = true
        try reader.readArray("an array of cells") { (_, reader) throws(JSONInputError) in
          if Self.startsRun(reader) {
            throw reader.error(.invalidValue, "a run lists cell objects, not runs")
          }
          cellCount += 1
          guard cellCount <= limits.maxCells else {
            throw reader.error(.limitExceeded("maxCells"), "more than \(limits.maxCells) cells")
          }
          let attributesBefore = cellAttributes.count
          let slot = UnsafeMutablePointer<Cell>.allocate(capacity: 1)
          defer { slot.deallocate() }
          try readCell(&reader, section: section, item: item, into: slot)
          let cell = slot.move()
          if cellAttributes.count > attributesBefore {
            // Applied to the pattern once the feed's defaults are known (`model(width:reader:)`).
            patternAttributes.append((pattern.count, cellAttributes.removeLast().2))
          }
          pattern.append(cell)
        }
      }
    }
    guard let repetitions else { throw reader.error(.missingKey, "a run needs \"repeat\"", at: start) }
    guard hasCells else { throw reader.error(.missingKey, "a run needs \"cells\"", at: start) }
    if idPrefix != nil, pattern.contains(where: { $0.id != nil }) {
      throw reader.error(
        .invalidValue, "the cells of a run with \"idPrefix\" take their identifiers from it", at: start)
    }
    if idStart != nil, idPrefix == nil {
      throw reader.error(.invalidValue, "\"idStart\" numbers the identifiers of \"idPrefix\"", at: start)
    }
    guard !pattern.isEmpty, repetitions > 0 else { return 0 }
    let (count, overflow) = repetitions.multipliedReportingOverflow(by: pattern.count)
    expandedCells += overflow ? Int.max / 2 : count - pattern.count
    try checkExpandedCells(reader, at: start)
    let leaf = CellList.runLeaf(cycling: pattern, count: count, idPrefix: idPrefix, firstID: idStart ?? item)
    if !patternAttributes.isEmpty { runAttributes.append((leaf.run!, patternAttributes)) }
    cells.append(leaf: leaf)
    return count
  }
}
