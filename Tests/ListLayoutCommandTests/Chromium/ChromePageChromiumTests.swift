import Foundation
import ListLayoutCommand
import Testing

/// Loads the HTML page of a feed with a pinned list header and footer and section
/// backgrounds, vertical and horizontal, in headless Chromium: the page's own self-test
/// (every tenth of 800 offsets against a brute-force scan) and, at one offset, every element
/// in the DOM against `layout --offset`. Needs Chromium, so it runs only when
/// `LISTLAYOUT_CHROMIUM_TESTS=1`.
@Suite struct ChromePageChromiumTests {
  struct Element: Equatable, CustomStringConvertible {
    var kind: String
    var section: Int
    var item: Int?
    var frame: [Double]
    var pinned: Bool
    var description: String { "\(kind) \(section).\(item ?? -1) \(frame)\(pinned ? " pinned" : "")" }
  }

  static func feed(horizontal: Bool) -> String {
    var sections: [String] = []
    for s in 0..<30 {
      let cells = (0..<40).map { i in
        #"{"id": "c\#(s)-\#(i)", "size": {"width": \#(60 + (i * 37 + s * 11) % 120), "height": \#(40 + (i * 13) % 50)}}"#
      }
      let background =
        s % 2 == 0 ? #""background": {"id": "bg\#(s)", "insets": {"top": 4, "left": 3}}, "# : ""
      sections.append(
        #"{\#(background)"header": {"height": 30, "id": "h\#(s)"}, "footer": {"height": 12}, "items": [\#(cells.joined(separator: ","))]}"#
      )
    }
    return #"""
      {"width": \#(horizontal ? 500 : 375), "scrollDirection": "\#(horizontal ? "horizontal" : "vertical")",
       "pinSectionFooters": true,
       "header": {"height": 60, "id": "top", "pinned": true}, "footer": {"height": 40, "id": "end", "pinned": true},
       "sections": [\#(sections.joined(separator: ",\n"))]}
      """#
  }

  @Test(
    .enabled(
      if: HTMLPageChromiumTests.enabled,
      "set LISTLAYOUT_CHROMIUM_TESTS=1 to load pages with list headers, backgrounds and a horizontal list in Chromium"
    ),
    .timeLimit(.minutes(10)), arguments: [false, true])
  func pageShowsWhatTheLibraryLists(horizontal: Bool) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "listlayout-chrome-check-\(ProcessInfo.processInfo.processIdentifier)-\(horizontal)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let feedPath = directory.appendingPathComponent("feed.json").path
    let page = directory.appendingPathComponent("page.html").path
    let feed = Self.feed(horizontal: horizontal)
    try feed.write(toFile: feedPath, atomically: true, encoding: .utf8)
    var system = ListLayoutCommand.SystemIO()
    try #require(ListLayoutCommand.run(["render", feedPath, "--html", page], io: &system) == .success)
    let offset = horizontal ? 9000 : 20000
    let length = horizontal ? 900 : 640
    let (status, io) = run(
      ["layout", "feed.json", "--offset", String(offset), "--viewport-height", String(length)],
      files: ["feed.json": feed])
    try #require(status == .success)
    let expected = try JSONSerialization.jsonObject(with: Data(io.stdout.utf8)) as! [String: Any]
    let want = (expected["elements"] as! [[String: Any]]).map { e in
      let frame = e["frame"] as! [String: Double]
      return Element(
        kind: e["kind"] as! String, section: e["section"] as? Int ?? -1, item: e["item"] as? Int,
        frame: [frame["x"]!, frame["y"]!, frame["width"]!, frame["height"]!],
        pinned: e["pinned"] as? Bool ?? false)
    }
    #expect(want.filter(\.pinned).map(\.kind) == ["listHeader", "header", "footer", "listFooter"])

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      ProcessInfo.processInfo.environment["CHROMIUM"] ?? "chromium", "--headless", "--no-sandbox",
      "--disable-gpu",
      "--hide-scrollbars", "--virtual-time-budget=60000", "--window-size=1600,1200", "--dump-dom",
      "file://\(page)#selftest&offset=\(offset)&vh=\(length)",
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
    let report = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    #expect((report["errors"] as! [Any]).isEmpty)
    let selftest = report["selftest"] as! [String: Any]
    #expect((selftest["mismatches"] as! [Any]).isEmpty)
    let frame = report["frame"] as! [String: Any]
    let got = (frame["elements"] as! [[String: Any]]).map { e in
      Element(
        kind: e["kind"] as! String, section: e["section"] as! Int, item: e["item"] as? Int,
        frame: [e["x"] as! Double, e["y"] as! Double, e["width"] as! Double, e["height"] as! Double],
        pinned: e["pinned"] as! Bool)
    }
    #expect(got == want)
  }
}
