import LayoutGeometry
import ListLayout

/// `listlayout generate --cells N [--seed S] [--sections K] [--width W]`
enum GenerateCommand {
  /// The most cells `generate` writes (about 60 MB of JSON).
  static let maxCells = JSONInputLimits.default.maxCells
  /// The most sections `generate` writes.
  static let maxSections = 100_000

  static let usage = """
    usage: listlayout generate --cells N [--seed S] [--sections K] [--width W]

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
      let arguments = try Arguments(words, options: ["cells", "seed", "sections", "width"], flags: ["help"])
      if arguments.flags.contains("help") {
        io.out(usage + "\n")
        return .success
      }
      guard arguments.positional.isEmpty else {
        throw Arguments.UsageError(description: "unexpected argument '\(arguments.positional[0])'")
      }
      guard let cells = try arguments.integer("cells", in: 0...maxCells) else {
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
      io.out(feed(cells: cells, seed: seed, sections: sections, width: width))
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
