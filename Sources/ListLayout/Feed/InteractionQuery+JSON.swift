import LayoutGeometry
import LayoutJSON

// The interaction queries of `listlayout query`: one JSON object per line in, one JSON line
// out, each answered from the snapshot's own rules (drop targets, auto-scroll, focus,
// accessibility).

/// One query of `listlayout query`, as read from a line of JSON.
package enum InteractionQuery: Equatable {
  /// `{"moveTarget": {"dragging": [s, i], "point": [x, y], "betweenSections": true,
  /// "preview": false, "scroll": {"S": X}}}`.
  case moveTarget(
    dragging: ListIndexPath, point: Point, betweenSections: Bool, preview: Bool, scroll: HorizontalOffsets?)
  /// `{"autoScroll": {"point": y, "offset": o, "height": h, "edgeZone": 60, "maxSpeed": 1200}}`.
  case autoScroll(point: Double, offset: Double, height: Double, AutoScroll)
  /// `{"focus": {"from": [s, i], "direction": "down", "scroll": {"S": X}}}`.
  case focus(from: ListIndexPath, direction: FocusDirection, scroll: HorizontalOffsets?)
  /// `{"accessibility": [s, i]}`.
  case accessibility(ListIndexPath)

  enum Key: String, JSONObjectKey {
    case moveTarget, autoScroll, focus, accessibility
    static let keys = JSONKeyTable(Self.self)
  }

  enum MoveKey: String, JSONObjectKey {
    case dragging, point, betweenSections, preview, scroll
    static let keys = JSONKeyTable(Self.self)
  }

  enum AutoScrollKey: String, JSONObjectKey {
    case point, offset, height, edgeZone, maxSpeed
    static let keys = JSONKeyTable(Self.self)
  }

  enum FocusKey: String, JSONObjectKey {
    case from, direction, scroll
    static let keys = JSONKeyTable(Self.self)
  }
}

/// A query read from a line, with where its index paths and offsets are, to report one the
/// snapshot does not have at its key.
package struct InteractionQueryLine {
  /// The query.
  package var query: InteractionQuery
  /// Byte positions of the values a snapshot may refuse, by key path.
  var places: [String: Int] = [:]
  /// The line read.
  let document: [UInt8]

  /// Reads the query on `document` (one line, without its line break): an object with
  /// exactly one key, the query's name.
  ///
  /// - Throws: `JSONInputError` naming the key path, line and column of a problem.
  package init(json document: [UInt8], limits: JSONInputLimits = .default) throws(JSONInputError) {
    self.document = document
    var reader = try JSONReader(feed: JSONBuffer(copying: document), limits: limits)
    var found: InteractionQuery?
    var places: [String: Int] = [:]
    try reader.readObject("a query object", InteractionQuery.Key.keys) {
      (index, reader) throws(JSONInputError) in
      let key = InteractionQuery.Key(index: index)
      guard found == nil else {
        throw reader.invalid("one query per line: '\(key.rawValue)' follows another query")
      }
      _ = try reader.peek()
      let start = reader.offset
      places[key.rawValue] = start
      switch key {
      case .moveTarget: found = try Self.readMove(&reader, places: &places)
      case .autoScroll: found = try Self.readAutoScroll(&reader)
      case .focus: found = try Self.readFocus(&reader, places: &places)
      case .accessibility: found = .accessibility(try Self.readPath(&reader))
      }
    }
    try reader.finish()
    guard let found else {
      throw reader.error(
        .missingKey,
        "a query needs one of "
          + InteractionQuery.Key.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "), at: 0)
    }
    query = found
    self.places = places
  }

  /// An index path, `[section, item]`.
  static func readPath(_ reader: inout JSONReader) throws(JSONInputError) -> ListIndexPath {
    _ = try reader.peek()
    let start = reader.offset
    let pair = try ListDifference.readIndices(&reader)
    guard pair.count == 2 else { throw reader.invalid("an index path is a pair [section, item]", at: start) }
    return ListIndexPath(item: pair[1], section: pair[0])
  }

  /// A point, `[x, y]` of finite numbers.
  static func readPoint(_ reader: inout JSONReader) throws(JSONInputError) -> Point {
    _ = try reader.peek()
    let start = reader.offset
    var numbers: [Double] = []
    try reader.readArray("a point [x, y]") { (index, reader) throws(JSONInputError) in
      guard index < 2 else { throw reader.invalid("a point is a pair [x, y]", at: start) }
      numbers.append(try reader.readNumber())
    }
    guard numbers.count == 2 else { throw reader.invalid("a point is a pair [x, y]", at: start) }
    return Point(x: numbers[0], y: numbers[1])
  }

  /// Carousel offsets by section, `{"S": X}`.
  static func readScroll(
    _ reader: inout JSONReader, places: inout [String: Int], prefix: String
  ) throws(JSONInputError) -> HorizontalOffsets {
    var offsets = HorizontalOffsets()
    try reader.readObject(
      "an object of carousel offsets by section",
      anyKeys: { (key, reader) throws(JSONInputError) in
        _ = try reader.peek()
        let position = reader.offset
        guard let section = Int(key), section >= 0, section <= Int(Int32.max), String(section) == key else {
          throw reader.invalid("'\(key)' is not a section index")
        }
        places[prefix + ".scroll." + key] = position
        offsets[section] = try reader.readNumber()
      })
    return offsets
  }

  static func readMove(
    _ reader: inout JSONReader, places: inout [String: Int]
  ) throws(JSONInputError) -> InteractionQuery {
    var dragging: ListIndexPath?
    var point: Point?
    var between = true
    var preview = false
    var scroll: HorizontalOffsets?
    let start = reader.offset
    try reader.readObject("a moveTarget object", InteractionQuery.MoveKey.keys) {
      (index, reader) throws(JSONInputError) in
      switch InteractionQuery.MoveKey(index: index) {
      case .dragging:
        _ = try reader.peek()
        places["moveTarget.dragging"] = reader.offset
        dragging = try readPath(&reader)
      case .point: point = try readPoint(&reader)
      case .betweenSections: between = try reader.readBool()
      case .preview: preview = try reader.readBool()
      case .scroll: scroll = try readScroll(&reader, places: &places, prefix: "moveTarget")
      }
    }
    guard let dragging, let point else {
      throw reader.error(.missingKey, "moveTarget needs a \"dragging\" and a \"point\"", at: start)
    }
    return .moveTarget(
      dragging: dragging, point: point, betweenSections: between, preview: preview, scroll: scroll)
  }

  static func readAutoScroll(_ reader: inout JSONReader) throws(JSONInputError) -> InteractionQuery {
    var point: Double?
    var offset: Double?
    var height: Double?
    var rule = AutoScroll()
    let start = reader.offset
    try reader.readObject("an autoScroll object", InteractionQuery.AutoScrollKey.keys) {
      (index, reader) throws(JSONInputError) in
      switch InteractionQuery.AutoScrollKey(index: index) {
      case .point: point = try reader.readNumber()
      case .offset: offset = try reader.readNumber()
      case .height: height = try reader.readNonNegative()
      case .edgeZone: rule.edgeZone = try reader.readNonNegative()
      case .maxSpeed: rule.maximumSpeed = try reader.readNonNegative()
      }
    }
    guard let point, let offset, let height else {
      throw reader.error(
        .missingKey, "autoScroll needs a \"point\", an \"offset\" and a \"height\"", at: start)
    }
    return .autoScroll(point: point, offset: offset, height: height, rule)
  }

  static func readFocus(
    _ reader: inout JSONReader, places: inout [String: Int]
  ) throws(JSONInputError) -> InteractionQuery {
    var from: ListIndexPath?
    var direction: FocusDirection?
    var scroll: HorizontalOffsets?
    let start = reader.offset
    try reader.readObject("a focus object", InteractionQuery.FocusKey.keys) {
      (index, reader) throws(JSONInputError) in
      switch InteractionQuery.FocusKey(index: index) {
      case .from:
        _ = try reader.peek()
        places["focus.from"] = reader.offset
        from = try readPath(&reader)
      case .direction: direction = try reader.readCase(FocusDirection.self, "direction")
      case .scroll: scroll = try readScroll(&reader, places: &places, prefix: "focus")
      }
    }
    guard let from, let direction else {
      throw reader.error(.missingKey, "focus needs a \"from\" and a \"direction\"", at: start)
    }
    return .focus(from: from, direction: direction, scroll: scroll)
  }

  /// An error at the value of `path` (a key path this line recorded), as an answer's object.
  func refusal(_ message: String, at path: String) -> String {
    let position = places[path] ?? 0
    let (line, column) = EmbeddedFeed.lineAndColumn(of: position, in: document)
    return "{\"kind\":\"invalidValue\",\"path\":\(jsonQuoted(path)),\"message\":\(jsonQuoted(message)),"
      + "\"line\":\(line),\"column\":\(column)}"
  }
}

/// Answers interaction queries about one snapshot (`listlayout query`): each line of JSON
/// read with ``InteractionQueryLine``, answered with one line of JSON, or
/// `{"error": {"kind", "path", "message", "line", "column"}}`; a bad query changes nothing.
package struct InteractionQueryAnswerer {
  /// The snapshot asked.
  package let snapshot: LayoutSnapshot
  /// The carousels' offsets a query uses when it names none (checked by the caller).
  package let horizontalOffsets: HorizontalOffsets

  /// An answerer for `snapshot`, its carousels at `horizontalOffsets`.
  package init(snapshot: LayoutSnapshot, horizontalOffsets: HorizontalOffsets = .zero) {
    self.snapshot = snapshot
    self.horizontalOffsets = horizontalOffsets
  }

  /// Reads one query from a line of JSON and writes its answer (one line, without a line
  /// break) to `writer`.
  package func respond(toJSON line: [UInt8], limits: JSONInputLimits = .default, to writer: inout ByteWriter)
  {
    let read: InteractionQueryLine
    do {
      read = try InteractionQueryLine(json: line, limits: limits)
    } catch {
      writer.write("{\"error\":" + error.answerObject + "}")
      return
    }
    respond(to: read, writer: &writer)
  }

  /// ``respond(toJSON:limits:to:)`` as a string.
  package func respond(toJSON line: [UInt8], limits: JSONInputLimits = .default) -> String {
    String(decoding: ByteWriter.bytes { respond(toJSON: line, limits: limits, to: &$0) }, as: UTF8.self)
  }

  /// Writes what `body` writes to `writer` without its line breaks (JSON text needs none: a
  /// string's line breaks are escaped), streamed: an answer is one line.
  static func writeOnOneLine(_ writer: inout ByteWriter, _ body: (inout ByteWriter) -> Void) {
    final class Relay {
      var writer: ByteWriter
      init(_ writer: ByteWriter) { self.writer = writer }
    }
    let relay = Relay(writer)
    var inner = ByteWriter { chunk in
      let bytes = chunk.bindMemory(to: UInt8.self)
      var start = 0
      for i in bytes.indices where bytes[i] == UInt8(ascii: "\n") {
        relay.writer.write(bytes: UnsafeBufferPointer(rebasing: bytes[start..<i]))
        start = i + 1
      }
      relay.writer.write(bytes: UnsafeBufferPointer(rebasing: bytes[start...]))
    }
    body(&inner)
    inner.flush()
    writer = relay.writer
  }

  private func respond(to read: InteractionQueryLine, writer: inout ByteWriter) {
    func refuse(_ message: String, _ path: String) {
      writer.write("{\"error\":" + read.refusal(message, at: path) + "}")
    }
    func cell(_ path: ListIndexPath) -> String { "[\(path.section),\(path.item)]" }
    /// Why `path` names no cell: none there, or one its collapsed section hides.
    func noCell(_ path: ListIndexPath) -> String {
      "there is no cell \(cell(path))"
        + (snapshot.isHiddenCell(path)
          ? " (section \(path.section) is collapsed: its cells have no frame)" : "")
    }
    func offsets(_ given: HorizontalOffsets?, _ prefix: String) -> HorizontalOffsets? {
      guard let given else { return horizontalOffsets }
      for section in given.offsets.keys.sorted() where !snapshot.isCarousel(section) {
        refuse(
          section < snapshot.numberOfSections
            ? "section \(section) is not a carousel" : "there is no section \(section) to scroll",
          prefix + ".scroll.\(section)")
        return nil
      }
      return given
    }
    switch read.query {
    case .moveTarget(let dragging, let point, let between, let preview, let scroll):
      guard snapshot.frame(of: dragging) != nil else {
        return refuse(noCell(dragging), "moveTarget.dragging")
      }
      guard let scroll = offsets(scroll, "moveTarget") else { return }
      let target = snapshot.moveTarget(
        dragging: dragging, at: point, horizontalOffsets: scroll, allowsMovesBetweenSections: between)
      writer.write("{\"target\":" + (target.map(cell) ?? "null"))
      if preview {
        writer.write(",\"preview\":")
        if let target, let moved = try? snapshot.previewingMove(from: dragging, to: target) {
          Self.writeOnOneLine(&writer) {
            moved.writeJSON(sections: Array(0..<moved.numberOfSections), to: &$0)
          }
        } else {
          writer.write("null")
        }
      }
      writer.write("}")
    case .autoScroll(let point, let offset, let height, let rule):
      writer.write("{\"speed\":")
      writer.write(number: rule.speed(at: point, offset: offset, viewportLength: height))
      writer.write("}")
    case .focus(let from, let direction, let scroll):
      guard snapshot.frame(of: from) != nil else {
        return refuse(noCell(from), "focus.from")
      }
      guard let scroll = offsets(scroll, "focus") else { return }
      let target = snapshot.nextFocus(from: from, direction: direction, horizontalOffsets: scroll)
      writer.write("{\"to\":" + (target.map { cell($0.indexPath) } ?? "null") + ",\"carouselOffset\":")
      if let offset = target?.carouselOffset { writer.write(number: offset) } else { writer.write("null") }
      writer.write("}")
    case .accessibility(let path):
      guard let info = snapshot.accessibility(of: path) else {
        return refuse(noCell(path), "accessibility")
      }
      writer.write("{\"posinset\":\(info.positionInSet),\"setsize\":\(info.setSize)")
      if let grid = info.grid {
        writer.write(",\"row\":\(grid.row),\"column\":\(grid.column),\"rowSpan\":\(grid.rowSpan)")
        writer.write(",\"columnSpan\":\(grid.columnSpan),\"rowCount\":\(grid.rowCount)")
        writer.write(",\"columnCount\":\(grid.columnCount)")
      }
      writer.write("}")
    }
  }
}
