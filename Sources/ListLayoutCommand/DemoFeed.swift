import LayoutGeometry
import ListLayout

/// The built-in demo feed: a music app's home screen. A pinned search bar (the list header), a
/// full-width hero header over compact cards that wrap two to a line, stretched to equal
/// heights (Hub's default manager), shelves of cards that scroll sideways (carousels) on
/// section backgrounds, a grid of genre tiles with separators between its rows (its header
/// does not pin), a collapsed section of podcasts (its header and footer only), stackable
/// chart rows with inset separators and a footer that pins, a masonry wall of mixes, and a
/// now-playing bar (the list footer); section headers pin below the search bar; a few
/// hundred cells.
public enum DemoFeed {
  /// The demo model at a width (375 points, a phone, by default).
  public static func model(width: Double = 375) -> ListModel {
    var configuration = ListConfiguration(
      width: width, contentInsets: .zero, sectionSpacing: 8, pinSectionHeaders: true,
      layoutManager: HubLayoutManager(margin: 12))
    configuration.listHeader = ListSupplementary(height: 52, id: "search", pinned: true)
    configuration.listFooter = ListSupplementary(height: 64, id: "now-playing")
    let cardWidth = ((width - 36) / 2).rounded(.down)
    let shelfInsets = SectionAttributes(
      itemSpacing: 12, insets: EdgeInsets(top: 4, left: 12, bottom: 12, right: 12))
    var sections: [Section] = []

    // The hero: a full-width header over a wrap of compact cards.
    sections.append(
      Section(
        header: Supplementary(height: 220, traits: [.fullWidth], id: "hero"),
        cells: (0..<8).map { i in
          Cell(id: "featured-\(i)", width: cardWidth, height: i % 3 == 0 ? 150 : 120, traits: [.compactWidth])
        }, attributes: SectionAttributes(verticalAlignment: .stretch)))

    // Shelves: rows of cards that scroll sideways, one snapping per card, one per page.
    let shelves: [(name: String, count: Int, width: Double, height: Double, paging: CarouselPaging)] = [
      ("recently-played", 20, 120, 160, .item), ("made-for-you", 12, 160, 200, .page),
    ]
    for shelf in shelves {
      var section = Section(
        header: Supplementary(height: 44, id: "\(shelf.name)-header"),
        cells: (0..<shelf.count).map { i in
          Cell(id: "\(shelf.name)-\(i)", width: shelf.width, height: shelf.height - Double(i % 2) * 20)
        },
        attributes: shelfInsets, layout: .carousel(CarouselLayout(paging: shelf.paging)), id: shelf.name)
      section.background = SectionBackground(id: "\(shelf.name)-background")
      sections.append(section)
    }

    // Genres: tiles in two-or-more adaptive columns, a full-row banner first.
    var genres = [Cell(id: "genres-banner", width: 0, height: 90)]
    genres[0].span = .fullRow
    genres += ["Pop", "Jazz", "Rock", "Soul", "Hip-hop", "Classical", "Folk", "Electronic"].map { name in
      Cell(id: "genre-\(name.lowercased())", width: 0, height: 72)
    }
    sections.append(
      Section(
        header: Supplementary(height: 44, id: "genres-header"), cells: genres,
        attributes: SectionAttributes(insets: EdgeInsets(top: 4, left: 12, bottom: 4, right: 12)),
        layout: .grid(GridLayout(columns: .adaptive(minimumWidth: 150), columnSpacing: 8, rowSpacing: 8)),
        separator: SectionSeparator(thickness: 1, id: "genres-separator"), pinHeader: false))

    // Grouped rows that stack on each other: podcasts collapsed (their cells kept), charts
    // with separators inset past the artwork and a footer that pins.
    for (name, count) in [("podcasts", 40), ("charts", 100)] {
      let charts = name == "charts"
      sections.append(
        Section(
          header: Supplementary(height: 44, id: "\(name)-header"),
          footer: Supplementary(height: 28, id: "\(name)-footer"),
          cells: (0..<count).map { i in
            Cell(id: "\(name)-\(i)", width: width - 24, height: 56, traits: [.stackable, .compactWidth])
          },
          separator: charts
            ? SectionSeparator(thickness: 1, leftInset: 76, rightInset: 12, id: "charts-separator") : nil,
          collapsed: !charts, pinFooter: charts ? true : nil))
    }

    // Mixes: a masonry wall of covers of three heights in two lanes, a wide one spanning both.
    var mixes: [Cell] = (0..<30).map { i in
      Cell(id: "mix-\(i)", width: 0, height: [140, 180, 110][i % 3])
    }
    mixes[9].span = .fullRow
    sections.append(
      Section(
        header: Supplementary(height: 44, id: "mixes-header"), cells: mixes,
        attributes: SectionAttributes(insets: EdgeInsets(top: 4, left: 12, bottom: 12, right: 12)),
        layout: .masonry(MasonryLayout(columns: .count(2), columnSpacing: 12, rowSpacing: 12))))
    return ListModel(configuration: configuration, sections: sections)
  }
}
