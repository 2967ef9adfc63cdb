import LayoutGeometry
import ListLayout

/// Issue 36's per-step costs of a scroll session, measured on the feed workload: a `scrollBy`
/// step, and a measurement of the visible cells (anchored). Shared by `peer-runner scroll` and
/// the `Scroll/…` package-benchmark suites.
public enum ScrollProbes {
  /// A session over `model` in a viewport `length` points tall, scrolled to the middle; laid
  /// out with every frame up front, as `ScrollSession(model:…)` lays a model out.
  public static func session(
    _ model: ListModel, length: Double, frames: FrameComputation = .upFront
  ) throws -> ScrollSession {
    var session = try ScrollSession(snapshot: model.layout(frames: frames), viewportLength: length)
    try session.apply(.scrollTo(session.maxOffset / 2))
    return session
  }

  /// `model` with an identifier on every cell (`c0`, `c1`, … in index-path order): what a
  /// renderer names the cells it measures by. The generated feeds have none.
  public static func identified(_ model: ListModel) -> ListModel {
    var model = model
    var n = 0
    for s in 0..<model.sections.count {
      var cells: [Cell] = []
      cells.reserveCapacity(model.sections[s].cells.count)
      for var cell in model.sections[s].cells {
        cell.id = "c\(n)"
        n += 1
        cells.append(cell)
      }
      model.sections[s].cells = CellList(cells)
    }
    return model
  }

  /// `count` scroll distances: runs of steps in one direction (a flick's frames), from 1 to
  /// 400 points each, from the LCG.
  public static func steps(count: Int, seed: UInt64 = 11) -> [Double] {
    var lcg = LCG(seed: seed)
    var direction = 1.0
    return (0..<count).map { k in
      if k % 32 == 0 { direction = -direction }
      return direction * Double(1 + lcg.next() % 400)
    }
  }

  /// Applies `steps` as `scrollBy` events; returns the visible cells summed over the steps.
  @inline(never)
  public static func scroll(_ session: inout ScrollSession, by steps: [Double]) -> Int {
    var visible = 0
    for d in steps {
      _ = try? session.apply(.scrollBy(d))
      visible &+= session.visibleCells.count
    }
    return visible
  }

  /// The sizes a renderer measures for the visible cells: each estimate grown or shrunk by up
  /// to a third (from the LCG), so that every measurement changes the layout.
  public static func measurements(_ session: ScrollSession, lcg: inout LCG) -> [String: Size] {
    var sizes: [String: Size] = [:]
    for path in session.visibleCells {
      guard let id = session.snapshot.identifier(of: path), let frame = session.snapshot.frame(of: path)
      else {
        continue
      }
      let factor = 0.67 + Double(lcg.next() % 67) / 100
      sizes[id] = Size(width: frame.width, height: (frame.height * factor).rounded())
    }
    return sizes
  }

  /// A jump to the last of 10,000 cells whose estimates are off by up to ±50%, then
  /// measurements of what is visible after each event until nothing visible is unmeasured.
  /// Returns the measurements made (the rounds) and, after each, how far the offset was from
  /// the one the jump asks for (clamped).
  public static func jumpRounds(
    alignment: ScrollAlignment, count: Int = 10_000
  ) throws -> (
    rounds: Int, errors: [Double]
  ) {
    var lcg = LCG(seed: 36)
    var truth: [String: Size] = [:]
    var cells: [Cell] = []
    cells.reserveCapacity(count)
    for n in 0..<count {
      let height = Double(20 + lcg.next() % 101)
      truth["c\(n)"] = Size(width: 365, height: height)
      let estimate = (height * (0.5 + Double(lcg.next() % 1001) / 1000)).rounded()
      cells.append(Cell(id: "c\(n)", width: 365, height: estimate))
    }
    let model = ListModel(configuration: ListConfiguration(width: 375), sections: [Section(cells: cells)])
    let options = ScrollOptions(topInset: 44, bottomInset: 34)
    var session = try ScrollSession(model: model, viewportLength: 667, options: options)
    let jump = ScrollJump(to: .id("c\(count - 1)"), alignment: alignment)
    try session.apply(.jump(jump))
    var errors: [Double] = []
    while true {
      let unmeasured = session.visibleCells.compactMap { session.snapshot.identifier(of: $0) }.filter {
        session.measuredSizes[$0] == nil
      }
      if unmeasured.isEmpty { break }
      try session.apply(.measure(Dictionary(uniqueKeysWithValues: unmeasured.map { ($0, truth[$0]!) })))
      let frame = session.snapshot.frame(of: ListIndexPath(item: count - 1, section: 0))!
      let asked: Double =
        switch alignment {
        case .top: frame.minY - 44
        case .center: (frame.minY + frame.maxY) / 2 - (44 + (667 - 44 - 34) / 2)
        case .bottom: frame.maxY - (667 - 34)
        }
      errors.append(abs(session.offset - min(max(asked, session.minOffset), session.maxOffset)))
    }
    return (errors.count, errors)
  }
}
