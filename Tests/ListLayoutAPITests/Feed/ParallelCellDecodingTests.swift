import Foundation
import LayoutGeometry
import ListLayout
import TestSupport
import Testing

/// Cells arrays decoded with helper threads started at forced split points of every kind
/// read to the model, or the error, of the sequential decode.
@Suite struct ParallelCellDecodingTests {
  /// Ids that put what looks like cells, arrays and keys inside strings.
  static let trickyIds = [
    ",{},{}]", ",{}]", ", {\"id\":\"x\",\"size\":{\"width\":1,\"height\":2}}", "\"items\":[{\"id\":\"z\"},{",
    "],\"items\":[{},{", "\\\",{", ",{\"id\":\"c1\"}", "a,\n{", "\u{1},{\u{7f}",
  ]

  /// A generated model with some ids replaced by tricky ones, written in a random form.
  static func feed(seed: UInt64) throws -> [UInt8] {
    var rng = SplitMix64(seed: seed)
    var model = FeedModelGenerator.model(&rng, maxSections: 4, maxCells: 40)
    for s in model.sections.indices {
      for c in model.sections[s].cells.indices where rng.below(4) == 0 {
        model.sections[s].cells[c].id = rng.pick(trickyIds)
      }
      if rng.below(3) == 0 { model.sections[s].id = rng.pick(trickyIds) }
    }
    let options = FeedWritingOptions(
      defaults: rng.pick(FeedWritingOptions.Defaults.allCases), prettyPrinted: rng.below(2) == 0)
    return try model.jsonBytes(options: options)
  }

  /// Split points of every kind: anywhere, inside strings, inside numbers, just before real
  /// element starts (a comma and a `{`), on the last comma.
  static func splits(_ bytes: [UInt8], _ rng: inout SplitMix64) -> [Int] {
    guard !bytes.isEmpty else { return [] }
    var points: [Int] = []
    var quotes: [Int] = []
    var digits: [Int] = []
    var commas: [Int] = []
    bytes.withUnsafeBufferPointer { bytes in
      for i in 0..<bytes.count {
        switch bytes[i] {
        case UInt8(ascii: "\""): quotes.append(i)
        case UInt8(ascii: ","): commas.append(i)
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(i)
        default: break
        }
      }
    }
    for _ in 0..<(1 + rng.below(4)) {
      switch rng.below(6) {
      case 0: points.append(rng.below(bytes.count))
      case 1: if !quotes.isEmpty { points.append(rng.pick(quotes) + 1) }
      case 2: if !digits.isEmpty { points.append(rng.pick(digits)) }
      case 3: if let last = commas.last { points.append(last) }
      default: if !commas.isEmpty { points.append(rng.pick(commas)) }
      }
    }
    return points
  }

  static func decode(
    _ bytes: [UInt8], limits: JSONInputLimits = .default, _ parallel: ParallelCellDecoding
  ) -> Result<ListModel, JSONInputError> {
    Result { () throws(JSONInputError) in try ListModel(json: bytes, limits: limits, parallel: parallel) }
  }

  /// Checks that `bytes` decode with `splits` as they do sequentially; returns whether a run
  /// was taken.
  @discardableResult
  static func expectSame(
    _ bytes: [UInt8], splits: [Int], maxRunCells: Int? = nil, limits: JSONInputLimits = .default,
    _ comment: @autoclosure () -> String
  ) -> Int {
    let sequential = decode(bytes, limits: limits, .sequential)
    var parallel = ParallelCellDecoding(forcedSplits: splits, maxRunCells: maxRunCells)
    let counter = ParallelCellDecoding.Counter()
    parallel.handOffs = counter
    let split = decode(bytes, limits: limits, parallel)
    switch (sequential, split) {
    case (.success(let expected), .success(let model)):
      let same = expected == model  // not in the expectation: it would print both models
      #expect(same, "\(comment()), splits \(splits)")
    case (.failure(let expected), .failure(let error)):
      #expect(error == expected, "\(comment()), splits \(splits)")
      #expect(error.description == expected.description)
    default:
      Issue.record("\(comment()), splits \(splits): \(sequential) against \(split)")
    }
    return counter.value
  }

  @Test func generatedFeedsReadAsSequentiallyWithSplitsAnywhere() throws {
    var handOffs = 0
    var feedsHandedOff = 0
    let seeds = sweep(quick: 120, long: 1_000)
    for seed in UInt64(0)..<UInt64(seeds) {
      let bytes = try Self.feed(seed: seed)
      var rng = SplitMix64(seed: seed &+ 99)
      let splits = Self.splits(bytes, &rng)
      let maxRunCells = rng.below(3) == 0 ? 1 + rng.below(5) : nil
      let taken = Self.expectSame(bytes, splits: splits, maxRunCells: maxRunCells, "seed \(seed)")
      handOffs += taken
      if taken > 0 { feedsHandedOff += 1 }
    }
    // Runs were taken, often: the differential is about something.
    #expect(
      feedsHandedOff > seeds / 4 && handOffs > seeds / 2, "\(feedsHandedOff) feeds, \(handOffs) hand-overs")
  }

  @Test func corruptedAndTruncatedFeedsFailAsSequentially() throws {
    let noise = Array("{}[],:\"\\a1-e .".utf8)
    var failures = 0
    let seeds = sweep(quick: 120, long: 1_000)
    for seed in UInt64(0)..<UInt64(seeds) {
      var bytes = try Self.feed(seed: seed)
      var rng = SplitMix64(seed: seed &+ 7)
      guard !bytes.isEmpty else { continue }
      for _ in 0..<(1 + rng.below(3)) {
        let at = rng.below(bytes.count)
        switch rng.below(4) {
        case 0: bytes.removeSubrange(at...)
        case 1: bytes.remove(at: at)
        default: bytes[at] = rng.pick(noise)
        }
        if bytes.isEmpty { break }
      }
      let splits = Self.splits(bytes, &rng)
      if case .failure = Self.decode(bytes, .sequential) { failures += 1 }
      Self.expectSame(
        bytes, splits: splits, maxRunCells: rng.below(2) == 0 ? 1 + rng.below(4) : nil, "seed \(seed)")
    }
    #expect(failures > seeds * 3 / 5)
  }

  /// `count` cells in one section, `"c0"` … in the compact form.
  static func cells(_ count: Int, attributesEvery: Int = 0) -> [UInt8] {
    var text = #"{"width":375,"sections":[{"items":["#
    for i in 0..<count {
      if i > 0 { text += "," }
      text += #"{"id":"c\#(i)","size":{"width":\#(i % 90 + 1),"height":\#(i % 7 + 1)}"#
      if attributesEvery > 0, i % attributesEvery == 0 { text += #","attributes":{"shouldBeginLine":true}"# }
      if i % 5 == 0 { text += #","traits":["compactWidth","app\#(i % 3)"]"# }
      text += "}"
    }
    return Array((text + "]}]}").utf8)
  }

  /// The offset of each comma before an element of the cells array (each element's split).
  static func elementCommas(_ bytes: [UInt8]) -> [Int] {
    bytes.indices.filter {
      bytes[$0] == UInt8(ascii: ",") && $0 + 1 < bytes.count && bytes[$0 + 1] == UInt8(ascii: "{")
    }
    .filter { bytes[($0 + 1)...].starts(with: Array(#"{"id""#.utf8)) }
  }

  @Test func theCellLimitFailsAtTheSameCellAcrossASplit() throws {
    let bytes = Self.cells(300, attributesEvery: 7)
    let commas = Self.elementCommas(bytes)
    #expect(commas.count == 299)
    for limit in [1, 2, 63, 64, 65, 100, 149, 150, 151, 200, 298, 299, 300, 301] {
      let limits = JSONInputLimits(maxCells: limit)
      for split in [commas[0], commas[149], commas[200], commas[298]] {
        let taken = Self.expectSame(bytes, splits: [split], limits: limits, "limit \(limit)")
        // The run is taken exactly when the whole array fits the limit.
        #expect((taken == 1) == (limit >= 300), "limit \(limit), split \(split)")
      }
      Self.expectSame(
        bytes, splits: [commas[20], commas[100], commas[250]], maxRunCells: 30, limits: limits, "")
    }
    let error = try #require(throws: JSONInputError.self) {
      try ListModel(
        json: bytes, limits: JSONInputLimits(maxCells: 200), parallel: .init(forcedSplits: [commas[100]]))
    }
    #expect(error.kind == .limitExceeded("maxCells") && error.path == "sections[0].items[200]")
  }

  @Test func aRunAtTheLastElementAndRunsAtEveryElement() throws {
    let bytes = Self.cells(130, attributesEvery: 3)
    let commas = Self.elementCommas(bytes)
    #expect(Self.expectSame(bytes, splits: [commas.last!], "last element") == 1)
    #expect(Self.expectSame(bytes, splits: [commas.last! - 1], "before the last comma") == 1)
    // Every element its own run (as many as are used), each ending where the next starts: a
    // chain of hand-overs.
    let runs = ParallelCellDecoding.maxForcedSplits
    #expect(Self.expectSame(bytes, splits: commas, "every element") == runs)
    #expect(Self.expectSame(bytes, splits: commas, maxRunCells: 1, "every element, one cell each") == runs)
    #expect(
      Self.expectSame(bytes, splits: Array(commas.suffix(runs)), maxRunCells: 1, "the last elements") == runs)
    let model = try ListModel(json: bytes, parallel: .init(forcedSplits: commas))
    #expect(model.sections[0].cells.map(\.id) == (0..<130).map { "c\($0)" })
    #expect(
      model.sections[0].cells.indices.allSatisfy {
        ($0 % 3 == 0) == (model.sections[0].cells[$0].attributes?.shouldBeginLine == true)
      })
  }

  @Test func emptyAndShortArrays() throws {
    let feeds = [
      #"{"width":10,"sections":[{"items":[]},{"items":[ ]},{"items":[{}]},{"items":[{},{}]},{"items":[{} , {}]}]}"#,
      #"{"width":10,"sections":[{"items":[],"id":",{},{}]"},{"id":"x","items":[{"id":"a"},{"id":",{}]"}]}]}"#,
      #"{"width":10,"sections":[{"items":[,{}]}]}"#, #"{"width":10,"sections":[{"items":[{},]}]}"#,
      #"{"width":10,"sections":[{"items":[{},{}"#, #"{"width":10,"sections":[{"items":[{}{}]}]}"#,
    ]
    for feed in feeds {
      let bytes = Array(feed.utf8)
      for split in bytes.indices { Self.expectSame(bytes, splits: [split], feed) }
      for first in bytes.indices { Self.expectSame(bytes, splits: [first, bytes.count - 1 - first], feed) }
    }
  }

  @Test func aLargeFeedSplitsByItselfAndReadsAsSequentially() throws {
    let bytes = Self.cells(30_000, attributesEvery: 1000)
    #expect(bytes.count >= ParallelCellDecoding.defaultMinimumBytes)
    var parallel = ParallelCellDecoding(limits: .default)
    parallel.runs = 3
    let counter = ParallelCellDecoding.Counter()
    parallel.handOffs = counter
    let model = try ListModel(json: bytes, parallel: parallel)
    #expect(counter.value == 3)
    #expect(model == (try ListModel(json: bytes, parallel: .sequential)))
    #expect(model == (try ListModel(json: bytes)))
    // Off: one thread.
    #expect(ParallelCellDecoding(limits: JSONInputLimits(maxDecodeThreads: 1)).runs == 0)
    // A small feed starts no run.
    let small = Self.cells(1000)
    let smallCounter = ParallelCellDecoding.Counter()
    parallel.handOffs = smallCounter
    _ = try ListModel(json: small, parallel: parallel)
    #expect(smallCounter.value == 0)
  }
}
