import Foundation
import ListLayoutCommand
import Testing

/// `render --svg` of a picture taller than `--max-height` (32,767 by default) writes pages.
@Suite struct RenderPagesCommandTests {
  /// 1,500 rows of 40 points, 5 apart: about 67,500 points tall.
  static let tall =
    #"{"width":300,"contentInsets":{"top":0,"left":0,"bottom":0,"right":0},"sections":[{"items":["#
    + (0..<1500).map { #"{"id":"r\#($0)","size":{"width":300,"height":40}}"# }.joined(separator: ",") + "]}]}"

  func height(_ svg: String) -> Double? {
    guard let range = svg.range(of: "\" height=\"") else { return nil }
    return Double(svg[range.upperBound...].prefix { $0 != "\"" })
  }

  @Test func aTallPictureIsWrittenAsPagesByDefault() throws {
    let (status, io) = run(["render", "tall.json", "--svg", "out/tall.svg"], files: ["tall.json": Self.tall])
    #expect(status == .success, "\(io.stderr)")
    let files = io.written.files
    #expect(files["out/tall.svg"] == nil)
    #expect(files.count == 3)
    for page in 1...files.count {
      let svg = try #require(files["out/tall-\(page).svg"], "page \(page)")
      #expect(try #require(height(svg)) <= 32_767)
    }
    #expect(
      io.stderr
        == "listlayout render: the picture is taller than 32767 px; wrote 3 pages: out/tall-1.svg … out/tall-3.svg\n"
    )
    // Every row is drawn on some page.
    for row in 0..<1500 {
      #expect(files.values.contains { $0.contains("<title>r\(row) (") }, "r\(row)")
    }
  }

  @Test func maxHeightChoosesThePageSize() throws {
    let (status, io) = run(
      ["render", "tall.json", "--svg", "tall", "--max-height", "10000"], files: ["tall.json": Self.tall])
    #expect(status == .success, "\(io.stderr)")
    #expect(io.written.files.count == 7)
    for page in 1...7 {
      let svg = try #require(io.written.files["tall-\(page)"], "page \(page)")
      #expect(try #require(height(svg)) <= 10_000)
    }
    // A picture that fits is one file, as before.
    let small = #"{"width":300,"sections":[{"items":[{"id":"a","size":{"width":300,"height":40}}]}]}"#
    let (fits, fitsIO) = run(
      ["render", "s.json", "--svg", "s.svg", "--max-height", "1000"], files: ["s.json": small])
    #expect(fits == .success)
    #expect(Array(fitsIO.written.files.keys) == ["s.svg"])
    #expect(fitsIO.stderr.isEmpty)
  }

  @Test func maxHeightIsForPicturesOfTheWholeContent() {
    for arguments in [
      ["render", "tall.json", "--svg", "t.svg", "--max-height", "0"],
      ["render", "tall.json", "--svg", "t.svg", "--max-height", "x"],
      ["render", "tall.json", "--ascii", "--max-height", "1000"],
      [
        "render", "tall.json", "--svg", "t.svg", "--offset", "0", "--viewport-height", "100", "--max-height",
        "1000",
      ],
    ] {
      let (status, io) = run(arguments, files: ["tall.json": Self.tall])
      #expect(status == .usageError, "\(arguments)")
      #expect(io.stderr.hasSuffix("Run `listlayout help render` for usage.\n"), "\(arguments)")
      #expect(io.written.files.isEmpty)
    }
    // Too little room for the content.
    let (status, io) = run(
      ["render", "tall.json", "--svg", "t.svg", "--max-height", "120"], files: ["tall.json": Self.tall])
    #expect(status == .usageError)
    #expect(io.stderr.contains("--max-height 120 cannot hold this picture"))
  }
}
