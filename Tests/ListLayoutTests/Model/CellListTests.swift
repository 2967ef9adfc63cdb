import TestSupport
import Testing

@testable import ListLayout

/// The chunked cell list behaves exactly like an array under random edits, and shares the
/// chunks an edit does not touch.
@Suite struct CellListTests {
  static func ids(_ list: CellList) -> [String?] { list.map(\.id) }

  @Test(arguments: 0..<2)
  func randomEditsMatchAnArray(batch: Int) {
    for seed in UInt64(batch * 20)..<UInt64(batch * 20 + sweep(quick: 4, long: 20)) {
      var rng = SplitMix64(seed: 77 + seed)
      let initial = Int.random(in: 0...3000, using: &rng)
      var array = (0..<initial).map { Cell(id: "c\($0)", width: 1, height: 1) }
      var list = CellList(array)
      var serial = initial
      for _ in 0..<120 {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0:
          serial += 1
          let cell = Cell(id: "n\(serial)", width: 1, height: 1)
          let at = Int.random(in: 0...array.count, using: &rng)
          array.insert(cell, at: at)
          list.insert(cell, at: at)
        case 1 where !array.isEmpty:
          let at = Int.random(in: 0..<array.count, using: &rng)
          array.remove(at: at)
          list.remove(at: at)
        case 2 where !array.isEmpty:
          let at = Int.random(in: 0..<array.count, using: &rng)
          array[at].id = "r\(at)"
          list[at].id = "r\(at)"
        case 3:
          serial += 1
          let cells = (0..<Int.random(in: 0...2500, using: &rng)).map {
            Cell(id: "a\(serial)-\($0)", width: 1, height: 1)
          }
          array.append(contentsOf: cells)
          list.append(contentsOf: cells)
        case 4 where array.count > 10:
          let lower = Int.random(in: 0..<array.count, using: &rng)
          let upper = Int.random(in: lower...min(array.count, lower + 1500), using: &rng)
          array.removeSubrange(lower..<upper)
          list.removeSubrange(lower..<upper)
        default:
          let copy = list
          list.append(Cell(id: "tail", width: 1, height: 1))
          array.append(Cell(id: "tail", width: 1, height: 1))
          #expect(copy.count == list.count - 1)
        }
      }
      #expect(Self.ids(list) == array.map(\.id), "seed \(seed)")
      #expect(list.count == array.count)
      for i in stride(from: 0, to: array.count, by: 97) { #expect(list[i].id == array[i].id) }
      #expect(list.chunks.allSatisfy { $0.cells.count <= 2 * CellList.chunkCapacity })
    }
  }

  /// Walking the chunks from any start gives the chunks the leaf iterator gives from the one
  /// holding that start, with the same first indices, and stops when asked, for lists of one
  /// leaf, one branch over leaves, and deeper trees.
  @Test func chunkWalksFromAnyStartMatchTheLeafIterator() {
    var rng = SplitMix64(seed: 4_411)
    for count in [1, 2, 63, 64, 65, 700, 2_100, 9_000, 140_000] {
      let list = CellList((0..<count).map { Cell(id: "c\($0)", width: 1, height: 1) })
      var leaves: [(first: Int, count: Int)] = []
      var iterator = CellList.LeafIterator(root: list.root, from: 0)
      while let leaf = iterator.next() { leaves.append((leaf.first, leaf.node.count)) }
      for _ in 0..<40 {
        let start = Int.random(in: 0..<count, using: &rng)
        let stopAfter = Int.random(in: 1...(leaves.count + 1), using: &rng)
        var walked: [(first: Int, count: Int)] = []
        list.forEachChunk(from: start) { buffer, first in
          #expect(buffer.first?.id == "c\(first)")
          walked.append((first, buffer.count))
          return walked.count < stopAfter
        }
        let expected = Array(leaves.drop { $0.first + $0.count <= start }.prefix(stopAfter))
        #expect(walked.map(\.first) == expected.map(\.first) && walked.map(\.count) == expected.map(\.count))
      }
    }
  }

  @Test func editsShareUntouchedChunks() {
    let list = CellList((0..<10_000).map { Cell(id: "c\($0)", width: 1, height: 1) })
    var edited = list
    edited[5000].id = "changed"
    #expect(list[5000].id == "c5000")
    #expect(edited[5000].id == "changed")
    let shared = zip(list.chunks, edited.chunks).filter { $0 === $1 }.count
    #expect(shared == list.chunks.count - 1)
  }

  /// The height of the tree and the sizes of its nodes, checked against the bounds that make
  /// every edit O(log n).
  static func shape(_ node: CellList.Node) -> (height: Int, leaves: [Int]) {
    if node.isLeaf { return (0, [node.cells.count]) }
    #expect(node.children.count <= CellList.branchCapacity)
    #expect(node.counts == ContiguousArray(node.children.map(\.count)))
    #expect(node.count == node.counts.reduce(0, +))
    let shapes = node.children.map(shape)
    #expect(Set(shapes.map(\.height)).count == 1, "a branch's children are all as tall")
    return (shapes[0].height + 1, shapes.flatMap(\.leaves))
  }

  @Test func appendingOneByOneBuildsTheTreeAnArrayBuilds() {
    let cells = (0..<200_000).map { Cell(id: "c\($0)", width: Double($0 % 7), height: 1) }
    var appended = CellList()
    for cell in cells { appended.append(cell) }
    var section = Section(cells: [])
    for cell in cells.prefix(70_000) { section.cells.append(cell) }
    let built = CellList(cells)
    #expect(Self.ids(appended) == Self.ids(built))
    #expect(Self.ids(section.cells) == cells.prefix(70_000).map(\.id))
    let (height, leaves) = Self.shape(appended.root)
    // Full chunks of 64, and a tree no taller than a balanced one over them.
    #expect(leaves.dropLast().allSatisfy { $0 == CellList.chunkCapacity })
    #expect(height <= 4)
    #expect(Self.shape(built.root).leaves == leaves)
  }

  @Test(arguments: [0, 1, 2])
  func insertsAndRemovesAnywhereKeepTheTreeBalanced(pattern: Int) {
    var list = CellList()
    var array: [Cell] = []
    var rng = SplitMix64(seed: UInt64(pattern) + 5)
    for step in 0..<sweep(quick: 15_000, long: 60_000) {
      let cell = Cell(id: "s\(step)", width: 1, height: 1)
      let at =
        switch pattern {
        case 0: 0
        case 1: array.count / 2
        default: Int.random(in: 0...array.count, using: &rng)
        }
      list.insert(cell, at: at)
      array.insert(cell, at: at)
      if step % 3 == 2 {
        let gone = Int.random(in: 0..<array.count, using: &rng)
        #expect(list.remove(at: gone).id == array.remove(at: gone).id)
      }
    }
    #expect(Self.ids(list) == array.map(\.id))
    let (height, leaves) = Self.shape(list.root)
    #expect(leaves.allSatisfy { $0 >= 1 && $0 <= 2 * CellList.chunkCapacity })
    #expect(height <= 5)
    while !array.isEmpty {
      let gone = Int.random(in: 0..<array.count, using: &rng)
      #expect(list.remove(at: gone).id == array.remove(at: gone).id)
    }
    #expect(list.isEmpty && list.root.isLeaf)
  }
}
