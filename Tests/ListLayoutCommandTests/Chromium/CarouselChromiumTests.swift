import Foundation
import ListLayoutCommand
import Testing

/// Scrolls carousels sideways on the HTML page in headless Chromium and compares what the
/// page shows with `layout --scroll`; then swipes three of them with a sideways wheel event
/// and checks that each comes to rest at the nearest of the snap offsets `layout` reports
/// (by page, by item), or where the swipe left it (no paging). Needs Chromium and Python 3:
/// runs only when `LISTLAYOUT_CHROMIUM_TESTS=1`.
@Suite struct CarouselChromiumTests {
  /// 120 sections: every other one a carousel of 80 cells (widths 60 to 199, heights 40 to
  /// 129, the band the tallest; paged by item, not paged, and paged by page in turn), the
  /// others flows of 30 cells; headers pin.
  static func feed() -> String {
    var sections: [String] = []
    for s in 0..<120 {
      var items: [String] = []
      for i in 0..<(s % 2 == 0 ? 80 : 30) {
        let width = s % 2 == 0 ? 60 + (i * 37 + s * 11) % 140 : 100 + (i * 13) % 80
        let height = 40 + (i * 29 + s * 7) % 90
        items.append(#"{"id":"s\#(s)-\#(i)","size":{"width":\#(width),"height":\#(height)}}"#)
      }
      let paging = ["item", "none", "page"][s / 2 % 3]
      let layout = s % 2 == 0 ? #","layout":{"type":"carousel","itemSpacing":8,"paging":"\#(paging)"}"# : ""
      sections.append(
        #"{"header":{"height":30,"id":"h\#(s)"}\#(layout),"items":[\#(items.joined(separator: ","))]}"#)
    }
    return #"{"width":375,"sections":[\#(sections.joined(separator: ",\n"))]}"#
  }

  @Test(
    .enabled(
      if: HTMLPageChromiumTests.enabled,
      "set LISTLAYOUT_CHROMIUM_TESTS=1 to scroll carousels on the HTML page in headless Chromium"),
    .timeLimit(.minutes(10)))
  func scrolledCarouselsOnThePageMatchLayoutScroll() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "listlayout-carousel-check-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let feedText = Self.feed()
    let feed = directory.appendingPathComponent("feed.json").path
    try feedText.write(toFile: feed, atomically: true, encoding: .utf8)
    var system = ListLayoutCommand.SystemIO()
    let page = directory.appendingPathComponent("page.html").path
    try #require(ListLayoutCommand.run(["render", feed, "--html", page], io: &system) == .success)
    // A viewport from just above section 40, with the carousels in it scrolled sideways.
    let (whole, wholeIO) = run(["layout", "feed.json"], files: ["feed.json": feedText])
    try #require(whole == .success)
    let all = try #require(
      (try JSONSerialization.jsonObject(with: Data(wholeIO.stdout.utf8)) as? [String: Any])?["sections"]
        as? [[String: Any]])
    let top = try #require((all[40]["frame"] as? [String: Double])?["y"])
    let offset = Int(top) - 100
    let scroll = [40: 1_234.5, 42: 333, 44: 5_000]
    let (laidOut, layoutIO) = run(
      ["layout", "feed.json", "--offset", String(offset), "--viewport-height", "640"]
        + scroll.sorted { $0.key < $1.key }.flatMap { ["--scroll", "\($0.key)=\($0.value)"] },
      files: ["feed.json": feedText])
    try #require(laidOut == .success, "\(layoutIO.stderr)")
    let sections = try #require(
      (try JSONSerialization.jsonObject(with: Data(layoutIO.stdout.utf8)) as? [String: Any])?["sections"]
        as? [[String: Any]])
    let shown = sections.compactMap { $0["index"] as? Int }
    try #require(shown.contains { scroll[$0] != nil }, "sections \(shown) in the viewport")
    let scrollJSON = scroll.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ")
    // Then swipes: section 40 is paged by page, 42 by item, 44 not at all. Where each stands
    // after its swipe is no snap offset, so only snapping can bring it to rest at one.
    let swipe = [40: 777.0, 42: 100, 44: 50]
    var swipes: [String] = []
    for (section, dx) in swipe.sorted(by: { $0.key < $1.key }) {
      let entry = all[section]
      let offsets = try #require(entry["snapOffsets"] as? [Double])
      let maximum = try #require(entry["contentWidth"] as? Double) - 375
      let moved = min(max(scroll[section, default: 0] + dx, 0), maximum)
      #expect(!offsets.contains(moved), "section \(section): \(moved) is a snap offset already")
      #expect(offsets.isEmpty == (section == 44))
      swipes.append(
        "{\"section\": \(section), \"dx\": \(dx), \"maximumOffset\": \(maximum), \"snapOffsets\": \(offsets)}"
      )
    }
    let expected =
      "{\"offset\": \(offset), \"viewportHeight\": 640, \"scroll\": {\(scrollJSON)}, "
      + "\"swipes\": [\(swipes.joined(separator: ", "))], \"layout\": \(layoutIO.stdout)}"
    try expected.write(
      toFile: directory.appendingPathComponent("expected.json").path, atomically: true, encoding: .utf8)

    let text = try HTMLPageChromiumTests.runPageCheck(in: directory)
    #expect(text.contains("OK"))
    #expect(text.contains("swipes:            3 (all at rest where they may be)"), "\(text)")
  }
}
