// What the package's JSON reader (`JSONReader.swift`) throws.

/// Why a JSON document could not be read: what, where (a key path such as
/// `sections[2].items[0].size.width`), and the line and column of the offending text.
public struct JSONInputError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kinds of failure.
  public enum Kind: Hashable, Sendable {
    /// The text is not JSON.
    case syntax
    /// A value has the wrong type (a string where a number belongs, …).
    case typeMismatch
    /// A key the schema does not know.
    case unknownKey
    /// A required key is missing.
    case missingKey
    /// A value of the right type is out of range (NaN, infinite, negative, unknown name), or
    /// a key appears twice.
    case invalidValue
    /// A documented input limit was exceeded; the associated value names it.
    case limitExceeded(String)
  }

  /// What went wrong.
  public var kind: Kind
  /// The key path of the value, empty for the document itself.
  public var path: String
  /// A sentence saying what was expected.
  public var message: String
  /// The 1-based line of the offending text.
  public var line: Int
  /// The 1-based column (in bytes) of the offending text.
  public var column: Int

  /// Creates an error.
  public init(kind: Kind, path: String, message: String, line: Int, column: Int) {
    self.kind = kind
    self.path = path
    self.message = message
    self.line = line
    self.column = column
  }

  public var description: String {
    let location = path.isEmpty ? "" : "\(path): "
    let limit = if case .limitExceeded(let name) = kind { " [limit \(name)]" } else { "" }
    return "\(location)\(message)\(limit) (line \(line), column \(column))"
  }
}
