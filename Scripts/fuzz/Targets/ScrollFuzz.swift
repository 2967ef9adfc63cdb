import LayoutGeometry
import ListLayout

/// libFuzzer entry: bytes choose a small feed (flow, grid, masonry and carousel sections,
/// headers, a list header, horizontal and right-to-left lists), the session's options and its
/// start, then drive it with events: most decoded from bytes, and from a byte of 0xE0 or more
/// on, a line of JSON text for the event reader (`ScrollSession.respond(toJSON:)`). After every
/// event the session must keep its invariants: a finite offset within its range, the visible
/// cells those of a brute-force scan of every frame, the anchor the first cell in the band,
/// carousel offsets within their ranges, the quick-return header's revealed length within the
/// header, a layout without broken invariants; a refused event leaves the session unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScroll(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var bytes = ByteStream(UnsafeBufferPointer(start: data, count: size), lengths: ScrollFuzzModels.lengths)
  var feed = ScrollFuzzModels.model(&bytes)
  var options = ScrollOptions()
  let flags = bytes.byte()
  options.topInset = flags & 1 != 0 ? bytes.length() : 0
  options.bottomInset = flags & 2 != 0 ? bytes.length() : 0
  options.gravity = flags & 4 != 0 ? .bottom : .top
  options.followsEnd = flags & 8 != 0
  options.snap = flags & 16 != 0 ? .cells : .none
  options.listHeaderMode = flags & 32 != 0 ? .quickReturn : .standard
  options.loadThreshold = Double(bytes.byte() % 4) / 2
  options.deceleration = [0.998, 0.99, 0.5, 0][bytes.byte() % 4]
  let length = bytes.length() * Double(1 + bytes.byte() % 4)
  let start: ScrollStart =
    switch bytes.byte() % 3 {
    case 0: .top
    case 1: .end
    default: .jump(ScrollJump(to: .id(bytes.id() ?? "i0"), alignment: ScrollFuzzModels.alignment(&bytes)))
    }
  guard var session = try? ScrollSession(model: feed, viewportLength: length, options: options, start: start)
  else { return 0 }
  ScrollFuzzChecks.check(session)
  var saved: [ScrollState] = []
  var events = 0
  while !bytes.isAtEnd && events < 48 {
    events += 1
    let op = bytes.byte()
    let before = session
    if op >= 0xE0 {
      var line: [UInt8] = []
      while !bytes.isAtEnd {
        let b = bytes.byte()
        if b == 10 { break }
        line.append(UInt8(b))
      }
      let answer = session.respond(toJSON: line)
      ensure(!answer.contains("\n"), "an answer spans lines: \(answer)")
      ensure(
        answer.hasPrefix("{\"offset\":") || answer.hasPrefix("{\"error\":{\"kind\":"),
        "a strange answer: \(answer)")
      if answer.hasPrefix("{\"error\"") { ScrollFuzzChecks.unchanged(before, session) }
    } else {
      let event = ScrollFuzzModels.event(op, &bytes, feed: &feed, saved: saved)
      do {
        let step = try session.apply(event)
        if let state = step.state { saved.append(state) }
        _ = session.jsonString(step: step)
      } catch {
        ScrollFuzzChecks.unchanged(before, session)
      }
    }
    ScrollFuzzChecks.check(session)
  }
  return 0
}

enum ScrollFuzzChecks {
  static func check(_ session: ScrollSession) {
    let snapshot = session.snapshot
    ensure(session.offset.isFinite, "offset \(session.offset)")
    ensure(session.minOffset <= session.maxOffset, "range \(session.minOffset) ... \(session.maxOffset)")
    ensure(
      session.offset >= session.minOffset && session.offset <= session.maxOffset,
      "offset \(session.offset) outside \(session.minOffset) ... \(session.maxOffset)")
    ensure(
      session.revealedHeaderLength >= 0
        && session.revealedHeaderLength <= (snapshot.model.configuration.listHeader?.height ?? 0),
      "revealed header length \(session.revealedHeaderLength)")
    // Every cell by brute force, in index-path order.
    let horizontal = snapshot.scrollAxis == .horizontal
    let rtl = snapshot.model.configuration.layoutDirection == .rtl
    let width = snapshot.model.configuration.width
    var visible: [ListIndexPath] = []
    var anchor: ListIndexPath?
    let low = session.offset
    let high = session.offset + session.viewportLength
    let bandLow = low + session.options.topInset
    let bandHigh = high - session.options.bottomInset
    for element in snapshot.allAttributes() where element.kind == .cell {
      let frame = element.frame
      let along = horizontal ? (frame.minX, frame.maxX) : (frame.minY, frame.maxY)
      if anchor == nil && min(along.1, bandHigh) - max(along.0, bandLow) > 0 { anchor = element.indexPath }
      guard min(along.1, high) - max(along.0, low) > 0 else { continue }
      if snapshot.isCarousel(element.indexPath.section) {
        let shift = session.carouselOffsets[element.indexPath.section]
        let x = rtl ? frame.minX + shift : frame.minX - shift
        guard min(x + frame.width, width) - max(x, 0) > 0 else { continue }
      }
      visible.append(element.indexPath)
    }
    ensure(
      visible == session.visibleCells,
      "visible \(session.visibleCells) != brute force \(visible) at \(session.offset) + \(session.viewportLength), "
        + "width \(width), rtl \(rtl), horizontal \(horizontal), carousels \(session.carouselOffsets.offsets): "
        + Set(visible).symmetricDifference(session.visibleCells).map { path in
          "\(path) \(snapshot.frame(of: path).map { "\($0)" } ?? "-") carousel \(snapshot.isCarousel(path.section)) "
            + "\(snapshot.model.sections[path.section].layout.map { "\($0)" } ?? "flow")"
        }.joined(separator: "; "))
    ensure(
      anchor == session.anchor,
      "anchor \(String(describing: session.anchor)) != \(String(describing: anchor))")
    for (section, x) in session.carouselOffsets.offsets {
      guard let metrics = snapshot.carouselMetrics(ofSection: section) else {
        fatalError("an offset for section \(section), not a carousel")
      }
      ensure(x >= 0 && x <= metrics.maximumOffset, "carousel \(section) at \(x)")
    }
    let violations = snapshot.invariantViolations()
    ensure(violations.isEmpty, "invariants: \(violations)")
  }

  static func unchanged(_ before: ScrollSession, _ after: ScrollSession) {
    ensure(
      before.offset == after.offset && before.visibleCells == after.visibleCells
        && before.contentLength == after.contentLength && before.viewportLength == after.viewportLength
        && before.measuredSizes == after.measuredSizes && before.carouselOffsets == after.carouselOffsets
        && before.pendingJump == after.pendingJump,
      "a refused event changed the session")
  }
}

enum ScrollFuzzModels {
  static let lengths: [Double] = [0, 0.5, 1, 5, 10, 33.3, 50, 100, 187.5, 375, 1000, 1e-9, 0.1, 1e6]

  static func alignment(_ s: inout ByteStream) -> ScrollAlignment {
    [ScrollAlignment.top, .center, .bottom][s.byte() % 3]
  }

  static func cell(_ s: inout ByteStream) -> Cell {
    Cell(id: s.id(), width: s.length(), height: s.length())
  }

  static func section(_ s: inout ByteStream, carousels: Bool) -> Section {
    var section = Section()
    let flags = s.byte()
    if flags & 1 != 0 { section.header = Supplementary(height: s.length(), id: "h\(s.byte() % 4)") }
    if flags & 2 != 0 { section.footer = Supplementary(height: s.length()) }
    if flags & 4 != 0 { section.id = "s\(s.byte() % 4)" }
    switch (flags >> 3) % 6 {
    case 1: section.layout = .grid(GridLayout(columns: .count(1 + s.byte() % 4), columnSpacing: s.length()))
    case 2: section.layout = .masonry(MasonryLayout(columns: .count(1 + s.byte() % 3)))
    case 3 where carousels, 4 where carousels:
      section.layout = .carousel(
        CarouselLayout(itemSpacing: s.length(), paging: [CarouselPaging.none, .item, .page][s.byte() % 3]))
    default: break
    }
    for _ in 0..<(s.byte() % 16) where !s.isAtEnd { section.cells.append(cell(&s)) }
    return section
  }

  static func model(_ s: inout ByteStream) -> ListModel {
    var configuration = ListConfiguration(width: s.length() + 50)
    let flags = s.byte()
    if flags & 1 != 0 { configuration.scrollDirection = .horizontal }
    if flags & 2 != 0 { configuration.layoutDirection = .rtl }
    if flags & 4 != 0 {
      configuration.listHeader = ListSupplementary(height: s.length(), pinned: flags & 8 != 0)
    }
    configuration.contentInsets = s.insets()
    var model = ListModel(configuration: configuration)
    for _ in 0..<(s.byte() % 5) {
      model.sections.append(section(&s, carousels: configuration.scrollDirection == .vertical))
    }
    return model
  }

  static func offset(_ s: inout ByteStream) -> Double {
    let b = s.byte()
    return (b & 1 != 0 ? -1 : 1) * s.length() * Double(1 + b % 8)
  }

  static func event(
    _ op: Int, _ s: inout ByteStream, feed: inout ListModel, saved: [ScrollState]
  ) -> ScrollEvent {
    switch op % 12 {
    case 0: return .scrollTo(offset(&s))
    case 1: return .scrollBy(offset(&s))
    case 2: return .fling(velocity: offset(&s) * 10)
    case 3: return .scrollCarousel(section: s.byte() % 6, to: offset(&s))
    case 4: return .flingCarousel(section: s.byte() % 6, velocity: offset(&s) * 10)
    case 5:
      let b = s.byte()
      return .resize(width: b & 1 != 0 ? s.length() + 1 : nil, height: b & 2 != 0 ? s.length() : nil)
    case 6:
      var sizes: [String: Size] = [:]
      for _ in 0..<(1 + s.byte() % 4) { sizes[s.id() ?? "i1"] = Size(width: s.length(), height: s.length()) }
      return .measure(sizes)
    case 7:
      var model = feed
      let b = s.byte()
      let count = model.sections.count
      if count > 0 {
        let t = s.byte() % count
        switch b % 5 {
        case 0: model.sections[t].cells.insert(cell(&s), at: 0)
        case 1: model.sections[t].cells.append(cell(&s))
        case 2 where !model.sections[t].cells.isEmpty:
          model.sections[t].cells.remove(at: s.byte() % model.sections[t].cells.count)
        case 3: model.sections.remove(at: t)
        default:
          if !model.sections[t].cells.isEmpty {
            let moved = model.sections[t].cells.remove(at: s.byte() % model.sections[t].cells.count)
            let u = s.byte() % count
            model.sections[u].cells.insert(moved, at: s.byte() % (model.sections[u].cells.count + 1))
          }
        }
      } else {
        model.sections.append(section(&s, carousels: model.configuration.scrollDirection == .vertical))
      }
      feed = model
      return .update(model)
    case 8, 9:
      let target: ScrollJump.Target =
        s.byte() & 1 != 0
        ? .id(s.id() ?? "i2") : .item(ListIndexPath(item: s.byte() % 18, section: s.byte() % 6))
      return .jump(ScrollJump(to: target, alignment: alignment(&s), offset: offset(&s)))
    case 10: return .save
    default:
      if !saved.isEmpty && s.byte() & 1 != 0 { return .restore(saved[s.byte() % saved.count]) }
      var state = ScrollState(anchorID: s.id(), anchorDistance: offset(&s))
      if let id = s.id() { state.measuredSizes[id] = Size(width: s.length(), height: s.length()) }
      if s.byte() & 1 != 0 {
        state.pendingJump = ScrollJump(to: .id(s.id() ?? "i3"), alignment: alignment(&s))
      }
      return .restore(state)
    }
  }
}

/// `precondition` with its message printed in optimized builds too.
func ensure(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError(message()) }
}
