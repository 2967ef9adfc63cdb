import Foundation
import ListLayout
import Testing

@testable import ListLayoutCommand

/// The example feeds show what their names and the Examples README say they show.
@Suite struct ExampleFeedShapeTests {
  static func snapshot(_ name: String) throws -> LayoutSnapshot {
    let path = repositoryRoot.appendingPathComponent("Examples").appendingPathComponent(name).path
    return try ListModel(jsonString: try String(contentsOfFile: path, encoding: .utf8)).layout()
  }

  /// In a left-aligned section, the lines after an indenting cell's line start at that cell's
  /// left edge, which is right of where the section's first line starts.
  static func checkHangingIndent(
    _ snapshot: LayoutSnapshot, section: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let cells = snapshot.model.sections[section].cells
    guard let indenting = cells.firstIndex(where: { $0.attributes?.startLineIndentation == true }),
      let indentFrame = snapshot.frame(of: IndexPath(item: indenting, section: section)),
      let first = snapshot.frame(of: IndexPath(item: 0, section: section))
    else {
      Issue.record("section \(section) has no indenting cell", sourceLocation: sourceLocation)
      return
    }
    #expect(
      indentFrame.minX > first.minX, "the indenting cell starts its line", sourceLocation: sourceLocation)
    var later = 0
    for item in (indenting + 1)..<cells.count {
      guard let frame = snapshot.frame(of: IndexPath(item: item, section: section)),
        frame.minY >= indentFrame.maxY
      else { continue }
      later += 1
      #expect(
        frame.minX >= indentFrame.minX, "item \(item) at \(frame) left of the indent",
        sourceLocation: sourceLocation)
    }
    #expect(later > 0, "no line after the indenting cell's", sourceLocation: sourceLocation)
  }

  @Test func theTagCloudsIndentedSectionIsIndented() throws {
    let snapshot = try Self.snapshot("tag-cloud.json")
    Self.checkHangingIndent(snapshot, section: 1)
  }

  @Test func theIndentationFeedShowsEachKindOfIndentation() throws {
    let snapshot = try Self.snapshot("indentation.json")
    #expect(snapshot.invariantViolations() == [])
    // A hanging indent under the first ingredient.
    Self.checkHangingIndent(snapshot, section: 0)
    // Nested replies: each indenting message lines later lines up further right.
    let replies = snapshot.model.sections[1].cells
    let indenting = replies.indices.filter { replies[$0].attributes?.startLineIndentation == true }
    let edges = indenting.compactMap { snapshot.frame(of: IndexPath(item: $0, section: 1))?.minX }
    #expect(indenting.count == 3 && edges == edges.sorted() && Set(edges).count == 3, "\(edges)")
    let last = try #require(snapshot.frame(of: IndexPath(item: replies.count - 1, section: 1)))
    #expect(last.minX == edges.last, "the last message is under the last indent")
    // Right-aligned: later lines end where the indenting cell ends.
    let total = try #require(snapshot.frame(of: IndexPath(item: 0, section: 2)))
    for item in 1..<snapshot.numberOfItems(inSection: 2) {
      let frame = try #require(snapshot.frame(of: IndexPath(item: item, section: 2)))
      if frame.minY >= total.maxY { #expect(frame.maxX <= total.maxX, "item \(item) at \(frame)") }
    }
  }

  /// The flex tree lays out as CSS flexbox does, frames worked out by hand from its styles.
  @Test func theFlexCardExample() throws {
    let path = "Examples/flex-card.json"
    let text = try String(contentsOfFile: repositoryRoot.appendingPathComponent(path).path, encoding: .utf8)
    let (status, io) = run(["flex", path, "--svg", "card.svg"], files: [path: text])
    #expect(status == .success, "\(io.stderr)")
    let frames = io.stdout
    func has(_ node: String) -> Bool { frames.contains(node) }
    // The root: 12 padding + header 48 + artwork 180 + two chip lines (28 + 6 + 28) + actions
    // 40, three 10-point row gaps, 12 padding.
    #expect(frames.hasPrefix(#"{"id":"card","x":0,"y":0,"width":343,"height":384,"#), "\(frames.prefix(80))")
    // titles grows into what avatar, follow and two 12-point gaps leave of 319.
    #expect(has(#"{"id":"titles","x":60,"y":4,"width":175,"height":40,"#), "\(frames)")
    #expect(has(#"{"id":"follow","x":247,"y":8,"width":72,"height":32,"children":[]}"#), "\(frames)")
    // Four chips fill 318 of 319 points; the fifth wraps, 6 below.
    #expect(has(#"{"id":"chip-live","x":262,"y":0,"width":56,"height":28,"children":[]}"#), "\(frames)")
    #expect(has(#"{"id":"chip-1959","x":0,"y":34,"width":60,"height":28,"children":[]}"#), "\(frames)")
    // space-between puts the duration at the far end, centered on the 40-point button.
    #expect(has(#"{"id":"duration","x":271,"y":12,"width":48,"height":16,"children":[]}"#), "\(frames)")
    let picture = try #require(io.written.files["card.svg"])
    for id in ["card", "titles", "subtitle", "chip-1959"] { #expect(picture.contains(">\(id)</text>")) }
  }

  /// The grid feed: three adaptive columns under a full-row hero, stretched product rows,
  /// dense tiles filling the holes wide tiles leave.
  @Test func theGridExampleShowsItsThreeGrids() throws {
    let snapshot = try Self.snapshot("grid.json")
    #expect(snapshot.invariantViolations() == [])
    func frame(_ item: Int, _ section: Int) throws -> Rect {
      try #require(snapshot.frame(of: IndexPath(item: item, section: section)))
    }
    // 375 − 10 of content insets = 365: (365 + 4) / (110 + 4) = 3.2, three columns of 119.
    let hero = try frame(0, 0)
    #expect(hero.minX == 5 && hero.width == 365)
    let photos = try (1...3).map { try frame($0, 0) }
    #expect(
      photos.map(\.minX) == [5, 128, 251] && photos.allSatisfy { $0.width == 119 && $0.minY == hero.maxY + 4 }
    )
    #expect(try frame(4, 0).minX == 5, "the fourth photo starts the second row")
    // Products: two columns; each row's cells are as tall as its tallest.
    for row in 0..<4 {
      let left = try frame(2 * row, 1)
      let right = try frame(2 * row + 1, 1)
      #expect(left.minY == right.minY && left.height == right.height && left.maxX + 10 == right.minX)
    }
    // Tiles (four columns, dense): tile-3 (span 2) does not fit beside tile-1 and tile-2, so
    // tile-4 fills the hole at the end of the first row.
    let tile1 = try frame(0, 2)
    let tile3 = try frame(2, 2)
    let tile4 = try frame(3, 2)
    #expect(tile3.minY > tile1.maxY && tile4.midY == tile1.midY && tile4.maxX == 370)
  }
}
