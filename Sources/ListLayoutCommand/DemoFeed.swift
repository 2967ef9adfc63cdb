import LayoutGeometry
import ListLayout

/// The built-in demo feed: a realistic music-app home screen laid out by Hub's default
/// manager. A full-width hero header, compact cards that wrap two to a line, a centered row
/// of pills, stackable grouped rows, a few hundred cells over several sections, pinned headers.
public enum DemoFeed {
  /// The demo model at a width (375 points, a phone, by default).
  public static func model(width: Double = 375) -> ListModel {
    let configuration = ListConfiguration(
      width: width, contentInsets: .zero, sectionSpacing: 8, pinSectionHeaders: true,
      layoutManager: HubLayoutManager(margin: 12))
    let cardWidth = ((width - 36) / 2).rounded(.down)
    var sections: [Section] = []

    // The hero: a full-width header over a wrap of compact cards.
    sections.append(
      Section(
        header: Supplementary(height: 220, traits: [.fullWidth], id: "hero"),
        cells: (0..<12).map { i in
          Cell(id: "featured-\(i)", width: cardWidth, height: i % 3 == 0 ? 150 : 120, traits: [.compactWidth])
        }))

    // Genres: a centered row of pills, then more cards.
    var genres: [Cell] = ["Pop", "Jazz", "Rock", "Soul"].map { name in
      Cell(id: "genre-\(name.lowercased())", width: 72, height: 32, traits: [.centered])
    }
    genres += (0..<10).map { i in
      Cell(id: "genre-card-\(i)", width: cardWidth, height: 110, traits: [.compactWidth])
    }
    sections.append(Section(header: Supplementary(height: 44, id: "genres-header"), cells: genres))

    // Grouped rows that stack on each other.
    for (name, count) in [("recent", 40), ("podcasts", 60), ("charts", 100)] {
      sections.append(
        Section(
          header: Supplementary(height: 44, id: "\(name)-header"),
          footer: Supplementary(height: 28, id: "\(name)-footer"),
          cells: (0..<count).map { i in
            Cell(id: "\(name)-\(i)", width: width - 24, height: 56, traits: [.stackable, .compactWidth])
          }))
    }

    // More cards, and a full-width banner between them.
    var mix: [Cell] = (0..<30).map { i in
      Cell(id: "mix-\(i)", width: cardWidth, height: 140, traits: [.compactWidth])
    }
    mix.insert(Cell(id: "banner", width: width, height: 90, traits: [.fullWidth]), at: 10)
    sections.append(Section(header: Supplementary(height: 44, id: "mixes-header"), cells: mix))
    return ListModel(configuration: configuration, sections: sections)
  }
}
