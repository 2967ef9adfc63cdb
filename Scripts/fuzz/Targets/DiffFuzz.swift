import LayoutGeometry
import ListLayout

/// libFuzzer entry: bytes drive two versions of a model (ids from a small pool, so duplicates
/// and id-less cells occur; sections keyed by id or header id or not at all). The difference
/// must not trap, and applied to the old snapshot it must give the new model's layout: the
/// same elements, frames equal up to rounding, the same ids in the same places.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDiff(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var bytes = ByteStream(UnsafeBufferPointer(start: data, count: size), lengths: DiffModels.lengths)
  let old = DiffModels.model(&bytes)
  let new = DiffModels.mutate(old, &bytes)
  let difference = ListDifference(from: old, to: new)
  guard let before = try? old.layout() else { return 0 }
  let expected: LayoutSnapshot
  do { expected = try new.layout() } catch { return 0 }
  let result: UpdateResult
  do {
    result = try before.applying(
      difference, anchor: ScrollAnchor(contentOffset: bytes.length(), viewportHeight: 300))
  } catch {
    fatalError("the difference does not apply: \(error)")
  }
  let a = result.snapshot.allAttributes()
  let b = expected.allAttributes()
  precondition(a.count == b.count, "element counts differ: \(a.count) != \(b.count)")
  for (x, y) in zip(a, b) {
    precondition(x.kind == y.kind && x.indexPath == y.indexPath, "elements differ: \(x) != \(y)")
    for (p, q) in [
      (x.frame.minX, y.frame.minX), (x.frame.minY, y.frame.minY), (x.frame.width, y.frame.width),
      (x.frame.height, y.frame.height),
    ] {
      precondition(abs(p - q) <= 1e-6 * max(1, abs(p), abs(q)), "frames differ: \(x) != \(y)")
    }
  }
  for (s, section) in new.sections.enumerated() {
    precondition(
      result.snapshot.model.sections[s].cells.map(\.id) == section.cells.map(\.id), "ids differ in \(s)")
  }
  precondition(result.snapshot.invariantViolations().isEmpty, "invariants broken")
  // The transitions for a viewport do not trap and name every element once.
  if let transition = try? before.transition(difference, contentOffset: bytes.length(), viewportHeight: 200) {
    _ = difference.jsonString(transition: transition)
  }
  return 0
}

enum DiffModels {
  /// No huge lengths: the diff is checked against a full layout bit for bit.
  static let lengths: [Double] = [0, 0.5, 1, 5, 10, 33.3, 50, 100, 187.5, 375, 1000, 1e-9, 0.1]

  static func cell(_ s: inout ByteStream) -> Cell {
    let kind = s.byte()
    var traits = TraitSet()
    if kind & 0x80 != 0 { traits.insert(LayoutTrait.standard[s.byte() % LayoutTrait.standard.count]) }
    var cell = Cell(id: s.id(), width: s.length(), height: s.length(), traits: traits)
    if kind & 0x40 != 0 {
      let a = s.byte()
      cell.attributes = CellAttributes(
        shouldBeginLine: a & 1 != 0, shouldEndLine: a & 2 != 0, startLineIndentation: a & 4 != 0)
    }
    return cell
  }

  static func section(_ s: inout ByteStream) -> Section {
    var section = Section()
    let flags = s.byte()
    if flags & 1 != 0 {
      section.header = Supplementary(height: s.length(), id: flags & 8 != 0 ? "h\(s.byte() % 4)" : nil)
    }
    if flags & 2 != 0 { section.footer = Supplementary(height: s.length()) }
    if flags & 4 != 0 { section.id = "s\(s.byte() % 4)" }
    if flags & 16 != 0 {
      section.attributes = SectionAttributes(itemSpacing: s.length(), lineSpacing: s.length())
    }
    for _ in 0..<(s.byte() % 24) where !s.isAtEnd { section.cells.append(cell(&s)) }
    return section
  }

  static func model(_ s: inout ByteStream) -> ListModel {
    var configuration = ListConfiguration(width: s.length() + 100)
    if s.byte() & 1 != 0 { configuration.layoutManager = HubLayoutManager(margin: s.length()) }
    var model = ListModel(configuration: configuration)
    for _ in 0..<(s.byte() % 6) { model.sections.append(section(&s)) }
    return model
  }

  static func mutate(_ old: ListModel, _ s: inout ByteStream) -> ListModel {
    var model = old
    for _ in 0..<(s.byte() % 12) where !s.isAtEnd {
      let op = s.byte()
      let count = model.sections.count
      switch op % 9 {
      case 0 where count > 0: model.sections.remove(at: s.byte() % count)
      case 1: model.sections.insert(section(&s), at: s.byte() % (count + 1))
      case 2 where count > 1:
        let moved = model.sections.remove(at: s.byte() % count)
        model.sections.insert(moved, at: s.byte() % count)
      case 3 where count > 0:
        let t = s.byte() % count
        model.sections[t].cells.insert(cell(&s), at: s.byte() % (model.sections[t].cells.count + 1))
      case 4 where count > 0:
        let t = s.byte() % count
        if !model.sections[t].cells.isEmpty {
          model.sections[t].cells.remove(at: s.byte() % model.sections[t].cells.count)
        }
      case 5 where count > 0:  // a cell moves, maybe to another section
        let t = s.byte() % count
        guard !model.sections[t].cells.isEmpty else { break }
        let moved = model.sections[t].cells.remove(at: s.byte() % model.sections[t].cells.count)
        let u = s.byte() % count
        model.sections[u].cells.insert(moved, at: s.byte() % (model.sections[u].cells.count + 1))
      case 6 where count > 0:
        let t = s.byte() % count
        guard !model.sections[t].cells.isEmpty else { break }
        model.sections[t].cells[s.byte() % model.sections[t].cells.count].size = .fixed(
          Size(width: s.length(), height: s.length()))
      case 7 where count > 0:
        let t = s.byte() % count
        let replacement = section(&s)
        model.sections[t].header = replacement.header
        model.sections[t].id = replacement.id
        model.sections[t].attributes = replacement.attributes
      case 8: model.configuration.width = s.length() + 100
      default: break
      }
    }
    return model
  }
}
