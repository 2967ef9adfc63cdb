import Foundation
import LayoutGeometry
import ListLayout
import Testing

/// Browser-computed fixtures (Chromium): each file holds a feed and the frames its CSS
/// equivalent gets, flow sections as CSS flexbox (`Scripts/flow-fixtures/generate.py`, exact)
/// and grid sections as CSS Grid (`Scripts/grid-fixtures/generate.py`, within 1/32 pt: the
/// browser rounds column widths to 1/64). One runner checks them all and prints input,
/// expected and actual on failure.
@Suite struct FlowFixtureTests {
  static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/flow")
  static let gridDirectory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/grid")

  static let fixtureNames: [String] = names(in: directory)
  static let gridFixtureNames: [String] = names(in: gridDirectory)

  static func names(in directory: URL) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }

  /// Where FSQ's rules, which the library follows, differ from CSS on purpose. Each entry
  /// names the fixture and the content height FSQ gives.
  static let fsqDivergences: [String: Double] = [
    // FSQ reports a content height of 0 when no section has any extent (its
    // `totalSizeOfContent.height == contentInsets.top` rule); CSS keeps the padding.
    "0081-no-sections-empty-items.json": 0
  ]

  @Test func corpusIsLarge() {
    #expect(Self.fixtureNames.count >= 150)
  }

  /// Every fixture in one test: a passing run prints one line, a failing fixture records
  /// issues naming it, with its input, expected and actual frames.
  @Test func everyFixtureMatchesChromium() {
    for name in Self.fixtureNames {
      do { try fixture(name) } catch { Issue.record(error, "\(name)") }
    }
  }

  func fixture(_ name: String, in directory: URL = Self.directory, tolerance: Double = 1e-9) throws {
    let data = try Data(contentsOf: directory.appendingPathComponent(name))
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let feed = try JSONSerialization.data(
      withJSONObject: try #require(document["feed"]), options: [.sortedKeys])
    let expected = try #require(document["expected"] as? [String: Any])
    let expectedElements = try #require(expected["elements"] as? [[String: Any]])
    var expectedSize = try #require(expected["contentSize"] as? [String: Double])
    if let height = Self.fsqDivergences[name] { expectedSize["height"] = height }

    let snapshot = try ListModel(json: feed).layout()
    let actual = snapshot.allAttributes()

    func describe() -> String {
      let input = String(decoding: feed, as: UTF8.self)
      let expectedText = expectedElements.map {
        "\($0["kind"]!) \($0["section"]!) \($0["item"] ?? "-") \($0["frame"]!)"
      }
      let actualText = actual.map { "\($0.kind) \($0.indexPath) \($0.frame)" }
      return
        "FIXTURE \(name)\nINPUT \(input)\nEXPECTED \(expectedText.joined(separator: "\n  "))\nACTUAL \(actualText.joined(separator: "\n  "))"
    }

    #expect(
      abs(snapshot.contentSize.height - expectedSize["height"]!) <= tolerance
        && snapshot.contentSize.width == expectedSize["width"]!,
      "content size \(snapshot.contentSize)\n\(describe())")
    try #require(actual.count == expectedElements.count, "element count\n\(describe())")
    for (element, wanted) in zip(actual, expectedElements) {
      let frame = try #require(wanted["frame"] as? [String: Double])
      let wantedRect = Rect(x: frame["x"]!, y: frame["y"]!, width: frame["width"]!, height: frame["height"]!)
      let close =
        abs(element.frame.x - wantedRect.x) <= tolerance && abs(element.frame.y - wantedRect.y) <= tolerance
        && abs(element.frame.width - wantedRect.width) <= tolerance
        && abs(element.frame.height - wantedRect.height) <= tolerance
      #expect(
        element.kind.rawValue == wanted["kind"] as? String
          && element.indexPath.section == wanted["section"] as? Int
          && close,
        "\(element) != \(wanted)\n\(describe())")
      if !close { break }
    }
  }
}
