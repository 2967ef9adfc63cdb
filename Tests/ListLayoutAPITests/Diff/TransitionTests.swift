import LayoutGeometry
import ListLayout
import ListLayoutTestSupport
import TestSupport
import Testing

@Suite struct TransitionTests {
  @Test func deleteAndInsertAboveTheViewport() throws {
    let cells = ["a", "b", "c"].map { Cell(id: $0, width: 375, height: 50) }
    let old = ListModel(configuration: plainConfiguration(width: 375), sections: [Section(cells: cells)])
    var new = old
    new.sections[0].cells = [cells[1], Cell(id: "d", width: 375, height: 50), cells[2]]
    let transition = try old.layout().transition(
      ListDifference(from: old, to: new), contentOffset: 55, viewportHeight: 100)
    // b, first visible and kept, stays at the top of the screen: 55 − 55 = 0 − 0.
    #expect(transition.result.contentOffset == 0)
    #expect(
      transition.elements == [
        ElementTransition(
          kind: .cell, indexPath: ListIndexPath(item: 0, section: 0), id: "b", from: rect(0, 55, 375, 50),
          to: rect(0, 0, 375, 50)),
        ElementTransition(
          kind: .cell, indexPath: ListIndexPath(item: 1, section: 0), id: "d", from: nil,
          to: rect(0, 55, 375, 50)
        ),
        ElementTransition(
          kind: .cell, indexPath: ListIndexPath(item: 2, section: 0), id: "c", from: rect(0, 110, 375, 50),
          to: rect(0, 110, 375, 50)),
      ])
  }

  @Test func deletedElementsKeepTheirOldIndexPathsAndHeadersPin() throws {
    let config = plainConfiguration(width: 100)
    let old = ListModel(
      configuration: config,
      sections: [
        Section(
          header: Supplementary(height: 20, id: "h"),
          cells: (0..<4).map { Cell(id: "c\($0)", width: 100, height: 40) })
      ])
    var new = old
    new.sections[0].cells.remove(at: 2)
    // Header 0…20, cells at 20, 65, 110, 155 (line spacing 5). Scrolled to 50, 70 high: the
    // header pins at 50; c0, c1 and c2 are visible, c0 first and kept.
    let transition = try old.layout().transition(
      ListDifference(from: old, to: new), contentOffset: 50, viewportHeight: 70)
    #expect(transition.result.contentOffset == 50)
    let header = try #require(transition.elements.first { $0.kind == .header })
    #expect(
      header.from == rect(0, 50, 100, 20) && header.to == rect(0, 50, 100, 20) && header.wasPinned
        && header.isPinned)
    let deleted = try #require(transition.elements.last)
    #expect(
      deleted.id == "c2" && deleted.indexPath == ListIndexPath(item: 2, section: 0) && deleted.to == nil)
    #expect(deleted.from == rect(0, 110, 100, 40))
    #expect(transition.elements.count == 5)  // header, c0, c1, c3 (from 155 to 110), c2 deleted
    #expect(transition.elements[3].id == "c3" && transition.elements[3].from == rect(0, 155, 100, 40))
    #expect(transition.elements[3].to == rect(0, 110, 100, 40))
  }

  /// Over random pairs: every element of the old viewport appears with its old frame (at its
  /// new index path, or its old one when deleted), every element of the new viewport with its
  /// new frame, and the first surviving unmoved cell keeps its screen position.
  @Test func transitionsAgreeWithBothViewports() throws {
    for seed in 0..<sweep(quick: 150, long: 1500) {
      var rng = SplitMix64(seed: UInt64(seed) &+ 77)
      let old = DifferenceGenerator.keyedModel(&rng)
      let new = DifferenceGenerator.mutate(old, &rng)
      let difference = ListDifference(from: old, to: new)
      let match = try ReferenceDifference.check(old, new, difference, "seed \(seed)")
      var oldToNew: [ListIndexPath: ListIndexPath] = [:]
      for (to, from) in match { oldToNew[from] = to }
      let moved = Set(difference.items.moved.map(\.from))
      let before = try old.layout()
      let offset = Double(Int.random(in: -50...Int(before.contentSize.height) + 50, using: &rng))
      let height = Double(Int.random(in: 0...700, using: &rng))
      let transition = try before.transition(difference, contentOffset: offset, viewportHeight: height)
      let after = transition.result.snapshot
      let newOffset = transition.result.contentOffset
      let oldVisible = before.viewport(
        at: Point(x: 0, y: offset), size: Size(width: before.contentSize.width, height: height)
      ).elements
      let newVisible = after.viewport(
        at: Point(x: 0, y: newOffset), size: Size(width: after.contentSize.width, height: height)
      ).elements
      var byKey: [String: ElementTransition] = [:]
      for element in transition.elements {
        let key = "\(element.kind) \(element.indexPath) \(element.to == nil)"
        #expect(byKey.updateValue(element, forKey: key) == nil, "seed \(seed): \(key) twice")
      }
      for element in newVisible {
        let found = byKey["\(element.kind) \(element.indexPath) false"]
        #expect(found?.to == element.frame, "seed \(seed): \(element)")
      }
      for element in oldVisible where element.kind == .cell {
        if let to = oldToNew[element.indexPath] {
          #expect(byKey["cell \(to) false"]?.from == element.frame, "seed \(seed): \(element)")
        } else {
          #expect(byKey["cell \(element.indexPath) true"]?.from == element.frame, "seed \(seed): \(element)")
        }
      }
      #expect(transition.elements.count <= oldVisible.count + newVisible.count, "seed \(seed)")
      // The anchor: the first cell across the viewport's band (at any x, as ScrollAnchor
      // looks) that survives unmoved.
      let band = Rect(x: -1e15, y: offset, width: 2e15, height: max(height, 1e-9))
      let anchor = before.elements(in: band).first { element in
        element.kind == .cell && oldToNew[element.indexPath] != nil && !moved.contains(element.indexPath)
      }
      if let anchor {
        let to = try #require(oldToNew[anchor.indexPath])
        let shift = try #require(after.frame(of: to)).minY - anchor.frame.minY
        #expect(abs(newOffset - offset - shift) < 1e-9, "seed \(seed)")
      } else if anchor == nil {
        #expect(newOffset == offset, "seed \(seed)")
      }
    }
  }
}
