import Flexbox
import LayoutGeometry
import SequentialLayout

/// Writes a ``ListModel`` as feed JSON into a byte buffer: the inverse of the feed reader,
/// key for key (see `ListModel+JSON.swift`).
///
/// Objects and arrays are opened and closed on a stack of levels; a level laid out on lines of
/// its own (the feed, a section, the sections and items arrays, when pretty-printed) puts each
/// member on a new line, the others keep their members on one line.
struct FeedWriter {
  private(set) var bytes: [UInt8] = []
  private let spelledOut: Bool
  private let pretty: Bool

  private struct Level {
    var hasMembers = false
    /// The indentation of the level's members, when they go on lines of their own.
    var indent: Int?
  }
  private var levels: [Level] = []

  init(options: FeedWritingOptions) {
    spelledOut = options.defaults == .spelledOut
    pretty = options.prettyPrinted
  }

  // MARK: The feed

  mutating func write(_ model: ListModel) throws(FeedWritingError) {
    let configuration = model.configuration
    let all = spelledOut
    open("{", multiline: true)
    key("width")
    try nonNegative(configuration.width, "configuration.width")
    if all || configuration.layoutDirection != .ltr {
      key("layoutDirection")
      string(configuration.layoutDirection.rawValue)
    }
    if all || configuration.scrollDirection != .vertical {
      key("scrollDirection")
      string(configuration.scrollDirection.rawValue)
    }
    if all || configuration.contentInsets != EdgeInsets(all: 5) {
      key("contentInsets")
      try insets(configuration.contentInsets, "configuration.contentInsets", signed: false)
    }
    if all || configuration.sectionSpacing != 10 {
      key("sectionSpacing")
      try nonNegative(configuration.sectionSpacing, "configuration.sectionSpacing")
    }
    if all || !configuration.pinSectionHeaders {
      key("pinSectionHeaders")
      bool(configuration.pinSectionHeaders)
    }
    if all || configuration.pinEmptySections {
      key("pinEmptySections")
      bool(configuration.pinEmptySections)
    }
    if all || configuration.pinSectionFooters {
      key("pinSectionFooters")
      bool(configuration.pinSectionFooters)
    }
    if all || configuration.defaultCellSize != Size(width: 100, height: 100) {
      key("defaultCellSize")
      try size(configuration.defaultCellSize, "configuration.defaultCellSize")
    }
    if all || configuration.defaultSectionAttributes != SectionAttributes() {
      key("defaultSectionAttributes")
      try sectionAttributes(
        configuration.defaultSectionAttributes, over: SectionAttributes(),
        "configuration.defaultSectionAttributes")
    }
    if all || configuration.defaultCellAttributes != CellAttributes() {
      key("defaultCellAttributes")
      try cellAttributes(
        configuration.defaultCellAttributes, over: CellAttributes(), "configuration.defaultCellAttributes")
    }
    try layoutManager(configuration.layoutManager)
    if let header = configuration.listHeader {
      key("header")
      try listSupplementary(header, "configuration.listHeader")
    }
    if all || !model.sections.isEmpty {
      key("sections")
      open("[", multiline: true)
      for (index, section) in model.sections.enumerated() {
        element()
        try write(section, at: index, configuration: configuration)
      }
      close("]")
    }
    if let footer = configuration.listFooter {
      key("footer")
      try listSupplementary(footer, "configuration.listFooter")
    }
    close("}")
    if pretty { bytes.append(UInt8(ascii: "\n")) }
  }

  /// The list's header or footer: `{"height", "id", "pinned"}`.
  private mutating func listSupplementary(
    _ value: ListSupplementary, _ path: @autoclosure () -> String
  ) throws(FeedWritingError) {
    open("{")
    key("height")
    try nonNegative(value.height, path() + ".height")
    if let id = value.id {
      key("id")
      string(id)
    }
    if spelledOut || value.pinned {
      key("pinned")
      bool(value.pinned)
    }
    if let minHeight = value.minHeight {
      key("minHeight")
      try nonNegative(minHeight, path() + ".minHeight")
    }
    close("}")
  }

  /// A section's background: `{"id", "insets"}`.
  private mutating func background(
    _ value: SectionBackground, _ path: @autoclosure () -> String
  ) throws(FeedWritingError) {
    open("{")
    if let id = value.id {
      key("id")
      string(id)
    }
    if spelledOut || value.insets != .zero {
      key("insets")
      try insets(value.insets, path() + ".insets", signed: false)
    }
    close("}")
  }

  /// A section's separator: `{"thickness", "insets": {"left", "right"}, "id"}`.
  private mutating func separator(
    _ value: SectionSeparator, _ path: @autoclosure () -> String
  ) throws(FeedWritingError) {
    open("{")
    key("thickness")
    try nonNegative(value.thickness, path() + ".thickness")
    if spelledOut || value.leftInset != 0 || value.rightInset != 0 {
      key("insets")
      open("{")
      key("left")
      try nonNegative(value.leftInset, path() + ".insets.left")
      key("right")
      try nonNegative(value.rightInset, path() + ".insets.right")
      close("}")
    }
    if let id = value.id {
      key("id")
      string(id)
    }
    close("}")
  }

  private mutating func layoutManager(_ manager: any LayoutManager) throws(FeedWritingError) {
    if manager is AttributesLayoutManager {
      guard spelledOut else { return }
      key("layoutManager")
      open("{")
      key("type")
      string("attributes")
      close("}")
    } else if let hub = manager as? HubLayoutManager {
      key("layoutManager")
      open("{")
      key("type")
      string("traits")
      key("margin")
      try nonNegative(hub.margin, "configuration.layoutManager.margin")
      if spelledOut || hub.oversizedCellPolicy != .shrink {
        key("oversizedCells")
        string(hub.oversizedCellPolicy.rawValue)
      }
      close("}")
    } else {
      throw .notRepresentable(
        path: "configuration.layoutManager",
        reason: "a custom layout manager (\(type(of: manager))) has no JSON form; feeds name "
          + "the built-in managers only (attributes, traits)")
    }
  }

  // MARK: Sections and cells

  private mutating func write(
    _ section: Section, at index: Int, configuration: ListConfiguration
  ) throws(FeedWritingError) {
    open("{", multiline: true)
    if let id = section.id {
      key("id")
      string(id)
    }
    if let header = section.header {
      key("header")
      try supplementary(header, "sections[\(index)].header")
    }
    if let footer = section.footer {
      key("footer")
      try supplementary(footer, "sections[\(index)].footer")
    }
    if let attributes = section.attributes {
      key("attributes")
      try sectionAttributes(
        attributes, over: configuration.defaultSectionAttributes, "sections[\(index)].attributes")
    }
    if let layout = section.layout {
      key("layout")
      try sectionLayout(layout, "sections[\(index)].layout")
    }
    if let value = section.background {
      key("background")
      try background(value, "sections[\(index)].background")
    }
    // The behaviour keys, written only when set (spelled out or not, a feed without them
    // reads back the same).
    if let value = section.separator {
      key("separator")
      try separator(value, "sections[\(index)].separator")
    }
    if section.collapsed {
      key("collapsed")
      bool(true)
    }
    if let pin = section.pinHeader {
      key("pinHeader")
      bool(pin)
    }
    if let pin = section.pinFooter {
      key("pinFooter")
      bool(pin)
    }
    if spelledOut || !section.cells.isEmpty {
      key("items")
      open("[", multiline: true)
      try writeItems(section.cells, in: index, defaults: configuration.defaultCellAttributes)
      close("]")
    }
    close("}")
  }

  mutating func write(
    _ cell: Cell, at item: Int, in section: Int, defaults: CellAttributes
  ) throws(FeedWritingError) {
    open("{")
    if let id = cell.id {
      key("id")
      string(id)
    }
    switch cell.size {
    case .automatic: break
    case .fixed(let fixed):
      key("size")
      try size(fixed, "sections[\(section)].cells[\(item)].size")
    case .sizing:
      throw .notRepresentable(
        path: "sections[\(section)].cells[\(item)].size",
        reason: "a sizing closure has no JSON form; give the cell a size or a flexbox content tree")
    case .flex(let content):
      key("content")
      try flexTree(content.layout, "sections[\(section)].cells[\(item)].size")
      if spelledOut || content.width != .intrinsic {
        key("contentWidth")
        string(content.width.rawValue)
      }
    }
    if spelledOut || !cell.traits.isEmpty {
      key("traits")
      traits(cell.traits)
    }
    if let attributes = cell.attributes {
      key("attributes")
      try cellAttributes(attributes, over: defaults, "sections[\(section)].cells[\(item)].attributes")
    }
    if let span = cell.span {
      key("span")
      switch span {
      case .fullRow: string("full")
      case .columns(let count):
        guard count >= 1 else {
          throw .notRepresentable(
            path: "sections[\(section)].cells[\(item)].span",
            reason: "a span of \(count); the feed wants 1 or more")
        }
        integer(Int64(count))
      }
    }
    if cell.hasBadges {
      key("badges")
      open("[")
      for (index, badge) in cell.badges.enumerated() {
        let path = "sections[\(section)].cells[\(item)].badges[\(index)]"
        element()
        open("{")
        if let id = badge.id {
          key("id")
          string(id)
        }
        key("size")
        try size(badge.size, path + ".size")
        if spelledOut || badge.anchor != .topTrailing {
          key("anchor")
          string(badge.anchor.rawValue)
        }
        if spelledOut || badge.offset != .zero {
          key("offset")
          open("{")
          key("x")
          try number(badge.offset.x, path + ".offset.x")
          key("y")
          try number(badge.offset.y, path + ".offset.y")
          close("}")
        }
        close("}")
      }
      close("]")
    }
    if let options = cell.sequential {
      key("layout")
      open("{")
      try sequentialOptions(
        frameCalculator: options.frameCalculator, spacing: options.spacing, padding: options.padding,
        "sections[\(section)].cells[\(item)].sequential")
      close("}")
    }
    close("}")
  }

  private mutating func supplementary(
    _ value: Supplementary, _ path: @autoclosure () -> String
  ) throws(FeedWritingError) {
    open("{")
    key("height")
    try nonNegative(value.height, path() + ".height")
    if let width = value.width {
      key("width")
      try nonNegative(width, path() + ".width")
    }
    if spelledOut || !value.traits.isEmpty {
      key("traits")
      traits(value.traits)
    }
    if let id = value.id {
      key("id")
      string(id)
    }
    close("}")
  }

  /// Section attributes as the keys that differ from `base` (which the reader applies them
  /// over), or every key when defaults are spelled out.
  private mutating func sectionAttributes(
    _ value: SectionAttributes, over base: SectionAttributes, _ path: @autoclosure () -> String
  ) throws(FeedWritingError) {
    let all = spelledOut
    open("{")
    if all || value.horizontalAlignment != base.horizontalAlignment {
      key("horizontalAlignment")
      string(value.horizontalAlignment.rawValue)
    }
    if all || value.verticalAlignment != base.verticalAlignment {
      key("verticalAlignment")
      string(value.verticalAlignment.rawValue)
    }
    if all || value.itemSpacing != base.itemSpacing {
      key("itemSpacing")
      try nonNegative(value.itemSpacing, path() + ".itemSpacing")
    }
    if all || value.lineSpacing != base.lineSpacing {
      key("lineSpacing")
      try nonNegative(value.lineSpacing, path() + ".lineSpacing")
    }
    if all || value.insets != base.insets {
      key("insets")
      try insets(value.insets, path() + ".insets", signed: false)
    }
    close("}")
  }

  private mutating func cellAttributes(
    _ value: CellAttributes, over base: CellAttributes, _ path: @autoclosure () -> String
  ) throws(FeedWritingError) {
    let all = spelledOut
    open("{")
    if all || value.insets != base.insets {
      key("insets")
      try insets(value.insets, path() + ".insets", signed: false)
    }
    if all || value.shouldBeginLine != base.shouldBeginLine {
      key("shouldBeginLine")
      bool(value.shouldBeginLine)
    }
    if all || value.shouldEndLine != base.shouldEndLine {
      key("shouldEndLine")
      bool(value.shouldEndLine)
    }
    if all || value.startLineIndentation != base.startLineIndentation {
      key("startLineIndentation")
      bool(value.startLineIndentation)
    }
    close("}")
  }

  private mutating func sectionLayout(
    _ layout: SectionLayout, _ path: @autoclosure () -> String
  ) throws(FeedWritingError) {
    open("{")
    key("type")
    switch layout {
    case .flow:
      string("flow")
    case .sequential(let defaults):
      string("sequential")
      let calculator = defaults.frameCalculator
      let isDefault = calculator.kind == .containerLeftAlignedVStack
      try sequentialOptions(
        frameCalculator: spelledOut || !isDefault ? calculator : nil,
        spacing: spelledOut || defaults.spacing != .zero ? defaults.spacing : nil,
        padding: spelledOut || defaults.padding != .zero ? defaults.padding : nil, path())
    case .grid(let grid):
      string("grid")
      try columnOptions(grid.columns, grid.columnSpacing, grid.rowSpacing, path())
      if spelledOut || grid.rowAlignment != .top {
        key("rowAlignment")
        string(grid.rowAlignment.rawValue)
      }
      if spelledOut || grid.packing != .sparse {
        key("packing")
        string(grid.packing.rawValue)
      }
    case .masonry(let masonry):
      string("masonry")
      try columnOptions(masonry.columns, masonry.columnSpacing, masonry.rowSpacing, path())
    case .carousel(let carousel):
      string("carousel")
      try carouselOptions(carousel, path())
    }
    close("}")
  }

  /// The keys grid and masonry layouts share: `columns` or `minColumnWidth`, and the spacings
  /// they set (an unset spacing takes the section's, so it is never spelled out).
  private mutating func columnOptions(
    _ columns: GridColumns, _ columnSpacing: Double?, _ rowSpacing: Double?, _ path: @autoclosure () -> String
  ) throws(FeedWritingError) {
    switch columns {
    case .count(let count):
      guard count >= 1 else {
        throw .notRepresentable(
          path: path() + ".columns", reason: "\(count) columns; the feed wants 1 or more")
      }
      key("columns")
      bytes.append(contentsOf: String(count).utf8)
    case .adaptive(let minimum):
      guard minimum > 0 else {
        throw .notRepresentable(
          path: path() + ".minColumnWidth", reason: "\(minimum) is not a number > 0")
      }
      key("minColumnWidth")
      try number(minimum, path() + ".minColumnWidth")
    }
    if let columnSpacing {
      key("columnSpacing")
      try nonNegative(columnSpacing, path() + ".columnSpacing")
    }
    if let rowSpacing {
      key("rowSpacing")
      try nonNegative(rowSpacing, path() + ".rowSpacing")
    }
  }

  /// A carousel layout's keys: those that differ from the defaults (the item spacing only
  /// when it is given: by default it follows the section's).
  private mutating func carouselOptions(
    _ carousel: CarouselLayout, _ path: @autoclosure () -> String
  ) throws(FeedWritingError) {
    if let spacing = carousel.itemSpacing {
      key("itemSpacing")
      try nonNegative(spacing, path() + ".itemSpacing")
    }
    if spelledOut || carousel.height != .tallest {
      key("height")
      switch carousel.height {
      case .tallest: string("tallest")
      case .first: string("first")
      case .fixed(let height): try nonNegative(height, path() + ".height")
      }
    }
    if spelledOut || carousel.paging != .none {
      key("paging")
      string(carousel.paging.rawValue)
    }
  }

  private mutating func sequentialOptions(
    frameCalculator: FrameCalculator<Int>?, spacing: EdgeInsets?, padding: EdgeInsets?,
    _ path: @autoclosure () -> String
  ) throws(FeedWritingError) {
    if let frameCalculator {
      guard let kind = frameCalculator.kind else {
        throw .notRepresentable(
          path: path() + ".frameCalculator",
          reason: "a custom frame calculator has no JSON form; feeds name the standard calculators only")
      }
      key("frameCalculator")
      string(kind.rawValue)
    }
    if let spacing {
      key("spacing")
      try insets(spacing, path() + ".spacing", signed: true)
    }
    if let padding {
      key("padding")
      try insets(padding, path() + ".padding", signed: true)
    }
  }

  // MARK: Flexbox content

  /// A flexbox tree in the `listlayout flex` schema, written without recursion.
  private mutating func flexTree(_ root: Layout, _ path: @autoclosure () -> String) throws(FeedWritingError) {
    enum Step {
      case node(Layout)
      case close
    }
    var steps: [Step] = [.node(root)]
    var nodes = 0
    while let step = steps.popLast() {
      guard case .node(let node) = step else {
        close("]")
        close("}")
        continue
      }
      if nodes > 0 { element() }
      nodes += 1
      guard node.measure == nil else {
        throw .notRepresentable(
          path: "\(path()).content (node \(nodes), depth-first)", reason: "a measure closure has no JSON form"
        )
      }
      open("{")
      if let id = node.identifier {
        key("id")
        string(id)
      }
      try flexStyle(node.style, "\(path()).content (node \(nodes), depth-first)")
      let children = node.children
      if children.isEmpty {
        if spelledOut {
          key("children")
          open("[")
          close("]")
        }
        close("}")
        continue
      }
      key("children")
      open("[")
      steps.append(.close)
      for child in children.reversed() { steps.append(.node(child)) }
    }
  }

  private mutating func flexStyle(
    _ style: FlexStyle, _ path: @autoclosure () -> String
  ) throws(FeedWritingError) {
    let base = FlexStyle()
    let all = spelledOut
    guard all || style != base else { return }
    key("style")
    open("{")
    func keyword<T: RawRepresentable & Equatable>(
      _ writer: inout FeedWriter, _ name: StaticString, _ value: T, _ base: T
    ) where T.RawValue == String {
      guard all || value != base else { return }
      writer.key(name)
      writer.string(value.rawValue)
    }
    keyword(&self, "display", style.display, base.display)
    keyword(&self, "position", style.position, base.position)
    keyword(&self, "flexDirection", style.flexDirection, base.flexDirection)
    keyword(&self, "flexWrap", style.flexWrap, base.flexWrap)
    keyword(&self, "justifyContent", style.justifyContent, base.justifyContent)
    keyword(&self, "alignItems", style.alignItems, base.alignItems)
    keyword(&self, "alignSelf", style.alignSelf, base.alignSelf)
    keyword(&self, "alignContent", style.alignContent, base.alignContent)
    let numbers: [(StaticString, Double, Double)] = [
      ("flexGrow", style.flexGrow, base.flexGrow), ("flexShrink", style.flexShrink, base.flexShrink),
    ]
    for (name, value, defaultValue) in numbers where all || value != defaultValue {
      key(name)
      try nonNegative(value, path() + ".style.\(name)")
    }
    let lengths: [(StaticString, Double?, Double?, StaticString)] = [
      ("flexBasis", style.flexBasis, base.flexBasis, "auto"), ("width", style.width, base.width, "auto"),
      ("height", style.height, base.height, "auto"),
    ]
    for (name, value, defaultValue, keyword) in lengths where all || value != defaultValue {
      try length(name, value, keyword, path() + ".style")
    }
    if all || style.minWidth != base.minWidth {
      key("minWidth")
      try nonNegative(style.minWidth, path() + ".style.minWidth")
    }
    if all || style.minHeight != base.minHeight {
      key("minHeight")
      try nonNegative(style.minHeight, path() + ".style.minHeight")
    }
    if all || style.maxWidth != base.maxWidth {
      try length("maxWidth", style.maxWidth, "none", path() + ".style")
    }
    if all || style.maxHeight != base.maxHeight {
      try length("maxHeight", style.maxHeight, "none", path() + ".style")
    }
    let edges: [(StaticString, Edges, Edges, Bool)] = [
      ("margin", style.margin, base.margin, true), ("padding", style.padding, base.padding, false),
      ("border", style.border, base.border, false),
    ]
    for (name, value, defaultValue, signed) in edges where all || value != defaultValue {
      key(name)
      try flexEdges(value, path() + ".style.\(name)", signed: signed)
    }
    // The offsets of a relative or absolute box are keys of the style itself; an unset one
    // has no JSON form but absence.
    let offsets: [(StaticString, Double?)] = [
      ("top", style.inset.top), ("left", style.inset.leading), ("bottom", style.inset.bottom),
      ("right", style.inset.trailing),
    ]
    for (name, value) in offsets {
      guard let value else { continue }
      key(name)
      try number(value, path() + ".style.\(name)")
    }
    if all || style.rowGap != base.rowGap {
      key("rowGap")
      try nonNegative(style.rowGap, path() + ".style.rowGap")
    }
    if all || style.columnGap != base.columnGap {
      key("columnGap")
      try nonNegative(style.columnGap, path() + ".style.columnGap")
    }
    close("}")
  }

  private mutating func length(
    _ name: StaticString, _ value: Double?, _ keyword: StaticString, _ path: @autoclosure () -> String
  ) throws(FeedWritingError) {
    key(name)
    if let value {
      try nonNegative(value, path() + ".\(name)")
    } else {
      string("\(keyword)")
    }
  }

  /// Flexbox edges: only the set ones (an unset edge has no JSON form but absence).
  private mutating func flexEdges(
    _ edges: Edges, _ path: @autoclosure () -> String, signed: Bool
  ) throws(FeedWritingError) {
    open("{")
    let members: [(StaticString, Double?)] = [
      ("top", edges.top), ("left", edges.leading), ("bottom", edges.bottom), ("right", edges.trailing),
    ]
    for (name, value) in members {
      guard let value else { continue }
      key(name)
      if signed {
        try number(value, path() + ".\(name)")
      } else {
        try nonNegative(value, path() + ".\(name)")
      }
    }
    close("}")
  }

  // MARK: Values

  private mutating func insets(
    _ value: EdgeInsets, _ path: @autoclosure () -> String, signed: Bool
  ) throws(FeedWritingError) {
    open("{")
    let members: [(StaticString, Double)] = [
      ("top", value.top), ("left", value.left), ("bottom", value.bottom), ("right", value.right),
    ]
    // A missing key reads as 0.
    for (name, edge) in members where spelledOut || edge != 0 {
      key(name)
      if signed {
        try number(edge, path() + ".\(name)")
      } else {
        try nonNegative(edge, path() + ".\(name)")
      }
    }
    close("}")
  }

  private mutating func size(_ value: Size, _ path: @autoclosure () -> String) throws(FeedWritingError) {
    open("{")
    key("width")
    try nonNegative(value.width, path() + ".width")
    key("height")
    try nonNegative(value.height, path() + ".height")
    close("}")
  }

  private mutating func traits(_ value: TraitSet) {
    open("[")
    for name in value.names {
      element()
      string(name)
    }
    close("]")
  }

  /// A finite number, the shortest text that reads back to the same `Double`.
  private mutating func number(_ value: Double, _ path: @autoclosure () -> String) throws(FeedWritingError) {
    guard value.isFinite else {
      throw .notRepresentable(path: path(), reason: "\(value) is not a finite number")
    }
    if value == value.rounded(), abs(value) < 1e15 {
      integer(Int64(value))  // -0 becomes 0
    } else {
      bytes.append(contentsOf: value.description.utf8)  // the shortest text that reads back
    }
  }

  /// A whole number's digits, written without an intermediate string.
  mutating func integer(_ value: Int64) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    let start = bytes.count
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes[start...].reverse()
  }

  private mutating func nonNegative(
    _ value: Double, _ path: @autoclosure () -> String
  ) throws(FeedWritingError) {
    guard value >= 0 else {
      throw .notRepresentable(
        path: path(), reason: "\(value) is negative (or NaN); the feed wants a number ≥ 0")
    }
    try number(value, path())
  }

  /// A JSON string literal: `"` and `\` escaped, control characters as `\n`, `\r`, `\t` or
  /// `\u00XX`, everything else (UTF-8) as it is.
  mutating func string(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
      case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [
          UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
        ])
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0xF)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func bool(_ value: Bool) {
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  // MARK: Structure

  /// Opens an object or array; `multiline` puts its members on lines of their own when
  /// pretty-printing.
  mutating func open(_ bracket: Unicode.Scalar, multiline: Bool = false) {
    bytes.append(UInt8(ascii: bracket))
    let outer = levels.last?.indent ?? 0
    levels.append(Level(indent: pretty && multiline ? outer + 2 : nil))
  }

  mutating func close(_ bracket: Unicode.Scalar) {
    let level = levels.removeLast()
    if let indent = level.indent, level.hasMembers {
      newline(indent - 2)
    }
    bytes.append(UInt8(ascii: bracket))
  }

  /// Starts the next member of the innermost level: a separator after the first.
  mutating func element() {
    let level = levels[levels.count - 1]
    if level.hasMembers { bytes.append(UInt8(ascii: ",")) }
    if let indent = level.indent {
      newline(indent)
    } else if level.hasMembers && pretty {
      bytes.append(UInt8(ascii: " "))
    }
    levels[levels.count - 1].hasMembers = true
  }

  mutating func key(_ name: StaticString) {
    element()
    bytes.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    if pretty { bytes.append(UInt8(ascii: " ")) }
  }

  private mutating func newline(_ indent: Int) {
    bytes.append(UInt8(ascii: "\n"))
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
  }
}
