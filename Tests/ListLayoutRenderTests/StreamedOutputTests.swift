import Foundation
import LayoutGeometry
import ListLayout
import TestSupport
import Testing

@testable import ListLayoutRender

/// The streamed renderers write, byte for byte, what the string-building ones wrote.
@Suite struct StreamedOutputTests {
  /// Pieces of identifiers and trait names: everything the escapers treat apart (the five
  /// XML specials, controls, CR LF as one character, U+2028/9, U+FFFE/F, combining marks,
  /// emoji), and plain words.
  static let pieces = [
    "a", "cell", "é", "<", ">", "&", "\"", "'", "\\", "\r\n", "\r", "\n", "\t", "\u{1}", "\u{1F}", "\u{7F}",
    "\u{2028}", "\u{2029}", "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "👍🏽", "e\u{301}", " ", "·", "中文", "</script>",
    "0123456789", "long-identifier-",
  ]

  static func text(_ rng: inout SplitMix64, maxPieces: Int = 8) -> String {
    (0..<Int.random(in: 1...maxPieces, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
  }

  static func id(_ rng: inout SplitMix64) -> String? {
    Int.random(in: 0..<4, using: &rng) == 0 ? nil : text(&rng, maxPieces: Int.random(in: 1...20, using: &rng))
  }

  static func traits(_ rng: inout SplitMix64) -> TraitSet {
    var set: [LayoutTrait] = []
    for _ in 0..<Int.random(in: 0...3, using: &rng) {
      if Bool.random(using: &rng) {
        set.append(LayoutTrait.standard.randomElement(using: &rng)!)
      } else if let trait = LayoutTrait(
        validating: ["tag", "wide", "x<y", "a&b", "n\u{2028}", "ü"][
          Int.random(in: 0..<6, using: &rng)])
      {
        set.append(trait)
      }
    }
    return TraitSet(set)
  }

  static func number(_ rng: inout SplitMix64, _ range: ClosedRange<Double>) -> Double {
    // Whole numbers, halves, thirds and tenths: every way a number is written.
    let value = Double.random(in: range, using: &rng)
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: return value.rounded()
    case 1: return (value * 2).rounded() / 2
    case 2: return (value * 10).rounded() / 10
    default: return value
    }
  }

  static func model(_ rng: inout SplitMix64) -> ListModel {
    var configuration = ListConfiguration(width: number(&rng, 40...900))
    configuration.contentInsets = EdgeInsets(all: number(&rng, 0...20))
    configuration.pinSectionHeaders = Bool.random(using: &rng)
    configuration.pinSectionFooters = Bool.random(using: &rng)
    configuration.pinEmptySections = Bool.random(using: &rng)
    configuration.layoutDirection = Bool.random(using: &rng) ? .ltr : .rtl
    if Int.random(in: 0..<4, using: &rng) == 0 {
      configuration.listHeader = ListSupplementary(
        height: number(&rng, 10...80), id: id(&rng), pinned: Bool.random(using: &rng))
    }
    if Int.random(in: 0..<4, using: &rng) == 0 {
      configuration.listFooter = ListSupplementary(
        height: number(&rng, 10...80), id: id(&rng), pinned: Bool.random(using: &rng))
    }
    if Int.random(in: 0..<5, using: &rng) == 0 { configuration.scrollDirection = .horizontal }
    var sections: [Section] = []
    for _ in 0..<Int.random(in: 0...6, using: &rng) {
      var cells: [Cell] = []
      for _ in 0..<Int.random(in: 0...25, using: &rng) {
        cells.append(
          Cell(
            id: id(&rng), width: number(&rng, 8...400), height: number(&rng, 5...120), traits: traits(&rng)))
      }
      let layout: SectionLayout? =
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: .grid(GridLayout(columns: .count(Int.random(in: 1...4, using: &rng))))
        case 1: .masonry(MasonryLayout(columns: .count(Int.random(in: 1...3, using: &rng))))
        case 2: .carousel(CarouselLayout(itemSpacing: number(&rng, 0...10)))
        default: nil
        }
      sections.append(
        Section(
          header: Bool.random(using: &rng)
            ? Supplementary(height: number(&rng, 10...60), traits: traits(&rng), id: id(&rng)) : nil,
          footer: Int.random(in: 0..<3, using: &rng) == 0
            ? Supplementary(height: number(&rng, 10...60), traits: traits(&rng), id: id(&rng)) : nil,
          cells: cells, layout: layout,
          background: Int.random(in: 0..<4, using: &rng) == 0 ? SectionBackground(id: id(&rng)) : nil))
    }
    return ListModel(configuration: configuration, sections: sections)
  }

  /// Checks every output of `snapshot` against the string-building renderers.
  func compare(_ snapshot: LayoutSnapshot, _ rng: inout SplitMix64, _ name: String) {
    let title = Bool.random(using: &rng) ? Self.text(&rng) : name
    let legend = Bool.random(using: &rng)
    let svg = SVGRenderer(title: Bool.random(using: &rng) ? title : nil, showsLegend: legend)
    let legacySVG = LegacySVGRenderer(title: svg.title, showsLegend: legend)
    #expect(svg.render(snapshot) == legacySVG.render(snapshot), "\(name): whole SVG")
    let length = snapshot.scrollAxis == .horizontal ? snapshot.contentSize.width : snapshot.contentSize.height
    let viewports = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
      snapshot.viewport(
        scrolledTo: Double.random(in: -50...(max(0, length) + 50), using: &rng).rounded(),
        length: Self.number(&rng, 50...700))
    }
    #expect(
      svg.render(snapshot, viewports: viewports) == legacySVG.render(snapshot, viewports: viewports),
      "\(name): viewport SVG")
    let offset = Self.number(&rng, 0...500)
    let html = HTMLRenderer(title: title, initialOffset: offset)
    let legacyHTML = LegacyHTMLRenderer(title: title, initialOffset: offset)
    #expect(html.render(snapshot) == legacyHTML.render(snapshot), "\(name): page")
    #expect(html.layoutJSON(snapshot) == legacyHTML.layoutJSON(snapshot), "\(name): layout JSON")
  }

  @Test(arguments: 0..<4)
  func seededModelsAreWrittenAsBefore(_ part: UInt64) throws {
    var laidOut = 0
    for seed in (part * 200)..<((part + 1) * 200) {
      var rng = SplitMix64(seed: seed)
      let model = Self.model(&rng)
      guard let snapshot = try? model.layout() else { continue }
      laidOut += 1
      compare(snapshot, &rng, "seed \(seed)")
    }
    #expect(laidOut >= 150)
  }

  @Test func examplesAreWrittenAsBefore() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let directory = root.appendingPathComponent("Examples")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      $0.hasSuffix(".json") && !$0.hasPrefix("flex")
    }.sorted()
    var rng = SplitMix64(seed: 99)
    for name in names {
      let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
      let snapshot = try ListModel(json: bytes).layout()
      compare(snapshot, &rng, name)
    }
    #expect(names.count >= 8)
    compare(try sampleSnapshot(), &rng, "sample")
    compare(try sampleSnapshot(pinFooters: true), &rng, "sample, footers pinned")
  }
}
