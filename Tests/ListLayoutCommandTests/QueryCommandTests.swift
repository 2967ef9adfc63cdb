import Foundation
import ListLayout
import Testing

@testable import ListLayoutCommand

/// `listlayout query`: one JSON answer per query line, worked out by hand on a small feed.
@Suite struct QueryCommandTests {
  /// Section 0: a header (20) and a flow of a, b, c (100 × 50 each, one line) and d (the next
  /// line); section 1 at y 130: a header (20) and a grid of 2 columns (150 wide) of e, f, g
  /// (40 tall); section 2 at 240: only a header (30); section 3 at 280: a carousel of three
  /// cells 200 × 60, 10 apart (x 0, 210, 420), 620 wide.
  static let feed = """
    {"width": 300, "contentInsets": {"top": 0, "left": 0, "bottom": 0, "right": 0}, "sectionSpacing": 10,
     "defaultSectionAttributes": {"itemSpacing": 0, "lineSpacing": 0},
     "sections": [
      {"header": {"height": 20}, "items": [
        {"id": "a", "size": {"width": 100, "height": 50}}, {"id": "b", "size": {"width": 100, "height": 50}},
        {"id": "c", "size": {"width": 100, "height": 50}}, {"id": "d", "size": {"width": 100, "height": 50}}]},
      {"header": {"height": 20}, "layout": {"type": "grid", "columns": 2, "columnSpacing": 0, "rowSpacing": 0},
       "items": [{"id": "e", "size": {"width": 1, "height": 40}}, {"id": "f", "size": {"width": 1, "height": 40}},
                 {"id": "g", "size": {"width": 1, "height": 40}}]},
      {"header": {"height": 30}, "items": []},
      {"layout": {"type": "carousel", "itemSpacing": 10}, "items": [
        {"id": "k0", "size": {"width": 200, "height": 60}}, {"id": "k1", "size": {"width": 200, "height": 60}},
        {"id": "k2", "size": {"width": 200, "height": 60}}]}]}
    """

  /// Runs `query` with `lines` on standard input, fed in chunks of `chunk` bytes.
  static func query(
    _ arguments: [String], _ lines: [String], chunk: Int = 5
  ) -> (ListLayoutCommand.Status, [String], String) {
    var io = MemoryIO(files: ["feed.json": feed])
    let input = Array(lines.joined(separator: "\n").utf8)
    var position = 0
    let status = QueryCommand.run(["feed.json"] + arguments, io: &io) {
      guard position < input.count else { return nil }
      let end = min(input.count, position + chunk)
      defer { position = end }
      return Array(input[position..<end])
    }
    return (
      status, io.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), io.stderr
    )
  }

  static func move(_ dragging: [Int], _ point: [Double], between: Bool = true) -> String {
    #"{"moveTarget": {"dragging": \#(dragging), "point": \#(point), "betweenSections": \#(between)}}"#
  }

  @Test func dropTargets() {
    let cases: [(String, String)] = [
      (Self.move([0, 0], [150, 40]), #"{"target":[0,1]}"#),  // over b
      (Self.move([0, 0], [250, 100]), #"{"target":[0,2]}"#),  // below c: c is 30 away, d 150
      (Self.move([0, 0], [150, 125]), #"{"target":[0,3]}"#),  // 5 from both sections: the earlier; d nearest
      (Self.move([0, 0], [150, 127]), #"{"target":[1,0]}"#),  // section 1; e and f 23 away: the lower
      (Self.move([0, 0], [200, 225]), #"{"target":[1,3]}"#),  // past g's centre (210): the end
      (Self.move([1, 0], [200, 225]), #"{"target":[1,1]}"#),  // its own section: f (35) nearer than g (50)
      (Self.move([0, 0], [10, 250]), #"{"target":[2,0]}"#),  // a section without cells
      (Self.move([0, 0], [10, 250], between: false), #"{"target":[0,3]}"#),
      (Self.move([0, 0], [55, 300]), #"{"target":[3,0]}"#),  // between k0 (ends 50) and k1 (60): the lower
      (Self.move([0, 0], [58, 300]), #"{"target":[3,1]}"#),
      (Self.move([0, 0], [58, 320]), #"{"target":[3,3]}"#),  // past k2's centre (310)
      (Self.move([0, 0], [301, 10]), #"{"target":null}"#),
      (Self.move([0, 0], [0, 340]), #"{"target":[3,3]}"#),  // the content's corner is in it
      (Self.move([0, 0], [0, 340.5]), #"{"target":null}"#),
    ]
    let (status, lines, stderr) = Self.query(["--scroll", "3=150"], cases.map(\.0))
    #expect(status == .success, "\(stderr)")
    for (k, (query, answer)) in cases.enumerated() {
      #expect(lines[k] == answer, "\(query)")
    }
  }

  @Test func aPreviewIsTheLayoutWithTheMoveApplied() throws {
    let (_, lines, _) = Self.query(
      [],
      [
        #"{"moveTarget": {"dragging": [0, 0], "point": [250, 40], "preview": true}}"#,
        Self.move([0, 0], [-1, 0]),
      ])
    let answer = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    #expect(answer["target"] as? [Int] == [0, 2])
    let preview = try #require(answer["preview"] as? [String: Any])
    let elements = try #require(preview["elements"] as? [[String: Any]])
    let xs = ["a", "b", "c"].map { id in
      (elements.first { $0["id"] as? String == id }?["frame"] as? [String: Double])?["x"]
    }
    #expect(xs == [200, 0, 100])
    #expect(lines[1] == #"{"target":null}"#)
  }

  @Test func autoScrollSpeeds() {
    let cases: [(String, String)] = [
      (#"{"autoScroll": {"point": 30, "offset": 0, "height": 600}}"#, #"{"speed":-600}"#),
      (#"{"autoScroll": {"point": 580, "offset": 0, "height": 600}}"#, #"{"speed":800}"#),
      (#"{"autoScroll": {"point": 300, "offset": 0, "height": 600}}"#, #"{"speed":0}"#),
      (#"{"autoScroll": {"point": -5, "offset": 0, "height": 600}}"#, #"{"speed":-1200}"#),
      (#"{"autoScroll": {"point": 700, "offset": 0, "height": 600}}"#, #"{"speed":1200}"#),
      (
        #"{"autoScroll": {"point": 1070, "offset": 1000, "height": 150, "edgeZone": 100, "maxSpeed": 1000}}"#,
        #"{"speed":-300}"#
      ),  // both zones hold: the leading one wins
    ]
    let (_, lines, _) = Self.query([], cases.map(\.0))
    for (k, (query, answer)) in cases.enumerated() { #expect(lines[k] == answer, "\(query)") }
  }

  @Test func focusSteps() {
    func focus(_ from: [Int], _ direction: String) -> String {
      #"{"focus": {"from": \#(from), "direction": "\#(direction)"}}"#
    }
    let cases: [(String, String)] = [
      (focus([0, 0], "down"), #"{"to":[0,3],"carouselOffset":null}"#),
      (focus([0, 0], "right"), #"{"to":[0,1],"carouselOffset":null}"#),
      (focus([0, 0], "left"), #"{"to":null,"carouselOffset":null}"#),
      (focus([0, 0], "up"), #"{"to":null,"carouselOffset":null}"#),
      (focus([0, 2], "down"), #"{"to":[1,1],"carouselOffset":null}"#),  // f in the beam, 80 below
      (focus([0, 3], "right"), #"{"to":[0,1],"carouselOffset":null}"#),  // none in the beam: b scores 2,500
      (focus([3, 1], "right"), #"{"to":[3,2],"carouselOffset":320}"#),
      (focus([3, 1], "left"), #"{"to":[3,0],"carouselOffset":0}"#),
      (focus([3, 2], "right"), #"{"to":null,"carouselOffset":null}"#),
      (focus([1, 2], "down"), #"{"to":[3,0],"carouselOffset":0}"#),  // k0's visible part is nearer across
      (focus([1, 2], "forward"), #"{"to":[3,0],"carouselOffset":0}"#),
      (focus([3, 0], "backward"), #"{"to":[1,2],"carouselOffset":null}"#),
      // g (50 above) is in the beam of k1's visible 60 ..< 260.
      (focus([3, 1], "up"), #"{"to":[1,2],"carouselOffset":null}"#),
    ]
    let (_, lines, _) = Self.query(["--scroll", "3=150"], cases.map(\.0))
    for (k, (query, answer)) in cases.enumerated() { #expect(lines[k] == answer, "\(query)") }
  }

  @Test func accessibility() {
    let (_, lines, _) = Self.query([], [#"{"accessibility": [1, 2]}"#, #"{"accessibility": [0, 1]}"#])
    #expect(
      lines[0]
        == #"{"posinset":3,"setsize":3,"row":2,"column":1,"rowSpan":1,"columnSpan":1,"rowCount":2,"columnCount":2}"#
    )
    #expect(lines[1] == #"{"posinset":2,"setsize":4}"#)
  }

  @Test func badQueriesAreTypedErrorsAndTheProcessGoesOn() throws {
    let (status, lines, _) = Self.query(
      [],
      [
        #"{"moveTarget": {"dragging": [0], "point": [1, 2]}}"#,
        #"{"focus": {"from": [0, 0], "direction": "sideways"}}"#,
        "not json",
        #"{"moveTarget": {"dragging": [0, 0], "point": [1, 2], "scroll": {"0": 5}}}"#,
        #"{"focus": {"from": [9, 9], "direction": "down"}}"#,
        #"{"accessibility": [0, 4]}"#,
        #"{"autoScroll": {"point": 1, "offset": 0}}"#,
        #"{"focus": {"from": [0, 0], "direction": "down"}, "accessibility": [0, 0]}"#,
        #"{"autoScroll": {"point": 1, "offset": 0, "height": -1}}"#,
        #"{"accessibility": [0, 0]}"#,
      ])
    #expect(status == .success)
    let paths = try lines.prefix(9).map { line -> String in
      let answer = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
      let error = try #require(answer["error"] as? [String: Any], "\(line)")
      #expect(error["line"] as? Int == 1 && (error["column"] as? Int ?? 0) >= 1)
      return "\(error["kind"] ?? "") \(error["path"] ?? "")"
    }
    #expect(
      paths == [
        "invalidValue moveTarget.dragging", "invalidValue focus.direction", "syntax ",
        "invalidValue moveTarget.scroll.0", "invalidValue focus.from", "invalidValue accessibility",
        "missingKey autoScroll", "invalidValue accessibility", "invalidValue autoScroll.height",
      ])
    #expect(lines[9] == #"{"posinset":1,"setsize":4}"#)
  }

  /// A collapsed section's cells: queries about them say why there is no cell; a drop over
  /// the section targets item 0 of it, and the preview shows the dragged cell nowhere.
  @Test func cellsOfACollapsedSection() throws {
    let feed = """
      {"width": 300, "contentInsets": {"top": 0, "left": 0, "bottom": 0, "right": 0}, "sectionSpacing": 10,
       "sections": [
        {"items": [{"id": "a", "size": {"width": 300, "height": 50}}, {"id": "b", "size": {"width": 300, "height": 50}}]},
        {"header": {"height": 30, "id": "h"}, "collapsed": true, "items": [{"id": "k", "size": {"width": 100, "height": 40}}]}]}
      """
    var io = MemoryIO(files: ["feed.json": feed])
    let input = Array(
      [
        #"{"focus": {"from": [1, 0], "direction": "down"}}"#, #"{"accessibility": [1, 0]}"#,
        #"{"moveTarget": {"dragging": [0, 0], "point": [10, 120], "preview": true}}"#,
      ].joined(separator: "\n").utf8)
    var given = false
    let status = QueryCommand.run(["feed.json"], io: &io) {
      defer { given = true }
      return given ? nil : input
    }
    #expect(status == .success)
    let lines = io.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    for line in lines.prefix(2) {
      #expect(line.contains("there is no cell [1,0] (section 1 is collapsed"), "\(line)")
    }
    let answer = try #require(
      try JSONSerialization.jsonObject(with: Data(lines[2].utf8)) as? [String: Any], "\(lines[2])")
    #expect(answer["target"] as? [Int] == [1, 0])
    let preview = try #require(answer["preview"] as? [String: Any])
    let elements = try #require(preview["elements"] as? [[String: Any]])
    // The header moved up by the line a took (50); no cell but b, now item 0 at the top.
    let cells = elements.filter { $0["kind"] as? String == "cell" }
    #expect(cells.map { $0["id"] as? String } == ["b"])
    let header = try #require(elements.first { $0["kind"] as? String == "header" })
    let frame = try #require(header["frame"] as? [String: Double])
    #expect(frame["y"] == 60)
  }

  @Test func usageErrors() {
    var io = MemoryIO(files: ["feed.json": Self.feed])
    #expect(QueryCommand.run(["feed.json", "--scroll", "0=5"], io: &io) { nil } == .usageError)
    #expect(io.stderr.contains("--scroll 0=5"))
    io = MemoryIO(files: ["feed.json": Self.feed])
    #expect(QueryCommand.run(["-"], io: &io) { nil } == .usageError)
    io = MemoryIO(files: ["feed.json": Self.feed])
    #expect(ListLayoutCommand.run(["query", "--help"], io: &io) == .success)
    #expect(io.stdout.contains("moveTarget"))
  }
}
