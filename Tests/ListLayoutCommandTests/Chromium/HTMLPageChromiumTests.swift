import Foundation
import ListLayoutCommand
import Testing

/// Runs `Scripts/html-check/check.py` on a 100,000-cell feed in headless Chromium. Slow and
/// needs Chromium and Python 3, so it runs only when `LISTLAYOUT_CHROMIUM_TESTS=1`.
@Suite struct HTMLPageChromiumTests {
  static let enabled = ProcessInfo.processInfo.environment["LISTLAYOUT_CHROMIUM_TESTS"] == "1"

  @Test(
    .enabled(
      if: enabled,
      "set LISTLAYOUT_CHROMIUM_TESTS=1 to load the HTML page of a 100,000-cell feed in headless Chromium"),
    .timeLimit(.minutes(10)))
  func virtualScrollingPageInChromium() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "listlayout-html-check-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let feed = directory.appendingPathComponent("feed.json").path
    let page = directory.appendingPathComponent("page.html").path

    // The files check.py would make with the command line, made in-process.
    let (generated, generateIO) = run(["generate", "--cells", "100000", "--seed", "7", "--sections", "200"])
    try #require(generated == .success)
    try generateIO.stdout.write(toFile: feed, atomically: true, encoding: .utf8)
    var system = ListLayoutCommand.SystemIO()
    try #require(ListLayoutCommand.run(["render", feed, "--html", page], io: &system) == .success)
    let offset = 1_234_567
    let (laidOut, layoutIO) = run(
      ["layout", "feed.json", "--offset", String(offset), "--viewport-height", "640"],
      files: ["feed.json": generateIO.stdout])
    try #require(laidOut == .success)
    try #require(layoutIO.stdout.contains("\"pinned\":true"))
    let expected = "{\"offset\": \(offset), \"viewportHeight\": 640, \"layout\": \(layoutIO.stdout)}"
    try expected.write(
      toFile: directory.appendingPathComponent("expected.json").path, atomically: true, encoding: .utf8)

    _ = try Self.runPageCheck(in: directory)
  }
}

extension HTMLPageChromiumTests {
  /// Runs `Scripts/html-check/check.py --prepared` on the page and `expected.json` already in
  /// `directory`, expects it to pass without load errors, and returns what it printed.
  static func runPageCheck(in directory: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", repositoryRoot.appendingPathComponent("Scripts/html-check/check.py").path,
      "--prepared", "--out", directory.path,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "check.py said:\n\(text)")
    #expect(text.contains("load errors:       0"))
    return text
  }
}
