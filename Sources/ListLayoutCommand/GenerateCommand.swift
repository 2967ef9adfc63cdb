import LayoutGeometry
import ListLayout

/// `listlayout generate --cells N [--seed S] [--sections K] [--width W] [--runs [--cycle C]]`
enum GenerateCommand {
  /// The most cells `generate` writes (about 60 MB of JSON).
  static let maxCells = JSONInputLimits.default.maxCells
  /// The most cells `generate --runs` writes (the feed's bound on cells with runs expanded).
  static let maxRunCells = JSONInputLimits.default.maxExpandedCells
  /// The longest cycle of `generate --runs --cycle C`.
  static let maxCycle = 10_000
  /// The most sections `generate` writes.
  static let maxSections = 100_000

  static let usage = """
    usage: listlayout generate --cells N [--seed S] [--sections K] [--width W] [--runs [--cycle C]]

    Prints a generated feed as JSON: N cells with ids "c0", "c1", ..., the same output for the
    same arguments. Sizes come from a 64-bit linear congruential generator whose state starts
    at S and advances before each draw:
      state = state &* 6364136223846793005 &+ 1442695040888963407    (mod 2^64)
      next  = state >> 33
    Each cell draws its width, then its height: width = 40 + next % 331 (40-370),
    height = 20 + next % 101 (20-120). Sections do not change the sizes drawn.

    options:
      --cells N      how many cells (0-\(maxCells))
      --seed S       the generator's seed (0-18446744073709551615, default 1)
      --sections K   split the cells into K sections (1-\(maxSections)), each with a 44-point
                     header "section-k"; the first N % K sections take one cell more. Without
                     it, one section without a header.
      --width W      the feed's width (default 375)
      --runs         write each section's cells as one run (an item {"repeat": R, "cells": [...],
                     "idPrefix": "c", "idStart": I}): the section's first C cells are drawn as
                     above, and cell i of the section has the size of its cell i % C; the ids
                     are "c0", "c1", ... as without it. Cells left over after the last whole
                     cycle are written out. N may then be up to \(maxRunCells).
      --cycle C      with --runs, the cells in a cycle (1-\(maxCycle), default 1)

    example: listlayout generate --cells 100000 --seed 7 --sections 200 > large.json
    """

  /// The documented generator.
  struct Generator {
    var state: UInt64

    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
  }

  static func run<Output: ListLayoutCommand.IO>(
    _ words: [String], io: inout Output
  ) -> ListLayoutCommand.Status {
    do {
      let arguments = try Arguments(
        words, options: ["cells", "seed", "sections", "width", "cycle"], flags: ["help", "runs"])
      if arguments.flags.contains("help") {
        io.out(usage + "\n")
        return .success
      }
      guard arguments.positional.isEmpty else {
        throw Arguments.UsageError(description: "unexpected argument '\(arguments.positional[0])'")
      }
      let runs = arguments.flags.contains("runs")
      guard let cells = try arguments.integer("cells", in: 0...(runs ? maxRunCells : maxCells)) else {
        throw Arguments.UsageError(description: "--cells N is required")
      }
      var seed: UInt64 = 1
      if let text = arguments.options["seed"] {
        guard let value = UInt64(text) else {
          throw Arguments.UsageError(
            description: "--seed needs a whole number in 0...\(UInt64.max), got '\(text)'")
        }
        seed = value
      }
      let sections = try arguments.integer("sections", in: 1...maxSections)
      let width = try arguments.number("width") ?? 375
      guard width > 0 else { throw Arguments.UsageError(description: "--width must be greater than 0") }
      let cycle = try arguments.integer("cycle", in: 1...maxCycle)
      if cycle != nil, !runs { throw Arguments.UsageError(description: "--cycle goes with --runs") }
      if runs {
        io.out(runFeed(cells: cells, seed: seed, sections: sections, width: width, cycle: cycle ?? 1))
      } else {
        io.out(feed(cells: cells, seed: seed, sections: sections, width: width))
      }
      return .success
    } catch {
      return ListLayoutCommand.usageFailure("generate", error, io: &io)
    }
  }

  /// The generated feed's JSON text.
  static func feed(cells: Int, seed: UInt64, sections: Int?, width: Double) -> String {
    var generator = Generator(state: seed)
    var out = "{\"width\":\(formatted(width)),\"sections\":["
    let sectionCount = sections ?? 1
    var cell = 0
    for section in 0..<sectionCount {
      let count = cells / sectionCount + (section < cells % sectionCount ? 1 : 0)
      out += section == 0 ? "\n{" : ",\n{"
      if sections != nil { out += "\"header\":{\"height\":44,\"id\":\"section-\(section)\"}," }
      out += "\"items\":["
      for item in 0..<count {
        let cellWidth = 40 + generator.next() % 331
        let cellHeight = 20 + generator.next() % 101
        out += item == 0 ? "\n" : ",\n"
        out += "{\"id\":\"c\(cell)\",\"size\":{\"width\":\(cellWidth),\"height\":\(cellHeight)}}"
        cell += 1
      }
      out += "]}"
    }
    out += "\n]}\n"
    return out
  }
}

extension GenerateCommand {
  /// The feed of `generate --runs`: each section's cells one run cycling through its first
  /// `cycle` cells (drawn as ``feed(cells:seed:sections:width:)`` draws cells), the cells
  /// after the last whole cycle written out.
  static func runFeed(cells: Int, seed: UInt64, sections: Int?, width: Double, cycle: Int) -> String {
    var generator = Generator(state: seed)
    var out = "{\"width\":\(formatted(width)),\"sections\":["
    let sectionCount = sections ?? 1
    var first = 0
    for section in 0..<sectionCount {
      let count = cells / sectionCount + (section < cells % sectionCount ? 1 : 0)
      out += section == 0 ? "\n{" : ",\n{"
      if sections != nil { out += "\"header\":{\"height\":44,\"id\":\"section-\(section)\"}," }
      out += "\"items\":["
      let k = Swift.min(cycle, count)
      var pattern: [String] = []
      for _ in 0..<k {
        let cellWidth = 40 + generator.next() % 331
        let cellHeight = 20 + generator.next() % 101
        pattern.append("\"size\":{\"width\":\(cellWidth),\"height\":\(cellHeight)}")
      }
      let cycles = k == 0 ? 0 : count / k
      var items: [String] = []
      if cycles > 0 {
        items.append(
          "{\"repeat\":\(cycles),\"cells\":[\(pattern.map { "{\($0)}" }.joined(separator: ","))],"
            + "\"idPrefix\":\"c\",\"idStart\":\(first)}")
      }
      for item in (cycles * k)..<count {
        items.append("{\"id\":\"c\(first + item)\",\(pattern[item % k])}")
      }
      out += items.isEmpty ? "" : "\n" + items.joined(separator: ",\n")
      out += "]}"
      first += count
    }
    out += "\n]}\n"
    return out
  }
}
