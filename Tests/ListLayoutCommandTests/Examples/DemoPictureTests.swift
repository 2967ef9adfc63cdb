import Foundation
import ListLayout
import ListLayoutCommand
import Testing

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
