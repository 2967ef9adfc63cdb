import LayoutGeometry
import LayoutJSON
import ListLayout
import TestSupport
import Testing

/// Pairs of models to compare: models whose cells have ids from a small pool, new versions of
/// them, and the diff input a client sends (the difference with the new content alongside).
public enum DifferenceGenerator {
  /// A model whose cells have ids from a small pool (so duplicates occur), some none.
  public static func keyedModel(_ rng: inout SplitMix64) -> ListModel {
    var model = ModelGenerator.model(&rng, maxSections: 5, maxCells: 30)
    for s in model.sections.indices {
      if Int.random(in: 0..<3, using: &rng) == 0 {
        model.sections[s].id = "s\(Int.random(in: 0..<4, using: &rng))"
      }
      if Int.random(in: 0..<4, using: &rng) == 0 {
        model.sections[s].header = Supplementary(height: 20, id: "h\(Int.random(in: 0..<4, using: &rng))")
      }
      for i in model.sections[s].cells.indices {
        model.sections[s].cells[i].id = randomID(&rng)
      }
    }
    return model
  }

  public static func randomID(_ rng: inout SplitMix64) -> String? {
    switch Int.random(in: 0..<10, using: &rng) {
    case 0: nil
    case 1: "dup\(Int.random(in: 0..<3, using: &rng))"
    default: "c\(rng.next() % 100_000)"
    }
  }

  public static func randomCell(_ rng: inout SplitMix64, width: Double) -> Cell {
    var cell = EditGenerator.randomCell(&rng, width: width, id: "")
    cell.id = randomID(&rng)
    return cell
  }

  /// A new version of `model`: a few random edits of every kind.
  public static func mutate(_ model: ListModel, _ rng: inout SplitMix64) -> ListModel {
    var new = model
    let width = model.configuration.width
    for _ in 0..<Int.random(in: 0...6, using: &rng) {
      let nonEmpty = new.sections.indices.filter { !new.sections[$0].cells.isEmpty }
      switch Int.random(in: 0..<17, using: &rng) {
      case 0 where !nonEmpty.isEmpty:  // delete a cell
        let s = nonEmpty.randomElement(using: &rng)!
        new.sections[s].cells.remove(at: Int.random(in: new.sections[s].cells.indices, using: &rng))
      case 1 where !new.sections.isEmpty:  // insert a cell
        let s = Int.random(in: new.sections.indices, using: &rng)
        new.sections[s].cells.insert(
          randomCell(&rng, width: width), at: Int.random(in: 0...new.sections[s].cells.count, using: &rng))
      case 2 where !nonEmpty.isEmpty:  // move a cell, maybe to another section
        let s = nonEmpty.randomElement(using: &rng)!
        let cell = new.sections[s].cells.remove(
          at: Int.random(in: new.sections[s].cells.indices, using: &rng))
        let t = Int.random(in: new.sections.indices, using: &rng)
        new.sections[t].cells.insert(cell, at: Int.random(in: 0...new.sections[t].cells.count, using: &rng))
      case 3 where !nonEmpty.isEmpty:  // resize
        let s = nonEmpty.randomElement(using: &rng)!
        let i = Int.random(in: new.sections[s].cells.indices, using: &rng)
        new.sections[s].cells[i].size = .fixed(
          Size(
            width: Double(Int.random(in: 0...Int(width * 2), using: &rng)) / 2,
            height: Double(Int.random(in: 0...200, using: &rng)) / 2))
      case 4 where !nonEmpty.isEmpty:  // traits and attributes
        let s = nonEmpty.randomElement(using: &rng)!
        let i = Int.random(in: new.sections[s].cells.indices, using: &rng)
        new.sections[s].cells[i].traits = ModelGenerator.randomTraits(&rng)
        if Bool.random(using: &rng) {
          new.sections[s].cells[i].attributes = CellAttributes(
            shouldBeginLine: Bool.random(using: &rng), startLineIndentation: Bool.random(using: &rng))
        }
      case 5 where !new.sections.isEmpty:  // delete a section
        new.sections.remove(at: Int.random(in: new.sections.indices, using: &rng))
      case 6:  // insert a section
        var section = Section(header: Bool.random(using: &rng) ? Supplementary(height: 30) : nil)
        if Bool.random(using: &rng) { section.id = "s\(Int.random(in: 0..<6, using: &rng))" }
        for _ in 0..<Int.random(in: 0...8, using: &rng) {
          section.cells.append(randomCell(&rng, width: width))
        }
        new.sections.insert(section, at: Int.random(in: 0...new.sections.count, using: &rng))
      case 7 where new.sections.count >= 2:  // move a section
        let section = new.sections.remove(at: Int.random(in: new.sections.indices, using: &rng))
        new.sections.insert(section, at: Int.random(in: 0...new.sections.count, using: &rng))
      case 8 where !new.sections.isEmpty:  // a section's own properties
        let s = Int.random(in: new.sections.indices, using: &rng)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
          new.sections[s].header = Supplementary(height: Double(Int.random(in: 0...80, using: &rng)) / 2)
        case 1: new.sections[s].footer = Bool.random(using: &rng) ? Supplementary(height: 12) : nil
        case 2:
          new.sections[s].attributes = SectionAttributes(
            horizontalAlignment: HorizontalAlignment.allCases.randomElement(using: &rng)!,
            itemSpacing: Double(Int.random(in: 0...20, using: &rng)) / 2)
        default: new.sections[s].id = "s\(Int.random(in: 0..<6, using: &rng))"
        }
      case 9 where !nonEmpty.isEmpty:  // shuffle a run of cells
        let s = nonEmpty.randomElement(using: &rng)!
        let count = new.sections[s].cells.count
        let start = Int.random(in: 0..<count, using: &rng)
        let end = Int.random(in: start...count, using: &rng)
        var run = Array(new.sections[s].cells[start..<end])
        run.shuffle(using: &rng)
        new.sections[s].cells.replaceSubrange(start..<end, with: run)
      case 10 where !nonEmpty.isEmpty:  // delete a run of cells
        let s = nonEmpty.randomElement(using: &rng)!
        let count = new.sections[s].cells.count
        let start = Int.random(in: 0..<count, using: &rng)
        new.sections[s].cells.removeSubrange(start..<Int.random(in: start...count, using: &rng))
      case 11 where !new.sections.isEmpty:  // insert a run of cells
        let s = Int.random(in: new.sections.indices, using: &rng)
        let run = (0..<Int.random(in: 1...40, using: &rng)).map { _ in randomCell(&rng, width: width) }
        new.sections[s].cells.insert(
          contentsOf: run, at: Int.random(in: 0...new.sections[s].cells.count, using: &rng))
      case 12:  // the configuration
        if Bool.random(using: &rng) {
          new.configuration.width = [120.0, 320, 375, 414.5].randomElement(using: &rng)!
        } else {
          new.configuration.sectionSpacing = Double(Int.random(in: 0...12, using: &rng)) / 2
        }
      default: break
      }
    }
    return new
  }

  public static func ids(_ model: ListModel) -> [[String?]] { model.sections.map { $0.cells.map(\.id) } }

  public static func json(_ insets: EdgeInsets) -> String {
    "{\"top\":\(insets.top),\"left\":\(insets.left),\"bottom\":\(insets.bottom),\"right\":\(insets.right)}"
  }

  public static func json(_ cell: Cell) -> String {
    var fields: [String] = []
    if let id = cell.id { fields.append("\"id\":\(jsonQuoted(id))") }
    if let size = cell.size.fixedValue {
      fields.append("\"size\":{\"width\":\(size.width),\"height\":\(size.height)}")
    }
    fields.append("\"traits\":[" + cell.traits.map { "\"\($0.name)\"" }.joined(separator: ",") + "]")
    if let a = cell.attributes {
      fields.append(
        "\"attributes\":{\"insets\":\(json(a.insets)),\"shouldBeginLine\":\(a.shouldBeginLine),"
          + "\"shouldEndLine\":\(a.shouldEndLine),\"startLineIndentation\":\(a.startLineIndentation)}")
    }
    return "{" + fields.joined(separator: ",") + "}"
  }

  public static func json(_ supplementary: Supplementary) -> String {
    var text = "{\"height\":\(supplementary.height)"
    if let width = supplementary.width { text += ",\"width\":\(width)" }
    if let id = supplementary.id { text += ",\"id\":\(jsonQuoted(id))" }
    return text + ",\"traits\":[" + supplementary.traits.map { "\"\($0.name)\"" }.joined(separator: ",")
      + "]}"
  }

  public static func json(_ section: Section) -> String {
    var fields: [String] = []
    if let id = section.id { fields.append("\"id\":\(jsonQuoted(id))") }
    if let header = section.header { fields.append("\"header\":" + json(header)) }
    if let footer = section.footer { fields.append("\"footer\":" + json(footer)) }
    if let a = section.attributes {
      fields.append(
        "\"attributes\":{\"horizontalAlignment\":\"\(a.horizontalAlignment.rawValue)\",\"verticalAlignment\":"
          + "\"\(a.verticalAlignment.rawValue)\",\"itemSpacing\":\(a.itemSpacing),\"lineSpacing\":\(a.lineSpacing),"
          + "\"insets\":\(json(a.insets))}")
    }
    fields.append("\"items\":[" + section.cells.map(json).joined(separator: ",") + "]")
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// The diff output with the content a client would send alongside.
  public static func input(_ difference: ListDifference, old: ListModel) -> String {
    var text = String(difference.jsonString().dropLast(2))
    text += ",\n\"insertedSections\":[" + difference.insertedSections.map(json).joined(separator: ",\n") + "]"
    text += ",\n\"updatedSections\":[" + difference.updatedSections.map(json).joined(separator: ",\n") + "]"
    text += ",\n\"insertedCells\":[" + difference.insertedCells.map(json).joined(separator: ",\n") + "]"
    text += ",\n\"updatedCells\":[" + difference.updatedCells.map(json).joined(separator: ",\n") + "]"
    if let configuration = difference.configuration { text += ",\"width\":\(configuration.width)" }
    return text + "}"
  }
}
