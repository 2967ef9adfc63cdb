import Foundation
import ListLayoutCommand
import Testing

/// Loads the HTML page of a feed with separators (flow and grid sections), collapsed
/// sections, stretched lines and per-section pinning, vertical and horizontal, in headless
/// Chromium: the page's own self-test and, at one offset, every element in the DOM against
/// `layout --offset` (separators, and headers pinned by their section's own setting,
/// included). Needs Chromium, so it runs only when `LISTLAYOUT_CHROMIUM_TESTS=1`.
@Suite struct SectionBehaviourChromiumTests {
  static func feed(horizontal: Bool) -> String {
    var sections: [String] = []
    for s in 0..<30 {
      let cells = (0..<40).map { i in
        #"{"id": "c\#(s)-\#(i)", "size": {"width": \#(60 + (i * 37 + s * 11) % 120), "height": \#(40 + (i * 13) % 50)}}"#
      }
      var keys: [String] = []
      if s % 3 != 2 {
        keys.append(
          #""separator": {"thickness": \#(1 + s % 3), "insets": {"left": \#(s % 5 * 4), "right": 6}}"#)
      }
      if s % 4 == 1 { keys.append(#""layout": {"type": "grid", "columns": 3, "rowSpacing": 6}"#) }
      if s % 4 == 2 { keys.append(#""attributes": {"verticalAlignment": "stretch", "lineSpacing": 8}"#) }
      if s % 7 == 3 { keys.append(#""collapsed": true"#) }
      if s % 5 == 0 { keys.append(#""pinHeader": false"#) }
      if s % 6 == 1 { keys.append(#""pinFooter": true"#) }
      sections.append(
        #"{\#(keys.map { $0 + ", " }.joined())"header": {"height": 30, "id": "h\#(s)"}, "footer": {"height": 12}, "items": [\#(cells.joined(separator: ","))]}"#
      )
    }
    return #"""
      {"width": \#(horizontal ? 500 : 375), "scrollDirection": "\#(horizontal ? "horizontal" : "vertical")",
       "layoutDirection": "\#(horizontal ? "ltr" : "rtl")",
       "sections": [\#(sections.joined(separator: ",\n"))]}
      """#
  }

  @Test(
    .enabled(
      if: HTMLPageChromiumTests.enabled,
      "set LISTLAYOUT_CHROMIUM_TESTS=1 to load pages with separators and collapsed sections in Chromium"),
    .timeLimit(.minutes(10)), arguments: [false, true])
  func pageShowsWhatTheLibraryLists(horizontal: Bool) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "listlayout-behaviour-check-\(ProcessInfo.processInfo.processIdentifier)-\(horizontal)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let feedPath = directory.appendingPathComponent("feed.json").path
    let page = directory.appendingPathComponent("page.html").path
    let feed = Self.feed(horizontal: horizontal)
    try feed.write(toFile: feedPath, atomically: true, encoding: .utf8)
    var system = ListLayoutCommand.SystemIO()
    try #require(ListLayoutCommand.run(["render", feedPath, "--html", page], io: &system) == .success)
    // Offsets inside a section whose header pins and one whose header does not (pinHeader false).
    for offset in horizontal ? [3000, 9100] : [5000, 20000] {
      let length = horizontal ? 900 : 640
      let (status, io) = run(
        ["layout", "feed.json", "--offset", String(offset), "--viewport-height", String(length)],
        files: ["feed.json": feed])
      try #require(status == .success)
      let expected = try JSONSerialization.jsonObject(with: Data(io.stdout.utf8)) as! [String: Any]
      let want = (expected["elements"] as! [[String: Any]]).map { e in
        let frame = e["frame"] as! [String: Double]
        return ChromePageChromiumTests.Element(
          kind: e["kind"] as! String, section: e["section"] as? Int ?? -1, item: e["item"] as? Int,
          frame: [frame["x"]!, frame["y"]!, frame["width"]!, frame["height"]!],
          pinned: e["pinned"] as? Bool ?? false)
      }
      #expect(want.contains { $0.kind == "separator" })
      let report = try Self.report(page: page, offset: offset, length: length)
      #expect((report["errors"] as! [Any]).isEmpty)
      let selftest = report["selftest"] as! [String: Any]
      #expect((selftest["mismatches"] as! [Any]).isEmpty)
      let frame = report["frame"] as! [String: Any]
      let got = (frame["elements"] as! [[String: Any]]).map { e in
        ChromePageChromiumTests.Element(
          kind: e["kind"] as! String, section: e["section"] as! Int, item: e["item"] as? Int,
          frame: [e["x"] as! Double, e["y"] as! Double, e["width"] as! Double, e["height"] as! Double],
          pinned: e["pinned"] as! Bool)
      }
      #expect(got == want, "offset \(offset)")
    }
  }

  /// The page's report at `offset` (with its self-test), as Chromium runs it.
  static func report(page: String, offset: Int, length: Int) throws -> [String: Any] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      ProcessInfo.processInfo.environment["CHROMIUM"] ?? "chromium", "--headless", "--no-sandbox",
      "--disable-gpu", "--hide-scrollbars", "--virtual-time-budget=60000", "--window-size=1600,1200",
      "--dump-dom", "file://\(page)#selftest&offset=\(offset)&vh=\(length)",
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = Pipe()
    try process.run()
    let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let start = try #require(dom.range(of: "<pre id=\"report\">"))
    let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
    let text = String(dom[start.upperBound..<end.lowerBound])
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    return try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
  }
}
