import LayoutGeometry
import ListLayout
import ListLayoutTestSupport
import TestSupport
import Testing

/// Separators, collapsed sections, stretched lines and per-section pinning: exact examples,
/// and seeded models of every section kind, both axes and both directions, against plain
/// references written here (the flow reference, separators found from the cells' own
/// frames, the layout of the model without a collapsed section's cells, a brute-force scan
/// of every element for queries).
@Suite struct SectionBehaviourTests {
  // MARK: Exact examples

  /// Two lines (the first 55 high: a cell 50 high with insets 3 and 2, stretched beside it),
  /// a separator 2 thick centred in the 10-point gap, inset 4 and 6 inside the section's
  /// insets 5 and 5 and the content insets 10 and 10.
  static func example(_ direction: LayoutDirection = .ltr, axis: ScrollAxis = .vertical) -> ListModel {
    var configuration = ListConfiguration(
      width: 200, contentInsets: EdgeInsets(top: 0, left: 10, bottom: 0, right: 10),
      layoutDirection: direction,
      scrollDirection: axis)
    configuration.pinSectionHeaders = true
    let stretched = SectionAttributes(
      verticalAlignment: .stretch, lineSpacing: 10, insets: EdgeInsets(top: 0, left: 5, bottom: 0, right: 5))
    func cell(_ id: String, _ w: Double, _ h: Double, insets: EdgeInsets = .zero) -> Cell {
      let size = axis == .vertical ? Size(width: w, height: h) : Size(width: h, height: w)
      let cellInsets = axis == .vertical ? insets : insets.swappedAxes
      return Cell(
        id: id, size: .fixed(size), attributes: insets == .zero ? nil : CellAttributes(insets: cellInsets))
    }
    let first = Section(
      header: Supplementary(height: 20),
      cells: [
        cell("a", 80, 30), cell("b", 80, 50, insets: EdgeInsets(top: 3, left: 0, bottom: 2, right: 0)),
        cell("c", 80, 10), cell("d", 50, 20),
      ],
      attributes: axis == .vertical ? stretched : stretched.swappedAxes,
      separator: SectionSeparator(thickness: 2, leftInset: 4, rightInset: 6, id: "sep"))
    let second = Section(
      header: Supplementary(height: 20), footer: Supplementary(height: 10),
      cells: [cell("x", 10, 10)], collapsed: true, pinHeader: false)
    if axis == .horizontal {
      configuration.contentInsets = configuration.contentInsets.swappedAxes
    }
    return ListModel(configuration: configuration, sections: [first, second])
  }

  @Test func separatorsAndStretchedLinesOfTheExample() throws {
    let snapshot = try Self.example().layout()
    #expect(snapshot.frame(of: ListIndexPath(item: 0, section: 0)) == rect(15, 20, 80, 55))
    #expect(snapshot.frame(of: ListIndexPath(item: 1, section: 0)) == rect(100, 23, 80, 50))
    #expect(snapshot.frame(of: ListIndexPath(item: 2, section: 0)) == rect(15, 85, 80, 20))
    #expect(snapshot.frame(of: ListIndexPath(item: 3, section: 0)) == rect(100, 85, 50, 20))
    let separator = try #require(snapshot.separatorAttributes(at: ListIndexPath(item: 0, section: 0)))
    #expect(separator.kind == .separator && separator.frame == rect(19, 79, 160, 2))
    #expect(snapshot.identifier(of: separator) == "sep")
    #expect(snapshot.separatorAttributes(at: ListIndexPath(item: 1, section: 0)) == nil)
    #expect(snapshot.numberOfSeparators(inSection: 0) == 1)
    // The collapsed section: header, then its footer right below (no insets), 30 high.
    #expect(snapshot.numberOfItems(inSection: 1) == 0)
    #expect(snapshot.headerAttributes(inSection: 1)?.frame == rect(0, 115, 200, 20))
    #expect(snapshot.footerAttributes(inSection: 1)?.frame == rect(0, 135, 200, 10))
    #expect(snapshot.contentSize == Size(width: 200, height: 145))
    // Listing order: cells, then separators, then the footer.
    #expect(
      snapshot.allAttributes().map(\.kind) == [
        .header, .cell, .cell, .cell, .cell, .separator, .header, .footer,
      ])
  }

  @Test func separatorsAreMirroredInRightToLeftAndTransposedInHorizontalLists() throws {
    let rtl = try Self.example(.rtl).layout()
    #expect(rtl.separatorAttributes(at: ListIndexPath(item: 0, section: 0))?.frame == rect(21, 79, 160, 2))
    let horizontal = try Self.example(axis: .horizontal).layout()
    #expect(
      horizontal.separatorAttributes(at: ListIndexPath(item: 0, section: 0))?.frame == rect(79, 19, 2, 160))
    #expect(horizontal.frame(of: ListIndexPath(item: 0, section: 0)) == rect(20, 15, 55, 80))
    #expect(horizontal.contentSize == Size(width: 145, height: 200))
  }

  @Test func separatorsTakeNoRoomAndQueriesFindThem() throws {
    var model = Self.example()
    let with = try model.layout()
    model.sections[0].separator = nil
    let without = try model.layout()
    #expect(with.allAttributes().filter { $0.kind != .separator } == without.allAttributes())
    #expect(with.elements(in: rect(0, 79.5, 200, 1)).map(\.kind) == [.separator])
    #expect(with.element(at: Point(x: 100, y: 80))?.kind == .separator)
    #expect(with.element(at: Point(x: 17, y: 80)) == nil)
    let viewport = with.viewport(at: Point(x: 0, y: 60), size: Size(width: 200, height: 30))
    #expect(viewport.elements.contains { $0.kind == .separator })
  }

  // MARK: Pinning per section

  @Test func aSectionsOwnPinningOverridesTheLists() throws {
    var model = Self.example()
    model.sections[1].collapsed = false
    let offset = 120.0
    let pinning = PinningContext(contentOffset: offset, viewportHeight: 400)
    // The list pins headers; section 1 says no.
    var snapshot = try model.layout()
    #expect(snapshot.supplementaryAttributes(.header, inSection: 1, pinning: pinning)?.isPinned == false)
    #expect(snapshot.pinnedHeaderSection(for: pinning) == nil)
    // The list does not pin; section 1 says yes.
    model.configuration.pinSectionHeaders = false
    model.sections[1].pinHeader = true
    snapshot = try model.layout()
    let pinned = try #require(snapshot.supplementaryAttributes(.header, inSection: 1, pinning: pinning))
    #expect(pinned.isPinned && pinned.frame.minY == offset)
    #expect(snapshot.pinnedHeaderSection(for: pinning) == 1)
    #expect(snapshot.supplementaryAttributes(.header, inSection: 0, pinning: pinning)?.isPinned == false)
    // Footers likewise: the list does not pin them, section 0 does.
    model.sections[0].pinFooter = true
    model.sections[0].footer = Supplementary(height: 5)
    snapshot = try model.layout()
    let top = PinningContext(contentOffset: 0, viewportHeight: 50)
    let footer = try #require(snapshot.supplementaryAttributes(.footer, inSection: 0, pinning: top))
    #expect(footer.isPinned && footer.frame.maxY == 50)
  }

  @Test func aCollapsedSectionWithCellsPinsItsHeaderAsASectionWithCells() throws {
    var model = ListModel(configuration: ListConfiguration(width: 100, contentInsets: .zero))
    model.sections = [
      Section(
        header: Supplementary(height: 10), footer: Supplementary(height: 40),
        cells: [Cell(width: 10, height: 10)], collapsed: true),
      Section(header: Supplementary(height: 10), footer: Supplementary(height: 40), collapsed: true),
    ]
    let snapshot = try model.layout()
    let at = PinningContext(contentOffset: 20)
    #expect(snapshot.supplementaryAttributes(.header, inSection: 0, pinning: at)?.frame.minY == 20)
    let second = PinningContext(contentOffset: 80)
    #expect(snapshot.supplementaryAttributes(.header, inSection: 1, pinning: second)?.isPinned == false)
  }

  // MARK: Seeded models of every kind

  /// Gives some sections of `model` separators, collapses some, sets some pinning.
  static func decorate(_ model: ListModel, _ rng: inout SplitMix64, collapse: Bool = true) -> ListModel {
    var model = model
    for s in model.sections.indices {
      if Int.random(in: 0..<3, using: &rng) > 0 {
        model.sections[s].separator = SectionSeparator(
          thickness: Double(Int.random(in: 0...12, using: &rng)) / 2,
          leftInset: Double(Int.random(in: 0...40, using: &rng)) / 2,
          rightInset: Double(Int.random(in: 0...40, using: &rng)) / 2,
          id: Bool.random(using: &rng) ? "s\(s)" : nil)
      }
      if collapse && Int.random(in: 0..<5, using: &rng) == 0 { model.sections[s].collapsed = true }
      if Int.random(in: 0..<4, using: &rng) == 0 { model.sections[s].pinHeader = Bool.random(using: &rng) }
      if Int.random(in: 0..<4, using: &rng) == 0 { model.sections[s].pinFooter = Bool.random(using: &rng) }
    }
    return model
  }

  /// A model of every section kind: flow, grid, masonry, carousel, sequential.
  static func anyKindModel(_ rng: inout SplitMix64) -> ListModel {
    switch Int.random(in: 0..<5, using: &rng) {
    case 0: return ModelGenerator.model(&rng)
    case 1: return GridModelGenerator.model(&rng)
    case 2: return MasonryGenerator.model(&rng)
    case 3: return CarouselGenerator.model(&rng)
    default:
      var model = ModelGenerator.model(&rng, maxSections: 3, maxCells: 20)
      for s in model.sections.indices where Bool.random(using: &rng) {
        model.sections[s].layout = .sequential(SequentialSectionDefaults())
      }
      return model
    }
  }

  /// The model with every size, inset and the list's axis transposed: its horizontal layout
  /// is the vertical layout of `model`, transposed.
  static func horizontal(_ model: ListModel) -> ListModel {
    var model = model
    model.configuration.scrollDirection = .horizontal
    model.configuration.contentInsets = model.configuration.contentInsets.swappedAxes
    model.configuration.defaultCellSize = model.configuration.defaultCellSize.swapped
    model.configuration.defaultSectionAttributes = model.configuration.defaultSectionAttributes.swappedAxes
    model.configuration.defaultCellAttributes.insets =
      model.configuration.defaultCellAttributes.insets.swappedAxes
    for s in model.sections.indices {
      model.sections[s].attributes = model.sections[s].attributes?.swappedAxes
      for i in model.sections[s].cells.indices {
        if case .fixed(let size) = model.sections[s].cells[i].size {
          model.sections[s].cells[i].size = .fixed(size.swapped)
        }
        if let attributes = model.sections[s].cells[i].attributes {
          var swapped = attributes
          swapped.insets = attributes.insets.swappedAxes
          model.sections[s].cells[i].attributes = swapped
        }
      }
    }
    return model
  }

  /// Flow sections with separators, stretched lines and collapsed sections agree with the
  /// plain reference, element for element, vertically and (transposed) horizontally.
  @Test(arguments: 0..<4)
  func flowSectionsMatchTheReference(batch: Int) throws {
    for seed in UInt64(batch * 400)..<UInt64(batch * 400 + sweep(quick: 50, long: 400)) {
      var rng = SplitMix64(seed: seed &+ 32_000)
      let model = Self.decorate(ModelGenerator.model(&rng), &rng)
      let reference = ReferenceFlowLayout.layout(model)
      for axis in [ScrollAxis.vertical, .horizontal] {
        let snapshot = try (axis == .vertical ? model : Self.horizontal(model)).layout()
        #expect(snapshot.invariantViolations() == [], "seed \(seed) \(axis)")
        let actual = snapshot.allAttributes()
        try #require(actual.count == reference.elements.count, "seed \(seed) \(axis)")
        for (a, b) in zip(actual, reference.elements) {
          let wanted = axis == .vertical ? b.frame : b.frame.swapped
          guard a.kind == b.kind && a.indexPath == b.indexPath && a.frame.isClose(to: wanted) else {
            Issue.record("seed \(seed) \(axis): \(a) != reference \(b)")
            break
          }
        }
      }
    }
  }

  /// In every kind of section: separators take no room (every other element is the same
  /// without them); grid sections have one between each pair of rows (the rows found from
  /// the cells' frames), flow sections one between each pair of lines, others none; each is
  /// centred in its gap across the section's line width less its insets.
  @Test(arguments: 0..<4)
  func separatorsOfEveryKindTakeNoRoom(batch: Int) throws {
    for seed in UInt64(batch * 300)..<UInt64(batch * 300 + sweep(quick: 40, long: 300)) {
      var rng = SplitMix64(seed: seed &+ 33_000)
      var model = Self.decorate(Self.anyKindModel(&rng), &rng, collapse: false)
      if Int.random(in: 0..<4, using: &rng) == 0 { model.configuration.layoutDirection = .rtl }
      let horizontal =
        Int.random(in: 0..<3, using: &rng) == 0 && !model.sections.contains { $0.layout.isCarousel }
      if horizontal { model = Self.horizontal(model) }
      let with = try model.layout()
      var bare = model
      for s in bare.sections.indices { bare.sections[s].separator = nil }
      let without = try bare.layout()
      let all = with.allAttributes()
      #expect(all.filter { $0.kind != .separator } == without.allAttributes(), "seed \(seed)")
      for s in model.sections.indices {
        let separators = all.filter { $0.kind == .separator && $0.indexPath.section == s }
        guard let separator = model.sections[s].separator else {
          #expect(separators.isEmpty, "seed \(seed) section \(s)")
          continue
        }
        let flow = model.sections[s].layout.kindName == "flow"
        if flow && model.sections.contains(where: { $0.layout.kindName != "flow" }) {
          // The flow reference lays out flow sections only: count the lines another way.
          continue
        }
        let lines = Self.lineBoxes(of: s, in: with, model: model)
        #expect(
          separators.count == max(0, lines.count - 1),
          "seed \(seed) section \(s) \(model.sections[s].layout.kindName)")
        guard separators.count == max(0, lines.count - 1) else { continue }
        let config = model.configuration
        let insets = (model.sections[s].attributes ?? config.defaultSectionAttributes).insets
        // Across the list (layout space: a horizontal list's insets are transposed).
        let content = horizontal ? config.contentInsets.swappedAxes : config.contentInsets
        let section = horizontal ? insets.swappedAxes : insets
        var left = content.left + section.left + separator.leftInset
        let width = max(
          0,
          config.width - content.left - content.right - section.left - section.right - separator.leftInset
            - separator.rightInset)
        if config.layoutDirection == .rtl { left = config.width - left - width }
        for (k, element) in separators.enumerated() {
          let middle = (lines[k].bottom + lines[k + 1].top) / 2
          var expected = Rect(
            x: left, y: middle - separator.thickness / 2, width: width, height: separator.thickness)
          if horizontal { expected = expected.swapped }
          #expect(
            element.indexPath.item == k && element.frame.isClose(to: expected),
            "seed \(seed) section \(s): \(element) != \(expected)")
        }
      }
    }
  }

  /// The lines (or rows) of section `s` along the scroll axis, from its cells' frames: for a
  /// grid, rows are the cells grouped by their tops (the tallest cell of a row spans it); for
  /// a flow section, the reference's line boxes; none for other kinds.
  static func lineBoxes(
    of s: Int, in snapshot: LayoutSnapshot, model: ListModel
  ) -> [(top: Double, bottom: Double)] {
    let horizontal = model.configuration.scrollDirection == .horizontal
    switch model.sections[s].layout {
    case nil, .flow?:
      // The reference's own line boxes: its separators of thickness 0 sit at their middles.
      var probe = horizontal ? Self.verticalTwin(model) : model
      for k in probe.sections.indices { probe.sections[k].separator = nil }
      probe.sections[s].separator = SectionSeparator(thickness: 0)
      let middles = ReferenceFlowLayout.layout(probe).elements.filter { $0.kind == .separator }.map(
        \.frame.minY)
      // One box per line, each a point at the gap's middle: enough for the centring test.
      guard !middles.isEmpty else { return [] }
      var boxes: [(top: Double, bottom: Double)] = [(-.infinity, middles[0])]
      for k in 1..<middles.count { boxes.append((middles[k - 1], middles[k])) }
      boxes.append((middles[middles.count - 1], .infinity))
      return boxes
    case .grid?:
      // Rows as the layout placed the cells (dense packing may put a later, shorter cell in
      // an earlier row, even a zero-height one at a bottom-aligned row's bottom edge), each
      // the union of its cells' frames.
      var boxes: [Int: (top: Double, bottom: Double)] = [:]
      snapshot.forEachElement(inSection: s) { element in
        guard element.kind == .cell, let row = snapshot.accessibility(of: element.indexPath)?.grid?.row
        else { return }
        let frame = horizontal ? element.frame.swapped : element.frame
        let box = boxes[row] ?? (frame.minY, frame.maxY)
        boxes[row] = (Swift.min(box.top, frame.minY), Swift.max(box.bottom, frame.maxY))
      }
      return boxes.keys.sorted().map { boxes[$0]! }
    default: return []
    }
  }

  /// The vertical model a horizontal one transposes (``horizontal(_:)`` undone).
  static func verticalTwin(_ model: ListModel) -> ListModel {
    var twin = Self.horizontal(model)
    twin.configuration.scrollDirection = .vertical
    return twin
  }

  /// Rect, point and viewport queries find exactly what a scan of every element finds.
  @Test(arguments: 0..<4)
  func queriesMatchABruteForceScan(batch: Int) throws {
    for seed in UInt64(batch * 200)..<UInt64(batch * 200 + sweep(quick: 30, long: 200)) {
      var rng = SplitMix64(seed: seed &+ 34_000)
      var model = Self.decorate(Self.anyKindModel(&rng), &rng)
      if Bool.random(using: &rng) { model.configuration.layoutDirection = .rtl }
      if Int.random(in: 0..<3, using: &rng) == 0 && !model.sections.contains(where: { $0.layout.isCarousel })
      {
        model = Self.horizontal(model)
      }
      let snapshot = try model.layout()
      let all = snapshot.allAttributes()
      for _ in 0..<20 {
        var area = ModelGenerator.randomRect(&rng, snapshot)
        if model.configuration.scrollDirection == .horizontal { area = area.swapped }
        let found = snapshot.elements(in: area)
        let scanned = all.filter { $0.frame.intersects(area) }
        #expect(found == scanned, "seed \(seed) rect \(area)")
        let point = Point(x: area.midX, y: area.midY)
        var best: LayoutAttributes?
        for element in all where element.frame.contains(point) {
          if best == nil || element.zIndex >= best!.zIndex { best = element }
        }
        #expect(snapshot.element(at: point) == best, "seed \(seed) point \(point)")
      }
    }
  }

  // MARK: Collapsing

  /// A collapsed section lays out as the same section without cells: every element of the
  /// list is where the model with the section's cells removed puts it.
  @Test(arguments: 0..<4)
  func aCollapsedSectionIsLaidOutAsOneWithoutCells(batch: Int) throws {
    for seed in UInt64(batch * 200)..<UInt64(batch * 200 + sweep(quick: 40, long: 200)) {
      var rng = SplitMix64(seed: seed &+ 35_000)
      var model = Self.decorate(Self.anyKindModel(&rng), &rng)
      if Bool.random(using: &rng) && !model.sections.contains(where: { $0.layout.isCarousel }) {
        model = Self.horizontal(model)
      }
      var emptied = model
      // Header, insets and footer: a flow section without cells (a carousel without cells
      // keeps its band's height, a collapsed one does not).
      for s in emptied.sections.indices where emptied.sections[s].collapsed {
        emptied.sections[s].collapsed = false
        emptied.sections[s].cells = []
        emptied.sections[s].layout = nil
      }
      let collapsed = try model.layout()
      #expect(collapsed.invariantViolations() == [], "seed \(seed)")
      try expectSameLayout(collapsed, try emptied.layout(), "seed \(seed)")
    }
  }

  /// Collapsing and expanding, alone or with other edits, equal a full relayout; alone they
  /// lay out no line again.
  @Test(arguments: 0..<4)
  func collapseAndExpandEqualAFullRelayout(batch: Int) throws {
    for seed in UInt64(batch * 100)..<UInt64(batch * 100 + sweep(quick: 15, long: 100)) {
      var rng = SplitMix64(seed: seed &+ 36_000)
      var model = Self.decorate(Self.anyKindModel(&rng), &rng)
      if Bool.random(using: &rng) && !model.sections.contains(where: { $0.layout.isCarousel }) {
        model = Self.horizontal(model)
      }
      var snapshot = try model.layout()
      var serial = 0
      for step in 0..<12 {
        guard !snapshot.model.sections.isEmpty else { break }
        var update =
          Bool.random(using: &rng)
          ? EditGenerator.randomUpdate(&rng, snapshot.model, serial: &serial) : ListUpdate()
        let alone = update.isEmpty
        let touched =
          update.deletedSections + update.reloadedSections.map(\.index) + update.movedSections.map(\.from)
        let s = Int.random(in: 0..<snapshot.model.sections.count, using: &rng)
        guard !touched.contains(s) else { continue }
        if snapshot.model.sections[s].collapsed {
          update.expandSection(at: s)
        } else {
          update.collapseSection(at: s)
        }
        let result = try snapshot.applying(update)
        try assertEqualToFullRelayout(result.snapshot, "seed \(seed) step \(step)")
        if alone { #expect(result.reflowedLines == 0, "seed \(seed) step \(step)") }
        snapshot = result.snapshot
      }
    }
  }

  @Test func collapsingIsAnAnchoredEdit() throws {
    var model = ListModel(
      configuration: ListConfiguration(width: 100, contentInsets: .zero, sectionSpacing: 0))
    let cells = (0..<10).map { Cell(id: "c\($0)", width: 100, height: 50) }
    model.sections = [
      Section(header: Supplementary(height: 20), cells: cells),
      Section(
        cells: cells.map {
          var cell = $0
          cell.id = "d" + (cell.id ?? "")
          return cell
        }),
    ]
    let snapshot = try model.layout()
    var update = ListUpdate()
    update.collapseSection(at: 0)
    let result = try snapshot.applying(update, anchor: ScrollAnchor(contentOffset: 620, viewportHeight: 100))
    // Section 0 is 20 + 10 × 50 + 9 × 5 = 565 high, 20 collapsed; the second section's
    // cell 1 (at 565 + 55 = 620) is the first visible one.
    #expect(result.anchorIndexPath == ListIndexPath(item: 1, section: 1))
    #expect(result.contentOffsetCorrection == -545)
    #expect(result.snapshot.model.sections[0].cells.count == 10)
    var expand = ListUpdate()
    expand.expandSection(at: 0)
    let back = try result.snapshot.applying(expand)
    try expectSameLayout(back.snapshot, snapshot, "expanded again")
  }

  @Test func collapsingErrorsAreTyped() throws {
    let snapshot = try Self.example().layout()
    var update = ListUpdate()
    update.collapseSection(at: 5)
    #expect(throws: UpdateError.self) { try snapshot.applying(update) }
    update = ListUpdate()
    update.collapseSection(at: 0)
    update.expandSection(at: 0)
    #expect(throws: UpdateError.self) { try snapshot.applying(update) }
    update = ListUpdate()
    update.collapseSection(at: 0)
    update.deleteSection(at: 0)
    #expect(throws: UpdateError.self) { try snapshot.applying(update) }
  }

  /// A difference whose sections differ in their collapsed state, separators or pinning
  /// reports them as updated, and applied it equals a full layout of the new model (with no
  /// line laid out again).
  @Test(arguments: 0..<2)
  func differencesReportCollapsedSectionsAsUpdated(batch: Int) throws {
    for seed in UInt64(batch * 100)..<UInt64(batch * 100 + sweep(quick: 20, long: 100)) {
      var rng = SplitMix64(seed: seed &+ 37_000)
      let old = Self.decorate(Self.anyKindModel(&rng), &rng)
      guard !old.sections.isEmpty else { continue }
      var new = old
      let s = Int.random(in: 0..<new.sections.count, using: &rng)
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: new.sections[s].collapsed.toggle()
      case 1:
        new.sections[s].separator = new.sections[s].separator == nil ? SectionSeparator(thickness: 1) : nil
      default: new.sections[s].pinHeader = new.sections[s].pinHeader == true ? false : true
      }
      let difference = ListDifference(from: old, to: new)
      #expect(difference.sections.updated == [s], "seed \(seed)")
      let result = try old.layout().applying(difference)
      try assertEqualToFullRelayout(result.snapshot, "seed \(seed)")
      // (Cells whose content cannot be compared count as updated: they are laid out again.)
      if difference.items.isEmpty { #expect(result.reflowedLines == 0, "seed \(seed)") }
    }
  }

  /// In a transition, a separator follows its line: the separator below the line a cell
  /// starts is the one that line has after the edit.
  @Test func separatorsFollowTheirLinesInTransitions() throws {
    var model = ListModel(configuration: ListConfiguration(width: 100, contentInsets: .zero))
    model.sections = [
      Section(
        cells: (0..<6).map { Cell(id: "c\($0)", width: 100, height: 20) },
        attributes: SectionAttributes(lineSpacing: 10), separator: SectionSeparator(thickness: 2))
    ]
    var new = model
    new.sections[0].cells.insert(Cell(id: "n", width: 100, height: 20), at: 0)
    let transition = try model.layout().transition(
      ListDifference(from: model, to: new), contentOffset: 0, viewportHeight: 400)
    let separators = transition.elements.filter { $0.kind == .separator }
    // Old separator 0 (below c0, at 24) is new separator 1 (below c0, now at 54); every
    // separator moves down with its line (the viewport is anchored on c0, the new one above
    // it out of view).
    let moved = try #require(separators.first { $0.indexPath.item == 1 })
    #expect(moved.from == rect(0, 24, 100, 2) && moved.to == rect(0, 54, 100, 2))
    #expect(separators.count == 5)
    #expect(separators.allSatisfy { $0.from.map { $0.minY + 30 } == $0.to?.minY })
    #expect(transition.result.contentOffset == 30)
  }
}

extension EdgeInsets {
  /// Top and left, bottom and right exchanged (a horizontal list's insets).
  var swappedAxes: EdgeInsets { EdgeInsets(top: left, left: top, bottom: right, right: bottom) }
}

extension SectionAttributes {
  var swappedAxes: SectionAttributes {
    var copy = self
    copy.insets = insets.swappedAxes
    return copy
  }
}

extension Size {
  var swapped: Size { Size(width: height, height: width) }
}

extension Rect {
  var swapped: Rect { Rect(x: y, y: x, width: height, height: width) }
}

extension Optional where Wrapped == SectionLayout {
  var isCarousel: Bool {
    if case .carousel? = self { return true }
    return false
  }

  var kindName: String {
    switch self {
    case nil, .flow?: "flow"
    case .grid?: "grid"
    case .masonry?: "masonry"
    case .carousel?: "carousel"
    case .sequential?: "sequential"
    }
  }
}
