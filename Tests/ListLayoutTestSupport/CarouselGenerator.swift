import LayoutGeometry
import ListLayout
import TestSupport
import Testing

/// Random models with carousel sections among flow ones.
public enum CarouselGenerator {
  public static func layout(_ rng: inout SplitMix64) -> CarouselLayout {
    let heights: [CarouselHeight] = [
      .tallest, .first, .fixed(0), .fixed(Double(Int.random(in: 0...200, using: &rng)) / 2),
    ]
    return CarouselLayout(
      itemSpacing: Bool.random(using: &rng) ? nil : Double(Int.random(in: 0...30, using: &rng)) / 2,
      height: heights.randomElement(using: &rng)!, paging: CarouselPaging.allCases.randomElement(using: &rng)!
    )
  }

  /// A random flow model (``ModelGenerator``) whose sections are carousels about half the time.
  public static func model(_ rng: inout SplitMix64, maxSections: Int = 5, maxCells: Int = 40) -> ListModel {
    var model = ModelGenerator.model(&rng, maxSections: maxSections, maxCells: maxCells)
    for s in model.sections.indices where Bool.random(using: &rng) {
      model.sections[s].layout = .carousel(layout(&rng))
    }
    return model
  }

  /// Sideways offsets for about half of `snapshot`'s sections, carousels or not, often past
  /// either end of a row.
  public static func randomOffsets(_ rng: inout SplitMix64, _ snapshot: LayoutSnapshot) -> HorizontalOffsets {
    var offsets = HorizontalOffsets()
    for s in 0..<snapshot.numberOfSections where Bool.random(using: &rng) {
      let end = snapshot.carouselMetrics(ofSection: s)?.maximumOffset ?? 100
      offsets[s] = Double(Int.random(in: -20...Int(end * 2) + 20, using: &rng)) / 2
    }
    return offsets
  }
}
