// Issue 33's workloads: N cells of one section as one run (a uniform run, or a cycle of C
// sizes), and the same cells written out one value per cell. The run feed is the one
// `listlayout generate --cells N --runs --cycle C` prints (seed 1, its default), rebuilt here
// byte for byte; `peers/runs.sh` checks this copy against the CLI's output.

import Foundation
import LayoutGeometry
import ListLayout

public enum RunFeed {
  /// `generate`'s default seed.
  public static let seed: UInt64 = 1

  /// The bytes of `listlayout generate --cells count --runs --cycle cycle` (one section, no
  /// header, width 375): the first `min(cycle, count)` cells drawn by the LCG seeded 1 (width
  /// 40 + next % 331, then height 20 + next % 101), repeated as one run with ids `c0`, `c1`,
  /// …; the cells left after the last whole cycle written out. With `writtenOut`, every cell
  /// written out (`{"id": "c7", "size": …}`): the same cells, no run.
  public static func json(cells count: Int, cycle: Int, writtenOut: Bool = false) -> [UInt8] {
    var generator = LCG(seed: seed)
    let k = min(cycle, count)
    var pattern: [String] = []
    for _ in 0..<k {
      let width = 40 + generator.next() % 331
      let height = 20 + generator.next() % 101
      pattern.append("\"size\":{\"width\":\(width),\"height\":\(height)}")
    }
    let cycles = writtenOut || k == 0 ? 0 : count / k
    var items: [String] = []
    if cycles > 0 {
      items.append(
        "{\"repeat\":\(cycles),\"cells\":[\(pattern.map { "{\($0)}" }.joined(separator: ","))],"
          + "\"idPrefix\":\"c\",\"idStart\":0}")
    }
    for item in (cycles * k)..<count {
      items.append("{\"id\":\"c\(item)\",\(pattern[item % k])}")
    }
    var out = "{\"width\":375,\"sections\":[\n{\"items\":["
    out += items.isEmpty ? "" : "\n" + items.joined(separator: ",\n")
    out += "]}\n]}\n"
    return Array(out.utf8)
  }

  /// The model of ``json(cells:cycle:)``: the cells stored as a run.
  public static func runModel(cells count: Int, cycle: Int) throws -> ListModel {
    try ListModel(json: json(cells: count, cycle: cycle))
  }

  /// `model` with every section's cells written out, one value per cell (identifiers
  /// included), in a list built from an array.
  public static func writtenOut(_ model: ListModel) -> ListModel {
    var model = model
    for s in model.sections.indices {
      model.sections[s].cells = CellList(Array(model.sections[s].cells))
    }
    return model
  }
}
