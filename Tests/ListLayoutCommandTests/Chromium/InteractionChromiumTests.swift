import Foundation
import Testing

/// Runs `Scripts/html-check/interact.py` in headless Chromium: the page's keyboard focus,
/// Tab order, accessibility tree and drag to reorder, each compared with `listlayout query`
/// (the library's answers) on a seeded feed of every section kind. Needs Chromium, Python 3
/// and the built `listlayout`: runs only when `LISTLAYOUT_CHROMIUM_TESTS=1`.
@Suite struct InteractionChromiumTests {
  @Test(
    .enabled(
      if: HTMLPageChromiumTests.enabled,
      "set LISTLAYOUT_CHROMIUM_TESTS=1 to press keys and drag on the HTML page in headless Chromium"),
    .timeLimit(.minutes(10)))
  func keysAccessibilityAndDragOnA100000CellPage() throws {
    let text = try Self.runInteractionCheck([])
    #expect(text.contains("focus answers compared:        2400 (0 differ)"), "\(text)")
    #expect(text.contains("arrow presses:                 160 (0 wrong)"), "\(text)")
    Self.expectLaidOutPreviews(text)
    // Among them, moves of every kind the page once previewed by slots.
    let line = text.split(separator: "\n").first { $0.hasPrefix("exact moves between sections:") } ?? ""
    for kind in [
      "grid or masonry into flow or sequential", "into or out of a carousel", "into a collapsed section",
      "into or out of a sequential section of any calculator",
    ] {
      let count = line.components(separatedBy: ", ").first { $0.hasSuffix(" " + kind) }
        .flatMap { $0.split(separator: " ").compactMap { Int($0) }.last }
      #expect((count ?? 0) > 0, "\(kind): \(line)")
    }
  }

  /// The previews of moves within and between grid, masonry, flow and sequential sections were
  /// compared, frame by frame (the script fails beyond 0.5 points), and drops laid out too;
  /// every section the page lays out, flow sections among them, was laid out again as it is.
  static func expectLaidOutPreviews(_ text: String) {
    for figure in [
      "previews exact, within:", "previews exact, between:", "drops laid out:", "sections laid out again:",
    ] {
      let line = text.split(separator: "\n").first { $0.hasPrefix(figure) }
      let frames = line.flatMap { Int($0.dropFirst(figure.count).split(separator: " ").first ?? "") }
      #expect((frames ?? 0) > 0, "\(figure) \(text)")
    }
  }

  @Test(
    .enabled(
      if: HTMLPageChromiumTests.enabled,
      "set LISTLAYOUT_CHROMIUM_TESTS=1 to press keys and drag on the HTML page in headless Chromium"),
    .timeLimit(.minutes(10)),
    arguments: [
      ["--direction", "rtl", "--list-header", "--traits"], ["--horizontal", "--list-header", "--traits"],
    ])
  func rightToLeftAndHorizontalPages(options: [String]) throws {
    let text = try Self.runInteractionCheck(
      ["--cells", "20000", "--seed", "11", "--samples", "200", "--presses", "60"] + options)
    Self.expectLaidOutPreviews(text)
  }

  /// Sequential sections of every standard calculator, those that place cells above the
  /// previous one or beside it past the list's width among them (cells then lie outside their
  /// section's frame, over the sections around it): the focus, drop-target and auto-scroll
  /// rules against the library's, the drag previews and the sections laid out again, both axes.
  @Test(
    .enabled(
      if: HTMLPageChromiumTests.enabled,
      "set LISTLAYOUT_CHROMIUM_TESTS=1 to drag on the HTML page in headless Chromium"),
    .timeLimit(.minutes(10)),
    arguments: [[String](), ["--horizontal"]])
  func dragsInSequentialSectionsOfEveryCalculator(options: [String]) throws {
    let text = try Self.runInteractionCheck(
      ["--cells", "20000", "--seed", "5", "--only", "rules,drag", "--all-calculators"] + options)
    Self.expectLaidOutPreviews(text)
    #expect(text.contains("sequential-calc"), "\(text)")
  }

  /// Runs the script with `options` in a directory of its own, expects it to pass, and returns
  /// what it printed.
  static func runInteractionCheck(_ options: [String]) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "listlayout-interact-\(ProcessInfo.processInfo.processIdentifier)-\(options.joined())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [
        "python3", repositoryRoot.appendingPathComponent("Scripts/html-check/interact.py").path, "--out",
        directory.path,
      ]
      + options
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "interact.py said:\n\(text)")
    #expect(text.contains("page errors:       0"), "\(text)")
    #expect(text.contains("OK"))
    return text
  }
}
