/// Why a model could not be laid out. Bad data is never laid out silently wrong: it is
/// reported with the path of the offending value.
///
/// The path has two spellings: ``path`` as the JSON feed spells it (`sections[2].items[5].size`,
/// `width`), which the command line and ``description`` use because feeds are where most
/// models come from, and ``modelPath`` as the Swift model spells it
/// (`sections[2].cells[5].size`, `configuration.width`).
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A number was not finite, negative, or otherwise out of range.
  case invalidValue(path: String, value: String, expected: String)
  /// A section layout (sequential calculators, flexbox content) failed.
  case sectionLayoutFailed(path: String, reason: String)

  /// Where the problem is.
  public var path: String {
    switch self {
    case .invalidValue(let path, _, _), .sectionLayoutFailed(let path, _): path
    }
  }

  /// Where the problem is, spelled as a key path of the Swift ``ListModel``: a section's
  /// cells are `cells` (the feed's `items`), and whole-list values are under `configuration`.
  ///
  /// ```swift
  /// var model = ListModel(configuration: ListConfiguration(width: 375))
  /// model.sections = [Section(cells: [Cell(id: "a", width: -1, height: 10)])]
  /// do { _ = try model.layout() } catch { print(error.modelPath) }   // sections[0].cells[0].size
  /// ```
  public var modelPath: String {
    if path.hasPrefix("header.") || path.hasPrefix("footer.") {
      return "configuration.list" + path.prefix(1).uppercased() + path.dropFirst()
    }
    guard path.hasPrefix("sections[") else { return "configuration." + path }
    // `sections[S].items[I]…`: the first component after the section's index.
    guard let close = path.firstIndex(of: "]") else { return path }
    let rest = path[path.index(after: close)...]
    guard rest.hasPrefix(".items[") else { return path }
    return path[...close] + ".cells[" + rest.dropFirst(".items[".count)
  }

  public var description: String {
    switch self {
    case .invalidValue(let path, let value, let expected):
      "\(path): \(value) is not valid, expected \(expected)"
    case .sectionLayoutFailed(let path, let reason): "\(path): \(reason)"
    }
  }
}
