import Foundation
import LayoutGeometry
import TestSupport
import Testing

@testable import Flexbox

/// A random tree in Core Layout's vocabulary (with some bad numbers thrown in).
func randomLayout(_ rng: inout SplitMix64, depth: Int = 0) -> Layout {
  func pick<T>(_ values: [T]) -> T { values[Int(rng.next() % UInt64(values.count))] }
  func length() -> Double { Double(rng.next() % 400) / 4 }
  let childCount = depth >= 3 ? 0 : Int(rng.next() % 5)
  let children = (0..<childCount).map { _ in randomLayout(&rng, depth: depth + 1) }
  let size: SizeBehavior
  switch rng.next() % 5 {
  case 0: size = .flexible(units: UInt(rng.next() % 3 + 1))
  case 1: size = .absolute(width: pick([nil, length(), -3, .nan]), height: pick([nil, length()]))
  case 2: size = .relative { options in Size(width: min(40, options.containerSize.width), height: 12) }
  case 3: size = SizeBehavior(minWidth: pick([nil, length()]), maxHeight: pick([nil, length()]))
  default: size = .flexibleShrinksButDoesntGrow
  }
  return Layout(
    container: ContainerBehavior(
      primaryAxis: pick([.horizontal, .vertical]),
      primaryAxisDistribution: pick(PrimaryAxisDistribution.allCases),
      secondaryAxisDistribution: pick(SecondaryAxisDistribution.allCases),
      secondaryAxisDistributionWhenWrapping: pick(SecondaryAxisDistributionWhenWrapping.allCases),
      shouldWrap: pick([false, true]), isReversed: pick([false, false, true]), primaryAxisGap: pick([0, 4])),
    overriddenSecondaryAxisDistribution: pick([nil, nil, .center, .trailing]),
    overriddenPosition: pick([
      nil, nil, nil, .absolute(Edges(top: 5, leading: 5)), .relative(Edges(leading: 3)),
    ]),
    size: size,
    margin: pick([.zero, Edges(all: 4), Edges(top: -2, trailing: 6)]),
    padding: pick([.zero, Edges(all: 3)]),
    border: pick([.zero, Edges(leading: 1)]),
    children: children)
}

@Suite("Invariants over random trees")
struct InvariantTests {
  @Test("no NaN, no negative sizes, deterministic, stretched single lines stay inside (200 seeds)")
  func invariantsEverySeed() {
    for seed in 0..<200 { invariants(seed: seed) }
  }

  func invariants(seed: Int) {
    var rng = SplitMix64(seed: UInt64(seed))
    let layout = randomLayout(&rng)
    let width = Double(rng.next() % 500)
    let computed = layout.compute(with: Size(width: width, height: 300))
    for frame in allFrames(computed) {
      #expect(frame.isFinite, "seed \(seed): \(frame)")
      #expect(frame.width >= 0 && frame.height >= 0, "seed \(seed): \(frame)")
    }
    #expect(layout.compute(with: Size(width: width, height: 300)) == computed, "seed \(seed): deterministic")
    let rtl = layout.compute(with: Size(width: width, height: 300), direction: .rtl)
    #expect(rtl.frame.size == computed.frame.size, "seed \(seed): RTL mirrors, same sizes")
    #expect(FlexDocument.encode(computed).count > 0)
  }

  @Test("children of a fixed-size container without overflow stay in its content box (100 seeds)")
  func containmentEverySeed() {
    for seed in 0..<100 { containment(seed: seed) }
  }

  func containment(seed: Int) {
    var rng = SplitMix64(seed: UInt64(seed) &+ 1000)
    let count = Int(rng.next() % 6) + 1
    let children = (0..<count).map { _ in
      Layout(size: SizeBehavior(mode: .flexible(units: UInt(rng.next() % 3 + 1)), minWidth: 0, minHeight: 0))
    }
    let layout = Layout(
      container: ContainerBehavior(primaryAxis: rng.next() % 2 == 0 ? .horizontal : .vertical),
      padding: Edges(all: Double(rng.next() % 10)), children: children)
    let computed = layout.compute(with: Size(width: 200, height: 150))
    let content = Rect(x: 0, y: 0, width: 200, height: 150).inset(
      by: layout.padding.insets(nonNegative: true)
    )
    .outset(by: EdgeInsets(all: 1e-9))
    for child in computed.children {
      #expect(content.contains(child.frame), "seed \(seed): \(child.frame) outside \(content)")
    }
  }
}
