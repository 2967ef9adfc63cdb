import Foundation
import LayoutGeometry
import ListLayout
import TestSupport
import Testing

/// Traits are names scoped to the models that use them: no process-wide table to fill.
@Suite struct TraitScopeTests {
  /// A manager whose answers depend on app-defined names: the gap after a cell is the number
  /// in its `gap-N` trait, and a cell with `break` starts a new line.
  struct NamedGapManager: LayoutManager {
    var memoizes = true
    var prefersMemoization: Bool { memoizes }
    func margin(for traits: TraitSet, to edge: ContentEdge, in _: SectionAttributes) -> Double {
      edge == .left ? Double(traits.count) : 0
    }
    func horizontalGap(for traits: TraitSet, after preceding: TraitSet, in _: SectionAttributes) -> Double {
      if traits.contains(LayoutTrait("break")) { return .infinity }
      let gap = preceding.names.compactMap { $0.hasPrefix("gap-") ? Double($0.dropFirst(4)) : nil }.first
      return gap ?? 1
    }
    func verticalGap(for traits: TraitSet, below preceding: TraitSet, in _: SectionAttributes) -> Double {
      traits.contains(.stackable) && preceding.contains(.stackable) ? 0 : Double(preceding.count)
    }
  }

  func feed(names: [String]) -> Data {
    let items = names.map { #"{"size": {"width": 10, "height": 10}, "traits": ["\#($0)", "compactWidth"]}"# }
    return Data(#"{"width": 320, "sections": [{"items": [\#(items.joined(separator: ","))]}]}"#.utf8)
  }

  @Test func feedsWithManyDistinctNamesNeverExhaustEachOther() throws {
    // Far more distinct names than the old 64-name process table held, in successive feeds.
    for feedIndex in 0..<5 {
      let names = (0..<200).map { "client\(feedIndex)-trait\($0)" }
      let model = try ListModel(json: feed(names: names))
      #expect(model.sections[0].cells.count == 200)
      #expect(model.sections[0].cells[7].traits.contains(LayoutTrait(names[7])))
      #expect(model.sections[0].cells[7].traits.contains(.compactWidth))
      #expect(!model.sections[0].cells[7].traits.contains(LayoutTrait(names[8])))
      _ = try model.layout()
    }
  }

  @Test func aFailedDecodeLeavesNoTrace() throws {
    let broken = Data(
      #"{"width": 320, "sections": [{"items": [{"traits": ["only-in-the-broken-feed"]}, {"size": 1}]}]}"#.utf8
    )
    #expect(throws: JSONInputError.self) { try ListModel(json: broken) }
    // Nothing was registered: the trait is just its name, equal to one made anywhere else.
    let made = LayoutTrait("only-in-the-broken-feed")
    let decoded = try ListModel(json: feed(names: ["only-in-the-broken-feed"]))
    #expect(decoded.sections[0].cells[0].traits == [made, .compactWidth])
  }

  @Test func setsCompareByContentWhateverTheirOrigin() {
    let a: TraitSet = [LayoutTrait("x"), LayoutTrait("y"), .centered]
    let b = TraitSet([.centered, LayoutTrait("y"), LayoutTrait("x"), LayoutTrait("x")])
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(a.count == 3)
    #expect(a.names == ["centered", "x", "y"])
    #expect(LayoutTrait("fullWidth") == .fullWidth)
    #expect(TraitSet([LayoutTrait("fullWidth")]).contains(.fullWidth))
    var c = a
    c.remove(LayoutTrait("x"))
    #expect(c == [LayoutTrait("y"), .centered])
    #expect(a.union([LayoutTrait("z")]).names == ["centered", "x", "y", "z"])
    #expect(a.intersection([LayoutTrait("y"), .fullWidth]) == [LayoutTrait("y")])
    #expect(
      a.symmetricDifference([LayoutTrait("y"), .fullWidth]) == [LayoutTrait("x"), .centered, .fullWidth])
    #expect(TraitSet().isEmpty && !a.isEmpty)
  }

  /// Memoized answers keyed by the layout's own numbering of trait sets equal asking the
  /// manager every time, over many seeded models with thousands of distinct names.
  @Test(arguments: 0..<40) func memoizedAnswersEqualDirectAnswers(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let vocabulary =
      (0...Int.random(in: 0..<3000, using: &random)).map { "n\($0)" } + ["break", "gap-3", "gap-7"]
    var sections: [Section] = []
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      var cells: [Cell] = []
      for _ in 0..<Int.random(in: 0..<400, using: &random) {
        var traits = TraitSet()
        for _ in 0..<Int.random(in: 0..<4, using: &random) {
          traits.insert(LayoutTrait(vocabulary[Int.random(in: 0..<vocabulary.count, using: &random)]))
        }
        if Int.random(in: 0..<4, using: &random) == 0 { traits.insert(.stackable) }
        cells.append(
          Cell(
            width: Double(Int.random(in: 0..<120, using: &random)),
            height: Double(Int.random(in: 0..<60, using: &random)), traits: traits))
      }
      sections.append(
        Section(header: Supplementary(height: 10, traits: [LayoutTrait("gap-3")]), cells: cells))
    }
    func frames(memoizing: Bool) throws -> [Rect] {
      let model = ListModel(
        configuration: ListConfiguration(width: 375, layoutManager: NamedGapManager(memoizes: memoizing)),
        sections: sections)
      return try model.layout().allAttributes().map(\.frame)
    }
    #expect(try frames(memoizing: true) == frames(memoizing: false), "seed \(seed)")
  }
}
