import LayoutGeometry
import ListLayout

// What a picture adds to the layout's boxes so that nothing in it is cut off unsaid: markers
// where a carousel's row goes on past the picture's side, and text wrapped to its width.

extension SVGRenderer {
  /// A marker at one side of a carousel's row, past which the row goes on.
  struct CarouselMarker {
    /// The strip the marker covers, at the panel's side, as tall as the row's cells.
    var rect: Rect
    /// Whether the row goes on to the right (else to the left).
    var pointsRight: Bool
    /// The tooltip: the section, and how many of its cells are out of view.
    var tooltip: String

    /// The marker's width.
    static let width = 14.0

    func write(to out: inout ByteWriter) {
      out.write("<g class=\"more\"><title>")
      out.write(xmlEscaped: tooltip)
      out.write("</title>")
      SVGRenderer.rect("", rect, newline: false, to: &out)
      // A chevron pointing the way the row goes on, in the middle of the strip.
      let middle = rect.midY
      let half = min(5, rect.height / 2)
      let near = pointsRight ? rect.minX + 4 : rect.maxX - 4
      let far = pointsRight ? rect.maxX - 4 : rect.minX + 4
      out.write("<path d=\"M ")
      out.write(drawn: near)
      out.write(" ")
      out.write(drawn: middle - half)
      out.write(" L ")
      out.write(drawn: far)
      out.write(" ")
      out.write(drawn: middle)
      out.write(" L ")
      out.write(drawn: near)
      out.write(" ")
      out.write(drawn: middle + half)
      out.write("\"/></g>\n")
    }
  }

  /// The markers of the carousels `panel` draws: one at each side of the list past which a
  /// carousel's row goes on, as tall as the row's cells drawn.
  ///
  /// - Complexity: O(k + c log n) for k elements drawn and c carousels among them.
  static func carouselMarkers(_ panel: Panel, _ snapshot: LayoutSnapshot) -> [CarouselMarker] {
    guard snapshot.scrollAxis == .vertical else { return [] }
    // What the list shows across: the panel's extent within the list's width.
    let visible = (
      min: max(panel.rect.minX, 0), max: min(panel.rect.maxX, snapshot.contentSize.width)
    )
    guard visible.max > visible.min else { return [] }
    let across = Rect(x: visible.min, y: panel.rect.minY, width: visible.max - visible.min, height: 0)
    struct Row {
      var shown = 0
      var minY = Double.infinity
      var maxY = -Double.infinity
      var sample: LayoutAttributes
    }
    var rows: [Int: Row] = [:]
    var order: [Int] = []
    for element in panel.elements where element.kind == .cell && meetsAcross(element.frame, across) {
      let section = element.indexPath.section
      guard snapshot.isCarousel(section) else { continue }
      if rows[section] == nil {
        rows[section] = Row(sample: element)
        order.append(section)
      }
      rows[section]!.shown += 1
      rows[section]!.minY = min(rows[section]!.minY, max(element.frame.minY, panel.rect.minY))
      rows[section]!.maxY = max(rows[section]!.maxY, min(element.frame.maxY, panel.rect.maxY))
    }
    var markers: [CarouselMarker] = []
    for section in order {
      let row = rows[section]!
      let count = snapshot.numberOfItems(inSection: section)
      // The row's ends, moved as far as the cells drawn are moved from where they lie
      // (a carousel scrolled sideways).
      guard count > 0, row.maxY > row.minY,
        let natural = snapshot.frame(of: row.sample.indexPath),
        let first = snapshot.frame(of: ListIndexPath(item: 0, section: section)),
        let last = snapshot.frame(of: ListIndexPath(item: count - 1, section: section))
      else { continue }
      let shift = row.sample.frame.minX - natural.minX
      let start = min(first.minX, last.minX) + shift
      let end = max(first.maxX, last.maxX) + shift
      let hidden = count - row.shown
      let cells = count == 1 ? "1 cell" : "\(count) cells"
      let height = row.maxY - row.minY
      if end > visible.max + 0.5 {
        markers.append(
          CarouselMarker(
            rect: Rect(
              x: visible.max - CarouselMarker.width, y: row.minY, width: CarouselMarker.width, height: height),
            pointsRight: true,
            tooltip: "section \(section) goes on to the right: \(hidden) of its \(cells) out of view"))
      }
      if start < visible.min - 0.5 {
        markers.append(
          CarouselMarker(
            rect: Rect(x: visible.min, y: row.minY, width: CarouselMarker.width, height: height),
            pointsRight: false,
            tooltip: "section \(section) goes on to the left: \(hidden) of its \(cells) out of view"))
      }
    }
    return markers
  }

  /// `text` in lines of at most `width` (at `characterWidth` a character): broken after ` · `
  /// where it can, else at a space, a word longer than a line cut and ending in `…`. Always at
  /// least one line.
  ///
  /// - Complexity: O(n) for n characters.
  static func wrapped(_ text: String, width: Double, characterWidth: Double) -> [String] {
    let limit = max(characterLimit(width, characterWidth), 2)
    guard text.count > limit else { return [text] }
    var lines: [String] = []
    var line = ""
    // Pieces are the text between ` · ` separators (the separator kept with the piece
    // before it); a piece that does not fit a line is broken into words.
    func add(_ piece: String, separator: String) {
      if line.isEmpty {
        line = piece
      } else if line.count + separator.count + piece.count <= limit {
        line += separator + piece
      } else {
        lines.append(line)
        line = piece
      }
    }
    let pieces = text.components(separatedBy: " · ")
    for piece in pieces {
      if piece.count <= limit {
        add(piece, separator: " · ")
        continue
      }
      var separator = " · "
      for word in piece.split(separator: " ", omittingEmptySubsequences: false) {
        let word = word.count <= limit ? String(word) : String(word.prefix(limit - 1)) + "…"
        add(word, separator: separator)
        separator = " "
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
