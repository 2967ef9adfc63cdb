extension FeedWriter {
  /// Writes a section's cells as `items` elements: written-out cells one by one, a run as a
  /// run object (`repeat`, `cells`, `idPrefix`, and `idStart` when its identifiers do not
  /// number its cells by their index in the section).
  ///
  /// A run that an edit split may start within its cycle or end before the cycle does: the
  /// cells before its first whole cycle and after its last are written out, the whole cycles
  /// (their cells in the order the part starts with) as one run object.
  ///
  /// - Complexity: O(c + r·k) for c written-out cells and r runs of k cells each.
  mutating func writeItems(
    _ cells: CellList, in section: Int, defaults: CellAttributes
  ) throws(FeedWritingError) {
    var item = 0
    var problem: FeedWritingError?
    cells.forEachPart { part in
      guard problem == nil else { return }
      do throws(FeedWritingError) {
        switch part {
        case .cells(let slice):
          for cell in slice {
            element()
            try write(cell, at: item, in: section, defaults: defaults)
            item += 1
          }
        case .run(let pattern, let phase, let count, let idPrefix, let firstID):
          try writeRun(
            pattern: pattern, phase: phase, count: count, idPrefix: idPrefix, firstID: firstID, item: &item,
            section: section, defaults: defaults)
        }
      } catch {
        problem = error
      }
    }
    if let problem { throw problem }
  }

  private mutating func writeRun(
    pattern: ContiguousArray<Cell>, phase: Int, count: Int, idPrefix: String?, firstID: Int, item: inout Int,
    section: Int, defaults: CellAttributes
  ) throws(FeedWritingError) {
    let k = pattern.count
    func cell(_ r: Int) -> Cell {
      var cell = pattern[(phase + r) % k]
      if let idPrefix { cell.id = idPrefix + String(firstID + r) }
      return cell
    }
    // Cells before the first whole cycle (none when the part starts with one, or when it
    // holds less than a cycle: then every cell is written out).
    let lead = count < k ? count : 0
    let cycles = (count - lead) / k
    for r in 0..<lead {
      element()
      try write(cell(r), at: item, in: section, defaults: defaults)
      item += 1
    }
    if cycles > 0 {
      element()
      open("{")
      key("repeat")
      integer(Int64(cycles))
      key("cells")
      open("[")
      for j in 0..<k {
        element()
        var listed = pattern[(phase + j) % k]
        if idPrefix != nil { listed.id = nil }
        try write(listed, at: item + j, in: section, defaults: defaults)
      }
      close("]")
      if let idPrefix {
        key("idPrefix")
        string(idPrefix)
        if firstID + lead != item {
          key("idStart")
          integer(Int64(firstID + lead))
        }
      }
      close("}")
      item += cycles * k
    }
    for r in (lead + cycles * k)..<count {
      element()
      try write(cell(r), at: item, in: section, defaults: defaults)
      item += 1
    }
  }
}
