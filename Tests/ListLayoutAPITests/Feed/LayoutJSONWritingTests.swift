import LayoutGeometry
import LayoutJSON
import ListLayout
import TestSupport
import Testing

/// The layout's JSON output, record by record, against a writer of the documented format made
/// of `formatted` and `jsonQuoted` (one `String` per part): identifiers of every form (short
/// ones go into an element's record whole, others between two records), fractional frames,
/// pinned headers and backgrounds.
@Suite struct LayoutJSONWritingTests {
  /// The documented record of one element.
  static func record(_ element: LayoutAttributes, id: String?, first: Bool) -> String {
    var text = first ? "\n{" : ",\n{"
    text += "\"kind\":\"\(element.kind.rawValue)\""
    if ![.listHeader, .listFooter, .overlay].contains(element.kind) {
      text += ",\"section\":\(element.indexPath.section)"
    }
    if element.kind == .cell { text += ",\"item\":\(element.indexPath.item)" }
    if let id { text += ",\"id\":" + jsonQuoted(id) }
    let frame = element.frame
    text += ",\"frame\":{\"x\":\(formatted(frame.x)),\"y\":\(formatted(frame.y))"
    text += ",\"width\":\(formatted(frame.width)),\"height\":\(formatted(frame.height))}"
    text += ",\"zIndex\":\(element.zIndex)"
    return text + (element.isPinned ? ",\"pinned\":true}" : "}")
  }

  /// Identifiers of every kind the writer tells apart.
  static let identifiers: [String?] = [
    nil, "", "c", "c123456", "fifteen-bytes-x", "sixteen-bytes-xx", "a much longer identifier than that",
    "quo\"te", "back\\slash", "tab\there", "\u{1}", "del\u{7F}", "é", "日本語", "😀", "c\(42)",
    String(repeating: "z", count: 15), String("xyz-suffix".dropFirst(4)),
  ]

  @Test(arguments: 0..<6) func recordsMatchTheDocumentedFormat(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    func id() -> String? { Self.identifiers[random.below(Self.identifiers.count)] }
    var sections: [Section] = []
    for _ in 0..<(1 + random.below(4)) {
      var cells: [Cell] = []
      for _ in 0..<random.below(150) {
        // Quarter points make fractional frames; whole ones integers.
        let width = Double(1 + random.below(1600)) / 4
        let height = Double(1 + random.below(400)) / (random.below(2) == 0 ? 4 : 1)
        cells.append(Cell(id: id(), width: width, height: height))
      }
      var section = Section(cells: CellList(cells))
      if random.below(2) == 0 { section.header = Supplementary(height: 20, id: id()) }
      if random.below(2) == 0 { section.footer = Supplementary(height: 10.5, id: id()) }
      if random.below(2) == 0 { section.background = SectionBackground(id: id()) }
      sections.append(section)
    }
    let model = ListModel(
      configuration: ListConfiguration(
        width: 375, listHeader: ListSupplementary(height: 30, id: id()),
        listFooter: ListSupplementary(height: 12, id: id())),
      sections: sections)
    let snapshot = try model.layout()
    var expected = "{\"contentSize\":{\"width\":\(formatted(snapshot.contentSize.width))"
    expected += ",\"height\":\(formatted(snapshot.contentSize.height))},\"elements\":["
    for (n, element) in snapshot.allAttributes().enumerated() {
      expected += Self.record(element, id: snapshot.identifier(of: element), first: n == 0)
    }
    expected += "\n]}\n"
    #expect(snapshot.jsonString() == expected)
    // A viewport's elements (pinned headers among them) go through the same records.
    let viewport = snapshot.viewport(scrolledTo: 200, length: 300)
    var visible = "{\"contentSize\":{\"width\":\(formatted(snapshot.contentSize.width))"
    visible += ",\"height\":\(formatted(snapshot.contentSize.height))},\"elements\":["
    for (n, element) in viewport.elements.enumerated() {
      visible += Self.record(element, id: snapshot.identifier(of: element), first: n == 0)
    }
    visible += "\n]}\n"
    #expect(snapshot.jsonString(elements: viewport.elements) == visible)
  }
}
