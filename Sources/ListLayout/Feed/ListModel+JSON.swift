import Flexbox
import Foundation
import LayoutGeometry
import LayoutJSON

extension ListModel {
  /// Decodes a model from JSON text in the feed schema (see the README).
  ///
  /// ```json
  /// { "width": 375, "sections": [ { "header": {"height": 40},
  ///     "items": [ {"id": "a", "size": {"width": 100, "height": 50}, "traits": ["compactWidth"]} ] } ] }
  /// ```
  ///
  /// Missing keys take FSQ's defaults; a section's or cell's `attributes` override only the
  /// keys they name, over the feed's `defaultSectionAttributes` / `defaultCellAttributes`.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON.
  ///   - width: overrides the document's `width` (which may then be absent).
  ///   - limits: bounds on untrusted input.
  /// - Throws: `JSONInputError` naming the key path, line and column of the problem.
  public init<Bytes: Sequence<UInt8>>(
    json bytes: Bytes, width: Double? = nil, limits: JSONInputLimits = .default
  ) throws(JSONInputError) {
    // Contiguous bytes (an array, a buffer mapped from a file) are read in place; any other
    // sequence once copied.
    let inPlace = bytes.withContiguousStorageIfAvailable { pointer in
      Result { () throws(JSONInputError) in try ListModel(json: pointer, width: width, limits: limits) }
    }
    if let inPlace {
      self = try inPlace.get()
    } else {
      self = try Array(bytes).withUnsafeBufferPointer { pointer throws(JSONInputError) in
        try ListModel(json: pointer, width: width, limits: limits)
      }
    }
  }

  /// Decodes a model from bytes read in place.
  private init(
    json pointer: UnsafeBufferPointer<UInt8>, width: Double?, limits: JSONInputLimits
  ) throws(JSONInputError) {
    self = try JSONReader.withReader(
      of: pointer, maxDepth: limits.maxDepth, maxStringLength: limits.maxStringLength
    ) { (reader) throws(JSONInputError) in
      try ListModel(reading: &reader, width: width, limits: limits)
    }
  }

  /// Decodes a model from a document already in a ``JSONBuffer`` (no copy).
  package init(
    json buffer: JSONBuffer, width: Double? = nil, limits: JSONInputLimits = .default
  ) throws(JSONInputError) {
    var reader = JSONReader(
      buffer: buffer, maxDepth: limits.maxDepth, maxStringLength: limits.maxStringLength)
    try self.init(reading: &reader, width: width, limits: limits)
  }

  /// Decodes a feed with `reader`, within `limits` (its size checked before anything is read).
  init(
    reading reader: inout JSONReader, width: Double?, limits: JSONInputLimits,
    parallel: ParallelCellDecoding? = nil
  ) throws(JSONInputError) {
    if reader.count > limits.maxBytes {
      throw reader.error(
        .limitExceeded("maxBytes"), "the document has \(reader.count) bytes; the limit is \(limits.maxBytes)",
        at: 0)
    }
    var decoder = FeedDecoder(limits: limits, parallel: parallel ?? ParallelCellDecoding(limits: limits))
    try decoder.readFeed(&reader)
    try reader.finish()
    self = try decoder.model(width: width, reader: reader)
  }

  /// Decodes a model from a JSON string: renamed `ListModel(json:)`, which takes a string as
  /// well as bytes.
  @available(*, deprecated, renamed: "init(json:width:limits:)")
  public init(
    jsonString: String, width: Double? = nil, limits: JSONInputLimits = .default
  ) throws(JSONInputError) {
    try self.init(json: Array(jsonString.utf8), width: width, limits: limits)
  }
}

/// Section or cell attribute keys read from JSON, applied over the defaults once the whole
/// document (which may give its defaults last) has been read.
struct PartialSectionAttributes {
  var horizontalAlignment: HorizontalAlignment?
  var verticalAlignment: VerticalAlignment?
  var itemSpacing: Double?
  var lineSpacing: Double?
  var insets: EdgeInsets?

  func applied(to base: SectionAttributes) -> SectionAttributes {
    SectionAttributes(
      horizontalAlignment: horizontalAlignment ?? base.horizontalAlignment,
      verticalAlignment: verticalAlignment ?? base.verticalAlignment,
      itemSpacing: itemSpacing ?? base.itemSpacing,
      lineSpacing: lineSpacing ?? base.lineSpacing, insets: insets ?? base.insets)
  }
}

struct PartialCellAttributes {
  var insets: EdgeInsets?
  var shouldBeginLine: Bool?
  var shouldEndLine: Bool?
  var startLineIndentation: Bool?

  func applied(to base: CellAttributes) -> CellAttributes {
    CellAttributes(
      insets: insets ?? base.insets, shouldBeginLine: shouldBeginLine ?? base.shouldBeginLine,
      shouldEndLine: shouldEndLine ?? base.shouldEndLine,
      startLineIndentation: startLineIndentation ?? base.startLineIndentation)
  }
}

/// Reads the feed schema key by key.
struct FeedDecoder {
  let limits: JSONInputLimits
  var width: Double?
  var contentInsets = EdgeInsets(all: 5)
  var sectionSpacing = 10.0
  var pinSectionHeaders = true
  var pinEmptySections = false
  var pinSectionFooters = false
  var defaultCellSize = Size(width: 100, height: 100)
  var defaultSectionAttributes = PartialSectionAttributes()
  var defaultCellAttributes = PartialCellAttributes()
  var layoutManager: any LayoutManager = AttributesLayoutManager()
  var layoutDirection = LayoutDirection.ltr
  var scrollDirection = ScrollAxis.vertical
  var listHeader: ListSupplementary?
  var listFooter: ListSupplementary?
  var sections: [Section] = []
  var sectionAttributes: [(section: Int, PartialSectionAttributes)] = []
  var cellAttributes: [(section: Int, item: Int, PartialCellAttributes)] = []
  var cellCount = 0
  /// The cells the feed's runs stand for beyond the cells they list.
  var expandedCells = 0
  /// The attributes of runs' cells, by run and position in its pattern.
  var runAttributes: [(RunPattern<Cell>, [(Int, PartialCellAttributes)])] = []
  /// One shared copy of each distinct trait list that names app-defined traits.
  var traitLists: [TraitSet: TraitSet] = [:]

  /// The key tables of the objects a feed has one of per cell, held here: a type's
  /// `static let` is reached through a once-check on every use.
  let cellKeys = CellKey.keys
  let sizeKeys = SizeKey.keys

  /// How the cells of a large section are spread over threads.
  let parallel: ParallelCellDecoding

  init(limits: JSONInputLimits, parallel: ParallelCellDecoding) {
    self.limits = limits
    self.parallel = parallel
  }

  enum FeedKey: String, JSONObjectKey {
    case width, layoutDirection, contentInsets, sectionSpacing, pinSectionHeaders, pinEmptySections
    case pinSectionFooters, defaultCellSize, defaultSectionAttributes, defaultCellAttributes, layoutManager
    case sections, header, footer, scrollDirection
    static let keys = JSONKeyTable(Self.self)
  }

  mutating func readFeed(_ reader: inout JSONReader) throws(JSONInputError) {
    try reader.readObject("the feed object", FeedKey.keys) { (key, reader) throws(JSONInputError) in
      switch FeedKey(index: key) {
      case .width: width = try reader.readNonNegative()
      case .layoutDirection:
        layoutDirection = try reader.readName([("ltr", .ltr), ("rtl", .rtl)], "layout direction")
      case .contentInsets: contentInsets = try Self.readInsets(&reader)
      case .sectionSpacing: sectionSpacing = try reader.readNonNegative()
      case .pinSectionHeaders: pinSectionHeaders = try reader.readBool()
      case .pinEmptySections: pinEmptySections = try reader.readBool()
      case .pinSectionFooters: pinSectionFooters = try reader.readBool()
      case .defaultCellSize: defaultCellSize = try Self.readSize(&reader)
      case .defaultSectionAttributes: defaultSectionAttributes = try Self.readSectionAttributes(&reader)
      case .defaultCellAttributes: defaultCellAttributes = try Self.readCellAttributes(&reader)
      case .layoutManager: layoutManager = try Self.readLayoutManager(&reader)
      case .header: listHeader = try Self.readListSupplementary(&reader)
      case .footer: listFooter = try Self.readListSupplementary(&reader, isHeader: false)
      case .scrollDirection:
        scrollDirection = try reader.readName(
          [("vertical", .vertical), ("horizontal", .horizontal)], "scroll direction")
      case .sections:
        try reader.readArray("an array of sections") { (index, reader) throws(JSONInputError) in
          guard index < limits.maxSections else {
            throw reader.error(.limitExceeded("maxSections"), "more than \(limits.maxSections) sections")
          }
          try readSection(&reader, index: index)
        }
      }
    }
  }

  enum SectionKey: String, JSONObjectKey {
    case id, header, footer, attributes, layout, items, background
    case separator, collapsed, pinHeader, pinFooter
    static let keys = JSONKeyTable(Self.self)
  }

  mutating func readSection(_ reader: inout JSONReader, index: Int) throws(JSONInputError) {
    var section = Section()
    try reader.readObject("a section object", SectionKey.keys) { (key, reader) throws(JSONInputError) in
      switch SectionKey(index: key) {
      case .id: section.id = try reader.readString("an identifier string")
      case .header: section.header = try readSupplementary(&reader)
      case .footer: section.footer = try readSupplementary(&reader)
      case .attributes: sectionAttributes.append((index, try Self.readSectionAttributes(&reader)))
      case .layout: section.layout = try Self.readSectionLayout(&reader)
      case .background: section.background = try Self.readBackground(&reader)
      case .items: section.cells = try readCells(&reader, section: index)
      case .separator: section.separator = try Self.readSeparator(&reader)
      case .collapsed: section.collapsed = try reader.readBool()
      case .pinHeader: section.pinHeader = try reader.readNullIfPresent() ? nil : reader.readBool()
      case .pinFooter: section.pinFooter = try reader.readNullIfPresent() ? nil : reader.readBool()
      }
    }
    sections.append(section)
  }

  enum CellKey: String, JSONObjectKey {
    case id, size, content, contentWidth, traits, attributes, layout, span, badges
    static let keys = JSONKeyTable(Self.self)
  }

  /// Reads a cell and initializes `slot` with it; leaves `slot` uninitialized when it throws.
  /// (Made in place there: a cell returned is copied on its way out, and the copy destroyed.)
  mutating func readCell(
    _ reader: inout JSONReader, section: Int, item: Int, into slot: UnsafeMutablePointer<Cell>
  ) throws(JSONInputError) {
    // The common keys go to locals and the cell's fields are stored from them, moved, once
    // the object is read (see `Cell.initialize`: a cell value made and moved into the slot
    // is copied on the way). The rare keys go behind one reference made only when one of
    // them appears: held inline, they would be set up and torn down for every cell.
    // `TraitSet()` rather than `Cell()`'s default `[]`, which goes through the general
    // initializer; a loop rather than `readObject`, as for the cells array.
    var id: String?
    var size = CellSize.automatic
    var traits = TraitSet()
    var hasSize = false
    var rare: RareCellKeys?
    // The reader's fast paths called here, their general paths only when they decline: the
    // reader's throwing entry points are calls from this module, not inlined.
    if !reader.beginObjectFast() { try reader.beginObjectGeneral("a cell object") }
    var state = JSONReader.ObjectState()
    while let key = try reader.nextKey(cellKeys, &state) {
      switch CellKey(index: key) {
      case .id:
        if let fast = reader.readStringFast() {
          id = fast
        } else {
          id = try reader.readStringGeneral("an identifier string")
        }
      case .size:
        size = .fixed(try Self.readSize(&reader, keys: sizeKeys))
        hasSize = true
      case .traits: traits = try readTraits(&reader)
      case .content, .contentWidth, .attributes, .layout, .span, .badges:
        try readRareKey(CellKey(index: key), &reader, section: section, item: item, into: &rare)
      }
    }
    guard let rare else {
      Cell.initialize(slot, id: consume id, size: consume size, traits: consume traits)
      return
    }
    try Self.initialize(slot, id: id, size: size, traits: traits, hasSize: hasSize, rare: rare, reader)
  }

  /// Initializes `slot` with a cell that has some of the less common keys (out of line, as
  /// they are: the hottest loop stays small).
  @inline(never)
  static func initialize(
    _ slot: UnsafeMutablePointer<Cell>, id: String?, size: CellSize, traits: TraitSet, hasSize: Bool,
    rare: RareCellKeys, _ reader: borrowing JSONReader
  ) throws(JSONInputError) {
    var size = size
    if let content = rare.content {
      guard !hasSize else {
        throw reader.error(.invalidValue, "a cell takes a size or a content tree, not both")
      }
      size = .flex(FlexContent(content, width: rare.contentWidth))
    }
    Cell.initialize(slot, id: id, size: size, traits: traits)
    if let sequential = rare.sequential { slot.pointee.sequential = sequential }
    if let span = rare.span { slot.pointee.span = span }
    if !rare.badges.isEmpty { slot.pointee.badges = rare.badges }
  }

  /// One of a cell's less common keys, read out of line: the hottest loop of a feed stays
  /// small enough for the reader's key matching to be inlined into it.
  @inline(never)
  mutating func readRareKey(
    _ key: CellKey, _ reader: inout JSONReader, section: Int, item: Int, into rare: inout RareCellKeys?
  ) throws(JSONInputError) {
    switch key {
    case .content: RareCellKeys.make(&rare).content = try Self.readFlexContent(&reader)
    case .contentWidth:
      RareCellKeys.make(&rare).contentWidth = try reader.readCase(FlexContent.Width.self, "content width")
    case .attributes: cellAttributes.append((section, item, try Self.readCellAttributes(&reader)))
    case .layout: RareCellKeys.make(&rare).sequential = try Self.readItemLayout(&reader)
    case .span: RareCellKeys.make(&rare).span = try Self.readSpan(&reader)
    case .badges: RareCellKeys.make(&rare).badges = try readBadges(&reader)
    case .id, .size, .traits: break
    }
  }

  /// A cell's less common keys, read until the end of its object (behind a reference: a
  /// `Layout` held inline is a large value that every cell, with content or not, would
  /// zero and copy).
  final class RareCellKeys {
    var content: Layout?
    var contentWidth = FlexContent.Width.intrinsic
    var sequential: SequentialItemOptions?
    var span: GridSpan?
    var badges: [Badge] = []

    /// `keys`, made first if it is `nil`.
    static func make(_ keys: inout RareCellKeys?) -> RareCellKeys {
      if let keys { return keys }
      let made = RareCellKeys()
      keys = made
      return made
    }
  }

  enum BadgeKey: String, JSONObjectKey {
    case id, size, anchor, offset
    static let keys = JSONKeyTable(Self.self)
  }

  enum PointKey: String, JSONObjectKey {
    case x, y
    static let keys = JSONKeyTable(Self.self)
  }

  /// A cell's `"badges"`: `[{"id", "size": {width, height}, "anchor", "offset": {x, y}}]`
  /// (`anchor` defaults to `topTrailing`, `offset` to none).
  func readBadges(_ reader: inout JSONReader) throws(JSONInputError) -> [Badge] {
    var badges: [Badge] = []
    let limit = limits.maxBadgesPerCell
    try reader.readArray("an array of badges") { (index, reader) throws(JSONInputError) in
      guard index < limit else {
        throw reader.error(.limitExceeded("maxBadgesPerCell"), "more than \(limit) badges")
      }
      var id: String?
      var size: Size?
      var anchor = BadgeAnchor.topTrailing
      var offset = Point.zero
      try reader.readObject("a badge object", BadgeKey.keys) { (key, reader) throws(JSONInputError) in
        switch BadgeKey(index: key) {
        case .id: id = try reader.readString("an identifier string")
        case .size: size = try Self.readSize(&reader)
        case .anchor:
          anchor = try reader.readName(BadgeAnchor.allCases.map { ($0.rawValue, $0) }, "badge anchor")
        case .offset:
          var x = 0.0
          var y = 0.0
          try reader.readObject("an offset object {x, y}", PointKey.keys) {
            (key, reader) throws(JSONInputError) in
            switch PointKey(index: key) {
            case .x: x = try reader.readNumber()
            case .y: y = try reader.readNumber()
            }
          }
          offset = Point(x: x, y: y)
        }
      }
      guard let size else { throw reader.error(.missingKey, "a badge needs a size") }
      badges.append(Badge(id: id, size: size, anchor: anchor, offset: offset))
    }
    return badges
  }

  /// A cell's span in a grid or masonry section: a whole number of columns ≥ 1, or `"full"`.
  static func readSpan(_ reader: inout JSONReader) throws(JSONInputError) -> GridSpan {
    if try reader.peek() == .string {
      return try reader.readName([("full", GridSpan.fullRow)], "span")
    }
    return .columns(try reader.readInteger(in: 1...Int(Int32.max)))
  }

  /// A cell's flexbox content: a node tree in the `listlayout flex` schema (`id`, `style`,
  /// `children`), read by the flexbox decoder with the remaining depth budget.
  static func readFlexContent(_ reader: inout JSONReader) throws(JSONInputError) -> Layout {
    try FlexDocument.readTree(&reader, limits: FlexDocumentLimits(maxStringLength: reader.maxStringLength))
  }

  enum SupplementaryKey: String, JSONObjectKey {
    case height, width, size, traits, id
    static let keys = JSONKeyTable(Self.self)
  }

  mutating func readSupplementary(_ reader: inout JSONReader) throws(JSONInputError) -> Supplementary? {
    if try reader.readNullIfPresent() { return nil }
    var height: Double?
    var width: Double?
    var traits = TraitSet()
    var id: String?
    try reader.readObject("a header or footer object", SupplementaryKey.keys) {
      (key, reader) throws(JSONInputError) in
      switch SupplementaryKey(index: key) {
      case .height: height = try reader.readNonNegative()
      case .width: width = try reader.readNonNegative()
      case .size:
        let size = try Self.readSize(&reader)
        height = size.height
        width = size.width
      case .traits: traits = try readTraits(&reader)
      case .id: id = try reader.readString("an identifier string")
      }
    }
    guard let height else { throw reader.error(.missingKey, "a header or footer needs a height (or a size)") }
    return Supplementary(height: height, width: width, traits: traits, id: id)
  }

  enum ListSupplementaryKey: String, JSONObjectKey {
    case height, id, pinned, minHeight
    static let keys = JSONKeyTable(Self.self)
  }

  /// The list's `"header"` or `"footer"`: `{"height", "id", "pinned", "minHeight"}` (or `null`
  /// for none). `minHeight` only on a pinned header (`isHeader`), at most its height: else an
  /// error naming `header.minHeight` (or `footer.minHeight`) at the key.
  static func readListSupplementary(
    _ reader: inout JSONReader, isHeader: Bool = true
  ) throws(JSONInputError) -> ListSupplementary? {
    if try reader.readNullIfPresent() { return nil }
    var height: Double?
    var id: String?
    var pinned = false
    var minHeight: (value: Double, at: Int)?
    try reader.readObject("a list header or footer object", ListSupplementaryKey.keys) {
      (key, reader) throws(JSONInputError) in
      switch ListSupplementaryKey(index: key) {
      case .height: height = try reader.readNonNegative()
      case .id: id = try reader.readString("an identifier string")
      case .pinned: pinned = try reader.readBool()
      case .minHeight:
        let at = reader.offset
        minHeight = (try reader.readNonNegative(), at)
      }
    }
    guard let height else { throw reader.error(.missingKey, "a list header or footer needs a height") }
    if let minHeight {
      let problem: String? =
        !isHeader
        ? "a list footer does not shrink: minHeight applies to a pinned list header"
        : !pinned
          ? "minHeight applies to a pinned list header: add \"pinned\": true or remove minHeight"
          : minHeight.value > height
            ? "minHeight \(formatted(minHeight.value)) is more than the height \(formatted(height))" : nil
      if let problem {
        let (line, column) = reader.location(of: minHeight.at)
        throw JSONInputError(
          kind: .invalidValue, path: reader.pathString + ".minHeight", message: problem, line: line,
          column: column)
      }
    }
    return ListSupplementary(height: height, id: id, pinned: pinned, minHeight: minHeight?.value)
  }

  enum BackgroundKey: String, JSONObjectKey {
    case id, insets
    static let keys = JSONKeyTable(Self.self)
  }

  /// A section's `"background"`: `{"id", "insets"}` (or `null` for none).
  static func readBackground(_ reader: inout JSONReader) throws(JSONInputError) -> SectionBackground? {
    if try reader.readNullIfPresent() { return nil }
    var background = SectionBackground()
    try reader.readObject("a background object", BackgroundKey.keys) { (key, reader) throws(JSONInputError) in
      switch BackgroundKey(index: key) {
      case .id: background.id = try reader.readString("an identifier string")
      case .insets: background.insets = try readInsets(&reader)
      }
    }
    return background
  }

  enum SeparatorKey: String, JSONObjectKey {
    case thickness, insets, id
    static let keys = JSONKeyTable(Self.self)
  }

  enum SeparatorInsetKey: String, JSONObjectKey {
    case left, right
    static let keys = JSONKeyTable(Self.self)
  }

  /// A section's `"separator"`: `{"thickness", "insets": {"left", "right"}, "id"}` (or `null`
  /// for none); the thickness is required.
  static func readSeparator(_ reader: inout JSONReader) throws(JSONInputError) -> SectionSeparator? {
    if try reader.readNullIfPresent() { return nil }
    var separator = SectionSeparator(thickness: 0)
    var hasThickness = false
    try reader.readObject("a separator object", SeparatorKey.keys) { (key, reader) throws(JSONInputError) in
      switch SeparatorKey(index: key) {
      case .id: separator.id = try reader.readString("an identifier string")
      case .thickness:
        separator.thickness = try reader.readNonNegative()
        hasThickness = true
      case .insets:
        try reader.readObject("a separator insets object {left, right}", SeparatorInsetKey.keys) {
          (key, reader) throws(JSONInputError) in
          switch SeparatorInsetKey(index: key) {
          case .left: separator.leftInset = try reader.readNonNegative()
          case .right: separator.rightInset = try reader.readNonNegative()
          }
        }
      }
    }
    guard hasThickness else { throw reader.error(.missingKey, "a separator needs a thickness") }
    return separator
  }

  enum SectionAttributeKey: String, JSONObjectKey {
    case horizontalAlignment, verticalAlignment, itemSpacing, lineSpacing, insets
    static let keys = JSONKeyTable(Self.self)
  }

  static func readSectionAttributes(
    _ reader: inout JSONReader
  ) throws(JSONInputError) -> PartialSectionAttributes {
    var partial = PartialSectionAttributes()
    try reader.readObject("a section attributes object", SectionAttributeKey.keys) {
      (key, reader) throws(JSONInputError) in
      switch SectionAttributeKey(index: key) {
      case .horizontalAlignment:
        partial.horizontalAlignment = try reader.readCase(HorizontalAlignment.self, "horizontal alignment")
      case .verticalAlignment:
        partial.verticalAlignment = try reader.readCase(VerticalAlignment.self, "vertical alignment")
      case .itemSpacing: partial.itemSpacing = try reader.readNonNegative()
      case .lineSpacing: partial.lineSpacing = try reader.readNonNegative()
      case .insets: partial.insets = try readInsets(&reader)
      }
    }
    return partial
  }

  enum CellAttributeKey: String, JSONObjectKey {
    case insets, shouldBeginLine, shouldEndLine, startLineIndentation
    static let keys = JSONKeyTable(Self.self)
  }

  static func readCellAttributes(_ reader: inout JSONReader) throws(JSONInputError) -> PartialCellAttributes {
    var partial = PartialCellAttributes()
    try reader.readObject("a cell attributes object", CellAttributeKey.keys) {
      (key, reader) throws(JSONInputError) in
      switch CellAttributeKey(index: key) {
      case .insets: partial.insets = try readInsets(&reader)
      case .shouldBeginLine: partial.shouldBeginLine = try reader.readBool()
      case .shouldEndLine: partial.shouldEndLine = try reader.readBool()
      case .startLineIndentation: partial.startLineIndentation = try reader.readBool()
      }
    }
    return partial
  }

  enum LayoutKey: String, JSONObjectKey {
    case type, frameCalculator, spacing, padding
    case columns, minColumnWidth, columnSpacing, rowSpacing, rowAlignment, packing
    // Carousel sections.
    case itemSpacing, height, paging
    static let keys = JSONKeyTable(Self.self)
  }

  /// The keys of a section layout object, read in any order and checked against its type
  /// once the object is read.
  struct SectionLayoutKeys {
    var type = "flow"
    var sequential = SequentialItemOptions()
    var columns: GridColumns?
    var columnSpacing: Double?
    var rowSpacing: Double?
    var rowAlignment: GridRowAlignment?
    var packing: GridPacking?
    var carousel = CarouselLayout()
    /// The keys read that belong to one kind of layout only, in reading order.
    var sequentialKeys: [String] = []
    var columnKeys: [String] = []
    var gridKeys: [String] = []
    var carouselKeys: [String] = []
  }

  /// `{"type": "flow"}`, `{"type": "sequential", "frameCalculator": NAME, "spacing": {…},
  /// "padding": {…}}`, `{"type": "grid", "columns": N | "minColumnWidth": M, "columnSpacing": S,
  /// "rowSpacing": S, "rowAlignment": A, "packing": P}`, `{"type": "masonry", "columns": N |
  /// "minColumnWidth": M, "columnSpacing": S, "rowSpacing": S}` or `{"type": "carousel",
  /// "itemSpacing": S, "height": H, "paging": P}`. A key of another type is an error, as are
  /// both `columns` and `minColumnWidth`.
  static func readSectionLayout(_ reader: inout JSONReader) throws(JSONInputError) -> SectionLayout {
    var keys = SectionLayoutKeys()
    try reader.readObject("a section layout object", LayoutKey.keys) { (key, reader) throws(JSONInputError) in
      let layoutKey = LayoutKey(index: key)
      switch layoutKey {
      case .type:
        keys.type = try reader.readName(
          [
            ("flow", "flow"), ("sequential", "sequential"), ("grid", "grid"), ("masonry", "masonry"),
            ("carousel", "carousel"),
          ], "section layout type")
      case .frameCalculator, .spacing, .padding:
        keys.sequentialKeys.append("\(layoutKey)")
        try readSequentialKey(layoutKey, &reader, into: &keys.sequential)
      case .columns, .minColumnWidth:
        guard keys.columns == nil else {
          throw reader.invalid("a layout takes columns or minColumnWidth, not both")
        }
        keys.columnKeys.append("\(layoutKey)")
        if layoutKey == .columns {
          keys.columns = .count(try reader.readInteger(in: 1...GridColumns.maximumCount))
        } else {
          let start = reader.offset
          let minimum = try reader.readNonNegative()
          guard minimum > 0 else { throw reader.invalid("minColumnWidth must be greater than 0", at: start) }
          keys.columns = .adaptive(minimumWidth: minimum)
        }
      case .columnSpacing:
        keys.columnKeys.append("columnSpacing")
        keys.columnSpacing = try reader.readNonNegative()
      case .rowSpacing:
        keys.columnKeys.append("rowSpacing")
        keys.rowSpacing = try reader.readNonNegative()
      case .rowAlignment:
        keys.gridKeys.append("rowAlignment")
        keys.rowAlignment = try reader.readCase(GridRowAlignment.self, "row alignment")
      case .packing:
        keys.gridKeys.append("packing")
        keys.packing = try reader.readCase(GridPacking.self, "grid packing")
      case .itemSpacing, .height, .paging:
        keys.carouselKeys.append("\(layoutKey)")
        try readCarouselKey(layoutKey, &reader, into: &keys.carousel)
      }
    }
    return try keys.layout(reader)
  }

  /// A cell's `{"frameCalculator": NAME, "spacing": {…}, "padding": {…}}` in a sequential section.
  static func readItemLayout(_ reader: inout JSONReader) throws(JSONInputError) -> SequentialItemOptions {
    var options = SequentialItemOptions()
    try reader.readObject("an item layout object", LayoutKey.keys) { (key, reader) throws(JSONInputError) in
      switch LayoutKey(index: key) {
      case .type:
        _ = try reader.readName([("sequential", "sequential")], "item layout type")
      case .frameCalculator, .spacing, .padding:
        try readSequentialKey(LayoutKey(index: key), &reader, into: &options)
      case .columns, .minColumnWidth, .columnSpacing, .rowSpacing, .rowAlignment, .packing, .itemSpacing,
        .height, .paging:
        throw reader.error(
          .unknownKey,
          "\(LayoutKey(index: key).rawValue) belongs to a section's layout; an item layout takes type, "
            + "frameCalculator, spacing, padding")
      }
    }
    return options
  }

  /// One key of a carousel section's layout: `"itemSpacing": 8`, `"height": "tallest" |
  /// "first" | 180`, `"paging": "none" | "item" | "page"`.
  static func readCarouselKey(
    _ key: LayoutKey, _ reader: inout JSONReader, into carousel: inout CarouselLayout
  ) throws(JSONInputError) {
    switch key {
    case .itemSpacing: carousel.itemSpacing = try reader.readNonNegative()
    case .height:
      if try reader.peek() == .number {
        carousel.height = .fixed(try reader.readNonNegative())
      } else {
        carousel.height = try reader.readName(
          [("tallest", CarouselHeight.tallest), ("first", .first)], "carousel height (or a number)")
      }
    case .paging: carousel.paging = try reader.readCase(CarouselPaging.self, "carousel paging")
    default: break
    }
  }

  static func readSequentialKey(
    _ key: LayoutKey, _ reader: inout JSONReader, into options: inout SequentialItemOptions
  ) throws(JSONInputError) {
    switch key {
    case .type, .columns, .minColumnWidth, .columnSpacing, .rowSpacing, .rowAlignment, .packing: break
    case .itemSpacing, .height, .paging: break
    case .frameCalculator:
      let name = try reader.readString("a frame calculator name")
      guard let calculator = FrameCalculator<Int>.standard(named: name) else {
        throw reader.invalid(
          "unknown calculator '\(JSONReader.shortened(name))'; known: \(StandardFrameCalculator.knownNames.joined(separator: ", "))"
        )
      }
      options.frameCalculator = calculator
    case .spacing: options.spacing = try readSignedInsets(&reader)
    case .padding: options.padding = try readSignedInsets(&reader)
    }
  }

  /// Insets that may be negative (SQLayout's padding can "unpad"), but must be finite.
  static func readSignedInsets(_ reader: inout JSONReader) throws(JSONInputError) -> EdgeInsets {
    var insets = EdgeInsets()
    try reader.readObject("an insets object {top, left, bottom, right}", InsetKey.keys) {
      (key, reader) throws(JSONInputError) in
      switch InsetKey(index: key) {
      case .top: insets.top = try reader.readNumber()
      case .left: insets.left = try reader.readNumber()
      case .bottom: insets.bottom = try reader.readNumber()
      case .right: insets.right = try reader.readNumber()
      }
    }
    return insets
  }

  enum InsetKey: String, JSONObjectKey {
    case top, left, bottom, right
    static let keys = JSONKeyTable(Self.self)
  }

  enum ManagerKey: String, JSONObjectKey {
    case type, margin, oversizedCells
    static let keys = JSONKeyTable(Self.self)
  }

  static func readLayoutManager(_ reader: inout JSONReader) throws(JSONInputError) -> any LayoutManager {
    var type: String?
    var margin: Double?
    var policy: OversizedCellPolicy?
    try reader.readObject("a layout manager object", ManagerKey.keys) {
      (key, reader) throws(JSONInputError) in
      switch ManagerKey(index: key) {
      case .type:
        type = try reader.readName(
          [("attributes", "attributes"), ("traits", "traits")], "layout manager type")
      case .margin: margin = try reader.readNonNegative()
      case .oversizedCells: policy = try reader.readCase(OversizedCellPolicy.self, "oversized cell policy")
      }
    }
    switch type {
    case "traits":
      guard let margin else { throw reader.error(.missingKey, "the traits layout manager needs a margin") }
      return HubLayoutManager(margin: margin, oversizedCellPolicy: policy ?? .shrink)
    case "attributes":
      if margin != nil { throw reader.invalid("the attributes layout manager takes no margin") }
      if let policy, policy != .overflow {
        throw reader.invalid("the attributes layout manager always overflows")
      }
      return AttributesLayoutManager()
    default:
      throw reader.error(.missingKey, "a layout manager needs a type: attributes or traits")
    }
  }

  static func readInsets(_ reader: inout JSONReader) throws(JSONInputError) -> EdgeInsets {
    var insets = EdgeInsets()
    try reader.readObject("an insets object {top, left, bottom, right}", InsetKey.keys) {
      (key, reader) throws(JSONInputError) in
      switch InsetKey(index: key) {
      case .top: insets.top = try reader.readNonNegative()
      case .left: insets.left = try reader.readNonNegative()
      case .bottom: insets.bottom = try reader.readNonNegative()
      case .right: insets.right = try reader.readNonNegative()
      }
    }
    return insets
  }

  enum SizeKey: String, JSONObjectKey {
    case width, height
    static let keys = JSONKeyTable(Self.self)
  }

  static func readSize(_ reader: inout JSONReader) throws(JSONInputError) -> Size {
    try readSize(&reader, keys: SizeKey.keys)
  }

  /// A size, with `SizeKey.keys` at hand.
  @inline(always)
  static func readSize(_ reader: inout JSONReader, keys: JSONKeyTable) throws(JSONInputError) -> Size {
    var width: Double?
    var height: Double?
    if !reader.beginObjectFast() { try reader.beginObjectGeneral("a size object {width, height}") }
    var state = JSONReader.ObjectState()
    while let key = try reader.nextKey(keys, &state) {
      switch SizeKey(index: key) {
      case .width: width = try reader.readNonNegative()
      case .height: height = try reader.readNonNegative()
      }
    }
    guard let width, let height else { throw reader.error(.missingKey, "a size needs both width and height") }
    return Size(width: width, height: height)
  }

  /// A trait list: standard traits become bits; a list naming app-defined traits is shared
  /// with every equal list of the feed, so a million cells with the same list hold one copy.
  /// (Out of line: the cell loop stays small enough for the reader's fast paths to be inlined.)
  @inline(never)
  mutating func readTraits(_ reader: inout JSONReader) throws(JSONInputError) -> TraitSet {
    var traits: [LayoutTrait] = []
    let limit = limits.maxTraitsPerElement
    try reader.readArray("an array of trait names") { (index, reader) throws(JSONInputError) in
      guard index < limit else {
        throw reader.error(.limitExceeded("maxTraitsPerElement"), "more than \(limit) traits")
      }
      let name = try reader.readString("a trait name")
      guard let trait = LayoutTrait(validating: name) else {
        throw reader.invalid("a trait name cannot be empty")
      }
      traits.append(trait)
    }
    let set = TraitSet(traits)
    guard set.custom != nil else { return set }
    if let shared = traitLists[set] { return shared }
    traitLists[set] = set
    return set
  }

  /// Applies the defaults the document gave (wherever it gave them) and builds the model.
  func model(width override: Double?, reader: borrowing JSONReader) throws(JSONInputError) -> ListModel {
    guard let width = override ?? width else {
      throw reader.error(.missingKey, "the feed needs a width (or pass one on the command line)", at: 0)
    }
    let sectionDefaults = defaultSectionAttributes.applied(to: SectionAttributes())
    let cellDefaults = defaultCellAttributes.applied(to: CellAttributes())
    var model = ListModel(
      configuration: ListConfiguration(
        width: width, contentInsets: contentInsets, sectionSpacing: sectionSpacing,
        pinSectionHeaders: pinSectionHeaders, pinEmptySections: pinEmptySections,
        pinSectionFooters: pinSectionFooters, defaultCellSize: defaultCellSize,
        defaultSectionAttributes: sectionDefaults, defaultCellAttributes: cellDefaults,
        layoutManager: layoutManager, layoutDirection: layoutDirection, listHeader: listHeader,
        listFooter: listFooter, scrollDirection: scrollDirection),
      sections: sections)
    for (section, partial) in sectionAttributes {
      model.sections[section].attributes = partial.applied(to: sectionDefaults)
    }
    for (section, item, partial) in cellAttributes {
      model.sections[section].cells[item].attributes = partial.applied(to: cellDefaults)
    }
    for (run, attributes) in runAttributes {
      run.setAttributes(attributes.map { ($0.0, $0.1.applied(to: cellDefaults)) })
    }
    return model
  }
}

extension FeedDecoder.SectionLayoutKeys {
  /// The layout the keys describe, or an error naming the first key that belongs to another
  /// type of layout (the path is the layout object's).
  func layout(_ reader: borrowing JSONReader) throws(JSONInputError) -> SectionLayout {
    func reject(_ keys: [String], _ owner: String) throws(JSONInputError) {
      guard let key = keys.first else { return }
      throw reader.invalid("\(key) belongs to \(owner), not to a \(type) section")
    }
    switch type {
    case "sequential":
      try reject(columnKeys + gridKeys, "grid and masonry sections")
      try reject(carouselKeys, "carousel sections")
      return .sequential(
        SequentialSectionDefaults(
          frameCalculator: sequential.frameCalculator ?? .containerLeftAlignedVStack,
          spacing: sequential.spacing ?? .zero,
          padding: sequential.padding ?? .zero))
    case "grid", "masonry":
      try reject(sequentialKeys, "sequential sections")
      try reject(carouselKeys, "carousel sections")
      if type == "masonry" { try reject(gridKeys, "grid sections") }
      guard let columns else {
        throw reader.error(.missingKey, "a \(type) layout needs columns or minColumnWidth")
      }
      if type == "masonry" {
        return .masonry(MasonryLayout(columns: columns, columnSpacing: columnSpacing, rowSpacing: rowSpacing))
      }
      return .grid(
        GridLayout(
          columns: columns, columnSpacing: columnSpacing, rowSpacing: rowSpacing,
          rowAlignment: rowAlignment ?? .top, packing: packing ?? .sparse))
    case "carousel":
      try reject(sequentialKeys, "sequential sections")
      try reject(columnKeys + gridKeys, "grid and masonry sections")
      return .carousel(carousel)
    default:
      try reject(sequentialKeys, "sequential sections")
      try reject(columnKeys + gridKeys, "grid and masonry sections")
      try reject(carouselKeys, "carousel sections")
      return .flow
    }
  }
}
