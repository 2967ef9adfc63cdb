import LayoutGeometry
import ListLayout
import TestSupport
import Testing

/// Random edits of a model: cells and batches of updates of every kind, valid against the
/// model they are made for (sizes are multiples of 0.5, so every sum is exact in binary).
public enum EditGenerator {
  public static func randomCell(_ rng: inout SplitMix64, width: Double, id: String) -> Cell {
    var cell = Cell(
      id: id, width: Double(Int.random(in: 0...Int(width * 2.2) + 1, using: &rng)) / 2,
      height: Double(Int.random(in: 0...200, using: &rng)) / 2, traits: ModelGenerator.randomTraits(&rng))
    if Int.random(in: 0..<5, using: &rng) == 0 {
      cell.attributes = CellAttributes(
        insets: ModelGenerator.randomInsets(&rng, max: 8),
        shouldBeginLine: Int.random(in: 0..<5, using: &rng) == 0,
        shouldEndLine: Int.random(in: 0..<5, using: &rng) == 0,
        startLineIndentation: Int.random(in: 0..<6, using: &rng) == 0)
    }
    return cell
  }

  /// A random valid batch against `model`.
  public static func randomUpdate(
    _ rng: inout SplitMix64, _ model: ListModel, serial: inout Int
  ) -> ListUpdate {
    var update = ListUpdate()
    let width = model.configuration.width
    let kind = Int.random(in: 0..<20, using: &rng)
    if kind == 0 {
      update.width = [120.0, 320, 375, 414.5].randomElement(using: &rng)!
      return update
    }
    if kind == 1 && !model.sections.isEmpty {
      update.deleteSection(at: Int.random(in: 0..<model.sections.count, using: &rng))
      return update
    }
    if kind == 2 {
      var section = Section(header: Bool.random(using: &rng) ? Supplementary(height: 30) : nil)
      for _ in 0..<Int.random(in: 0...10, using: &rng) {
        serial += 1
        section.cells.append(randomCell(&rng, width: width, id: "n\(serial)"))
      }
      update.insertSection(section, at: Int.random(in: 0...model.sections.count, using: &rng))
      return update
    }
    if kind == 3 && model.sections.count >= 2 {
      update.moveSection(
        from: Int.random(in: 0..<model.sections.count, using: &rng),
        to: Int.random(in: 0..<model.sections.count, using: &rng))
      return update
    }
    let nonEmpty = model.sections.indices.filter { !model.sections[$0].cells.isEmpty }
    guard let s = nonEmpty.randomElement(using: &rng) else {
      if !model.sections.isEmpty {
        serial += 1
        update.insertItem(
          randomCell(&rng, width: width, id: "n\(serial)"), at: ListIndexPath(item: 0, section: 0))
      }
      return update
    }
    let count = model.sections[s].cells.count
    // A few item operations in one section, with UIKit's index semantics.
    var deleted = Set<Int>()
    var changed = Set<Int>()
    for _ in 0..<Int.random(in: 1...3, using: &rng) {
      let item = Int.random(in: 0..<count, using: &rng)
      switch Int.random(in: 0..<6, using: &rng) {
      case 0:
        if deleted.insert(item).inserted && !changed.contains(item) {
          update.deleteItem(at: ListIndexPath(item: item, section: s))
        }
      case 1:
        if !deleted.contains(item) && changed.insert(item).inserted {
          update.resizeItem(
            at: ListIndexPath(item: item, section: s),
            to: Size(
              width: Double(Int.random(in: 0...Int(width * 2), using: &rng)) / 2,
              height: Double(Int.random(in: 0...200, using: &rng)) / 2))
        }
      case 2:
        if !deleted.contains(item) && changed.insert(item).inserted {
          update.setTraits(ModelGenerator.randomTraits(&rng), ofItemAt: ListIndexPath(item: item, section: s))
        }
      case 3:
        if !deleted.contains(item) && changed.insert(item).inserted {
          update.setAttributes(
            CellAttributes(
              shouldBeginLine: Bool.random(using: &rng), startLineIndentation: Bool.random(using: &rng)),
            ofItemAt: ListIndexPath(item: item, section: s))
        }
      default:
        serial += 1
        update.insertedItems.append(
          (ListIndexPath(item: -1, section: s), randomCell(&rng, width: width, id: "n\(serial)")))
      }
    }
    // Give insertions valid, distinct positions in the new section.
    let insertCount = update.insertedItems.count
    let newCount = count - deleted.count + insertCount
    var positions = Set<Int>()
    while positions.count < insertCount { positions.insert(Int.random(in: 0..<newCount, using: &rng)) }
    for (n, position) in positions.sorted().enumerated() { update.insertedItems[n].indexPath.item = position }
    if Int.random(in: 0..<6, using: &rng) == 0 {
      let from = Int.random(in: 0..<count, using: &rng)
      if !deleted.contains(from) && !changed.contains(from) && insertCount == 0 {
        update.moveItem(
          from: ListIndexPath(item: from, section: s),
          to: ListIndexPath(item: Int.random(in: 0..<(count - deleted.count), using: &rng), section: s))
      }
    }
    return update
  }

  public static func describe(_ update: ListUpdate) -> String {
    var parts: [String] = []
    if !update.deletedItems.isEmpty { parts.append("delete \(update.deletedItems)") }
    if !update.insertedItems.isEmpty { parts.append("insert \(update.insertedItems.map(\.indexPath))") }
    if !update.movedItems.isEmpty { parts.append("move \(update.movedItems)") }
    if !update.changedItems.isEmpty {
      parts.append("change \(update.changedItems.map { "\($0.indexPath) \($0.change)" })")
    }
    if !update.deletedSections.isEmpty { parts.append("delete sections \(update.deletedSections)") }
    if !update.insertedSections.isEmpty {
      parts.append("insert sections \(update.insertedSections.map(\.index))")
    }
    if !update.movedSections.isEmpty { parts.append("move sections \(update.movedSections)") }
    if let width = update.width { parts.append("width \(width)") }
    return parts.joined(separator: "; ")
  }
}
