import LayoutGeometry
import LayoutJSON

// Scroll sessions in JSON: one event per line in, one state per line out, as
// `listlayout scroll` and the service's `scroll` requests speak them.

extension ScrollEvent {
  /// Reads one event: an object with exactly one key, the event's name.
  ///
  /// ```json
  /// {"scrollTo": 1200}
  /// {"scrollBy": -40}
  /// {"fling": -2500}
  /// {"scrollCarousel": {"section": 2, "to": 140}}
  /// {"flingCarousel": {"section": 2, "velocity": 900}}
  /// {"resize": {"width": 414, "height": 896}}
  /// {"measure": {"m1": {"width": 375, "height": 88}}}
  /// {"update": {…a feed…}}
  /// {"jump": {"id": "m1", "alignment": "center", "offset": 0}}
  /// {"jump": {"item": [0, 41]}}
  /// {"save": true}
  /// {"restore": {"anchor": "m1", "distance": 12, "sizes": {…}, "jump": null}}
  /// ```
  ///
  /// - Throws: `JSONInputError` naming the key path, line and column of a problem.
  public init<Bytes: Sequence<UInt8>>(
    json bytes: Bytes, limits: JSONInputLimits = .default
  ) throws(JSONInputError) {
    self = try ScrollEventLine(json: Array(bytes), limits: limits).event
  }
}

/// An event read from a line of JSON, with where its parts are, to report a session's refusal
/// at the key it concerns.
package struct ScrollEventLine {
  /// The event.
  package var event: ScrollEvent
  /// The event's name (its key).
  package var name: String
  /// Byte positions of the parts a session may refuse, by key path.
  var places: [String: Int] = [:]
  /// The line read.
  let document: [UInt8]

  enum EventKey: String, JSONObjectKey {
    case scrollTo, scrollBy, fling, scrollCarousel, flingCarousel, resize, measure, update, jump, save,
      restore
    static let keys = JSONKeyTable(Self.self)
  }

  enum CarouselKey: String, JSONObjectKey {
    case section, to, velocity
    static let keys = JSONKeyTable(Self.self)
  }

  enum SizeKey: String, JSONObjectKey {
    case width, height
    static let keys = JSONKeyTable(Self.self)
  }

  enum JumpKey: String, JSONObjectKey {
    case id, item, alignment, offset
    static let keys = JSONKeyTable(Self.self)
  }

  enum StateKey: String, JSONObjectKey {
    case anchor, distance, sizes, jump
    static let keys = JSONKeyTable(Self.self)
  }

  /// Reads the event on `document` (one line, without its line break).
  package init(json document: [UInt8], limits: JSONInputLimits = .default) throws(JSONInputError) {
    self.document = document
    var reader = try JSONReader(feed: JSONBuffer(copying: document), limits: limits)
    var found: (ScrollEvent, String)?
    var places: [String: Int] = [:]
    try reader.readObject("an event object", EventKey.keys) { (index, reader) throws(JSONInputError) in
      let key = EventKey(index: index)
      guard found == nil else {
        throw reader.invalid("one event per line: '\(key.rawValue)' follows another event")
      }
      _ = try reader.peek()
      places[key.rawValue] = reader.offset
      let event: ScrollEvent
      switch key {
      case .scrollTo: event = .scrollTo(try reader.readNumber())
      case .scrollBy: event = .scrollBy(try reader.readNumber())
      case .fling: event = .fling(velocity: try reader.readNumber())
      case .scrollCarousel, .flingCarousel:
        var section: Int?
        var value: Double?
        let start = reader.offset
        try reader.readObject("a carousel event object", CarouselKey.keys) {
          (index, reader) throws(JSONInputError) in
          let carouselKey = CarouselKey(index: index)
          switch carouselKey {
          case .section:
            _ = try reader.peek()
            places[key.rawValue + ".section"] = reader.offset
            section = try reader.readInteger(in: 0...Int(Int32.max))
          case .to, .velocity:
            guard (carouselKey == .to) == (key == .scrollCarousel) else {
              throw reader.error(
                .unknownKey,
                "'\(carouselKey.rawValue)' belongs to the other carousel event; "
                  + (key == .scrollCarousel
                    ? "scrollCarousel takes \"to\"" : "flingCarousel takes \"velocity\""))
            }
            value = try reader.readNumber()
          }
        }
        let valueKey = key == .scrollCarousel ? "to" : "velocity"
        guard let section, let value else {
          throw reader.error(
            .missingKey, "\(key.rawValue) needs a \"section\" and a \"\(valueKey)\"", at: start)
        }
        event =
          key == .scrollCarousel
          ? .scrollCarousel(section: section, to: value) : .flingCarousel(section: section, velocity: value)
      case .resize:
        var width: Double?
        var height: Double?
        try reader.readObject("a resize object", SizeKey.keys) { (index, reader) throws(JSONInputError) in
          switch SizeKey(index: index) {
          case .width:
            let value = try reader.readNonNegative()
            guard value > 0 else { throw reader.invalid("the width must be greater than 0") }
            width = value
          case .height: height = try reader.readNonNegative()
          }
        }
        event = .resize(width: width, height: height)
      case .measure:
        var sizes: [String: Size] = [:]
        try reader.readObject(
          "an object of sizes by cell id",
          anyKeys: { (id, reader) throws(JSONInputError) in
            _ = try reader.peek()
            places["measure." + id] = reader.offset
            sizes[id] = try Self.readSize(&reader)
          })
        event = .measure(sizes)
      case .update:
        let path = reader.pathString
        let slice = document[try reader.readRawValue()]
        event = .update(try EmbeddedFeed.model(slice, in: document, path: path, limits: limits))
      case .jump:
        event = .jump(try Self.readJump(&reader, places: &places, prefix: "jump"))
      case .save:
        let start = reader.offset
        guard try reader.readBool() else { throw reader.invalid("save takes true", at: start) }
        event = .save
      case .restore:
        event = .restore(try Self.readState(&reader))
      }
      found = (event, key.rawValue)
    }
    try reader.finish()
    guard let found else {
      throw reader.error(
        .missingKey,
        "an event needs one of " + EventKey.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "),
        at: 0)
    }
    (event, name) = found
    self.places = places
  }

  /// A `{"width", "height"}` object of finite, non-negative numbers.
  package static func readSize(_ reader: inout JSONReader) throws(JSONInputError) -> Size {
    var width: Double?
    var height: Double?
    let start = reader.offset
    try reader.readObject("a size object", SizeKey.keys) { (key, reader) throws(JSONInputError) in
      switch SizeKey(index: key) {
      case .width: width = try reader.readNonNegative()
      case .height: height = try reader.readNonNegative()
      }
    }
    guard let width, let height else {
      throw reader.error(.missingKey, "a size needs a width and a height", at: start)
    }
    return Size(width: width, height: height)
  }

  /// A jump object: `{"id"` or `"item", "alignment"?, "offset"?}`.
  static func readJump(
    _ reader: inout JSONReader, places: inout [String: Int], prefix: String
  ) throws(JSONInputError) -> ScrollJump {
    var target: ScrollJump.Target?
    var alignment = ScrollAlignment.top
    var offset = 0.0
    let start = reader.offset
    try reader.readObject("a jump object", JumpKey.keys) { (key, reader) throws(JSONInputError) in
      let jumpKey = JumpKey(index: key)
      _ = try reader.peek()
      let position = reader.offset
      switch jumpKey {
      case .id, .item:
        guard target == nil else {
          throw reader.invalid("a jump names its cell once: by \"id\" or by \"item\"")
        }
        places[prefix + "." + jumpKey.rawValue] = position
        if jumpKey == .id {
          target = .id(try reader.readString("a cell id"))
        } else {
          let pair = try ListDifference.readIndices(&reader)
          guard pair.count == 2 else {
            throw reader.invalid("an item is a pair [section, item]", at: position)
          }
          target = .item(ListIndexPath(item: pair[1], section: pair[0]))
        }
      case .alignment: alignment = try reader.readCase(ScrollAlignment.self, "alignment")
      case .offset: offset = try reader.readNumber()
      }
    }
    guard let target else {
      throw reader.error(.missingKey, "a jump needs an \"id\" or an \"item\"", at: start)
    }
    return ScrollJump(to: target, alignment: alignment, offset: offset)
  }

  /// A saved state (``ScrollState/jsonString()``).
  static func readState(_ reader: inout JSONReader) throws(JSONInputError) -> ScrollState {
    var state = ScrollState(anchorID: nil, anchorDistance: 0)
    try reader.readObject("a saved state object", StateKey.keys) { (key, reader) throws(JSONInputError) in
      switch StateKey(index: key) {
      case .anchor:
        if try !reader.readNullIfPresent() { state.anchorID = try reader.readString("a cell id or null") }
      case .distance: state.anchorDistance = try reader.readNumber()
      case .sizes:
        try reader.readObject(
          "an object of sizes by cell id",
          anyKeys: { (id, reader) throws(JSONInputError) in
            state.measuredSizes[id] = try readSize(&reader)
          })
      case .jump:
        var ignored: [String: Int] = [:]
        if try !reader.readNullIfPresent() {
          state.pendingJump = try readJump(&reader, places: &ignored, prefix: "")
        }
      }
    }
    return state
  }

  /// A session's refusal of this event as the answer's `error` object: the key path, line
  /// and column of the part it concerns.
  func describe(
    _ error: ScrollError, at outer: (document: [UInt8], start: Int, path: String)? = nil
  ) -> String {
    var path = name
    switch (error, event) {
    case (.unknownIdentifier(let id), .measure): path = "measure." + id
    case (.unknownIdentifier, .jump): path = "jump.id"
    case (.noSuchItem, _): path = "jump.item"
    case (.notACarousel, _): path = name + ".section"
    default: break
    }
    let kind: String
    switch error {
    case .layout: kind = "layout"
    case .unknownIdentifier: kind = "unknownIdentifier"
    default: kind = "invalidValue"
    }
    var position = places[path] ?? places[name] ?? 0
    var bytes = document
    if let outer {
      position += outer.start
      bytes = outer.document
      path = outer.path + "." + path
    }
    let (line, column) = EmbeddedFeed.lineAndColumn(of: position, in: bytes)
    return "{\"kind\":\"\(kind)\",\"path\":\(jsonQuoted(path)),\"message\":\(jsonQuoted(error.description)),"
      + "\"line\":\(line),\"column\":\(column)}"
  }
}

extension ScrollJump {
  /// The jump as JSON: `{"id": "m1"` or `"item": [s, i], "alignment": "top", "offset": 0}`.
  public func jsonString() -> String {
    var out = "{"
    switch target {
    case .id(let id): out += "\"id\":" + jsonQuoted(id)
    case .item(let path): out += "\"item\":[\(path.section),\(path.item)]"
    }
    return out + ",\"alignment\":\"\(alignment.rawValue)\",\"offset\":" + formatted(offset) + "}"
  }
}

extension ScrollState {
  /// The state as JSON, as `{"restore": …}` reads it back:
  /// `{"anchor": "m1" | null, "distance": 12, "sizes": {"m1": {"width", "height"}}, "jump": {…} | null}`
  /// (sizes by identifier in ascending order).
  public func jsonString() -> String {
    var out = "{\"anchor\":" + (anchorID.map(jsonQuoted) ?? "null")
    out += ",\"distance\":" + formatted(anchorDistance) + ",\"sizes\":{"
    for (n, id) in measuredSizes.keys.sorted().enumerated() {
      let size = measuredSizes[id]!
      out += (n == 0 ? "" : ",") + jsonQuoted(id) + ":{\"width\":" + formatted(size.width)
      out += ",\"height\":" + formatted(size.height) + "}"
    }
    out += "},\"jump\":" + (pendingJump?.jsonString() ?? "null") + "}"
    return out
  }

  /// Reads a state written by ``jsonString()``; every key is optional (no anchor, distance 0,
  /// no sizes, no jump).
  ///
  /// - Throws: `JSONInputError` naming the key path, line and column of a problem.
  public init<Bytes: Sequence<UInt8>>(
    json bytes: Bytes, limits: JSONInputLimits = .default
  ) throws(JSONInputError) {
    let document = Array(bytes)
    var reader = try JSONReader(feed: JSONBuffer(copying: document), limits: limits)
    self = try ScrollEventLine.readState(&reader)
    try reader.finish()
  }
}

extension ScrollSession {
  /// The session after an event as one line of JSON (without a line break):
  ///
  /// ```
  /// {"offset","contentLength","minOffset","maxOffset","visible":[[s,i]],"appeared":[[s,i]],
  ///  "disappeared":[[s,i]],"anchor":[s,i]|null,"atStart","nearStart","atEnd","nearEnd",
  ///  "carouselOffsets":{"s":x},"listHeader":{frame}|null,"state":{…}}
  /// ```
  ///
  /// `state` appears after ``ScrollEvent/save``; `carouselOffsets` lists the carousels not at
  /// 0, by section; `listHeader` is ``listHeaderFrame``; `"hiddenJump": [s, i]` appears while
  /// the pending jump's cell is hidden in a collapsed section (``hiddenJumpTarget``).
  public func jsonString(step: ScrollStep) -> String {
    func paths(_ list: [ListIndexPath]) -> String {
      var out = "["
      for (n, path) in list.enumerated() { out += (n == 0 ? "[" : ",[") + "\(path.section),\(path.item)]" }
      return out + "]"
    }
    var out = "{\"offset\":" + formatted(offset) + ",\"contentLength\":" + formatted(contentLength)
    out += ",\"minOffset\":" + formatted(minOffset) + ",\"maxOffset\":" + formatted(maxOffset)
    out += ",\"visible\":" + paths(visibleCells) + ",\"appeared\":" + paths(step.appeared)
    out += ",\"disappeared\":" + paths(step.disappeared)
    out += ",\"anchor\":" + (anchor.map { "[\($0.section),\($0.item)]" } ?? "null")
    out +=
      ",\"atStart\":\(isAtStart),\"nearStart\":\(isNearStart),\"atEnd\":\(isAtEnd),\"nearEnd\":\(isNearEnd)"
    out += ",\"carouselOffsets\":{"
    for (n, section) in carouselOffsets.offsets.keys.sorted().enumerated() {
      out += (n == 0 ? "" : ",") + "\"\(section)\":" + formatted(carouselOffsets[section])
    }
    out += "},\"listHeader\":" + (listHeaderFrame.map(frameJSON) ?? "null")
    if let hidden = hiddenJumpTarget { out += ",\"hiddenJump\":[\(hidden.section),\(hidden.item)]" }
    if let state = step.state { out += ",\"state\":" + state.jsonString() }
    return out + "}"
  }

  /// The start as one line of JSON: ``jsonString(step:)`` with every visible cell appeared.
  public func startJSONString() -> String {
    jsonString(step: ScrollStep(appeared: visibleCells))
  }

  /// Reads one event from a line of JSON, applies it, and answers with one line of JSON
  /// (without a line break): ``jsonString(step:)``, or `{"error": {"kind", "path",
  /// "message", "line", "column"}}` for a line that is not an event or an event the session
  /// refuses, which leaves the session as it was.
  public mutating func respond(toJSON line: [UInt8], limits: JSONInputLimits = .default) -> String {
    switch applyJSON(line, limits: limits) {
    case .success(let step): return jsonString(step: step)
    case .failure(let error): return "{\"error\":\(error.object)}"
    }
  }

  /// Why a line of JSON was not applied: the `error` object of an answer.
  package struct JSONEventError: Error {
    /// The object, as JSON.
    package var object: String
  }

  /// Reads one event from a line of JSON and applies it.
  package mutating func applyJSON(
    _ line: [UInt8], limits: JSONInputLimits = .default
  ) -> Result<
    ScrollStep, JSONEventError
  > {
    let read: ScrollEventLine
    do {
      read = try ScrollEventLine(json: line, limits: limits)
    } catch {
      return .failure(JSONEventError(object: Self.describe(error)))
    }
    do {
      return .success(try apply(read.event))
    } catch {
      return .failure(JSONEventError(object: read.describe(error)))
    }
  }

  /// A JSON error as the answer's `error` object.
  package static func describe(_ error: JSONInputError) -> String { error.answerObject }
}

extension JSONInputError {
  /// The error as the `error` object of an answer of `listlayout scroll` or `serve`:
  /// `{"kind", "path", "message", "limit"?, "line", "column"}`.
  package var answerObject: String {
    let kind =
      switch self.kind {
      case .syntax: "syntax"
      case .typeMismatch: "typeMismatch"
      case .unknownKey: "unknownKey"
      case .missingKey: "missingKey"
      case .invalidValue: "invalidValue"
      case .limitExceeded: "limitExceeded"
      }
    var out = "{\"kind\":\"\(kind)\",\"path\":\(jsonQuoted(path)),\"message\":\(jsonQuoted(message))"
    if case .limitExceeded(let name) = self.kind { out += ",\"limit\":\(jsonQuoted(name))" }
    return out + ",\"line\":\(line),\"column\":\(column)}"
  }
}

extension ScrollSession {
  /// The keys of a session's options object (the service's `session` request).
  enum OptionKey: String, JSONObjectKey {
    case topInset, bottomInset, gravity, start, followEnd, loadThreshold, snap, deceleration, listHeaderMode
    static let keys = JSONKeyTable(Self.self)
  }

  /// Reads a session's options and start from the object at `slice` of `document` (errors
  /// named at `path` in the whole document): `{"topInset", "bottomInset", "gravity",
  /// "start": "top" | "end" | {jump}, "followEnd", "loadThreshold", "snap", "deceleration",
  /// "listHeaderMode"}`, each optional.
  package static func readOptions(
    _ slice: ArraySlice<UInt8>, in document: [UInt8], path: String, limits: JSONInputLimits = .default
  ) throws(JSONInputError) -> (ScrollOptions, ScrollStart) {
    let bytes = Array(slice)
    do {
      var reader = try JSONReader(feed: JSONBuffer(copying: bytes), limits: limits)
      var options = ScrollOptions()
      var start = ScrollStart.top
      try reader.readObject("an object of scroll options", OptionKey.keys) {
        (key, reader) throws(JSONInputError) in
        switch OptionKey(index: key) {
        case .topInset: options.topInset = try reader.readNonNegative()
        case .bottomInset: options.bottomInset = try reader.readNonNegative()
        case .gravity: options.gravity = try reader.readCase(ScrollGravity.self, "gravity")
        case .followEnd: options.followsEnd = try reader.readBool()
        case .loadThreshold: options.loadThreshold = try reader.readNonNegative()
        case .snap: options.snap = try reader.readCase(ScrollSnap.self, "snap")
        case .listHeaderMode:
          options.listHeaderMode = try reader.readCase(ListHeaderMode.self, "list header mode")
        case .deceleration:
          let position = reader.offset
          let rate = try reader.readNonNegative()
          guard rate < 1 else {
            throw reader.invalid("the deceleration rate must be less than 1", at: position)
          }
          options.deceleration = rate
        case .start:
          if try reader.peek() == .object {
            var places: [String: Int] = [:]
            start = .jump(try ScrollEventLine.readJump(&reader, places: &places, prefix: "start"))
          } else {
            start = try reader.readName([("top", ScrollStart.top), ("end", .end)], "start")
          }
        }
      }
      try reader.finish()
      return (options, start)
    } catch {
      throw EmbeddedFeed.rebase(
        error, wrapped: bytes, prefixLength: 0, slice: slice, in: document, innerPath: "", path: path)
    }
  }

  /// Reads one event from `slice` of `document` and applies it; an error names its key path
  /// below `path` and its line and column in the whole document.
  package mutating func applyJSON(
    _ slice: ArraySlice<UInt8>, in document: [UInt8], path: String, limits: JSONInputLimits = .default
  ) -> Result<ScrollStep, JSONEventError> {
    let bytes = Array(slice)
    let read: ScrollEventLine
    do {
      read = try ScrollEventLine(json: bytes, limits: limits)
    } catch {
      let rebased = EmbeddedFeed.rebase(
        error, wrapped: bytes, prefixLength: 0, slice: slice, in: document, innerPath: "", path: path)
      return .failure(JSONEventError(object: Self.describe(rebased)))
    }
    do {
      return .success(try apply(read.event))
    } catch {
      return .failure(JSONEventError(object: read.describe(error, at: (document, slice.startIndex, path))))
    }
  }
}
