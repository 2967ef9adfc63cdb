import Flexbox
import Foundation
import LayoutGeometry
import Testing
import XCTest

@testable import ListLayout
@testable import ListLayoutTesting

/// The README's first model, written with the DSL.
let readmeModel = ListModel(width: 375) {
  Section(header: 44) {
    Cell("a", 100, 50)
    Cell("b", 120, 50)
  }
}

@Suite struct LayoutTextTests {
  @Test func oneLinePerElement() throws {
    // Header above the top inset (5), full width; the line below it at 5 + 44 = 49; b after
    // a's 100 points and the 5-point item spacing; content 49 + 50 + 5 high.
    let snapshot = try readmeModel.layout()
    #expect(
      snapshot.layoutText() == """
        content (375, 104)
        header [0, 0] - (0, 5, 375, 44)
        cell [0, 0] "a" (5, 49, 100, 50)
        cell [0, 1] "b" (110, 49, 120, 50)

        """)
  }

  @Test func viewportsMarkPinnedHeaders() throws {
    var model = readmeModel
    model.sections[0].header?.id = "top \"1\""
    model.sections[0].cells.append(contentsOf: (0..<10).map { Cell(id: "r\($0)", width: 365, height: 40.25) })
    let snapshot = try model.layout()
    let viewport = snapshot.viewport(at: Point(x: 0, y: 30), size: Size(width: 375, height: 100))
    // Pinned at clamp(30, 5, section bottom − 44) = 30.
    #expect(
      snapshot.layoutText(of: viewport) == """
        viewport (0, 30, 375, 100) of content (375, 556.5)
        header [0, 0] "top \\"1\\"" (0, 30, 375, 44) pinned
        cell [0, 0] "a" (5, 49, 100, 50)
        cell [0, 1] "b" (110, 49, 120, 50)
        cell [0, 2] "r0" (5, 104, 365, 40.25)

        """)
  }

  @Test func pictureFollowsTheLines() throws {
    let snapshot = try readmeModel.layout()
    let text = snapshot.layoutText(picture: true, pictureColumns: 40)
    #expect(text.hasPrefix(snapshot.layoutText() + "\n"))
    #expect(text.contains("+-a-"))
    #expect(text.hasSuffix("\n"))
  }
}

@Suite struct LineDiffTests {
  @Test func hunksWithContext() {
    let expected = (1...12).map { "line \($0)" }.joined(separator: "\n")
    var lines = (1...12).map { "line \($0)" }
    lines[1] = "line 2 changed"
    lines.remove(at: 10)
    let actual = lines.joined(separator: "\n")
    #expect(
      lineDiff(expected: expected, actual: actual) == """
        @@ expected line 1, actual line 1 @@
         line 1
        -line 2
        +line 2 changed
         line 3
         line 4
        @@ expected line 9, actual line 9 @@
         line 9
         line 10
        -line 11
         line 12

        """)
    #expect(lineDiff(expected: expected, actual: expected).isEmpty)
    // Short output: the first changes, then how many more there are.
    #expect(
      lineDiff(expected: expected, actual: actual, maxLines: 4) == """
        @@ expected line 1, actual line 1 @@
         line 1
        -line 2
        +line 2 changed
         line 3
        … 1 more changed lines not shown

        """)
    #expect(lineDiff(expected: "", actual: "a") == "@@ expected line 1, actual line 1 @@\n-\n+a\n")
  }
}

extension LineDiffTests {
  /// Texts whose middles differ entirely, too long to align, still diff in linear time: one
  /// replaced block between the shared first and last lines, cut to `maxLines`.
  @Test func longDifferentMiddlesAreOneBlock() {
    let head = ["same 1", "same 2", "same 3"]
    let expected = (head + (0..<50_000).map { "old \($0)" } + ["tail"]).joined(separator: "\n")
    let actual = (head + (0..<60_000).map { "new \($0)" } + ["tail"]).joined(separator: "\n")
    let diff = lineDiff(expected: expected, actual: actual, maxLines: 6)
    #expect(
      diff == """
        @@ expected line 2, actual line 2 @@
         same 2
         same 3
        -old 0
        -old 1
        -old 2
        -old 3
        … 109996 more changed lines not shown

        """)
  }
}

@Suite struct GoldenFileTests {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("listlayout-golden-\(UUID())")

  @Test func recordsComparesAndRerecords() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("nested/snapshot.txt").path
    let never = try compareWithGoldenFile("a\nb\n", at: path, recording: .never)
    #expect(never.outcome == .missing && !FileManager.default.fileExists(atPath: path))
    #expect(never.failureMessage?.contains("No layout snapshot at \(path)") == true)

    let first = try compareWithGoldenFile("a\nb\n", at: path, recording: .missing)
    #expect(first.outcome == .recorded && first.diff.isEmpty)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "a\nb\n")
    #expect(first.failureMessage?.hasPrefix("Recorded the layout snapshot \(path)") == true)

    let same = try compareWithGoldenFile("a\nb\n", at: path, recording: .all)
    #expect(same.outcome == .matched && same.passed && same.failureMessage == nil)

    let changed = try compareWithGoldenFile("a\nc\n", at: path, recording: .missing)
    #expect(changed.outcome == .mismatched)
    #expect(changed.diff == "@@ expected line 1, actual line 1 @@\n a\n-b\n+c\n \n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "a\nb\n")
    #expect(changed.failureMessage?.contains("(- snapshot, + now):\n" + changed.diff) == true)

    let rerecorded = try compareWithGoldenFile("a\nc\n", at: path, recording: .all)
    #expect(rerecorded.outcome == .recorded && rerecorded.diff == changed.diff)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "a\nc\n")
  }

  @Test func namesFilesAfterTheTest() {
    #expect(
      goldenFilePath(named: "feedLayout()", testFilePath: "/src/Tests/FeedTests.swift")
        == "/src/Tests/__Snapshots__/FeedTests/feedLayout.txt")
    #expect(
      goldenFilePath(named: "rows(_:) at 375/ß", testFilePath: "/t/A.swift")
        == "/t/__Snapshots__/A/rows-_---at-375--.txt")
  }

  @Test func recordingModeFromTheEnvironment() throws {
    let cases: [(String?, SnapshotRecording)] = [
      (nil, .missing), ("", .missing), ("missing", .missing), ("all", .all), ("ALL", .all), ("1", .all),
      ("true", .all), ("yes", .all), ("never", .never), ("Never", .never), (" never ", .never),
    ]
    for (value, mode) in cases {
      #expect(try SnapshotRecording(environmentValue: value) == mode, "\(value ?? "unset")")
    }
    // Anything else is rejected with the valid values.
    for value in ["0", "sometimes", "none", "false"] {
      #expect(throws: SnapshotRecordingError(value: value)) { try SnapshotRecording(environmentValue: value) }
    }
    #expect(
      SnapshotRecordingError(value: "sometimes").description
        == "LISTLAYOUT_RECORD_SNAPSHOTS is 'sometimes', which is not a recording mode: use 'missing' (or "
        + "unset), 'all' (or '1', 'true', 'yes') or 'never'.")
  }

  /// Every value the variable takes, and the file the message for `never` sends users to,
  /// are documented in the module's DocC page.
  @Test func everyValueIsDocumented() throws {
    let page = try String(
      contentsOfFile: Self.packageRoot
        + "/Sources/ListLayoutTesting/ListLayoutTesting.docc/ListLayoutTesting.md",
      encoding: .utf8)
    for value in ["`missing`", "`all`", "`never`", "`1`", "`true`", "`yes`", "LISTLAYOUT_RECORD_SNAPSHOTS"] {
      #expect(page.contains(value), "\(value)")
    }
    let never = SnapshotComparison(outcome: .missing, path: "/p/x.txt", diff: "").failureMessage ?? ""
    #expect(never.contains("LISTLAYOUT_RECORD_SNAPSHOTS unset") && !never.contains("=missing"))
    // The manifest line golden files need, as the page shows it and as this package uses it.
    #expect(page.contains(#"exclude: ["__Snapshots__"]"#))
    let manifest = try String(contentsOfFile: Self.packageRoot + "/Package.swift", encoding: .utf8)
    #expect(manifest.contains(#"exclude: ["__Snapshots__"]"#))
  }

  /// The package's root, from this file's path.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path
}

/// The golden file of each unnamed assertion: one per call site, in order.
@Suite struct UnnamedSnapshotTests {
  @Test func callSitesGetTheirOwnFiles() {
    let names = UnnamedSnapshots()
    func answer(
      _ line: UInt, run: Int? = 1, test: String = "T", parameterized: Bool = false
    ) -> UnnamedSnapshots.Answer {
      names.answer(
        test: test, parameterized: parameterized, function: "feed()", filePath: "/t/A.swift",
        site: UnnamedSnapshots.Site(line: line, column: 5), run: run)
    }
    #expect(answer(10) == .name("feed()"))
    #expect(answer(12) == .name("feed-2"))
    #expect(answer(14) == .name("feed-3"))
    // Run again (another task): the same files.
    #expect(answer(10, run: 2) == .name("feed()"))
    #expect(answer(14, run: 2) == .name("feed-3"))
    // The same call site twice in one run (a loop) asks for names.
    guard case .failure(let loop) = answer(14, run: 2) else {
      Issue.record("a call site repeated in one run is not a failure")
      return
    }
    #expect(loop.contains("ran twice") && loop.contains("`named:`"))
    // Another test's call sites are numbered apart.
    #expect(answer(12, test: "U") == .name("feed()"))
    // A parameterized test must name its files.
    guard case .failure(let message) = answer(10, parameterized: true) else {
      Issue.record("a parameterized test's unnamed assertion is not a failure")
      return
    }
    #expect(message.contains("parameterized") && message.contains("pass `named:`"))
    #expect(message.contains(#"(for example `named: "feed-\(argument)"`)"#))
    let rows = names.answer(
      test: "V", parameterized: false, function: "rows(width:)", filePath: "/t/A.swift",
      site: UnnamedSnapshots.Site(line: 3, column: 1), run: 1)
    let rows2 = names.answer(
      test: "V", parameterized: false, function: "rows(width:)", filePath: "/t/A.swift",
      site: UnnamedSnapshots.Site(line: 4, column: 1), run: 1)
    #expect(rows == .name("rows(width:)") && rows2 == .name("rows-2"))
    #expect(goldenFilePath(named: "feed-2", testFilePath: "/t/A.swift") == "/t/__Snapshots__/A/feed-2.txt")
  }

  /// Two unnamed assertions in one test compare with two files: the second layout differs
  /// from the first, and both pass.
  @Test func twoUnnamedAssertionsInOneTest() throws {
    let wide = try readmeModel.layout()
    var narrow = readmeModel
    narrow.configuration.width = 200
    #expect(assertLayoutSnapshot(wide))
    #expect(assertLayoutSnapshot(try narrow.layout()))
    let folder = UnnamedSnapshotTests.folder
    let first = try String(contentsOfFile: folder + "/twoUnnamedAssertionsInOneTest.txt", encoding: .utf8)
    let second = try String(contentsOfFile: folder + "/twoUnnamedAssertionsInOneTest-2.txt", encoding: .utf8)
    let narrowText = try narrow.layout().layoutText()
    #expect(first == wide.layoutText() && second == narrowText)
  }

  /// An unnamed assertion in a parameterized test fails asking for a name; a named one passes.
  @Test(arguments: [200.0, 375.0]) func parameterized(width: Double) throws {
    var model = readmeModel
    model.configuration.width = width
    let snapshot = try model.layout()
    withKnownIssue {
      #expect(!assertLayoutSnapshot(snapshot))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("pass `named:`")
    }
    #expect(assertLayoutSnapshot(snapshot, named: "parameterized-\(Int(width))"))
  }

  /// Where this file's golden files are.
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__/ListLayoutTestingTests").path
}

@Suite struct AssertionTests {
  @Test func readmeLayout() throws {
    // Each assertion records its own failure.
    assertLayoutSnapshot(try readmeModel.layout())
    assertLayoutSnapshot(of: readmeModel, named: "readmeLayoutWithPicture", picture: true)
  }

  @Test func mismatchIsReportedWithADiff() throws {
    // The golden file `mismatch.txt` holds b one point wider than the layout puts it.
    let snapshot = try readmeModel.layout()
    withKnownIssue {
      #expect(!assertLayoutSnapshot(snapshot, named: "mismatch", recording: .never))
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("-cell [0, 1] \"b\" (110, 49, 121, 50)\n+cell [0, 1] \"b\" (110, 49, 120, 50)")
        && text.contains("__Snapshots__/ListLayoutTestingTests/mismatch.txt")
    }
  }

  @Test func missingFileIsAFailureWhenNotRecording() throws {
    let snapshot = try readmeModel.layout()
    withKnownIssue {
      #expect(!assertLayoutSnapshot(snapshot, named: "never-recorded", recording: .never))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("No layout snapshot at")
    }
  }

  @Test func invariants() throws {
    var snapshot = try readmeModel.layout()
    #expect(assertLayoutInvariants(snapshot))
    snapshot.contentSize = Size(width: 375, height: 60)  // too short for the cells
    withKnownIssue {
      #expect(!assertLayoutInvariants(snapshot))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix("The layout breaks")
    }
  }

  @Test func layoutErrorsAreFailures() {
    let model = ListModel(width: -1) { Section { Cell("a", 1, 1) } }
    withKnownIssue {
      #expect(!assertLayoutSnapshot(of: model, named: "never-recorded", recording: .never))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix("The model could not be laid out")
    }
  }
}

/// The same assertions from XCTest: failures would go to `XCTFail`.
final class LayoutTestingXCTests: XCTestCase {
  func testReadmeLayoutFromXCTest() throws {
    XCTAssertTrue(assertLayoutSnapshot(try readmeModel.layout(), named: "readmeLayout"))
    XCTAssertTrue(assertLayoutInvariants(try readmeModel.layout()))
  }
}
