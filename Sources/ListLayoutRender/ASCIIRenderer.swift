import LayoutGeometry
import ListLayout

/// Draws a computed layout as text for a terminal: frames scaled to a grid of a given
/// number of columns (a character is taken to be twice as tall as it is wide), boxes with
/// corners, identifiers cut to fit.
///
/// ```
///  S0 : +=hero=============================================+
///     : |fullWidth                                         |
///     : +==================================================+
///     :   +-featured-0------------+ +-featured-1------------+
///     :   |compactWidth           | |compactWidth           |
/// ```
///
/// Cells are drawn `+--+`, headers and footers (the list's own too) `+==+`, section
/// backgrounds `+~~+` behind their cells, pinned headers `+##+` with "(pinned)" after their
/// label, separators as a rule of `_` (a column of `|` in a horizontal list); trait names go
/// on the second row of a box tall enough. Content insets are filled
/// with `.`; the gutter on the left names each section at its top and marks its extent with
/// `:` (a horizontal list, drawn along x, has no gutter). A legend line ends the drawing. Only printable ASCII is
/// written: any other character of an identifier becomes `?`, so a feed cannot send
/// control sequences to the terminal. A drawing of the whole content reaches as far as the
/// widest carousel's row, the part past the list's width faded (box edges drawn with dots).
///
/// ```swift
/// print(ASCIIRenderer(columns: 100).render(snapshot))
/// ```
public struct ASCIIRenderer: Sendable {
  /// The width of the drawing in characters, gutter included (at least 20).
  public var columns: Int
  /// The most rows drawn; a taller drawing is cut with a note saying so.
  public var maxRows: Int

  /// The line under every drawing.
  static let legend = "+--+ cell  +==+ header/footer  +##+ pinned  ... content inset  S0 : section"

  /// What the legend adds when a section background or the list header or footer is drawn.
  static let chromeLegend = "  +~~+ background  +==+ list header/footer"

  /// What the legend adds when a separator is drawn.
  static let separatorLegend = "  ____ separator"

  /// Draws a separator as a rule through its middle: a row of `_` across a wide one (a
  /// vertical list's), a column of `|` down a tall one (a horizontal list's).
  private func rule(
    _ grid: inout Grid, _ frame: Rect, row: (Double) -> Int, column: (Double) -> Int, rows: Int
  ) {
    if frame.width >= frame.height {
      let r = row(frame.midY)
      let (c0, c1) = (max(Self.gutter, column(frame.minX)), min(columns - 1, column(frame.maxX) - 1))
      guard r >= 0, r < rows, c0 <= c1 else { return }
      for c in c0...c1 { grid[r, c] = UInt8(ascii: "_") }
    } else {
      let c = column(frame.midX)
      let (r0, r1) = (max(0, row(frame.minY)), min(rows - 1, row(frame.maxY) - 1))
      guard c >= Self.gutter, c < columns, r0 <= r1 else { return }
      for r in r0...r1 { grid[r, c] = UInt8(ascii: "|") }
    }
  }

  /// The width of the section gutter, in characters.
  static let gutter = 5

  /// Creates a renderer `columns` characters wide that draws at most `maxRows` rows.
  public init(columns: Int = 80, maxRows: Int = 2000) {
    self.columns = max(20, columns)
    self.maxRows = max(1, maxRows)
  }

  /// The whole content (up to ``maxRows`` rows), every element at its natural position.
  ///
  /// - Complexity: O(log n + k) for the k elements drawn, plus O(rows × columns).
  public func render(_ snapshot: LayoutSnapshot) -> String {
    let size = snapshot.contentSize
    // Carousels reach past the list's width: the drawing shows their whole rows.
    return draw(
      snapshot, rect: Rect(x: 0, y: 0, width: snapshot.drawnWidth, height: size.height), elements: nil)
  }

  /// One viewport frame, with its elements at their final positions (pinned headers marked).
  ///
  /// - Complexity: O(k + rows × columns) for the k elements of the viewport.
  public func render(_ snapshot: LayoutSnapshot, viewport: ViewportLayout) -> String {
    draw(snapshot, rect: viewport.rect, elements: viewport.elements)
  }
}

extension ASCIIRenderer {
  /// A grid of ASCII characters.
  struct Grid {
    var width: Int
    var rows: [[UInt8]]

    init(width: Int, height: Int) {
      self.width = width
      rows = Array(repeating: Array(repeating: UInt8(ascii: " "), count: width), count: height)
    }

    subscript(row: Int, column: Int) -> UInt8 {
      get { rows[row][column] }
      set {
        if rows.indices.contains(row) && column >= 0 && column < width { rows[row][column] = newValue }
      }
    }

    /// Writes `text` from `column` on `row`, at most `limit` characters, printable ASCII only.
    mutating func write(_ text: String, row: Int, column: Int, limit: Int) {
      guard limit > 0 else { return }
      var column = column
      for scalar in truncatedASCII(text, to: limit).unicodeScalars {
        self[row, column] =
          scalar.isASCII && scalar.value >= 0x20 && scalar.value < 0x7F
          ? UInt8(scalar.value) : UInt8(ascii: "?")
        column += 1
      }
    }

    var text: String {
      rows.map { row in
        var line = row
        while line.last == UInt8(ascii: " ") { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
      }.joined(separator: "\n")
    }
  }

  func draw(_ snapshot: LayoutSnapshot, rect: Rect, elements given: [LayoutAttributes]?) -> String {
    let drawWidth = columns - Self.gutter
    guard rect.width > 0, rect.height > 0, rect.isFinite else {
      return "(nothing to draw: the area is \(formatted(rect.width)) x \(formatted(rect.height)))\n"
    }
    let scaleX = Double(drawWidth) / rect.width
    let scaleY = scaleX / 2
    let exactRows = (rect.height * scaleY).rounded(.up)
    let isCut = exactRows > Double(maxRows)
    let rowCount = isCut ? maxRows : max(1, Int(exactRows))
    var shown = rect
    if isCut { shown.size.height = Double(maxRows) / scaleY }
    let elements = given?.filter { $0.frame.intersects(shown) } ?? snapshot.elements(in: shown)
    var grid = Grid(width: columns, height: rowCount)

    // Edges round to the nearest grid line, so that elements that touch never share a row.
    func column(_ x: Double) -> Int { Self.gutter + gridIndex((x - rect.minX) * scaleX) }
    func row(_ y: Double) -> Int { gridIndex((y - rect.minY) * scaleY) }
    func lastColumn(_ maxX: Double) -> Int { column(maxX) - 1 }
    func lastRow(_ maxY: Double) -> Int { row(maxY) - 1 }

    // Content insets (between the list header and footer, along the list's axis).
    for band in SVGRenderer.insetBands(snapshot) {
      guard let part = band.intersection(shown) else { continue }
      let (r0, r1) = (max(0, row(part.minY)), min(rowCount - 1, max(row(part.minY), lastRow(part.maxY))))
      let (c0, c1) = (max(Self.gutter, column(part.minX)), min(columns - 1, lastColumn(part.maxX)))
      guard r0 <= r1, c0 <= c1 else { continue }
      for r in r0...r1 {
        for c in c0...c1 { grid[r, c] = UInt8(ascii: ".") }
      }
    }
    // The section gutter (a horizontal list's sections are columns: they have none).
    let horizontal = snapshot.scrollAxis == .horizontal
    for section in 0..<snapshot.numberOfSections where !horizontal {
      guard let frame = snapshot.sectionFrame(section) else { continue }
      if frame.minY >= shown.maxY { break }
      guard frame.maxY > shown.minY, frame.height > 0 else { continue }
      let first = max(0, row(frame.minY))
      let last = min(rowCount - 1, max(first, lastRow(frame.maxY)))
      guard first <= last else { continue }
      for r in first...last { grid[r, Self.gutter - 2] = UInt8(ascii: ":") }
      grid.write("S\(section)", row: first, column: 0, limit: Self.gutter - 1)
    }
    // Elements, back to front.
    let order = elements.indices.sorted { (elements[$0].zIndex, $0) < (elements[$1].zIndex, $1) }
    for index in order {
      let element = elements[index]
      if element.kind == .separator {
        rule(&grid, element.frame, row: row, column: column, rows: rowCount)
        continue
      }
      let label = ElementLabel(of: element, in: snapshot)
      let c0 = column(element.frame.minX)
      let c1 = max(c0, lastColumn(element.frame.maxX))
      let r0 = row(element.frame.minY)
      let r1 = max(r0, lastRow(element.frame.maxY))
      let edge: UInt8
      switch element.kind {
      case _ where element.isPinned: edge = UInt8(ascii: "#")
      case .cell: edge = UInt8(ascii: "-")
      case .background: edge = UInt8(ascii: "~")
      default: edge = UInt8(ascii: "=")
      }
      let title = element.isPinned ? label.title + " (pinned)" : label.title
      box(&grid, c0, r0, c1, r1, edge: edge, title: title)
      // Labels start inside the drawing's part of the box (a cell cut by the left edge).
      let text = max(c0 + 2, Self.gutter)
      if r1 - r0 >= 2 && c1 - c0 >= 5 && !label.traits.isEmpty {
        grid.write(label.traits.joined(separator: ","), row: r0 + 1, column: text, limit: c1 - text - 1)
      }
    }
    // What lies past the list's width (carousels' rows) is faded: box edges become dots.
    // (A horizontal list has no carousels: nothing lies past its width.)
    let listWidth = snapshot.scrollAxis == .horizontal ? Double.infinity : snapshot.contentSize.width
    if shown.maxX > listWidth {
      let edge = max(Self.gutter, column(listWidth))
      for r in 0..<rowCount {
        for c in edge..<columns {
          switch grid[r, c] {
          case UInt8(ascii: "-"), UInt8(ascii: "="), UInt8(ascii: "#"), UInt8(ascii: "+"):
            grid[r, c] = UInt8(ascii: ".")
          case UInt8(ascii: "|"): grid[r, c] = UInt8(ascii: ":")
          default: break
          }
        }
      }
    }
    var out = grid.text + "\n"
    let chrome = elements.contains {
      $0.kind == .background || $0.kind == .listHeader || $0.kind == .listFooter
    }
    let separators = elements.contains { $0.kind == .separator }
    out +=
      truncatedASCII(
        Self.legend + (chrome ? Self.chromeLegend : "") + (separators ? Self.separatorLegend : ""),
        to: columns)
      + "\n"
    if shown.maxX > listWidth {
      out +=
        truncatedASCII("+..+ past the list's width (a carousel's row, scrolled into view)", to: columns)
        + "\n"
    }
    if isCut {
      out +=
        "... cut at \(maxRows) rows of \(formatted(exactRows)); draw a part with --offset and --viewport-height\n"
    }
    return out
  }

  /// Draws a box from (c0, r0) to (c1, r1) inclusive, clearing its inside, with `title`
  /// on its top edge; the part left of the drawing (in the gutter) is cut off.
  func box(_ grid: inout Grid, _ c0: Int, _ r0: Int, _ c1: Int, _ r1: Int, edge: UInt8, title: String) {
    // Only the part on the grid is visited, however far off it the box reaches.
    let left = Self.gutter
    guard r0 <= r1, c0 <= c1, r1 >= 0, r0 < grid.rows.count, c1 >= left, c0 < grid.width else { return }
    for r in max(r0, 0)...min(r1, grid.rows.count - 1) {
      for c in max(c0, left)...min(c1, grid.width - 1) {
        let onTop = r == r0
        let onBottom = r == r1
        let onSide = c == c0 || c == c1
        let character: UInt8
        if (onTop || onBottom) && onSide && c1 > c0 {
          character = UInt8(ascii: "+")
        } else if onTop || onBottom {
          character = edge
        } else if onSide {
          character = UInt8(ascii: "|")
        } else {
          character = UInt8(ascii: " ")
        }
        grid[r, c] = character
      }
    }
    if c1 - c0 >= 3 {
      let start = max(c0 + 2, left)
      grid.write(title, row: r0, column: start, limit: c1 - start - 1)
    }
  }
}

/// `value` rounded to the nearest whole number, clamped to ±1,000,000,000 so that a frame
/// far off the grid can never overflow `Int` (NaN counts as far off to the left).
func gridIndex(_ value: Double) -> Int {
  guard !value.isNaN else { return -1_000_000_000 }
  return Int(min(max(value.rounded(), -1e9), 1e9))
}

/// `text` cut to at most `limit` characters, ending in "~" when cut (ASCII only).
func truncatedASCII(_ text: String, to limit: Int) -> String {
  guard limit > 0 else { return "" }
  guard text.count > limit else { return text }
  return String(text.prefix(limit - 1)) + "~"
}
