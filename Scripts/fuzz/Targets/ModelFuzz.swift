import LayoutGeometry
import ListLayout

/// libFuzzer entry: bytes drive a structured model (not JSON), to reach deep layout code.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModel(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var bytes = ByteStream(UnsafeBufferPointer(start: data, count: size))
  FuzzChecks.exercise(ModelBuilder.model(&bytes))
  return 0
}

enum ModelBuilder {
  static func model(_ s: inout ByteStream) -> ListModel {
    var configuration = ListConfiguration(width: s.length() + (s.byte() & 1 == 0 ? 0 : 300))
    configuration.contentInsets = s.insets()
    configuration.sectionSpacing = s.length()
    let flags = s.byte()
    configuration.pinSectionHeaders = flags & 1 != 0
    configuration.pinEmptySections = flags & 2 != 0
    configuration.pinSectionFooters = flags & 4 != 0
    configuration.layoutDirection = flags & 8 != 0 ? .rtl : .ltr
    switch flags >> 4 & 3 {
    case 1: configuration.layoutManager = HubLayoutManager(margin: s.length())
    case 2: configuration.layoutManager = HubLayoutManager(margin: s.length(), oversizedCellPolicy: .overflow)
    default: break
    }
    // Bits 6 and 7: a list header and footer (pinned by the low bit of their height's
    // byte stream), and a horizontal list when both are set.
    if flags & 0x40 != 0 {
      configuration.listHeader = ListSupplementary(height: s.length(), pinned: s.byte() & 1 != 0)
    }
    if flags & 0x80 != 0 {
      configuration.listFooter = ListSupplementary(height: s.length(), pinned: s.byte() & 1 != 0)
    }
    if flags & 0xC0 == 0xC0 { configuration.scrollDirection = .horizontal }
    var sections: [Section] = []
    let traitsPool = LayoutTrait.standard
    while !s.isAtEnd && sections.count < 16 {
      var section = Section()
      let sflags = s.byte()
      if sflags & 1 != 0 { section.header = Supplementary(height: s.length()) }
      if sflags & 2 != 0 { section.footer = Supplementary(height: s.length()) }
      if sflags & 8 != 0 { section.background = SectionBackground(insets: s.insets()) }
      if sflags & 4 != 0 {
        section.attributes = SectionAttributes(
          horizontalAlignment: HorizontalAlignment.allCases[s.byte() % HorizontalAlignment.allCases.count],
          verticalAlignment: VerticalAlignment.allCases[s.byte() % VerticalAlignment.allCases.count],
          itemSpacing: s.length(), lineSpacing: s.length(), insets: s.insets())
      }
      if sflags & 0x20 != 0 {
        // A carousel (bit 5): the band's policy, the spacing and the paging from the next bytes.
        let c = s.byte()
        let height: CarouselHeight = c % 3 == 0 ? .tallest : c % 3 == 1 ? .first : .fixed(s.length())
        section.layout = .carousel(
          CarouselLayout(
            itemSpacing: c & 4 != 0 ? s.length() : nil, height: height,
            paging: CarouselPaging.allCases[(c >> 3) % CarouselPaging.allCases.count]))
      } else if sflags & 0x18 != 0 {
        // Grid (bit 3) or masonry (bit 4) columns: a small count or an adaptive minimum width.
        let c = s.byte()
        let columns: GridColumns =
          c & 1 == 0 ? .count((c >> 1) % 8 + 1) : .adaptive(minimumWidth: max(s.length(), 0.5))
        let spacing = c & 0x40 != 0 ? s.length() : nil
        if sflags & 8 != 0 {
          section.layout = .grid(
            GridLayout(
              columns: columns, columnSpacing: spacing, rowSpacing: c & 0x80 != 0 ? s.length() : nil,
              rowAlignment: GridRowAlignment.allCases[s.byte() % GridRowAlignment.allCases.count],
              packing: c & 0x20 != 0 ? .dense : .sparse))
        } else {
          section.layout = .masonry(
            MasonryLayout(
              columns: columns, columnSpacing: spacing, rowSpacing: c & 0x80 != 0 ? s.length() : nil))
        }
      }
      let count = s.byte() % 48
      for _ in 0..<count where !s.isAtEnd {
        let kind = s.byte()
        var traits = TraitSet()
        if kind & 0x80 != 0 {
          let mask = s.byte()
          for (i, trait) in traitsPool.enumerated() where mask & (1 << (i % 8)) != 0 { traits.insert(trait) }
        }
        var cell =
          kind & 1 == 0
          ? Cell(size: .automatic, traits: traits)
          : Cell(width: s.length(), height: s.length(), traits: traits)
        if kind & 0x40 != 0 {
          let a = s.byte()
          cell.attributes = CellAttributes(
            insets: s.insets(), shouldBeginLine: a & 1 != 0, shouldEndLine: a & 2 != 0,
            startLineIndentation: a & 4 != 0)
        }
        if kind & 0x20 != 0 {
          let span = s.byte()
          cell.span = span & 0x80 != 0 ? .fullRow : .columns(span % 6 + 1)
        }
        section.cells.append(cell)
      }
      sections.append(section)
    }
    return ListModel(configuration: configuration, sections: sections)
  }
}
