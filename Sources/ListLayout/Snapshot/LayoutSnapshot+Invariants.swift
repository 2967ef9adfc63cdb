import LayoutGeometry

extension LayoutSnapshot {
  /// Checks the snapshot's structural promises and returns a sentence per broken one (empty
  /// when all hold). Tests run it after every layout and every edit.
  ///
  /// - every frame is finite and has no negative extent;
  /// - the number of cells, headers and footers equals the model's (nothing lost or doubled);
  /// - sections follow each other in order, separated by the section spacing;
  /// - within a section, lines are ordered top to bottom without overlapping, cells lie inside
  ///   their line box, and cells of a line do not overlap and keep their order;
  /// - every cell lies inside the content horizontally, except a cell alone on its line that
  ///   is wider than the line, and cells of sections whose insets alone are wider than the
  ///   list (documented overflow);
  /// - the content height covers every element.
  ///
  /// - Complexity: O(n).
  public func invariantViolations() -> [String] {
    var problems: [String] = []
    func fail(_ message: String) {
      if problems.count < 20 { problems.append(message) }
    }
    let config = model.configuration
    if geometries.count != model.sections.count {
      fail("snapshot has \(geometries.count) sections, model has \(model.sections.count)")
      return problems
    }
    let epsilon = 1e-9 * max(1, contentSize.height)
    var previousBottom = -Double.infinity
    for (s, geometry) in geometries.enumerated() {
      let section = model.sections[s]
      if geometry.itemCount != section.cells.count {
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
      if geometry.pageHeights.count != geometry.pages.count
        || geometry.pageItemCounts.count != geometry.pages.count
      {
        fail("section \(s) page index out of step with its pages")
      }
      var lineBottom = -Double.infinity
      let insets = (section.attributes ?? config.defaultSectionAttributes).insets
      let insetsFit = config.contentInsets.horizontal + insets.horizontal <= config.width
      for (k, page) in geometry.pages.enumerated() {
        if page.itemCount != geometry.pageItemCounts[k] || page.height != geometry.pageHeights[k] {
          fail("section \(s) page \(k) index entries differ from the page")
        }
        if page.lineCount > 0 && page.lineStart[0] != 0 {
          fail("section \(s) page \(k) first line does not start at 0")
        }
        let pageTop = geometry.pageTop(k)
        for line in 0..<page.lineCount {
          let lineTop = pageTop + page.lineY[line]
          let lineHeight = page.lineHeight[line]
          if !geometry.isFreeform && lineTop < lineBottom - epsilon {
            fail(
              "section \(s) page \(k) line \(line) starts at \(lineTop), above the previous line's bottom \(lineBottom)"
            )
          }
          lineBottom = lineTop + lineHeight
          let items = page.items(ofLine: line)
          if items.isEmpty { fail("section \(s) page \(k) line \(line) is empty") }
          var previousMaxX = -Double.infinity
          for i in items {
            let frame = page.frame(ofItem: i)
            if !frame.isFinite || frame.width < 0 || frame.height < 0 {
              fail("section \(s) page \(k) item \(i) frame \(frame)")
              continue
            }
            if !geometry.isFreeform {
              if frame.minY < page.lineY[line] - epsilon
                || frame.maxY > page.lineY[line] + lineHeight + epsilon
              {
                fail("section \(s) page \(k) item \(i) \(frame) outside its line box")
              }
              if frame.minX < previousMaxX - epsilon {
                fail("section \(s) page \(k) item \(i) overlaps the cell before it on its line")
              }
            }
            previousMaxX = frame.maxX
            let alone = items.count == 1
            if !alone && insetsFit && !geometry.isFreeform
              && (frame.minX < -epsilon || frame.maxX > config.width + epsilon)
            {
              fail("section \(s) page \(k) item \(i) \(frame) leaves the content horizontally")
            }
          }
        }
        if page.lineCount > 0 && !geometry.isFreeform {
          let last = page.lineCount - 1
          if abs(page.height - (page.lineY[last] + page.lineHeight[last])) > epsilon {
            fail("section \(s) page \(k) height \(page.height) is not its last line's bottom")
          }
        }
      }
      if lineBottom > geometry.height + epsilon && !geometry.isFreeform {
        fail("section \(s) lines end below the section")
      }
    }
    let all = allAttributes()
    if all.count != elementCount { fail("listing has \(all.count) elements, expected \(elementCount)") }
    for element in all where element.frame.height > 0 && element.frame.width > 0 {
      if element.frame.minY < -epsilon || element.frame.maxY > contentSize.height + epsilon {
        fail("\(element) lies outside the content height \(contentSize.height)")
        break
      }
    }
    return problems
  }
}
