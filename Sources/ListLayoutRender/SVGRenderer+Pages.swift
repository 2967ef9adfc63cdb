import LayoutGeometry
import ListLayout

extension SVGRenderer {
  /// The tallest picture, in pixels, that common rasterizers accept (32,767: browsers'
  /// canvases, librsvg, ImageMagick and most image formats stop there). A picture of the
  /// whole content taller than this can be drawn as pages (``pages(of:maximumHeight:)``).
  public static let maximumPictureHeight = 32_767.0

  /// The most pages ``pages(of:maximumHeight:)`` cuts a picture into.
  public static let maximumPageCount = 10_000

  /// The fewest points of content a page shows: a `maximumHeight` that leaves less room
  /// below the title, the legend and the caption has no pages.
  public static let minimumPageContent = 100.0

  /// The whole content cut along the scroll axis into pictures no taller than
  /// `maximumHeight` pixels each (in a list that scrolls sideways, no wider), in order.
  ///
  /// Every page has the title, the whole picture's legend (the same colours on every page),
  /// and a caption naming the page and the part of the content it shows; an element that
  /// straddles two pages is drawn on both, cut at the page's edge. One page, when the content
  /// fits, is the same picture as ``render(_:)``.
  ///
  /// ```swift
  /// var files: [String: String] = [:]  // file name → picture, to be written
  /// if let pages = SVGRenderer(title: "feed").pages(of: snapshot) {
  ///   for page in 0..<pages.count { files["feed-\(page + 1).svg"] = pages.render(page: page) }
  /// }
  /// ```
  ///
  /// - Returns: `nil` when `maximumHeight` (at most ``maximumPictureHeight`` is sensible)
  ///   leaves less than ``minimumPageContent`` points a page, or the content would take more
  ///   than ``maximumPageCount`` pages.
  /// - Complexity: O(n) for n elements, once; each page then costs O(log n + k) for the k
  ///   elements it draws.
  public func pages(of snapshot: LayoutSnapshot, maximumHeight: Double = maximumPictureHeight) -> SVGPages? {
    guard maximumHeight.isFinite, maximumHeight > 0 else { return nil }
    let size = snapshot.contentSize
    let horizontal = snapshot.scrollAxis == .horizontal
    let whole = Rect(x: 0, y: 0, width: size.width, height: size.height)
    let all = snapshot.allAttributes()
    // The legend lists what the whole picture draws, on every page.
    let prepared = prepare(
      snapshot, [Panel(rect: whole, elements: all, caption: "", isViewport: false)])
    let length = horizontal ? size.width : size.height
    // What the picture takes besides the content, along the scroll axis.
    let chrome: Double
    if horizontal {
      // Pages are cut along x: the picture's width is bounded, and is never below its minimum.
      guard maximumHeight >= Self.minimumWidth else { return nil }
      chrome = Self.margin + Self.gutter + Self.margin
    } else {
      // The caption with the most lines: the picture of the whole content's, or a page's with
      // every number at its widest.
      let widest = Self.pageCaption(
        page: Self.maximumPageCount, of: Self.maximumPageCount, from: length, to: length, horizontal: false,
        elements: all.count)
      let frame = frame(panelWidths: [size.width], prepared)
      let room = Self.captionRooms(panelWidths: [size.width], documentWidth: frame.width)[0]
      let lines = max(
        Self.captionLines(widest, room: room).count,
        Self.captionLines(Self.wholeCaption(size, elements: all.count), room: room).count)
      chrome = frame.top + Self.captionBlockHeight(lines: lines) + Self.margin
    }
    let room = (maximumHeight - chrome).rounded(.down)
    guard room >= Self.minimumPageContent else { return nil }
    if length <= room {
      return SVGPages(renderer: self, snapshot: snapshot, prepared: prepared, pageLength: length, count: 1)
    }
    let count = (length / room).rounded(.up)
    guard count <= Double(Self.maximumPageCount) else { return nil }
    return SVGPages(
      renderer: self, snapshot: snapshot, prepared: prepared, pageLength: room, count: Int(count))
  }

  /// A page's caption: which page, and the part of the content along the scroll axis.
  static func pageCaption(
    page: Int, of count: Int, from start: Double, to end: Double, horizontal: Bool, elements: Int
  ) -> String {
    let axis = horizontal ? "x" : "y"
    return
      "page \(page) of \(count) · \(axis) = \(formatted(start)) to \(formatted(end)) · \(elements) elements"
  }
}

/// The pages of a picture of the whole content, each no taller than asked (see
/// ``SVGRenderer/pages(of:maximumHeight:)``).
public struct SVGPages: Sendable {
  let renderer: SVGRenderer
  let snapshot: LayoutSnapshot
  let prepared: SVGRenderer.Prepared
  /// How much content a page shows along the scroll axis (the last one, what is left).
  let pageLength: Double

  /// The number of pages, at least 1.
  public let count: Int

  /// The part of the content page `page` (0-based) shows, in content coordinates.
  ///
  /// - Precondition: `page` is in `0..<count`, as an array's index is in its indices.
  public func contentRect(ofPage page: Int) -> Rect {
    precondition((0..<count).contains(page), "page \(page) of \(count)")
    let size = snapshot.contentSize
    if count == 1 { return Rect(x: 0, y: 0, width: size.width, height: size.height) }
    let start = Double(page) * pageLength
    if snapshot.scrollAxis == .horizontal {
      return Rect(x: start, y: 0, width: min(pageLength, size.width - start), height: size.height)
    }
    return Rect(x: 0, y: start, width: size.width, height: min(pageLength, size.height - start))
  }

  /// Page `page` (0-based, in `0..<count`) as an SVG document.
  public func render(page: Int) -> String {
    String(decoding: ByteWriter.bytes { write(page: page, to: &$0) }, as: UTF8.self)
  }

  /// Writes page `page` (0-based, in `0..<count`) to `writer` (the same bytes
  /// ``render(page:)`` returns).
  ///
  /// - Complexity: O(log n + k) for the k elements the page draws.
  public func write(page: Int, to writer: inout ByteWriter) {
    if count == 1 {
      renderer.write(snapshot, to: &writer)
      return
    }
    let rect = contentRect(ofPage: page)
    let horizontal = snapshot.scrollAxis == .horizontal
    let elements = snapshot.elements(in: rect).filter { SVGRenderer.meetsAcross($0.frame, rect) }
    let caption = SVGRenderer.pageCaption(
      page: page + 1, of: count, from: horizontal ? rect.minX : rect.minY,
      to: horizontal ? rect.maxX : rect.maxY,
      horizontal: horizontal, elements: elements.count)
    let panel = SVGRenderer.Panel(rect: rect, elements: elements, caption: caption, isViewport: false)
    renderer.document(snapshot, [panel], prepared, to: &writer)
  }
}
