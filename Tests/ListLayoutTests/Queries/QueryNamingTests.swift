import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// What queries name their elements with and which badges they find, read from the snapshot's
/// own records (the section geometry's header and footer ids, one reader of a section's cells
/// in place): checked against references written here that read the model alone, over seeded
/// models with identifiers, badges and runs of cells, before and after edits that rename
/// headers, add and remove badges and change cells.
@Suite struct QueryNamingTests {
  // MARK: References

  /// The identifier of `element` as the model has it, looked up directly.
  static func referenceID(_ element: LayoutAttributes, in model: ListModel) -> String? {
    let path = element.indexPath
    switch element.kind {
    case .listHeader: return model.configuration.listHeader?.id
    case .listFooter: return model.configuration.listFooter?.id
    case .overlay: return element.id
    default: break
    }
    let section = model.sections[path.section]
    switch element.kind {
    case .header: return section.header?.id
    case .footer: return section.footer?.id
    case .background: return section.background?.id
    case .separator: return section.separator?.id
    case .cell: return section.cells[path.item].id
    case .badge: return section.cells[path.item].badges[element.badgeIndex].id
    case .listHeader, .listFooter, .overlay: return nil
    }
  }

  /// The number of badges of `cells`, counted one cell at a time.
  static func referenceBadgeCount(_ cells: CellList) -> Int {
    var total = 0
    for index in cells.indices { total += cells[index].badges.count }
    return total
  }

  /// Checks every query of `snapshot` against the model: each element named as the model
  /// names it, rect queries equal to the listing filtered, headers pinned and named.
  static func check(_ snapshot: LayoutSnapshot, _ rng: inout SplitMix64, _ context: String) {
    let model = snapshot.model
    let listed = snapshot.allAttributes()
    for element in listed {
      #expect(element.id == referenceID(element, in: model), "\(context) listed \(element)")
    }
    for _ in 0..<5 {
      let query = BadgeTests.randomRect(&rng, snapshot)
      let found = snapshot.elements(in: query)
      #expect(found == listed.filter { $0.frame.intersects(query) }, "\(context) \(query)")
      for element in found {
        #expect(element.id == referenceID(element, in: model), "\(context) \(query) \(element)")
      }
    }
    let length = Double(Int.random(in: 1...400, using: &rng))
    let offset = Double(Int.random(in: -50...Int(max(1, snapshot.contentLength)), using: &rng))
    let pinning = PinningContext(contentOffset: offset)
    for element in snapshot.viewport(scrolledTo: offset, length: length).elements {
      #expect(element.id == referenceID(element, in: model), "\(context) viewport \(element)")
    }
    for section in model.sections.indices {
      for kind in [ElementKind.header, .footer] {
        let natural =
          kind == .header
          ? snapshot.headerAttributes(inSection: section) : snapshot.footerAttributes(inSection: section)
        let pinned = snapshot.supplementaryAttributes(kind, inSection: section, pinning: pinning)
        let expected = kind == .header ? model.sections[section].header : model.sections[section].footer
        #expect((natural != nil) == (expected != nil), "\(context) \(kind) \(section)")
        #expect(natural?.id == expected?.id, "\(context) \(kind) \(section)")
        #expect(pinned?.id == expected?.id, "\(context) pinned \(kind) \(section)")
      }
      let cells = model.sections[section].cells
      if !cells.isEmpty {
        let item = Int.random(in: 0..<cells.count, using: &rng)
        let path = ListIndexPath(item: item, section: section)
        if let cell = snapshot.attributes(at: path) {
          #expect(cell.id == cells[item].id, "\(context) \(path)")
        }
        let badges = snapshot.badgeAttributes(at: path)
        if snapshot.frame(of: path) != nil {
          #expect(badges.map(\.id) == cells[item].badges.map(\.id), "\(context) badges \(path)")
        }
      }
    }
    for _ in 0..<4 {
      let point = BadgeTests.randomPoint(&rng, snapshot, near: listed.filter { $0.kind == .badge })
      if let found = snapshot.element(at: point) {
        #expect(found.id == referenceID(found, in: model), "\(context) point \(point) \(found)")
      }
    }
  }

  // MARK: Generators

  /// A model of any kind of section, with identifiers on some cells, headers and footers,
  /// badges (some named) on some cells, and now and then a section whose cells are a run.
  static func namedModel(_ rng: inout SplitMix64, horizontal: Bool? = nil) -> ListModel {
    var model = BadgeTests.randomModel(&rng, badges: Bool.random(using: &rng), horizontal: horizontal)
    for s in model.sections.indices {
      if model.sections[s].header != nil, Bool.random(using: &rng) {
        model.sections[s].header!.id = "h\(s)-\(Int.random(in: 0..<100, using: &rng))"
      }
      if model.sections[s].footer != nil, Bool.random(using: &rng) {
        model.sections[s].footer!.id = "a long footer identifier \(s), past fifteen bytes"
      }
      for i in model.sections[s].cells.indices where Int.random(in: 0..<3, using: &rng) != 0 {
        model.sections[s].cells[i].id =
          i % 2 == 0 ? "c\(s).\(i)" : "a long cell identifier \(s).\(i) on the heap"
      }
      if case .carousel = model.sections[s].layout { continue }
      if Int.random(in: 0..<5, using: &rng) == 0 {
        // A run: 150 to 400 cells (chunks made from its pattern), named by a prefix.
        var cell = Cell(
          width: Double(Int.random(in: 10...200, using: &rng)),
          height: Double(Int.random(in: 10...80, using: &rng)))
        if Bool.random(using: &rng) { cell.badges = [BadgeTests.randomBadge(&rng)] }
        model.sections[s].cells.append(
          contentsOf: CellList(
            repeating: cell, count: Int.random(in: 150...400, using: &rng),
            idPrefix: Bool.random(using: &rng) ? "run\(s)-" : nil))
      }
    }
    return model
  }

  /// An edit of `model`: a random batch, or a reload of a cell with its badges added,
  /// removed or changed, or a section reloaded with its header and footer renamed.
  static func namingUpdate(_ rng: inout SplitMix64, _ model: ListModel, serial: inout Int) -> ListUpdate {
    var update = ListUpdate()
    let nonEmpty = model.sections.indices.filter { !model.sections[$0].cells.isEmpty }
    switch Int.random(in: 0..<4, using: &rng) {
    case 0 where !nonEmpty.isEmpty:
      let s = nonEmpty.randomElement(using: &rng)!
      let item = Int.random(in: 0..<model.sections[s].cells.count, using: &rng)
      var cell = model.sections[s].cells[item]
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: cell.badges = []
      case 1: cell.badges.append(BadgeTests.randomBadge(&rng))
      default:
        cell.badges = (0..<Int.random(in: 1...3, using: &rng)).map { _ in BadgeTests.randomBadge(&rng) }
      }
      cell.id = Bool.random(using: &rng) ? "re\(serial)" : nil
      serial += 1
      update.reloadItem(at: ListIndexPath(item: item, section: s), with: cell)
    case 1 where !model.sections.isEmpty:
      let s = Int.random(in: 0..<model.sections.count, using: &rng)
      var section = model.sections[s]
      section.header =
        Bool.random(using: &rng)
        ? Supplementary(height: Double(Int.random(in: 0...40, using: &rng)), id: "renamed\(serial)") : nil
      section.footer?.id = Bool.random(using: &rng) ? nil : "footer\(serial)"
      serial += 1
      update.reloadSection(at: s, with: section)
    case 2 where !nonEmpty.isEmpty:
      // A badged cell inserted among the others.
      let s = nonEmpty.randomElement(using: &rng)!
      var cell = EditGenerator.randomCell(&rng, width: model.configuration.width, id: "n\(serial)")
      serial += 1
      cell.badges = [BadgeTests.randomBadge(&rng)]
      let at = Int.random(in: 0...model.sections[s].cells.count, using: &rng)
      update.insertItem(cell, at: ListIndexPath(item: at, section: s))
    default:
      update = EditGenerator.randomUpdate(&rng, model, serial: &serial)
    }
    return update
  }

  // MARK: Sweeps

  @Test func queriesNameEveryElementAsTheModelDoes() throws {
    var rng = SplitMix64(seed: 32_101)
    for round in 0..<sweep(quick: 150, long: 1500) {
      let model = Self.namedModel(&rng)
      let snapshot = try model.layout()
      Self.check(snapshot, &rng, "round \(round)")
    }
  }

  @Test func editsKeepNamesAndBadgesAsTheModelHasThem() throws {
    var rng = SplitMix64(seed: 32_102)
    var serial = 0
    for round in 0..<sweep(quick: 80, long: 800) {
      let model = Self.namedModel(&rng, horizontal: false)
      var snapshot = try model.layout()
      for step in 0..<5 {
        let update = Self.namingUpdate(&rng, snapshot.model, serial: &serial)
        guard let next = try? snapshot.applying(update).snapshot else { continue }
        let context = "round \(round) step \(step)"
        try assertEqualToFullRelayout(next, context)
        Self.check(next, &rng, context)
        // The badges each section's geometry keeps, counted apart from the model's cells.
        for s in next.model.sections.indices where !next.model.sections[s].collapsed {
          #expect(
            next.sectionBadges(s).count == Self.referenceBadgeCount(next.model.sections[s].cells),
            "\(context) section \(s)")
        }
        snapshot = next
      }
    }
  }

  /// A section with many chunks of cells (a list built by appending, then edited in the
  /// middle so chunks differ in size), queried at many places: each found cell named as the
  /// model names it, its badges found, the rect answer the listing filtered.
  @Test func namesAcrossChunksOfALargeSection() throws {
    var rng = SplitMix64(seed: 32_103)
    var cells = CellList()
    for i in 0..<3_000 {
      var cell = Cell(
        id: i % 3 == 0 ? nil : "cell-\(i)", width: Double(Int.random(in: 20...200, using: &rng)),
        height: Double(Int.random(in: 10...60, using: &rng)))
      if i % 10 == 0 { cell.badges = [Badge(id: "b\(i)", size: Size(width: 18, height: 18))] }
      cells.append(cell)
    }
    for _ in 0..<200 {
      cells.insert(Cell(id: "x", width: 30, height: 30), at: Int.random(in: 0...cells.count, using: &rng))
    }
    cells.append(contentsOf: CellList(repeating: Cell(width: 90, height: 40), count: 700, idPrefix: "r"))
    let model = ListModel(
      configuration: ListConfiguration(width: 375),
      sections: [Section(header: Supplementary(height: 30, id: "top"), cells: cells)])
    let snapshot = try model.layout()
    for round in 0..<sweep(quick: 4, long: 20) {
      Self.check(snapshot, &rng, "large \(round)")
    }
    #expect(snapshot.sectionBadges(0).count == Self.referenceBadgeCount(cells))
  }
}
