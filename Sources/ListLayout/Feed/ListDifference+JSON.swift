import LayoutGeometry
import LayoutJSON

extension ListDifference {
  /// The difference as JSON, in the command line's `diff` format:
  ///
  /// ```json
  /// {"sections":{"deleted":[2],"inserted":[0],"moved":[[1,3]],"updated":[1]},
  ///  "items":{"deleted":[[0,4]],"inserted":[[1,0]],"moved":[[[0,1],[0,7]]],"updated":[[0,2]]},
  ///  "contentOffset":120,
  ///  "transitions":[{"kind":"cell","section":0,"item":2,"id":"a","from":{…},"to":{…}}]}
  /// ```
  ///
  /// Deletions and move sources are positions before the update, the rest after it.
  /// `contentOffset` and `transitions` appear when `transition` is given. A transition names
  /// its element as the layout's JSON does: `section` on every element but the list header
  /// and footer, `item` on cells and separators only, `id` on elements that have one; a
  /// missing frame is
  /// `null` (inserted elements have no `from`, deleted ones no `to`; a deleted element's
  /// `section` and `item` are its positions before the update); `"wasPinned":true` and
  /// `"pinned":true` mark an element pinned before and after the update, as the layout's
  /// `"pinned":true` does.
  public func jsonString(transition: ListTransition? = nil) -> String {
    func path(_ path: ListIndexPath) -> String { "[\(path.section),\(path.item)]" }
    func list<T>(_ values: [T], _ write: (T) -> String) -> String {
      "[" + values.map(write).joined(separator: ",") + "]"
    }
    var out = "{\"sections\":{\"deleted\":" + list(sections.deleted, String.init)
    out += ",\"inserted\":" + list(sections.inserted, String.init)
    out += ",\"moved\":" + list(sections.moved) { "[\($0.from),\($0.to)]" }
    out += ",\"updated\":" + list(sections.updated, String.init)
    out += "},\n\"items\":{\"deleted\":" + list(items.deleted, path)
    out += ",\"inserted\":" + list(items.inserted, path)
    out += ",\"moved\":" + list(items.moved) { "[" + path($0.from) + "," + path($0.to) + "]" }
    out += ",\"updated\":" + list(items.updated, path) + "}"
    if let transition {
      out += ",\n\"contentOffset\":" + formatted(transition.result.contentOffset) + ",\n\"transitions\":["
      for (n, element) in transition.elements.enumerated() {
        out += n == 0 ? "\n" : ",\n"
        out += element.jsonString()
      }
      out += "\n]"
    }
    out += "}\n"
    return out
  }
}

extension ElementTransition {
  /// One transition as a JSON object (see ``ListDifference/jsonString(transition:)``): the
  /// element named as ``LayoutSnapshot/jsonString(elements:overlayIDs:sections:)`` names it
  /// (`section` on every element but the list header and footer, `item` on cells, `id` when
  /// it has one), its `from` and `to` frames, and `"wasPinned":true` and `"pinned":true` when
  /// it was pinned before the update and is after it.
  public func jsonString() -> String {
    var out = "{\"kind\":\"\(kind.rawValue)\""
    if !kind.isOutsideSections { out += ",\"section\":\(indexPath.section)" }
    if kind == .cell || kind == .separator { out += ",\"item\":\(indexPath.item)" }
    if let id { out += ",\"id\":" + jsonQuoted(id) }
    out += ",\"from\":" + (from.map(frameJSON) ?? "null") + ",\"to\":" + (to.map(frameJSON) ?? "null")
    if wasPinned { out += ",\"wasPinned\":true" }
    if isPinned { out += ",\"pinned\":true" }
    return out + "}"
  }
}

/// A frame as the `layout` command prints it.
func frameJSON(_ frame: Rect) -> String {
  "{\"x\":\(formatted(frame.x)),\"y\":\(formatted(frame.y)),\"width\":\(formatted(frame.width)),"
    + "\"height\":\(formatted(frame.height))}"
}

extension ListDifference {
  /// Reads a difference in the `diff` format, with the new content alongside, for `model`:
  ///
  /// ```json
  /// {"sections":{"deleted":[],"inserted":[0],"moved":[],"updated":[]},
  ///  "items":{"deleted":[[0,4]],"inserted":[[1,0]],"moved":[],"updated":[[1,2]]},
  ///  "insertedSections":[{"header":{"height":40},"items":[…]}],
  ///  "insertedCells":[{"id":"n","size":{"width":100,"height":40}}],
  ///  "updatedCells":[{"id":"u","size":{"width":120,"height":40}}]}
  /// ```
  ///
  /// `insertedSections` (section JSON, in the order of `sections.inserted`),
  /// `updatedSections` (section JSON whose own properties replace the section's, in the order
  /// of `sections.updated`), `insertedCells` and `updatedCells` (cell JSON, in the order of
  /// `items.inserted` and `items.updated`) give the new content, decoded against `model`'s
  /// defaults. Every key is optional; `width` sets a new width; `contentOffset` and
  /// `transitions` (from the `diff` output) are ignored.
  ///
  /// - Throws: `JSONInputError` naming the key path, line and column of a problem.
  public init<Bytes: Sequence<UInt8>>(
    json bytes: Bytes, for model: ListModel, limits: JSONInputLimits = .default
  ) throws(JSONInputError) {
    let document = Array(bytes)
    var reader = try JSONReader(feed: JSONBuffer(copying: document), limits: limits)
    self = try Self.read(&reader, document: document, for: model, limits: limits)
    try reader.finish()
  }

  enum Key: String, JSONObjectKey {
    case sections, items, insertedSections, updatedSections, insertedCells, updatedCells, width, contentOffset
    case transitions
    static let keys = JSONKeyTable(Self.self)
  }

  enum OperationKey: String, JSONObjectKey {
    case deleted, inserted, moved, updated
    static let keys = JSONKeyTable(Self.self)
  }

  /// Reads the object at the reader's position in `document`.
  static func read(
    _ reader: inout JSONReader, document: [UInt8], for model: ListModel, limits: JSONInputLimits
  ) throws(JSONInputError) -> ListDifference {
    var difference = ListDifference()
    try reader.readObject("a difference object", Key.keys) { (key, reader) throws(JSONInputError) in
      let key = Key(index: key)
      switch key {
      case .sections:
        try reader.readObject("an object of section operations", OperationKey.keys) {
          (key, reader) throws(JSONInputError) in
          switch OperationKey(index: key) {
          case .deleted: difference.sections.deleted = try readIndices(&reader)
          case .inserted: difference.sections.inserted = try readIndices(&reader)
          case .updated: difference.sections.updated = try readIndices(&reader)
          case .moved:
            try reader.readArray("an array of [from, to] pairs") { (_, reader) throws(JSONInputError) in
              let start = reader.offset
              let pair = try readIndices(&reader)
              guard pair.count == 2 else { throw reader.invalid("a move is a pair [from, to]", at: start) }
              difference.sections.moved.append(Move(from: pair[0], to: pair[1]))
            }
          }
        }
      case .items:
        try reader.readObject("an object of item operations", OperationKey.keys) {
          (key, reader) throws(JSONInputError) in
          switch OperationKey(index: key) {
          case .deleted: difference.items.deleted = try readPaths(&reader)
          case .inserted: difference.items.inserted = try readPaths(&reader)
          case .updated: difference.items.updated = try readPaths(&reader)
          case .moved:
            try reader.readArray("an array of [from, to] pairs") { (_, reader) throws(JSONInputError) in
              let start = reader.offset
              let pair = try readPaths(&reader)
              guard pair.count == 2 else {
                throw reader.invalid("a move is a pair [[s, i], [s, j]]", at: start)
              }
              difference.items.moved.append(Move(from: pair[0], to: pair[1]))
            }
          }
        }
      case .insertedSections, .updatedSections:
        let path = reader.pathString
        let slice = document[try reader.readRawValue()]
        let sections = try EmbeddedFeed.sections(slice, in: document, for: model, path: path, limits: limits)
        if key == .insertedSections {
          difference.insertedSections = sections
        } else {
          difference.updatedSections = sections
        }
      case .insertedCells, .updatedCells:
        let path = reader.pathString
        let slice = document[try reader.readRawValue()]
        let cells = try EmbeddedFeed.cells(slice, in: document, for: model, path: path, limits: limits)
        if key == .insertedCells { difference.insertedCells = cells } else { difference.updatedCells = cells }
      case .width:
        let width = try reader.readNonNegative()
        guard width > 0 else { throw reader.invalid("the width must be greater than 0") }
        if width != model.configuration.width {
          var configuration = model.configuration
          configuration.width = width
          difference.configuration = configuration
        }
      case .contentOffset, .transitions: try reader.skipValue()
      }
    }
    return difference
  }

  static func readIndices(_ reader: inout JSONReader) throws(JSONInputError) -> [Int] {
    var indices: [Int] = []
    try reader.readArray("an array of indices") { (_, reader) throws(JSONInputError) in
      indices.append(try reader.readInteger(in: 0...Int(Int32.max)))
    }
    return indices
  }

  static func readPaths(_ reader: inout JSONReader) throws(JSONInputError) -> [ListIndexPath] {
    var paths: [ListIndexPath] = []
    try reader.readArray("an array of [section, item] pairs") { (_, reader) throws(JSONInputError) in
      let start = reader.offset
      let pair = try readIndices(&reader)
      guard pair.count == 2 else {
        throw reader.invalid("an index path is a pair [section, item]", at: start)
      }
      paths.append(ListIndexPath(item: pair[1], section: pair[0]))
    }
    return paths
  }
}

/// Feed JSON embedded in another document (a request, a difference), decoded by the feed
/// decoder inside a small wrapper document and reported where it sits in the outer one.
package enum EmbeddedFeed {
  /// A whole feed at `slice`.
  package static func model(
    _ slice: ArraySlice<UInt8>, in document: [UInt8], width: Double? = nil, path: String,
    limits: JSONInputLimits
  ) throws(JSONInputError) -> ListModel {
    try decode(
      slice, in: document, prefix: "", suffix: "", innerPath: "", path: path, width: width, limits: limits)
  }

  /// An array of sections at `slice`, decoded against `model`'s defaults.
  static func sections(
    _ slice: ArraySlice<UInt8>, in document: [UInt8], for model: ListModel, path: String,
    limits: JSONInputLimits
  ) throws(JSONInputError) -> [Section] {
    Array(
      try decode(
        slice, in: document, prefix: defaultsPrefix(model) + "\"sections\":", suffix: "}",
        innerPath: "sections",
        path: path, width: nil, limits: limits
      ).sections)
  }

  /// An array of cells at `slice`, decoded against `model`'s defaults.
  static func cells(
    _ slice: ArraySlice<UInt8>, in document: [UInt8], for model: ListModel, path: String,
    limits: JSONInputLimits
  ) throws(JSONInputError) -> [Cell] {
    let decoded = try decode(
      slice, in: document, prefix: defaultsPrefix(model) + "\"sections\":[{\"items\":", suffix: "}]}",
      innerPath: "sections[0].items", path: path, width: nil, limits: limits)
    return decoded.sections.first.map { Array($0.cells) } ?? []
  }

  /// The start of a feed with `model`'s width and defaults, so partial attributes in the
  /// embedded JSON apply over them.
  static func defaultsPrefix(_ model: ListModel) -> String {
    let configuration = model.configuration
    func insets(_ insets: EdgeInsets) -> String {
      "{\"top\":\(formatted(insets.top)),\"left\":\(formatted(insets.left)),\"bottom\":\(formatted(insets.bottom)),"
        + "\"right\":\(formatted(insets.right))}"
    }
    let section = configuration.defaultSectionAttributes
    let cell = configuration.defaultCellAttributes
    return "{\"width\":\(formatted(configuration.width)),\"defaultCellSize\":{\"width\":"
      + "\(formatted(configuration.defaultCellSize.width)),\"height\":\(formatted(configuration.defaultCellSize.height))},"
      + "\"defaultSectionAttributes\":{\"horizontalAlignment\":\"\(section.horizontalAlignment.rawValue)\","
      + "\"verticalAlignment\":\"\(section.verticalAlignment.rawValue)\",\"itemSpacing\":\(formatted(section.itemSpacing)),"
      + "\"lineSpacing\":\(formatted(section.lineSpacing)),\"insets\":\(insets(section.insets))},"
      + "\"defaultCellAttributes\":{\"insets\":\(insets(cell.insets)),\"shouldBeginLine\":\(cell.shouldBeginLine),"
      + "\"shouldEndLine\":\(cell.shouldEndLine),\"startLineIndentation\":\(cell.startLineIndentation)},"
  }

  static func decode(
    _ slice: ArraySlice<UInt8>, in document: [UInt8], prefix: String, suffix: String, innerPath: String,
    path: String, width: Double?, limits: JSONInputLimits
  ) throws(JSONInputError) -> ListModel {
    let wrapped = Array(prefix.utf8) + slice + Array(suffix.utf8)
    do {
      return try ListModel(json: wrapped, width: width, limits: limits)
    } catch {
      throw rebase(
        error, wrapped: wrapped, prefixLength: prefix.utf8.count, slice: slice, in: document,
        innerPath: innerPath,
        path: path)
    }
  }

  /// An error in a wrapper document (`prefixLength` bytes, then `slice`, then more), placed
  /// in the outer `document`: `innerPath`, the wrapper's path to the slice, becomes `path`.
  package static func rebase(
    _ error: JSONInputError, wrapped: [UInt8], prefixLength: Int, slice: ArraySlice<UInt8>,
    in document: [UInt8],
    innerPath: String, path: String
  ) -> JSONInputError {
    var error = error
    if innerPath.isEmpty {
      error.path =
        error.path.isEmpty ? path : (error.path.hasPrefix("[") ? path + error.path : path + "." + error.path)
    } else if error.path.hasPrefix(innerPath) {
      error.path = path + error.path.dropFirst(innerPath.count)
    } else {
      error.path = path
    }
    let inWrapper = byteOffset(line: error.line, column: error.column, in: wrapped)
    let inSlice = min(max(0, inWrapper - prefixLength), slice.count)
    (error.line, error.column) = lineAndColumn(of: slice.startIndex + inSlice, in: document)
    return error
  }

  static func byteOffset(line: Int, column: Int, in bytes: [UInt8]) -> Int {
    var currentLine = 1
    var index = 0
    while currentLine < line && index < bytes.count {
      if bytes[index] == UInt8(ascii: "\n") { currentLine += 1 }
      index += 1
    }
    return index + column - 1
  }

  static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
    var line = 1
    var column = 1
    for index in 0..<min(offset, bytes.count) {
      if bytes[index] == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return (line, column)
  }
}
