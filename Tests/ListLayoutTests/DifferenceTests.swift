import LayoutGeometry
import TestSupport
import Testing

@testable import ListLayout

/// Random pairs of feeds: the difference, applied to the old snapshot, must give exactly the
/// layout of the new model, and must match a plain reference matcher in what it reports.
@Suite struct DifferenceTests {
  /// A model whose cells have ids from a small pool (so duplicates occur), some none.
  static func keyedModel(_ rng: inout SplitMix64) -> ListModel {
    var model = ModelGenerator.model(&rng, maxSections: 5, maxCells: 30)
    for s in model.sections.indices {
      if Int.random(in: 0..<3, using: &rng) == 0 {
        model.sections[s].id = "s\(Int.random(in: 0..<4, using: &rng))"
      }
      if Int.random(in: 0..<4, using: &rng) == 0 {
        model.sections[s].header = Supplementary(height: 20, id: "h\(Int.random(in: 0..<4, using: &rng))")
      }
      for i in model.sections[s].cells.indices {
        model.sections[s].cells[i].id = randomID(&rng)
      }
    }
    return model
  }

  static func randomID(_ rng: inout SplitMix64) -> String? {
    switch Int.random(in: 0..<10, using: &rng) {
    case 0: nil
    case 1: "dup\(Int.random(in: 0..<3, using: &rng))"
    default: "c\(rng.next() % 100_000)"
    }
  }

  static func randomCell(_ rng: inout SplitMix64, width: Double) -> Cell {
    var cell = IncrementalTests.randomCell(&rng, width: width, id: "")
    cell.id = randomID(&rng)
    return cell
  }

  /// A new version of `model`: a few random edits of every kind.
  static func mutate(_ model: ListModel, _ rng: inout SplitMix64) -> ListModel {
    var new = model
    let width = model.configuration.width
    for _ in 0..<Int.random(in: 0...6, using: &rng) {
      let nonEmpty = new.sections.indices.filter { !new.sections[$0].cells.isEmpty }
      switch Int.random(in: 0..<17, using: &rng) {
      case 0 where !nonEmpty.isEmpty:  // delete a cell
        let s = nonEmpty.randomElement(using: &rng)!
        new.sections[s].cells.remove(at: Int.random(in: new.sections[s].cells.indices, using: &rng))
      case 1 where !new.sections.isEmpty:  // insert a cell
        let s = Int.random(in: new.sections.indices, using: &rng)
        new.sections[s].cells.insert(
          randomCell(&rng, width: width), at: Int.random(in: 0...new.sections[s].cells.count, using: &rng))
      case 2 where !nonEmpty.isEmpty:  // move a cell, maybe to another section
        let s = nonEmpty.randomElement(using: &rng)!
        let cell = new.sections[s].cells.remove(
          at: Int.random(in: new.sections[s].cells.indices, using: &rng))
        let t = Int.random(in: new.sections.indices, using: &rng)
        new.sections[t].cells.insert(cell, at: Int.random(in: 0...new.sections[t].cells.count, using: &rng))
      case 3 where !nonEmpty.isEmpty:  // resize
        let s = nonEmpty.randomElement(using: &rng)!
        let i = Int.random(in: new.sections[s].cells.indices, using: &rng)
        new.sections[s].cells[i].size = .fixed(
          Size(
            width: Double(Int.random(in: 0...Int(width * 2), using: &rng)) / 2,
            height: Double(Int.random(in: 0...200, using: &rng)) / 2))
      case 4 where !nonEmpty.isEmpty:  // traits and attributes
        let s = nonEmpty.randomElement(using: &rng)!
        let i = Int.random(in: new.sections[s].cells.indices, using: &rng)
        new.sections[s].cells[i].traits = ModelGenerator.randomTraits(&rng)
        if Bool.random(using: &rng) {
          new.sections[s].cells[i].attributes = CellAttributes(
            shouldBeginLine: Bool.random(using: &rng), startLineIndentation: Bool.random(using: &rng))
        }
      case 5 where !new.sections.isEmpty:  // delete a section
        new.sections.remove(at: Int.random(in: new.sections.indices, using: &rng))
      case 6:  // insert a section
        var section = Section(header: Bool.random(using: &rng) ? Supplementary(height: 30) : nil)
        if Bool.random(using: &rng) { section.id = "s\(Int.random(in: 0..<6, using: &rng))" }
        for _ in 0..<Int.random(in: 0...8, using: &rng) {
          section.cells.append(randomCell(&rng, width: width))
        }
        new.sections.insert(section, at: Int.random(in: 0...new.sections.count, using: &rng))
      case 7 where new.sections.count >= 2:  // move a section
        let section = new.sections.remove(at: Int.random(in: new.sections.indices, using: &rng))
        new.sections.insert(section, at: Int.random(in: 0...new.sections.count, using: &rng))
      case 8 where !new.sections.isEmpty:  // a section's own properties
        let s = Int.random(in: new.sections.indices, using: &rng)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
          new.sections[s].header = Supplementary(height: Double(Int.random(in: 0...80, using: &rng)) / 2)
        case 1: new.sections[s].footer = Bool.random(using: &rng) ? Supplementary(height: 12) : nil
        case 2:
          new.sections[s].attributes = SectionAttributes(
            horizontalAlignment: HorizontalAlignment.allCases.randomElement(using: &rng)!,
            itemSpacing: Double(Int.random(in: 0...20, using: &rng)) / 2)
        default: new.sections[s].id = "s\(Int.random(in: 0..<6, using: &rng))"
        }
      case 9 where !nonEmpty.isEmpty:  // shuffle a run of cells
        let s = nonEmpty.randomElement(using: &rng)!
        let count = new.sections[s].cells.count
        let start = Int.random(in: 0..<count, using: &rng)
        let end = Int.random(in: start...count, using: &rng)
        var run = Array(new.sections[s].cells[start..<end])
        run.shuffle(using: &rng)
        new.sections[s].cells.replaceSubrange(start..<end, with: run)
      case 10 where !nonEmpty.isEmpty:  // delete a run of cells
        let s = nonEmpty.randomElement(using: &rng)!
        let count = new.sections[s].cells.count
        let start = Int.random(in: 0..<count, using: &rng)
        new.sections[s].cells.removeSubrange(start..<Int.random(in: start...count, using: &rng))
      case 11 where !new.sections.isEmpty:  // insert a run of cells
        let s = Int.random(in: new.sections.indices, using: &rng)
        let run = (0..<Int.random(in: 1...40, using: &rng)).map { _ in randomCell(&rng, width: width) }
        new.sections[s].cells.insert(
          contentsOf: run, at: Int.random(in: 0...new.sections[s].cells.count, using: &rng))
      case 12:  // the configuration
        if Bool.random(using: &rng) {
          new.configuration.width = [120.0, 320, 375, 414.5].randomElement(using: &rng)!
        } else {
          new.configuration.sectionSpacing = Double(Int.random(in: 0...12, using: &rng)) / 2
        }
      default: break
      }
    }
    return new
  }

  static func ids(_ model: ListModel) -> [[String?]] { model.sections.map { $0.cells.map(\.id) } }

  @Test func appliedDifferenceEqualsTheNewLayout() throws {
    var kinds = [String: Int]()
    let seeds = sweep(quick: 300, long: 3000)
    for seed in 0..<seeds {
      var rng = SplitMix64(seed: UInt64(seed))
      let old = Self.keyedModel(&rng)
      let new = Self.mutate(old, &rng)
      let difference = ListDifference(from: old, to: new)
      let before = try old.layout()
      let result = try before.applying(difference)
      let expected = try new.layout()
      guard try expectSameLayout(result.snapshot, expected, "seed \(seed)") else { return }
      #expect(Self.ids(result.snapshot.model) == Self.ids(new), "seed \(seed)")
      _ = try Self.checkAgainstReference(old, new, difference, "seed \(seed)")
      if !difference.items.moved.isEmpty { kinds["item moves", default: 0] += 1 }
      if !difference.items.updated.isEmpty { kinds["item updates", default: 0] += 1 }
      if !difference.items.inserted.isEmpty { kinds["item inserts", default: 0] += 1 }
      if !difference.items.deleted.isEmpty { kinds["item deletes", default: 0] += 1 }
      if !difference.sections.moved.isEmpty { kinds["section moves", default: 0] += 1 }
      if !difference.sections.updated.isEmpty { kinds["section updates", default: 0] += 1 }
      if !difference.sections.inserted.isEmpty { kinds["section inserts", default: 0] += 1 }
      if !difference.sections.deleted.isEmpty { kinds["section deletes", default: 0] += 1 }
      if difference.configuration != nil { kinds["configuration", default: 0] += 1 }
    }
    // Every kind of change occurred in hundreds of the pairs (tens in the quick run).
    #expect(kinds.count == 9 && kinds.values.allSatisfy { $0 >= seeds / 30 }, "\(kinds)")
  }

  /// The plain reference: k-th occurrence matching with dictionaries, quadratic longest
  /// increasing subsequences; the difference must agree on what is deleted, inserted and
  /// updated, and make no more moves than needed.
  static func checkAgainstReference(
    _ old: ListModel, _ new: ListModel, _ difference: ListDifference, _ context: String,
    lis: ([Int]) -> Int = quadraticLIS
  ) throws -> [IndexPath: IndexPath] {
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
    var occurrences: [String: [IndexPath]] = [:]
    for s in old.sections.indices where matchedOld.contains(s) {
      for (i, cell) in old.sections[s].cells.enumerated() {
        if let id = cell.id { occurrences[id, default: []].append(IndexPath(item: i, section: s)) }
      }
    }
    var match: [IndexPath: IndexPath] = [:]  // new → old
    var taken: [String: Int] = [:]
    for (t, section) in new.sections.enumerated() {
      guard let s = sectionMatch[t] else { continue }
      let oldUnkeyed = old.sections[s].cells.indices.filter { old.sections[s].cells[$0].id == nil }
      var unkeyedRank = 0
      for (j, cell) in section.cells.enumerated() {
        if let id = cell.id {
          let k = taken[id, default: 0]
          taken[id] = k + 1
          if let list = occurrences[id], k < list.count { match[IndexPath(item: j, section: t)] = list[k] }
        } else {
          if unkeyedRank < oldUnkeyed.count {
            match[IndexPath(item: j, section: t)] = IndexPath(item: oldUnkeyed[unkeyedRank], section: s)
          }
          unkeyedRank += 1
        }
      }
    }
    let matchedOldCells = Set(match.values)
    var deleted: [IndexPath] = []
    for s in old.sections.indices where matchedOld.contains(s) {
      for i in old.sections[s].cells.indices where !matchedOldCells.contains(IndexPath(item: i, section: s)) {
        deleted.append(IndexPath(item: i, section: s))
      }
    }
    var inserted: [IndexPath] = []
    var updated: [IndexPath] = []
    var moves = 0
    for (t, section) in new.sections.enumerated() {
      guard let s = sectionMatch[t] else { continue }
      var kept: [Int] = []
      for j in section.cells.indices {
        let to = IndexPath(item: j, section: t)
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

  static func quadraticLIS(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
      for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
    }
    return best.max() ?? 0
  }

  @Test func oneCellDraggedToTheEndIsOneMove() throws {
    let cells = (0..<10).map { Cell(id: "c\($0)", width: 50, height: 50) }
    let old = ListModel(configuration: ListConfiguration(width: 375), sections: [Section(cells: cells)])
    var new = old
    new.sections[0].cells = CellList(Array(cells.dropFirst()) + [cells[0]])
    let difference = ListDifference(from: old, to: new)
    #expect(
      difference.items.moved == [
        .init(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 9, section: 0))
      ])
    #expect(
      difference.items.deleted.isEmpty && difference.items.inserted.isEmpty
        && difference.items.updated.isEmpty)
    #expect(difference.sections.isEmpty && difference.configuration == nil)
  }

  @Test func duplicateIdsMatchInOrder() throws {
    let old = ListModel(
      configuration: ListConfiguration(width: 375),
      sections: [
        Section(cells: [Cell(id: "x", width: 10, height: 10), Cell(id: "x", width: 20, height: 10)])
      ])
    var new = old
    // The first "x" is gone: the k-th rule matches new x#0 with old x#0 (now 20 wide: updated)
    // and deletes old x#1.
    new.sections[0].cells = [Cell(id: "x", width: 20, height: 10)]
    let difference = ListDifference(from: old, to: new)
    #expect(difference.items.deleted == [IndexPath(item: 1, section: 0)])
    #expect(difference.items.updated == [IndexPath(item: 0, section: 0)])
    #expect(difference.items.moved.isEmpty && difference.items.inserted.isEmpty)
  }

  @Test func sectionsMatchByIdThenHeaderId() throws {
    let config = ListConfiguration(width: 375)
    let old = ListModel(
      configuration: config,
      sections: [
        Section(header: Supplementary(height: 10, id: "a")), Section(cells: [Cell(id: "1")], id: "b"),
        Section(),
      ])
    let new = ListModel(
      configuration: config,
      sections: [
        Section(cells: [Cell(id: "1")], id: "b"), Section(header: Supplementary(height: 12, id: "a")),
        Section(id: "c"),
      ])
    let difference = ListDifference(from: old, to: new)
    #expect(difference.sections.deleted == [2])
    #expect(difference.sections.inserted == [2])
    #expect(difference.sections.moved.count == 1)
    #expect(difference.sections.updated == [1])
    #expect(difference.items.isEmpty)
  }
}

/// Large sections, where the side-by-side walk resynchronises over long runs and duplicates
/// take walked pairs back.
@Suite struct LargeDifferenceTests {
  static func lisLength(_ values: [Int]) -> Int {
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

  @Test func longRunsAndDuplicates() throws {
    for seed in 0..<sweep(quick: 10, long: 60) {
      var rng = SplitMix64(seed: UInt64(seed))
      var serial = 0
      func cell() -> Cell {
        serial += 1
        let id: String? =
          Int.random(in: 0..<50, using: &rng) == 0
          ? "dup\(Int.random(in: 0..<5, using: &rng))"
          : (Int.random(in: 0..<40, using: &rng) == 0 ? nil : "c\(serial)")
        return Cell(
          id: id, width: Double(Int.random(in: 1...200, using: &rng)),
          height: Double(Int.random(in: 1...60, using: &rng)))
      }
      var old = ListModel(configuration: ListConfiguration(width: 375))
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        old.sections.append(Section(cells: (0..<Int.random(in: 500...3000, using: &rng)).map { _ in cell() }))
      }
      var new = old
      for _ in 0..<Int.random(in: 1...5, using: &rng) {
        let s = Int.random(in: new.sections.indices, using: &rng)
        var cells = Array(new.sections[s].cells)
        let start = Int.random(in: 0...cells.count, using: &rng)
        let end = min(cells.count, start + Int.random(in: 0...800, using: &rng))
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: cells.removeSubrange(start..<end)
        case 1:
          cells.insert(contentsOf: (0..<Int.random(in: 1...700, using: &rng)).map { _ in cell() }, at: start)
        case 2:  // a block moves elsewhere
          let block = Array(cells[start..<end])
          cells.removeSubrange(start..<end)
          cells.insert(contentsOf: block, at: Int.random(in: 0...cells.count, using: &rng))
        default:  // sparse edits
          for _ in 0..<Int.random(in: 1...60, using: &rng) where !cells.isEmpty {
            let i = Int.random(in: cells.indices, using: &rng)
            if Bool.random(using: &rng) {
              cells[i] = cell()
            } else {
              cells[i].size = .fixed(Size(width: 17, height: 9))
            }
          }
        }
        new.sections[s].cells = CellList(cells)
      }
      let difference = ListDifference(from: old, to: new)
      let result = try old.layout().applying(difference)
      guard try expectSameLayout(result.snapshot, try new.layout(), "seed \(seed)") else { return }
      #expect(DifferenceTests.ids(result.snapshot.model) == DifferenceTests.ids(new), "seed \(seed)")
      _ = try DifferenceTests.checkAgainstReference(old, new, difference, "seed \(seed)", lis: Self.lisLength)
    }
  }
}
