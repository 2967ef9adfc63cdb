import LayoutGeometry
import Synchronization

/// The computed geometry of one section, relative to the section's top: its header and
/// footer, and a body of the kind its section layout makes.
///
/// ```
///  section top ─┬─ header            (headerFrame)
///               ├─ insets.top
///   bodyTop ────┼─ body              (body.height)
///               ├─ body.trailingSpace, insets.bottom
///               └─ footer            (footerFrame)
/// ```
struct SectionGeometry: Sendable {
  /// The header's frame relative to the section's top, if the section has a header.
  private(set) var headerFrame: Rect?
  /// The footer's frame relative to the section's top, if the section has a footer.
  private(set) var footerFrame: Rect?
  /// Where the body starts, relative to the section's top.
  private(set) var bodyTop: Double = 0
  /// The section's whole extent, from the top of its header to the bottom of its footer.
  private(set) var height: Double = 0
  /// The number of cells laid out (0 for a collapsed section).
  private(set) var itemCount: Int
  /// The cells, as the section's layout placed them.
  var body: any SectionBody {
    _read { yield box.body }
  }
  /// The body, held in an object of its own: a query calls through it in place (a body held
  /// in a struct or an array's elements is copied before every call through it, for all the
  /// compiler knows the call could change the memory it sits in), and a copy of the geometry
  /// retains one reference.
  private var box: BodyBox
  /// What the section adds to its body and header and footer: separators, pinning, the
  /// collapsed state (``SectionChrome``), set by ``styled(for:in:)``.
  private(set) var chrome = SectionChrome()

  /// The holder of the body and where the body sits when the section starts at `sectionTop`,
  /// for a query's calls through it (``BodyBox``); `nil` for a section without cells. A query
  /// reads them out of the geometry before calling (``LayoutSnapshot/queryBody(_:top:)``): a
  /// call made on a geometry read from the snapshot's blocks copied the whole geometry first.
  @inline(__always)
  func queryBody(sectionTop: Double) -> (box: BodyBox, origin: BodyOrigin)? {
    itemCount > 0 ? (box, bodyOrigin(sectionTop: sectionTop)) : nil
  }

  /// The geometry of a section whose cells were laid out into `body`: the header on top, then
  /// `insets.top`, the body, its trailing space, `insets.bottom` and the footer.
  init<Body: SectionBody>(
    body: Body, header: Supplementary?, footer: Supplementary?, listWidth: Double, insets: EdgeInsets
  ) {
    box = BodyBox(body)
    itemCount = body.itemCount
    var y = 0.0
    if let header {
      headerFrame = Rect(x: 0, y: 0, width: header.width ?? listWidth, height: header.height)
      y = header.height
    }
    y += insets.top
    bodyTop = y
    y += body.height + body.trailingSpace + insets.bottom
    if let footer {
      footerFrame = Rect(x: 0, y: y, width: footer.width ?? listWidth, height: footer.height)
      y += footer.height
    }
    height = y
    let overflow = body.verticalOverflow
    overflowAbove = max(0, overflow.above - bodyTop)
    overflowBelow = max(0, bodyTop + body.height + overflow.below - height)
  }

  /// How far cells reach above the section's top and below its bottom (a carousel's cells
  /// taller than its band, a sequential section's cells placed above it); 0 for every other
  /// section.
  private(set) var overflowAbove = 0.0
  private(set) var overflowBelow = 0.0

  /// The section's badges: how many, and how far they can reach past their cells.
  private(set) var badges = SectionBadges()
  /// Where queries find the badged cells (``BadgeIndex``), `nil` without badges: made anew
  /// whenever the section's cells may have changed (``setBadges(_:)``,
  /// ``renewBadgeIndex()``), shared by the snapshots whose section has the same cells.
  private(set) var badgeIndex: BadgeIndex?

  /// Forgets what queries kept of the badged cells (the section's cells changed).
  mutating func renewBadgeIndex() {
    if badgeIndex != nil { badgeIndex = BadgeIndex() }
  }

  /// How far the badges can reach above the section's top and below its bottom (bounds).
  private var badgeOverflowAbove = 0.0
  private var badgeOverflowBelow = 0.0

  /// How far anything a query finds with the section (cells, badges) can reach above its top
  /// and below its bottom: what searches for sections widen by.
  var reachAbove: Double { max(overflowAbove, badgeOverflowAbove) }
  var reachBelow: Double { max(overflowBelow, badgeOverflowBelow) }

  /// Sets the section's badges, and how far they can reach past the section: their cells'
  /// reach past it widened by how far they can reach past their cells.
  mutating func setBadges(_ badges: SectionBadges) {
    self.badges = badges
    badgeIndex = badges.isEmpty ? nil : BadgeIndex()
    let overflow = body.verticalOverflow
    badgeOverflowAbove = badges.isEmpty ? 0 : max(0, overflow.above + badges.reach.above - bodyTop)
    badgeOverflowBelow =
      badges.isEmpty ? 0 : max(0, bodyTop + body.height + overflow.below + badges.reach.below - height)
  }

  /// Whether the body scrolls sideways (a carousel), read through its holder.
  var scrollsSideways: Bool { box.scrollsSideways }

  /// The number of lines (or rows) the body holds: the cost of laying it out again.
  var lineCount: Int { body.lineCount }

  /// Where the body sits in content coordinates when the section starts at `sectionTop`.
  func bodyOrigin(sectionTop: Double) -> BodyOrigin { BodyOrigin(sectionTop: sectionTop, bodyTop: bodyTop) }
}

/// What a section adds to the geometry its layout computed, from its own settings
/// (``Section/separator``, ``Section/collapsed``, ``Section/pinHeader``,
/// ``Section/pinFooter``): none of it moves a cell.
struct SectionChrome: Sendable {
  /// The section's header pinning, overriding the list's (`nil`: the list's).
  var pinHeader: Bool?
  /// The section's footer pinning, overriding the list's.
  var pinFooter: Bool?
  /// Where separators go across the list (layout space, left to right), and how thick they
  /// are; `nil` when the section draws none.
  var separator: SeparatorPlacement?
  /// The geometry the section's layout computed, when the section is collapsed (so that
  /// expanding it, or editing its cells, starts from it).
  var expanded: ExpandedGeometry?
  /// The identifiers of the section's header and footer (``Supplementary/id``): what
  /// queries name them with, read with their frames rather than from the model.
  var headerID: String?
  var footerID: String?
}

/// The geometry of a collapsed section as laid out with its cells.
final class ExpandedGeometry: Sendable {
  let geometry: SectionGeometry
  init(_ geometry: SectionGeometry) { self.geometry = geometry }
}

/// Where a section's separators sit across the list, in layout space, and their thickness.
struct SeparatorPlacement: Sendable, Equatable {
  var x: Double
  var width: Double
  var thickness: Double
  /// The separator's identifier (``SectionSeparator/id``), named on each of its elements.
  var id: String?

  /// The frame of the separator in the gap between a line's bottom and the next line's top
  /// (layout space): centred in the gap. The one place a separator's frame is computed.
  @inline(__always)
  func frame(bottom: Double, top: Double) -> Rect {
    Rect(x: x, y: (bottom + top) / 2 - thickness / 2, width: width, height: thickness)
  }

  /// The band along the scroll axis whose gaps hold the separators that may meet
  /// `minY ..< maxY` (layout space): a separator reaches half its thickness past its gap's
  /// centre.
  @inline(__always)
  func band(_ minY: Double, _ maxY: Double) -> (minY: Double, maxY: Double) {
    let reach = thickness / 2
    return (minY - reach, maxY + reach)
  }
}

extension SectionGeometry {
  /// Whether the section has cells in the model (laid out, or kept while collapsed): what
  /// decides whether its header and footer pin as a section with cells.
  var hasCells: Bool { itemCount > 0 || (chrome.expanded?.geometry.itemCount ?? 0) > 0 }

  /// The geometry as the section's layout computed it, with its cells (itself unless
  /// collapsed).
  var expandedGeometry: SectionGeometry { chrome.expanded?.geometry ?? self }

  /// The number of separators the section lists.
  var separatorCount: Int { chrome.separator == nil ? 0 : body.separatorCount }

  /// This geometry (as its layout computed it, or collapsed before) with the settings of
  /// `section` (as given, not transposed) in a list of `configuration`: collapsed or
  /// expanded, its pinning and its separators.
  ///
  /// - Complexity: O(1).
  func styled(for section: Section, in configuration: ListConfiguration) -> SectionGeometry {
    var geometry = expandedGeometry
    geometry.chrome = SectionChrome(
      pinHeader: section.pinHeader, pinFooter: section.pinFooter, headerID: section.header?.id,
      footerID: section.footer?.id)
    guard section.collapsed || section.separator != nil else { return geometry }
    // Layout space: a horizontal list's insets transposed (the separator's own are already
    // across the list).
    let horizontal = configuration.scrollDirection == .horizontal
    let given = (section.attributes ?? configuration.defaultSectionAttributes).insets
    let content = horizontal ? configuration.contentInsets.transposed : configuration.contentInsets
    let insets = horizontal ? given.transposed : given
    if section.collapsed {
      // As a flow layout of the section without cells places it, whatever its kind: the
      // header, the section's insets, the footer.
      let full = geometry
      geometry.box = emptyBodyBox
      geometry.itemCount = 0
      var y = 0.0
      if let header = geometry.headerFrame { y = header.height }
      y += insets.top
      geometry.bodyTop = y
      y += 0 + 0 + insets.bottom
      if let footer = geometry.footerFrame {
        geometry.footerFrame = Rect(x: footer.x, y: y, width: footer.width, height: footer.height)
        y += footer.height
      }
      geometry.height = y
      geometry.overflowAbove = 0
      geometry.overflowBelow = 0
      geometry.setBadges(SectionBadges())
      geometry.chrome.expanded = ExpandedGeometry(full)
    } else if let separator = section.separator, geometry.body.separatorCount > 0 {
      let left = content.left + insets.left + separator.leftInset
      let width =
        configuration.width - content.left - content.right - insets.left - insets.right - separator.leftInset
        - separator.rightInset
      geometry.chrome.separator = SeparatorPlacement(
        x: left, width: max(0, width), thickness: separator.thickness, id: separator.id)
    }
    return geometry
  }
}

/// The body of a collapsed section: no cells.
struct EmptyBody: SectionBody {
  var itemCount: Int { 0 }
  var height: Double { 0 }
  var trailingSpace: Double { 0 }
  var lineCount: Int { 0 }
  func frame(ofItem item: Int, at origin: BodyOrigin) -> Rect {
    preconditionFailure("an empty body has no cells")
  }
  func forEachItem<E: Error>(
    in items: Range<Int>, at origin: BodyOrigin, _ body: (Int, Rect) throws(E) -> Void
  ) throws(E) {}
  func forEachItem(
    overlappingY minY: Double, _ maxY: Double, at origin: BodyOrigin, _ body: (Int, Rect) -> Bool
  ) {}
  func invariantViolations(_ check: BodyCheck) -> [String] { [] }
}

/// The one holder of an empty body every collapsed section shares.
private let emptyBodyBox = BodyBox(EmptyBody())

/// Where a query looks for a section's cells: across an x extent (left to right), or, in a
/// body that scrolls sideways, across `sideways` when given, scrolled by the section's offset;
/// within a y extent.
struct CellSearch {
  var minX: Double
  var maxX: Double
  var sideways: (minX: Double, maxX: Double)?
  var minY: Double
  var maxY: Double
  var offsets: SectionOffsets
}

/// An immutable holder of a section's body, and the calls a query makes through it: made in
/// its methods, where the body is a constant of the object, a call reads it in place (made
/// through a geometry read from an array's elements, it copied the body first, retaining
/// what it holds). A section without cells is never asked
/// (``SectionGeometry/queryBody(sectionTop:)``).
final class BodyBox: Sendable {
  let body: any SectionBody
  /// Whether the body scrolls sideways, read once.
  let scrollsSideways: Bool
  /// The x extents of the cells, read from every cell the first time a focus step asks
  /// (``cellExtents()``); the body never changes, so neither do they.
  private let extents = Mutex<CellExtents?>(nil)

  init(_ body: any SectionBody) {
    self.body = body
    scrollsSideways = body.scrollsSideways
  }

  /// The frame of cell `item` (``SectionBody/frame(ofItem:at:)``), called in place.
  func frame(ofItem item: Int, at origin: BodyOrigin) -> Rect { body.frame(ofItem: item, at: origin) }

  /// The least and greatest left and right edges of the body's cells (layout space, not
  /// scrolled): what tells a focus step that no cell of a section can lie beyond the current
  /// one, or in its beam, without visiting them.
  ///
  /// - Complexity: O(n) the first time (every frame read), O(1) after.
  func cellExtents() -> CellExtents {
    if let known = extents.withLock({ $0 }) { return known }
    var found = CellExtents()
    body.forEachItem(at: BodyOrigin(sectionTop: 0, bodyTop: 0)) { _, frame in found.add(frame) }
    extents.withLock { $0 = found }
    return found
  }

  /// The x extent `search` looks in for section `section`'s body and the offset it scrolls
  /// the cells by.
  @inline(__always)
  private func extent(_ search: CellSearch, section: Int) -> (minX: Double, maxX: Double, offset: Double) {
    extent(search) { search.offsets[section] }
  }

  /// The x extent `search` looks in for the body and the offset it scrolls the cells by,
  /// `offset()` when the body scrolls sideways (read only then).
  @inline(__always)
  private func extent(
    _ search: CellSearch, offset: () -> Double
  ) -> (minX: Double, maxX: Double, offset: Double) {
    guard scrollsSideways else { return (search.minX, search.maxX, 0) }
    let (minX, maxX) = search.sideways ?? (search.minX, search.maxX)
    return (minX, maxX, offset())
  }

  /// Appends to `candidates` the cells of the body (of section `section`, at `origin`) that
  /// may overlap `search` (a superset, in item order), handed over by the body in one call;
  /// with a `tally`, a body that scrolls sideways counts into it the cells it prefetches in
  /// the same walk (``SectionBody/appendItems(y:_:scrolledBy:at:to:counting:)``). A body
  /// that scrolls sideways is scrolled by `offset()` (the section's offset in `search`, read
  /// by the caller: a query's walk reads its offsets in ascending order). Returns whether the
  /// body scrolls sideways.
  func appendCandidates(
    _ search: CellSearch, offset: () -> Double, origin: BodyOrigin,
    to candidates: CellCandidates, counting tally: inout SidewaysTally?
  ) -> Bool {
    let (minX, maxX, offset) = extent(search, offset: offset)
    if scrollsSideways, var counting = tally {
      body.appendItems(
        y: search.minY, search.maxY, scrolledBy: offset, at: origin, to: candidates, counting: &counting)
      tally = counting
    } else {
      body.appendItems(
        overlappingX: minX, maxX, y: search.minY, search.maxY, scrolledBy: offset, at: origin, to: candidates
      )
    }
    return scrollsSideways
  }

  /// ``appendCandidates(_:offset:origin:to:counting:)``, and the gaps between the body's
  /// lines that may meet `band` (along the scroll axis) appended to `lineGaps`
  /// (``SectionBody/forEachLineGap(overlappingY:_:at:_:)``), found from the same search as
  /// the cells where the body can. Apart from the plain call, so that a section without
  /// separators takes the plain one as it is.
  @inline(never)
  func appendCandidates(
    _ search: CellSearch, offset: () -> Double, origin: BodyOrigin,
    to candidates: CellCandidates, counting tally: inout SidewaysTally?,
    gaps band: (minY: Double, maxY: Double), to lineGaps: LineGapCandidates
  ) -> Bool {
    if scrollsSideways && tally != nil {
      let sideways = appendCandidates(
        search, offset: offset, origin: origin, to: candidates, counting: &tally)
      body.appendLineGaps(overlappingY: band.minY, band.maxY, at: origin, to: lineGaps)
      return sideways
    }
    let (minX, maxX, offset) = extent(search, offset: offset)
    body.appendItems(
      overlappingX: minX, maxX, y: search.minY, search.maxY, scrolledBy: offset, at: origin, to: candidates,
      gaps: band, to: lineGaps)
    return scrollsSideways
  }

  /// The last cell of the body that may overlap `search` (as
  /// ``appendCandidates(_:section:origin:to:counting:)`` lists them) for which `matches`
  /// (given its frame and whether the body scrolls sideways) holds; `candidates` is scratch
  /// space.
  func lastCandidate(
    _ search: CellSearch, section: Int, origin: BodyOrigin,
    using candidates: CellCandidates, where matches: (Rect, Bool) -> Bool
  ) -> Int? {
    let (minX, maxX, offset) = extent(search, section: section)
    let sideways = scrollsSideways
    return body.lastItem(
      overlappingX: minX, maxX, y: search.minY, search.maxY, scrolledBy: offset, at: origin,
      using: candidates
    ) { matches($0, sideways) }
  }

  /// The first cell of the body that may overlap `search` (as
  /// ``appendCandidates(_:section:origin:to:counting:)`` lists them) for which `matches`
  /// (given its frame and whether the body scrolls sideways) holds; the cells after it are not
  /// visited.
  func firstCandidate(
    _ search: CellSearch, section: Int, origin: BodyOrigin, where matches: (Rect, Bool) -> Bool
  ) -> Int? {
    let (minX, maxX, offset) = extent(search, section: section)
    let sideways = scrollsSideways
    var found: Int?
    body.forEachItem(overlappingX: minX, maxX, y: search.minY, search.maxY, scrolledBy: offset, at: origin) {
      item, frame in
      guard matches(frame, sideways) else { return true }
      found = item
      return false
    }
    return found
  }
}

extension LayoutSnapshot {
  /// ``SectionGeometry/queryBody(sectionTop:)`` of section `section`, whose top is `top`, read
  /// through its block's storage (a read through the blocks' subscript copied the geometry).
  @inline(__always)
  func queryBody(_ section: Int, top: Double) -> (box: BodyBox, origin: BodyOrigin)? {
    geometries.withBlock(Blocks.block(of: section)) { block in
      (block.baseAddress! + Blocks.offset(of: section)).pointee.queryBody(sectionTop: top)
    }
  }

  /// ``queryBody(_:top:)`` and where the section's separators go (`nil`: none), in one read.
  @inline(__always)
  func queryBodyAndSeparators(
    _ section: Int, top: Double
  ) -> (box: BodyBox, origin: BodyOrigin, separator: SeparatorPlacement?)? {
    geometries.withBlock(Blocks.block(of: section)) { block in
      let geometry = block.baseAddress! + Blocks.offset(of: section)
      return geometry.pointee.queryBody(sectionTop: top).map {
        ($0.box, $0.origin, geometry.pointee.chrome.separator)
      }
    }
  }
}

extension SectionGeometry {
  /// Calls `body` with this section's cells that may overlap the band `minY ..< maxY` (the
  /// section's top at `sectionTop`), for a search outwards from `x`
  /// (``SectionBody/forEachItem(awayFrom:y:_:at:_:)``).
  func visitCells(
    awayFrom x: Double, y minY: Double, _ maxY: Double, sectionTop: Double,
    _ body: (Int, Rect, AwayRun) -> Bool
  ) {
    guard itemCount > 0 else { return }
    self.body.forEachItem(awayFrom: x, y: minY, maxY, at: bodyOrigin(sectionTop: sectionTop), body)
  }
}

/// What a focus search makes of a group of a body's cells
/// (``SectionBody/forEachItem(overlappingX:_:y:_:scrolledBy:at:upwards:judgingGroups:_:)``).
enum FocusGroupVerdict {
  /// Visit the group's cells.
  case read
  /// None of the group's cells can win: pass over them.
  case pass
  /// None of the group's cells can win, nor any cell lying further the walk's way (below the
  /// group going down, above it going up): the walk may end.
  case end
}

/// The least and greatest left and right edges of a body's cells (no cells: none, every test
/// against them fails).
struct CellExtents: Sendable {
  var leastMinX = Double.infinity
  var greatestMinX = -Double.infinity
  var leastMaxX = Double.infinity
  var greatestMaxX = -Double.infinity

  mutating func add(_ frame: Rect) {
    add(minX: frame.minX, maxX: frame.maxX)
  }

  @inline(__always)
  mutating func add(minX: Double, maxX: Double) {
    leastMinX = min(leastMinX, minX)
    greatestMinX = max(greatestMinX, minX)
    leastMaxX = min(leastMaxX, maxX)
    greatestMaxX = max(greatestMaxX, maxX)
  }

  /// Widens these extents to take in `other`'s.
  mutating func add(_ other: CellExtents) {
    leastMinX = min(leastMinX, other.leastMinX)
    greatestMinX = max(greatestMinX, other.greatestMinX)
    leastMaxX = min(leastMaxX, other.leastMaxX)
    greatestMaxX = max(greatestMaxX, other.greatestMaxX)
  }

  /// Extents that pass every test a search makes against them: what a group of cells whose
  /// extents were not computed carries, so that it is never passed over.
  static var unknown: CellExtents {
    CellExtents(
      leastMinX: -.infinity, greatestMinX: .infinity, leastMaxX: -.infinity, greatestMaxX: .infinity)
  }
}

/// Where a section body sits: its section's top in content coordinates and its own top
/// relative to that. Bodies add their relative positions to these in a fixed order, so that
/// every path computes the same frame bit for bit.
struct BodyOrigin {
  var sectionTop: Double
  var bodyTop: Double
}

/// The cells of one section as its section layout placed them (flow: pages of lines;
/// sequential: a list of frames): what the snapshot's look-ups and queries ask.
///
/// Frames are answered in content coordinates, left to right (the snapshot mirrors them for
/// right-to-left lists).
protocol SectionBody: Sendable {
  /// The number of cells.
  var itemCount: Int { get }
  /// The body's extent, from its top to the bottom of its last cell's box.
  var height: Double { get }
  /// Space the section keeps below the body before its bottom inset (flow: the manager's
  /// bottom margin of the last line).
  var trailingSpace: Double { get }
  /// The number of lines (or rows) laid out: what an edit that lays the body out again costs.
  var lineCount: Int { get }

  /// The frame of cell `item` (0 ..< itemCount).
  ///
  /// - Complexity: O(log n) or better.
  func frame(ofItem item: Int, at origin: BodyOrigin) -> Rect

  /// Calls `body` with the index and frame of every cell of `items` (a range within
  /// `0 ..< itemCount`), in item order: the frames every other path computes, bit for bit,
  /// wherever the range starts (a writer of frames walks a million cells in segments).
  ///
  /// - Complexity: O(log n + k) for k cells visited.
  func forEachItem<E: Error>(
    in items: Range<Int>, at origin: BodyOrigin, _ body: (Int, Rect) throws(E) -> Void) throws(E)

  /// Calls `body` with the cells of `items` (a range within `0 ..< itemCount`) as
  /// ``FrameRun``s, in item order, every cell once: the frames ``forEachItem(in:at:_:)``
  /// gives, a stretch whose frames repeat as one periodic run (the default writes every cell
  /// out, in runs of at most 256).
  ///
  /// - Complexity: O(runs + written-out cells + periods' sizes) for a body that overrides
  ///   it; the default, O(log n + k) for k cells.
  func forEachFrameRun(in items: Range<Int>, at origin: BodyOrigin, _ body: (FrameRun) -> Void)

  /// Calls `body` with the index and frame of every cell that may overlap the band
  /// `minY ..< maxY` (a superset: callers test frames exactly), in item order, until it
  /// returns `false`.
  ///
  /// - Complexity: O(log n + k) for flow bodies; a body whose cells may sit anywhere scans.
  func forEachItem(
    overlappingY minY: Double, _ maxY: Double, at origin: BodyOrigin, _ body: (Int, Rect) -> Bool)

  /// The body's own structural promises, broken: a sentence each (see
  /// ``LayoutSnapshot/invariantViolations()``).
  func invariantViolations(_ check: BodyCheck) -> [String]

  /// Calls `body` with the index and frame of every cell that may overlap the rect
  /// `minX ..< maxX` × `minY ..< maxY` (a superset), with the body scrolled sideways by
  /// `offset` (bodies that do not scroll ignore it and may ignore the x extent), in item
  /// order, until it returns `false`.
  func forEachItem(
    overlappingX minX: Double, _ maxX: Double, y minY: Double, _ maxY: Double, scrolledBy offset: Double,
    at origin: BodyOrigin, _ body: (Int, Rect) -> Bool)

  /// ``forEachItem(overlappingX:_:y:_:scrolledBy:at:_:)``, for a focus search: `judge`
  /// weighs each group of cells (a flow body's page of lines and run of lines, a sequential
  /// body's run of cells) by their x extents (layout space, not scrolled) and the y extent
  /// they lie within (content coordinates), and the body passes over the groups it answers
  /// ``FocusGroupVerdict/pass`` for. With `upwards`, a body whose groups lie in order along y
  /// walks the band from its bottom, and ends the walk at a group answered
  /// ``FocusGroupVerdict/end`` (without, at such a group going down); any other body treats
  /// `end` as `pass` and may visit cells in any order. A body without groups calls `judge`
  /// for none.
  func forEachItem(
    overlappingX minX: Double, _ maxX: Double, y minY: Double, _ maxY: Double, scrolledBy offset: Double,
    at origin: BodyOrigin, upwards: Bool,
    judgingGroups judge: (CellExtents, Double, Double) -> FocusGroupVerdict,
    _ body: (Int, Rect) -> Bool)

  /// Whether ``forEachItem(outwardsFrom:along:_:at:judgingGroups:_:)`` walks the body (a
  /// flow or sequential body); without, it visits nothing.
  var walksOutwards: Bool { get }

  /// Whether a focus search across the scroll axis walks the body outwards in place of its
  /// first band, when that band lies within the section (a flow body, whose first band reads
  /// lines of many cells); a body that answers `false` is read by the first band, then walked
  /// (a sequential body, whose first band is cheap and finds most steps' answers).
  var walksOutwardsFirst: Bool { get }

  /// For a focus search across the scroll axis from cell `item`, whose frame lies within
  /// `low ... high` along the axis: calls `body` with every cell of the body, best first,
  /// walking outwards from the cell's line, the nearer side first (a sequential body: its
  /// runs of cells nearest `low ... high` first), and passing over the groups of cells (a flow
  /// body's pages and runs of lines, a sequential body's runs of cells) that `judge` answers
  /// ``FocusGroupVerdict/pass`` for (given their x extents, the y extent they lie within, and
  /// whether the walk goes up), ending a side at a group it answers ``FocusGroupVerdict/end``
  /// for. Returns `false`, visiting nothing, for a body that does not walk so (the caller
  /// searches it by bands).
  ///
  /// - Complexity: O(log n + k) for the k lines and groups the walk reaches (a sequential
  ///   body: O((k + 1) log k)).
  func forEachItem(
    outwardsFrom item: Int, along low: Double, _ high: Double, at origin: BodyOrigin,
    judgingGroups judge: (CellExtents, Double, Double, Bool) -> FocusGroupVerdict, _ body: (Int, Rect) -> Void
  ) -> Bool

  /// Appends to `candidates` the cells ``forEachItem(overlappingX:_:y:_:scrolledBy:at:_:)``
  /// visits for the same arguments, in item order: one call per section, so that a query's
  /// work per cell is a loop over plain values rather than a closure called through this
  /// protocol.
  func appendItems(
    overlappingX minX: Double, _ maxX: Double, y minY: Double, _ maxY: Double, scrolledBy offset: Double,
    at origin: BodyOrigin, to candidates: CellCandidates)

  /// ``appendItems(overlappingX:_:y:_:scrolledBy:at:to:)``, then the gaps
  /// ``forEachLineGap(overlappingY:_:at:_:)`` visits for the band `gaps`, appended to
  /// `lineGaps`: a body whose cells and gaps are found by the same search makes it once.
  func appendItems(
    overlappingX minX: Double, _ maxX: Double, y minY: Double, _ maxY: Double, scrolledBy offset: Double,
    at origin: BodyOrigin, to candidates: CellCandidates, gaps: (minY: Double, maxY: Double),
    to lineGaps: LineGapCandidates)

  /// The last cell, in item order, of those
  /// ``forEachItem(overlappingX:_:y:_:scrolledBy:at:_:)`` visits for the same arguments, for
  /// which `matches` holds (given its frame); `candidates` is scratch space. A carousel reads
  /// its row from the end, visiting cells only down to the match.
  func lastItem(
    overlappingX minX: Double, _ maxX: Double, y minY: Double, _ maxY: Double, scrolledBy offset: Double,
    at origin: BodyOrigin, using candidates: CellCandidates,
    where matches: (Rect) -> Bool
  ) -> Int?

  /// Calls `body` with the cells ``forEachItem(overlappingY:_:at:_:)`` visits, for a search
  /// outwards from `x` (content coordinates, left to right): a body that scrolls sideways
  /// visits them in two runs moving away from `x`, its cells from the first whose right edge
  /// passes `x` in item order (``AwayRun/rightward``), then those before it in reverse order
  /// (``AwayRun/leftward``), and `body` returning `false` ends the run it is in; every other
  /// body visits its cells in item order (``AwayRun/unordered``) until `body` returns `false`.
  func forEachItem(
    awayFrom x: Double, y minY: Double, _ maxY: Double, at origin: BodyOrigin,
    _ body: (Int, Rect, AwayRun) -> Bool)

  /// A body that scrolls sideways (a carousel): its content width and snap offsets; `nil`
  /// for every other body.
  var carouselMetrics: CarouselMetrics? { get }

  /// For a viewport: every body appends what ``appendItems(overlappingX:_:y:_:scrolledBy:at:to:)``
  /// does across the tally's visible extent; a body that scrolls sideways (scrolled by
  /// `offset`) also counts into `tally`, in the same visit of its cells, the cells it
  /// prefetches (``SidewaysTally/side(of:)``) of those
  /// ``forEachItem(overlappingX:_:y:_:scrolledBy:at:_:)`` visits across the tally's reach.
  func appendItems(
    y minY: Double, _ maxY: Double, scrolledBy offset: Double, at origin: BodyOrigin,
    to candidates: CellCandidates, counting tally: inout SidewaysTally)

  /// The number of gaps between consecutive lines (or rows) a separator may sit in: one
  /// less than the lines of a flow or grid body, 0 for every other body.
  var separatorCount: Int { get }

  /// The gap below line (or row) `gap` (0 ..< separatorCount): that line's bottom and the
  /// next line's top, in content coordinates.
  ///
  /// - Complexity: O(log n).
  func lineGap(_ gap: Int, at origin: BodyOrigin) -> (bottom: Double, top: Double)

  /// Calls `body` with the index, the upper line's bottom and the lower line's top of every
  /// gap whose band `bottom ... top` may meet `minY ..< maxY` (a superset), in order, until
  /// it returns `false`.
  ///
  /// - Complexity: O(log n + k).
  func forEachLineGap(
    overlappingY minY: Double, _ maxY: Double, at origin: BodyOrigin, _ body: (Int, Double, Double) -> Bool)

  /// The line (or row) holding cell `item`, and the first cell of line `line`: how a
  /// separator follows its line across an edit (bodies with separators only).
  ///
  /// - Complexity: O(log n).
  func line(holding item: Int) -> Int
  func firstItem(ofLine line: Int) -> Int

  /// Calls `body` with the index, the upper line's bottom and the lower line's top of every
  /// gap of `gaps` (within `0 ..< separatorCount`), in order.
  ///
  /// - Complexity: O(log n + k).
  func forEachLineGap(in gaps: Range<Int>, at origin: BodyOrigin, _ body: (Int, Double, Double) -> Void)

  /// Whether the body scrolls sideways (a carousel): queries then test its cells' x extent.
  var scrollsSideways: Bool { get }

  /// How far cells reach above the body's top and below its bottom (`height`): 0 but for a
  /// carousel whose cells are taller than its band and a sequential body whose calculators
  /// place cells above its top.
  var verticalOverflow: (above: Double, below: Double) { get }

  /// A grid body's placement of cell `item` (`spans(k)`: the span the model gives cell `k`);
  /// `nil` for every other body.
  func gridPlacement(ofItem item: Int, spans: (Int) -> GridSpan?) -> GridCellPlacement?
}

extension SectionBody {
  /// Calls `body` with every cell's index and frame, in item order.
  func forEachItem<E: Error>(at origin: BodyOrigin, _ body: (Int, Rect) throws(E) -> Void) throws(E) {
    try forEachItem(in: 0..<itemCount, at: origin, body)
  }

  func forEachItem(
    overlappingX minX: Double, _ maxX: Double, y minY: Double, _ maxY: Double, scrolledBy offset: Double,
    at origin: BodyOrigin, _ body: (Int, Rect) -> Bool
  ) {
    forEachItem(overlappingY: minY, maxY, at: origin, body)
  }

  func forEachItem(
    overlappingX minX: Double, _ maxX: Double, y minY: Double, _ maxY: Double, scrolledBy offset: Double,
    at origin: BodyOrigin, upwards: Bool,
    judgingGroups judge: (CellExtents, Double, Double) -> FocusGroupVerdict,
    _ body: (Int, Rect) -> Bool
  ) {
    forEachItem(overlappingX: minX, maxX, y: minY, maxY, scrolledBy: offset, at: origin, body)
  }

  var walksOutwards: Bool { false }

  var walksOutwardsFirst: Bool { false }

  func forEachItem(
    outwardsFrom item: Int, along low: Double, _ high: Double, at origin: BodyOrigin,
    judgingGroups judge: (CellExtents, Double, Double, Bool) -> FocusGroupVerdict, _ body: (Int, Rect) -> Void
  ) -> Bool {
    false
  }

  func appendItems(
    overlappingX minX: Double, _ maxX: Double, y minY: Double, _ maxY: Double, scrolledBy offset: Double,
    at origin: BodyOrigin, to candidates: CellCandidates
  ) {
    forEachItem(overlappingX: minX, maxX, y: minY, maxY, scrolledBy: offset, at: origin) { item, frame in
      candidates.append(CellCandidate(item: item, frame: frame))
      return true
    }
  }

  func appendItems(
    overlappingX minX: Double, _ maxX: Double, y minY: Double, _ maxY: Double, scrolledBy offset: Double,
    at origin: BodyOrigin, to candidates: CellCandidates, gaps: (minY: Double, maxY: Double),
    to lineGaps: LineGapCandidates
  ) {
    appendItems(overlappingX: minX, maxX, y: minY, maxY, scrolledBy: offset, at: origin, to: candidates)
    appendLineGaps(overlappingY: gaps.minY, gaps.maxY, at: origin, to: lineGaps)
  }

  /// Appends to `lineGaps` the gaps ``forEachLineGap(overlappingY:_:at:_:)`` visits.
  func appendLineGaps(
    overlappingY minY: Double, _ maxY: Double, at origin: BodyOrigin, to lineGaps: LineGapCandidates
  ) {
    forEachLineGap(overlappingY: minY, maxY, at: origin) { gap, bottom, top in
      lineGaps.append(LineGapCandidate(gap: gap, bottom: bottom, top: top))
      return true
    }
  }

  func lastItem(
    overlappingX minX: Double, _ maxX: Double, y minY: Double, _ maxY: Double, scrolledBy offset: Double,
    at origin: BodyOrigin, using candidates: CellCandidates,
    where matches: (Rect) -> Bool
  ) -> Int? {
    candidates.removeAll()
    appendItems(overlappingX: minX, maxX, y: minY, maxY, scrolledBy: offset, at: origin, to: candidates)
    var k = candidates.count - 1
    while k >= 0 && !matches(candidates[k].frame) { k -= 1 }
    return k >= 0 ? candidates[k].item : nil
  }

  func forEachItem(
    awayFrom x: Double, y minY: Double, _ maxY: Double, at origin: BodyOrigin,
    _ body: (Int, Rect, AwayRun) -> Bool
  ) {
    forEachItem(overlappingY: minY, maxY, at: origin) { body($0, $1, .unordered) }
  }

  var carouselMetrics: CarouselMetrics? { nil }

  func appendItems(
    y minY: Double, _ maxY: Double, scrolledBy offset: Double, at origin: BodyOrigin,
    to candidates: CellCandidates, counting tally: inout SidewaysTally
  ) {
    appendItems(
      overlappingX: tally.visible.minX, tally.visible.maxX, y: minY, maxY, scrolledBy: offset, at: origin,
      to: candidates)
  }

  var scrollsSideways: Bool { false }

  var separatorCount: Int { 0 }

  func lineGap(_ gap: Int, at origin: BodyOrigin) -> (bottom: Double, top: Double) {
    preconditionFailure("a body without separators has no line gaps")
  }

  func forEachLineGap(
    overlappingY minY: Double, _ maxY: Double, at origin: BodyOrigin, _ body: (Int, Double, Double) -> Bool
  ) {}

  func forEachLineGap(in gaps: Range<Int>, at origin: BodyOrigin, _ body: (Int, Double, Double) -> Void) {}

  func line(holding item: Int) -> Int { 0 }
  func firstItem(ofLine line: Int) -> Int { 0 }

  var verticalOverflow: (above: Double, below: Double) { (0, 0) }

  func gridPlacement(ofItem item: Int, spans: (Int) -> GridSpan?) -> GridCellPlacement? { nil }
}

/// How ``SectionBody/forEachItem(awayFrom:y:_:at:_:)`` is visiting a body's cells: moving
/// right from a point (each cell starting no further left than the one before), moving left
/// (each ending no further right), or in item order.
enum AwayRun {
  case rightward, leftward, unordered
}

/// A cell a body found for a query: its index and its frame in content coordinates, left to
/// right (``SectionBody/appendItems(overlappingX:_:y:_:scrolledBy:at:to:)``).
struct CellCandidate {
  var item: Int
  var frame: Rect
}

/// The cells bodies hand over to a query (``CellCandidate``), in one buffer for the whole
/// query, appended to without an array's check that its storage is its own: a call, around
/// which a body's loop saved every register it keeps its row's constants in.
typealias CellCandidates = ScratchBuffer<CellCandidate>

/// A gap between two lines (or rows) a body found for a query
/// (``SectionBody/appendItems(overlappingX:_:y:_:scrolledBy:at:to:gaps:to:)``): its index,
/// the upper line's bottom and the lower line's top, in content coordinates.
struct LineGapCandidate {
  var gap: Int
  var bottom: Double
  var top: Double
}

/// The gaps bodies hand over to a query (``LineGapCandidate``), in one buffer for the whole
/// query.
typealias LineGapCandidates = ScratchBuffer<LineGapCandidate>

/// What a body's invariant check is told about its section.
struct BodyCheck {
  /// The section's index, for messages.
  var section: Int
  var origin: BodyOrigin
  /// The section's height.
  var sectionHeight: Double
  /// The list's width.
  var listWidth: Double
  /// Whether the content and section insets leave room for cells (else cells may overflow).
  var insetsFit: Bool
  /// The tolerance for comparisons.
  var epsilon: Double
}

/// How far binary searches start early so that rounding in relative positions can never skip
/// an element; the exact test on absolute frames decides.
func searchSlack(_ y: Double) -> Double { 1e-9 + abs(y) * 1e-14 }

/// How far sections' cells reach past their sections (``SectionGeometry/overflowAbove`` and
/// ``SectionGeometry/overflowBelow``): the farthest in each block of 64 sections (the blocks
/// of the snapshot's geometries) and the farthest of all, so that an edit re-reads only the
/// blocks it touched rather than every section.
struct SectionOverflows: Sendable {
  /// The farthest reach above and below in each block of sections.
  private var blocks: ContiguousArray<Reach>
  /// The farthest reach of all sections.
  private(set) var farthest: (above: Double, below: Double) = (0, 0)

  struct Reach: Sendable {
    var above = 0.0
    var below = 0.0
  }

  /// The overflows of every section of `geometries`.
  ///
  /// - Complexity: O(s).
  init(_ geometries: BlockArray<SectionGeometry>) {
    blocks = ContiguousArray(repeating: Reach(), count: geometries.blocks.count)
    for block in blocks.indices { blocks[block] = Self.reach(ofBlock: block, in: geometries) }
    farthest = Self.farthest(blocks)
  }

  /// Reads again the blocks holding `sections` (their geometries replaced in `geometries`,
  /// which has as many sections as before).
  ///
  /// - Complexity: O(64 k + s / 64) for sections in k blocks.
  mutating func update(sections: some Sequence<Int>, in geometries: BlockArray<SectionGeometry>) {
    precondition(blocks.count == geometries.blocks.count, "the sections were not kept in place")
    var last = -1
    for section in sections {
      let block = Blocks.block(of: section)
      if block == last { continue }
      blocks[block] = Self.reach(ofBlock: block, in: geometries)
      last = block
    }
    farthest = Self.farthest(blocks)
  }

  private static func reach(ofBlock block: Int, in geometries: BlockArray<SectionGeometry>) -> Reach {
    geometries.withBlock(block) { sections in
      var reach = Reach()
      for k in sections.indices {
        reach.above = max(reach.above, sections[k].reachAbove)
        reach.below = max(reach.below, sections[k].reachBelow)
      }
      return reach
    }
  }

  private static func farthest(_ blocks: ContiguousArray<Reach>) -> (above: Double, below: Double) {
    var farthest = (above: 0.0, below: 0.0)
    for reach in blocks {
      farthest.above = max(farthest.above, reach.above)
      farthest.below = max(farthest.below, reach.below)
    }
    return farthest
  }
}
