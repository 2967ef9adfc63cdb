import Foundation
import ListLayout
import Testing

@testable import ListLayoutCommand

/// `listlayout scroll`: one JSON line for the start and one per event.
@Suite struct ScrollCommandTests {
  static let feed = """
    {"width": 200, "contentInsets": {"top":0,"left":0,"bottom":0,"right":0}, "sections": [
     {"id": "top", "header": {"height": 20, "id": "h"}, "items": [
      {"id": "a", "size": {"width": 200, "height": 40}}, {"id": "b", "size": {"width": 200, "height": 40}},
      {"id": "c", "size": {"width": 200, "height": 40}}, {"id": "d", "size": {"width": 200, "height": 40}}]}]}
    """

  /// Runs `scroll` with `events` on standard input, fed in chunks of `chunk` bytes.
  static func scroll(
    _ arguments: [String], events: [String], chunk: Int = 7
  ) -> (ListLayoutCommand.Status, [String], String) {
    var io = MemoryIO(files: ["feed.json": feed])
    let input = Array(events.joined(separator: "\n").utf8)
    var position = 0
    let status = ScrollCommand.run(["feed.json"] + arguments, io: &io) {
      guard position < input.count else { return nil }
      let end = min(input.count, position + chunk)
      defer { position = end }
      return Array(input[position..<end])
    }
    let lines = io.stdout.split(separator: "\n").map(String.init)
    return (status, lines, io.stderr)
  }

  static func object(_ line: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  @Test func answersTheStartAndEveryEvent() throws {
    let (status, lines, stderr) = Self.scroll(
      ["--height", "100", "--top-inset", "10"],
      events: [
        #"{"scrollBy": 30}"#, #"{"measure": {"a": {"width": 200, "height": 60}}}"#,
        #"{"jump": {"id": "d", "alignment": "bottom"}}"#, "", #"{"save": true}"#,
        #"{"measure": {"zz": {"width": 1, "height": 2}}}"#, #"{"fling": -3000}"#, #"{"bogus": 1}"#,
      ])
    #expect(status == .success, "\(stderr)")
    #expect(lines.count == 8)
    #expect(
      lines[0]
        == #"{"offset":-10,"contentLength":195,"minOffset":-10,"maxOffset":95,"visible":[[0,0],[0,1]],"appeared":[[0,0],[0,1]],"disappeared":[],"anchor":[0,0],"atStart":true,"nearStart":true,"atEnd":false,"nearEnd":false,"carouselOffsets":{},"listHeader":null}"#
    )
    let scrolled = try Self.object(lines[1])
    #expect(scrolled["offset"] as? Double == 20)
    #expect(scrolled["appeared"] as? [[Int]] == [[0, 2]])
    // The measured cell grows below the anchor's start: nothing moves.
    let measured = try Self.object(lines[2])
    #expect(measured["offset"] as? Double == 20)
    #expect(measured["contentLength"] as? Double == 215)
    let jumped = try Self.object(lines[3])
    #expect(jumped["offset"] as? Double == 115)
    #expect(jumped["atEnd"] as? Bool == true)
    let saved = try Self.object(lines[4])
    let state = try #require(saved["state"] as? [String: Any])
    #expect(state["anchor"] as? String == "c")
    #expect(state["distance"] as? Double == 5)
    #expect((state["jump"] as? [String: Any])?["id"] as? String == "d")
    // A bad event is answered with an error and changes nothing.
    #expect(
      lines[5]
        == #"{"error":{"kind":"unknownIdentifier","path":"measure.zz","message":"no cell has the identifier 'zz'","line":1,"column":20}}"#
    )
    let flung = try Self.object(lines[6])
    #expect(flung["offset"] as? Double == -10)
    #expect(lines[7].hasPrefix(#"{"error":{"kind":"unknownKey","path":"bogus""#))
  }

  @Test func savedStatesRestore() throws {
    let (_, first, _) = Self.scroll(["--height", "60"], events: [#"{"scrollTo": 70}"#, #"{"save": true}"#])
    let state = try #require(try Self.object(first[2])["state"] as? [String: Any])
    let json = String(decoding: try JSONSerialization.data(withJSONObject: state), as: UTF8.self)
    let (status, lines, _) = Self.scroll(["--height", "60"], events: [#"{"restore": \#(json)}"#])
    #expect(status == .success)
    #expect(try Self.object(lines[1])["offset"] as? Double == 70)
  }

  @Test func optionsAndStart() throws {
    let (status, lines, stderr) = Self.scroll(
      [
        "--height", "100", "--start", "c:center", "--gravity", "bottom", "--snap", "cells", "--follow-end",
        "--load-threshold", "0.5", "--deceleration", "0.99", "--list-header-mode", "quickReturn", "--width",
        "300",
      ],
      events: [
        #"{"update": {"width": 200, "sections": [{"items": [{"id": "c", "size": {"width": 20, "height": 40}}]}]}}"#
      ])
    #expect(status == .success, "\(stderr)")
    let start = try Self.object(lines[0])
    // c spans 110 ... 150: its middle at the middle of 100 points.
    #expect(start["offset"] as? Double == 80)
    // The update lays out at the session's width, and the pending jump aligns c again.
    let updated = try Self.object(lines[1])
    #expect(updated["visible"] as? [[Int]] == [[0, 0]])
  }

  @Test(arguments: [
    (["--height", "-1"], "--height must be at least 0"),
    ([String](), "--height is required"),
    (["--height", "10", "--gravity", "up"], "--gravity is one of top, bottom, got 'up'"),
    (["--height", "10", "--deceleration", "1"], "--deceleration must be less than 1"),
    (["--height", "10", "--start", "nowhere"], "no cell has the identifier 'nowhere'"),
  ])
  func badUsage(arguments: [String], message: String) {
    let (status, _, stderr) = Self.scroll(arguments, events: [])
    #expect(status == .usageError)
    #expect(stderr.contains(message), "\(stderr)")
  }

  @Test func errorsNameTheirKeyPath() {
    let (_, lines, _) = Self.scroll(
      ["--height", "100"],
      events: [
        #"{"scrollTo": "x"}"#, #"{"scrollCarousel": {"section": 0, "to": 5}}"#,
        #"{"jump": {"item": [0, 9]}}"#, #"{"measure": {"a": {"width": -1, "height": 1}}}"#,
        #"{"scrollBy": 1, "fling": 2}"#, "{}",
        #"{"update": {"width": 200, "sections": [{"items": [{"size": 5}]}]}}"#,
        #"{"flingCarousel": {"section": 0, "to": 5}}"#,
      ])
    let paths = lines.dropFirst().map { line in
      (try? Self.object(line)).flatMap { ($0["error"] as? [String: Any])?["path"] as? String } ?? "none"
    }
    #expect(
      paths == [
        "scrollTo", "scrollCarousel.section", "jump.item", "measure.a.width", "fling", "",
        "update.sections[0].items[0].size",
        "flingCarousel.to",
      ])
  }

  @Test func theHelpAndTheCommandList() {
    var io = MemoryIO()
    #expect(ListLayoutCommand.run(["scroll", "--help"], io: &io) == .success)
    #expect(io.stdout.contains("{\"scrollCarousel\": {\"section\": s, \"to\": x}}"))
    var top = MemoryIO()
    _ = ListLayoutCommand.run(["help"], io: &top)
    #expect(top.stdout.contains("scroll FEED.json --height H"))
  }
}
