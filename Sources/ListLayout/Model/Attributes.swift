import LayoutGeometry

/// Where the lines of a section sit horizontally (FSQ's `horizontalAlignment`).
///
/// In a right-to-left layout the whole section is mirrored, so `left` means the leading edge.
public enum HorizontalAlignment: String, Sendable, Hashable, Codable, CaseIterable {
  case left, center, right
}

/// How cells of different heights on one line sit relative to each other (FSQ's
/// `verticalAlignment`).
///
/// `stretch` (flow sections) gives every cell of a line the line's full height less its own
/// top and bottom insets (and the manager's top margin on a section's first line): CSS's
/// `align-items: stretch` with each cell's height as its `min-height` and its insets as
/// margins. The line's height is the same as with the other alignments.
public enum VerticalAlignment: String, Sendable, Hashable, Codable, CaseIterable {
  case top, center, bottom, stretch
}

/// How a section's cells are laid out, as FSQCollectionViewAlignedLayout's section attributes.
///
/// ```
///  ┌────────────────────── section ──────────────────────┐
///  │                     insets.top                       │
///  │ insets.left ┌────┐ itemSpacing ┌──────┐  insets.right│
///  │             │cell│◀──────────▶│ cell │              │
///  │             └────┘             └──────┘              │
///  │                  ▲ lineSpacing                       │
///  │             ┌──────────┐ ┌──┐ ▼                      │
///  │             │   cell   │ │  │                        │
///  │             └──────────┘ └──┘                        │
///  │                    insets.bottom                     │
///  └──────────────────────────────────────────────────────┘
/// ```
///
/// The defaults are FSQ's `topLeftAlignment`: left, top, spacings of 5, no insets.
public struct SectionAttributes: Sendable, Hashable {
  /// Where each line sits horizontally within the section.
  public var horizontalAlignment: HorizontalAlignment
  /// How cells of one line align vertically with each other.
  public var verticalAlignment: VerticalAlignment
  /// Horizontal space between neighbouring cells on a line.
  public var itemSpacing: Double
  /// Vertical space between the bottom of one line and the top of the next.
  public var lineSpacing: Double
  /// Space around the section's lines (the header sits above `insets.top`, the footer below
  /// `insets.bottom`).
  public var insets: EdgeInsets

  /// Creates section attributes; every argument defaults to FSQ's documented value.
  public init(
    horizontalAlignment: HorizontalAlignment = .left, verticalAlignment: VerticalAlignment = .top,
    itemSpacing: Double = 5, lineSpacing: Double = 5, insets: EdgeInsets = .zero
  ) {
    self.horizontalAlignment = horizontalAlignment
    self.verticalAlignment = verticalAlignment
    self.itemSpacing = itemSpacing
    self.lineSpacing = lineSpacing
    self.insets = insets
  }

  /// Top-left alignment with FSQ's default spacings (the default).
  public static let topLeft = SectionAttributes()
  /// Top-center alignment with FSQ's default spacings.
  public static let topCenter = SectionAttributes(horizontalAlignment: .center)
  /// Top-right alignment with FSQ's default spacings.
  public static let topRight = SectionAttributes(horizontalAlignment: .right)
  /// Center-center alignment with FSQ's default spacings.
  public static let centerCenter = SectionAttributes(horizontalAlignment: .center, verticalAlignment: .center)
}

/// How one cell takes part in its line, as FSQCollectionViewAlignedLayout's cell attributes.
///
/// ```
///        insets.top
///      ┌───────────┐
///  left│   frame   │right     laid out as frame + insets,
///      └───────────┘          reported as frame alone
///       insets.bottom
/// ```
public struct CellAttributes: Sendable, Hashable {
  /// Space around the cell, added to its size for placement but not to its reported frame.
  public var insets: EdgeInsets
  /// Forces the cell to begin a new line.
  public var shouldBeginLine: Bool
  /// Forces the cell to be the last of its line.
  public var shouldEndLine: Bool
  /// In a left- or right-aligned section, lines after this cell's line start at this cell's
  /// left (or right) edge, excluding its insets, until another cell starts a new indentation.
  public var startLineIndentation: Bool

  /// Creates cell attributes; the defaults are FSQ's `defaultCellAttributes`.
  public init(
    insets: EdgeInsets = .zero, shouldBeginLine: Bool = false, shouldEndLine: Bool = false,
    startLineIndentation: Bool = false
  ) {
    self.insets = insets
    self.shouldBeginLine = shouldBeginLine
    self.shouldEndLine = shouldEndLine
    self.startLineIndentation = startLineIndentation
  }

  /// No insets, no forced line breaks, no indentation.
  public static let `default` = CellAttributes()
}
