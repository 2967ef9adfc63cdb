import Foundation
import LayoutGeometry
import ListLayout
import Testing

/// Grid sections against CSS Grid in Chromium (`Scripts/grid-fixtures/generate.py`), within
/// 1/32 pt (the browser rounds column widths to 1/64), through the fixture runner of
/// ``FlowFixtureTests``.
@Suite struct GridFixtureTests {
  @Test func everyGridFixtureMatchesChromium() {
    #expect(FlowFixtureTests.gridFixtureNames.count >= 100)
    for name in FlowFixtureTests.gridFixtureNames {
      do {
        try FlowFixtureTests().fixture(name, in: FlowFixtureTests.gridDirectory, tolerance: 1.0 / 32)
      } catch {
        Issue.record(error, "\(name)")
      }
    }
  }
}
