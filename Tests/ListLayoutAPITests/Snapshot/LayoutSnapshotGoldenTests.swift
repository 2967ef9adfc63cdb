import Flexbox
import LayoutGeometry
import ListLayout
import ListLayoutTesting
import Testing

/// Whole layouts kept as golden files (`__Snapshots__/LayoutSnapshotGoldenTests/`): one line
/// per element, so that any change to a frame shows as a line diff. The rules behind single
/// frames are asserted exactly elsewhere; these catch everything else moving.
@Suite struct LayoutSnapshotGoldenTests {
  /// Every kind of section in one list, right to left with Hub's manager: a flow section with
  /// forced breaks and indentation, a sequential section, flexbox content, a footer.
  static let mixedModel = ListModel(
    width: 375, layoutManager: HubLayoutManager(margin: 8), layoutDirection: .rtl
  ) {
    Section(header: Supplementary(height: 44, id: "flow")) {
      Cell("hero", 375, 120, traits: [.fullWidth])
      for i in 0..<5 { Cell("card\(i)", 110, Double(60 + 10 * i), traits: [.compactWidth]) }
      Cell("tag", 80, 30).beginsLine().indentsLines()
      Cell("tail1", 120, 30)
      Cell("tail2", 120, 30).endsLine()
      Cell("centered", 200, 40, traits: [.centered])
    }
    Section(
      header: Supplementary(height: 30, id: "sequential"),
      layout: .sequential(
        SequentialSectionDefaults(frameCalculator: .topAlignedFlow, spacing: EdgeInsets(all: 6)))
    ) {
      for i in 0..<3 { Cell("s\(i)", Double(90 + 20 * i), 50) }
      Cell("s3", 150, 50).placed(by: .topAlignedFlow, spacing: EdgeInsets(all: 6))
    }
    Section(footer: Supplementary(height: 24, id: "end")) {
      Cell(
        "flex",
        content: Layout(
          container: ContainerBehavior(primaryAxis: .horizontal), padding: Edges(all: 8),
          children: [
            Layout(size: .absolute(width: 40, height: 40)), Layout(size: .absolute(width: 200, height: 24)),
          ]),
        width: .lineWidth)
    }
  }

  @Test func mixedSectionsRightToLeft() throws {
    let snapshot = try Self.mixedModel.layout()
    assertLayoutInvariants(snapshot)
    assertLayoutSnapshot(snapshot)
  }

  @Test func viewportWithPinnedHeader() throws {
    let snapshot = try Self.mixedModel.layout()
    assertLayoutSnapshot(
      snapshot, viewport: snapshot.viewport(at: Point(x: 0, y: 200), size: Size(width: 375, height: 300)))
  }

  /// The model survives the feed round trip, and so does its layout.
  @Test func feedRoundTripKeepsTheLayout() throws {
    let read = try ListModel(json: Self.mixedModel.jsonData())
    #expect(read == Self.mixedModel)
    assertLayoutSnapshot(try read.layout(), named: "mixedSectionsRightToLeft")
  }
}
