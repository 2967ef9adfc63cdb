import LayoutGeometry
import ListLayout
import ListLayoutTestSupport
import TestSupport
import Testing

/// One snapshot shared by many tasks querying it at once, and layouts computed in parallel:
/// run under ThreadSanitizer (`Scripts/sanitizers.sh thread`) these prove the snapshot and
/// the engine share nothing mutable.
@Suite struct ConcurrentUseMatchesSerialUseTests {
  /// A feed of 40 sections with headers, footers and a mix of cell sizes.
  static func sharedModel() -> ListModel {
    var rng = SplitMix64(seed: 77)
    var sections: [Section] = []
    for s in 0..<40 {
      let cells = (0..<Int.random(in: 0...120, using: &rng)).map { i in
        Cell(
          id: "s\(s)c\(i)", width: Double(Int.random(in: 0...400, using: &rng)),
          height: Double(Int.random(in: 0...90, using: &rng)))
      }
      sections.append(
        Section(
          header: s % 3 == 0 ? nil : Supplementary(height: 30),
          footer: s % 4 == 0 ? Supplementary(height: 12) : nil,
          cells: cells,
          attributes: SectionAttributes(
            horizontalAlignment: HorizontalAlignment.allCases[s % 3], verticalAlignment: .center)))
    }
    return ListModel(configuration: ListConfiguration(width: 375), sections: sections)
  }

  /// What a series of queries answers, as plain values to compare.
  struct Answers: Equatable, Sendable {
    var visible: [[LayoutAttributes]] = []
    var hits: [ListIndexPath?] = []
    var nearest: [ListIndexPath?] = []
    var viewportCounts: [Int] = []
  }

  static func answers(_ snapshot: LayoutSnapshot, task: Int) -> Answers {
    var answers = Answers()
    let height = snapshot.contentSize.height
    for step in 0..<40 {
      let y = height * Double((task * 37 + step * 13) % 100) / 100
      let rect = Rect(x: 0, y: y, width: 375, height: 667)
      answers.visible.append(
        snapshot.elements(
          in: rect, pinning: PinningContext(contentOffset: y, pinInset: 0, viewportHeight: 667)))
      answers.hits.append(snapshot.element(at: Point(x: Double(step * 9 % 375), y: y + 100))?.indexPath)
      answers.nearest.append(snapshot.indexPath(nearestTo: Point(x: 187, y: y + 300)))
      answers.viewportCounts.append(
        snapshot.viewport(at: Point(x: 0, y: y), size: Size(width: 375, height: 667)).elements.count)
    }
    return answers
  }

  @Test func oneSnapshotQueriedFromManyTasksAtOnce() async throws {
    let snapshot = try Self.sharedModel().layout()
    let tasks = 64
    let expected = (0..<tasks).map { Self.answers(snapshot, task: $0) }
    let results = await withTaskGroup(of: (Int, Answers, [String]).self) { group in
      for task in 0..<tasks {
        group.addTask {
          // Every task also reads the whole snapshot and edits its own copy.
          var update = ListUpdate()
          update.resizeItem(
            at: ListIndexPath(item: 0, section: 1 + task % 30), to: Size(width: 50, height: 50))
          let edited = try? snapshot.applying(update).snapshot
          return (task, Self.answers(snapshot, task: task), edited?.invariantViolations() ?? ["edit failed"])
        }
      }
      var results: [(Int, Answers, [String])] = []
      for await result in group { results.append(result) }
      return results
    }
    #expect(results.count == tasks)
    for (task, answers, problems) in results {
      #expect(answers == expected[task], "task \(task) answered differently under concurrency")
      #expect(problems == [] || problems == ["edit failed"], "task \(task): \(problems)")
    }
    #expect(snapshot.invariantViolations() == [])
  }

  @Test func layoutsComputedInParallelMatchSerialOnes() async throws {
    let seeds = (0..<48).map { UInt64(5_000 + $0) }
    func summary(_ seed: UInt64) -> (Size, Int, [String])? {
      var rng = SplitMix64(seed: seed)
      let model = ModelGenerator.model(&rng, maxSections: 5, maxCells: 80)
      guard let snapshot = try? model.layout() else { return nil }
      return (snapshot.contentSize, snapshot.elementCount, snapshot.invariantViolations())
    }
    let serial = seeds.map { summary($0) }
    let parallel = await withTaskGroup(of: (Int, Size?, Int?, [String]?).self) { group in
      for (index, seed) in seeds.enumerated() {
        group.addTask {
          let result = summary(seed)
          return (index, result?.0, result?.1, result?.2)
        }
      }
      var out = [(Size?, Int?, [String]?)](repeating: (nil, nil, nil), count: seeds.count)
      for await (index, size, count, problems) in group { out[index] = (size, count, problems) }
      return out
    }
    for (index, seed) in seeds.enumerated() {
      #expect(parallel[index].0 == serial[index]?.0, "seed \(seed)")
      #expect(parallel[index].1 == serial[index]?.1, "seed \(seed)")
      #expect(parallel[index].2 == [] || parallel[index].2 == nil, "seed \(seed): \(parallel[index].2 ?? [])")
    }
  }

  @Test func customManagersAndTraitsInternedFromManyTasks() async throws {
    // Traits made from the same name in many tasks at once are the same trait, and layouts
    // that number them concurrently agree.
    let names = (0..<4).map { "reliabilityTrait\($0)" }
    let ids = await withTaskGroup(of: [LayoutTrait].self) { group in
      for task in 0..<32 {
        group.addTask {
          names.indices.map { LayoutTrait(names[($0 + task) % names.count]) }
            .sorted { names.firstIndex(of: $0.name)! < names.firstIndex(of: $1.name)! }
        }
      }
      var all: [[LayoutTrait]] = []
      for await traits in group { all.append(traits) }
      return all
    }
    for traits in ids { #expect(traits == ids[0]) }
    let snapshots = await withTaskGroup(of: Size?.self) { group in
      for task in 0..<16 {
        group.addTask {
          var model = Self.sharedModel()
          model.configuration.layoutManager = HubLayoutManager(margin: Double(task % 4) * 5)
          for s in model.sections.indices {
            for i in model.sections[s].cells.indices {
              model.sections[s].cells[i].traits = [LayoutTrait(names[(s + i) % names.count]), .fullWidth]
            }
          }
          return try? model.layout().contentSize
        }
      }
      var sizes: [Size?] = []
      for await size in group { sizes.append(size) }
      return sizes
    }
    #expect(snapshots.allSatisfy { $0 != nil })
  }
}
