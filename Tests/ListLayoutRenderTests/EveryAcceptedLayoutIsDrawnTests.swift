import Foundation
import LayoutGeometry
import ListLayout
import ListLayoutRender
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Every renderer draws every layout the engine accepts: huge but finite sizes, widths and
/// insets (which make label lengths, coordinates and counts enormous) must give a document,
/// never a trap.
@Suite struct EveryAcceptedLayoutIsDrawnTests {
  /// Feeds that `listlayout layout` accepts, each with extreme but finite numbers.
  static let feeds: [(name: String, json: String)] = [
    (
      "a cell 1e20 wide",
      #"{"width": 375, "sections": [{"items": [{"id": "w", "size": {"width": 1e20, "height": 50}}]}]}"#
    ),
    (
      "a cell 1e308 wide",
      #"{"width": 375, "sections": [{"items": [{"size": {"width": 1e308, "height": 50}}]}]}"#
    ),
    (
      "a cell 1e300 tall",
      #"{"width": 375, "sections": [{"items": [{"size": {"width": 50, "height": 1e300}}]}]}"#
    ),
    (
      "a width of 1e308 with a header",
      #"{"width": 1e308, "sections": [{"header": {"height": 40, "id": "h"}, "items": [{"traits": ["x"]}], "footer": {"height": 20}}]}"#
    ),
    ("a width of 1e308, no header", #"{"width": 1e308, "sections": [{"items": [{}]}]}"#),
    (
      "a cell inset of 1e308",
      #"{"width": 375, "sections": [{"items": [{"attributes": {"insets": {"left": 1e308}}}]}]}"#
    ),
    (
      "a header 1e308 wide",
      #"{"width": 375, "sections": [{"header": {"height": 40, "width": 1e308}, "items": [{}]}]}"#
    ),
    (
      "the smallest widths",
      #"{"width": 5e-324, "contentInsets": {"top": 0, "left": 0, "bottom": 0, "right": 0}, "sections": [{"header": {"height": 5e-324}, "items": [{"size": {"width": 5e-324, "height": 5e-324}}]}]}"#
    ),
  ]

  func isWellFormed(_ text: String) -> Bool {
    XMLParser(data: Data(text.utf8)).parse()
  }

  @Test func everyRendererDrawsEveryExtremeFeed() throws {
    for (name, json) in Self.feeds {
      let snapshot = try ListModel(json: json).layout()
      let svg = SVGRenderer(title: name).render(snapshot)
      #expect(isWellFormed(svg), "\(name): the SVG is not well-formed")
      let viewport = snapshot.viewport(
        at: Point(x: 0, y: snapshot.contentSize.height / 2),
        size: Size(width: snapshot.contentSize.width, height: 667))
      #expect(isWellFormed(SVGRenderer().render(snapshot, viewports: [viewport])), "\(name): viewport SVG")
      #expect(HTMLRenderer(title: name).render(snapshot).hasSuffix("</html>\n"), "\(name): HTML page")
      #expect(!ASCIIRenderer().render(snapshot).isEmpty, "\(name): ASCII")
      #expect(!ASCIIRenderer().render(snapshot, viewport: viewport).isEmpty, "\(name): ASCII viewport")
    }
  }

  /// Numbers written into SVG are plain decimals or exponents SVG reads (`1e+20`), never
  /// `inf` or `nan`.
  @Test func svgNumbersAreValidEvenWhenHuge() throws {
    for (name, json) in Self.feeds {
      let snapshot = try ListModel(json: json).layout()
      let viewport = snapshot.viewport(at: .zero, size: snapshot.contentSize)
      // Two viewports side by side of a 1e308-wide layout are wider than a `Double` holds.
      for svg in [
        SVGRenderer().render(snapshot), SVGRenderer().render(snapshot, viewports: [viewport, viewport]),
      ] {
        #expect(!svg.contains("inf") && !svg.contains("nan"), "\(name)")
        #expect(isWellFormed(svg), "\(name)")
      }
    }
  }

  /// Every feed of the committed fuzz corpus (`Scripts/fuzz/corpus/feed`) that lays out is
  /// drawn by every renderer, whole and in a viewport.
  @Test func everyCorpusFeedThatLaysOutIsDrawn() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let directory = root.appendingPathComponent("Scripts/fuzz/corpus/feed")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    var drawn = 0
    for name in names {
      let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
      guard let model = try? ListModel(json: bytes), let snapshot = try? model.layout() else { continue }
      drawn += 1
      let viewport = snapshot.viewport(
        at: Point(x: 0, y: snapshot.contentSize.height / 3),
        size: Size(width: snapshot.contentSize.width, height: 667))
      #expect(isWellFormed(SVGRenderer().render(snapshot)), "\(name)")
      #expect(isWellFormed(SVGRenderer().render(snapshot, viewports: [viewport])), "\(name)")
      #expect(!HTMLRenderer().render(snapshot).isEmpty, "\(name)")
      #expect(!ASCIIRenderer().render(snapshot, viewport: viewport).isEmpty, "\(name)")
    }
    #expect(drawn >= 100, "only \(drawn) corpus feeds lay out")
  }
}
