import LayoutGeometry
import ListLayout
import TestSupport
import Testing

/// A plain reference for differences: what they must report, found the simple way.
public enum ReferenceDifference {
  /// The plain reference: k-th occurrence matching with dictionaries, quadratic longest
  /// increasing subsequences; the difference must agree on what is deleted, inserted and
  /// updated, and make no more moves than needed.
  public static func check(
    _ old: ListModel, _ new: ListModel, _ difference: ListDifference, _ context: String,
    lis: ([Int]) -> Int = quadraticLIS
  ) throws -> [ListIndexPath: ListIndexPath] {
    // Sections.
    var keyed: [String: [Int]] = [:]
    var unkeyed: [Int] = []
    for (s, section) in old.sections.enumerated() {
      if let key = section.id ?? section.header?.id {
        keyed[key, default: []].append(s)
      } else {
        unkeyed.append(s)
      }
    }
    var sectionMatch = [Int?](repeating: nil, count: new.sections.count)
    var used: [String: Int] = [:]
    var rank = 0
    for (t, section) in new.sections.enumerated() {
      if let key = section.id ?? section.header?.id {
        let k = used[key, default: 0]
        used[key] = k + 1
        if let list = keyed[key], k < list.count { sectionMatch[t] = list[k] }
      } else {
        if rank < unkeyed.count { sectionMatch[t] = unkeyed[rank] }
        rank += 1
      }
    }
    let matchedOld = Set(sectionMatch.compactMap { $0 })
    #expect(
      difference.sections.deleted == old.sections.indices.filter { !matchedOld.contains($0) }, "\(context)")
    #expect(
      difference.sections.inserted == new.sections.indices.filter { sectionMatch[$0] == nil }, "\(context)")
    let matchedSequence = sectionMatch.compactMap { $0 }
    #expect(difference.sections.moved.count == matchedSequence.count - lis(matchedSequence), "\(context)")
    // Cells.
    var occurrences: [String: [ListIndexPath]] = [:]
    for s in old.sections.indices where matchedOld.contains(s) {
      for (i, cell) in old.sections[s].cells.enumerated() {
        if let id = cell.id { occurrences[id, default: []].append(ListIndexPath(item: i, section: s)) }
      }
    }
    var match: [ListIndexPath: ListIndexPath] = [:]  // new → old
    var taken: [String: Int] = [:]
    for (t, section) in new.sections.enumerated() {
      guard let s = sectionMatch[t] else { continue }
      let oldUnkeyed = old.sections[s].cells.indices.filter { old.sections[s].cells[$0].id == nil }
      var unkeyedRank = 0
      for (j, cell) in section.cells.enumerated() {
        if let id = cell.id {
          let k = taken[id, default: 0]
          taken[id] = k + 1
          if let list = occurrences[id], k < list.count {
            match[ListIndexPath(item: j, section: t)] = list[k]
          }
        } else {
          if unkeyedRank < oldUnkeyed.count {
            match[ListIndexPath(item: j, section: t)] = ListIndexPath(
              item: oldUnkeyed[unkeyedRank], section: s)
          }
          unkeyedRank += 1
        }
      }
    }
    let matchedOldCells = Set(match.values)
    var deleted: [ListIndexPath] = []
    for s in old.sections.indices where matchedOld.contains(s) {
      for i in old.sections[s].cells.indices
      where !matchedOldCells.contains(ListIndexPath(item: i, section: s)) {
        deleted.append(ListIndexPath(item: i, section: s))
      }
    }
    var inserted: [ListIndexPath] = []
    var updated: [ListIndexPath] = []
    var moves = 0
    for (t, section) in new.sections.enumerated() {
      guard let s = sectionMatch[t] else { continue }
      var kept: [Int] = []
      for j in section.cells.indices {
        let to = ListIndexPath(item: j, section: t)
        guard let from = match[to] else {
          inserted.append(to)
          continue
        }
        if from.section == s { kept.append(from.item) } else { moves += 1 }
        let a = old.sections[from.section].cells[from.item]
        let b = section.cells[j]
        if a.size.fixedValue != b.size.fixedValue || a.traits != b.traits || a.attributes != b.attributes {
          updated.append(to)
        }
      }
      moves += kept.count - lis(kept)
    }
    #expect(difference.items.deleted == deleted, "\(context)")
    #expect(difference.items.inserted == inserted, "\(context)")
    #expect(difference.items.updated == updated, "\(context)")
    #expect(difference.items.moved.count == moves, "\(context)")
    // Every reported move and every unmoved pair agrees with the reference matching.
    for move in difference.items.moved { #expect(match[move.to] == move.from, "\(context) \(move)") }
    return match
  }

  public static func quadraticLIS(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
      for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
    }
    return best.max() ?? 0
  }

  public static func lisLength(_ values: [Int]) -> Int {
    var tails: [Int] = []
    for value in values {
      var low = 0
      var high = tails.count
      while low < high {
        let mid = (low + high) / 2
        if tails[mid] < value { low = mid + 1 } else { high = mid }
      }
      if low == tails.count { tails.append(value) } else { tails[low] = value }
    }
    return tails.count
  }
}
