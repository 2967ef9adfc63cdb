import ListLayout

/// Appends `count` cells cycling through `pattern` to `runs` as one run, and the same cells
/// written out one by one to `written`, the list's twin (`written` holds as many cells as
/// `runs`). With an `idPrefix`, each written-out cell is given the identifier the run derives
/// for it: the prefix followed by the cell's index in the list.
public func appendRun(
  cycling pattern: [Cell], count: Int, idPrefix: String?, to runs: inout CellList,
  writtenOut written: inout [Cell]
) {
  let first = written.count
  runs.append(cycling: pattern, count: count, idPrefix: idPrefix)
  for r in 0..<count {
    var cell = pattern[r % pattern.count]
    if let idPrefix { cell.id = idPrefix + String(first + r) }
    written.append(cell)
  }
}
