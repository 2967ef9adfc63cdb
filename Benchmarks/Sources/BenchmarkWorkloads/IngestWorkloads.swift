// The ingest workloads: the feed `listlayout generate --cells N --seed 7` prints (the issue's
// input), rebuilt here byte for byte so the package-benchmark suites need no CLI.
// `peers/ingest.sh` checks this copy against the CLI's output before timing anything.

import Flexbox
import Foundation
import LayoutGeometry
import ListLayout

public enum IngestFeed {
  /// The seed of the feeds.
  public static let seed: UInt64 = 7

  /// The bytes of `listlayout generate --cells count --seed seed` (one section, no header,
  /// width 375): the same LCG as `generate`, seeded `seed`, each cell drawing its width
  /// (40 + next % 331) and then its height (20 + next % 101).
  public static func json(cells count: Int, seed: UInt64 = seed) -> [UInt8] {
    var generator = LCG(seed: seed)
    var out = [UInt8]()
    out.reserveCapacity(64 + count * 56)
    out.append(contentsOf: "{\"width\":375,\"sections\":[\n{\"items\":[".utf8)
    for item in 0..<count {
      let width = 40 + generator.next() % 331
      let height = 20 + generator.next() % 101
      out.append(contentsOf: (item == 0 ? "\n" : ",\n").utf8)
      out.append(contentsOf: "{\"id\":\"c\(item)\",\"size\":{\"width\":\(width),\"height\":\(height)}}".utf8)
    }
    out.append(contentsOf: "]}\n]}\n".utf8)
    return out
  }

  /// A writer that drops what it is given and counts the bytes, for timing output alone.
  public final class DiscardingSink: @unchecked Sendable {
    public private(set) var bytes = 0
    public init() {}
    public func writer() -> ByteWriter { ByteWriter { [unowned self] in bytes += $0.count } }
  }

  /// Every frame of `snapshot` written as the CLI's JSON into a discarding writer; the bytes
  /// written.
  public static func writeFrames(_ snapshot: LayoutSnapshot) -> Int {
    let sink = DiscardingSink()
    var writer = sink.writer()
    // As `layout` writes it: every element, then every section.
    snapshot.writeJSON(sections: Array(0..<snapshot.numberOfSections), to: &writer)
    writer.flush()
    return sink.bytes
  }

  /// The cells of a decoded feed's sections, in order, as one array.
  public static func cells(of model: ListModel) -> [Cell] {
    var cells = [Cell]()
    for section in model.sections { cells.append(contentsOf: section.cells) }
    return cells
  }

  /// A section built by appending `cells` one at a time.
  public static func buildByAppend(_ cells: [Cell]) -> Section {
    var section = Section()
    for cell in cells { section.cells.append(cell) }
    return section
  }

  /// A section built from the whole array at once.
  public static func buildFromArray(_ cells: [Cell]) -> Section {
    Section(cells: CellList(cells))
  }

  /// `count` sections of one cell each (the cells of `cells`, in turn), each with a header.
  public static func sections(_ cells: [Cell], count: Int) -> [Section] {
    (0..<count).map { Section(header: Supplementary(height: 20), cells: [cells[$0 % cells.count]]) }
  }

  /// A model built by appending `sections` one at a time.
  public static func modelByAppending(_ sections: [Section]) -> ListModel {
    var model = ListModel(configuration: ListConfiguration(width: 375))
    for section in sections { model.sections.append(section) }
    return model
  }

  /// A model built from the whole array of sections at once.
  public static func modelFromArray(_ sections: [Section]) -> ListModel {
    ListModel(configuration: ListConfiguration(width: 375), sections: sections)
  }

  /// A model built by inserting `sections` one at a time at the front (in reverse, so it
  /// ends in the same order).
  public static func modelByInsertingAtFront(_ sections: [Section]) -> ListModel {
    var model = ListModel(configuration: ListConfiguration(width: 375))
    for section in sections.reversed() { model.sections.insert(section, at: 0) }
    return model
  }

  /// Megabytes (10^6 bytes) per second for `bytes` in `nanoseconds`.
  public static func megabytesPerSecond(_ bytes: Int, nanoseconds: UInt64) -> Double {
    nanoseconds == 0 ? 0 : Double(bytes) * 1e3 / Double(nanoseconds)
  }
}
