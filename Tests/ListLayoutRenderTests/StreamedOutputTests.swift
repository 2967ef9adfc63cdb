import Foundation
import LayoutGeometry
import LayoutJSON
import ListLayout
import TestSupport
import Testing

@testable import ListLayoutRender

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The streamed renderers' text writers write, byte for byte, what the `String` functions
/// they replaced return. (The whole documents were checked byte for byte against the
/// string-building renderers on 800 seeded models and the examples before those were
/// deleted; see the commit that made the renderers stream.)
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
        if Int.random(in: 0..<8, using: &rng) == 0 {
          cells[cells.count - 1].badges = [Badge(id: id(&rng), size: Size(width: 12, height: 12))]
        }
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
          background: Int.random(in: 0..<4, using: &rng) == 0 ? SectionBackground(id: id(&rng)) : nil,
          separator: Int.random(in: 0..<3, using: &rng) == 0
            ? SectionSeparator(thickness: 1, id: id(&rng)) : nil))
    }
    return ListModel(configuration: configuration, sections: sections)
  }

  /// The layout JSON written through a writer of any capacity, down to the smallest (whose
  /// buffer is smaller than an element's record), is the same; and every element's kind is
  /// written as its `ElementKind` raw value (the writer spells the names itself).
  @Test(arguments: [64, 100, 211, 1 << 16])
  func layoutJSONIsTheSameThroughAWriterOfAnyCapacity(capacity: Int) throws {
    var rng = SplitMix64(seed: 404)
    var kindsSeen = Set<String>()
    for round in 0..<sweep(quick: 50, long: 150) {
      // (A carousel in a horizontal list is a layout error: those models are skipped.)
      guard let snapshot = try? Self.model(&rng).layout() else { continue }
      let sections = Array(0..<snapshot.numberOfSections)
      // Every element, and an overlay (what a transition lists), through both writers.
      let listed =
        snapshot.allAttributes() + [
          LayoutAttributes(
            kind: .overlay, indexPath: ListIndexPath(item: 0, section: 0),
            frame: Rect(x: 1, y: 2, width: 3, height: 4),
            zIndex: 9)
        ]
      let overlayIDs = [Self.text(&rng)]
      var bytes: [UInt8] = []
      var writer = ByteWriter(capacity: capacity) { bytes.append(contentsOf: $0) }
      snapshot.writeJSON(elements: listed, overlayIDs: overlayIDs, sections: sections, to: &writer)
      writer.flush()
      let whole = snapshot.jsonString(elements: listed, overlayIDs: overlayIDs, sections: sections)
      #expect(String(decoding: bytes, as: UTF8.self) == whole, "round \(round)")
      let object = try #require(JSONSerialization.jsonObject(with: Data(whole.utf8)) as? [String: Any])
      let elements = try #require(object["elements"] as? [[String: Any]])
      let kinds = elements.compactMap { $0["kind"] as? String }
      #expect(kinds == listed.map(\.kind.rawValue), "round \(round)")
      kindsSeen.formUnion(kinds)
    }
    #expect(kindsSeen == Set(ElementKind.allCases.map(\.rawValue)))
  }

  static func written(_ body: (inout ByteWriter) -> Void) -> String {
    String(decoding: ByteWriter.bytes(body), as: UTF8.self)
  }

  /// The JSON string literal the page embeds: `jsonQuoted` with `<`, `>`, `&`, U+2028 and
  /// U+2029 escaped (a plain reference, one replacement after another).
  static func scriptSafeReference(_ text: String) -> String {
    jsonQuoted(text).replacingOccurrences(of: "<", with: "\\u003c")
      .replacingOccurrences(of: ">", with: "\\u003e").replacingOccurrences(of: "&", with: "\\u0026")
      .replacingOccurrences(of: "\u{2028}", with: "\\u2028").replacingOccurrences(
        of: "\u{2029}", with: "\\u2029")
  }

  /// The writers of escaped text write what the `String` functions return.
  @Test func escapedTextIsWrittenAsTheStringFunctionsReturnIt() {
    var rng = SplitMix64(seed: 14)
    for _ in 0..<5000 {
      let text = Self.text(&rng, maxPieces: 12)
      #expect(
        Self.written { $0.write(xmlEscaped: text) } == xmlEscaped(text), "\(Array(text.unicodeScalars))")
      #expect(Self.written { $0.write(jsonString: text, scriptSafe: false) } == jsonQuoted(text))
      #expect(Self.written { $0.write(jsonString: text, scriptSafe: true) } == Self.scriptSafeReference(text))
      let limit = Int.random(in: 0...30, using: &rng)
      let traits = Self.traits(&rng)
      #expect(
        Self.written { TraitTexts(traits).writeLine(limit: limit, to: &$0) }
          == xmlEscaped(truncated(traits.names.joined(separator: " · "), to: limit)))
    }
    #expect(Self.written { $0.write(xmlEscaped: "") } == "")
    #expect(Self.written { $0.write(jsonString: "", scriptSafe: true) } == "\"\"")
  }

  /// Numbers are written as the renderers' `formatted` and `Rect.description` spell them.
  @Test func numbersAreWrittenAsFormatted() {
    var rng = SplitMix64(seed: 15)
    var values: [Double] = [
      0, -0.0, .nan, .infinity, -.infinity, .greatestFiniteMagnitude, .leastNonzeroMagnitude, 1e15, 1e9, 0.1,
      -2.5, 1e-7, 123_456_789.125,
    ]
    for _ in 0..<5000 { values.append(Self.number(&rng, -1e6...1e6)) }
    for _ in 0..<500 { values.append(Double(bitPattern: rng.next())) }
    for value in values {
      // The renderers' documented rule: NaN as 0, an infinity as the largest finite value.
      let drawn =
        value.isNaN
        ? "0"
        : LayoutGeometry.formatted(
          value.isInfinite ? (value < 0 ? -Double.greatestFiniteMagnitude : .greatestFiniteMagnitude) : value)
      #expect(Self.written { $0.write(drawn: value) } == drawn, "\(value)")
      let rect = Rect(x: value, y: -value, width: value / 3, height: 1)
      #expect(Self.written { $0.write(rectDescription: rect) } == "\(rect)")
    }
  }

  /// Element titles are written as ``ElementLabel`` spells them, cut as `truncated` cuts.
  @Test(arguments: 0..<2)
  func titlesAreWrittenAsTheLabelSpellsThem(_ part: UInt64) throws {
    var checked = 0
    for seed in (part * 150)..<((part + 1) * 150) {
      var rng = SplitMix64(seed: seed)
      guard let snapshot = try? Self.model(&rng).layout() else { continue }
      var elements = snapshot.allAttributes()
      elements += snapshot.viewport(scrolledTo: 0, length: 300).elements
      for element in elements {
        let label = ElementLabel(of: element, in: snapshot)
        let title = TitleText(of: element, in: snapshot)
        #expect(Self.written { title.writeXML(to: &$0) } == xmlEscaped(label.title))
        #expect(
          Self.written { title.writeJSON(scriptSafe: true, to: &$0) } == Self.scriptSafeReference(label.title)
        )
        let limit = Int.random(in: 0...50, using: &rng)
        #expect(
          Self.written { title.writeXML(limit: limit, to: &$0) }
            == xmlEscaped(truncated(label.title, to: limit)))
        checked += 1
      }
    }
    #expect(checked > 1000)
  }

  /// The page embeds ``HTMLRenderer/layoutJSON(_:)`` (its strings made script-safe), which
  /// parses as JSON, and an SVG is well-formed XML, on every seeded model.
  @Test func seededOutputsAreWellFormed() throws {
    var laidOut = 0
    let seeds = sweep(quick: 40, long: 200)
    for seed in UInt64(0)..<UInt64(seeds) {
      var rng = SplitMix64(seed: seed)
      guard let snapshot = try? Self.model(&rng).layout() else { continue }
      laidOut += 1
      let json = HTMLRenderer().layoutJSON(snapshot)
      let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary
      let page = HTMLRenderer().render(snapshot)
      let start = try #require(page.range(of: "<script id=\"layout\" type=\"application/json\">"))
      let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
      let embedded = String(page[start.upperBound..<end.lowerBound])
      #expect(!embedded.contains("<") && !embedded.contains("\u{2028}"))
      let embeddedParsed = try JSONSerialization.jsonObject(with: Data(embedded.utf8)) as? NSDictionary
      #expect(parsed != nil && parsed == embeddedParsed, "seed \(seed)")
      #if canImport(FoundationXML) || canImport(Darwin)
      let svg = SVGRenderer(title: Self.text(&rng)).render(snapshot)
      #expect((try? XMLDocument(data: Data(svg.utf8))) != nil, "seed \(seed)")
      #endif
    }
    #expect(laidOut >= seeds * 3 / 4)
  }
}
