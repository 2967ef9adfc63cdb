import Foundation
import LayoutGeometry
import LayoutJSON
import ListLayout
import Testing

/// Big but legal input: feeds at the cell limit, many distinct trait names, nesting at the
/// depth limit, strings at the length limit. Each must decode (and one step further must be a
/// typed error naming the limit).
@Suite struct FeedsAtTheLimitsDecodeTests {
  /// A feed of `cells` cells in one section, as `listlayout generate` writes them.
  static func feed(cells: Int, traits: (Int) -> String? = { _ in nil }) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(cells * 60 + 64)
    bytes += Array(#"{"width":375,"sections":[{"items":["#.utf8)
    for i in 0..<cells {
      if i > 0 { bytes += [UInt8(ascii: ","), UInt8(ascii: "\n")] }
      bytes += Array(#"{"id":"c\#(i)","size":{"width":\#(i % 300 + 20),"height":\#(i % 90 + 10)}"#.utf8)
      if let name = traits(i) { bytes += Array(#","traits":["\#(name)","compactWidth"]"#.utf8) }
      bytes.append(UInt8(ascii: "}"))
    }
    bytes += Array("]}]}".utf8)
    return bytes
  }

  /// Resident memory per cell after decoding and laying out `cells` cells.
  func bytesPerCell(cells: Int) throws -> Double? {
    let bytes = Self.feed(cells: cells)
    let before = residentBytes()
    let model = try ListModel(json: bytes)
    let snapshot = try model.layout()
    #expect(snapshot.elementCount == cells)
    guard let before, let after = residentBytes() else { return nil }
    return Double(after - before) / Double(cells)
  }

  @Test(.enabled(if: extremeRuns)) func aFeedAtTheDefaultCellLimitDecodesInLinearMemory() throws {
    let limit = JSONInputLimits.default.maxCells
    let start = ContinuousClock.now
    let small = try bytesPerCell(cells: limit / 5)
    let big = try bytesPerCell(cells: limit)
    print("5,000,000-cell feed decoded and laid out; \(ContinuousClock.now - start) for both sizes")
    if let small, let big {
      print("resident bytes per cell: \(small) at 1M, \(big) at 5M")
      #expect(big < small * 1.5 + 16, "memory per cell grew with the feed: \(small) → \(big)")
    }
    // One cell over the default limit: refused, naming the limit.
    do {
      _ = try ListModel(json: Self.feed(cells: limit + 1))
      Issue.record("no maxCells error")
    } catch {
      #expect(error.kind == .limitExceeded("maxCells"))
      #expect(error.path == "sections[0].items[\(limit)]")
    }
  }

  /// A manager that reads app-defined names, so every distinct set is asked about.
  struct NameLengthManager: LayoutManager {
    func margin(for traits: TraitSet, to edge: ContentEdge, in _: SectionAttributes) -> Double {
      edge == .left ? Double(traits.names.last?.count ?? 0) : 0
    }
    func horizontalGap(for traits: TraitSet, after _: TraitSet, in _: SectionAttributes) -> Double { 2 }
    func verticalGap(for traits: TraitSet, below _: TraitSet, in _: SectionAttributes) -> Double { 1 }
  }

  @Test(arguments: [20_000] + (extremeRuns ? [1_000_000] : []))
  func everyCellWithATraitNameOfItsOwn(cells: Int) throws {
    let bytes = Self.feed(cells: cells) { "trait-\($0)" }
    var model = try ListModel(json: bytes)
    #expect(model.sections[0].cells[cells - 1].traits.contains(LayoutTrait("trait-\(cells - 1)")))
    model.configuration.layoutManager = NameLengthManager()
    let snapshot = try model.layout()
    // A line's first cell sits at its own name's length from the edge (names iterate standard
    // traits first, then the others by name: "trait-0" is last).
    let first = try #require(snapshot.frame(of: ListIndexPath(item: 0, section: 0)))
    #expect(first.minX == 5 + Double("trait-0".count))
    let last = try #require(snapshot.frame(of: ListIndexPath(item: cells - 1, section: 0)))
    #expect(last.minX == 5 + Double("trait-\(cells - 1)".count))
    #expect(snapshot.invariantViolations() == [])
    // The Hub manager reads only standard traits: the same feed, the same answers as without names.
    model.configuration.layoutManager = HubLayoutManager(margin: 8)
    var plain = model
    for i in plain.sections[0].cells.indices { plain.sections[0].cells[i].traits = [.compactWidth] }
    #expect(try model.layout().allAttributes() == plain.layout().allAttributes())
  }

  @Test func nestingAtTheDepthLimitDecodesAndOneMoreLevelIsAnError() throws {
    // A cell's flexbox content nested so that the deepest object sits exactly at the limit:
    // feed (1) > sections (2) > section (3) > items (4) > cell (5) > content node (6), and two
    // levels per further node (children array, node).
    func feed(depth: Int) -> String {
      let nodes = (depth - 6) / 2 + 1
      let content =
        String(repeating: #"{"children":["#, count: nodes - 1) + "{}"
        + String(repeating: "]}", count: nodes - 1)
      return #"{"width":100,"sections":[{"items":[{"content":\#(content)}]}]}"#
    }
    let limits = JSONInputLimits(maxDepth: 64)
    let model = try ListModel(json: feed(depth: 64), limits: limits)
    #expect(model.cellCount == 1)
    #expect(throws: JSONInputError.self) { try ListModel(json: feed(depth: 66), limits: limits) }
    do {
      _ = try ListModel(json: feed(depth: 66), limits: limits)
    } catch {
      #expect(error.kind == .limitExceeded("maxDepth"), "\(error)")
    }
    // Arrays count as levels too, and a deep document is refused at the limit, not after
    // (skipping a value is not recursive either).
    var reader = JSONReader(
      bytes: Array(repeating: UInt8(ascii: "["), count: 100_000), maxDepth: 64, maxStringLength: 8)
    do {
      try reader.skipValue()
      Issue.record("no maxDepth error")
    } catch {
      #expect(error.kind == .limitExceeded("maxDepth"))
      #expect(error.column == 65)
    }
    var legal = JSONReader(
      bytes: Array((String(repeating: "[", count: 64) + String(repeating: "]", count: 64)).utf8),
      maxDepth: 64,
      maxStringLength: 8)
    #expect(throws: Never.self) { try legal.skipValue() }
  }

  @Test func stringsAtTheLengthLimit() throws {
    let limit = JSONInputLimits.default.maxStringLength
    func feed(id: String) -> String {
      #"{"width":100,"sections":[{"items":[{"id":"\#(id)"}]}]}"#
    }
    let ascii = String(repeating: "a", count: limit)
    #expect(try ListModel(json: feed(id: ascii)).sections[0].cells[0].id == ascii)
    // Four-byte characters: 1,024 of them are 4,096 bytes.
    let wide = String(repeating: "😀", count: limit / 4)
    #expect(try ListModel(json: feed(id: wide)).sections[0].cells[0].id == wide)
    // Escapes count by what they decode to: \u00e9 is two bytes of UTF-8.
    let escaped = String(repeating: #"\u00e9"#, count: limit / 2)
    #expect(try ListModel(json: feed(id: escaped)).sections[0].cells[0].id?.utf8.count == limit)
    for over in [ascii + "a", wide + "a", escaped + "a"] {
      do {
        _ = try ListModel(json: feed(id: over))
        Issue.record("no maxStringLength error")
      } catch {
        #expect(error.kind == .limitExceeded("maxStringLength"), "\(error)")
        #expect(error.path == "sections[0].items[0].id")
      }
    }
  }

  @Test func numbersParsedWithoutStringsEqualTheStandardLibrarysParse() {
    // The reader's fast path (mantissa and a power of ten) against `Double(String)` on every
    // shape of literal, including ones at the edge of exactness.
    var rng = SystemRandomNumberGenerator()
    var literals = [
      "0", "-0", "1", "0.1", "0.3", "123456789012345678", "9007199254740993", "1.7976931348623157e308",
      "5e-324", "0.000001", "1e22", "1e23", "12345.6789e-3", "0.1234567890123456789", "4.35", "2.675",
      "1234567890123456789012", "-9.999999999999999e-23",
    ]
    for _ in 0..<20_000 {
      let digits = Int.random(in: 1...19, using: &rng)
      let whole = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
      let trimmed = whole.drop { $0 == "0" }
      let integer = trimmed.isEmpty ? "0" : String(trimmed)
      let fraction = Int.random(in: 0...22, using: &rng)
      var literal = integer
      if fraction > 0 {
        literal += "." + String((0..<fraction).map { _ in "0123456789".randomElement(using: &rng)! })
      }
      if Bool.random(using: &rng) { literal = "-" + literal }
      literals.append(literal)
    }
    for literal in literals {
      var reader = JSONReader(bytes: Array(literal.utf8), maxDepth: 4, maxStringLength: 64)
      let parsed = try? reader.readNumber()
      #expect(parsed?.bitPattern == Double(literal)?.bitPattern, "\(literal)")
    }
  }
}
