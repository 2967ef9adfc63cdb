import Foundation
import LayoutGeometry
import LayoutJSON
import ListLayout

/// A layout kept alive between requests: the engine behind `listlayout serve`, for a
/// renderer written in any language. Each request is one JSON object; each answer is one
/// line of JSON.
///
/// ```
/// → {"id":1,"op":"load","feed":{"width":375,"sections":[…]}}
/// ← {"id":1,"ok":true,"contentSize":{"width":375,"height":1200}}
/// → {"id":2,"op":"viewport","offset":300,"height":667,"scroll":{"3":140}}
/// ← {"id":2,"ok":true,"contentSize":{…},"elements":[{"kind":"header",…,"pinned":true},…],
///    "sections":[{"index":2,"frame":{…}},{"index":3,"frame":{…},"contentWidth":1090,"snapOffsets":[…]}]}
/// → {"id":3,"op":"update","feed":{…}}
/// ← {"id":3,"ok":true,"sections":{…},"items":{…},"contentOffset":280,"transitions":[…]}
/// → {"id":4,"op":"viewport","offset":"x"}
/// ← {"id":4,"ok":false,"error":{"kind":"typeMismatch","path":"offset","message":"…","line":1,"column":34}}
/// ```
///
/// Operations (`op`):
/// - `load`: a new feed, inline (`feed`) or from a file (`path`), optionally at a `width`;
///   answers the content size.
/// - `viewport`: `offset` and `height`, optionally `scroll` (carousel sections' horizontal
///   offsets by section index, `{"2": 140}`, as `layout --scroll 2=140`; a section that is
///   not a carousel is a `request` error); answers what
///   `listlayout layout --offset --viewport-height --scroll` prints (the content size, the
///   visible elements, headers pinned, and the sections the viewport meets: each one's
///   `index` and `frame`, and a carousel's `contentWidth` and `snapOffsets`) and remembers
///   the viewport. Only the sections the viewport meets are listed, found by binary search,
///   so the answer costs O(log s + k) for s sections and k elements and sections shown (plus
///   a shown carousel's snap offsets: one per cell when paged by item), however many
///   sections the feed has; a renderer learns a carousel's resting points when it comes
///   into view.
/// - `update`: a whole new `feed`, diffed against the current one and applied incrementally,
///   anchored to the viewport (`offset` and `height`, else the remembered one); answers what
///   `listlayout diff` prints. The remembered offset becomes the anchored one.
/// - `edit`: a `batch` in the diff format with the new content alongside
///   (see ListLayout's `ListDifference(json:for:limits:)`); answers the content size, and with a
///   viewport the anchored offset and the transitions.
/// - `measure`: `sizes` of cells by id (`{"a":{"width":100,"height":44}}`); answers the
///   content size and, with a viewport, the anchored offset.
/// - `layout`: answers every element and every section, as `listlayout layout` prints them.
/// - `session`: starts a scroll session (`ScrollSession`) on the loaded layout, a viewport
///   `height` long (optionally at a `width`), with `options` as `listlayout scroll` takes them
///   (`topInset`, `bottomInset`, `gravity`, `start`: `"top"`, `"end"` or a jump object,
///   `followEnd`, `loadThreshold`, `snap`, `deceleration`, `listHeaderMode`); answers what
///   `listlayout scroll` prints for the start.
/// - `scroll`: applies one `event` to the session, as `listlayout scroll` reads it; answers what
///   it prints for the event. The layout follows the session's; `load`, `update`, `edit` and
///   `measure` end the session.
///
/// Every answer echoes the request's `id` (a number, string or `null`; `null` when absent
/// or unreadable). A bad request is answered with `"ok":false` and an `error` object
/// (`kind`, `path`, `message`, `line`, `column` for JSON errors; `kind` and `message` for
/// others), and changes nothing.
public struct LayoutService: Sendable {
  /// The current layout, once a feed is loaded.
  public private(set) var snapshot: LayoutSnapshot?
  /// The remembered viewport: its content offset and height.
  public private(set) var viewport: (offset: Double, height: Double)?
  /// The scroll session `session` requests start and `scroll` requests drive, if any.
  public private(set) var scrollSession: ScrollSession?
  /// Bounds on each request.
  public var limits: JSONInputLimits
  /// Reads a file for `load` with a `path`.
  let readFile: @Sendable (String) throws -> [UInt8]

  /// Creates a service with no layout loaded.
  ///
  /// - Parameters:
  ///   - limits: bounds on each request (a request's feed counts against them).
  ///   - readFile: reads the file a `load` request names; by default files cannot be read.
  public init(
    limits: JSONInputLimits = .default,
    readFile: @escaping @Sendable (String) throws -> [UInt8] = { _ in throw ServiceError.noFiles }
  ) {
    self.limits = limits
    self.readFile = readFile
  }

  /// Loads a model directly (what a `load` request does with a decoded feed).
  ///
  /// - Throws: `LayoutError` when the model cannot be laid out; the service is unchanged.
  public mutating func load(_ model: ListModel) throws(LayoutError) {
    snapshot = try model.layout()
  }

  /// Answers one request (one line of JSON, without its line break) with one line of JSON,
  /// without a line break.
  ///
  /// - Complexity: the cost of the operation (a viewport: O(log n + k) plus the request's
  ///   length).
  public mutating func respond(to request: [UInt8]) -> String {
    var parsed = ServiceRequest()
    do {
      var reader = try JSONReader(feed: JSONBuffer(copying: request), limits: limits)
      try parsed.read(&reader, document: request)
      try reader.finish()
      let body = try perform(parsed, document: request)
      return "{\"id\":\(parsed.id),\"ok\":true" + (body.isEmpty ? "" : "," + body) + "}"
    } catch {
      return "{\"id\":\(parsed.id),\"ok\":false,\"error\":\(Self.describe(error))}"
    }
  }

  /// Carries out a parsed request; returns the answer's fields (without braces).
  mutating func perform(_ request: ServiceRequest, document: [UInt8]) throws -> String {
    guard let op = request.op else { throw ServiceError.request("a request needs an \"op\"") }
    if [.load, .update, .edit, .measure].contains(op) { scrollSession = nil }
    switch op {
    case .load:
      let model: ListModel
      if let feed = request.feed {
        model = try EmbeddedFeed.model(feed, in: document, width: request.width, path: "feed", limits: limits)
      } else if let path = request.path {
        let bytes: [UInt8]
        do { bytes = try readFile(path) } catch { throw ServiceError.file(path, "\(error)") }
        do {
          model = try ListModel(json: bytes, width: request.width, limits: limits)
        } catch {
          throw ServiceError.file(path, "\(error)")
        }
      } else {
        throw ServiceError.request("load needs a \"feed\" or a \"path\"")
      }
      let next = try model.layout()
      snapshot = next
      return Self.fields(next.jsonString(elements: []), dropping: ",\"elements\":[]")
    case .viewport:
      let current = try loaded()
      guard let offset = request.offset, let height = request.height else {
        throw ServiceError.request("viewport needs an \"offset\" and a \"height\"")
      }
      do {
        try current.checkHorizontalOffsets(request.scroll)
      } catch {
        throw ServiceError.request("scroll.\(error.section): \(error)")
      }
      viewport = (offset, height)
      let visible = current.viewport(scrolledTo: offset, length: height, horizontalOffsets: request.scroll)
      let sections = current.sections(overlapping: visible.rect)
      return Self.fields(current.jsonString(elements: visible.elements, sections: sections))
    case .update:
      let current = try loaded()
      guard let feed = request.feed else { throw ServiceError.request("update needs a \"feed\"") }
      let model = try EmbeddedFeed.model(
        feed, in: document, width: request.width, path: "feed", limits: limits)
      let difference = ListDifference(from: current.model, to: model)
      return try apply(difference, request: request, printing: difference)
    case .edit:
      let current = try loaded()
      guard let batch = request.batch else { throw ServiceError.request("edit needs a \"batch\"") }
      let bytes = Array(batch)
      let difference: ListDifference
      do {
        difference = try ListDifference(json: bytes, for: current.model, limits: limits)
      } catch {
        throw EmbeddedFeed.rebase(
          error, wrapped: bytes, prefixLength: 0, slice: batch, in: document, innerPath: "", path: "batch")
      }
      return try apply(difference, request: request, printing: nil)
    case .measure:
      let current = try loaded()
      let anchor = try self.anchor(for: request)
      let result = try current.applyingMeasurements(request.sizes, anchor: anchor)
      snapshot = result.snapshot
      var out = Self.fields(result.snapshot.jsonString(elements: []), dropping: ",\"elements\":[]")
      if let anchor {
        viewport = (result.contentOffset, anchor.viewportHeight)
        out += ",\"contentOffset\":" + formatted(result.contentOffset)
      }
      return out
    case .layout:
      let current = try loaded()
      return Self.fields(current.jsonString(sections: Array(0..<current.numberOfSections)))
    case .session:
      let current = try loaded()
      guard let height = request.height else { throw ServiceError.request("session needs a \"height\"") }
      var options = ScrollOptions()
      var start = ScrollStart.top
      if let slice = request.options {
        (options, start) = try ScrollSession.readOptions(slice, in: document, path: "options", limits: limits)
      }
      var session: ScrollSession
      do {
        if let width = request.width, width != current.model.configuration.width {
          session = try ScrollSession(
            model: current.model, viewportLength: height, width: width, options: options, start: start)
        } else {
          session = try ScrollSession(
            snapshot: current, viewportLength: height, options: options, start: start)
        }
      } catch {
        throw ServiceError.request("session: \(error)")
      }
      scrollSession = session
      snapshot = session.snapshot
      return Self.fields(session.startJSONString())
    case .scroll:
      guard var session = scrollSession else {
        throw ServiceError.request("no scroll session; send a \"session\" request first")
      }
      guard let event = request.event else { throw ServiceError.request("scroll needs an \"event\"") }
      switch session.applyJSON(event, in: document, path: "event", limits: limits) {
      case .success(let step):
        scrollSession = session
        snapshot = session.snapshot
        return Self.fields(session.jsonString(step: step))
      case .failure(let error): throw error
      }
    }
  }

  /// Applies a difference, anchored to the request's or the remembered viewport.
  mutating func apply(
    _ difference: ListDifference, request: ServiceRequest, printing: ListDifference?
  ) throws -> String {
    let current = try loaded()
    guard let anchor = try anchor(for: request) else {
      let result = try current.applying(difference)
      snapshot = result.snapshot
      if let printing { return Self.fields(printing.jsonString()) }
      return Self.fields(result.snapshot.jsonString(elements: []), dropping: ",\"elements\":[]")
    }
    let transition = try current.transition(
      difference, contentOffset: anchor.contentOffset, viewportHeight: anchor.viewportHeight)
    snapshot = transition.result.snapshot
    viewport = (transition.result.contentOffset, anchor.viewportHeight)
    let size = transition.result.snapshot.contentSize
    var out = "\"contentSize\":{\"width\":\(formatted(size.width)),\"height\":\(formatted(size.height))},"
    out += Self.fields((printing ?? difference).jsonString(transition: transition))
    return out
  }

  func anchor(for request: ServiceRequest) throws -> ScrollAnchor? {
    switch (request.offset, request.height) {
    case (let offset?, let height?): return ScrollAnchor(contentOffset: offset, viewportHeight: height)
    case (nil, nil): return viewport.map { ScrollAnchor(contentOffset: $0.offset, viewportHeight: $0.height) }
    default: throw ServiceError.request("\"offset\" and \"height\" go together")
    }
  }

  func loaded() throws -> LayoutSnapshot {
    guard let snapshot else { throw ServiceError.request("no feed is loaded; send a \"load\" request first") }
    return snapshot
  }

  /// The fields of a one-object JSON text, on one line: its braces and line breaks removed
  /// (the writers escape line breaks inside strings, so every raw one is layout).
  static func fields(_ object: String, dropping: String? = nil) -> String {
    var bytes = Array(object.utf8)
    bytes.removeAll { $0 == UInt8(ascii: "\n") }
    var text = String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self)
    if let dropping, let range = text.range(of: dropping) { text.removeSubrange(range) }
    return text
  }

  /// An error as the answer's `error` object.
  static func describe(_ error: any Error) -> String {
    switch error {
    case let error as JSONInputError: return error.answerObject
    case let error as UpdateError: return "{\"kind\":\"update\",\"message\":\(jsonQuoted(error.description))}"
    case let error as LayoutError: return "{\"kind\":\"layout\",\"message\":\(jsonQuoted("\(error)"))}"
    case let error as ScrollSession.JSONEventError: return error.object
    case let error as ServiceError:
      switch error {
      case .request(let message): return "{\"kind\":\"request\",\"message\":\(jsonQuoted(message))}"
      case .file(let path, let message):
        return "{\"kind\":\"file\",\"path\":\(jsonQuoted(path)),\"message\":\(jsonQuoted(message))}"
      case .noFiles: return "{\"kind\":\"file\",\"message\":\"this service reads no files\"}"
      }
    default: return "{\"kind\":\"other\",\"message\":\(jsonQuoted("\(error)"))}"
    }
  }
}

/// Why a request other than a JSON or update error failed.
public enum ServiceError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The request is valid JSON but cannot be carried out as asked.
  case request(String)
  /// A file named by a request could not be read or decoded.
  case file(String, String)
  /// The service was created without a way to read files.
  case noFiles

  public var description: String {
    switch self {
    case .request(let message): message
    case .file(let path, let message): "\(path): \(message)"
    case .noFiles: "this service reads no files"
    }
  }
}

extension ServiceError: LocalizedError {
  /// The error's ``description``, which `localizedDescription` reads.
  public var errorDescription: String? { description }
}

/// One request, read in full before it is carried out.
struct ServiceRequest {
  enum Operation: String, CaseIterable {
    case load, viewport, update, edit, measure, layout, session, scroll
  }

  /// The request's `id`, as JSON text to echo.
  var id = "null"
  var op: Operation?
  var feed: ArraySlice<UInt8>?
  var path: String?
  var batch: ArraySlice<UInt8>?
  var offset: Double?
  var height: Double?
  var width: Double?
  var sizes: [String: Size] = [:]
  /// Carousel sections' horizontal offsets (`"scroll"`), for a viewport.
  var scroll = HorizontalOffsets()
  /// A scroll session's options (`session`) and an event for it (`scroll`).
  var options: ArraySlice<UInt8>?
  var event: ArraySlice<UInt8>?

  enum Key: String, JSONObjectKey {
    case id, op, feed, path, batch, offset, height, width, sizes, scroll, options, event
    static let keys = JSONKeyTable(Self.self)
  }

  mutating func read(_ reader: inout JSONReader, document: [UInt8]) throws(JSONInputError) {
    var op: Operation?
    try reader.readObject("a request object", Key.keys) { (key, reader) throws(JSONInputError) in
      switch Key(index: key) {
      case .id:
        switch try reader.peek() {
        case .number, .string, .null:
          id = String(decoding: document[try reader.readRawValue()], as: UTF8.self)
        case let other: throw reader.mismatch("a number, a string or null", other)
        }
      case .op:
        op = try reader.readName(Operation.allCases.map { ($0.rawValue, $0) }, "operation")
      case .feed: feed = document[try reader.readRawValue()]
      case .batch: batch = document[try reader.readRawValue()]
      case .options: options = document[try reader.readRawValue()]
      case .event: event = document[try reader.readRawValue()]
      case .path: path = try reader.readString("a file path")
      case .offset: offset = try reader.readNumber()
      case .height: height = try reader.readNonNegative()
      case .width:
        let value = try reader.readNonNegative()
        guard value > 0 else { throw reader.invalid("the width must be greater than 0") }
        width = value
      case .scroll:
        // Carousel offsets by section index: {"2": 140}.
        try reader.readObject(
          "an object of horizontal offsets by section index",
          anyKeys: { (key, reader) throws(JSONInputError) in
            guard let section = Int(key), section >= 0, String(section) == key else {
              throw reader.invalid(
                "a carousel's key is its section index (0, 1, …), not '\(JSONReader.shortened(key))'")
            }
            scroll[section] = try reader.readNumber()
          })
      case .sizes:
        try reader.readObject(
          "an object of sizes by cell id",
          anyKeys: { (cellID, reader) throws(JSONInputError) in
            sizes[cellID] = try ScrollEventLine.readSize(&reader)
          })
      }
    }
    guard let op else { throw reader.error(.missingKey, "a request needs an \"op\"", at: 0) }
    self.op = op
  }
}
