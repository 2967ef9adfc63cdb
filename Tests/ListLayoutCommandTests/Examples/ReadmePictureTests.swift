import Foundation
import ListLayout
import Testing

@testable import ListLayoutCommand

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
