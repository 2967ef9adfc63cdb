import Foundation
import ListLayout
import ListLayoutCommand
import Testing

@Suite struct FlexCommandTests {
  @Test func computesATree() throws {
    let tree =
      #"{"id": "root", "style": {"flexDirection": "row", "width": 300, "height": 100}, "children": [{"id": "a", "style": {"flexGrow": 1}}, {"id": "b", "style": {"width": 100}}]}"#
    let (status, io) = run(["flex", "tree.json"], files: ["tree.json": tree])
    #expect(status == .success)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(io.stdout.utf8)) as? [String: Any])
    #expect(object["id"] as? String == "root")
    let children = try #require(object["children"] as? [[String: Any]])
    #expect(children[0]["width"] as? Double == 200)
    #expect(children[1]["x"] as? Double == 200)
    #expect(io.stdout.hasPrefix(#"{"id":"root","x":0,"y":0,"width":300,"height":100,"children":["#))
  }

  @Test func widthAndHeightOptions() throws {
    let tree = #"{"style": {"flexDirection": "row"}, "children": [{"style": {"flexGrow": 1, "height": 10}}]}"#
    let (status, io) = run(
      ["flex", "tree.json", "--width", "250", "--height", "40"], files: ["tree.json": tree])
    #expect(status == .success)
    #expect(io.stdout.contains(#""width":250"#))
  }

  @Test func badTreesAreUsageErrorsNamingThePath() {
    let (status, io) = run(
      ["flex", "bad.json"], files: ["bad.json": #"{"style": {"flexGrow": -1}, "colour": 1}"#])
    #expect(status == .usageError)
    #expect(io.stderr.contains("bad.json"))
    let (syntax, syntaxIO) = run(["flex", "bad.json"], files: ["bad.json": "{\n  \"style\": {,}\n}"])
    #expect(syntax == .usageError)
    #expect(syntaxIO.stderr.contains("line 2"))
    #expect(run(["flex"]).0 == .usageError)
    #expect(run(["flex", "--help"]).0 == .success)
  }
}
