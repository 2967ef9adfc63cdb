import Foundation
import ListLayout
import ListLayoutCommand
import Testing

@Suite struct ExampleFeedTests {
  static let examples = [
    "demo.json", "hub-traits.json", "tag-cloud.json", "indentation.json", "generated-300.json",
    "home-chrome.json", "horizontal-shelves.json",
    "grid.json",
    "masonry.json",
  ]

  @Test(arguments: examples)
  func exampleLaysOutAndRenders(name: String) throws {
    let path = repositoryRoot.appendingPathComponent("Examples").appendingPathComponent(name).path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let model = try ListModel(json: text)
    let snapshot = try model.layout()
    #expect(snapshot.invariantViolations() == [])
    let (status, io) = run(["render", name, "--svg", "out.svg", "--ascii"], files: [name: text])
    #expect(status == .success)
    #expect(io.written.files["out.svg"] != nil)
  }

  @Test func demoJSONIsTheBuiltInDemo() throws {
    let path = repositoryRoot.appendingPathComponent("Examples/demo.json").path
    let fromJSON = try ListModel(json: try String(contentsOfFile: path, encoding: .utf8)).layout()
    let builtIn = try DemoFeed.model().layout()
    #expect(fromJSON.allAttributes() == builtIn.allAttributes())
    #expect(fromJSON.contentSize == builtIn.contentSize)
    // The file is what `listlayout demo --feed` prints, byte for byte.
    let (status, io) = run(["demo", "--feed"])
    #expect(status == .success)
    #expect(io.stdout == (try String(contentsOfFile: path, encoding: .utf8)))
  }

  @Test func generatedExampleIsTheCommandsOutput() throws {
    let path = repositoryRoot.appendingPathComponent("Examples/generated-300.json").path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(run(["generate", "--cells", "300", "--seed", "7", "--sections", "3"]).1.stdout == text)
  }
}
