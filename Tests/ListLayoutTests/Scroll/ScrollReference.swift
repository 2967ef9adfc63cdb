import LayoutGeometry
import ListLayout

/// A deliberately plain scroll session: the rules of the ScrollSessions article, each step a
/// full `layout()` of the current model and linear scans over every cell. The session is
/// checked against it.
struct ReferenceScroll {
  var model: ListModel
  var snapshot: LayoutSnapshot
  var offset = 0.0
  var length: Double
  let options: ScrollOptions
  var carousels: [Int: Double] = [:]
  var measured: [String: Size] = [:]
  /// The feed's size of each measured id when first measured.
  var estimates: [String: Estimated] = [:]

  enum Estimated: Equatable {
    case size(Size)
    case incomparable
    case unknown
  }
  var pending: (jump: ScrollJump, target: ListIndexPath)?
  var revealed = 0.0
  var visible: [ListIndexPath] = []

  struct Refused: Error {}

  init(model: ListModel, length: Double, width: Double?, options: ScrollOptions, start: ScrollStart) throws {
    var model = model
    if let width { model.configuration.width = width }
    self.model = model
    snapshot = try model.layout()
    self.length = length
    self.options = options
    revealed = headerLength
    switch start {
    case .top: offset = range.min
    case .end: offset = range.max
    case .jump(let jump):
      guard let target = find(jump) else { throw Refused() }
      pending = (jump, target)
      offset = aligned(jump, target)
    }
    visible = visibleCells()
  }

  // MARK: Geometry, by brute force

  var horizontal: Bool { model.configuration.scrollDirection == .horizontal }
  var rtl: Bool { model.configuration.layoutDirection == .rtl }
  var width: Double { model.configuration.width }
  var contentLength: Double { horizontal ? snapshot.contentSize.width : snapshot.contentSize.height }
  var headerLength: Double { model.configuration.listHeader?.height ?? 0 }

  /// Every cell and its frame, in index-path order.
  var cells: [(path: ListIndexPath, frame: Rect)] {
    snapshot.allAttributes().filter { $0.kind == .cell }.map { ($0.indexPath, $0.frame) }
  }

  func along(_ frame: Rect) -> (min: Double, max: Double) {
    horizontal ? (frame.minX, frame.maxX) : (frame.minY, frame.maxY)
  }

  func extent(_ path: ListIndexPath) -> (min: Double, max: Double)? {
    cells.first { $0.path == path }.map { along($0.frame) }
  }

  func isCarousel(_ section: Int) -> Bool {
    guard section >= 0, section < model.sections.count else { return false }
    if case .carousel = model.sections[section].layout { return true }
    return false
  }

  var range: (min: Double, max: Double) {
    var low = -options.topInset
    var high = contentLength + options.bottomInset - length
    if high < low {
      if options.gravity == .top { high = low } else { low = high }
    }
    return (low, high)
  }

  func clamp(_ x: Double) -> Double { min(max(x, range.min), range.max) }

  func overlap(_ a: (min: Double, max: Double), _ low: Double, _ high: Double) -> Bool {
    min(a.max, high) - max(a.min, low) > 0
  }

  func visibleCells() -> [ListIndexPath] {
    cells.filter { cell in
      guard overlap(along(cell.frame), offset, offset + length) else { return false }
      guard isCarousel(cell.path.section) else { return true }
      let shift = carousels[cell.path.section] ?? 0
      let x = rtl ? cell.frame.minX + shift : cell.frame.minX - shift
      return overlap((x, x + cell.frame.width), 0, width)
    }.map(\.path)
  }

  func anchor(excluding excluded: (ListIndexPath) -> Bool = { _ in false }) -> ListIndexPath? {
    let low = offset + options.topInset
    let high = offset + length - options.bottomInset
    return cells.first { overlap(along($0.frame), low, high) && !excluded($0.path) }?.path
  }

  func firstCell(withID id: String) -> ListIndexPath? {
    for (s, section) in model.sections.enumerated() {
      for (i, cell) in section.cells.enumerated() where cell.id == id {
        return ListIndexPath(item: i, section: s)
      }
    }
    return nil
  }

  func find(_ jump: ScrollJump) -> ListIndexPath? {
    switch jump.target {
    case .id(let id): return firstCell(withID: id)
    case .item(let path): return cells.contains { $0.path == path } ? path : nil
    }
  }

  func aligned(_ jump: ScrollJump, _ target: ListIndexPath) -> Double {
    let e = extent(target)!
    let t = options.topInset
    let b = options.bottomInset
    let d = jump.offset
    switch jump.alignment {
    case .top: return clamp(e.min - t + d)
    case .center: return clamp((e.min + e.max) / 2 - (t + (length - t - b) / 2) + d)
    case .bottom: return clamp(e.max - (length - b) + d)
    }
  }

  var atStart: Bool { offset <= range.min + 0.5 }
  var atEnd: Bool { offset >= range.max - 0.5 }
  var nearStart: Bool { offset - range.min < options.loadThreshold * length }
  var nearEnd: Bool { range.max - offset < options.loadThreshold * length }

  var listHeader: Rect? {
    guard let header = model.configuration.listHeader else { return nil }
    var y = 0.0
    switch options.listHeaderMode {
    case .standard: if header.pinned && offset > 0 { y = offset }
    case .quickReturn: y = max(0, offset + options.topInset + revealed - header.height)
    }
    let frame = Rect(x: 0, y: y, width: width, height: header.height)
    return horizontal ? Rect(x: frame.minY, y: frame.minX, width: frame.height, height: frame.width) : frame
  }

  var state: ScrollState {
    var state = ScrollState(anchorID: nil, anchorDistance: 0, measuredSizes: measured)
    if let pending {
      var jump = pending.jump
      if case .item = jump.target { jump.target = .item(pending.target) }
      state.pendingJump = jump
    }
    if let a = anchor(), let id = model.sections[a.section].cells[a.item].id {
      state.anchorID = id
      state.anchorDistance = extent(a)!.min - (offset + options.topInset)
    }
    return state
  }

  // MARK: Events

  struct Step {
    var appeared: [ListIndexPath]
    var disappeared: [ListIndexPath]
    var state: ScrollState?
  }

  mutating func relayout() throws {
    snapshot = try model.layout()
  }

  mutating func settle(
    from before: Double, old: [ListIndexPath], map: ((ListIndexPath) -> ListIndexPath?)? = nil
  ) -> Step {
    revealed = min(max(revealed - (offset - before), 0), headerLength)
    visible = visibleCells()
    let mapped = old.map { map == nil ? $0 : map!($0) }
    let appeared = visible.filter { !mapped.contains($0) }
    var disappeared: [ListIndexPath] = []
    for (k, path) in old.enumerated() where mapped[k] == nil || !visible.contains(mapped[k]!) {
      disappeared.append(path)
    }
    return Step(appeared: appeared, disappeared: disappeared)
  }

  func travel(_ v: Double) -> Double {
    let r = options.deceleration
    return v * r / (1 - r) / 1000
  }

  func estimate(of cell: Cell) -> Estimated {
    switch cell.size {
    case .fixed(let size): return .size(size)
    case .automatic: return .size(model.configuration.defaultCellSize)
    default: return .incomparable
    }
  }

  mutating func apply(_ event: ScrollEvent) throws -> Step {
    let before = offset
    let old = visible
    switch event {
    case .scrollTo(let y):
      pending = nil
      offset = clamp(y)
      return settle(from: before, old: old)
    case .scrollBy(let d):
      pending = nil
      offset = clamp(offset + d)
      return settle(from: before, old: old)
    case .fling(let v):
      pending = nil
      let p = offset + travel(v)
      if options.snap == .none {
        offset = clamp(p)
      } else {
        var candidates = cells.map { along($0.frame).min - options.topInset }
        candidates += [range.min, range.max]
        var best = candidates[0]
        for c in candidates where abs(c - p) < abs(best - p) || (abs(c - p) == abs(best - p) && c < best) {
          best = c
        }
        offset = clamp(best)
      }
      return settle(from: before, old: old)
    case .scrollCarousel(let s, let x):
      guard isCarousel(s), let metrics = snapshot.carouselMetrics(ofSection: s) else { throw Refused() }
      carousels[s] = min(max(x, 0), metrics.maximumOffset)
      return settle(from: before, old: old)
    case .flingCarousel(let s, let v):
      guard isCarousel(s), let metrics = snapshot.carouselMetrics(ofSection: s) else { throw Refused() }
      guard case .carousel(let layout) = model.sections[s].layout else { throw Refused() }
      let x = carousels[s] ?? 0
      let p = x + travel(v)
      let snaps = Array(metrics.snapOffsets)
      func nearest(_ list: [Double], _ to: Double) -> Double {
        var best = list[0]
        for c in list where abs(c - to) < abs(best - to) || (abs(c - to) == abs(best - to) && c < best) {
          best = c
        }
        return best
      }
      var rest: Double
      switch layout.paging {
      case .none: rest = p
      case .item: rest = snaps.isEmpty ? p : nearest(snaps, p)
      case .page:
        if snaps.isEmpty {
          rest = p
        } else {
          let here = snaps.firstIndex(of: nearest(snaps, x))!
          rest = nearest(Array(snaps[max(0, here - 1)...min(snaps.count - 1, here + 1)]), p)
        }
      }
      carousels[s] = min(max(rest, 0), metrics.maximumOffset)
      return settle(from: before, old: old)
    case .jump(let jump):
      guard let target = find(jump) else { throw Refused() }
      pending = (jump, target)
      offset = aligned(jump, target)
      return settle(from: before, old: old)
    case .save:
      return Step(appeared: [], disappeared: [], state: state)
    case .resize(let w, let h):
      let wasAtEnd = atEnd
      let a = anchor()
      let anchorMin = a.map { extent($0)!.min }
      if let w { model.configuration.width = w }
      if let h { length = h }
      try relayout()
      return change(
        before: before, old: old, wasAtEnd: wasAtEnd, anchor: a.map { ($0, anchorMin!) }, map: nil)
    case .measure(let sizes):
      var paths: [String: ListIndexPath] = [:]
      for id in sizes.keys {
        guard let path = firstCell(withID: id) else { throw Refused() }
        paths[id] = path
      }
      let wasAtEnd = atEnd
      let a = anchor()
      let anchorMin = a.map { extent($0)!.min }
      for (id, size) in sizes {
        let path = paths[id]!
        if estimates[id] == nil || estimates[id] == .unknown {
          estimates[id] = estimate(of: model.sections[path.section].cells[path.item])
        }
        measured[id] = size
        model.sections[path.section].cells[path.item].size = .fixed(size)
      }
      try relayout()
      return change(
        before: before, old: old, wasAtEnd: wasAtEnd, anchor: a.map { ($0, anchorMin!) }, map: nil)
    case .update(let feed):
      var new = feed
      new.configuration.width = width
      var seen = Set<String>()
      for s in 0..<new.sections.count {
        for i in 0..<new.sections[s].cells.count {
          guard let id = new.sections[s].cells[i].id, let size = measured[id], seen.insert(id).inserted else {
            continue
          }
          let e = estimate(of: new.sections[s].cells[i])
          if estimates[id] == .unknown {
            estimates[id] = e
            new.sections[s].cells[i].size = .fixed(size)
          } else if estimates[id] == e && e != .incomparable {
            new.sections[s].cells[i].size = .fixed(size)
          } else {
            measured[id] = nil
            estimates[id] = nil
          }
        }
      }
      let difference = ListDifference(from: model, to: new)
      let map = Self.matching(difference, old: model, new: new)
      let movedFrom = Set(difference.items.moved.map(\.from))
      let movedSections = Set(difference.sections.moved.map(\.from))
      let wasAtEnd = atEnd
      let a = anchor { map[$0] == nil || movedFrom.contains($0) || movedSections.contains($0.section) }
      let anchorMin = a.map { extent($0)!.min }
      if let p = pending {
        if let t = map[p.target] { pending = (p.jump, t) } else { pending = nil }
      }
      var sectionMap: [Int: Int] = [:]
      for (s, _) in model.sections.enumerated() {
        if let t = Self.sectionMatching(difference, oldCount: model.sections.count)[s] { sectionMap[s] = t }
      }
      var moved: [Int: Double] = [:]
      for (s, x) in carousels { if let t = sectionMap[s] { moved[t] = x } }
      let hadHeader = model.configuration.listHeader != nil
      model = new
      carousels = moved
      try relayout()
      if !hadHeader { revealed = headerLength }
      return change(
        before: before, old: old, wasAtEnd: wasAtEnd, anchor: a.map { (map[$0]!, anchorMin!) },
        map: { map[$0] })
    case .restore(let saved):
      for id in saved.measuredSizes.keys.sorted() {
        let size = saved.measuredSizes[id]!
        if let path = firstCell(withID: id) {
          if estimates[id] == nil || estimates[id] == .unknown {
            estimates[id] = estimate(of: model.sections[path.section].cells[path.item])
          }
          model.sections[path.section].cells[path.item].size = .fixed(size)
        } else if estimates[id] == nil {
          estimates[id] = .unknown
        }
        measured[id] = size
      }
      try relayout()
      pending = nil
      if let jump = saved.pendingJump, let target = find(jump) {
        pending = (jump, target)
        offset = aligned(jump, target)
      } else if let id = saved.anchorID, let path = firstCell(withID: id) {
        offset = clamp(extent(path)!.min - saved.anchorDistance - options.topInset)
      } else {
        offset = options.gravity == .bottom ? range.max : range.min
      }
      clampCarousels()
      return settle(from: before, old: old)
    }
  }

  mutating func clampCarousels() {
    var kept: [Int: Double] = [:]
    for (s, x) in carousels where isCarousel(s) {
      let value = min(max(x, 0), snapshot.carouselMetrics(ofSection: s)!.maximumOffset)
      if value != 0 { kept[s] = value }
    }
    carousels = kept
  }

  mutating func change(
    before: Double, old: [ListIndexPath], wasAtEnd: Bool, anchor: (ListIndexPath, Double)?,
    map: ((ListIndexPath) -> ListIndexPath?)?
  ) -> Step {
    if let p = pending {
      offset = aligned(p.jump, p.target)
    } else if options.followsEnd && wasAtEnd {
      offset = range.max
    } else if let (path, oldMin) = anchor {
      offset = clamp(before + (extent(path)!.min - oldMin))
    } else {
      offset = clamp(before)
    }
    clampCarousels()
    return settle(from: before, old: old, map: map)
  }

  // MARK: The difference's matching, by simulating its batch on tokens

  /// Where each old section is after the difference's batch (UIKit's semantics).
  static func sectionMatching(_ difference: ListDifference, oldCount: Int) -> [Int: Int] {
    let deleted = Set(difference.sections.deleted)
    let movedFrom = Set(difference.sections.moved.map(\.from))
    var order: [Int?] = (0..<oldCount).filter { !deleted.contains($0) && !movedFrom.contains($0) }.map { $0 }
    var arrivals: [(Int, Int?)] = difference.sections.inserted.map { ($0, nil) }
    arrivals += difference.sections.moved.map { ($0.to, $0.from) }
    for (to, from) in arrivals.sorted(by: { $0.0 < $1.0 }) { order.insert(from, at: to) }
    var result: [Int: Int] = [:]
    for (t, s) in order.enumerated() { if let s { result[s] = t } }
    return result
  }

  /// Where each old cell is after the difference's batch; a cell of a deleted section or a
  /// deleted cell is not listed.
  static func matching(
    _ difference: ListDifference, old: ListModel, new: ListModel
  ) -> [ListIndexPath: ListIndexPath] {
    let sections = sectionMatching(difference, oldCount: old.sections.count)
    let deleted = Set(difference.items.deleted)
    let movedFrom = Set(difference.items.moved.map(\.from))
    var lists: [[ListIndexPath?]] = Array(repeating: [], count: new.sections.count)
    for (s, section) in old.sections.enumerated() {
      guard let t = sections[s] else { continue }
      lists[t] = (0..<section.cells.count).map { ListIndexPath(item: $0, section: s) }.filter {
        !deleted.contains($0) && !movedFrom.contains($0)
      }
    }
    var arrivals: [(ListIndexPath, ListIndexPath?)] = difference.items.inserted.map { ($0, nil) }
    arrivals += difference.items.moved.map { ($0.to, $0.from) }
    for (to, from) in arrivals.sorted(by: { $0.0 < $1.0 }) { lists[to.section].insert(from, at: to.item) }
    var result: [ListIndexPath: ListIndexPath] = [:]
    for (t, list) in lists.enumerated() {
      for (i, from) in list.enumerated() { if let from { result[from] = ListIndexPath(item: i, section: t) } }
    }
    return result
  }
}
