import LayoutGeometry
import TestSupport
import Testing

@testable import ListLayout

/// The layout's JSON cut into segments formatted on several threads: the same bytes as the
/// writer on one thread, for models of many shapes, segments of every length down to one
/// element (so that segments start at every kind of place: the first element, a section's
/// first and last cell, its header, background and footer, between sections, the list
/// footer), any number of threads, and segment buffers small enough to overflow.
@Suite struct SegmentedJSONWritingTests {
  /// Identifiers of every form the writer tells apart (see `LayoutJSONWritingTests`).
  static let identifiers: [String?] = [
    nil, "", "c", "fifteen-bytes-x", "sixteen-bytes-xx", String(repeating: "long identifier ", count: 12),
    "quo\"te", "back\\slash", "tab\there", "é", "😀",
  ]

  enum Shape: CaseIterable {
    /// Many sections of a few cells (some empty), chrome on most.
    case manySmallSections
    /// One section of thousands of cells.
    case oneHugeSection
    /// Sections of every layout: flow, grid (sparse and dense), masonry, carousel, sequential.
    case everyLayout
    /// No identifiers anywhere, no chrome.
    case bare
  }

  static func model(_ shape: Shape, seed: UInt64) -> ListModel {
    var random = SplitMix64(seed: seed)
    func id() -> String? {
      shape == .bare ? nil : Self.identifiers[random.below(Self.identifiers.count)]
    }
    func cells(_ count: Int) -> [Cell] {
      (0..<count).map { _ in
        Cell(id: id(), width: Double(1 + random.below(1600)) / 4, height: Double(1 + random.below(400)) / 4)
      }
    }
    func layout() -> SectionLayout? {
      switch random.below(7) {
      case 0: .grid(GridLayout(columns: .count(1 + random.below(4))))
      case 1: .grid(GridLayout(columns: .count(1 + random.below(4)), packing: .dense))
      case 2: .masonry(MasonryLayout(columns: .count(1 + random.below(3)), columnSpacing: 2, rowSpacing: 3))
      case 3: .carousel(CarouselLayout(itemSpacing: 4))
      case 4:
        .sequential(
          SequentialSectionDefaults(frameCalculator: .topAlignedHStack, spacing: EdgeInsets(all: 2)))
      default: nil
      }
    }
    var sections: [Section] = []
    let counts: [Int] =
      switch shape {
      case .manySmallSections: (0..<(20 + random.below(30))).map { _ in random.below(5) }
      case .oneHugeSection: [3000 + random.below(2000)]
      case .everyLayout: (0..<8).map { _ in random.below(300) }
      case .bare: (0..<(1 + random.below(4))).map { _ in random.below(400) }
      }
    for count in counts {
      var section = Section(cells: CellList(cells(count)))
      if shape == .everyLayout, let layout = layout() { section.layout = layout }
      if shape != .bare {
        if random.below(3) > 0 { section.header = Supplementary(height: 20, id: id()) }
        if random.below(2) == 0 { section.footer = Supplementary(height: 10.5, id: id()) }
        if random.below(2) == 0 { section.background = SectionBackground(id: id()) }
      }
      sections.append(section)
    }
    var configuration = ListConfiguration(width: 375)
    if shape != .bare, random.below(3) > 0 {
      configuration.listHeader = ListSupplementary(height: 30, id: id())
    }
    if shape != .bare, random.below(3) > 0 {
      configuration.listFooter = ListSupplementary(height: 12, id: id())
    }
    return ListModel(configuration: configuration, sections: sections)
  }

  static func json(
    _ snapshot: LayoutSnapshot, elements: [LayoutAttributes]? = nil, _ parallelism: OutputParallelism
  ) -> String {
    text {
      snapshot.writeJSON(
        elements: elements, sections: Array(0..<snapshot.numberOfSections), parallelism: parallelism, to: &$0)
    }
  }

  /// What `body` writes, as text (a failure then shows it).
  static func text(_ body: (inout ByteWriter) -> Void) -> String {
    String(decoding: ByteWriter.bytes(body), as: UTF8.self)
  }

  static let settings: [OutputParallelism] = {
    var all: [OutputParallelism] = []
    for threads in [1, 2, 3, 5] {
      for length in [1, 2, 3, 7, 64, 1000] {
        var setting = OutputParallelism(threads: threads, segmentLength: length)
        // Buffers that overflow in every segment but the shortest, and ample ones.
        setting.segmentCapacity = length < 7 ? 64 : (length == 7 ? 1 << 20 : 256)
        all.append(setting)
      }
    }
    return all
  }()

  @Test(arguments: Shape.allCases, 0..<3)
  func segmentedOutputIsTheSequentialOutput(shape: Shape, seed: UInt64) throws {
    let snapshot = try Self.model(shape, seed: seed).layout()
    let expected = Self.json(snapshot, .sequential)
    let all = snapshot.allAttributes()
    // The writer on one thread is the documented format (`LayoutJSONWritingTests` checks it
    // record by record); here, that it has a record per element.
    #expect(expected.components(separatedBy: "\n{\"kind\"").count == all.count + 1)
    // The quick run shares the settings out among the three seeds (each once per shape).
    let stride = sweep(quick: 3, long: 1)
    for (i, setting) in Self.settings.enumerated() where i % stride == Int(seed) % stride {
      let segmented = Self.json(snapshot, setting)
      // Text first (a failure shows it), then bytes (strings equal up to normalization).
      #expect(segmented == expected, "threads \(setting.threads), segments of \(setting.segmentLength)")
      #expect(segmented.utf8.elementsEqual(expected.utf8))
      // The elements given explicitly go through the same segments.
      let listed = Self.json(snapshot, elements: all, setting)
      #expect(listed == expected && listed.utf8.elementsEqual(expected.utf8))
    }
  }

  /// Every segment of one element is exactly that element's record: a walk started at each
  /// place of the listing finds the element `allAttributes` lists there, and its identifier.
  @Test(arguments: Shape.allCases)
  func aWalkStartsAtEveryElement(shape: Shape) throws {
    let snapshot = try Self.model(shape, seed: 11).layout()
    let all = snapshot.allAttributes()
    let starts = snapshot.listingSegmentStarts(length: 1)
    #expect(starts.count == max(1, all.count))
    for (k, element) in all.enumerated() {
      var first = k == 0
      let expected = Self.text {
        LayoutSnapshot.writeElement(element, id: snapshot.identifier(of: element), first: &first, to: &$0)
      }
      let written = Self.text {
        snapshot.writeListing(from: starts[k], count: 1, first: k == 0, to: &$0)
      }
      #expect(written == expected, "element \(k): \(element.kind) \(element.indexPath)")
    }
    // Longer segments from every start: what `allAttributes` lists from there.
    for k in stride(from: 0, to: all.count, by: 3) {
      let count = min(5, all.count - k)
      let expected = Self.text {
        var first = k == 0
        for element in all[k..<k + count] {
          LayoutSnapshot.writeElement(element, id: snapshot.identifier(of: element), first: &first, to: &$0)
        }
      }
      #expect(
        Self.text { snapshot.writeListing(from: starts[k], count: count, first: k == 0, to: &$0) }
          == expected)
    }
  }

  /// The default setting on a long list (past the threshold): segments on every processor,
  /// the same bytes.
  @Test func theDefaultSettingSegmentsALongList() throws {
    var sections: [Section] = []
    for s in 0..<3 {
      var section = Section(
        header: Supplementary(height: 44, id: "section-\(s)"),
        cells: CellList((0..<23_000).map { Cell(id: "c\($0)", width: Double(40 + $0 % 331), height: 20.5) }))
      if s == 1 { section.background = SectionBackground(id: "b") }
      sections.append(section)
    }
    let model = ListModel(
      configuration: ListConfiguration(width: 375, listFooter: ListSupplementary(height: 12)),
      sections: sections)
    let snapshot = try model.layout()
    #expect(
      OutputParallelism.default.isSegmented(snapshot.elementCount) || OutputParallelism.default.threads == 1)
    let written = Self.text { snapshot.writeJSON(sections: Array(0..<3), to: &$0) }
    #expect(written == Self.json(snapshot, .sequential))
  }
}
