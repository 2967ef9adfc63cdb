import Foundation
import Testing

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
