import Foundation
import ListLayout
import ListLayoutCommand
import Testing

@Suite struct RenderCommandTests {
  static let feed = CommandTests.feed
  static let files = ["feed.json": feed]

  @Test func writesAnSVGOfTheWholeContent() throws {
    let (status, io) = run(["render", "feed.json", "--svg", "out.svg"], files: Self.files)
    #expect(status == .success)
    #expect(io.stderr.isEmpty)
    let svg = try #require(io.written.files["out.svg"])
    #expect(svg.hasPrefix("<svg "))
    #expect(svg.contains("whole content · 300 × 590"))
    #expect(svg.components(separatedBy: "<g class=\"cell ").count - 1 == 3)
    #expect(svg.contains(">feed.json</text>"))  // the default title
  }

  @Test func writesViewportFramesSideBySide() throws {
    let (status, io) = run(
      [
        "render", "feed.json", "--svg", "out.svg", "--offset", "100, 300", "--viewport-height", "200",
        "--title", "two frames",
      ],
      files: Self.files)
    #expect(status == .success)
    let svg = try #require(io.written.files["out.svg"])
    #expect(svg.components(separatedBy: "viewport at y = ").count - 1 == 2)
    #expect(svg.contains("<g class=\"header pinned\">"))
    #expect(svg.contains(">two frames</text>"))
  }

  @Test func writesAnHTMLPage() throws {
    let (status, io) = run(
      ["render", "feed.json", "--html", "out.html", "--offset", "50", "--viewport-height", "100"],
      files: Self.files)
    #expect(status == .success)
    let page = try #require(io.written.files["out.html"])
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.contains("\"offset\":50"))
  }

  @Test func drawsASCIIOnStandardOutput() {
    let (status, io) = run(["render", "feed.json", "--ascii", "--columns", "40"], files: Self.files)
    #expect(status == .success)
    #expect(io.stdout.contains("+-a"))
    #expect(io.stdout.split(separator: "\n").allSatisfy { $0.count <= 40 })
    let (viewportStatus, viewportIO) = run(
      ["render", "feed.json", "--ascii", "--offset", "100", "--viewport-height", "200"], files: Self.files)
    #expect(viewportStatus == .success)
    #expect(viewportIO.stdout.hasPrefix("viewport at y = 100, height 200\n"))
    #expect(viewportIO.stdout.contains("(pinned)"))
  }

  @Test func severalOutputsAtOnce() {
    let (status, io) = run(
      ["render", "feed.json", "--svg", "a.svg", "--html", "a.html", "--ascii"], files: Self.files)
    #expect(status == .success)
    #expect(Set(io.written.files.keys) == ["a.svg", "a.html"])
    #expect(!io.stdout.isEmpty)
  }

  @Test(arguments: [
    ["render"],
    ["render", "feed.json"],
    ["render", "feed.json", "more.json", "--ascii"],
    ["render", "feed.json", "--svg"],
    ["render", "feed.json", "--svg", ""],
    ["render", "feed.json", "--ascii", "--offset", "5"],
    ["render", "feed.json", "--ascii", "--viewport-height", "5"],
    ["render", "feed.json", "--ascii", "--offset", "5,x", "--viewport-height", "5"],
    ["render", "feed.json", "--ascii", "--offset", "5,,6", "--viewport-height", "5"],
    ["render", "feed.json", "--ascii", "--offset", "inf", "--viewport-height", "5"],
    ["render", "feed.json", "--ascii", "--offset", "0,1,2,3,4,5,6,7,8,9,10,11,12", "--viewport-height", "5"],
    ["render", "feed.json", "--ascii", "--offset", "5", "--viewport-height", "0"],
    ["render", "feed.json", "--ascii", "--columns", "10"],
    ["render", "feed.json", "--ascii", "--max-rows", "0"],
    ["render", "feed.json", "--ascii", "--width", "0"],
    ["render", "feed.json", "--ascii", "--bogus"],
    ["render", "feed.json", "--ascii=yes"],
  ])
  func badUsageExitsWithTwo(arguments: [String]) {
    let (status, io) = run(arguments, files: Self.files)
    #expect(status == .usageError)
    #expect(io.stderr.hasPrefix("listlayout render: "))
    // One line for the problem, one for where the usage is: not the whole help.
    let lines = io.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3 && lines[2].isEmpty, "\(io.stderr)")
    #expect(lines.last(where: { !$0.isEmpty }) == "Run `listlayout help render` for usage.")
    #expect(io.written.files.isEmpty)
  }

  @Test func badInputNamesTheFileTheKeyPathAndThePosition() {
    let (status, io) = run(
      ["render", "bad.json", "--svg", "out.svg"],
      files: ["bad.json": "{\"width\": 300,\n \"sections\": [{\"items\": [{\"size\": {\"width\": -1}}]}]}"])
    #expect(status == .usageError)
    #expect(io.stderr.contains("bad.json"))
    #expect(io.stderr.contains("sections[0].items[0].size.width"))
    #expect(io.stderr.contains("line 2"))
    #expect(io.written.files.isEmpty)
    let (syntax, syntaxIO) = run(
      ["render", "broken.json", "--ascii"], files: ["broken.json": "{\"width\": 300,\n  \"sections\": [}"])
    #expect(syntax == .usageError)
    #expect(syntaxIO.stderr.contains("broken.json"))
    #expect(syntaxIO.stderr.contains("(line 2, column 16)"))
    let (missing, missingIO) = run(["render", "nope.json", "--ascii"])
    #expect(missing == .usageError)
    #expect(missingIO.stderr.contains("nope.json: cannot read the file"))
  }

  @Test func untrustedInputIsBounded() {
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    let (status, io) = run(["render", "deep.json", "--ascii"], files: ["deep.json": deep])
    #expect(status == .usageError)
    #expect(io.stderr.contains("deep.json"))
  }

  @Test func contentThatOverflowsIsALayoutError() {
    let feed =
      #"{"width": 100, "sections": [{"items": [{"size": {"width": 10, "height": 1e308}}, "#
      + #"{"size": {"width": 100, "height": 1e308}}]}]}"#
    let (status, io) = run(["render", "huge.json", "--svg", "out.svg"], files: ["huge.json": feed])
    #expect(status == .layoutError)
    #expect(io.stderr.contains("huge.json: sections[0]"))
    #expect(io.written.files.isEmpty)
  }

  @Test func writeFailuresAreReported() {
    var io = FailingIO(files: Self.files)
    let status = ListLayoutCommand.run(["render", "feed.json", "--svg", "/nope/out.svg"], io: &io)
    #expect(status == .usageError)
    #expect(io.stderr.contains("/nope/out.svg: cannot write the file"))
  }
}

/// Serves files from memory and fails every write.
struct FailingIO: ListLayoutCommand.IO {
  var files: [String: String]
  var stderr = ""
  mutating func out(_ text: String) {}
  mutating func err(_ text: String) { stderr += text }
  func read(_ path: String) throws -> [UInt8] {
    guard let text = files[path] else { throw CocoaError(.fileNoSuchFile) }
    return Array(text.utf8)
  }
  func write(_ path: String, _ text: String) throws { throw CocoaError(.fileWriteNoPermission) }
}

@Suite struct RenderLimitTests {
  @Test func wholeContentSVGIsBounded() {
    let (_, generated) = run(["generate", "--cells", "200001"])
    let files = ["big.json": generated.stdout]
    let (status, io) = run(["render", "big.json", "--svg", "big.svg"], files: files)
    #expect(status == .usageError)
    #expect(io.stderr.contains("big.json: 200001 elements are too many for an SVG of the whole content"))
    #expect(io.written.files.isEmpty)
    let (viewportStatus, viewportIO) = run(
      ["render", "big.json", "--svg", "big.svg", "--offset", "5000", "--viewport-height", "600"], files: files
    )
    #expect(viewportStatus == .success)
    #expect(viewportIO.written.files["big.svg"] != nil)
  }

  /// A page counts a run whose frames repeat as one period: a run feed past the page's
  /// bound of 1,000,000 elements renders; the same cells written out do not.
  @Test func aPageOfRunsCountsTheirPeriods() throws {
    let (_, generated) = run(["generate", "--cells", "1000001", "--runs", "--cycle", "3"])
    let (status, io) = run(
      ["render", "runs.json", "--html", "runs.html"], files: ["runs.json": generated.stdout])
    #expect(status == .success, "\(io.stderr)")
    let page = try #require(io.written.files["runs.html"])
    #expect(page.utf8.count < 100_000)
    let (_, written) = run(["generate", "--cells", "1000001"])
    let (refused, refusedIO) = run(
      ["render", "w.json", "--html", "w.html"], files: ["w.json": written.stdout])
    #expect(refused == .usageError)
    #expect(refusedIO.stderr.contains("elements are too many for one page (at most 1000000)"))
  }
}
