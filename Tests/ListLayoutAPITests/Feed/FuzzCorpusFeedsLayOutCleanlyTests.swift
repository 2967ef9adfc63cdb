import Foundation
import LayoutGeometry
import ListLayout
import Testing

/// Replays the committed fuzz corpus (`Scripts/fuzz/corpus/feed`) through the fuzz target's
/// checks, so every run of the suite (and the sanitized runs) covers what fuzzing found.
@Suite struct FuzzCorpusFeedsLayOutCleanlyTests {
  static let corpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("Scripts/fuzz/corpus/feed")

  static let limits = JSONInputLimits(
    maxDepth: 16, maxSections: 64, maxCells: 2_000, maxStringLength: 256, maxTraitsPerElement: 16,
    maxBytes: 1 << 20)

  @Test func feedCorpusDecodesOrFailsAndLaysOutCleanly() throws {
    let files = try FileManager.default.contentsOfDirectory(at: Self.corpus, includingPropertiesForKeys: nil)
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
    #expect(files.count > 100)
    var decoded = 0
    for file in files {
      let bytes = try [UInt8](Data(contentsOf: file))
      guard let model = try? ListModel(json: bytes, limits: Self.limits) else { continue }
      decoded += 1
      guard let snapshot = try? model.layout() else { continue }
      let name = file.lastPathComponent
      #expect(snapshot.invariantViolations() == [], "\(name)")
      let everything = Rect(x: -1e12, y: -1e12, width: 3e12, height: 3e12)
      let expected = snapshot.allAttributes().filter { $0.frame.intersects(everything) }
      #expect(snapshot.elements(in: everything) == expected, "\(name)")
      var update = ListUpdate()
      update.width = model.configuration.width / 2 + 1
      if let last = model.sections.indices.last {
        update.insertItem(Cell(width: 10, height: 10), at: ListIndexPath(item: 0, section: last))
      }
      if let edited = try? snapshot.applying(update).snapshot {
        #expect(edited.invariantViolations() == [], "\(name) after edit")
        #expect(edited.contentSize == (try edited.model.layout()).contentSize, "\(name) after edit")
      }
    }
    #expect(decoded > 50)
  }
}
