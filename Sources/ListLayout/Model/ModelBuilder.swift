import Flexbox
import LayoutGeometry
import SequentialLayout

/// Builds the sections of a model, or the cells of a section, from a block of statements:
/// one element per line, `for` loops, `if` and `switch`: the model DSL, for app code and
/// tests alike (`ListLayoutTesting` re-exports it).
///
/// ```swift
/// let model = ListModel(width: 375) {
///   Section(header: 44) {
///     Cell("a", 100, 50)
///     Cell("b", 120, 50, traits: [.fullWidth]).endsLine()
///     for i in 0..<3 { Cell("c\(i)", 60, 60) }
///   }
///   Section(footer: 20, attributes: .topCenter) {
///     Cell("d")  // the default cell size
///   }
/// }
/// ```
@resultBuilder
public enum ListContentBuilder<Element> {
  /// One element.
  public static func buildExpression(_ element: Element) -> [Element] { [element] }
  /// An array of elements, listed in order.
  public static func buildExpression(_ elements: [Element]) -> [Element] { elements }
  /// The block's statements, in order.
  public static func buildBlock(_ parts: [Element]...) -> [Element] { parts.flatMap { $0 } }
  /// An `if` without `else`.
  public static func buildOptional(_ part: [Element]?) -> [Element] { part ?? [] }
  /// The first branch of an `if`/`else` or `switch`.
  public static func buildEither(first part: [Element]) -> [Element] { part }
  /// The second branch of an `if`/`else` or `switch`.
  public static func buildEither(second part: [Element]) -> [Element] { part }
  /// A `for` loop.
  public static func buildArray(_ parts: [[Element]]) -> [Element] { parts.flatMap { $0 } }
  /// An `if #available` block.
  public static func buildLimitedAvailability(_ part: [Element]) -> [Element] { part }
}

extension ListModel {
  /// A model of the given width and FSQ's defaults (or the insets, spacing, manager and
  /// direction given), with the sections the block lists.
  ///
  /// ```swift
  /// let model = ListModel(width: 320, contentInsets: .zero) {
  ///   Section { Cell("a", 100, 50); Cell("b", 100, 50) }
  /// }
  /// ```
  public init(
    width: Double, contentInsets: EdgeInsets = EdgeInsets(all: 5), sectionSpacing: Double = 10,
    layoutManager: any LayoutManager = AttributesLayoutManager(), layoutDirection: LayoutDirection = .ltr,
    @ListContentBuilder<Section> sections: () -> [Section]
  ) {
    self.init(
      configuration: ListConfiguration(
        width: width, contentInsets: contentInsets, sectionSpacing: sectionSpacing,
        layoutManager: layoutManager,
        layoutDirection: layoutDirection),
      sections: sections())
  }

  /// A model with the given configuration and the sections the block lists.
  public init(configuration: ListConfiguration, @ListContentBuilder<Section> sections: () -> [Section]) {
    self.init(configuration: configuration, sections: sections())
  }
}

extension Section {
  /// A section with the cells the block lists.
  ///
  /// `header` and `footer` take a height as a number literal (`Section(header: 44) { … }`) or a
  /// ``Supplementary``; `separator`, `collapsed`, `pinHeader` and `pinFooter` set the
  /// properties of the same names.
  public init(
    header: Supplementary? = nil, footer: Supplementary? = nil, attributes: SectionAttributes? = nil,
    layout: SectionLayout? = nil, id: String? = nil, background: SectionBackground? = nil,
    separator: SectionSeparator? = nil, collapsed: Bool = false, pinHeader: Bool? = nil,
    pinFooter: Bool? = nil, @ListContentBuilder<Cell> cells: () -> [Cell]
  ) {
    self.init(
      header: header, footer: footer, cells: cells(), attributes: attributes, layout: layout, id: id,
      background: background)
    self.separator = separator
    self.collapsed = collapsed
    self.pinHeader = pinHeader
    self.pinFooter = pinFooter
  }
}

/// A header or footer written as its height: `Section(header: 44) { … }`.
extension Supplementary: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
  /// A header or footer of this height.
  public init(integerLiteral height: Int) { self.init(height: Double(height)) }
  /// A header or footer of this height.
  public init(floatLiteral height: Double) { self.init(height: height) }
}

extension Cell {
  /// A cell of a fixed size: `Cell("a", 100, 50)`.
  public init(_ id: String?, _ width: Double, _ height: Double, traits: TraitSet = []) {
    self.init(id: id, width: width, height: height, traits: traits)
  }

  /// A cell of a fixed size, without an identifier: `Cell(100, 50)`.
  public init(_ width: Double, _ height: Double, traits: TraitSet = []) {
    self.init(id: nil, width: width, height: height, traits: traits)
  }

  /// A cell of the model's default size: `Cell("a")`.
  public init(_ id: String?, traits: TraitSet = []) {
    self.init(id: id, traits: traits)
  }

  /// A cell sized by a flexbox tree: `Cell("row", content: Layout(…), width: .lineWidth)`.
  public init(_ id: String?, content: Layout, width: FlexContent.Width = .intrinsic, traits: TraitSet = []) {
    self.init(id: id, size: .flex(FlexContent(content, width: width)), traits: traits)
  }

  /// The cell, placed by its own frame calculator in a sequential section (with its own
  /// spacing and padding when given).
  public func placed(
    by frameCalculator: FrameCalculator<Int>, spacing: EdgeInsets? = nil, padding: EdgeInsets? = nil
  ) -> Cell {
    var cell = self
    cell.sequential = SequentialItemOptions(
      frameCalculator: frameCalculator, spacing: spacing, padding: padding)
    return cell
  }

  /// The cell, starting a new line (`shouldBeginLine`).
  public func beginsLine() -> Cell { changingAttributes { $0.shouldBeginLine = true } }

  /// The cell, ending its line (`shouldEndLine`).
  public func endsLine() -> Cell { changingAttributes { $0.shouldEndLine = true } }

  /// The cell, indenting the lines after its own (`startLineIndentation`).
  public func indentsLines() -> Cell { changingAttributes { $0.startLineIndentation = true } }

  /// The cell with insets (`insets`).
  public func insets(_ insets: EdgeInsets) -> Cell { changingAttributes { $0.insets = insets } }

  /// The cell with the given attributes changed, starting from `CellAttributes.default` when
  /// it has none of its own (not from the model's default cell attributes, which a cell does
  /// not know).
  private func changingAttributes(_ change: (inout CellAttributes) -> Void) -> Cell {
    var cell = self
    var attributes = cell.attributes ?? .default
    change(&attributes)
    cell.attributes = attributes
    return cell
  }
}
