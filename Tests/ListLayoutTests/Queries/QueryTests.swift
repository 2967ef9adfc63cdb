import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// Visible-rect, point and nearest queries against brute force over every element.
@Suite struct QueryTests {
  @Test(arguments: 0..<4)
  func rectQueryEqualsBruteForce(batch: Int) throws {
    for seed in UInt64(10_000 + batch * 400)..<UInt64(10_000 + batch * 400 + sweep(quick: 60, long: 400)) {
      var rng = SplitMix64(seed: seed)
      let model = ModelGenerator.model(&rng)
      let snapshot = try model.layout()
      let all = snapshot.allAttributes()
      for _ in 0..<8 {
        let rect = ModelGenerator.randomRect(&rng, snapshot)
        let expected = all.filter { $0.frame.intersects(rect) }
        let actual = snapshot.elements(in: rect)
        #expect(actual == expected, "seed \(seed) rect \(rect)")
        if actual != expected { return }
      }
    }
  }

  @Test func pinnedRectQueryEqualsBruteForce() throws {
    for seed in UInt64(0)..<UInt64(sweep(quick: 120, long: 800)) {
      var rng = SplitMix64(seed: 77_000 + seed)
      var model = ModelGenerator.model(&rng)
      model.configuration.pinEmptySections = Bool.random(using: &rng)
      model.configuration.pinSectionFooters = Bool.random(using: &rng)
      let snapshot = try model.layout()
      for _ in 0..<6 {
        let offset =
          (Double.random(in: -100...snapshot.contentSize.height + 100, using: &rng) * 4).rounded() / 4
        let pinning = PinningContext(
          contentOffset: offset, pinInset: Bool.random(using: &rng) ? 0 : 44, viewportHeight: 600)
        let rect = Rect(x: 0, y: offset, width: snapshot.contentSize.width, height: 600)
        var expected: [LayoutAttributes] = []
        for section in 0..<snapshot.numberOfSections {
          if let header = snapshot.supplementaryAttributes(.header, inSection: section, pinning: pinning),
            header.frame.intersects(rect)
          {
            expected.append(header)
          }
          for item in 0..<snapshot.numberOfItems(inSection: section) {
            let attributes = snapshot.attributes(at: ListIndexPath(item: item, section: section))!
            if attributes.frame.intersects(rect) { expected.append(attributes) }
          }
          if let footer = snapshot.supplementaryAttributes(.footer, inSection: section, pinning: pinning),
            footer.frame.intersects(rect)
          {
            expected.append(footer)
          }
        }
        #expect(snapshot.elements(in: rect, pinning: pinning) == expected, "seed \(seed) offset \(offset)")
      }
    }
  }

  @Test func pointQueryEqualsBruteForce() throws {
    for seed in UInt64(0)..<600 {
      var rng = SplitMix64(seed: 31_000 + seed)
      let model = ModelGenerator.model(&rng)
      let snapshot = try model.layout()
      let all = snapshot.allAttributes()
      for _ in 0..<10 {
        let point = Point(
          x: (Double.random(in: -10...snapshot.contentSize.width + 10, using: &rng) * 2).rounded() / 2,
          y: (Double.random(in: -10...snapshot.contentSize.height + 10, using: &rng) * 2).rounded() / 2)
        let containing = all.filter { $0.frame.contains(point) }
        let expected = containing.max {
          $0.zIndex < $1.zIndex || ($0.zIndex == $1.zIndex && LayoutAttributes.listingOrder($0, $1))
        }
        // Brute force picks the last of the highest z-index in listing order.
        let top = containing.filter { $0.zIndex == expected?.zIndex }.last
        #expect(snapshot.element(at: point) == top, "seed \(seed) point \(point)")
      }
    }
  }

  @Test func nearestIndexPathEqualsBruteForce() throws {
    for seed in UInt64(0)..<600 {
      var rng = SplitMix64(seed: 52_000 + seed)
      let model = ModelGenerator.model(&rng)
      let snapshot = try model.layout()
      let cells = snapshot.allAttributes().filter { $0.kind == .cell }
      for _ in 0..<10 {
        let point = Point(
          x: Double.random(in: -100...snapshot.contentSize.width + 100, using: &rng),
          y: Double.random(in: -300...snapshot.contentSize.height + 300, using: &rng))
        let expected = cells.min { a, b in
          func key(_ f: Rect) -> (Double, Double) {
            (max(0, f.minY - point.y, point.y - f.maxY), max(0, f.minX - point.x, point.x - f.maxX))
          }
          return (key(a.frame).0, key(a.frame).1, a.indexPath) < (key(b.frame).0, key(b.frame).1, b.indexPath)
        }?.indexPath
        #expect(snapshot.indexPath(nearestTo: point) == expected, "seed \(seed) point \(point)")
      }
    }
  }

  @Test func edgeCasesNeverTrap() throws {
    let empty = try ListModel(configuration: ListConfiguration(width: 320)).layout()
    #expect(empty.elements(in: Rect(x: 0, y: 0, width: 320, height: 1000)).isEmpty)
    #expect(empty.element(at: Point(x: 10, y: 10)) == nil)
    #expect(empty.indexPath(nearestTo: Point(x: 10, y: 10)) == nil)
    #expect(empty.viewport(at: .zero, size: Size(width: 320, height: 600)).elements.isEmpty)
    #expect(empty.attributes(at: ListIndexPath(item: 0, section: 0)) == nil)
    #expect(
      empty.contentOffset(toShow: ListIndexPath(item: 0, section: 0), alignment: .top, viewportHeight: 100)
        == nil
    )

    let headerOnly = ListModel(
      configuration: ListConfiguration(width: 320), sections: [Section(header: Supplementary(height: 50))])
    let snapshot = try headerOnly.layout()
    #expect(snapshot.elements(in: Rect(x: 0, y: 0, width: 320, height: 1000)).map(\.kind) == [.header])
    #expect(snapshot.indexPath(nearestTo: Point(x: 0, y: 0)) == nil)

    let model = ListModel(
      configuration: ListConfiguration(width: 320), sections: [Section(cells: [Cell(width: 10, height: 10)])])
    let one = try model.layout()
    for rect in [
      Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: .infinity, width: 10, height: 10),
      Rect(x: 0, y: -.infinity, width: 10, height: .infinity), Rect(x: 0, y: 0, width: -5, height: -5),
      Rect(x: 0, y: 1e300, width: 1e300, height: 1e300),
    ] {
      _ = one.elements(in: rect)
      _ = one.viewport(at: rect.origin, size: rect.size)
    }
    #expect(one.attributes(at: ListIndexPath(item: 1, section: 0)) == nil)
    #expect(one.attributes(at: ListIndexPath(item: -1, section: 0)) == nil)
    #expect(one.attributes(at: ListIndexPath(item: 0, section: 5)) == nil)
    #expect(one.element(at: Point(x: .nan, y: 0)) == nil)
    #expect(one.indexPath(nearestTo: Point(x: 1e9, y: -1e9)) == ListIndexPath(item: 0, section: 0))
  }

  @Test func millionCellSectionQueriesVisitOnlyNearbyLines() throws {
    var cells: [Cell] = []
    cells.reserveCapacity(1_000_000)
    for i in 0..<1_000_000 { cells.append(Cell(width: Double(40 + i % 331), height: Double(20 + i % 101))) }
    let snapshot = try ListModel(
      configuration: ListConfiguration(width: 375), sections: [Section(cells: cells)]
    ).layout()
    let y = snapshot.contentSize.height / 2
    var visited = 0
    snapshot.forEachCellCandidate(ofSection: 0, overlappingY: y, y + 800) { _, _ in
      visited += 1
      return true
    }
    #expect(visited > 0 && visited < 200)
    let rect = Rect(x: 0, y: y, width: 375, height: 800)
    let found = snapshot.elements(in: rect)
    #expect(!found.isEmpty && found.allSatisfy { $0.frame.intersects(rect) })
  }
}

/// Sticky headers and the viewport API.
@Suite struct PinningTests {
  static func feed(sections: Int = 6, pinEmpty: Bool = false) -> ListModel {
    var configuration = ListConfiguration(width: 320, contentInsets: .zero, sectionSpacing: 10)
    configuration.pinEmptySections = pinEmpty
    var model = ListModel(configuration: configuration)
    for s in 0..<sections {
      let count = s == 2 ? 0 : 3 + s * 2
      model.sections.append(
        Section(
          header: Supplementary(height: 40), footer: s % 2 == 0 ? Supplementary(height: 20) : nil,
          cells: (0..<count).map { Cell(id: "s\(s)c\($0)", width: 150, height: Double(50 + 10 * ($0 % 3))) }))
    }
    return model
  }

  @Test func headerPinsUnderTheTopEdgeAndIsPushedUp() throws {
    let snapshot = try Self.feed().layout()
    let section = try #require(snapshot.sectionFrame(1))
    // Inside section 1: the header sticks to the offset.
    let inside = PinningContext(contentOffset: section.minY + 30)
    let pinned = try #require(snapshot.supplementaryAttributes(.header, inSection: 1, pinning: inside))
    #expect(pinned.frame.minY == section.minY + 30)
    #expect(pinned.isPinned && pinned.zIndex == LayoutAttributes.pinnedZIndex)
    #expect(snapshot.pinnedHeaderSection(for: inside) == 1)
    // Near the end it is pushed up with the section's bottom edge.
    let late = PinningContext(contentOffset: section.maxY - 10)
    #expect(
      snapshot.supplementaryAttributes(.header, inSection: 1, pinning: late)?.frame.maxY == section.maxY)
    // Above the section it sits at its natural place.
    let early = PinningContext(contentOffset: section.minY - 100)
    let natural = snapshot.supplementaryAttributes(.header, inSection: 1, pinning: early)
    #expect(natural == snapshot.headerAttributes(inSection: 1))
    #expect(natural?.isPinned == false)
    // A pin inset moves the pinning line down.
    let barred = PinningContext(contentOffset: section.minY + 30, pinInset: 44)
    #expect(
      snapshot.supplementaryAttributes(.header, inSection: 1, pinning: barred)?.frame.minY == section.minY
        + 74)
  }

  @Test func sweepKeepsHeadersInsideSectionsContinuousAndApart() throws {
    let snapshot = try Self.feed(sections: 8).layout()
    var previous: [Double?] = Array(repeating: nil, count: snapshot.numberOfSections)
    var offset = -50.0
    while offset < snapshot.contentSize.height + 50 {
      let pinning = PinningContext(contentOffset: offset, pinInset: 20)
      var frames: [Rect] = []
      for s in 0..<snapshot.numberOfSections {
        guard let header = snapshot.supplementaryAttributes(.header, inSection: s, pinning: pinning) else {
          continue
        }
        let section = snapshot.sectionFrame(s)!
        #expect(
          header.frame.minY >= section.minY && header.frame.maxY <= section.maxY,
          "offset \(offset) section \(s)")
        if let last = previous[s] {
          #expect(abs(header.frame.minY - last) <= 0.25 + 1e-9, "jump at \(offset)")
        }
        previous[s] = header.frame.minY
        frames.append(header.frame)
      }
      for (a, b) in zip(frames, frames.dropFirst()) { #expect(!a.intersects(b), "overlap at \(offset)") }
      offset += 0.25
    }
  }

  @Test func emptySectionsPinOnlyWhenAsked() throws {
    for pinEmpty in [false, true] {
      let snapshot = try Self.feed(pinEmpty: pinEmpty).layout()
      let section = try #require(snapshot.sectionFrame(2))
      // The empty section is just its header and footer: 60 points.
      let pinning = PinningContext(contentOffset: section.minY + 10)
      let header = try #require(snapshot.supplementaryAttributes(.header, inSection: 2, pinning: pinning))
      #expect(header.isPinned == pinEmpty)
      #expect(header.frame.minY == (pinEmpty ? section.minY + 10 : section.minY))
    }
  }

  @Test func pinningOffKeepsNaturalPositions() throws {
    var model = Self.feed()
    model.configuration.pinSectionHeaders = false
    let snapshot = try model.layout()
    let pinning = PinningContext(contentOffset: 300)
    for s in 0..<snapshot.numberOfSections {
      #expect(
        snapshot.supplementaryAttributes(.header, inSection: s, pinning: pinning)
          == snapshot.headerAttributes(inSection: s))
    }
  }

  @Test func footersPinToTheBottomEdgeWhenAsked() throws {
    var model = Self.feed()
    model.configuration.pinSectionFooters = true
    let snapshot = try model.layout()
    let section = try #require(snapshot.sectionFrame(4))
    let pinning = PinningContext(contentOffset: section.minY - 100, viewportHeight: 300)
    let footer = try #require(snapshot.supplementaryAttributes(.footer, inSection: 4, pinning: pinning))
    #expect(footer.frame.maxY == section.minY + 200)
    #expect(footer.isPinned)
  }

  @Test func viewportReturnsVisiblePinnedPrefetchAndOverlays() throws {
    let snapshot = try Self.feed(sections: 8).layout()
    let section = try #require(snapshot.sectionFrame(3))
    let offset = Point(x: 0, y: section.minY + 15)
    let viewport = snapshot.viewport(
      at: offset, size: Size(width: 320, height: 200),
      overlays: [
        Overlay(id: "spinner", size: Size(width: 40, height: 40)),
        Overlay(id: "toast", size: Size(width: 200, height: 30), offset: { _, _ in Point(x: 0, y: 60) }),
      ])
    let header = try #require(viewport.elements.first { $0.kind == .header && $0.indexPath.section == 3 })
    #expect(header.isPinned && header.frame.minY == offset.y)
    let overlays = viewport.elements.filter { $0.kind == .overlay }
    #expect(
      overlays.map(\.frame) == [
        rect(140, offset.y + 80, 40, 40), rect(60, offset.y + 85 + 60, 200, 30),
      ])
    #expect(viewport.elements.last?.kind == .overlay)
    #expect(viewport.contentSize == snapshot.contentSize)
    let ahead = try #require(viewport.prefetchAhead)
    let visibleCells = viewport.elements.filter { $0.kind == .cell }.map(\.indexPath)
    #expect(ahead.lowerBound >= visibleCells.last!)
    #expect(viewport.prefetchBehind == nil || viewport.prefetchBehind!.upperBound <= visibleCells.first!)
    let json = snapshot.jsonString(elements: viewport.elements, overlayIDs: viewport.overlayIDs)
    #expect(json.contains(#""kind":"overlay","id":"spinner""#))
    #expect(json.contains(#""pinned":true"#))
  }

  @Test func scrollToItemAlignsAndClamps() throws {
    let snapshot = try Self.feed(sections: 8).layout()
    let target = ListIndexPath(item: 4, section: 5)
    let frame = try #require(snapshot.frame(of: target))
    #expect(snapshot.contentOffset(toShow: target, alignment: .top, viewportHeight: 300) == frame.minY)
    #expect(
      snapshot.contentOffset(toShow: target, alignment: .top, viewportHeight: 300, topInset: 40) == frame.minY
        - 40)
    #expect(
      snapshot.contentOffset(toShow: target, alignment: .center, viewportHeight: 300) == frame.midY - 150)
    #expect(
      snapshot.contentOffset(toShow: target, alignment: .bottom, viewportHeight: 300) == frame.maxY - 300)
    #expect(
      snapshot.contentOffset(
        toShow: ListIndexPath(item: 0, section: 0), alignment: .bottom, viewportHeight: 300)
        == 0)
    let last = ListIndexPath(item: snapshot.numberOfItems(inSection: 7) - 1, section: 7)
    #expect(
      snapshot.contentOffset(toShow: last, alignment: .top, viewportHeight: 300) == snapshot.contentSize
        .height - 300)
    #expect(snapshot.contentOffset(toShow: target, alignment: .top, viewportHeight: 1e9) == 0)
  }

  @Test func offsetsOutsideTheContent() throws {
    let snapshot = try Self.feed().layout()
    let above = snapshot.viewport(at: Point(x: 0, y: -500), size: Size(width: 320, height: 300))
    #expect(above.elements.isEmpty)
    let below = snapshot.viewport(
      at: Point(x: 0, y: snapshot.contentSize.height + 10), size: Size(width: 320, height: 300))
    #expect(below.elements.isEmpty)
    let huge = snapshot.viewport(at: Point(x: 0, y: -100), size: Size(width: 320, height: 1e7))
    #expect(huge.elements.filter { $0.kind != .overlay }.count == snapshot.elementCount)
  }
}

/// The spacing-aware search over section heights agrees with a linear scan.
@Suite struct SectionSearchTests {
  @Test func searchWithAPerElementGapMatchesALinearScan() {
    var rng = SplitMix64(seed: 11)
    for _ in 0..<300 {
      let count = Int.random(in: 0...300, using: &rng)
      let heights = (0..<count).map { _ in Double(Int.random(in: 0...40, using: &rng)) / 2 }
      let gap = [0, 0.5, 7, 1e6, 4.4e83].randomElement(using: &rng)!
      let tree = PrefixSumTree(heights)
      for _ in 0..<20 {
        let target = Double.random(
          in: -10...(heights.reduce(0, +) + Double(count) * min(gap, 100) + 10), using: &rng)
        var expected = count
        var sum = 0.0
        for (i, h) in heights.enumerated() {
          sum += h + gap
          if sum > target {
            expected = i
            break
          }
        }
        #expect(
          tree.firstIndex(wherePrefixExceeds: target, perElement: gap) == expected,
          "\(heights) \(gap) \(target)")
      }
    }
  }

  /// A walk over the sections reads every top as ``LayoutSnapshot/sectionTop(_:)`` computes it,
  /// bit for bit, across blocks of 64 sections and after edits; no section from
  /// ``LayoutSnapshot/sectionEnd(from:below:)`` on has its top below the bound.
  @Test func sectionWalkAndEndAgreeWithSectionTops() throws {
    var rng = SplitMix64(seed: 12)
    for round in 0..<30 {
      var snapshot = try ModelGenerator.model(&rng, maxSections: 300, maxCells: 3).layout()
      var serial = 0
      for step in 0..<4 {
        let count = snapshot.numberOfSections
        let first = Int.random(in: 0...count, using: &rng)
        var walk = LayoutSnapshot.SectionWalk(from: first, sectionsTop: snapshot.sectionsTop)
        while walk.section < count {
          #expect(
            walk.top(in: snapshot).bitPattern == snapshot.sectionTop(walk.section).bitPattern,
            "round \(round) step \(step) section \(walk.section)")
          walk.advance()
        }
        let maxY = Double(Int.random(in: -20...Int(snapshot.contentSize.height) + 20, using: &rng)) / 2
        let end = snapshot.sectionEnd(from: 0, below: maxY)
        #expect(end <= count)
        for section in end..<count {
          #expect(!(snapshot.sectionTop(section) < maxY), "round \(round) step \(step) \(maxY) \(section)")
        }
        let update = EditGenerator.randomUpdate(&rng, snapshot.model, serial: &serial)
        if let result = try? snapshot.applying(update) { snapshot = result.snapshot }
      }
    }
  }
}
