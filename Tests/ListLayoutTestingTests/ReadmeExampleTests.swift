// The README's "Adding a test" example, as written there.
import ListLayout
import ListLayoutTesting
import Testing

@Test func homeFeed() throws {
  let model = ListModel(width: 375) {
    Section(header: 44) {
      Cell("a", 100, 50)
      Cell("b", 120, 50).endsLine()
      for i in 0..<2 { Cell("row\(i)", 365, 44, traits: [.fullWidth]) }
    }
  }
  let snapshot = try model.layout()
  assertLayoutInvariants(snapshot)
  assertLayoutSnapshot(snapshot)  // __Snapshots__/ReadmeExampleTests/homeFeed.txt
  #expect(try ListModel(json: model.jsonData()) == model)
}
