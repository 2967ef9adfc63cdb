import LayoutGeometry

/// Why a flex document (the fixture-schema JSON) could not be read: the package's one JSON
/// error, naming the key path (such as `children[2].style.flexGrow`), the line and the column
/// (in bytes), as every other document's errors do.
public typealias FlexDocumentError = JSONInputError

/// Bounds on a flex document, checked while reading it.
public struct FlexDocumentLimits: Sendable, Hashable {
  /// The limits, named in a `JSONInputError` of kind `limitExceeded`.
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
