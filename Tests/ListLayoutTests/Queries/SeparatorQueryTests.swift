import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// A rect query finds a flow section's separators from the search that finds its cells (one
/// search for the higher of the two bands' tops, each walk moving down to its own first line
/// from there): over sections of many pages (runs of cells among them), with separators
/// thinner and thicker than the badges reach, lines spaced or not, edited step by step,
/// every query equals the brute-force listing (every element of the snapshot, separators
/// each checked against their own gap's lookup, badges placed by the reference rule),
/// filtered by the rect; and the body's combined walk hands over the cells and the gaps its
/// two separate walks find.
@Suite struct SeparatorQueryTests {
  /// Every element of `snapshot` in listing order (``BadgeIndexTests/reference(_:)``), each
  /// separator checked against ``LayoutSnapshot/separatorAttributes(at:)``.
  static func reference(_ snapshot: LayoutSnapshot, _ context: String) -> [LayoutAttributes] {
    let listing = BadgeIndexTests.reference(snapshot)
    for element in listing where element.kind == .separator {
      #expect(
        snapshot.separatorAttributes(at: element.indexPath) == element, "\(context) \(element.indexPath)")
    }
    return listing
  }

  /// One to three sections of 300 to 3,000 cells (several pages each; runs of cells among
  /// them), most with separators of thickness 0 to 40, some with badges, either axis and
  /// direction.
  static func model(_ rng: inout SplitMix64) -> ListModel {
    var configuration = ListConfiguration(width: Double(Int.random(in: 200...400, using: &rng)))
    configuration.layoutDirection = Bool.random(using: &rng) ? .ltr : .rtl
    if Int.random(in: 0..<3, using: &rng) == 0 { configuration.scrollDirection = .horizontal }
    var sections: [Section] = []
    for s in 0..<Int.random(in: 1...3, using: &rng) {
      let badgeEvery = Int.random(in: 0..<3, using: &rng) == 0 ? 0 : Int.random(in: 3...12, using: &rng)
      func cell() -> Cell {
        BadgeIndexTests.cell(
          &rng, width: Double(Int.random(in: 20...150, using: &rng)),
          height: Double(Int.random(in: 10...60, using: &rng)),
          badged: badgeEvery > 0 && Int.random(in: 0..<badgeEvery, using: &rng) == 0)
      }
      var cells = CellList()
      let target = Int.random(in: 300...3_000, using: &rng)
      while cells.count < target {
        if Int.random(in: 0..<10, using: &rng) == 0 {
          let pattern = (0..<Int.random(in: 1...3, using: &rng)).map { _ in cell() }
          cells.append(cycling: pattern, count: Int.random(in: 10...600, using: &rng))
        } else {
          cells.append(cell())
        }
      }
      var section = Section(cells: cells)
      if Int.random(in: 0..<5, using: &rng) == 0 {
        section.layout = .grid(GridLayout(columns: .count(Int.random(in: 1...4, using: &rng))))
      }
      if Bool.random(using: &rng) {
        var attributes = configuration.defaultSectionAttributes
        attributes.lineSpacing = Double(Int.random(in: 0...30, using: &rng))
        section.attributes = attributes
      }
      if Int.random(in: 0..<5, using: &rng) > 0 {
        section.separator = SectionSeparator(
          thickness: Double(Int.random(in: 0...80, using: &rng)) / 2,
          leftInset: Double(Int.random(in: 0...20, using: &rng)), id: Bool.random(using: &rng) ? "s\(s)" : nil
        )
      }
      if Bool.random(using: &rng) { section.header = Supplementary(height: 30) }
      sections.append(section)
    }
    return ListModel(configuration: configuration, sections: sections)
  }

  /// Rects down the whole content (screens, and bands as thin as a separator) and a few
  /// anywhere.
  static func rects(_ rng: inout SplitMix64, _ snapshot: LayoutSnapshot) -> [Rect] {
    var rects = BadgeIndexTests.rects(&rng, snapshot)
    let horizontal = snapshot.scrollAxis == .horizontal
    let length = horizontal ? snapshot.contentSize.width : snapshot.contentSize.height
    for _ in 0..<12 {
      let at = Double.random(in: -20...(length + 20), using: &rng)
      let thin = Double(Int.random(in: 1...6, using: &rng)) / 4
      rects.append(
        horizontal
          ? Rect(x: at, y: -10, width: thin, height: 1_000) : Rect(x: -10, y: at, width: 1_000, height: thin))
    }
    return rects
  }

  static func check(_ snapshot: LayoutSnapshot, _ rects: [Rect], _ context: String) {
    let expected = reference(snapshot, context)
    for rect in rects {
      let found = snapshot.elements(in: rect)
      let want = expected.filter { $0.frame.intersects(rect) }
      #expect(found.count == want.count, "\(context) \(rect)")
      #expect(zip(found, want).allSatisfy(BadgeTests.same), "\(context) \(rect)")
      #expect(
        found.filter { $0.kind == .separator } == want.filter { $0.kind == .separator }, "\(context) \(rect)")
    }
  }

  /// The flow body's combined walk (cells and gaps from one search) against its two walks
  /// made apart, for bands of either order.
  static func checkCombinedWalk(_ snapshot: LayoutSnapshot, _ rng: inout SplitMix64, _ context: String) {
    for s in snapshot.geometries.indices {
      let geometry = snapshot.geometries[s]
      guard let body = geometry.body as? FlowBody, body.itemCount > 0 else { continue }
      let origin = geometry.bodyOrigin(sectionTop: snapshot.sectionTop(s))
      let top = origin.sectionTop + origin.bodyTop
      for _ in 0..<20 {
        let minY = top + Double.random(in: -30...(body.height + 30), using: &rng)
        let maxY = minY + Double.random(in: 0...700, using: &rng)
        let reach = (Double.random(in: 0...40, using: &rng), Double.random(in: 0...40, using: &rng))
        let gapBand = (minY: minY - reach.0, maxY: maxY + reach.0)
        let cellBand = (minY: minY - reach.1, maxY: maxY + reach.1)
        let candidates = CellCandidates()
        let gaps = LineGapCandidates()
        body.appendItems(
          overlappingX: 0, 1, y: cellBand.minY, cellBand.maxY, scrolledBy: 0, at: origin, to: candidates,
          gaps: gapBand, to: gaps)
        var cells: [Int] = []
        body.forEachItem(overlappingY: cellBand.minY, cellBand.maxY, at: origin) { item, frame in
          #expect(frame == body.frame(ofItem: item, at: origin), "\(context) section \(s)")
          cells.append(item)
          return true
        }
        var apart: [Int] = []
        body.forEachLineGap(overlappingY: gapBand.minY, gapBand.maxY, at: origin) { gap, bottom, next in
          let known = body.lineGap(gap, at: origin)
          #expect(known.bottom == bottom && known.top == next, "\(context) section \(s) gap \(gap)")
          apart.append(gap)
          return true
        }
        #expect((0..<candidates.count).map { candidates[$0].item } == cells, "\(context) section \(s)")
        #expect((0..<gaps.count).map { gaps[$0].gap } == apart, "\(context) section \(s) \(minY)")
        for k in 0..<gaps.count {
          let known = body.lineGap(gaps[k].gap, at: origin)
          #expect(known.bottom == gaps[k].bottom && known.top == gaps[k].top, "\(context) section \(s)")
        }
      }
    }
  }

  @Test(arguments: 0..<2)
  func queriesEqualTheReferenceAcrossEdits(batch: Int) throws {
    var rng = SplitMix64(seed: 32_300 &+ UInt64(batch))
    for round in 0..<sweep(quick: 4, long: 60) {
      let model = Self.model(&rng)
      var snapshot = try model.layout()
      Self.check(snapshot, Self.rects(&rng, snapshot), "batch \(batch) round \(round)")
      Self.checkCombinedWalk(snapshot, &rng, "batch \(batch) round \(round)")
      for step in 0..<4 {
        let update = BadgeIndexTests.randomUpdate(&rng, snapshot.model)
        guard let next = try? snapshot.applying(update).snapshot else { continue }
        snapshot = next
        let context = "batch \(batch) round \(round) step \(step)"
        Self.check(snapshot, Self.rects(&rng, snapshot), context)
        Self.checkCombinedWalk(snapshot, &rng, context)
      }
    }
  }
}
