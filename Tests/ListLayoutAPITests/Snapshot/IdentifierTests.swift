import ListLayout
import Testing

/// Every element of a snapshot can be named: cells by their id, headers and footers by theirs,
/// and a header's index path (item 0 of its section) never names the section's first cell.
@Suite struct IdentifierTests {
  static func model() -> ListModel {
    var model = ListModel(configuration: ListConfiguration(width: 300))
    model.sections = [
      Section(
        header: Supplementary(height: 40, id: "head"), footer: Supplementary(height: 20, id: "foot"),
        cells: [Cell(id: "first", width: 50, height: 50), Cell(width: 50, height: 50)]),
      Section(header: Supplementary(height: 30), cells: [Cell(id: "other", width: 50, height: 50)]),
    ]
    return model
  }

  @Test func everyElementByKindAndIndexPath() throws {
    let snapshot = try Self.model().layout()
    var names: [String] = []
    for element in snapshot.allAttributes() {
      let byElement = snapshot.identifier(of: element)
      #expect(snapshot.identifier(of: element.indexPath, kind: element.kind) == byElement, "\(element)")
      names.append("\(element.kind) \(byElement ?? "-")")
    }
    #expect(names == ["header head", "cell first", "cell -", "footer foot", "header -", "cell other"])
  }

  @Test func aHeadersIndexPathIsNotItsFirstCell() throws {
    let snapshot = try Self.model().layout()
    let header = try #require(snapshot.headerAttributes(inSection: 1))
    #expect(snapshot.identifier(of: header.indexPath, kind: .header) == nil)
    #expect(snapshot.identifier(of: header) == nil)
    #expect(snapshot.identifier(of: ListIndexPath(item: 0, section: 0), kind: .footer) == "foot")
    #expect(snapshot.identifier(of: ListIndexPath(item: 0, section: 7), kind: .header) == nil)
    #expect(snapshot.identifier(of: ListIndexPath(item: 9, section: 0), kind: .cell) == nil)
    #expect(snapshot.identifier(of: ListIndexPath(item: 0, section: -1), kind: .overlay) == nil)
  }
}
