import Foundation
import Testing

/// Runs `Scripts/html-check/long.py` in headless Chromium: the page of a run feed of
/// ``cells`` rows, longer than the browser lets an element be, scrolled to its start, middle,
/// very last cell and 1,000 seeded offsets by `#offset=`, scrollTop, wheel and the scrollbar's
/// thumb, each compared with `listlayout layout --offset` (and `serve`) at the page's content
/// offset; at most 60 element nodes, a page under 1 MB. Needs Chromium, Python 3 and the built
/// `listlayout`: runs only when `LISTLAYOUT_CHROMIUM_TESTS=1`.
@Suite struct LongPageChromiumTests {
  /// The rows of the feed: a hundred million, which a run feed lays out and renders in
  /// milliseconds (its lines repeat), in a debug build too.
  static let cells = 100_000_000

  @Test(
    .enabled(
      if: HTMLPageChromiumTests.enabled,
      "set LISTLAYOUT_CHROMIUM_TESTS=1 to scroll the page of a long run feed in headless Chromium"),
    .timeLimit(.minutes(30)),
    // One section; four, each with a pinned header (compared where the library pins it).
    arguments: [(1, 1_000), (4, 300)])
  func aRunFeedLongerThanTheBrowsersCapScrollsExactly(sections: Int, offsets: Int) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "listlayout-long-\(ProcessInfo.processInfo.processIdentifier)-\(sections)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", repositoryRoot.appendingPathComponent("Scripts/html-check/long.py").path, "--out",
      directory.path, "--cells", String(Self.cells), "--offsets", String(offsets), "--sections",
      String(sections),
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "long.py said:\n\(text)")
    #expect(text.contains("failures:          0"), "\(text)")
    #expect(text.contains("load errors:       0"), "\(text)")
    // Start, middle, end and 20 seeded loads, then the seeded offsets.
    #expect(text.contains("checks:            \(23 + offsets) ("), "\(text)")
  }
}
