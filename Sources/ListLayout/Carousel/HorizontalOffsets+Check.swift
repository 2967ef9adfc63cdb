/// A horizontal offset named for a section that cannot scroll sideways.
///
/// ``LayoutSnapshot/checkHorizontalOffsets(_:)`` throws it; the `listlayout` command's
/// `--scroll S=X` and the layout service's `"scroll"` report it, so that a mistyped section
/// index is an error rather than an offset silently ignored.
public struct HorizontalOffsetError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The section the offset names.
  public var section: Int
  /// How many sections the layout has.
  public var numberOfSections: Int

  public var description: String {
    if section < 0 || section >= numberOfSections {
      let sections = numberOfSections == 1 ? "1 section" : "\(numberOfSections) sections"
      return "there is no section \(section) to scroll (the layout has \(sections))"
    }
    return "section \(section) is not a carousel: only a carousel scrolls sideways"
  }
}

extension LayoutSnapshot {
  /// Checks that every section named in `offsets` is a carousel of this layout.
  ///
  /// The queries themselves ignore an offset for any other section, as a renderer that keeps
  /// offsets across updates needs; call this where the offsets come from a user.
  ///
  /// ```swift
  /// try snapshot.checkHorizontalOffsets([2: 140])   // throws unless section 2 is a carousel
  /// ```
  ///
  /// - Throws: ``HorizontalOffsetError`` for the lowest section index that is out of range or
  ///   not a carousel.
  /// - Complexity: O(k log k) for k named sections.
  public func checkHorizontalOffsets(_ offsets: HorizontalOffsets) throws(HorizontalOffsetError) {
    for section in offsets.offsets.keys.sorted() where !isCarousel(section) {
      throw HorizontalOffsetError(section: section, numberOfSections: numberOfSections)
    }
  }
}
