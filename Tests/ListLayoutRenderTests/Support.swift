import LayoutGeometry
import ListLayout

/// A small feed with every kind of element: content insets, a header with an id, cells with
/// traits and a hostile id, a footer, and a second section.
func sampleModel(pinFooters: Bool = false) -> ListModel {
  let configuration = ListConfiguration(
    width: 300, contentInsets: EdgeInsets(all: 10), sectionSpacing: 10, pinSectionFooters: pinFooters)
  let first = Section(
    header: Supplementary(height: 40, traits: [.fullWidth], id: "top"),
    footer: Supplementary(height: 20, id: "bottom"),
    cells: [
      Cell(id: "<a&\"b>", width: 120, height: 60, traits: [.compactWidth, .stackable]),
      Cell(id: "plain", width: 120, height: 60),
      Cell(width: 250, height: 300, traits: [.centered]),
    ])
  let second = Section(
    header: Supplementary(height: 30),
    cells: (0..<20).map { Cell(id: "s1-\($0)", width: 130, height: 50) })
  return ListModel(configuration: configuration, sections: [first, second])
}

func sampleSnapshot(pinFooters: Bool = false) throws -> LayoutSnapshot {
  try sampleModel(pinFooters: pinFooters).layout()
}

/// The number of non-overlapping occurrences of `needle` in `text`.
func occurrences(of needle: String, in text: String) -> Int {
  text.components(separatedBy: needle).count - 1
}
