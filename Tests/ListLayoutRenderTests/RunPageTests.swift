import Foundation
import LayoutGeometry
import ListLayout
import TestSupport
import Testing

@testable import ListLayoutRender

/// The page of a feed whose cells hold runs: its cells' frames as periodic runs, their traits
/// and identifiers by the model's runs; every cell read back (with the formulas the page's
/// script uses, written here again) is the cell the snapshot lists, and the page's size
/// follows the runs, not the count.
@Suite struct RunPageTests {
  func embeddedLayout(_ page: String) throws -> [String: Any] {
    let start = try #require(page.range(of: "<script id=\"layout\" type=\"application/json\">"))
    let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    return try #require(
      try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8))
        as? [String: Any])
  }

  /// A seeded model whose sections mix written-out cells, runs and cycles.
  static func model(_ rng: inout SplitMix64) -> ListModel {
    var configuration = ListConfiguration(width: [120, 375, 414.5][Int.random(in: 0..<3, using: &rng)])
    configuration.layoutDirection = Bool.random(using: &rng) ? .ltr : .rtl
    if Int.random(in: 0..<4, using: &rng) == 0 { configuration.scrollDirection = .horizontal }
    let traits: [TraitSet] = [[], [.compactWidth], [.fullWidth], [.centered, .stackable]]
    func cell(_ id: String?) -> Cell {
      Cell(
        id: id, width: Double(Int.random(in: 0...300, using: &rng)) / 2,
        height: Double(Int.random(in: 1...160, using: &rng)) / 2,
        traits: traits[Int.random(in: 0..<traits.count, using: &rng)])
    }
    var sections: [Section] = []
    for s in 0..<Int.random(in: 1...3, using: &rng) {
      var cells = CellList()
      for part in 0..<Int.random(in: 1...4, using: &rng) {
        let id: String? = Bool.random(using: &rng) ? nil : "s\(s)p\(part)"
        let prefix: String? = Bool.random(using: &rng) ? "r\(s).\(part)-" : nil
        switch Int.random(in: 0..<3, using: &rng) {
        case 0:
          for k in 0..<Int.random(in: 0...40, using: &rng) { cells.append(cell(id.map { "\($0)-\(k)" })) }
        case 1:
          cells.append(repeating: cell(id), count: Int.random(in: 1...3_000, using: &rng), idPrefix: prefix)
        default:
          let pattern = (0..<Int.random(in: 1...5, using: &rng)).map { _ in cell(id) }
          cells.append(cycling: pattern, count: Int.random(in: 1...2_000, using: &rng), idPrefix: prefix)
        }
      }
      var section = Section(cells: cells)
      if Bool.random(using: &rng) { section.header = Supplementary(height: 30) }
      section.attributes = SectionAttributes(
        itemSpacing: Double(Int.random(in: 0...8, using: &rng)) / 2,
        lineSpacing: Double(Int.random(in: 0...8, using: &rng)) / 2)
      sections.append(section)
    }
    return ListModel(configuration: configuration, sections: sections)
  }

  /// The page's cells read back: each cell's frame (layout space), traits index and id.
  static func decode(_ layout: [String: Any]) throws -> [(Rect, Int, String?)] {
    let cells = try #require(layout["cells"] as? [String: Any])
    let xs = try #require(cells["x"] as? [Double]), ys = try #require(cells["y"] as? [Double])
    let ws = try #require(cells["w"] as? [Double]), hs = try #require(cells["h"] as? [Double])
    let ts = try #require(cells["t"] as? [Int])
    let ids = cells["id"] as? [Any]
    // A model without runs: every cell written out, as the page reads it then.
    let runs = cells["runs"] as? [[Double]] ?? [[0, Double(xs.count), 0, 0, Double(xs.count)]]
    let parts = cells["parts"] as? [[Any]] ?? [[0, xs.count]]
    let n = cells["n"] as? Int ?? xs.count
    var frames: [Rect] = []
    var offset = 0
    for run in runs {
      let (first, count, stepX, stepY, k) = (Int(run[0]), Int(run[1]), run[2], run[3], Int(run[4]))
      #expect(first == frames.count)
      for index in 0..<count {
        let p = index / k, r = index % k
        frames.append(
          Rect(
            x: xs[offset + r] + Double(p) * stepX, y: ys[offset + r] + Double(p) * stepY,
            width: ws[offset + r],
            height: hs[offset + r]))
      }
      offset += k
    }
    #expect(frames.count == n && offset == xs.count)
    var out: [(Rect, Int, String?)] = []
    var written = 0
    for part in parts {
      let first = try #require(part[0] as? Int), count = try #require(part[1] as? Int)
      #expect(first == out.count)
      for k in 0..<count {
        let i = first + k
        if part.count == 2 {
          out.append((frames[i], ts[written], ids?[written] as? String))
          written += 1
        } else {
          let phase = try #require(part[2] as? Int), pattern = try #require(part[3] as? [Int])
          let id: String? =
            if let prefix = part[4] as? String { prefix + String(try #require(part[5] as? Int) + k) } else {
              (part[4] as? [Any])?[(phase + k) % pattern.count] as? String
            }
          out.append((frames[i], pattern[(phase + k) % pattern.count], id))
        }
      }
    }
    #expect(out.count == n)
    return out
  }

  @Test func everyCellReadBackIsTheSnapshots() throws {
    var periodic = 0
    for seed in 0..<sweep(quick: 40, long: 400) {
      var rng = SplitMix64(seed: UInt64(seed))
      let model = Self.model(&rng)
      let snapshot = try model.layout()
      let layout = try embeddedLayout(HTMLRenderer().render(snapshot))
      let traits = try #require(layout["traits"] as? [[String]])
      let decoded = try Self.decode(layout)
      let runs = (layout["cells"] as? [String: Any])?["runs"] as? [[Double]] ?? []
      if runs.contains(where: { $0[1] > $0[4] }) { periodic += 1 }
      let horizontal = model.configuration.scrollDirection == .horizontal
      var index = 0
      for section in 0..<snapshot.numberOfSections {
        for item in 0..<snapshot.numberOfItems(inSection: section) {
          let path = ListIndexPath(item: item, section: section)
          let frame = try #require(snapshot.frame(of: path))
          let axis =
            horizontal ? Rect(x: frame.minY, y: frame.minX, width: frame.height, height: frame.width) : frame
          let (shown, t, id) = decoded[index]
          let cell = model.sections[section].cells[item]
          #expect(shown == axis, "seed \(seed) \(path)")
          #expect(traits[t] == cell.traits.names, "seed \(seed) \(path)")
          #expect(id == cell.id, "seed \(seed) \(path)")
          index += 1
        }
      }
      #expect(index == decoded.count)
    }
    // Most pages hold some cells as periodic runs (the check above is not of written-out cells only).
    #expect(periodic > sweep(quick: 40, long: 400) / 2)
  }

  @Test func aRunsPageDoesNotGrowWithItsCount() throws {
    func page(_ count: Int) throws -> Int {
      var configuration = ListConfiguration(width: 375)
      configuration.contentInsets = EdgeInsets(all: 4)
      let cells = CellList(repeating: Cell(width: 180, height: 44), count: count, idPrefix: "row")
      let model = ListModel(configuration: configuration, sections: [Section(cells: cells)])
      return HTMLRenderer().render(try model.layout()).utf8.count
    }
    let small = try page(1_000), large = try page(1_000_000)
    #expect(large < 100_000)
    // The count and the content's length are longer numbers: a few bytes.
    #expect(large - small < 64)
  }

  @Test func theEncoderIsLossless() {
    for seed in 0..<sweep(quick: 200, long: 2_000) {
      var rng = SplitMix64(seed: UInt64(seed))
      var frames: [Rect] = []
      for _ in 0..<Int.random(in: 0...6, using: &rng) {
        if Bool.random(using: &rng) {
          for _ in 0..<Int.random(in: 0...300, using: &rng) {
            frames.append(
              Rect(
                x: Double(Int.random(in: 0...9, using: &rng)), y: Double(Int.random(in: 0...9, using: &rng)),
                width: 3, height: Double(Int.random(in: 1...3, using: &rng))))
          }
        } else {
          let period = (0..<Int.random(in: 1...60, using: &rng)).map { _ in
            Rect(
              x: Double(Int.random(in: 0...9, using: &rng)),
              y: Double(Int.random(in: 0...9, using: &rng)) / 4, width: 3, height: 2)
          }
          let step = Point(
            x: Double(Int.random(in: -2...2, using: &rng)), y: Double(Int.random(in: 0...3, using: &rng)) / 2)
          let run = FrameRun(
            first: 0, count: Int.random(in: 0...500, using: &rng), frames: period, step: step)
          let base = frames.last.map { $0.maxY } ?? 0
          for k in 0..<run.count {
            let f = run.frame(at: k)
            frames.append(Rect(x: f.minX, y: f.minY + base, width: f.width, height: f.height))
          }
        }
      }
      let cycle = Int.random(in: 2...12, using: &rng)
      var encoder = PageRunEncoder(first: 7, cycles: seed % 2 == 0 ? [] : [cycle])
      var runs: [FrameRun] = []
      for frame in frames { encoder.push(frame) { runs.append($0) } }
      encoder.finish { runs.append($0) }
      var expanded: [Rect] = []
      for run in runs {
        #expect(run.first == 7 + expanded.count && run.count >= run.frames.count && !run.frames.isEmpty)
        #expect(run.count == run.frames.count || run.step.y >= 0)
        for k in 0..<run.count { expanded.append(run.frame(at: k)) }
      }
      #expect(expanded == frames, "seed \(seed)")
    }
  }
}
