import LayoutGeometry

// A horizontal list is laid out as the vertical layout of its transposed model: these are the
// exchanges of axes, each its own inverse.

extension Rect {
  /// The rect with x and y, width and height exchanged.
  var transposed: Rect { Rect(x: y, y: x, width: height, height: width) }
}

extension Size {
  /// The size with width and height exchanged.
  var transposed: Size { Size(width: height, height: width) }
}

extension Point {
  /// The point with x and y exchanged.
  var transposed: Point { Point(x: y, y: x) }
}

extension EdgeInsets {
  /// The insets with top and left, bottom and right exchanged.
  var transposed: EdgeInsets { EdgeInsets(top: left, left: top, bottom: right, right: bottom) }
}

extension SectionAttributes {
  /// The attributes of the transposed section: insets transposed, names kept.
  var transposed: SectionAttributes {
    var copy = self
    copy.insets = insets.transposed
    return copy
  }
}

extension CellAttributes {
  /// The attributes of the transposed cell: insets transposed, names kept.
  var transposed: CellAttributes {
    var copy = self
    copy.insets = insets.transposed
    return copy
  }
}

extension CellSize {
  /// The size of the cell in the transposed model.
  ///
  /// A sizing callback is asked with the transposed proposal (the space along the line, which
  /// in a horizontal list is a height) and answers the cell's real size, which is exchanged.
  /// Flexbox content has no line space to fit across (its line runs along its height): it is
  /// measured at its intrinsic size.
  var transposed: CellSize {
    switch self {
    case .fixed(let size): return .fixed(size.transposed)
    case .automatic: return .automatic
    case .sizing(let callback): return .sizing { callback($0).transposed }
    case .flex(let content):
      let intrinsic = FlexContent(content.layout, width: .intrinsic)
      return .sizing { proposal in
        var unbounded = proposal
        unbounded.lineWidth = .infinity
        return intrinsic.size(for: unbounded).transposed
      }
    }
  }
}

extension Cell {
  /// The cell of the transposed model: its size exchanged, its insets and sequential spacing
  /// and padding transposed; identifier and traits kept.
  var transposed: Cell {
    var cell = self
    if case .fixed(let size) = size {
      cell.size = .fixed(size.transposed)
    } else {
      cell.size = size.transposed
    }
    guard hasExtras else { return cell }
    if let attributes { cell.attributes = attributes.transposed }
    if var options = sequential {
      options.spacing = options.spacing?.transposed
      options.padding = options.padding?.transposed
      cell.sequential = options
    }
    return cell
  }
}

extension Section {
  /// The section of the transposed model: every cell transposed, attributes' and sequential
  /// insets transposed. Headers and footers are kept: their `height` is already their extent
  /// along the scroll axis. O(c) for c cells written out; a run stays a run of its cells
  /// transposed.
  var transposed: Section {
    var copy = self
    copy.cells = cells.mapRuns(\.transposed)
    copy.attributes = attributes?.transposed
    if case .sequential(var defaults) = layout {
      defaults.spacing = defaults.spacing.transposed
      defaults.padding = defaults.padding.transposed
      copy.layout = .sequential(defaults)
    }
    return copy
  }
}

extension ListConfiguration {
  /// The configuration the engine lays a list out with: this one for a vertical list; for a
  /// horizontal one, the transposed configuration (insets and default sizes transposed, the
  /// width kept as the extent across the scroll axis), laid out vertically.
  var layoutSpace: ListConfiguration {
    guard scrollDirection == .horizontal else { return self }
    var copy = self
    copy.scrollDirection = .vertical
    copy.contentInsets = contentInsets.transposed
    copy.defaultCellSize = defaultCellSize.transposed
    copy.defaultSectionAttributes = defaultSectionAttributes.transposed
    copy.defaultCellAttributes = defaultCellAttributes.transposed
    return copy
  }
}
