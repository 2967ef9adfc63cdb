import LayoutGeometry
import ListLayout

/// The checks every ListLayout fuzz target runs on a model it reached.
enum FuzzChecks {
  static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("fuzz finding: \(message())") }
  }

  static func exercise(_ model: ListModel) {
    let snapshot: LayoutSnapshot
    do {
      snapshot = try model.layout()
    } catch {
      return
    }
    let problems = snapshot.invariantViolations()
    require(problems.isEmpty, "layout invariants: \(problems)")
    queries(snapshot)
    edits(snapshot)
  }

  static func queries(_ snapshot: LayoutSnapshot) {
    let size = snapshot.contentSize
    require(size.width.isFinite && size.height.isFinite, "content size \(size)")
    // A huge rect answers exactly the elements a brute-force scan finds in it, in listing order.
    let everything = Rect(x: -1e12, y: -1e12, width: 3e12, height: 3e12)
    let all = snapshot.elements(in: everything)
    let expected = listing(snapshot).filter { $0.frame.intersects(everything) }
    require(
      all.map(\.indexPath) == expected.map(\.indexPath) && all.map(\.kind) == expected.map(\.kind),
      "full-rect query \(all.count) elements, brute force \(expected.count)")
    for y in [0, size.height / 3, size.height / 2, size.height - 1] {
      let rect = Rect(x: 0, y: y, width: size.width, height: 200)
      _ = snapshot.elements(in: rect)
      let pinning = PinningContext(contentOffset: y, pinInset: 0, viewportHeight: 200)
      _ = snapshot.elements(in: rect, pinning: pinning)
      _ = snapshot.element(at: Point(x: size.width / 2, y: y))
      if let path = snapshot.indexPath(nearestTo: Point(x: size.width / 2, y: y)) {
        require(snapshot.frame(of: path) != nil, "nearest \(path) has no frame")
      }
      _ = snapshot.viewport(at: Point(x: 0, y: y), size: Size(width: size.width, height: 200))
    }
    // Look-ups out of range answer nil, never trap.
    _ = snapshot.frame(of: ListIndexPath(item: -1, section: 0))
    _ = snapshot.frame(of: ListIndexPath(item: 0, section: snapshot.numberOfSections))
    _ = snapshot.headerAttributes(inSection: -1)
    _ = snapshot.footerAttributes(inSection: Int.max)
  }

  /// Every element by index, in listing order: the list header, section by section
  /// background, header, cells, footer, then the list footer.
  static func listing(_ snapshot: LayoutSnapshot) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    result.reserveCapacity(snapshot.elementCount)
    if let header = snapshot.listHeaderAttributes() { result.append(header) }
    for s in 0..<snapshot.numberOfSections {
      if let background = snapshot.backgroundAttributes(inSection: s) { result.append(background) }
      if let header = snapshot.headerAttributes(inSection: s) { result.append(header) }
      for i in 0..<snapshot.numberOfItems(inSection: s) {
        guard let cell = snapshot.attributes(at: ListIndexPath(item: i, section: s)) else {
          fatalError("fuzz finding: no attributes for item \(i) of section \(s)")
        }
        result.append(cell)
      }
      if let footer = snapshot.footerAttributes(inSection: s) { result.append(footer) }
    }
    if let footer = snapshot.listFooterAttributes() { result.append(footer) }
    require(result.count == snapshot.elementCount, "listing \(result.count) vs \(snapshot.elementCount)")
    return result
  }

  static func edits(_ snapshot: LayoutSnapshot) {
    let model = snapshot.model
    var update = ListUpdate()
    if let s = model.sections.indices.last {
      let count = model.sections[s].cells.count
      if count > 0 {
        update.deleteItem(at: ListIndexPath(item: 0, section: s))
        if count > 2 {
          update.resizeItem(at: ListIndexPath(item: count - 1, section: s), to: Size(width: 37, height: 0))
        }
      }
      update.insertItem(Cell(width: 10, height: 10), at: ListIndexPath(item: 0, section: s))
    }
    update.insertSection(Section(cells: [Cell(width: 1e3, height: 1)]), at: 0)
    check(snapshot, update)
    var widthChange = ListUpdate()
    widthChange.width = model.configuration.width / 2 + 1
    check(snapshot, widthChange)
    if model.sections.count > 1 {
      var move = ListUpdate()
      move.moveSection(from: 0, to: model.sections.count - 1)
      check(snapshot, move)
    }
  }

  static func check(_ snapshot: LayoutSnapshot, _ update: ListUpdate) {
    guard let result = try? snapshot.applying(update) else { return }
    let problems = result.snapshot.invariantViolations()
    require(problems.isEmpty, "invariants after edit: \(problems)")
    // The edit must agree with a layout from scratch of the edited model.
    guard let fresh = try? result.snapshot.model.layout() else {
      fatalError("fuzz finding: edit succeeded but a fresh layout of its model failed")
    }
    require(
      abs(fresh.contentLength - result.snapshot.contentLength) <= 1e-6 * max(1, fresh.contentLength),
      "edit length \(result.snapshot.contentLength) vs fresh \(fresh.contentLength)")
  }
}
