import LayoutGeometry
import LayoutJSON
import ListLayout
import ListLayoutRender

extension LayoutSnapshot {
  /// The layout as stable, diff-friendly text: a first line with the content size, then one
  /// line per element in listing order (section by section: header, cells, footer) giving its
  /// kind, index path, identifier (`-` when it has none), frame `(x, y, width, height)`, and
  /// `pinned` when the frame is a pinned position.
  ///
  /// ```
  /// content (375, 169)
  /// header [0, 0] "top" (0, 5, 375, 44)
  /// cell [0, 0] "a" (5, 49, 100, 50)
  /// cell [0, 1] - (110, 49, 120, 50)
  /// ```
  ///
  /// Numbers are written in the shortest form that reads back to the same `Double`, so a
  /// change in the last bit of a frame shows. With `picture`, the ASCII drawing of
  /// `ASCIIRenderer` follows after a blank line.
  ///
  /// - Complexity: O(n) in the number of elements (plus the drawing's rows × columns).
  public func layoutText(picture: Bool = false, pictureColumns: Int = 80) -> String {
    var text = "content \(Self.pair(contentSize.width, contentSize.height))\n"
    for attributes in allAttributes() {
      text += line(for: attributes, overlayIDs: [])
    }
    if picture {
      text += "\n" + ASCIIRenderer(columns: pictureColumns).render(self)
      if !text.hasSuffix("\n") { text += "\n" }
    }
    return text
  }

  /// One frame of a scrolling list as text: a first line with the viewport's rect and the
  /// content size, then a line per visible element at its final position (pinned headers
  /// marked `pinned`), overlays last (see `layoutText(picture:pictureColumns:)`).
  public func layoutText(
    of viewport: ViewportLayout, picture: Bool = false, pictureColumns: Int = 80
  ) -> String {
    let rect = viewport.rect
    var text =
      "viewport \(Self.frame(rect)) of content \(Self.pair(viewport.contentSize.width, viewport.contentSize.height))\n"
    for attributes in viewport.elements {
      text += line(for: attributes, overlayIDs: viewport.overlayIDs)
    }
    if picture {
      text += "\n" + ASCIIRenderer(columns: pictureColumns).render(self, viewport: viewport)
      if !text.hasSuffix("\n") { text += "\n" }
    }
    return text
  }

  private func line(for attributes: LayoutAttributes, overlayIDs: [String]) -> String {
    let path = attributes.indexPath
    let id: String?
    switch attributes.kind {
    case .cell: id = model.sections[path.section].cells[path.item].id
    case .header: id = model.sections[path.section].header?.id
    case .footer: id = model.sections[path.section].footer?.id
    case .overlay: id = overlayIDs.indices.contains(path.item) ? overlayIDs[path.item] : nil
    case .background, .listHeader, .listFooter, .separator: id = identifier(of: path, kind: attributes.kind)
    }
    let name = id.map(jsonQuoted) ?? "-"
    return
      "\(attributes.kind.rawValue) [\(path.section), \(path.item)] \(name) \(Self.frame(attributes.frame))"
      + (attributes.isPinned ? " pinned\n" : "\n")
  }

  private static func frame(_ rect: Rect) -> String {
    "(\(formatted(rect.x)), \(formatted(rect.y)), \(formatted(rect.width)), \(formatted(rect.height)))"
  }

  private static func pair(_ a: Double, _ b: Double) -> String { "(\(formatted(a)), \(formatted(b)))" }
}
