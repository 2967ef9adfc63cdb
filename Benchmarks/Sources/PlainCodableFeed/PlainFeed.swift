// The feed schema as a Swift user would write it for Foundation's `JSONDecoder`: plain
// Codable structs, synthesized conformances, optionals for the keys a feed may leave out.
// This is the "what a Swift user would write" peer of `ListModel(json:)`
// (`DecodeFoundation/feed/N` and `codable-decode`).

/// A feed: `{"width": 375, "sections": [...]}`.
public struct PlainFeed: Codable, Sendable {
  public var width: Double
  public var sections: [PlainSection]
}

/// A section: optional header and footer, and its cells under `items`.
public struct PlainSection: Codable, Sendable {
  public var header: PlainSupplementary?
  public var footer: PlainSupplementary?
  public var items: [PlainItem]
}

/// A header or footer.
public struct PlainSupplementary: Codable, Sendable {
  public var height: Double
  public var id: String?
}

/// A cell: `{"id": "c0", "size": {"width": 120, "height": 44}, "traits": [...]}`.
public struct PlainItem: Codable, Sendable {
  public var id: String?
  public var size: PlainSize
  public var traits: [String]?
}

/// A cell's size.
public struct PlainSize: Codable, Sendable {
  public var width: Double
  public var height: Double
}

extension PlainFeed {
  /// The number of cells over all sections.
  public var cellCount: Int { sections.reduce(0) { $0 + $1.items.count } }
}
