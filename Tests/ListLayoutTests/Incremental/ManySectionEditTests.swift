import LayoutGeometry
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// Edits to feeds of a thousand and more sections: the in-place path (no section
/// operations), which lays out only the touched sections and shares every other block of
/// section geometry and heights with the old snapshot, must give exactly what a full relayout
/// of the updated model gives; so must batches that mix in section operations (the general
/// path) between them.
@Suite struct ManySectionEditTests {
  /// `count` sections of 0 to 24 cells with random headers, footers and attributes, sizes in
  /// quarters of a point.
  static func feed(_ rng: inout SplitMix64, sections count: Int) -> ListModel {
    var configuration = ListConfiguration(width: 375)
    configuration.sectionSpacing = Double(Int.random(in: 0...40, using: &rng)) / 4
    configuration.contentInsets = EdgeInsets(top: 3.25, left: 4, bottom: 7.5, right: 2)
    var sections: [Section] = []
    sections.reserveCapacity(count)
    for s in 0..<count {
      var section = Section(id: "s\(s)")
      if Int.random(in: 0..<3, using: &rng) != 0 {
        section.header = Supplementary(height: Double(Int.random(in: 0...160, using: &rng)) / 4)
      }
      if Int.random(in: 0..<4, using: &rng) == 0 {
        section.footer = Supplementary(height: Double(Int.random(in: 0...80, using: &rng)) / 4)
      }
      if Int.random(in: 0..<3, using: &rng) == 0 {
        section.attributes = SectionAttributes(
          horizontalAlignment: HorizontalAlignment.allCases.randomElement(using: &rng)!,
          verticalAlignment: VerticalAlignment.allCases.randomElement(using: &rng)!,
          itemSpacing: Double(Int.random(in: 0...20, using: &rng)) / 2,
          lineSpacing: Double(Int.random(in: 0...20, using: &rng)) / 2,
          insets: ModelGenerator.randomInsets(&rng, max: 12))
      }
      for i in 0..<Int.random(in: 0...24, using: &rng) {
        section.cells.append(EditGenerator.randomCell(&rng, width: 375, id: "c\(s)-\(i)"))
      }
      sections.append(section)
    }
    return ListModel(configuration: configuration, sections: sections)
  }

  /// A batch of one to three item edits in random sections; one batch in ten also inserts,
  /// deletes or moves a section.
  static func update(_ rng: inout SplitMix64, _ model: ListModel, serial: inout Int) -> ListUpdate {
    var update = ListUpdate()
    let count = model.sections.count
    if Int.random(in: 0..<10, using: &rng) == 0 {
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: update.deleteSection(at: Int.random(in: 0..<count, using: &rng))
      case 1:
        serial += 1
        let cells = (0..<Int.random(in: 0...12, using: &rng)).map {
          EditGenerator.randomCell(&rng, width: 375, id: "n\(serial)-\($0)")
        }
        update.insertSection(
          Section(header: Supplementary(height: 22.5), cells: cells, id: "n\(serial)"),
          at: Int.random(in: 0...count, using: &rng))
      default:
        update.moveSection(
          from: Int.random(in: 0..<count, using: &rng), to: Int.random(in: 0..<count, using: &rng))
      }
      return update
    }
    var used = Set<Int>()
    for _ in 0..<Int.random(in: 1...3, using: &rng) {
      let s = Int.random(in: 0..<count, using: &rng)
      guard used.insert(s).inserted else { continue }
      let items = model.sections[s].cells.count
      if items == 0 || Int.random(in: 0..<4, using: &rng) == 0 {
        serial += 1
        update.insertItem(
          EditGenerator.randomCell(&rng, width: 375, id: "i\(serial)"),
          at: ListIndexPath(item: Int.random(in: 0...items, using: &rng), section: s))
        continue
      }
      let item = ListIndexPath(item: Int.random(in: 0..<items, using: &rng), section: s)
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: update.deleteItem(at: item)
      case 1: update.setTraits(ModelGenerator.randomTraits(&rng), ofItemAt: item)
      default:
        update.resizeItem(
          at: item,
          to: Size(
            width: Double(Int.random(in: 0...800, using: &rng)) / 2,
            height: Double(Int.random(in: 0...200, using: &rng)) / 2))
      }
    }
    return update
  }

  @Test(arguments: [1_000, 1_500, 2_049])
  func editsInThousandsOfSectionsEqualFullRelayout(sections: Int) throws {
    var rng = SplitMix64(seed: 31_000 + UInt64(sections))
    var snapshot = try Self.feed(&rng, sections: sections).layout()
    var serial = 0
    for step in 0..<sweep(quick: 8, long: 30) {
      let update = Self.update(&rng, snapshot.model, serial: &serial)
      let before = snapshot.contentSize
      let next = try snapshot.applying(update).snapshot
      #expect(snapshot.contentSize == before)
      #expect(next.invariantViolations() == [], "step \(step)")
      let full = try next.model.layout()
      guard
        try expectSameLayout(
          next, full, "\(sections) sections, step \(step): \(EditGenerator.describe(update))")
      else { return }
      snapshot = next
    }
  }

  @Test func anEditInPlaceSharesTheOtherSectionsGeometry() throws {
    var rng = SplitMix64(seed: 77)
    let snapshot = try Self.feed(&rng, sections: 1_000).layout()
    let s = (600..<1_000).first { snapshot.numberOfItems(inSection: $0) > 0 }!
    var update = ListUpdate()
    update.resizeItem(at: ListIndexPath(item: 0, section: s), to: Size(width: 333, height: 91.5))
    let next = try snapshot.applying(update).snapshot
    try expectSameLayout(next, try next.model.layout(), "resize in section \(s)")
    // Every block of 64 geometries but the edited section's is the old snapshot's storage.
    let edited = Blocks.block(of: s)
    for b in snapshot.geometries.blocks.indices {
      #expect((snapshot.geometries.blocks[b] === next.geometries.blocks[b]) == (b != edited), "block \(b)")
    }
    // Sections above the edit keep their frames; those below move by the height change.
    let change = next.sectionFrame(s)!.height - snapshot.sectionFrame(s)!.height
    #expect(next.sectionFrame(s - 1) == snapshot.sectionFrame(s - 1))
    #expect(next.sectionFrame(s + 1)!.minY == snapshot.sectionFrame(s + 1)!.minY + change)
  }

  @Test func differencesInThousandsOfSectionsEqualFullRelayout() throws {
    var rng = SplitMix64(seed: 4_100)
    var snapshot = try Self.feed(&rng, sections: 1_200).layout()
    for step in 0..<8 {
      // A new version of the feed: a few cells resized, one header changed (a section whose
      // own properties change is laid out whole), no section added or removed.
      var new = snapshot.model
      for _ in 0..<3 {
        let s = Int.random(in: 0..<new.sections.count, using: &rng)
        guard !new.sections[s].cells.isEmpty else { continue }
        let item = Int.random(in: 0..<new.sections[s].cells.count, using: &rng)
        new.sections[s].cells[item].size = .fixed(
          Size(width: Double(Int.random(in: 0...700, using: &rng)) / 2, height: 44.5))
      }
      let h = Int.random(in: 0..<new.sections.count, using: &rng)
      new.sections[h].header = Supplementary(height: Double(Int.random(in: 0...100, using: &rng)) / 4)
      let difference = ListDifference(from: snapshot.model, to: new)
      let next = try snapshot.applying(difference).snapshot
      #expect(next.invariantViolations() == [], "step \(step)")
      guard try expectSameLayout(next, try new.layout(), "difference step \(step)") else { return }
      snapshot = next
    }
  }
}
