import Foundation
import LayoutGeometry
import ListLayout
import Testing

/// Stretched flow lines (`verticalAlignment: "stretch"`) against Chromium
/// (`Scripts/stretch-fixtures/generate.py`): each fixture's feed laid out as CSS flexbox with
/// `align-items: stretch`, every cell's height its `min-height` and its insets its margins,
/// some with Hub's default manager. Each is checked as given, and transposed into a
/// horizontal list (every size, inset and expected frame transposed).
@Suite struct StretchFixtureTests {
  static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/stretch")
  static let names: [String] = FlowFixtureTests.names(in: directory)

  @Test func corpusIsLarge() {
    #expect(Self.names.count >= 70)
  }

  @Test func everyFixtureMatchesChromium() throws {
    for name in Self.names {
      do { try check(name, horizontal: false) } catch { Issue.record(error, "\(name)") }
    }
  }

  @Test func everyLeftToRightFixtureMatchesChromiumTransposedInAHorizontalList() throws {
    for name in Self.names {
      do { try check(name, horizontal: true) } catch { Issue.record(error, "\(name)") }
    }
  }

  /// A stretched line really stretches: some cell of the corpus is taller than its own
  /// height (the fixtures would not test the rule otherwise).
  @Test func theCorpusStretchesCells() throws {
    let data = try Data(contentsOf: Self.directory.appendingPathComponent(Self.names[0]))
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let feed = try #require(document["feed"] as? [String: Any])
    let sections = try #require(feed["sections"] as? [[String: Any]])
    let items = try #require(sections[0]["items"] as? [[String: Any]])
    let first = try #require(items[0]["size"] as? [String: Double])
    let expected = try #require((document["expected"] as? [String: Any])?["elements"] as? [[String: Any]])
    let frame = try #require(expected[0]["frame"] as? [String: Double])
    #expect(frame["height"]! > first["height"]!)
  }

  func check(_ name: String, horizontal: Bool) throws {
    let data = try Data(contentsOf: Self.directory.appendingPathComponent(name))
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var feed = try #require(document["feed"] as? [String: Any])
    if horizontal {
      guard feed["layoutDirection"] as? String != "rtl" else { return }
      feed = Self.transposedFeed(feed)
    }
    let bytes = try JSONSerialization.data(withJSONObject: feed, options: [.sortedKeys])
    let expected = try #require(document["expected"] as? [String: Any])
    let elements = try #require(expected["elements"] as? [[String: Any]])
    let size = try #require(expected["contentSize"] as? [String: Double])
    let snapshot = try ListModel(json: bytes).layout()
    let actual = snapshot.allAttributes()
    let wantedLength = size["height"]!
    #expect(snapshot.contentLength == wantedLength, "\(name) content length \(snapshot.contentLength)")
    try #require(
      actual.count == elements.count, "\(name): \(actual.count) elements, Chromium \(elements.count)")
    for (element, wanted) in zip(actual, elements) {
      let f = try #require(wanted["frame"] as? [String: Double])
      var rect = Rect(x: f["x"]!, y: f["y"]!, width: f["width"]!, height: f["height"]!)
      if horizontal { rect = Rect(x: rect.y, y: rect.x, width: rect.height, height: rect.width) }
      #expect(
        element.kind.rawValue == wanted["kind"] as? String && element.frame == rect,
        "\(name)\(horizontal ? " (horizontal)" : ""): \(element) != \(rect)")
    }
  }

  /// The feed of the transposed list: horizontal, every size and inset transposed (headers'
  /// and footers' heights are already along the scroll axis).
  static func transposedFeed(_ feed: [String: Any]) -> [String: Any] {
    func insets(_ value: Any?) -> Any? {
      guard let i = value as? [String: Any] else { return value }
      return [
        "top": i["left"] ?? 0, "left": i["top"] ?? 0, "bottom": i["right"] ?? 0, "right": i["bottom"] ?? 0,
      ]
    }
    var feed = feed
    feed["scrollDirection"] = "horizontal"
    feed["contentInsets"] = insets(feed["contentInsets"])
    var sections: [[String: Any]] = []
    for var section in feed["sections"] as? [[String: Any]] ?? [] {
      if var attributes = section["attributes"] as? [String: Any] {
        attributes["insets"] = insets(attributes["insets"])
        section["attributes"] = attributes
      }
      var items: [[String: Any]] = []
      for var item in section["items"] as? [[String: Any]] ?? [] {
        if let size = item["size"] as? [String: Any] {
          item["size"] = ["width": size["height"]!, "height": size["width"]!]
        }
        if var attributes = item["attributes"] as? [String: Any] {
          attributes["insets"] = insets(attributes["insets"])
          item["attributes"] = attributes
        }
        items.append(item)
      }
      section["items"] = items
      sections.append(section)
    }
    feed["sections"] = sections
    return feed
  }
}
