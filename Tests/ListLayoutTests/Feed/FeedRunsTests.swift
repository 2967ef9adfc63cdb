import Foundation
import LayoutGeometry
import LayoutJSON
import ListLayoutTestSupport
import TestSupport
import Testing

@testable import ListLayout

/// Run items in feeds (`{"repeat": n, "cells": […], "idPrefix": "row"}`): read as runs,
/// written back as runs, laid out as the same cells written out.
@Suite struct FeedRunsTests {
  static func describe(_ model: ListModel) -> [[String]] {
    model.sections.map { CellListRunsTests.describe($0.cells) }
  }

  @Test func aRunItemStandsForItsCellsRepeatedWithIdsByIndex() throws {
    let json = """
      {"width": 375, "sections": [{"items": [
        {"id": "a", "size": {"width": 1, "height": 2}},
        {"repeat": 3, "cells": [{"size": {"width": 10, "height": 20}}, {"size": {"width": 30, "height": 40}}],
         "idPrefix": "row"},
        {"idPrefix": "k", "repeat": 2, "cells": [{"size": {"width": 5, "height": 5}}], "idStart": 100},
        {"cells": [{"id": "same"}], "repeat": 2},
        {"repeat": 0, "cells": [{"id": "none"}]},
        {"id": "z"}
      ]}]}
      """
    let model = try ListModel(json: json)
    let cells = model.sections[0].cells
    #expect(
      cells.map(\.id) == [
        "a", "row1", "row2", "row3", "row4", "row5", "row6", "k100", "k101", "same", "same", "z",
      ])
    #expect(cells.map { $0.size.fixedValue?.width } == [1, 10, 30, 10, 30, 10, 30, 5, 5, nil, nil, nil])
    #expect(cells.runLeafCount == 3)
  }

  @Test func aHundredMillionRowRunIsWithinTheDefaultLimits() throws {
    let json = """
      {"width": 375, "sections": [{"items": [{"repeat": 100000000, "cells": [{"size": {"width": 375, "height": 44}}],
        "idPrefix": "row"}]}]}
      """
    let model = try ListModel(json: json)
    #expect(model.sections[0].cells.count == 100_000_000)
    #expect(model.sections[0].cells[99_999_999].id == "row99999999")
    // Written back as the one run it is.
    let written = try model.jsonString()
    #expect(written.contains("\"repeat\":100000000"))
    #expect(written.utf8.count < 200)
  }

  @Test func limitsCountListedCellsAndExpandedCellsApart() throws {
    let run = #"{"repeat": 1000, "cells": [{"size": {"width": 1, "height": 1}}, {}]}"#
    let json = #"{"width": 100, "sections": [{"items": [\#(run), {"id": "x"}]}]}"#
    // Three cells written (two listed by the run, one out): within maxCells 3.
    let model = try ListModel(json: Array(json.utf8), limits: JSONInputLimits(maxCells: 3))
    #expect(model.sections[0].cells.count == 2001)
    #expect(throws: JSONInputError.self) {
      try ListModel(json: Array(json.utf8), limits: JSONInputLimits(maxCells: 2))
    }
    var limits = JSONInputLimits()
    limits.maxExpandedCells = 2000
    do {
      _ = try ListModel(json: Array(json.utf8), limits: limits)
      Issue.record("2001 cells passed a bound of 2000")
    } catch {
      #expect(error.kind == .limitExceeded("maxExpandedCells"))
    }
    limits.maxExpandedCells = 1999
    do {
      _ = try ListModel(json: Array(json.utf8), limits: limits)
      Issue.record("a run of 2000 cells passed a bound of 1999")
    } catch {
      #expect(error.kind == .limitExceeded("maxExpandedCells"))
      #expect(error.path == "sections[0].items[0]")
    }
    limits.maxExpandedCells = 2001
    #expect(try ListModel(json: Array(json.utf8), limits: limits).cellCount == 2001)
    // The default: a hundred million cells, not one more.
    let over = #"{"width": 1, "sections": [{"items": [{"repeat": 50000000, "cells": [{}, {}]}, {}]}]}"#
    do {
      _ = try ListModel(json: over)
      Issue.record("100,000,001 cells passed the default bound")
    } catch {
      #expect(error.kind == .limitExceeded("maxExpandedCells"))
    }
    // Raised past Int32.max, the bound stays Int32.max.
    limits.maxExpandedCells = .max
    let huge = #"{"width": 1, "sections": [{"items": [{"repeat": 2147483647, "cells": [{}, {}]}]}]}"#
    #expect(throws: JSONInputError.self) { try ListModel(json: Array(huge.utf8), limits: limits) }
  }

  @Test(arguments: [
    (#"{"repeat": -1, "cells": [{}]}"#, "sections[0].items[1].repeat"),
    (#"{"repeat": 1.5, "cells": [{}]}"#, "sections[0].items[1].repeat"),
    (#"{"repeat": 2147483648, "cells": [{}]}"#, "sections[0].items[1].repeat"),
    (#"{"cells": [{}]}"#, "sections[0].items[1]"),
    (#"{"repeat": 2}"#, "sections[0].items[1]"),
    (#"{"repeat": 2, "cells": [{"repeat": 1, "cells": [{}]}]}"#, "sections[0].items[1].cells[0]"),
    (
      #"{"repeat": 2, "cells": [{"size": {"width": -1, "height": 1}}]}"#,
      "sections[0].items[1].cells[0].size.width"
    ),
    (#"{"repeat": 2, "cells": [{"id": "a"}], "idPrefix": "r"}"#, "sections[0].items[1]"),
    (#"{"repeat": 2, "cells": [{}], "idStart": 3}"#, "sections[0].items[1]"),
    (#"{"repeat": 2, "cells": [{}], "colour": 3}"#, "sections[0].items[1].colour"),
    (#"{"repeat": 2, "cells": {}}"#, "sections[0].items[1].cells"),
    (#"{"id": "a", "repeat": 2}"#, "sections[0].items[1].repeat"),
  ])
  func badRunsAreErrorsNamingTheKeyPath(item: String, path: String) {
    let json = #"{"width": 100, "sections": [{"items": [{"id": "first"}, \#(item)]}]}"#
    do {
      let model = try ListModel(json: json)
      Issue.record("\(item) decoded to \(model.cellCount) cells")
    } catch {
      #expect(error.path == path, "\(item): \(error)")
    }
  }

  @Test func attributesOfARunsCellsUseDefaultsGivenLaterInTheFeed() throws {
    let json = """
      {"width": 100, "sections": [{"items": [
        {"repeat": 2, "cells": [{"size": {"width": 10, "height": 10}, "attributes": {"shouldBeginLine": true}}, {}]}
      ]}], "defaultCellAttributes": {"insets": {"left": 3}}}
      """
    let model = try ListModel(json: json)
    let cells = model.sections[0].cells
    #expect(cells.count == 4)
    for k in [0, 2] {
      #expect(cells[k].attributes?.insets == EdgeInsets(top: 0, left: 3, bottom: 0, right: 0))
      #expect(cells[k].attributes?.shouldBeginLine == true)
    }
    #expect(cells[1].attributes == nil)
    #expect(cells.runLeafCount == 1)
    let again = try ListModel(json: try model.jsonString())
    #expect(again.sections[0].cells.map(\.attributes) == cells.map(\.attributes))
  }

  /// Seeded models of every section kind, made of runs: written as a feed with run items,
  /// read back, they lay out bit for bit as the same cells written out; `format` keeps runs,
  /// also after edits split them.
  @Test(arguments: ["flow", "grid", "masonry", "carousel"])
  func runFeedsLayOutAsTheirWrittenOutFeeds(kind: String) throws {
    for seed in 0..<UInt64(sweep(quick: 15, long: 200)) {
      var rng = SplitMix64(seed: 3_300_000 + seed)
      let model: ListModel
      switch kind {
      case "grid": model = GridModelGenerator.model(&rng)
      case "masonry": model = MasonryGenerator.model(&rng)
      case "carousel": model = CarouselGenerator.model(&rng)
      default: model = ModelGenerator.model(&rng)
      }
      var (runs, written) = CellListRunsTests.runModels(model, &rng)
      // Edits split some runs: parts starting inside a cycle, with identifiers not numbered
      // by their index.
      for s in runs.sections.indices where !runs.sections[s].cells.isEmpty && Bool.random(using: &rng) {
        let at = Int.random(in: 0..<runs.sections[s].cells.count, using: &rng)
        runs.sections[s].cells.remove(at: at)
        written.sections[s].cells.remove(at: at)
      }
      // Sizing closures have no JSON form.
      guard let writtenFeed = try? written.jsonString() else { continue }
      let runFeed = try runs.jsonString()
      let a = try ListModel(json: runFeed)
      let b = try ListModel(json: writtenFeed)
      #expect(Self.describe(a) == Self.describe(written), "\(kind) seed \(seed)")
      #expect(try a.jsonString() == runFeed, "\(kind) seed \(seed): written again as read")
      // Every run of a whole cycle or more stays a run.
      let wholeRuns = runs.sections.reduce(0) { total, section in
        var runs = 0
        section.cells.forEachPart { part in
          if case .run(let pattern, _, let count, _, _) = part, count >= pattern.count { runs += 1 }
        }
        return total + runs
      }
      #expect(a.sections.reduce(0) { $0 + $1.cells.runLeafCount } == wholeRuns, "\(kind) seed \(seed)")
      guard try expectSameLayout(try a.layout(), try b.layout(), "\(kind) seed \(seed)") else { return }
    }
  }

  /// Helper threads started anywhere in a cells array with runs give the sequential decode.
  @Test func parallelDecodingOfRunsEqualsTheSequentialDecode() throws {
    var rng = SplitMix64(seed: 33)
    var cells = CellList()
    for k in 0..<300 {
      if Int.random(in: 0..<5, using: &rng) == 0 {
        cells.append(
          cycling: [Cell(width: Double(k), height: 2), Cell(width: 3, height: Double(k))],
          count: 2 * Int.random(in: 1...50, using: &rng), idPrefix: Bool.random(using: &rng) ? "p\(k)-" : nil)
      } else {
        var cell = Cell(id: "c\(k)", width: Double(k), height: 1)
        if k % 7 == 0 { cell.attributes = CellAttributes(insets: EdgeInsets(all: 2)) }
        cells.append(cell)
      }
    }
    let model = ListModel(configuration: ListConfiguration(width: 375), sections: [Section(cells: cells)])
    let bytes = Array(try model.jsonString().utf8)
    let sequential = try ListModel(json: bytes, parallel: .sequential)
    let commas = bytes.indices.filter { bytes[$0] == UInt8(ascii: ",") }
    for trial in 0..<20 {
      let splits = (0..<3).map { _ in commas.randomElement(using: &rng)! }.sorted()
      let parallel = try ListModel(json: bytes, parallel: .init(forcedSplits: splits))
      #expect(Self.describe(parallel) == Self.describe(sequential), "trial \(trial) splits \(splits)")
      #expect(
        parallel.sections[0].cells.map(\.attributes) == sequential.sections[0].cells.map(\.attributes),
        "trial \(trial)")
    }
    #expect(Self.describe(sequential) == Self.describe(model))
  }
}
