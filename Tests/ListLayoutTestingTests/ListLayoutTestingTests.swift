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

@Suite struct ModelBuilderTests {
  @Test func buildsTheSameModelAsTheLongHand() {
    let showFooter = true
    let built = ListModel(width: 320, contentInsets: .zero, layoutManager: HubLayoutManager(margin: 8)) {
      Section(header: 44.5, attributes: .topCenter) {
        Cell("a", 100, 50, traits: [.fullWidth])
        Cell("b").endsLine()
        for i in 0..<3 { Cell("c\(i)", 10, Double(i)) }
        Cell(nil, 5, 5).beginsLine().indentsLines().insets(EdgeInsets(all: 2))
      }
      if showFooter {
        Section(footer: Supplementary(height: 20, id: "f")) {}
      } else {
        Section {}
      }
      [Section(), Section()]
      Section(layout: .sequential(SequentialSectionDefaults())) {
        Cell("flex", content: Layout(identifier: "x"), width: .lineWidth)
        Cell("s", 1, 2).placed(by: .topAlignedFlow, padding: EdgeInsets(all: 1))
      }
    }
    var placed = Cell(id: "s", width: 1, height: 2)
    placed.sequential = SequentialItemOptions(frameCalculator: .topAlignedFlow, padding: EdgeInsets(all: 1))
    var longHand = ListModel(
      configuration: ListConfiguration(
        width: 320, contentInsets: .zero, layoutManager: HubLayoutManager(margin: 8)))
    longHand.sections = [
      Section(
        header: Supplementary(height: 44.5),
        cells: [
          Cell(id: "a", width: 100, height: 50, traits: [.fullWidth]),
          Cell(id: "b", attributes: CellAttributes(shouldEndLine: true)),
          Cell(id: "c0", width: 10, height: 0), Cell(id: "c1", width: 10, height: 1),
          Cell(id: "c2", width: 10, height: 2),
          Cell(
            width: 5, height: 5,
            attributes: CellAttributes(
              insets: EdgeInsets(all: 2), shouldBeginLine: true, startLineIndentation: true)),
        ], attributes: .topCenter),
      Section(footer: Supplementary(height: 20, id: "f")), Section(), Section(),
      Section(
        cells: [
          Cell(id: "flex", size: .flex(FlexContent(Layout(identifier: "x"), width: .lineWidth))),
          placed,
        ], layout: .sequential(SequentialSectionDefaults())),
    ]
    #expect(built == longHand)
    #expect(built != ListModel(width: 320) {})
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

  @Test func recordingModeFromTheEnvironment() {
    let cases: [(String?, SnapshotRecording)] = [
      (nil, .missing), ("", .missing), ("missing", .missing), ("all", .all), ("ALL", .all), ("1", .all),
      ("true", .all), ("yes", .all), ("never", .never), ("Never", .never), ("0", .missing),
      ("sometimes", .missing),
    ]
    for (value, mode) in cases {
      #expect(SnapshotRecording(environmentValue: value) == mode, "\(value ?? "unset")")
    }
  }
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
