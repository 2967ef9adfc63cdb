import LayoutGeometry
import TestSupport
import Testing

@testable import ListLayout

/// A model's sections live in a ``SectionList``: a balanced tree of chunks, so appending,
/// inserting and removing a section anywhere touches one chunk and the short path above it.
@Suite struct SectionListTests {
  static func section(_ name: String) -> Section {
    Section(header: Supplementary(height: 10, id: name))
  }

  static func names(_ sections: SectionList) -> [String?] { sections.map { $0.header?.id } }

  /// The height of the tree and the sizes of its leaves, checked against the bounds that make
  /// every edit O(log n).
  static func shape(_ node: SectionList.Node) -> (height: Int, leaves: [Int]) {
    if node.isLeaf { return (0, [node.elements.count]) }
    #expect(node.children.count <= SectionList.branchCapacity)
    #expect(node.counts == ContiguousArray(node.children.map(\.count)))
    let shapes = node.children.map(shape)
    #expect(Set(shapes.map(\.height)).count == 1, "a branch's children are all as tall")
    return (shapes[0].height + 1, shapes.flatMap(\.leaves))
  }

  /// The leaves, in order.
  static func leaves(_ list: SectionList) -> [SectionList.Node] {
    var all: [SectionList.Node] = []
    var iterator = SectionList.LeafIterator(root: list.root, from: 0)
    while let leaf = iterator.next() { all.append(leaf.node) }
    return all
  }

  /// 100,000 sections appended one by one to a model make the tree a model built from an
  /// array has: full chunks, at most four levels. (An array of sections did the same; this
  /// shows the tree keeps it.)
  @Test func appendingSectionsToAModelBuildsTheTreeAnArrayBuilds() {
    let sections = (0..<100_000).map { Self.section("s\($0)") }
    var model = ListModel(configuration: ListConfiguration(width: 100))
    for section in sections { model.sections.append(section) }
    let built = ListModel(configuration: ListConfiguration(width: 100), sections: sections)
    #expect(Self.names(model.sections) == sections.map { $0.header?.id })
    let (height, leaves) = Self.shape(model.sections.root)
    #expect(leaves.dropLast().allSatisfy { $0 == SectionList.chunkCapacity })
    #expect(height <= 4)
    #expect(Self.shape(built.sections.root).leaves == leaves)
  }

  /// Inserting a section at the front of a model of 100,000 copies at most two chunks (the
  /// one it goes into, split in two when full) and shares every other with the model before:
  /// the insert moved O(chunk) sections, not O(sections), as an array's insert did.
  @Test func insertingOrRemovingASectionSharesEveryOtherChunk() {
    let model = ListModel(
      configuration: ListConfiguration(width: 100), sections: (0..<100_000).map { Self.section("s\($0)") })
    let before = Set(Self.leaves(model.sections).map(ObjectIdentifier.init))
    for at in [0, 50_000, 100_000] {
      var edited = model
      edited.sections.insert(Self.section("new"), at: at)
      #expect(edited.sections[at].header?.id == "new")
      #expect(edited.sections.count == 100_001)
      let after = Self.leaves(edited.sections).map(ObjectIdentifier.init)
      #expect(after.filter { !before.contains($0) }.count <= 2, "insert at \(at)")
      var removed = model
      #expect(removed.sections.remove(at: min(at, 99_999)).header?.id == "s\(min(at, 99_999))")
      let left = Self.leaves(removed.sections).map(ObjectIdentifier.init)
      #expect(left.filter { !before.contains($0) }.count <= 1, "remove at \(at)")
      #expect(model.sections.count == 100_000 && model.sections[0].header?.id == "s0")
    }
  }

  /// Inserts at the front, the middle and anywhere, with removals, match an array's and keep
  /// the tree balanced with bounded chunks.
  @Test(arguments: [0, 1, 2])
  func sectionsInsertedAndRemovedAnywhereMatchAnArray(pattern: Int) throws {
    var model = ListModel(configuration: ListConfiguration(width: 200))
    var array: [Section] = []
    var rng = SplitMix64(seed: UInt64(pattern) + 40)
    for step in 0..<sweep(quick: 4_000, long: 12_000) {
      let section = Self.section("s\(step)")
      let at =
        switch pattern {
        case 0: 0
        case 1: array.count / 2
        default: Int.random(in: 0...array.count, using: &rng)
        }
      model.sections.insert(section, at: at)
      array.insert(section, at: at)
      if step % 3 == 2 {
        let gone = Int.random(in: 0..<array.count, using: &rng)
        #expect(model.sections.remove(at: gone).header?.id == array.remove(at: gone).header?.id)
      }
    }
    #expect(Self.names(model.sections) == array.map { $0.header?.id })
    let (height, leaves) = Self.shape(model.sections.root)
    #expect(leaves.allSatisfy { $0 >= 1 && $0 <= 2 * SectionList.chunkCapacity })
    #expect(height <= 5)
    // The model lays out as one built from the array does.
    for i in 0..<300 {
      let cell = Cell(id: "c\(i)", width: Double(10 + i % 90), height: 10)
      model.sections[i].cells.append(cell)
      array[i].cells.append(cell)
    }
    let small = ListModel(configuration: model.configuration, sections: model.sections.prefix(300))
    let reference = ListModel(configuration: model.configuration, sections: Array(array.prefix(300)))
    #expect(try small.layout().allAttributes() == reference.layout().allAttributes())
  }
}
