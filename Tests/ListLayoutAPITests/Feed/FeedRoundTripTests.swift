import Flexbox
import Foundation
import LayoutGeometry
import ListLayout
import ListLayoutTestSupport
import SequentialLayout
import TestSupport
import Testing

/// Random models over everything the feed schema can say: every configuration key, both
/// built-in managers, RTL, custom traits, attribute overrides, headers and footers with widths,
/// ids and traits, sequential sections and items, flexbox content, and numbers of every
/// magnitude (so that their text has to round-trip exactly).
enum FeedModelGenerator {
  static let customTraits = (0..<4).map { LayoutTrait("roundTrip\($0)") }

  static func number(_ rng: inout SplitMix64, max: Double = 400) -> Double {
    switch Int.random(in: 0..<10, using: &rng) {
    case 0: 0
    case 1: Double(Int.random(in: 0...Int(max), using: &rng))
    case 2: Double(Int.random(in: 0...Int(max * 8), using: &rng)) / 8
    case 3: Double.random(in: 0..<Double.leastNormalMagnitude * 4, using: &rng)  // subnormal
    case 4: Double.random(in: 1e-12..<1e-3, using: &rng)
    case 5: Double.random(in: 1e15..<1e18, using: &rng)
    default: Double.random(in: 0..<max, using: &rng)
    }
  }

  static func signed(_ rng: inout SplitMix64) -> Double {
    Bool.random(using: &rng) ? number(&rng, max: 40) : -number(&rng, max: 40)
  }

  static func insets(_ rng: inout SplitMix64, signed allowNegative: Bool = false) -> EdgeInsets {
    if Bool.random(using: &rng) { return .zero }
    func edge(_ rng: inout SplitMix64) -> Double {
      if Bool.random(using: &rng) { return 0 }
      return allowNegative ? signed(&rng) : number(&rng, max: 30)
    }
    return EdgeInsets(top: edge(&rng), left: edge(&rng), bottom: edge(&rng), right: edge(&rng))
  }

  static func traits(_ rng: inout SplitMix64) -> TraitSet {
    var traits = TraitSet()
    for trait in LayoutTrait.standard + customTraits where Int.random(in: 0..<5, using: &rng) == 0 {
      traits.insert(trait)
    }
    return traits
  }

  static func id(_ rng: inout SplitMix64, _ base: String) -> String? {
    switch Int.random(in: 0..<6, using: &rng) {
    case 0: nil
    case 1: base + " \"quoted\" \\ é 🙂\n\t\u{1}"
    case 2: ""
    default: base
    }
  }

  static func sectionAttributes(_ rng: inout SplitMix64) -> SectionAttributes {
    SectionAttributes(
      horizontalAlignment: HorizontalAlignment.allCases.randomElement(using: &rng)!,
      verticalAlignment: VerticalAlignment.allCases.randomElement(using: &rng)!,
      itemSpacing: Bool.random(using: &rng) ? 5 : number(&rng, max: 20),
      lineSpacing: Bool.random(using: &rng) ? 5 : number(&rng, max: 20), insets: insets(&rng))
  }

  static func cellAttributes(_ rng: inout SplitMix64) -> CellAttributes {
    CellAttributes(
      insets: insets(&rng), shouldBeginLine: Bool.random(using: &rng),
      shouldEndLine: Bool.random(using: &rng),
      startLineIndentation: Bool.random(using: &rng))
  }

  static func calculator(_ rng: inout SplitMix64) -> FrameCalculator<Int> {
    .standard(StandardFrameCalculator.allCases.randomElement(using: &rng)!)
  }

  static func supplementary(_ rng: inout SplitMix64, _ id: String) -> Supplementary {
    Supplementary(
      height: number(&rng, max: 60), width: Bool.random(using: &rng) ? nil : number(&rng, max: 400),
      traits: traits(&rng), id: self.id(&rng, id))
  }

  static func flexStyle(_ rng: inout SplitMix64) -> FlexStyle {
    var style = FlexStyle()
    guard Int.random(in: 0..<4, using: &rng) != 0 else { return style }
    func maybe<T>(_ rng: inout SplitMix64, _ value: () -> T) -> T? {
      Bool.random(using: &rng) ? value() : nil
    }
    style.display = Int.random(in: 0..<8, using: &rng) == 0 ? .none : .flex
    style.position = FlexStyle.PositionType.allCases.randomElement(using: &rng)!
    style.flexDirection = FlexStyle.FlexDirection.allCases.randomElement(using: &rng)!
    style.flexWrap = FlexStyle.FlexWrap.allCases.randomElement(using: &rng)!
    style.justifyContent = FlexStyle.JustifyContent.allCases.randomElement(using: &rng)!
    style.alignItems = FlexStyle.AlignItems.allCases.randomElement(using: &rng)!
    style.alignSelf = FlexStyle.AlignSelf.allCases.randomElement(using: &rng)!
    style.alignContent = FlexStyle.AlignContent.allCases.randomElement(using: &rng)!
    style.flexGrow = Bool.random(using: &rng) ? 0 : number(&rng, max: 3)
    style.flexShrink = Bool.random(using: &rng) ? 0 : number(&rng, max: 3)
    style.flexBasis = Bool.random(using: &rng) ? nil : number(&rng, max: 100)
    style.width = Bool.random(using: &rng) ? nil : number(&rng, max: 200)
    style.height = Bool.random(using: &rng) ? nil : number(&rng, max: 200)
    style.minWidth = Bool.random(using: &rng) ? 0 : number(&rng, max: 50)
    style.minHeight = Bool.random(using: &rng) ? 0 : number(&rng, max: 50)
    style.maxWidth = Bool.random(using: &rng) ? nil : number(&rng, max: 300)
    style.maxHeight = Bool.random(using: &rng) ? nil : number(&rng, max: 300)
    func edges(_ rng: inout SplitMix64, signed allowNegative: Bool) -> Edges {
      Edges(
        top: Bool.random(using: &rng) ? nil : (allowNegative ? signed(&rng) : number(&rng, max: 20)),
        leading: Bool.random(using: &rng) ? nil : (allowNegative ? signed(&rng) : number(&rng, max: 20)),
        bottom: Bool.random(using: &rng) ? nil : (allowNegative ? signed(&rng) : number(&rng, max: 20)),
        trailing: Bool.random(using: &rng) ? nil : (allowNegative ? signed(&rng) : number(&rng, max: 20)))
    }
    style.margin = edges(&rng, signed: true)
    style.padding = edges(&rng, signed: false)
    style.border = edges(&rng, signed: false)
    style.inset = edges(&rng, signed: true)
    style.rowGap = Bool.random(using: &rng) ? 0 : number(&rng, max: 10)
    style.columnGap = Bool.random(using: &rng) ? 0 : number(&rng, max: 10)
    return style
  }

  static func flexTree(_ rng: inout SplitMix64, depth: Int = 0) -> Layout {
    let childCount = depth >= 3 ? 0 : Int.random(in: 0...3, using: &rng)
    let children = (0..<childCount).map { _ in flexTree(&rng, depth: depth + 1) }
    return Layout(
      identifier: Bool.random(using: &rng) ? nil : "n\(depth)", style: flexStyle(&rng), children: children)
  }

  /// A carousel layout with every key sometimes given, sometimes at its default.
  static func carousel(_ rng: inout SplitMix64) -> CarouselLayout {
    let heights: [CarouselHeight] = [.tallest, .first, .fixed(number(&rng))]
    return CarouselLayout(
      itemSpacing: Bool.random(using: &rng) ? number(&rng, max: 20) : nil,
      height: heights.randomElement(using: &rng)!,
      paging: CarouselPaging.allCases.randomElement(using: &rng)!)
  }

  static func cell(_ rng: inout SplitMix64, _ index: Int, sequential: Bool) -> Cell {
    var cell = Cell(id: id(&rng, "c\(index)"), traits: traits(&rng))
    switch Int.random(in: 0..<8, using: &rng) {
    case 0: cell.size = .automatic
    case 1:
      cell.size = .flex(
        FlexContent(flexTree(&rng), width: FlexContent.Width.allCases.randomElement(using: &rng)!))
    default: cell.size = .fixed(width: number(&rng), height: number(&rng, max: 120))
    }
    if Int.random(in: 0..<3, using: &rng) == 0 { cell.attributes = cellAttributes(&rng) }
    if sequential || Int.random(in: 0..<10, using: &rng) == 0, Bool.random(using: &rng) {
      cell.sequential = SequentialItemOptions(
        frameCalculator: Bool.random(using: &rng) ? calculator(&rng) : nil,
        spacing: Bool.random(using: &rng) ? insets(&rng, signed: true) : nil,
        padding: Bool.random(using: &rng) ? insets(&rng, signed: true) : nil)
    }
    if Int.random(in: 0..<4, using: &rng) == 0 { cell.span = span(&rng) }
    return cell
  }

  static func span(_ rng: inout SplitMix64) -> GridSpan {
    Int.random(in: 0..<4, using: &rng) == 0 ? .fullRow : .columns(Int.random(in: 1...5, using: &rng))
  }

  static func columns(_ rng: inout SplitMix64) -> GridColumns {
    Bool.random(using: &rng)
      ? .count(Int.random(in: 1...GridColumns.maximumCount, using: &rng))
      : .adaptive(minimumWidth: max(number(&rng, max: 300), 0.25))
  }

  static func grid(_ rng: inout SplitMix64) -> GridLayout {
    GridLayout(
      columns: columns(&rng), columnSpacing: Bool.random(using: &rng) ? nil : number(&rng, max: 20),
      rowSpacing: Bool.random(using: &rng) ? nil : number(&rng, max: 20),
      rowAlignment: GridRowAlignment.allCases.randomElement(using: &rng)!,
      packing: GridPacking.allCases.randomElement(using: &rng)!)
  }

  static func masonry(_ rng: inout SplitMix64) -> MasonryLayout {
    MasonryLayout(
      columns: columns(&rng), columnSpacing: Bool.random(using: &rng) ? nil : number(&rng, max: 20),
      rowSpacing: Bool.random(using: &rng) ? nil : number(&rng, max: 20))
  }

  static func model(_ rng: inout SplitMix64, maxSections: Int = 4, maxCells: Int = 12) -> ListModel {
    var configuration = ListConfiguration(width: number(&rng, max: 1024))
    if Bool.random(using: &rng) {
      configuration.contentInsets = insets(&rng)
      configuration.sectionSpacing = number(&rng, max: 20)
      configuration.pinSectionHeaders = Bool.random(using: &rng)
      configuration.pinEmptySections = Bool.random(using: &rng)
      configuration.pinSectionFooters = Bool.random(using: &rng)
      configuration.layoutDirection = Bool.random(using: &rng) ? .ltr : .rtl
    }
    if Bool.random(using: &rng) {
      configuration.defaultCellSize = Size(width: number(&rng), height: number(&rng))
    }
    if Bool.random(using: &rng) { configuration.defaultSectionAttributes = sectionAttributes(&rng) }
    if Bool.random(using: &rng) { configuration.defaultCellAttributes = cellAttributes(&rng) }
    switch Int.random(in: 0..<3, using: &rng) {
    case 0:
      configuration.layoutManager = HubLayoutManager(
        margin: number(&rng, max: 20),
        oversizedCellPolicy: OversizedCellPolicy.allCases.randomElement(using: &rng)!)
    default: break
    }
    var model = ListModel(configuration: configuration)
    for s in 0..<Int.random(in: 0...maxSections, using: &rng) {
      var section = Section()
      if Bool.random(using: &rng) { section.header = supplementary(&rng, "h\(s)") }
      if Int.random(in: 0..<3, using: &rng) == 0 { section.footer = supplementary(&rng, "f\(s)") }
      if Bool.random(using: &rng) {
        // An override equal to the defaults is kept as an override: it must come back as one.
        section.attributes =
          Bool.random(using: &rng) ? configuration.defaultSectionAttributes : sectionAttributes(&rng)
      }
      var sequential = false
      switch Int.random(in: 0..<8, using: &rng) {
      case 0: section.layout = .flow
      case 2: section.layout = .grid(grid(&rng))
      case 3: section.layout = .masonry(masonry(&rng))
      case 1:
        sequential = true
        section.layout = .sequential(
          SequentialSectionDefaults(
            frameCalculator: calculator(&rng), spacing: insets(&rng, signed: true),
            padding: insets(&rng, signed: true)))
      case 4: section.layout = .carousel(carousel(&rng))
      default: break
      }
      for item in 0..<Int.random(in: 0...maxCells, using: &rng) {
        section.cells.append(cell(&rng, item, sequential: sequential))
      }
      model.sections.append(section)
    }
    addChrome(&rng, to: &model)
    return model
  }

  /// Section backgrounds, a list header and footer and the scroll direction, drawn after the
  /// rest of the model (so the models of earlier seeds keep their other parts).
  static func addChrome(_ rng: inout SplitMix64, to model: inout ListModel) {
    for s in model.sections.indices where Int.random(in: 0..<4, using: &rng) == 0 {
      model.sections[s].background = SectionBackground(
        id: id(&rng, "bg\(s)"), insets: Bool.random(using: &rng) ? insets(&rng) : .zero)
    }
    for footer in [false, true] where Int.random(in: 0..<4, using: &rng) == 0 {
      let value = ListSupplementary(
        height: number(&rng, max: 80), id: id(&rng, footer ? "end" : "top"), pinned: Bool.random(using: &rng))
      if footer { model.configuration.listFooter = value } else { model.configuration.listHeader = value }
    }
    if Int.random(in: 0..<5, using: &rng) == 0 { model.configuration.scrollDirection = .horizontal }
  }
}

@Suite struct FeedRoundTripTests {
  static let seeds: Range<UInt64> = 0..<UInt64(sweep(quick: 300, long: 3000))

  @Test func seededModelsRoundTripInEveryMode() throws {
    let modes = FeedWritingOptions.Defaults.allCases.flatMap { defaults in
      [false, true].map { FeedWritingOptions(defaults: defaults, prettyPrinted: $0) }
    }
    var flexCells = 0
    var sequentialSections = 0
    var chromeModels = 0
    var gridSections = 0
    var masonrySections = 0
    var spannedCells = 0
    var carouselSections = 0
    for seed in Self.seeds {
      var rng = SplitMix64(seed: seed)
      let model = FeedModelGenerator.model(&rng)
      let configuration = model.configuration
      if configuration.listHeader != nil || configuration.listFooter != nil
        || configuration.scrollDirection == .horizontal
        || model.sections.contains(where: { $0.background != nil })
      {
        chromeModels += 1
      }
      for section in model.sections {
        if case .sequential = section.layout { sequentialSections += 1 }
        if case .grid = section.layout { gridSections += 1 }
        if case .masonry = section.layout { masonrySections += 1 }
        spannedCells += section.cells.count { $0.span != nil }
        if case .carousel = section.layout { carouselSections += 1 }
        for cell in section.cells {
          if case .flex = cell.size { flexCells += 1 }
        }
      }
      let options = modes[Int(seed) % modes.count]
      let bytes = try model.jsonBytes(options: options)
      let read: ListModel
      do {
        read = try ListModel(json: bytes)
      } catch {
        Issue.record("seed \(seed), \(options): \(error)\n\(String(decoding: bytes, as: UTF8.self))")
        return
      }
      guard read == model else {
        Issue.record("seed \(seed), \(options): read back differs\n\(String(decoding: bytes, as: UTF8.self))")
        return
      }
      #expect(read.hashValue == model.hashValue, "seed \(seed)")
      // Writing what was read gives the same text: the writer is a normal form.
      #expect(try read.jsonBytes(options: options) == bytes, "seed \(seed)")
    }
    // The generator reached the parts of the schema this test is about.
    let seeds = Self.seeds.count
    #expect(flexCells > seeds / 3 && sequentialSections > seeds / 6)
    #expect(chromeModels > seeds / 3)
    #expect(gridSections > seeds / 6 && masonrySections > seeds / 6 && spannedCells > seeds / 3)
    #expect(carouselSections > seeds / 10)
  }

  @Test func bothFormsOfAFeedReadToTheSameModel() throws {
    for seed in UInt64(0)..<300 {
      var rng = SplitMix64(seed: seed)
      let model = FeedModelGenerator.model(&rng)
      let omitted = try ListModel(json: model.jsonData())
      let spelledOut = try ListModel(json: model.jsonData(options: FeedWritingOptions(defaults: .spelledOut)))
      let same = omitted == spelledOut  // not in the expectation: it would print both models
      #expect(same, "seed \(seed)")
    }
  }

  @Test func numbersRoundTripBitForBit() throws {
    var rng = SplitMix64(seed: 42)
    var cells: [Cell] = []
    for _ in 0..<5000 {
      // Any finite, non-negative double: random bit patterns.
      func any(_ rng: inout SplitMix64) -> Double {
        while true {
          let value = abs(Double(bitPattern: rng.next()))
          if value.isFinite { return value }
        }
      }
      cells.append(Cell(width: any(&rng), height: any(&rng)))
    }
    let model = ListModel(configuration: ListConfiguration(width: 1e308), sections: [Section(cells: cells)])
    let read = try ListModel(json: model.jsonData())
    for (a, b) in zip(read.sections[0].cells, cells) {
      #expect(a.size.fixedValue!.width.bitPattern == b.size.fixedValue!.width.bitPattern)
      #expect(a.size.fixedValue!.height.bitPattern == b.size.fixedValue!.height.bitPattern)
    }
  }

  @Test func writesTheSmallestFeed() throws {
    var model = ListModel(configuration: ListConfiguration(width: 375))
    model.sections = [
      Section(
        header: Supplementary(height: 44, id: "h"),
        cells: [
          Cell(id: "a", width: 100, height: 50.5, traits: [.fullWidth]),
          Cell(id: "b", attributes: CellAttributes(shouldEndLine: true)),
        ], attributes: SectionAttributes(horizontalAlignment: .center))
    ]
    #expect(
      try model.jsonString()
        == #"{"width":375,"sections":[{"header":{"height":44,"id":"h"},"attributes":{"horizontalAlignment":"center"},"#
        + #""items":[{"id":"a","size":{"width":100,"height":50.5},"traits":["fullWidth"]},"#
        + #"{"id":"b","attributes":{"shouldEndLine":true}}]}]}"#)
    #expect(
      try model.jsonString(options: FeedWritingOptions(prettyPrinted: true)) == """
        {
          "width": 375,
          "sections": [
            {
              "header": {"height": 44, "id": "h"},
              "attributes": {"horizontalAlignment": "center"},
              "items": [
                {"id": "a", "size": {"width": 100, "height": 50.5}, "traits": ["fullWidth"]},
                {"id": "b", "attributes": {"shouldEndLine": true}}
              ]
            }
          ]
        }

        """)
  }

  @Test func spellsOutEveryDefault() throws {
    let model = ListModel(
      configuration: ListConfiguration(width: 320),
      sections: [Section(cells: [Cell(id: "a", width: 10, height: 10, attributes: .default)])])
    #expect(
      try model.jsonString(options: FeedWritingOptions(defaults: .spelledOut, prettyPrinted: true)) == """
        {
          "width": 320,
          "layoutDirection": "ltr",
          "scrollDirection": "vertical",
          "contentInsets": {"top": 5, "left": 5, "bottom": 5, "right": 5},
          "sectionSpacing": 10,
          "pinSectionHeaders": true,
          "pinEmptySections": false,
          "pinSectionFooters": false,
          "defaultCellSize": {"width": 100, "height": 100},
          "defaultSectionAttributes": {"horizontalAlignment": "left", "verticalAlignment": "top", "itemSpacing": 5, "lineSpacing": 5, "insets": {"top": 0, "left": 0, "bottom": 0, "right": 0}},
          "defaultCellAttributes": {"insets": {"top": 0, "left": 0, "bottom": 0, "right": 0}, "shouldBeginLine": false, "shouldEndLine": false, "startLineIndentation": false},
          "layoutManager": {"type": "attributes"},
          "sections": [
            {
              "items": [
                {"id": "a", "size": {"width": 10, "height": 10}, "traits": [], "attributes": {"insets": {"top": 0, "left": 0, "bottom": 0, "right": 0}, "shouldBeginLine": false, "shouldEndLine": false, "startLineIndentation": false}}
              ]
            }
          ]
        }

        """)
    // An override equal to the defaults stays an override: `{}` when defaults are omitted.
    #expect(try model.jsonString().contains(#""attributes":{}"#))
  }

  @Test func writesFlexContentAndSequentialLayouts() throws {
    let content = Layout(
      identifier: "row", container: ContainerBehavior(primaryAxis: .horizontal), padding: Edges(all: 8),
      children: [
        Layout(identifier: "icon", size: .absolute(width: 24, height: 24)), Layout(size: .flexible()),
      ])
    var cell = Cell(id: "f", size: .flex(FlexContent(content, width: .lineWidth)))
    cell.sequential = SequentialItemOptions(frameCalculator: .topAlignedFlow)
    let model = ListModel(
      configuration: ListConfiguration(width: 300),
      sections: [
        Section(
          cells: [cell],
          layout: .sequential(
            SequentialSectionDefaults(frameCalculator: .topAlignedHStack, spacing: EdgeInsets(all: -2))))
      ])
    let json = try model.jsonString()
    #expect(
      json.contains(
        #""layout":{"type":"sequential","frameCalculator":"topAlignedHStack","spacing":{"top":-2,"left":-2,"bottom":-2,"right":-2}}"#
      ))
    #expect(json.contains(#""contentWidth":"lineWidth""#))
    #expect(json.contains(#""layout":{"frameCalculator":"topAlignedFlow"}"#))
    #expect(json.contains(#"{"id":"icon","style":{"#))
    #expect(try ListModel(json: Array(json.utf8)) == model)
  }

  /// Every feed of the fuzz corpus that the reader accepts (`Scripts/fuzz/corpus/feed`: what
  /// fuzzing found) writes itself back, in both forms, to an equal model, and writing is
  /// idempotent.
  @Test func fuzzCorpusFeedsRoundTrip() throws {
    let files = try FileManager.default.contentsOfDirectory(
      at: FuzzCorpusFeedsLayOutCleanlyTests.corpus, includingPropertiesForKeys: nil)
    let limits = FuzzCorpusFeedsLayOutCleanlyTests.limits
    var readBack = limits
    readBack.maxBytes = 64 << 20  // spelled out, a feed grows
    var roundTripped = 0
    for file in files {
      guard let model = try? ListModel(json: [UInt8](Data(contentsOf: file)), limits: limits) else {
        continue
      }
      for defaults in FeedWritingOptions.Defaults.allCases {
        let options = FeedWritingOptions(defaults: defaults, prettyPrinted: defaults == .spelledOut)
        let bytes = try model.jsonBytes(options: options)
        let read = try ListModel(json: bytes, limits: readBack)
        let same = read == model
        #expect(same, "\(file.lastPathComponent), \(defaults)")
        #expect(try read.jsonBytes(options: options) == bytes, "\(file.lastPathComponent), \(defaults)")
      }
      roundTripped += 1
    }
    #expect(roundTripped > 50)
  }

  /// A deep flexbox tree is written, compared and hashed without recursion (10,000 levels on
  /// a 256 KiB stack), and a tree 300 deep reads back equal given limits deep enough for it.
  @Test func deepContentRoundTrips() throws {
    func model(depth: Int) -> ListModel {
      var content = Layout(identifier: "leaf", size: .absolute(width: 30, height: 20))
      for level in 0..<depth {
        content = Layout(identifier: "n\(level)", padding: Edges(all: 1), children: [content])
      }
      return ListModel(
        configuration: ListConfiguration(width: 320),
        sections: [Section(cells: [Cell(size: .flex(FlexContent(content)))])])
    }
    let deep = model(depth: 10_000)
    let copy = deep
    nonisolated(unsafe) var written = 0
    nonisolated(unsafe) var same = false
    nonisolated(unsafe) var hashes = (0, 1)
    onSmallStack {
      written = (try? deep.jsonBytes())?.count ?? 0
      same = deep == copy
      hashes = (deep.hashValue, copy.hashValue)
    }
    #expect(written > 10_000 * 20 && same && hashes.0 == hashes.1)
    let shallower = model(depth: 300)
    var limits = JSONInputLimits.default
    limits.maxDepth = 1000
    #expect(try ListModel(json: shallower.jsonBytes(), limits: limits) == shallower)
  }

  @Test func refusesWhatTheSchemaCannotSay() {
    struct Custom: LayoutManager {
      func margin(for traits: TraitSet, to edge: ContentEdge, in section: SectionAttributes) -> Double { 1 }
      func horizontalGap(for traits: TraitSet, after _: TraitSet, in _: SectionAttributes) -> Double { 1 }
      func verticalGap(for traits: TraitSet, below _: TraitSet, in _: SectionAttributes) -> Double { 1 }
    }
    func error(_ written: ListModel) -> FeedWritingError? {
      let result = Result { () throws(FeedWritingError) in try written.jsonData() }
      guard case .failure(let failure) = result else { return nil }
      return failure
    }
    func model(
      _ cells: [Cell], _ configuration: ListConfiguration = ListConfiguration(width: 100)
    ) -> ListModel {
      ListModel(configuration: configuration, sections: [Section(), Section(cells: [Cell()] + cells)])
    }
    #expect(error(model([Cell(size: .sizing { _ in .zero })]))?.path == "sections[1].cells[1].size")
    #expect(
      error(model([], ListConfiguration(width: 100, layoutManager: Custom())))?.path
        == "configuration.layoutManager")
    #expect(error(model([Cell(width: .nan, height: 1)]))?.path == "sections[1].cells[1].size.width")
    #expect(error(model([Cell(width: 1, height: -1)]))?.path == "sections[1].cells[1].size.height")
    #expect(error(model([], ListConfiguration(width: .infinity)))?.path == "configuration.width")
    #expect(
      error(model([], ListConfiguration(width: 10, contentInsets: EdgeInsets(all: -1))))?.path
        == "configuration.contentInsets.top")
    var custom = Cell()
    custom.sequential = SequentialItemOptions(frameCalculator: FrameCalculator { _ in .zero })
    #expect(error(model([custom]))?.path == "sections[1].cells[1].sequential.frameCalculator")
    let measured = Layout(style: FlexStyle(), measure: { _ in .zero })
    #expect(
      error(model([Cell(size: .flex(FlexContent(Layout(children: [measured]))))]))?.path
        == "sections[1].cells[1].size.content (node 2, depth-first)")
  }
}

extension FeedWritingError {
  var path: String {
    switch self {
    case .notRepresentable(let path, _): path
    }
  }
}
