import Foundation
import LayoutGeometry
import ListLayout
import Testing

/// A fuzz finding turned into a regression test: a section spacing that dwarfs the content
/// keeps the content height.
@Suite struct HugeSectionSpacingTests {
  /// Found by `Scripts/fuzz/run.sh` (feed target, smoke run): a section spacing far larger than
  /// the content (4.4e83) absorbs the section heights, because the content height is computed
  /// as `sectionAdvances.total - sectionSpacing` with each advance `height + spacing`
  /// (`LayoutSnapshot.computedContentHeight`): `(80 + 4.4e83) - 4.4e83 == 0`, so the content
  /// height is 0 and the header at y 10 lies outside it. Section tops (prefix sums of the
  /// advances) lose the heights the same way once a spacing dwarfs them. Fixed: sections
  /// are positioned from a tree of their heights plus `index × spacing`.
  @Test
  func hugeSectionSpacingKeepsTheContentHeight() throws {
    let feed = #"""
      {"contentInsets":{"bottom":10,"left":25,"right":5,"top":10},"pinSectionHeaders":false,
       "sectionSpacing":444444444444444444444444444444444444444444444444444444444444444444444444444444444440,
       "sections":[{"footer":{"height":10},"header":{"height":30},
                    "items":[{"id":"c0","size":{"height":40,"width":400}}]}],"width":375}
      """#
    let model = try ListModel(json: feed)
    do {
      let snapshot = try model.layout()
      #expect(snapshot.invariantViolations() == [])
      #expect(snapshot.contentSize.height == 100)
    } catch {
      // Refusing a spacing out of range, naming it, is an acceptable fix too.
      #expect(error.path == "sectionSpacing", "\(error)")
    }
  }
}
