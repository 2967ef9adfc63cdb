import Foundation
import ListLayout
import ListLayoutCommand
import Testing

/// The example feeds show what their names and the Examples README say they show.
@Suite struct ExampleFeedShapeTests {
  static func snapshot(_ name: String) throws -> LayoutSnapshot {
    let path = repositoryRoot.appendingPathComponent("Examples").appendingPathComponent(name).path
    return try ListModel(json: try String(contentsOfFile: path, encoding: .utf8)).layout()
  }

  /// In a left-aligned section, the lines after an indenting cell's line start at that cell's
  /// left edge, which is right of where the section's first line starts.
  static func checkHangingIndent(
    _ snapshot: LayoutSnapshot, section: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let cells = snapshot.model.sections[section].cells
    guard let indenting = cells.firstIndex(where: { $0.attributes?.startLineIndentation == true }),
      let indentFrame = snapshot.frame(of: ListIndexPath(item: indenting, section: section)),
      let first = snapshot.frame(of: ListIndexPath(item: 0, section: section))
    else {
      Issue.record("section \(section) has no indenting cell", sourceLocation: sourceLocation)
      return
    }
    #expect(
      indentFrame.minX > first.minX, "the indenting cell starts its line", sourceLocation: sourceLocation)
    var later = 0
    for item in (indenting + 1)..<cells.count {
      guard let frame = snapshot.frame(of: ListIndexPath(item: item, section: section)),
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
    let edges = indenting.compactMap { snapshot.frame(of: ListIndexPath(item: $0, section: 1))?.minX }
    #expect(indenting.count == 3 && edges == edges.sorted() && Set(edges).count == 3, "\(edges)")
    let last = try #require(snapshot.frame(of: ListIndexPath(item: replies.count - 1, section: 1)))
    #expect(last.minX == edges.last, "the last message is under the last indent")
    // Right-aligned: later lines end where the indenting cell ends.
    let total = try #require(snapshot.frame(of: ListIndexPath(item: 0, section: 2)))
    for item in 1..<snapshot.numberOfItems(inSection: 2) {
      let frame = try #require(snapshot.frame(of: ListIndexPath(item: item, section: 2)))
      if frame.minY >= total.maxY { #expect(frame.maxX <= total.maxX, "item \(item) at \(frame)") }
    }
  }

  /// The masonry feed: two adaptive lanes of (357 − 8) / 2 (`minColumnWidth` 150 in 375 minus
  /// the content and section insets), photos staggered into the lane whose bottom is highest,
  /// a full-width banner below both lanes; then three fixed lanes with a cell spanning two.
  @Test func theMasonryFeedStaggersItsLanes() throws {
    let snapshot = try Self.snapshot("masonry.json")
    #expect(snapshot.invariantViolations() == [])
    func frame(_ item: Int, _ section: Int) throws -> Rect {
      try #require(snapshot.frame(of: ListIndexPath(item: item, section: section)))
    }
    // Body top 5 + 44 + 8 = 57; lanes at x 9 and 9 + 174.5 + 8.
    #expect(try frame(0, 0) == Rect(x: 9, y: 57, width: 174.5, height: 220))
    #expect(try frame(1, 0) == Rect(x: 191.5, y: 57, width: 174.5, height: 140))
    // photo-3 goes under the shorter photo-2, photo-4 back under photo-1.
    #expect(try frame(2, 0) == Rect(x: 191.5, y: 57 + 148, width: 174.5, height: 180))
    #expect(try frame(3, 0) == Rect(x: 9, y: 57 + 228, width: 174.5, height: 260))
    // The banner spans both lanes, below the lower one (lane 0's next top 228 + 260 + 8).
    #expect(snapshot.identifier(of: ListIndexPath(item: 4, section: 0)) == "banner")
    #expect(try frame(4, 0) == Rect(x: 9, y: 57 + 496, width: 357, height: 90))
    // Three lanes in the second section; board-wide spans two of them.
    let lane = (365.0 - 12) / 3
    let wide = try frame(2, 1)
    #expect(snapshot.identifier(of: ListIndexPath(item: 2, section: 1)) == "board-wide")
    #expect(wide.width == 2 * lane + 6)
    let xs = Set(try (0..<snapshot.numberOfItems(inSection: 1)).map { try frame($0, 1).minX })
    #expect(xs.isSubset(of: [5, 5 + lane + 6, 5 + 2 * (lane + 6)]))
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
      try #require(snapshot.frame(of: ListIndexPath(item: item, section: section)))
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

/// The feeds of the list's own chrome and of a horizontal list show what the Examples
/// README says.
@Suite struct ChromeExampleFeedTests {
  @Test func homeScreenHasAPinnedBarAndBackgrounds() throws {
    let snapshot = try ExampleFeedShapeTests.snapshot("home-chrome.json")
    let kinds = snapshot.allAttributes().map(\.kind)
    #expect(kinds.first == .listHeader && kinds.last == .listFooter)
    #expect(kinds.filter { $0 == .background }.count == 3)
    // Scrolled into the second section, its header pins right below the search bar.
    let top = try #require(snapshot.sectionFrame(1)).minY + 50
    let frame = snapshot.viewport(scrolledTo: top, length: 640)
    let bar = try #require(frame.elements.first { $0.kind == .listHeader })
    let header = try #require(frame.elements.first { $0.kind == .header && $0.isPinned })
    #expect(bar.isPinned && bar.frame.minY == top)
    #expect(header.indexPath.section == 1 && header.frame.minY == bar.frame.maxY)
    #expect(frame.elements.contains { $0.kind == .listFooter && $0.isPinned && $0.frame.maxY == top + 640 })
  }

  @Test func shelvesScrollAlongX() throws {
    let snapshot = try ExampleFeedShapeTests.snapshot("horizontal-shelves.json")
    #expect(snapshot.scrollAxis == .horizontal)
    #expect(snapshot.contentSize.height == 240)
    let first = try #require(snapshot.sectionFrame(0))
    let second = try #require(snapshot.sectionFrame(1))
    #expect(second.minX == first.maxX + 20 && first.height == 240)
    // Cells fill a column from the top before the next column starts to the right.
    let a = try #require(snapshot.frame(of: ListIndexPath(item: 0, section: 0)))
    let b = try #require(snapshot.frame(of: ListIndexPath(item: 1, section: 0)))
    #expect(b.minX == a.minX && b.minY == a.maxY + 8)
  }
}
