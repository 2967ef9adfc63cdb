import Foundation
import ListLayout
import ListLayoutCommand
import Testing

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// Captures what a command writes, and serves files from memory.
struct MemoryIO: ListLayoutCommand.IO {
  var stdout = ""
  var stderr = ""
  var files: [String: String] = [:]
  let written = Box()

  final class Box: @unchecked Sendable {
    var files: [String: String] = [:]
  }

  mutating func out(_ text: String) { stdout += text }
  mutating func err(_ text: String) { stderr += text }
  func read(_ path: String) throws -> [UInt8] {
    guard let text = files[path] else { throw CocoaError(.fileNoSuchFile) }
    return Array(text.utf8)
  }
  func write(_ path: String, _ text: String) throws { written.files[path] = text }
}

func run(_ arguments: [String], files: [String: String] = [:]) -> (ListLayoutCommand.Status, MemoryIO) {
  var io = MemoryIO(files: files)
  let status = ListLayoutCommand.run(arguments, io: &io)
  return (status, io)
}

@Suite struct CommandTests {
  static let feed =
    #"{"width": 300, "contentInsets": {"top": 0, "left": 0, "bottom": 0, "right": 0}, "sectionSpacing": 0, "sections": [{"header": {"height": 40}, "items": [{"id": "a", "size": {"width": 100, "height": 50}}, {"size": {"width": 100, "height": 500}}]}, {"header": {"height": 40}, "items": [{"id": "z", "size": {"width": 10, "height": 10}}]}]}"#

  @Test func demoPrintsASummary() {
    let (status, io) = run([])
    #expect(status == .success)
    #expect(io.stdout.contains("sections:"))
    #expect(io.stdout.contains("cells:"))
    #expect(io.stdout.contains("content size: 375 ×"))
  }

  @Test func demoFeedIsRealistic() throws {
    let model = DemoFeed.model()
    #expect(model.cellCount >= 200)
    #expect(model.sections.count >= 4)
    let snapshot = try model.layout()
    #expect(snapshot.invariantViolations() == [])
  }

  @Test func layoutPrintsEveryElement() throws {
    let (status, io) = run(["layout", "feed.json"], files: ["feed.json": Self.feed])
    #expect(status == .success)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(io.stdout.utf8)) as? [String: Any])
    let elements = try #require(object["elements"] as? [[String: Any]])
    #expect(elements.count == 5)
    #expect(elements[1]["id"] as? String == "a")
    #expect(elements[1]["item"] as? Int == 0)
    #expect(elements[0]["item"] == nil)
    #expect((object["contentSize"] as? [String: Double])?["height"] == Double(40 + 500 + 40 + 10))
  }

  @Test func layoutWithAViewportPinsHeaders() throws {
    let (status, io) = run(
      ["layout", "feed.json", "--offset", "100", "--viewport-height", "200"], files: ["feed.json": Self.feed])
    #expect(status == .success)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(io.stdout.utf8)) as? [String: Any])
    let elements = try #require(object["elements"] as? [[String: Any]])
    #expect(elements.map { $0["kind"] as? String } == ["header", "cell"])
    #expect(elements[0]["pinned"] as? Bool == true)
    #expect((elements[0]["frame"] as? [String: Double])?["y"] == 100)
  }

  @Test func widthOverride() throws {
    let (status, io) = run(["layout", "feed.json", "--width", "150"], files: ["feed.json": Self.feed])
    #expect(status == .success)
    #expect(io.stdout.contains(#""contentSize":{"width":150"#))
  }

  @Test func errorsNameTheFileThePathAndThePosition() {
    let (status, io) = run(
      ["layout", "bad.json"],
      files: ["bad.json": "{\"width\": 300,\n \"sections\": [{\"items\": [{\"size\": 5}]}]}"])
    #expect(status == .usageError)
    #expect(io.stderr.contains("bad.json"))
    #expect(io.stderr.contains("sections[0].items[0].size"))
    #expect(io.stderr.contains("line 2"))
    let (missing, missingIO) = run(["layout", "nope.json"])
    #expect(missing == .usageError)
    #expect(missingIO.stderr.contains("nope.json"))
  }

  @Test func usageErrorsExitWithTwo() {
    #expect(run(["layout"]).0 == .usageError)
    #expect(run(["layout", "a.json", "--offset", "5"]).0 == .usageError)
    #expect(run(["layout", "a.json", "--width", "-1"]).0 == .usageError)
    #expect(run(["frobnicate"]).0 == .usageError)
    #expect(run(["demo", "extra"]).0 == .usageError)
  }

  @Test func helpForEveryCommand() {
    for arguments in [["--help"], ["help"], ["layout", "--help"], ["demo", "--help"]] {
      let (status, io) = run(arguments)
      #expect(status == .success)
      #expect(io.stdout.contains("usage:"))
    }
  }
}
