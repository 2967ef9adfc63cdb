#if canImport(Foundation)
import Foundation
import ListLayout
import Testing

/// App code imports Foundation and ListLayout together: `IndexPath` must name Foundation's
/// type without qualification (this file does not compile when both modules declare an
/// available `IndexPath`), and the two kinds of path convert into each other.
@Suite struct FoundationIndexPathTests {
  @Test func indexPathIsFoundationsWhenBothModulesAreImported() throws {
    let foundation: IndexPath = [2, 7]
    let path = try #require(ListIndexPath(foundation))
    #expect(path == ListIndexPath(item: 7, section: 2))
    #expect(IndexPath(path) == foundation)
    #expect(ListIndexPath(IndexPath(indexes: [1, 2, 3])) == nil)
    #expect(ListIndexPath(IndexPath()) == nil)
  }

  @Test func snapshotsAnswerFoundationPathsConverted() throws {
    let model = ListModel(width: 200) {
      Section {
        Cell(id: "a", width: 100, height: 40)
        Cell(id: "b", width: 100, height: 40)
      }
    }
    let snapshot = try model.layout()
    let tapped: IndexPath = [0, 1]
    // Foundation's [section, item] names the same cell as the library's path.
    let path = try #require(ListIndexPath(tapped))
    #expect(snapshot.identifier(of: path) == "b")
    #expect(snapshot.frame(of: path) == snapshot.frame(of: ListIndexPath(item: 1, section: 0)))
    #expect(snapshot.frame(of: path) != snapshot.frame(of: ListIndexPath(item: 0, section: 0)))
  }
}
#endif
