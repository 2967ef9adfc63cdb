import Foundation
import ListLayout
import ListLayoutCommand
import ListLayoutRender
import Testing

/// `render --svg/--html` stream their files through a ByteWriter: what lands on disk is what
/// the renderers return, in pieces of the writer's buffer.
@Suite struct StreamedFileTests {
  static func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "listlayout-stream-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test func renderedFilesAreWhatTheRenderersReturn() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // 3,000 cells: the SVG and the page are several times the writer's 64 KB buffer.
    var generated = MemoryIO()
    #expect(
      ListLayoutCommand.run(["generate", "--cells", "3000", "--seed", "5"], io: &generated) == .success)
    let feed = directory.appendingPathComponent("feed.json")
    try Data(generated.stdout.utf8).write(to: feed)
    let svg = directory.appendingPathComponent("whole.svg").path
    let frames = directory.appendingPathComponent("frames.svg").path
    let page = directory.appendingPathComponent("page.html").path
    var io = ListLayoutCommand.SystemIO()
    // (Taller than a rasterizer takes: one picture only when asked for with --max-height.)
    #expect(
      ListLayoutCommand.run(
        ["render", feed.path, "--svg", svg, "--html", page, "--max-height", "100000000"], io: &io) == .success
    )
    #expect(
      ListLayoutCommand.run(
        ["render", feed.path, "--svg", frames, "--offset", "0,5000", "--viewport-height", "667"], io: &io)
        == .success)

    let snapshot = try ListModel(json: Array(generated.stdout.utf8)).layout()
    let wholeText = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(wholeText.utf8.count > 4 << 16)
    #expect(wholeText == SVGRenderer(title: feed.path).render(snapshot))
    let viewports = [0.0, 5000].map { snapshot.viewport(scrolledTo: $0, length: 667) }
    #expect(
      try String(contentsOfFile: frames, encoding: .utf8)
        == SVGRenderer(title: feed.path).render(snapshot, viewports: viewports))
    let pageText = try String(contentsOfFile: page, encoding: .utf8)
    #expect(pageText.utf8.count > 1 << 16)
    #expect(pageText == HTMLRenderer(title: feed.path).render(snapshot))
  }

  @Test func aFileThatCannotBeCreatedIsReported() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let feed = directory.appendingPathComponent("feed.json")
    try Data(CommandTests.feed.utf8).write(to: feed)
    let target = directory.appendingPathComponent("missing/out.svg").path
    final class Captured: ListLayoutCommand.IO {
      var system = ListLayoutCommand.SystemIO()
      var stderr = ""
      func out(_ text: String) {}
      func err(_ text: String) { stderr += text }
      func read(_ path: String) throws -> [UInt8] { try system.read(path) }
      func write(_ path: String, _ text: String) throws { try system.write(path, text) }
      func write(_ path: String, streaming body: (inout ByteWriter) -> Void) throws {
        try system.write(path, streaming: body)
      }
    }
    var io = Captured()
    #expect(ListLayoutCommand.run(["render", feed.path, "--svg", target], io: &io) == .usageError)
    #expect(io.stderr.contains("\(target): cannot write the file"))
    #expect(!FileManager.default.fileExists(atPath: target))
  }
}
