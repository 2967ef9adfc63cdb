import LayoutGeometry
import SequentialLayout

/// The former name of ``ListIndexPath``.
///
/// Unavailable rather than deprecated: a deprecated `IndexPath` here would still clash with
/// Foundation's wherever both modules are imported (every app), so the name is left to
/// Foundation and the compiler offers the new name as a fix-it.
@available(*, unavailable, renamed: "ListIndexPath")
public typealias IndexPath = ListIndexPath

/// Addresses a cell (or, with item 0, a section's header or footer): a section and an item.
///
/// Named apart from Foundation's `IndexPath` so that app code importing both modules writes
/// either without qualification; ``init(_:)`` and `Foundation.IndexPath(_:)` convert between
/// them (two indexes, `[section, item]`).
public struct ListIndexPath: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The section's position in the model.
  public var section: Int
  /// The cell's position in its section.
  public var item: Int

  /// Creates an index path.
  public init(item: Int, section: Int) {
    self.section = section
    self.item = item
  }

  public static func < (lhs: ListIndexPath, rhs: ListIndexPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }

  public var description: String { "[\(section), \(item)]" }
}

/// What a sizing callback is told about the line the cell is about to join
/// (FSQ's `remainingLineSpace`).
///
/// In a horizontal list (``ListConfiguration/scrollDirection``) lines run down the list, so
/// both lengths are heights: the space left in the cell's column and the column's height.
/// The callback still answers the cell's real size (its width along the scroll axis).
public struct SizingProposal: Sendable, Hashable {
  /// The cell being sized.
  public var indexPath: ListIndexPath
  /// The width left on the current line once spacing and the cell's own insets are taken
  /// out. A width up to this stays on the line (unless a line break is forced).
  public var remainingLineSpace: Double
  /// The full width of a line in the section, insets and indentation taken out.
  public var lineWidth: Double

  /// Creates a proposal (the layout makes these; tests of sizing callbacks may too).
  public init(indexPath: ListIndexPath, remainingLineSpace: Double, lineWidth: Double) {
    self.indexPath = indexPath
    self.remainingLineSpace = remainingLineSpace
    self.lineWidth = lineWidth
  }
}

/// A cell's size, or how to get it.
public enum CellSize: Sendable {
  /// A known size.
  case fixed(Size)
  /// The model's ``ListConfiguration/defaultCellSize``.
  case automatic
  /// Asked of the callback when the cell is placed, given the space left on its line.
  ///
  /// Write it with a closure, `.sizing { proposal in … }`; the closure is wrapped in a
  /// ``SizingCallback``, which compares by identity (see there).
  case sizing(SizingCallback)
  /// The size of a flexbox content tree, computed against the width the line proposes.
  indirect case flex(FlexContent)

  /// The size, when it is a known one.
  @inlinable
  public var fixedValue: Size? {
    if case .fixed(let size) = self { return size }
    return nil
  }

  /// Asked of `callback` when the cell is placed, given the space left on its line.
  public static func sizing(_ callback: @escaping @Sendable (SizingProposal) -> Size) -> CellSize {
    .sizing(SizingCallback(callback))
  }

  /// A known size.
  public static func fixed(width: Double, height: Double) -> CellSize {
    .fixed(Size(width: width, height: height))
  }
}

/// One cell: a stable identity, a size, layout traits and optional attributes.
public struct Cell: Sendable {
  // The decoder writes these stored properties one by one (`initialize(_:id:size:traits:)`):
  // a stored property added here must be added there too (a test pins the list).

  /// A stable identifier (kept across edits); `nil` when the cell is addressed by position only.
  public var id: String?
  /// The size, or how to compute it.
  public var size: CellSize
  /// The cell's layout traits, which the layout manager turns into margins.
  public var traits: TraitSet {
    get { TraitSet(standardBits: standardTraitBits, custom: tail?.customTraits) }
    set {
      standardTraitBits = newValue.standardBits
      guard newValue.custom !== tail?.customTraits else { return }
      updateTail { $0.customTraits = newValue.custom }
    }
  }
  /// The traits' standard bits, stored apart from the rest of the set: they fill the byte
  /// after the size's tag, where a `TraitSet` field would start a word of its own.
  private var standardTraitBits: UInt8
  /// Whether ``tail`` holds attributes, sequential options or a span: ``hasExtras``, read
  /// for every cell by the typesetter, is one byte beside the trait bits (the reference's
  /// case is a few instructions more, a tenth of the typesetter's work per cell).
  private var tailPlacesTheCell: Bool
  /// How many badges ``tail`` holds (255: that many or more), and how far they can reach past
  /// the cell (``BadgeReachCode``): what a layout's count of a section's badges reads for
  /// every cell, three bytes beside the others, without following the reference (a badged
  /// cell's object is a cache miss of its own: reading it for 100,000 badged cells cost more
  /// than the layout of a million).
  private var tailBadgeCount: UInt8
  private var tailBadgeReach: BadgeReachCode
  /// Attributes overriding the model's ``ListConfiguration/defaultCellAttributes``.
  public var attributes: CellAttributes? {
    get { tail?.extras?.attributes }
    set { updateTail { $0.attributes = newValue } }
  }
  /// How the cell is placed when its section is laid out sequentially (its own frame
  /// calculator, spacing, padding); `nil` uses the section's defaults.
  public var sequential: SequentialItemOptions? {
    get { tail?.extras?.sequential }
    set { updateTail { $0.sequential = newValue } }
  }
  /// How many columns the cell spans in a grid or masonry section; `nil` is one column.
  /// Other sections ignore it.
  public var span: GridSpan? {
    get { tail?.extras?.span }
    set { updateTail { $0.span = newValue } }
  }
  /// Small elements pinned to points of the cell's frame (see ``Badge``), in drawing order;
  /// empty for none. They take no room: the cell's frame is the same with or without them.
  public var badges: [Badge] {
    get { tail?.extras?.values.badges ?? [] }
    set { updateTail { $0.badges = newValue.isEmpty ? nil : newValue } }
  }
  /// Whether the cell has a badge (read by layouts and queries for every cell of a section).
  var hasBadges: Bool { tailBadgeCount != 0 }

  /// The number of the cell's badges, read in place but for 255 or more.
  @inline(__always)
  var badgeCount: Int { tailBadgeCount == .max ? badges.count : Int(tailBadgeCount) }

  /// How far the cell's badges can reach past its frame, in their own terms (a bound).
  @inline(__always)
  var badgeReachCode: BadgeReachCode { tailBadgeReach }

  /// The count byte and reach code of the cell at `cell`, loaded from its memory: a read of
  /// the value itself may copy it, retaining what its reference holds (a cache miss per
  /// badged cell).
  /// `offsets` are ``badgeSummaryOffsets``, read once for a walk over many cells (a key
  /// path's offset is worked out when asked).
  @inline(__always)
  static func badgeSummary(
    at cell: UnsafePointer<Cell>, offsets: (count: Int, reach: Int)
  ) -> (count: UInt8, reach: BadgeReachCode) {
    let raw = UnsafeRawPointer(cell)
    return (
      raw.load(fromByteOffset: offsets.count, as: UInt8.self),
      raw.load(fromByteOffset: offsets.reach, as: BadgeReachCode.self)
    )
  }

  /// Where ``badgeSummary(at:offsets:)`` reads in a cell's memory (worked out once: a key
  /// path is an object made when it is asked for).
  static let badgeSummaryOffsets: (count: Int, reach: Int) = (
    MemoryLayout<Cell>.offset(of: \Cell.tailBadgeCount)!, MemoryLayout<Cell>.offset(of: \Cell.tailBadgeReach)!
  )

  /// Calls `body` with the cell's badges, read in place (empty for none).
  @inline(__always)
  func withBadges<R, E: Error>(_ body: (UnsafeBufferPointer<Badge>) throws(E) -> R) throws(E) -> R {
    guard tailBadgeCount != 0, case .extras(let extras) = tail else {
      return try body(UnsafeBufferPointer(start: nil, count: 0))
    }
    return try extras.badges.withUnsafeBufferPointer { (buffer) throws(E) in try body(buffer) }
  }
  /// What most cells do not have, behind one reference: custom trait names alone (the
  /// shared set a decoder or a `TraitSet` made, no allocation of its own), or those and the
  /// rest (attributes, sequential options, span) in one immutable object. A cell is 48 bytes
  /// (six words) rather than 88 with these inline, or 56 with the trait names a field of
  /// their own: a million-cell feed decodes into 48 MB of cells, and every megabyte of fresh
  /// memory costs the kernel's zeroing of it.
  private var tail: CellTail?

  /// Whether the cell has attributes, sequential options or a span of its own (the
  /// typesetter's fast path takes only cells without). Custom traits alone do not count.
  var hasExtras: Bool { tailPlacesTheCell }

  private mutating func updateTail(_ change: (inout CellExtras.Values) -> Void) {
    var values = tail?.values ?? CellExtras.Values()
    change(&values)
    tail = CellTail(values)
    tailPlacesTheCell = values.placesTheCell
    (tailBadgeCount, tailBadgeReach) = BadgeReachCode.summary(of: values.badges)
  }

  /// Creates a cell.
  public init(
    id: String? = nil, size: CellSize = .automatic, traits: TraitSet = [], attributes: CellAttributes? = nil,
    badges: [Badge] = []
  ) {
    self.id = id
    self.size = size
    self.standardTraitBits = traits.standardBits
    self.tailPlacesTheCell = attributes != nil
    (self.tailBadgeCount, self.tailBadgeReach) = BadgeReachCode.summary(of: badges.isEmpty ? nil : badges)
    self.tail = CellTail(
      CellExtras.Values(
        attributes: attributes, customTraits: traits.custom, badges: badges.isEmpty ? nil : badges))
  }

  /// Initializes the memory at `slot` with a cell of these three properties and nothing
  /// else, field by field: what a decoder filling a chunk's storage in place calls.
  ///
  /// A `Cell` value made and then moved into memory (`slot.initialize(to: Cell(…))`, an
  /// array's `append`) is copied on its way by the compiler, and the original destroyed: a
  /// struct of this many fields is materialized twice. That copy and destruction were a
  /// sixth of the decoding of a million-cell feed; stores of the fields themselves are not.
  @inline(__always)
  static func initialize(
    _ slot: UnsafeMutablePointer<Cell>, id: consuming String?, size: consuming CellSize,
    traits: consuming TraitSet
  ) {
    let raw = UnsafeMutableRawPointer(slot)
    (raw + MemoryLayout<Cell>.offset(of: \Cell.id)!).initializeMemory(as: String?.self, to: id)
    (raw + MemoryLayout<Cell>.offset(of: \Cell.size)!).initializeMemory(as: CellSize.self, to: size)
    (raw + MemoryLayout<Cell>.offset(of: \Cell.standardTraitBits)!).initializeMemory(
      as: UInt8.self, to: traits.standardBits)
    (raw + MemoryLayout<Cell>.offset(of: \Cell.tailPlacesTheCell)!).initializeMemory(as: Bool.self, to: false)
    (raw + MemoryLayout<Cell>.offset(of: \Cell.tailBadgeCount)!).initializeMemory(as: UInt8.self, to: 0)
    (raw + MemoryLayout<Cell>.offset(of: \Cell.tailBadgeReach)!).initializeMemory(
      as: BadgeReachCode.self, to: BadgeReachCode.none)
    (raw + MemoryLayout<Cell>.offset(of: \Cell.tail)!).initializeMemory(
      as: CellTail?.self, to: traits.custom.map(CellTail.customTraits))
  }

  /// Creates a cell of a fixed size.
  public init(
    id: String? = nil, width: Double, height: Double, traits: TraitSet = [],
    attributes: CellAttributes? = nil,
    badges: [Badge] = []
  ) {
    self.init(
      id: id, size: .fixed(Size(width: width, height: height)), traits: traits, attributes: attributes,
      badges: badges)
  }
}

/// A cell's less common properties: its custom trait names alone, or those and the rest.
/// One word: both cases hold a reference, the tag lives in the pointers' spare bits.
private enum CellTail: Sendable {
  case customTraits(CustomTraitNames)
  case extras(CellExtras)

  /// The tail holding `values`, or `nil` when they are all absent.
  init?(_ values: CellExtras.Values) {
    if values.placesTheCell || values.badges != nil {
      self = .extras(CellExtras(values))
    } else if let names = values.customTraits {
      self = .customTraits(names)
    } else {
      return nil
    }
  }

  var customTraits: CustomTraitNames? {
    switch self {
    case .customTraits(let names): names
    case .extras(let extras): extras.values.customTraits
    }
  }

  var extras: CellExtras? {
    if case .extras(let extras) = self { return extras }
    return nil
  }

  var values: CellExtras.Values {
    switch self {
    case .customTraits(let names): CellExtras.Values(customTraits: names)
    case .extras(let extras): extras.values
    }
  }
}

/// The immutable storage of a cell's less common properties.
private final class CellExtras: Sendable {
  struct Values: Sendable {
    var attributes: CellAttributes?
    var sequential: SequentialItemOptions?
    var span: GridSpan?
    var customTraits: CustomTraitNames?
    /// The cell's badges (`nil` for none): they do not change how the cell is placed.
    var badges: [Badge]?
    /// Whether any of the values that change how the cell is placed is set.
    var placesTheCell: Bool { attributes != nil || sequential != nil || span != nil }
  }
  let values: Values
  /// The badges, a field of the object itself: read for every badged cell a layout counts
  /// and a query finds, without copying the other values out.
  let badges: [Badge]
  init(_ values: Values) {
    self.values = values
    badges = values.badges ?? []
  }
  var attributes: CellAttributes? { values.attributes }
  var sequential: SequentialItemOptions? { values.sequential }
  var span: GridSpan? { values.span }
}

/// A cell's own placement in a sequentially laid out section (SQLayout's per-item
/// decorations): each `nil` takes the section's default.
public struct SequentialItemOptions: Sendable {
  /// The frame calculator that places the cell relative to the container and the previous cell.
  public var frameCalculator: FrameCalculator<Int>?
  /// Space around the cell; between two cells the larger of the facing pair applies.
  public var spacing: EdgeInsets?
  /// Space added around the cell's frame (negative values "unpad").
  public var padding: EdgeInsets?

  /// Creates options.
  public init(
    frameCalculator: FrameCalculator<Int>? = nil, spacing: EdgeInsets? = nil, padding: EdgeInsets? = nil
  ) {
    self.frameCalculator = frameCalculator
    self.spacing = spacing
    self.padding = padding
  }
}

/// A section's header or footer: it spans the content's full width (FSQ's headers do),
/// unless it is given a narrower width, and has a height.
///
/// In a horizontal list (``ListConfiguration/scrollDirection``) the two are read along the
/// scroll axis: `height` is the column's width and `width` its height.
public struct Supplementary: Sendable, Hashable {
  /// The height (the extent along the scroll axis).
  public var height: Double
  /// An explicit width (the extent across the scroll axis); `nil` spans the full width of the list.
  public var width: Double?
  /// Traits the layout manager sees (for the gap between a header and the first line).
  public var traits: TraitSet
  /// An optional identifier, echoed in the layout output.
  public var id: String?

  /// Creates a header or footer.
  public init(height: Double, width: Double? = nil, traits: TraitSet = [], id: String? = nil) {
    self.height = height
    self.width = width
    self.traits = traits
    self.id = id
  }
}

/// How a section places its cells.
public enum SectionLayout: Sendable {
  /// FSQ's typesetter: cells flow in lines like words in a paragraph (the default).
  case flow
  /// SQLayout's calculators: each cell is placed relative to the section and the cell before
  /// it by a frame calculator (the section's default, or the cell's own
  /// ``Cell/sequential``). The section's attribute insets are the layout insets; cell insets,
  /// alignments and the layout manager do not apply.
  case sequential(SequentialSectionDefaults)
  /// Equal columns and rows, cells auto-placed as CSS Grid places them (``GridLayout``); a
  /// cell's ``Cell/span`` says how many columns it takes.
  case grid(GridLayout)
  /// Staggered lanes, each cell in the lane whose bottom is highest (``MasonryLayout``).
  case masonry(MasonryLayout)
  /// One row of cells that scrolls sideways across the list (see ``CarouselLayout``).
  case carousel(CarouselLayout)
}

/// A section: optional header and footer, cells, and optional attributes.
public struct Section: Sendable {
  /// The header, above the section's cells.
  public var header: Supplementary?
  /// The footer, below the section's cells.
  public var footer: Supplementary?
  /// The cells, in order (an array-like ``CellList``, stored in shared chunks).
  public var cells: CellList
  /// Attributes overriding the model's ``ListConfiguration/defaultSectionAttributes``.
  public var attributes: SectionAttributes?
  /// How cells are placed; `nil` is ``SectionLayout/flow``.
  public var layout: SectionLayout?
  /// A stable identifier that matches the section across two versions of a feed
  /// (``ListDifference``); without one, the header's identifier does. One namespace with
  /// header identifiers.
  public var id: String?
  /// A decoration drawn behind the whole section (see ``SectionBackground``); `nil` draws none.
  public var background: SectionBackground?
  /// Lines drawn between consecutive lines of a flow section or rows of a grid section (see
  /// ``SectionSeparator``); `nil` draws none.
  public var separator: SectionSeparator?
  /// Whether the section is laid out as its header and footer only (see
  /// <doc:SectionsThatBehave>): its cells stay in the model but take no room and are not
  /// listed. Collapse and expand with ``ListUpdate/collapseSection(at:)`` and
  /// ``ListUpdate/expandSection(at:)``.
  public var collapsed: Bool
  /// Whether the section's header pins, overriding ``ListConfiguration/pinSectionHeaders``;
  /// `nil` follows the list.
  public var pinHeader: Bool?
  /// Whether the section's footer pins, overriding ``ListConfiguration/pinSectionFooters``;
  /// `nil` follows the list.
  public var pinFooter: Bool?

  /// Creates a section; `cells` may be an array or a ``CellList`` (which is shared, not copied).
  public init<Cells: Sequence<Cell>>(
    header: Supplementary? = nil, footer: Supplementary? = nil, cells: Cells = [Cell](),
    attributes: SectionAttributes? = nil, layout: SectionLayout? = nil, id: String? = nil,
    background: SectionBackground? = nil, separator: SectionSeparator? = nil, collapsed: Bool = false,
    pinHeader: Bool? = nil, pinFooter: Bool? = nil
  ) {
    self.id = id
    self.background = background
    self.separator = separator
    self.collapsed = collapsed
    self.pinHeader = pinHeader
    self.pinFooter = pinFooter
    self.header = header
    self.footer = footer
    self.cells = (cells as? CellList) ?? CellList(cells)
    self.attributes = attributes
    self.layout = layout
  }
}

/// Whole-list settings. Every default is FSQCollectionViewAlignedLayout's documented one.
///
/// ```
///  ┌──────────────────── width ─────────────────────┐
///  │ contentInsets.top                               │
///  │ ┌──────────── header (full width) ───────────┐ │
///  │   section 0                                     │
///  │ └──────────── footer (full width) ───────────┘ │
///  │ sectionSpacing                                  │
///  │   section 1 …                                   │
///  │ contentInsets.bottom                            │
///  └─────────────────────────────────────────────────┘
/// ```
public struct ListConfiguration: Sendable {
  /// The width of the list (the collection view's width).
  public var width: Double
  /// Space around all content (FSQ default: 5 on every edge). Headers and footers span the
  /// full width and ignore the left and right insets, as in FSQ.
  public var contentInsets: EdgeInsets
  /// Vertical space between the bottom of one section and the top of the next (default 10).
  public var sectionSpacing: Double
  /// Whether the top-most section's header pins to the top while scrolling (default `true`).
  public var pinSectionHeaders: Bool
  /// Whether a section with no cells pins its header (default `false`, as FSQ).
  public var pinEmptySections: Bool
  /// Whether the bottom-most visible section's footer pins to the bottom edge (default `false`).
  public var pinSectionFooters: Bool
  /// The size of cells whose size is ``CellSize/automatic`` (default 100 × 100).
  public var defaultCellSize: Size
  /// Attributes of sections that have none of their own (default: top-left, spacings 5).
  public var defaultSectionAttributes: SectionAttributes
  /// Attributes of cells that have none of their own (default: no insets, no breaks).
  public var defaultCellAttributes: CellAttributes
  /// The spacing policy: turns traits and attributes into margins and gaps.
  public var layoutManager: any LayoutManager
  /// Left-to-right (default) or right-to-left, which mirrors every line.
  public var layoutDirection: LayoutDirection
  /// The list's own header, above the first section and the top content inset (see
  /// ``ListSupplementary``); `nil` for none.
  public var listHeader: ListSupplementary?
  /// The list's own footer, below the last section and the bottom content inset.
  public var listFooter: ListSupplementary?
  /// The axis the list scrolls along (default ``ScrollAxis/vertical``).
  ///
  /// A horizontal list is the vertical layout of the transposed model, transposed back: every
  /// size's width and height are exchanged (cells, the default cell size, sizing answers),
  /// insets' top and left and bottom and right too, and ``width`` is read as the list's
  /// height. Attributes keep their names, so ``SectionAttributes/horizontalAlignment`` aligns
  /// cells along y, lines run down the list and stack from left to right, and headers,
  /// footers and the list header and footer (whose `height` is their extent along the scroll
  /// axis) become columns. A sizing callback is asked in the transposed terms: its proposal's
  /// `remainingLineSpace` and `lineWidth` are heights, and it answers the cell's real size.
  public var scrollDirection: ScrollAxis

  /// Creates a configuration; every argument but the width defaults to FSQ's value.
  public init(
    width: Double, contentInsets: EdgeInsets = EdgeInsets(all: 5), sectionSpacing: Double = 10,
    pinSectionHeaders: Bool = true, pinEmptySections: Bool = false, pinSectionFooters: Bool = false,
    defaultCellSize: Size = Size(width: 100, height: 100),
    defaultSectionAttributes: SectionAttributes = .topLeft, defaultCellAttributes: CellAttributes = .default,
    layoutManager: any LayoutManager = AttributesLayoutManager(), layoutDirection: LayoutDirection = .ltr,
    listHeader: ListSupplementary? = nil, listFooter: ListSupplementary? = nil,
    scrollDirection: ScrollAxis = .vertical
  ) {
    self.width = width
    self.contentInsets = contentInsets
    self.sectionSpacing = sectionSpacing
    self.pinSectionHeaders = pinSectionHeaders
    self.pinEmptySections = pinEmptySections
    self.pinSectionFooters = pinSectionFooters
    self.defaultCellSize = defaultCellSize
    self.defaultSectionAttributes = defaultSectionAttributes
    self.defaultCellAttributes = defaultCellAttributes
    self.layoutManager = layoutManager
    self.layoutDirection = layoutDirection
    self.listHeader = listHeader
    self.listFooter = listFooter
    self.scrollDirection = scrollDirection
  }
}

/// A list to lay out: its configuration and its sections.
///
/// ```swift
/// var model = ListModel(configuration: ListConfiguration(width: 375))
/// model.sections = [
///   Section(header: Supplementary(height: 44),
///           cells: [Cell(id: "a", width: 100, height: 50), Cell(id: "b", width: 120, height: 50)])
/// ]
/// let snapshot = try model.layout()
/// snapshot.frame(of: ListIndexPath(item: 1, section: 0))  // (110, 49, 120, 50)
/// ```
public struct ListModel: Sendable {
  /// Whole-list settings.
  public var configuration: ListConfiguration
  /// The sections, in order: a ``SectionList``, used as an array (`sections.append(…)`,
  /// `sections[i]`, `sections = [a, b]`; `Array(sections)` gives one).
  ///
  /// - Complexity: appending, inserting or removing one section O(log s) for s sections
  ///   (chunks of sections, as ``CellList`` keeps cells); subscript O(log s); iteration
  ///   O(1) per section.
  public var sections: SectionList

  /// Creates a model.
  public init<Sections: Sequence<Section>>(configuration: ListConfiguration, sections: Sections = [Section]())
  {
    self.configuration = configuration
    self.sections = (sections as? SectionList) ?? SectionList(sections)
  }

  /// The number of cells in all sections.
  public var cellCount: Int { sections.reduce(0) { $0 + $1.cells.count } }
}
