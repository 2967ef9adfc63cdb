import Foundation
import LayoutGeometry
import TestSupport
import Testing

@testable import ListLayout

/// Seeded feeds and event scripts: the session against the plain reference after every event.
/// A few hundred scripts by default; `LISTLAYOUT_LONG_TESTS=1` runs thousands.
@Suite struct ScrollReferenceTests {
  static var scriptCount: Int {
    ProcessInfo.processInfo.environment["LISTLAYOUT_LONG_TESTS"] == "1" ? 4_000 : 300
  }

  @Test func sessionMatchesTheReference() throws {
    var failures: [String] = []
    var events = 0
    var refused = 0
    for seed in 0..<UInt64(Self.scriptCount) {
      var random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 1)
      let result = ScrollScript.run(&random, seed: seed)
      events += result.events
      refused += result.refused
      if let failure = result.failure {
        failures.append(failure)
        if failures.count >= 5 { break }
      }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
    // The scripts exercise the session: most events apply, some are refused.
    #expect(events > Self.scriptCount * 20)
    #expect(refused > 0)
  }
}

/// One seeded script: a feed, options, a start and events, run on a session and on the
/// reference side by side.
enum ScrollScript {
  struct Result {
    var events = 0
    var refused = 0
    var failure: String?
  }

  static func run(_ random: inout SplitMix64, seed: UInt64) -> Result {
    var result = Result()
    var generator = FeedGenerator()
    var feed = generator.model(&random)
    let horizontal = feed.configuration.scrollDirection == .horizontal
    var options = ScrollOptions()
    options.topInset = random.below(3) == 0 ? 0 : Double(random.below(80))
    options.bottomInset = random.below(3) == 0 ? 0 : Double(random.below(60))
    options.gravity = random.below(2) == 0 ? .top : .bottom
    options.followsEnd = random.below(2) == 0
    options.loadThreshold = random.pick([0, 0.5, 1, 2])
    options.snap = random.below(2) == 0 ? .none : .cells
    options.deceleration = random.pick([0.998, 0.99, 0.5])
    options.listHeaderMode = random.below(2) == 0 ? .standard : .quickReturn
    let length = Double(random.below(5) == 0 ? random.below(120) : 100 + random.below(700))
    let width: Double? = random.below(4) == 0 ? Double(200 + 8 * random.below(40)) : nil
    var start = ScrollStart.top
    switch random.below(4) {
    case 0: start = .end
    case 1:
      if let id = generator.anyID(in: feed, &random) {
        start = .jump(ScrollJump(to: .id(id), alignment: random.pick(ScrollAlignment.allCases)))
      }
    default: break
    }
    var log =
      "seed \(seed): length \(length), width \(width.map { "\($0)" } ?? "-"), options \(options), start \(start)"
    var session: ScrollSession
    var reference: ReferenceScroll
    do {
      session = try ScrollSession(
        model: feed, viewportLength: length, width: width, options: options, start: start)
      reference = try ReferenceScroll(
        model: feed, length: length, width: width, options: options, start: start)
    } catch {
      result.failure = log + "\nstart failed: \(error)"
      return result
    }
    if let problem = compare(session, reference, ScrollStep(appeared: session.visibleCells), nil) {
      result.failure = log + "\nat the start: " + problem
      return result
    }
    var saved: [ScrollState] = []
    for _ in 0..<(10 + random.below(40)) {
      let event = generator.event(
        &random, feed: &feed, session: session, saved: saved, horizontal: horizontal)
      log += "\n  \(describe(event))"
      result.events += 1
      let before = session
      let step: ScrollStep
      do {
        step = try session.apply(event)
      } catch {
        result.refused += 1
        // The reference refuses it too, and the session is unchanged.
        if (try? reference.apply(event)) != nil {
          result.failure = log + "\nthe session refused it (\(error)), the reference did not"
          return result
        }
        if session.offset != before.offset || session.visibleCells != before.visibleCells
          || session.snapshot.contentLength != before.snapshot.contentLength
        {
          result.failure = log + "\na refused event changed the session"
          return result
        }
        continue
      }
      let expected: ReferenceScroll.Step
      do {
        expected = try reference.apply(event)
      } catch {
        result.failure = log + "\nthe reference refused it (\(error)), the session did not"
        return result
      }
      if let state = step.state { saved.append(state) }
      if let problem = compare(session, reference, step, expected) {
        result.failure = log + "\n" + problem
        return result
      }
    }
    return result
  }

  static func describe(_ event: ScrollEvent) -> String {
    switch event {
    case .update(let model):
      return "update: "
        + model.sections.map { section in
          "["
            + section.cells.map {
              "\($0.id ?? "-"):\($0.size.fixedValue.map { "\($0.width)x\($0.height)" } ?? "?")"
            }
            .joined(separator: " ") + "]"
        }.joined(separator: " ")
    default: return "\(event)"
    }
  }

  static func close(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= 1e-6 * max(1, abs(a), abs(b))
  }

  /// The first difference between the session and the reference, if any.
  static func compare(
    _ session: ScrollSession, _ reference: ReferenceScroll, _ step: ScrollStep,
    _ expected: ReferenceScroll.Step?
  ) -> String? {
    var problems: [String] = []
    func check(_ ok: Bool, _ what: @autoclosure () -> String) { if !ok { problems.append(what()) } }
    check(close(session.offset, reference.offset), "offset \(session.offset) != \(reference.offset)")
    check(
      close(session.contentLength, reference.contentLength),
      "contentLength \(session.contentLength) != \(reference.contentLength)")
    check(
      close(session.minOffset, reference.range.min),
      "minOffset \(session.minOffset) != \(reference.range.min)")
    check(
      close(session.maxOffset, reference.range.max),
      "maxOffset \(session.maxOffset) != \(reference.range.max)")
    check(
      session.visibleCells == reference.visible, "visible \(session.visibleCells) != \(reference.visible)")
    if let expected {
      check(step.appeared == expected.appeared, "appeared \(step.appeared) != \(expected.appeared)")
      check(
        step.disappeared == expected.disappeared, "disappeared \(step.disappeared) != \(expected.disappeared)"
      )
      check((step.state == nil) == (expected.state == nil), "state given \(step.state != nil)")
      if let state = step.state, let other = expected.state {
        check(
          state.anchorID == other.anchorID,
          "state anchor \(state.anchorID ?? "nil") != \(other.anchorID ?? "nil")")
        check(close(state.anchorDistance, other.anchorDistance), "state distance \(state) != \(other)")
        check(state.measuredSizes == other.measuredSizes, "state sizes differ")
        check(state.pendingJump == other.pendingJump, "state jump \(state) != \(other)")
      }
    } else {
      check(step.appeared == reference.visible, "appeared at the start")
    }
    check(
      session.anchor == reference.anchor(),
      "anchor \(String(describing: session.anchor)) != \(String(describing: reference.anchor()))")
    check(session.isAtStart == reference.atStart, "atStart")
    check(session.isAtEnd == reference.atEnd, "atEnd")
    check(session.isNearStart == reference.nearStart, "nearStart")
    check(session.isNearEnd == reference.nearEnd, "nearEnd")
    let offsets = session.carouselOffsets.offsets.filter { $0.value != 0 }
    let expectedOffsets = reference.carousels.filter { $0.value != 0 }
    check(
      offsets.count == expectedOffsets.count
        && offsets.allSatisfy { entry in
          reference.carousels[entry.key].map { close($0, entry.value) } ?? false
        },
      "carousel offsets \(offsets) != \(expectedOffsets)")
    switch (session.listHeaderFrame, reference.listHeader) {
    case (nil, nil): break
    case (let a?, let b?):
      check(
        close(a.minX, b.minX) && close(a.minY, b.minY) && close(a.width, b.width)
          && close(a.height, b.height),
        "list header \(a) != \(b)")
    default:
      check(
        false,
        "list header \(String(describing: session.listHeaderFrame)) != \(String(describing: reference.listHeader))"
      )
    }
    let pending = reference.pending.map { p -> ScrollJump in
      var jump = p.jump
      if case .item = jump.target { jump.target = .item(p.target) }
      return jump
    }
    check(
      session.pendingJump == pending,
      "pending jump \(String(describing: session.pendingJump)) != \(String(describing: pending))")
    check(
      session.measuredSizes == reference.measured,
      "measured sizes \(session.measuredSizes) != \(reference.measured)")
    check(
      session.snapshot.invariantViolations().isEmpty, "invariants: \(session.snapshot.invariantViolations())")
    return problems.isEmpty ? nil : problems.joined(separator: "; ")
  }
}

/// Seeded feeds (flow, grid, masonry and carousel sections, headers, list headers, horizontal
/// and right-to-left lists, sizes in halves so that edits equal full layouts bit for bit) and
/// their events.
struct FeedGenerator {
  var next = 0

  mutating func cell(_ random: inout SplitMix64) -> Cell {
    next += 1
    // Now and then no identifier, or one an earlier cell has (duplicates name their first cell).
    let id: String? =
      random.below(12) == 0 ? nil : random.below(25) == 0 ? "c\(1 + random.below(next))" : "c\(next)"
    let width = Double(10 + random.below(300)) / 2
    let height = random.below(15) == 0 ? 0 : Double(2 + random.below(240)) / 2
    return Cell(id: id, width: width, height: height)
  }

  mutating func section(_ random: inout SplitMix64, carousels: Bool) -> Section {
    next += 1
    var section = Section(cells: (0..<random.below(14)).map { _ in cell(&random) })
    if random.below(3) == 0 {
      section.header = Supplementary(height: Double(10 + random.below(40)), id: "h\(next)")
    }
    if random.below(5) == 0 { section.footer = Supplementary(height: Double(random.below(30))) }
    if random.below(2) == 0 { section.id = "s\(next)" }
    switch random.below(10) {
    case 0:
      section.layout = .grid(
        GridLayout(columns: .count(random.pick([2, 4])), columnSpacing: 8, rowSpacing: 4))
    case 1: section.layout = .masonry(MasonryLayout(columns: .count(2), columnSpacing: 8, rowSpacing: 4))
    case 2...4 where carousels:
      section.layout = .carousel(
        CarouselLayout(itemSpacing: random.pick([0, 8]), paging: random.pick(CarouselPaging.allCases)))
    default: break
    }
    return section
  }

  mutating func model(_ random: inout SplitMix64) -> ListModel {
    var configuration = ListConfiguration(width: Double(random.pick([256, 320, 384])))
    configuration.contentInsets = random.below(2) == 0 ? .zero : EdgeInsets(all: 8)
    configuration.sectionSpacing = Double(random.pick([0, 10]))
    if random.below(3) == 0 {
      configuration.listHeader = ListSupplementary(
        height: Double(20 + random.below(60)), id: "lh", pinned: random.below(2) == 0)
    }
    if random.below(7) == 0 { configuration.scrollDirection = .horizontal }
    if random.below(7) == 0 { configuration.layoutDirection = .rtl }
    let horizontal = configuration.scrollDirection == .horizontal
    var model = ListModel(configuration: configuration)
    for _ in 0..<(1 + random.below(5)) { model.sections.append(section(&random, carousels: !horizontal)) }
    return model
  }

  func ids(in model: ListModel) -> [String] {
    model.sections.flatMap { $0.cells.compactMap(\.id) }
  }

  func anyID(in model: ListModel, _ random: inout SplitMix64) -> String? {
    let all = ids(in: model)
    return all.isEmpty ? nil : random.pick(all)
  }

  /// A random event; an update changes `feed` too.
  mutating func event(
    _ random: inout SplitMix64, feed: inout ListModel, session: ScrollSession, saved: [ScrollState],
    horizontal: Bool
  ) -> ScrollEvent {
    let (low, high) = (session.minOffset, session.maxOffset)
    switch random.below(20) {
    case 0, 1:
      return .scrollTo((low - 50 + Double(random.below(Int(high - low + 100) * 2 + 1)) / 2).rounded())
    case 2, 3, 4: return .scrollBy(Double(random.below(801) - 400) / 2)
    case 5: return .fling(velocity: Double(random.below(10_001) - 5_000))
    case 6:
      return .scrollCarousel(
        section: random.below(feed.sections.count + 1), to: Double(random.below(1200) - 100))
    case 7:
      return .flingCarousel(
        section: random.below(feed.sections.count + 1), velocity: Double(random.below(6001) - 3000))
    case 8:
      let width: Double? = random.below(3) == 0 ? Double(200 + 8 * random.below(40)) : nil
      let height: Double? = random.below(4) == 0 ? nil : Double(random.below(900))
      return .resize(width: width, height: height)
    case 9, 10, 11, 12:
      var sizes: [String: Size] = [:]
      let visible = session.visibleCells.compactMap { session.snapshot.identifier(of: $0) }
      for _ in 0..<(1 + random.below(5)) {
        let id: String
        if !visible.isEmpty && random.below(5) != 0 {
          id = random.pick(visible)
        } else if random.below(10) == 0 {
          id = "missing"
        } else if let any = anyID(in: feed, &random) {
          id = any
        } else {
          continue
        }
        sizes[id] = Size(width: Double(10 + random.below(300)) / 2, height: Double(random.below(300)) / 2)
      }
      return .measure(sizes)
    case 13, 14, 15:
      feed = mutated(feed, &random, horizontal: horizontal)
      return .update(feed)
    case 16, 17:
      let alignment = random.pick(ScrollAlignment.allCases)
      let offset = random.below(3) == 0 ? Double(random.below(81) - 40) : 0
      if random.below(3) == 0 {
        let s = random.below(feed.sections.count + 1)
        let count = s < feed.sections.count ? feed.sections[s].cells.count : 0
        return .jump(
          ScrollJump(
            to: .item(ListIndexPath(item: random.below(count + 1), section: s)), alignment: alignment,
            offset: offset))
      }
      return .jump(
        ScrollJump(to: .id(anyID(in: feed, &random) ?? "missing"), alignment: alignment, offset: offset))
    case 18: return .save
    default:
      if !saved.isEmpty && random.below(4) != 0 { return .restore(random.pick(saved)) }
      var state = ScrollState(
        anchorID: random.below(4) == 0 ? nil : anyID(in: feed, &random) ?? "gone",
        anchorDistance: Double(random.below(201) - 100))
      if let id = anyID(in: feed, &random) {
        state.measuredSizes[id] = Size(width: 50, height: Double(random.below(200)))
      }
      state.measuredSizes["elsewhere\(random.below(3))"] = Size(width: 10, height: 10)
      if random.below(3) == 0, let id = anyID(in: feed, &random) {
        state.pendingJump = ScrollJump(to: .id(id), alignment: random.pick(ScrollAlignment.allCases))
      }
      return .restore(state)
    }
  }

  /// A new version of `model`: older messages prepended, new ones appended, cells deleted,
  /// moved and resized, sections inserted, deleted and moved, the list header changed.
  mutating func mutated(_ model: ListModel, _ random: inout SplitMix64, horizontal: Bool) -> ListModel {
    var model = model
    for _ in 0..<(1 + random.below(4)) {
      let count = model.sections.count
      switch random.below(11) {
      case 0...1 where count > 0:
        let s = random.below(count)
        for _ in 0..<(1 + random.below(6)) { model.sections[s].cells.insert(cell(&random), at: 0) }
      case 2 where count > 0:
        let s = random.below(count)
        for _ in 0..<(1 + random.below(4)) { model.sections[s].cells.append(cell(&random)) }
      case 3 where count > 0:
        let s = random.below(count)
        if !model.sections[s].cells.isEmpty {
          model.sections[s].cells.remove(at: random.below(model.sections[s].cells.count))
        }
      case 4 where count > 0:
        let s = random.below(count)
        if !model.sections[s].cells.isEmpty {
          let moved = model.sections[s].cells.remove(at: random.below(model.sections[s].cells.count))
          let t = random.below(count)
          model.sections[t].cells.insert(moved, at: random.below(model.sections[t].cells.count + 1))
        }
      case 5 where count > 0:
        let s = random.below(count)
        if !model.sections[s].cells.isEmpty {
          let i = random.below(model.sections[s].cells.count)
          model.sections[s].cells[i].size = .fixed(
            Size(width: Double(10 + random.below(300)) / 2, height: Double(random.below(240)) / 2))
        }
      case 6: model.sections.insert(section(&random, carousels: !horizontal), at: random.below(count + 1))
      case 7 where count > 1: model.sections.remove(at: random.below(count))
      case 8 where count > 1:
        let moved = model.sections.remove(at: random.below(count))
        model.sections.insert(moved, at: random.below(count))
      case 9:
        model.configuration.listHeader =
          random.below(2) == 0 ? nil : ListSupplementary(height: Double(20 + random.below(60)), id: "lh")
      default:
        if count > 0 {
          let s = random.below(count)
          model.sections[s].cells.insert(cell(&random), at: random.below(model.sections[s].cells.count + 1))
        }
      }
    }
    return model
  }
}
