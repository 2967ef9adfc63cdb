import Foundation
import ListLayout
import Testing

@testable import ListLayoutCommand

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

@Suite struct DemoPictureTests {
  @Test func demoWritesTheSVGAndTheHTMLPage() throws {
    let (status, io) = run([])
    #expect(status == .success)
    #expect(io.stdout.contains("wrote:        listlayout-demo.svg, listlayout-demo.html"))
    let svg = try #require(io.written.files["listlayout-demo.svg"])
    #expect(svg.components(separatedBy: "viewport at y = ").count - 1 == 3)
    #expect(svg.contains("<g class=\"header pinned\">"))
    let page = try #require(io.written.files["listlayout-demo.html"])
    #expect(page.contains("ListLayout demo feed"))
  }

  @Test func demoJSONDoesNotWritePictures() {
    let (status, io) = run(["demo", "--json"])
    #expect(status == .success)
    #expect(io.written.files.isEmpty)
  }

  @Test func helpForTheNewCommands() {
    for arguments in [["render", "--help"], ["generate", "--help"]] {
      let (status, io) = run(arguments)
      #expect(status == .success)
      #expect(io.stdout.hasPrefix("usage: listlayout \(arguments[0])"))
    }
    let (_, io) = run(["--help"])
    #expect(io.stdout.contains("render FEED.json"))
    #expect(io.stdout.contains("generate --cells N"))
  }
}

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
    let model = try ListModel(jsonString: text)
    let snapshot = try model.layout()
    #expect(snapshot.invariantViolations() == [])
    let (status, io) = run(["render", name, "--svg", "out.svg", "--ascii"], files: [name: text])
    #expect(status == .success)
    #expect(io.written.files["out.svg"] != nil)
  }

  @Test func demoJSONIsTheBuiltInDemo() throws {
    let path = repositoryRoot.appendingPathComponent("Examples/demo.json").path
    let fromJSON = try ListModel(jsonString: try String(contentsOfFile: path, encoding: .utf8)).layout()
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

/// The README's picture is committed (`Examples/listlayout-demo.svg`) and is what the demo
/// draws today. After a change to the demo feed or the SVG renderer, regenerate it with
/// `swift run listlayout && cp listlayout-demo.svg Examples/` (see README).
@Suite struct ReadmePictureTests {
  @Test func theCommittedPictureIsWhatTheDemoDraws() throws {
    let path = repositoryRoot.appendingPathComponent("Examples/listlayout-demo.svg").path
    let committed = try #require(
      try? String(contentsOfFile: path, encoding: .utf8), "Examples/listlayout-demo.svg is missing")
    let drawn = Demo.demoSVG(try DemoFeed.model().layout())
    #expect(
      committed == drawn,
      "Examples/listlayout-demo.svg is out of date: run `swift run listlayout && cp listlayout-demo.svg Examples/`"
    )
  }

  @Test func theReadmeShowsTheCommittedPicture() throws {
    let readme = try String(
      contentsOfFile: repositoryRoot.appendingPathComponent("README.md").path, encoding: .utf8)
    #expect(readme.contains("](Examples/listlayout-demo.svg)"))
    let ignored = try String(
      contentsOfFile: repositoryRoot.appendingPathComponent(".gitignore").path, encoding: .utf8)
    // Only the demo's output in the repository's root is ignored, not the committed copy.
    #expect(!ignored.split(separator: "\n").contains("listlayout-demo.svg"))
  }

  @Test func theDemoSaysWhenItsTimeIsFromADebugBuild() {
    let (_, io) = run([])
    #if DEBUG
    #expect(io.stdout.contains("debug build"))
    #else
    #expect(!io.stdout.contains("debug build"))
    #endif
  }
}

/// The README is the front door (at most 200 lines, the two commands CI runs), and every file
/// it links to is in the repository; the reference lives in the DocC catalogs it links.
@Suite struct ReadmeFrontDoorTests {
  static func readme() throws -> String {
    try String(contentsOfFile: repositoryRoot.appendingPathComponent("README.md").path, encoding: .utf8)
  }

  @Test func theReadmeIsShortAndGivesTheTwoCommands() throws {
    let readme = try Self.readme()
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 201, "README.md has \(lines.count - 1) lines; the reference belongs in DocC")
    #expect(readme.contains("\nswift run listlayout "))
    #expect(readme.contains("\nswift test -q "))
  }

  @Test func everyFileTheReadmeLinksToExists() throws {
    let readme = try Self.readme()
    // Relative Markdown link targets: `](path)`, without a scheme or an anchor of this page.
    var targets: [String] = []
    var rest = readme[...]
    while let open = rest.range(of: "](") {
      guard let close = rest[open.upperBound...].firstIndex(of: ")") else { break }
      let target = String(rest[open.upperBound..<close])
      if !target.contains("://"), !target.hasPrefix("#") {
        targets.append(String(target.prefix { $0 != "#" }))
      }
      rest = rest[close...]
    }
    #expect(targets.contains("ARCHITECTURE.md"))
    #expect(targets.contains("Sources/ListLayout/ListLayout.docc/FeedFormat.md"))
    for target in targets {
      #expect(
        FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(target).path),
        "README.md links to \(target), which does not exist")
    }
  }
}
