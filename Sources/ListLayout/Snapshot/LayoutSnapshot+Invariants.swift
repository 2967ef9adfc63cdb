import LayoutGeometry

extension LayoutSnapshot {
  /// Checks the snapshot's structural promises and returns a sentence per broken one (empty
  /// when all hold). Tests run it after every layout and every edit; a user's tests reach it
  /// through ListLayoutTesting's `assertLayoutInvariants(_:)`. (The flow pages' own
  /// invariants are checked as each page is sealed, in debug builds or with
  /// `LISTLAYOUT_CHECKS`: `LinePage.checkInvariants`.)
  ///
  /// - every frame is finite and has no negative extent;
  /// - the number of cells, headers and footers equals the model's (nothing lost or doubled);
  /// - sections follow each other in order, separated by the section spacing;
  /// - each section's body keeps its own layout's promises (a flow section: lines ordered top
  ///   to bottom without overlapping, cells inside their line box, cells of a line not
  ///   overlapping and in order, cells inside the content horizontally but for a cell alone
  ///   on its line that is wider than the line and sections whose insets alone are wider than
  ///   the list; a carousel: cells in order along the row without overlapping, cells no
  ///   taller than the band inside it);
  /// - the content height covers every element (but a carousel's cell taller than its band).
  ///
  /// - Complexity: O(n).
  package func invariantViolations() -> [String] {
    var problems: [String] = []
    func fail(_ message: String) {
      if problems.count < 20 { problems.append(message) }
    }
    let config = model.configuration
    if geometries.count != model.sections.count {
      fail("snapshot has \(geometries.count) sections, model has \(model.sections.count)")
      return problems
    }
    let epsilon = 1e-9 * max(1, contentLength)
    let contentInsets = layoutInsets
    var previousBottom = -Double.infinity
    for (s, geometry) in geometries.enumerated() {
      let section = model.sections[s]
      // A collapsed section lays out no cell, and keeps them all laid out for expanding.
      if geometry.itemCount != (section.collapsed ? 0 : section.cells.count)
        || geometry.expandedGeometry.itemCount != section.cells.count
      {
        fail("section \(s) has \(geometry.itemCount) cells laid out, model has \(section.cells.count)")
      }
      if (geometry.headerFrame != nil) != (section.header != nil) {
        fail("section \(s) header lost or invented")
      }
      if (geometry.footerFrame != nil) != (section.footer != nil) {
        fail("section \(s) footer lost or invented")
      }
      let top = sectionTop(s)
      if s > 0, abs(top - (previousBottom + config.sectionSpacing)) > epsilon {
        fail("section \(s) starts at \(top), expected \(previousBottom + config.sectionSpacing)")
      }
      previousBottom = top + geometry.height
      if !(geometry.height >= 0) || !geometry.height.isFinite {
        fail("section \(s) height \(geometry.height)")
      }
      let given = (section.attributes ?? config.defaultSectionAttributes).insets
      let insets = isHorizontal ? given.transposed : given
      let check = BodyCheck(
        section: s, origin: geometry.bodyOrigin(sectionTop: 0), sectionHeight: geometry.height,
        listWidth: config.width,
        insetsFit: contentInsets.horizontal + insets.horizontal <= config.width,
        epsilon: epsilon)
      for problem in geometry.body.invariantViolations(check) { fail(problem) }
    }
    let all = allAttributes()
    if all.count != elementCount { fail("listing has \(all.count) elements, expected \(elementCount)") }
    // A carousel's cell taller than its band overflows it (and may leave the content).
    for element in all where element.frame.height > 0 && element.frame.width > 0 {
      if element.kind == .cell && geometries[element.indexPath.section].body.scrollsSideways { continue }
      let (minY, maxY) = scrollRange(element.frame)
      if minY < -epsilon || maxY > contentLength + epsilon {
        fail("\(element) lies outside the content length \(contentLength)")
        break
      }
    }
    return problems
  }
}
