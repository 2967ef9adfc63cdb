import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// Badges: frames from the documented rule, found by every query (overhang included), kept
/// through edits; checked against references written here from the rule, over seeded models
/// of every section kind, both axes and both directions.
@Suite struct BadgeTests {
  // MARK: Exact examples

  @Test func topTrailingBadgeCentredOnTheCorner() throws {
    var configuration = ListConfiguration(width: 200, contentInsets: .zero)
    configuration.pinSectionHeaders = false
    let cell = Cell(
      id: "a", width: 100, height: 100,
      badges: [
        Badge(
          id: "n", size: Size(width: 20, height: 20), anchor: .topTrailing, offset: Point(x: 0.5, y: -0.5)),
        Badge(size: Size(width: 10, height: 10), anchor: .center),
      ])
    let model = ListModel(
      configuration: configuration, sections: [Section(header: Supplementary(height: 40), cells: [cell])])
    let snapshot = try model.layout()
    let badges = snapshot.badgeAttributes(at: ListIndexPath(item: 0, section: 0))
    // The cell is (0, 40, 100, 100): its top-right corner (100, 40) is the badge's centre.
    #expect(badges.map(\.frame) == [rect(90, 30, 20, 20), rect(45, 85, 10, 10)])
    #expect(badges.map(\.zIndex) == [LayoutAttributes.badgeZIndex, LayoutAttributes.badgeZIndex])
    #expect(snapshot.identifier(of: badges[0]) == "n")
    // Taking no room: the content is as tall as without the badges.
    #expect(snapshot.contentSize == Size(width: 200, height: 140))
    // Overhanging the section's header: a rect over the header alone finds the badge.
    let overHeader = snapshot.elements(in: rect(95, 0, 10, 35))
    #expect(overHeader.map(\.kind) == [.header, .badge])
    // The point on the overhang is the badge's (above the natural header: z 2 over 1).
    #expect(snapshot.element(at: Point(x: 105, y: 35))?.kind == .badge)
    #expect(snapshot.element(at: Point(x: 50, y: 90))?.kind == .badge)
    #expect(snapshot.element(at: Point(x: 50, y: 80))?.kind == .cell)
    // Listing: the cell, then its badges in order.
    #expect(snapshot.allAttributes().map(\.kind) == [.header, .cell, .badge, .badge])
    #expect(snapshot.elementCount == 4)
  }

  @Test func rightToLeftAndHorizontalPlacements() throws {
    let badge = Badge(size: Size(width: 20, height: 10), anchor: .topLeading, offset: Point(x: -0.5, y: 0))
    func frame(_ direction: LayoutDirection, _ axis: ScrollAxis) throws -> Rect {
      var configuration = ListConfiguration(width: 200, contentInsets: .zero)
      configuration.layoutDirection = direction
      configuration.scrollDirection = axis
      let model = ListModel(
        configuration: configuration,
        sections: [Section(cells: [Cell(width: 60, height: 40, badges: [badge])])])
      return try #require(model.layout().badgeAttributes(at: ListIndexPath(item: 0, section: 0)).first).frame
    }
    // Left to right: the cell (0, 0, 60, 40); the badge's top-left on it, moved half its width left.
    #expect(try frame(.ltr, .vertical) == rect(-10, 0, 20, 10))
    // Right to left: the cell (140, 0, 60, 40); leading is the right edge, the offset runs right.
    #expect(try frame(.rtl, .vertical) == rect(190, 0, 20, 10))
    // A horizontal list reads the badge on screen as a vertical one: the same corner.
    #expect(try frame(.ltr, .horizontal) == rect(-10, 0, 20, 10))
    // …mirrored along y in a right-to-left one, as its cells are: the cell is (0, 160, 60, 40).
    #expect(try frame(.rtl, .horizontal) == rect(-10, 190, 20, 10))
  }

  @Test func badgesDoNotChangeOtherFrames() throws {
    var rng = SplitMix64(seed: 0xBAD6E)
    for _ in 0..<sweep(quick: 100, long: 1000) {
      let plain = Self.randomModel(&rng, badges: false)
      var badged = plain
      Self.addBadges(&rng, to: &badged)
      let a = try plain.layout()
      let b = try badged.layout()
      #expect(a.contentSize == b.contentSize)
      #expect(a.allAttributes() == b.allAttributes().filter { $0.kind != .badge })
    }
  }

  // MARK: Brute-force references

  /// The badges of every cell of `snapshot`, placed by the rule as the documentation states
  /// it, on screen: leading is left (right, and the x offset mirrored, in a right-to-left
  /// vertical list); a right-to-left horizontal list mirrors top and bottom instead.
  static func referenceBadges(_ snapshot: LayoutSnapshot) -> [LayoutAttributes] {
    let rtl = snapshot.configuration.layoutDirection == .rtl
    let horizontal = snapshot.scrollAxis == .horizontal
    var result: [LayoutAttributes] = []
    for cell in snapshot.allAttributes() where cell.kind == .cell {
      let badges = snapshot.model.sections[cell.indexPath.section].cells[cell.indexPath.item].badges
      for (index, badge) in badges.enumerated() {
        var (ax, ay): (Double, Double)
        switch badge.anchor {
        case .topLeading: (ax, ay) = (0, 0)
        case .top: (ax, ay) = (0.5, 0)
        case .topTrailing: (ax, ay) = (1, 0)
        case .leading: (ax, ay) = (0, 0.5)
        case .center: (ax, ay) = (0.5, 0.5)
        case .trailing: (ax, ay) = (1, 0.5)
        case .bottomLeading: (ax, ay) = (0, 1)
        case .bottom: (ax, ay) = (0.5, 1)
        case .bottomTrailing: (ax, ay) = (1, 1)
        }
        var (ox, oy) = (badge.offset.x, badge.offset.y)
        if rtl && !horizontal { (ax, ox) = (1 - ax, -ox) }
        if rtl && horizontal { (ay, oy) = (1 - ay, -oy) }
        let f = cell.frame
        let w = badge.size.width
        let h = badge.size.height
        let frame = Rect(
          x: f.minX + ax * f.width - ax * w + ox * w, y: f.minY + ay * f.height - ay * h + oy * h, width: w,
          height: h)
        result.append(
          LayoutAttributes(
            kind: .badge, indexPath: cell.indexPath, frame: frame, zIndex: LayoutAttributes.badgeZIndex,
            badgeIndex: index))
      }
    }
    return result
  }

  /// The same element: kind, index path, badge and frame (to a rounding).
  static func same(_ a: LayoutAttributes, _ b: LayoutAttributes) -> Bool {
    a.kind == b.kind && a.indexPath == b.indexPath && a.badgeIndex == b.badgeIndex && a.zIndex == b.zIndex
      && a.frame.isClose(to: b.frame, tolerance: 1e-7)
  }

  @Test func framesAndQueriesMatchTheReference() throws {
    var rng = SplitMix64(seed: 32_003)
    for round in 0..<sweep(quick: 150, long: 1500) {
      var model = Self.randomModel(&rng, badges: true)
      if round % 7 == 0 { Self.addOverhangingBadge(&rng, to: &model) }
      let snapshot = try model.layout()
      let context = "round \(round)"
      // Every badge, where the rule puts it, listed after its cell.
      let reference = Self.referenceBadges(snapshot)
      let listed = snapshot.allAttributes()
      let badges = listed.filter { $0.kind == .badge }
      try #require(badges.count == reference.count, "\(context)")
      #expect(zip(badges, reference).allSatisfy(Self.same), "\(context)")
      #expect(snapshot.elementCount == listed.count, "\(context)")
      #expect(listed == listed.sorted(by: LayoutAttributes.listingOrder), "\(context)")
      // Rect queries: every element that meets the rect, in listing order.
      for _ in 0..<6 {
        let query = Self.randomRect(&rng, snapshot)
        let expected = listed.filter { $0.frame.intersects(query) }
        let found = snapshot.elements(in: query)
        #expect(found.count == expected.count, "\(context) \(query)")
        #expect(zip(found, expected).allSatisfy(Self.same), "\(context) \(query)")
      }
      // Point queries: the element drawn at the point (highest z, later in listing on a tie).
      for _ in 0..<6 {
        let point = Self.randomPoint(&rng, snapshot, near: badges)
        let best = listed.filter { $0.frame.contains(point) }.reduce(nil as LayoutAttributes?) {
          $0 == nil || $1.zIndex >= $0!.zIndex ? $1 : $0
        }
        let found = snapshot.element(at: point)
        if let best {
          #expect(
            found.map { Self.same($0, best) } == true,
            "\(context) \(point): \(String(describing: found)) vs \(best)")
        } else {
          #expect(found == nil, "\(context) \(point)")
        }
      }
      // Viewports (carousels counting their sideways prefetch): the badges on screen.
      let length = Double(Int.random(in: 50...400, using: &rng))
      let offset = Double(Int.random(in: -50...Int(max(1, snapshot.contentLength)), using: &rng))
      let viewport = snapshot.viewport(scrolledTo: offset, length: length)
      let shown = viewport.elements.filter { $0.kind == .badge }
      let expected = badges.filter { $0.frame.intersects(viewport.rect) }
      #expect(shown.count == expected.count, "\(context) viewport \(viewport.rect)")
      #expect(zip(shown, expected).allSatisfy(Self.same), "\(context) viewport \(viewport.rect)")
    }
  }

  @Test func editsKeepBadgesAsAFullLayoutDoes() throws {
    var rng = SplitMix64(seed: 32_005)
    var serial = 0
    for round in 0..<sweep(quick: 120, long: 1200) {
      var model = Self.randomModel(&rng, badges: true, horizontal: false)
      if model.sections.isEmpty { continue }
      var snapshot = try model.layout()
      for step in 0..<4 {
        var update = EditGenerator.randomUpdate(&rng, snapshot.model, serial: &serial)
        // Now and then, a cell reloaded with badges of its own.
        if Bool.random(using: &rng), let s = snapshot.model.sections.indices.randomElement(using: &rng),
          !snapshot.model.sections[s].cells.isEmpty, update.width == nil
        {
          let item = Int.random(in: 0..<snapshot.model.sections[s].cells.count, using: &rng)
          var cell = EditGenerator.randomCell(&rng, width: snapshot.configuration.width, id: "r\(serial)")
          serial += 1
          cell.badges = [Self.randomBadge(&rng)]
          update = ListUpdate()
          update.reloadItem(at: ListIndexPath(item: item, section: s), with: cell)
        }
        guard let next = try? snapshot.applying(update).snapshot else { continue }
        let full = try next.model.layout()
        let context = "round \(round) step \(step)"
        try assertEqualToFullRelayout(next, context)
        #expect(next.elementCount == full.elementCount, "\(context)")
        for _ in 0..<4 {
          let query = Self.randomRect(&rng, full)
          #expect(next.elements(in: query) == full.elements(in: query), "\(context) \(query)")
        }
        snapshot = next
        model = next.model
      }
    }
  }

  @Test func transitionsCarryBadgesWithTheirCells() throws {
    var configuration = ListConfiguration(width: 200, contentInsets: .zero)
    configuration.pinSectionHeaders = false
    let badge = Badge(id: "dot", size: Size(width: 10, height: 10))
    let old = ListModel(
      configuration: configuration,
      sections: [
        Section(cells: [
          Cell(id: "a", width: 200, height: 50), Cell(id: "b", width: 200, height: 50, badges: [badge]),
        ])
      ])
    var new = old
    new.sections[0].cells.insert(Cell(id: "z", width: 200, height: 30), at: 0)
    let transition = try old.layout().transition(
      ListDifference(from: old, to: new), contentOffset: 0, viewportHeight: 300)
    let moved = try #require(transition.elements.first { $0.kind == .badge })
    #expect(moved.id == "dot")
    #expect(moved.indexPath == ListIndexPath(item: 2, section: 0))
    // The default line spacing (5) between the cells: b at y 55, then 30 + 5 + 50 + 5 below the top.
    #expect(moved.from == rect(190, 55, 10, 10))
    #expect(moved.to == rect(190, 90, 10, 10))
  }

  @Test func invalidBadgesAreNamed() throws {
    let model = ListModel(
      configuration: ListConfiguration(width: 100),
      sections: [
        Section(cells: [
          Cell(width: 10, height: 10),
          Cell(width: 10, height: 10, badges: [Badge(size: Size(width: -1, height: 2))]),
        ])
      ])
    #expect(throws: LayoutError.self) { try model.layout() }
    do {
      _ = try model.layout()
    } catch {
      #expect("\(error)".contains("sections[0].items[1].badges[0]"))
    }
  }

  // MARK: Generators

  static func randomBadge(_ rng: inout SplitMix64) -> Badge {
    Badge(
      id: Bool.random(using: &rng) ? "b\(Int.random(in: 0..<1000, using: &rng))" : nil,
      size: Size(
        width: Double(Int.random(in: 0...60, using: &rng)) / 2,
        height: Double(Int.random(in: 0...60, using: &rng)) / 2),
      anchor: BadgeAnchor.allCases.randomElement(using: &rng)!,
      offset: Point(
        x: Double(Int.random(in: -6...6, using: &rng)) / 4, y: Double(Int.random(in: -6...6, using: &rng)) / 4
      ))
  }

  /// Badges on about a third of the cells.
  static func addBadges(_ rng: inout SplitMix64, to model: inout ListModel) {
    for s in model.sections.indices {
      for i in model.sections[s].cells.indices where Int.random(in: 0..<3, using: &rng) == 0 {
        model.sections[s].cells[i].badges = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
          randomBadge(&rng)
        }
      }
    }
  }

  /// One large badge far off its cell, reaching past its section and the list's edges.
  static func addOverhangingBadge(_ rng: inout SplitMix64, to model: inout ListModel) {
    guard let s = model.sections.indices.first(where: { !model.sections[$0].cells.isEmpty }) else { return }
    let i = Int.random(in: 0..<model.sections[s].cells.count, using: &rng)
    model.sections[s].cells[i].badges.append(
      Badge(
        size: Size(width: 150, height: 300), anchor: BadgeAnchor.allCases.randomElement(using: &rng)!,
        offset: Point(
          x: Double(Int.random(in: -8...8, using: &rng)) / 4,
          y: Double(Int.random(in: -8...8, using: &rng)) / 4)))
  }

  /// A model of one of every kind of section (flow, grid, masonry, carousel, sequential), in
  /// either direction and, without carousels, either axis.
  static func randomModel(_ rng: inout SplitMix64, badges: Bool, horizontal: Bool? = nil) -> ListModel {
    var model: ListModel
    switch Int.random(in: 0..<5, using: &rng) {
    case 0: model = GridModelGenerator.model(&rng, maxSections: 3, maxCells: 30)
    case 1: model = MasonryGenerator.model(&rng, maxSections: 3, maxCells: 30)
    case 2: model = CarouselGenerator.model(&rng, maxSections: 3, maxCells: 20)
    case 3:
      model = ModelGenerator.model(&rng, maxSections: 3, maxCells: 30)
      for s in model.sections.indices where Bool.random(using: &rng) {
        model.sections[s].layout = .sequential(SequentialSectionDefaults())
      }
    default: model = ModelGenerator.model(&rng, maxSections: 4, maxCells: 40)
    }
    model.configuration.layoutDirection = Bool.random(using: &rng) ? .ltr : .rtl
    let hasCarousel = model.sections.contains {
      if case .carousel = $0.layout { return true }
      return false
    }
    if !hasCarousel, horizontal ?? Bool.random(using: &rng) {
      model.configuration.scrollDirection = .horizontal
    }
    if badges { addBadges(&rng, to: &model) }
    return model
  }

  static func randomRect(_ rng: inout SplitMix64, _ snapshot: LayoutSnapshot) -> Rect {
    let rect = ModelGenerator.randomRect(&rng, snapshot)
    return snapshot.scrollAxis == .horizontal
      ? Rect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width) : rect
  }

  /// A point on or near a badge (often on its overhang), or anywhere.
  static func randomPoint(
    _ rng: inout SplitMix64, _ snapshot: LayoutSnapshot, near badges: [LayoutAttributes]
  )
    -> Point
  {
    if let badge = badges.randomElement(using: &rng), Bool.random(using: &rng) {
      return Point(
        x: badge.frame.minX + Double(Int.random(in: 0...8, using: &rng)) / 8 * badge.frame.width,
        y: badge.frame.minY + Double(Int.random(in: 0...8, using: &rng)) / 8 * badge.frame.height)
    }
    return Point(
      x: Double.random(in: -20...snapshot.contentSize.width + 20, using: &rng).rounded(),
      y: Double.random(in: -20...snapshot.contentSize.height + 20, using: &rng).rounded())
  }
}
