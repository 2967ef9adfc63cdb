/// Why a model could not be laid out. Bad data is never laid out silently wrong: it is
/// reported with the path of the offending value, spelled as in the JSON schema
/// (`sections[2].items[5].size`).
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

  public var description: String {
    switch self {
    case .invalidValue(let path, let value, let expected):
      "\(path): \(value) is not valid, expected \(expected)"
    case .sectionLayoutFailed(let path, let reason): "\(path): \(reason)"
    }
  }
}
