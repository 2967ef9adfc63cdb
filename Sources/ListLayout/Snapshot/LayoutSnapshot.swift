import LayoutGeometry

/// The immutable result of a layout: every cell, header and footer's frame, the content
/// size, and what queries need to answer quickly. A `Sendable` value: share it across
/// tasks freely, and keep old snapshots after edits (they share untouched storage).
///
/// Positions are stored relative (cell → page of lines → section → content) and absolute
/// frames are computed when asked, so an edit only rewrites what moved.
public struct LayoutSnapshot: Sendable {
  /// The model this snapshot lays out.
  public let model: ListModel
  /// The size of all content: the list's width, and the height from the top of the list
  /// header to the bottom of the list footer (the sections between the content insets
  /// count 0 when nothing in them has extent, as FSQ). In a horizontal list the two are
  /// exchanged: the length along x, and the list's `width` as the height.
  public internal(set) var contentSize: Size
  /// When the frames of large flow sections' cells are computed (the edits of this snapshot
  /// lay sections out again the same way).
  public internal(set) var frameComputation = FrameComputation.onDemand
  /// The speed machinery's thresholds and switches this snapshot was laid out with (its
  /// edits lay sections out again with them).
  package internal(set) var tuning = LayoutTuning.standard

  /// Each section's geometry, in blocks shared between snapshots: an edit replaces one block.
  var geometries: BlockArray<SectionGeometry>
  /// Each section's height. Section *s* starts `sectionHeights.prefix(s) + s × spacing`
  /// below the top inset: the spacing is never added into the sums, so no spacing, however
  /// large, can swallow a section's height.
  var sectionHeights: PrefixSumTree<Double>
  /// How far sections' cells reach above their tops and below their bottoms (carousels' cells
  /// taller than their band), the farthest per block of sections and overall.
  var overflows: SectionOverflows
  /// The farthest any section's cells reach above its top and below its bottom: searches for
  /// sections widen by these.
  var overflow: (above: Double, below: Double) { overflows.farthest }

  init(model: ListModel, geometries: ContiguousArray<SectionGeometry>) {
    self.init(model: model, geometries: BlockArray(geometries))
  }

  init(model: ListModel, geometries: BlockArray<SectionGeometry>) {
    self.init(
      model: model, geometries: geometries, heights: PrefixSumTree(geometries.lazy.map { $0.height }),
      overflows: SectionOverflows(geometries))
  }

  /// A snapshot of `geometries` whose heights and overflows are already summed (an edit
  /// updates them for the sections it touched, in O(log s) and O(64 + s / 64)).
  init(
    model: ListModel, geometries: BlockArray<SectionGeometry>, heights: PrefixSumTree<Double>,
    overflows: SectionOverflows
  ) {
    self.model = model
    self.geometries = geometries
    self.sectionHeights = heights
    self.overflows = overflows
    self.contentSize = .zero
    let length = computedContentHeight()
    self.contentSize =
      model.configuration.scrollDirection == .horizontal
      ? Size(width: length, height: model.configuration.width)
      : Size(width: model.configuration.width, height: length)
  }

  /// The content's extent along the scroll axis: the list header, the sections between the
  /// content insets (0 when they have no extent, as FSQ), the list footer.
  func computedContentHeight() -> Double {
    listHeaderExtent + sectionsExtent + listFooterExtent
  }

  /// The sections' extent with the top and bottom content insets; 0 when nothing has extent.
  var sectionsExtent: Double {
    guard !geometries.isEmpty else { return 0 }
    let body = sectionHeights.total + Double(geometries.count - 1) * model.configuration.sectionSpacing
    if body == 0 { return 0 }
    let insets = layoutInsets
    return insets.top + body + insets.bottom
  }

  /// The configuration the layout used.
  public var configuration: ListConfiguration { model.configuration }

  /// The number of sections.
  public var numberOfSections: Int { geometries.count }

  /// The number of cells in `section`, or 0 for a section that does not exist.
  public func numberOfItems(inSection section: Int) -> Int {
    geometries.indices.contains(section) ? geometries[section].itemCount : 0
  }

  /// The number of elements (cells, badges, headers and footers) the snapshot holds.
  public var elementCount: Int {
    var count = listingLength
    for section in geometries.indices { count += geometries[section].badges.count }
    return count
  }

  /// The number of positions of the listing (``forEachElement(_:)``), a cell and its badges
  /// taking one.
  var listingLength: Int {
    var count =
      (model.configuration.listHeader == nil ? 0 : 1) + (model.configuration.listFooter == nil ? 0 : 1)
    for section in geometries.indices { count += elementCount(inSection: section) }
    return count
  }

  /// Whether frames are mirrored (a right-to-left layout).
  var isMirrored: Bool { model.configuration.layoutDirection == .rtl }

  /// A frame computed left to right and top to bottom (in layout space), in the snapshot's
  /// direction: mirrored for a right-to-left list, then transposed for a horizontal one.
  func directed(_ frame: Rect) -> Rect {
    frameDirection.directed(frame)
  }

  /// The top of `section` in content coordinates (along the scroll axis).
  ///
  /// - Complexity: O(log s).
  func sectionTop(_ section: Int) -> Double {
    sectionTop(section, prefix: sectionHeights.prefix(section), sectionsTop: sectionsTop)
  }

  /// The top of `section` whose preceding heights sum to `prefix`, the first section's top
  /// being `sectionsTop` (the one formula of every section's top).
  @inline(__always)
  func sectionTop(_ section: Int, prefix: Double, sectionsTop: Double) -> Double {
    sectionsTop + prefix + Double(section) * model.configuration.sectionSpacing
  }

  /// The sections from one on, in order, with their tops as ``sectionTop(_:)`` computes them,
  /// each read in O(1): the sums of the section heights are descended once per block of
  /// sections, not once per section.
  struct SectionWalk {
    /// The section at hand.
    private(set) var section: Int
    /// The block of `section`, and the sum of the heights of the blocks before it.
    private var block = -1
    private var blocksBefore = 0.0
    private let sectionsTop: Double

    init(from section: Int, sectionsTop: Double) {
      self.section = section
      self.sectionsTop = sectionsTop
    }

    /// The top of the section at hand (an existing section).
    @inline(__always)
    mutating func top(in snapshot: LayoutSnapshot) -> Double {
      let b = Blocks.block(of: section)
      if b != block {
        block = b
        blocksBefore = snapshot.sectionHeights.prefixOfBlocks(b)
      }
      return snapshot.sectionTop(
        section, prefix: snapshot.sectionHeights.prefix(section, blocksBefore: blocksBefore),
        sectionsTop: sectionsTop)
    }

    /// Moves to the next section.
    @inline(__always)
    mutating func advance() { section += 1 }

    /// Moves to section `section`, after the one at hand.
    @inline(__always)
    mutating func skip(to section: Int) { self.section = section }
  }

  /// Where the first section starts: below the list header and the top content inset.
  var sectionsTop: Double { listHeaderExtent + layoutInsets.top }

  /// The frame of `section`: from the top of its header to the bottom of its footer, across
  /// the list's full width; `nil` for a section that does not exist.
  ///
  /// - Complexity: O(log s).
  public func sectionFrame(_ section: Int) -> Rect? {
    guard geometries.indices.contains(section) else { return nil }
    return directed(
      Rect(x: 0, y: sectionTop(section), width: model.configuration.width, height: geometries[section].height)
    )
  }
}
