import LayoutGeometry
import ListLayout

/// A plain, obviously correct masonry layout of a whole list whose sections are all masonry
/// sections, written from the rules and nothing else: the oracle the engine is checked against.
///
/// For each cell it finds every lane's bottom by looking at every cell placed before it (so it
/// is quadratic), tries every run of adjacent lanes, and keeps the first whose lowest bottom is
/// highest. No checkpoints, no lane lists, no chunks.
enum ReferenceMasonryLayout {
  struct Result {
    var cells: [[Rect]] = []
    var headers: [Rect?] = []
    var footers: [Rect?] = []
    var contentHeight = 0.0
  }

  struct Placed {
    var firstLane: Int
    var span: Int
    var top: Double
    var height: Double
  }

  static func layout(_ model: ListModel) -> Result {
    let configuration = model.configuration
    let listWidth = configuration.width
    let content = configuration.contentInsets
    var result = Result()
    var y = content.top
    for (s, section) in model.sections.enumerated() {
      guard case .masonry(let masonry) = section.layout else {
        fatalError("the reference lays out masonry only")
      }
      if s > 0 { y += configuration.sectionSpacing }
      let attributes = section.attributes ?? configuration.defaultSectionAttributes
      var header: Rect?
      if let h = section.header {
        header = Rect(x: 0, y: y, width: h.width ?? listWidth, height: h.height)
        y += h.height
      }
      y += attributes.insets.top
      let bodyTop = y

      // The lanes.
      let width = max(
        0, listWidth - content.left - content.right - attributes.insets.left - attributes.insets.right)
      let gap = masonry.columnSpacing ?? attributes.itemSpacing
      let rowGap = masonry.rowSpacing ?? attributes.lineSpacing
      var laneCount: Int
      switch masonry.columns {
      case .count(let n): laneCount = n
      case .adaptive(let minimum):
        let fit = ((width + gap) / (minimum + gap)).rounded(.down)
        laneCount = fit >= 1024 ? 1024 : max(1, Int(fit))
      }
      laneCount = min(laneCount, 1024)
      let laneWidth = max(0, (width - Double(laneCount - 1) * gap) / Double(laneCount))
      let left = content.left + attributes.insets.left

      // The cells, one by one.
      var placed: [Placed] = []
      var frames: [Rect] = []
      for (item, cell) in section.cells.enumerated() {
        var span = 1
        switch cell.span {
        case nil: span = 1
        case .columns(let k): span = min(k, laneCount)
        case .fullRow: span = laneCount
        }
        let cellWidth = Double(span) * laneWidth + Double(span - 1) * gap
        let height: Double
        switch cell.size {
        case .fixed(let size): height = size.height
        case .automatic: height = configuration.defaultCellSize.height
        case .sizing(let callback):
          height =
            callback(
              SizingProposal(
                indexPath: ListIndexPath(item: item, section: s), remainingLineSpace: cellWidth,
                lineWidth: cellWidth)
            ).height
        case .flex: fatalError("the reference does not size flexbox content")
        }
        // Where the next cell of each lane starts: below the lowest cell in it, or at 0.
        var nextTop = [Double](repeating: 0, count: laneCount)
        for p in placed {
          for lane in p.firstLane..<(p.firstLane + p.span) {
            nextTop[lane] = max(nextTop[lane], p.top + p.height + rowGap)
          }
        }
        var bestLane = 0
        var bestTop = Double.infinity
        for first in 0...(laneCount - span) {
          let top = nextTop[first..<(first + span)].max()!
          if top < bestTop {
            bestLane = first
            bestTop = top
          }
        }
        placed.append(Placed(firstLane: bestLane, span: span, top: bestTop, height: height))
        let x = left + Double(bestLane) * (laneWidth + gap)
        frames.append(Rect(x: x, y: bodyTop + bestTop, width: cellWidth, height: height))
      }
      let bodyHeight = placed.map { $0.top + $0.height }.max() ?? 0
      y = bodyTop + bodyHeight + attributes.insets.bottom
      var footer: Rect?
      if let f = section.footer {
        footer = Rect(x: 0, y: y, width: f.width ?? listWidth, height: f.height)
        y += f.height
      }
      func directed(_ frame: Rect) -> Rect {
        configuration.layoutDirection == .rtl
          ? Rect(x: listWidth - frame.maxX, y: frame.minY, width: frame.width, height: frame.height) : frame
      }
      result.cells.append(frames.map(directed))
      result.headers.append(header.map(directed))
      result.footers.append(footer.map(directed))
    }
    if !model.sections.isEmpty && y - content.top != 0 {
      result.contentHeight = y + content.bottom
    }
    return result
  }
}
