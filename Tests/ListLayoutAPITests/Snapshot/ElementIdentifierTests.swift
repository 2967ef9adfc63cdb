import ListLayout
import ListLayoutTestSupport
import TestSupport
import Testing

/// Every query names its elements (`LayoutAttributes.id`) as the model names them, read here
/// straight from the model's sections, cells and chrome.
@Suite struct ElementIdentifierTests {
  /// A generated model with identifiers on some cells, headers, footers and backgrounds:
  /// none, short (stored inline) and long ones.
  static func named(_ model: ListModel, _ rng: inout SplitMix64) -> ListModel {
    var model = model
    func name(_ prefix: String, _ rng: inout SplitMix64) -> String? {
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: nil
      case 1: prefix
      default: prefix + "-a-long-identifier-stored-on-the-heap"
      }
    }
    var sections = Array(model.sections)
    for s in sections.indices {
      sections[s].header?.id = name("h\(s)", &rng)
      sections[s].footer?.id = name("f\(s)", &rng)
      if Bool.random(using: &rng) { sections[s].background = SectionBackground(id: name("b\(s)", &rng)) }
      if Bool.random(using: &rng) {
        sections[s].separator = SectionSeparator(thickness: 1, id: name("sep\(s)", &rng))
      }
      for i in sections[s].cells.indices { sections[s].cells[i].id = name("c\(s).\(i)", &rng) }
    }
    model.sections = SectionList(sections)
    if Bool.random(using: &rng) {
      model.configuration.listHeader = ListSupplementary(height: 30, id: name("top", &rng), pinned: true)
    }
    if Bool.random(using: &rng) {
      model.configuration.listFooter = ListSupplementary(height: 20, id: "bottom")
    }
    return model
  }

  /// The model's own name for an element.
  static func reference(_ model: ListModel, _ element: LayoutAttributes) -> String? {
    let sections = Array(model.sections)
    switch element.kind {
    case .listHeader: return model.configuration.listHeader?.id
    case .listFooter: return model.configuration.listFooter?.id
    case .overlay: return "overlay\(element.indexPath.item)"
    case .header: return sections[element.indexPath.section].header?.id
    case .footer: return sections[element.indexPath.section].footer?.id
    case .background: return sections[element.indexPath.section].background?.id
    case .separator: return sections[element.indexPath.section].separator?.id
    case .badge:
      let badges = Array(sections[element.indexPath.section].cells)[element.indexPath.item].badges
      return badges[element.badgeIndex].id
    case .cell: return Array(sections[element.indexPath.section].cells)[element.indexPath.item].id
    }
  }

  @Test func everyQueryNamesItsElements() throws {
    var rng = SplitMix64(seed: 3434)
    for round in 0..<sweep(quick: 150, long: 1500) {
      let base =
        round % 3 == 0
        ? CarouselGenerator.model(&rng) : ModelGenerator.model(&rng, maxSections: 6, maxCells: 60)
      let model = Self.named(base, &rng)
      guard let snapshot = try? model.layout() else { continue }
      func check(_ elements: [LayoutAttributes], _ query: String) {
        for element in elements {
          #expect(element.id == Self.reference(model, element), "round \(round) \(query) \(element)")
        }
      }
      check(snapshot.allAttributes(), "allAttributes")
      var walked: [LayoutAttributes] = []
      snapshot.forEachElement { walked.append($0) }
      #expect(walked == snapshot.allAttributes(), "round \(round)")
      let offsets = CarouselGenerator.randomOffsets(&rng, snapshot)
      for _ in 0..<4 {
        let rect = ModelGenerator.randomRect(&rng, snapshot)
        let pinning = PinningContext(contentOffset: rect.minY, pinInset: 10, viewportHeight: rect.height)
        check(snapshot.elements(in: rect), "elements(in:)")
        check(snapshot.elements(in: rect, pinning: pinning, horizontalOffsets: offsets), "pinned")
        let screen = snapshot.viewport(
          at: rect.origin, size: rect.size,
          overlays: [Overlay(id: "overlay0", size: Size(width: 5, height: 5))],
          horizontalOffsets: offsets)
        check(screen.elements, "viewport")
        let point = Point(x: rect.midX, y: rect.midY)
        if let found = snapshot.element(at: point, pinning: pinning, horizontalOffsets: offsets) {
          check([found], "element(at:)")
        }
      }
      for section in 0..<snapshot.numberOfSections {
        let single = [
          snapshot.headerAttributes(inSection: section), snapshot.footerAttributes(inSection: section),
          snapshot.backgroundAttributes(inSection: section),
          snapshot.supplementaryAttributes(
            .header, inSection: section, pinning: PinningContext(contentOffset: 40)),
          snapshot.attributes(at: ListIndexPath(item: 0, section: section)),
        ]
        check(single.compactMap { $0 }, "one element")
      }
    }
  }

  @Test func equalityAndDescriptionIncludeTheName() throws {
    let model = ListModel(width: 200) {
      Section { Cell("a", 50, 20) }
    }
    let element = try #require(try model.layout().attributes(at: ListIndexPath(item: 0, section: 0)))
    #expect(element.id == "a")
    var renamed = element
    renamed.id = "b"
    #expect(renamed != element)
    #expect(element.description == "cell [0, 0] \"a\" (5, 5, 50, 20) z0")
    #expect(
      LayoutAttributes(kind: .header, indexPath: ListIndexPath(item: 0, section: 1), frame: .zero, zIndex: 1)
        .description
        == "header [1, 0] (0, 0, 0, 0) z1")
  }
}
