import LayoutGeometry
import ListLayout
import ListLayoutTestSupport
import TestSupport
import Testing

/// A pinned list header with a `minHeight` shrinks as the list scrolls: its frame against the
/// formula of issue 32, section headers pinned below its current bottom, the content unmoved.
@Suite struct ShrinkingHeaderTests {
  static func model(horizontal: Bool = false) -> ListModel {
    var configuration = ListConfiguration(width: 200, contentInsets: .zero, sectionSpacing: 0)
    configuration.listHeader = ListSupplementary(height: 100, id: "large", pinned: true, minHeight: 44)
    if horizontal { configuration.scrollDirection = .horizontal }
    let cells = (0..<20).map { Cell(id: "c\($0)", width: 200, height: 50) }
    return ListModel(
      configuration: configuration,
      sections: [
        Section(header: Supplementary(height: 30, id: "h0"), cells: cells),
        Section(header: Supplementary(height: 30, id: "h1"), cells: cells),
      ])
  }

  @Test func exactFrames() throws {
    let snapshot = try Self.model().layout()
    func header(_ offset: Double, inset: Double = 0) -> Rect? {
      snapshot.elements(
        in: snapshot.contentRect, pinning: PinningContext(contentOffset: offset, pinInset: inset)
      )
      .first { $0.kind == .listHeader }?.frame
    }
    #expect(header(0) == rect(0, 0, 200, 100))
    #expect(header(-30) == rect(0, 0, 200, 100))
    #expect(header(30) == rect(0, 30, 200, 70))
    #expect(header(56) == rect(0, 56, 200, 44))
    #expect(header(500) == rect(0, 500, 200, 44))
    #expect(header(20, inset: 10) == rect(0, 30, 200, 70))
    // The content does not move: section 0 still starts below the full height.
    #expect(snapshot.sectionFrame(0)?.minY == 100)
    // Its header pins below the header's current bottom: at offset 30, 30 + 70 = 100 (its
    // natural place); at 200, 200 + 44.
    let at30 = snapshot.supplementaryAttributes(
      .header, inSection: 0, pinning: PinningContext(contentOffset: 30))
    #expect(at30?.frame == rect(0, 100, 200, 30))
    #expect(at30?.isPinned == false)
    let at200 = snapshot.supplementaryAttributes(
      .header, inSection: 0, pinning: PinningContext(contentOffset: 200))
    #expect(at200?.frame == rect(0, 244, 200, 30))
    #expect(at200?.isPinned == true)
    #expect(snapshot.pinnedHeaderSection(for: PinningContext(contentOffset: 200)) == 0)
  }

  @Test func horizontalListShrinksAlongX() throws {
    let snapshot = try Self.model(horizontal: true).layout()
    let frame = snapshot.viewport(scrolledTo: 30, length: 300).elements.first { $0.kind == .listHeader }?
      .frame
    #expect(frame == rect(30, 0, 70, 200))
  }

  /// Seeded lists: the header against the formula, and every section header against
  /// FSQ's pinning with the header's current bottom as the pin line.
  @Test func framesFollowTheFormula() throws {
    var rng = SplitMix64(seed: 3_205_005)
    for round in 0..<sweep(quick: 200, long: 2000) {
      var model = ModelGenerator.model(&rng, maxSections: 4, maxCells: 20)
      let height = Double(Int.random(in: 0...240, using: &rng)) / 2
      let minHeight = Double(Int.random(in: 0...Int(height * 2), using: &rng)) / 2
      model.configuration.listHeader = ListSupplementary(height: height, pinned: true, minHeight: minHeight)
      if Bool.random(using: &rng) { model.configuration.scrollDirection = .horizontal }
      let snapshot = try model.layout()
      let horizontal = snapshot.scrollAxis == .horizontal
      for _ in 0..<5 {
        let offset = Double(Int.random(in: -100...Int(snapshot.contentLength) + 100, using: &rng)) / 2
        let inset = Double(Int.random(in: 0...40, using: &rng)) / 2
        let pinning = PinningContext(contentOffset: offset, pinInset: inset)
        let elements = snapshot.elements(in: snapshot.contentRect.insetBy(-1000), pinning: pinning)
        let s = max(0, offset + inset)
        let current = max(minHeight, height - s)
        let expected = Rect(x: 0, y: s, width: model.configuration.width, height: current)
        // (A header of no extent meets no rect.)
        guard current > 0, model.configuration.width > 0 else { continue }
        let header = try #require(elements.first { $0.kind == .listHeader }, "round \(round)")
        #expect(
          header.frame == (horizontal ? expected.transposed : expected), "round \(round) offset \(offset)")
        // Section headers: clamp(offset + inset + current bottom's extent, section top, bottom − h).
        for element in elements where element.kind == .header {
          let section = try #require(snapshot.sectionFrame(element.indexPath.section))
          let natural = try #require(snapshot.headerAttributes(inSection: element.indexPath.section))
          let along = { (r: Rect) in horizontal ? (r.minX, r.width) : (r.minY, r.height) }
          let (top, length) = along(section)
          let (naturalY, h) = along(natural.frame)
          let pins = snapshot.numberOfItems(inSection: element.indexPath.section) > 0
          let target = offset + inset + current
          let y = pins ? min(max(target, top), top + length - h) : naturalY
          #expect(
            along(element.frame).0 == y,
            "round \(round) offset \(offset) section \(element.indexPath.section)")
        }
      }
    }
  }
}

extension LayoutSnapshot {
  /// The whole content.
  fileprivate var contentRect: Rect { Rect(origin: .zero, size: contentSize) }
}

extension Rect {
  fileprivate var transposed: Rect { Rect(x: minY, y: minX, width: height, height: width) }
  fileprivate func insetBy(_ d: Double) -> Rect {
    Rect(x: minX + d, y: minY + d, width: width - 2 * d, height: height - 2 * d)
  }
}
