/// Why a flex document (the fixture-schema JSON) could not be read.
///
/// Every case names where: a key path such as `children[2].style.flexGrow`, or a line and column
/// for malformed JSON.
public enum FlexDocumentError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The text is not JSON: what was wrong, at a 1-based line and column.
  case syntax(message: String, line: Int, column: Int)
  /// A key the schema does not know (a node allows `id`, `style` and `children`).
  case unknownKey(path: String)
  /// A value of the wrong kind, or out of range (a non-finite number, a negative size).
  case invalidValue(path: String, expected: String)
  /// An input limit was exceeded at `path`.
  case limitExceeded(limit: FlexDocumentLimits.Limit, value: Int, path: String)

  /// A one-line message naming what went wrong and where.
  public var description: String {
    switch self {
    case .syntax(let message, let line, let column):
      "JSON syntax error at line \(line), column \(column): \(message)"
    case .unknownKey(let path):
      "unknown key '\(path)'"
    case .invalidValue(let path, let expected):
      "invalid value at '\(path)': expected \(expected)"
    case .limitExceeded(let limit, let value, let path):
      "limit exceeded at '\(path.isEmpty ? "(root)" : path)': \(limit.rawValue) is \(value)"
    }
  }
}

/// Bounds on a flex document, checked while reading it.
public struct FlexDocumentLimits: Sendable, Hashable {
  /// The limits, named in ``FlexDocumentError/limitExceeded(limit:value:path:)``.
  public enum Limit: String, Sendable, Hashable {
    /// How deep nodes may nest (the root is depth 1).
    case maxDepth
    /// How many nodes the tree may hold.
    case maxNodes
    /// How many bytes a string (an identifier, a key, a keyword) may hold.
    case maxStringLength
  }

  /// How deep nodes may nest; 20,000 by default (deep trees are read without recursion).
  public var maxDepth: Int
  /// How many nodes the tree may hold; 1,000,000 by default.
  public var maxNodes: Int
  /// How many bytes a string may hold; 4,096 by default.
  public var maxStringLength: Int

  /// Creates limits; every argument has its documented default.
  public init(maxDepth: Int = 20_000, maxNodes: Int = 1_000_000, maxStringLength: Int = 4_096) {
    self.maxDepth = maxDepth
    self.maxNodes = maxNodes
    self.maxStringLength = maxStringLength
  }
}
