import Foundation
import ListLayout
import ListLayoutCommand
import Testing

@Suite struct FormatCommandTests {
  static let feed = """
    {"sections": [{"items": [{"size": {"height": 50, "width": 100.50}, "id": "a",
      "attributes": {"shouldEndLine": false}}, {"id": "b", "traits": []}]}],
     "sectionSpacing": 10, "width": 3.75e2, "layoutManager": {"type": "traits", "margin": 8}}
    """

  @Test func printsOnlyWhatDiffersFromTheDefaults() {
    let (status, io) = run(["format", "feed.json"], files: ["feed.json": Self.feed])
    #expect(status == .success)
    #expect(io.stderr.isEmpty)
    #expect(
      io.stdout == """
        {
          "width": 375,
          "layoutManager": {"type": "traits", "margin": 8},
          "sections": [
            {
              "items": [
                {"id": "a", "size": {"width": 100.5, "height": 50}, "attributes": {}},
                {"id": "b"}
              ]
            }
          ]
        }

        """)
    let (_, compact) = run(["format", "feed.json", "--compact"], files: ["feed.json": Self.feed])
    #expect(
      compact.stdout
        == #"{"width":375,"layoutManager":{"type":"traits","margin":8},"sections":[{"items":[{"id":"a","size":{"width":100.5,"height":50},"attributes":{}},{"id":"b"}]}]}"#
        + "\n")
  }

  @Test func spellsOutEveryDefault() throws {
    let (status, io) = run(
      ["format", "feed.json", "--defaults", "spelled-out"], files: ["feed.json": Self.feed])
    #expect(status == .success)
    #expect(io.stdout.contains(#""contentInsets": {"top": 5, "left": 5, "bottom": 5, "right": 5},"#))
    #expect(
      io.stdout.contains(#""layoutManager": {"type": "traits", "margin": 8, "oversizedCells": "shrink"},"#))
    #expect(io.stdout.contains(#"{"id": "b", "traits": []}"#))
    #expect(
      io.stdout.contains(
        #""attributes": {"insets": {"top": 0, "left": 0, "bottom": 0, "right": 0}, "shouldBeginLine": false, "shouldEndLine": false, "startLineIndentation": false}"#
      ))
    #expect(try ListModel(json: io.stdout) == ListModel(json: Self.feed))
  }

  /// Every example feed: both forms read back to the feed's model, and formatting is idempotent.
  @Test(arguments: ["demo.json", "hub-traits.json", "tag-cloud.json", "generated-300.json"])
  func examplesKeepTheirModel(_ name: String) throws {
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Examples/\(name)"), encoding: .utf8)
    let model = try ListModel(json: text)
    for defaults in ["omitted", "spelled-out"] {
      let (status, io) = run(["format", name, "--defaults", defaults], files: [name: text])
      #expect(status == .success)
      let formatted = try ListModel(json: io.stdout)
      #expect(Bool(formatted == model), "\(name) --defaults \(defaults)")
      let (_, again) = run(["format", name, "--defaults", defaults], files: [name: io.stdout])
      #expect(again.stdout == io.stdout, "\(name) --defaults \(defaults)")
    }
  }

  @Test func widthAndErrors() {
    let (status, io) = run(["format", "f.json", "--width", "320"], files: ["f.json": #"{"sections": []}"#])
    #expect(status == .success)
    #expect(io.stdout == "{\n  \"width\": 320\n}\n")
    let (bad, badIO) = run(["format", "f.json"], files: ["f.json": #"{"width": -1}"#])
    #expect(bad == .usageError)
    #expect(badIO.stderr.contains("f.json: width: -1 is negative"))
    for arguments in [["format"], ["format", "a", "b"], ["format", "f.json", "--defaults", "some"]] {
      let (status, io) = run(arguments, files: ["f.json": "{}"])
      #expect(status == .usageError, "\(arguments)")
      #expect(io.stderr.hasPrefix("listlayout format: "), "\(arguments)")
    }
    let (help, helpIO) = run(["format", "--help"])
    #expect(help == .success)
    #expect(helpIO.stdout.hasPrefix("usage: listlayout format"))
    #expect(run(["--help"]).1.stdout.contains("format FEED.json"))
  }
}
