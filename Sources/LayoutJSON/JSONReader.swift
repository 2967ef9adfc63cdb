// The package's one JSON reader: feeds (ListLayout), flex trees (Flexbox), updates and
// requests all read through it, so they share its rules and its error format.
//
// It pulls values straight out of the UTF-8 bytes: no tree, no allocation per value, keys
// matched as bytes against a table per object kind, numbers parsed without a `String`. The
// key path and the line and column of a problem are worked out only when an error is thrown.

/// The bytes of one JSON document, owned for as long as a reader of them lives.
@usableFromInline package final class JSONBuffer: @unchecked Sendable {
  // The one manual allocation of the reader: filled once at creation, never written again,
  // freed with the buffer. It holds at least one (zeroed) byte, so its base address exists
  // even for an empty document; `count` says how many are the document's.
  @usableFromInline let bytes: UnsafeMutableBufferPointer<UInt8>
  /// The number of bytes in the document.
  package let count: Int

  /// A copy of `source`.
  package init<Bytes: Collection<UInt8>>(copying source: Bytes) {
    bytes = .allocate(capacity: Swift.max(source.count, 1))
    bytes.initialize(repeating: 0)
    count = source.count
    _ = UnsafeMutableBufferPointer(rebasing: bytes[0..<count]).initialize(from: source)
  }

  deinit { bytes.deallocate() }
}

/// A pull reader over one JSON document.
///
/// The reader and its helper types are `@usableFromInline` as well as `package`: without
/// that, other modules of the package do not inline its `@inlinable` methods (the compiler
/// calls them instead, ten or more calls per cell of a feed). Its hot paths are
/// `@inline(always)`, which guarantees the inlining: with `@inline(__always)`, a hint the
/// optimizer weighs like any other, a feed's cell loop called `nextKey` and `readSize` (about
/// 100 more instructions per cell).
///
/// Values are read in document order: `peek()` tells what comes next; `readNumber()`,
/// `readString()`, `readBool()` read scalars; `readObject(_:_:_:)` and `readArray(_:_:)` call
/// back once per member with the reader positioned on its value. The reader keeps the key path
/// of what it reads as offsets into the document and renders it only for an error.
@usableFromInline package struct JSONReader {
  @usableFromInline package enum Token: Equatable, Sendable {
    case object, array, string, number, bool, null
  }

  /// The owner of the bytes, when the reader made its own copy (`nil` when it reads bytes
  /// its caller keeps alive, inside ``withReader(of:maxDepth:maxStringLength:_:)``).
  @usableFromInline let buffer: JSONBuffer?
  @usableFromInline let base: UnsafePointer<UInt8>
  @usableFromInline let end: Int
  /// The position of the next byte to read.
  @usableFromInline package var offset = 0
  /// The deepest nesting of arrays and objects allowed.
  @usableFromInline
  package let maxDepth: Int
  /// The longest string allowed, in UTF-8 bytes.
  @usableFromInline
  package let maxStringLength: Int
  @usableFromInline var depth = 0
  /// Whether strings of up to 15 ASCII bytes can be made in place (``SmallString``).
  @usableFromInline let smallStrings = SmallString.isAvailable

  /// One level of the key path: the offset of the current key's opening quote in an object,
  /// or the current index in an array.
  @usableFromInline
  struct PathFrame {
    @usableFromInline var isObject: Bool
    @usableFromInline var keyQuote: Int
    @usableFromInline var index: Int
    @usableFromInline init(isObject: Bool, keyQuote: Int, index: Int) {
      self.isObject = isObject
      self.keyQuote = keyQuote
      self.index = index
    }
  }
  /// The frames of the containers around the innermost one, outermost first (the first is
  /// a placeholder for the document level, which renders as nothing): `depth` of them.
  @usableFromInline let path: PathStack
  /// `path`'s frames, held here so that entering and leaving a container is one store and
  /// one load (no array to check for uniqueness and capacity).
  @usableFromInline var frames: UnsafeMutablePointer<PathFrame>
  /// How many frames `frames` holds room for.
  @usableFromInline var framesCapacity: Int
  /// The frame of the innermost open container, kept out of the array: it changes at every
  /// key and element, and a stored field costs no uniqueness check to write.
  @usableFromInline var top = PathFrame(isObject: true, keyQuote: -1, index: -1)

  /// The storage of a reader's key path: one allocation per reader, grown by doubling when
  /// the nesting gets deeper than it has room for (never beyond `maxDepth` frames).
  ///
  /// A reader is not copied while it reads (it is passed `inout`); a copy would share this.
  @usableFromInline
  final class PathStack {
    @usableFromInline var frames: UnsafeMutablePointer<PathFrame>
    @usableFromInline var capacity: Int

    init(capacity: Int) {
      self.capacity = capacity
      frames = .allocate(capacity: capacity)
    }

    /// Doubles the room, keeping the first `count` frames.
    @usableFromInline
    func grow(keeping count: Int) {
      let larger = UnsafeMutablePointer<PathFrame>.allocate(capacity: capacity * 2)
      larger.moveInitialize(from: frames, count: count)
      frames.deallocate()
      frames = larger
      capacity *= 2
    }

    deinit { frames.deallocate() }
  }

  /// A reader of `buffer`'s bytes.
  package init(buffer: JSONBuffer, maxDepth: Int, maxStringLength: Int) {
    self.init(
      buffer: buffer, base: UnsafePointer(buffer.bytes.baseAddress!), count: buffer.count, maxDepth: maxDepth,
      maxStringLength: maxStringLength)
  }

  private init(
    buffer: JSONBuffer?, base: UnsafePointer<UInt8>, count: Int, maxDepth: Int, maxStringLength: Int
  ) {
    self.buffer = buffer
    self.base = base
    self.end = count
    self.maxDepth = maxDepth
    self.maxStringLength = maxStringLength
    path = PathStack(capacity: 16)
    frames = path.frames
    framesCapacity = path.capacity
  }

  private init(pointer: UnsafeBufferPointer<UInt8>, maxDepth: Int, maxStringLength: Int) {
    self.init(
      buffer: nil, base: pointer.baseAddress!, count: pointer.count, maxDepth: maxDepth,
      maxStringLength: maxStringLength)
  }

  /// Calls `body` with a reader of `bytes` in place, without copying them; the reader must
  /// not outlive the call.
  package static func withReader<R>(
    of bytes: [UInt8], maxDepth: Int, maxStringLength: Int,
    _ body: (inout JSONReader) throws(JSONInputError) -> R
  ) throws(JSONInputError) -> R {
    let result: Result<R, JSONInputError> = bytes.withUnsafeBufferPointer { pointer in
      do throws(JSONInputError) {
        return .success(
          try withReader(of: pointer, maxDepth: maxDepth, maxStringLength: maxStringLength, body))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Calls `body` with a reader of the bytes at `pointer` in place, without copying them
  /// (bytes mapped from a file, say); the reader must not outlive the call.
  package static func withReader<R>(
    of pointer: UnsafeBufferPointer<UInt8>, maxDepth: Int, maxStringLength: Int,
    _ body: (inout JSONReader) throws(JSONInputError) -> R
  ) throws(JSONInputError) -> R {
    if pointer.isEmpty {
      // An owned, zeroed buffer gives the empty document a base address to stand on.
      var reader = JSONReader(bytes: EmptyCollection(), maxDepth: maxDepth, maxStringLength: maxStringLength)
      return try body(&reader)
    }
    var reader = JSONReader(pointer: pointer, maxDepth: maxDepth, maxStringLength: maxStringLength)
    return try body(&reader)
  }

  /// A reader of a copy of `bytes`.
  package init<Bytes: Collection<UInt8>>(bytes: Bytes, maxDepth: Int, maxStringLength: Int) {
    self.init(buffer: JSONBuffer(copying: bytes), maxDepth: maxDepth, maxStringLength: maxStringLength)
  }

  /// The number of bytes in the document.
  package var count: Int { end }

  // MARK: Errors

  /// The key path of the value being read, rendered.
  package var pathString: String {
    var text = ""
    for frame in Array(UnsafeBufferPointer(start: frames, count: depth)) + [top] {
      if frame.isObject {
        guard frame.keyQuote >= 0 else { continue }
        let key =
          (try? decodeJSONString(
            UnsafeBufferPointer(start: base, count: end), quote: frame.keyQuote, maxLength: Int.max
          ).string) ?? "?"
        text += text.isEmpty ? key : "." + key
      } else if frame.index >= 0 {
        text += "[\(frame.index)]"
      }
    }
    return text
  }

  /// The 1-based line and column (in bytes) of `position`.
  package func location(of position: Int) -> (line: Int, column: Int) {
    let stop = Swift.min(Swift.max(position, 0), end)
    var line = 1
    var lineStart = 0
    for i in 0..<stop where base[i] == UInt8(ascii: "\n") {
      line += 1
      lineStart = i + 1
    }
    return (line, stop - lineStart + 1)
  }

  /// An error at `position` (default: the current position), with the current key path.
  @usableFromInline
  package func error(
    _ kind: JSONInputError.Kind, _ message: String, at position: Int? = nil
  ) -> JSONInputError {
    let (line, column) = location(of: position ?? offset)
    return JSONInputError(kind: kind, path: pathString, message: message, line: line, column: column)
  }

  /// Reports the value being read as invalid.
  @usableFromInline
  package func invalid(_ message: String, at position: Int? = nil) -> JSONInputError {
    error(.invalidValue, message, at: position)
  }

  // MARK: Tokens

  @inlinable @inline(always)
  mutating func skipWhitespace() {
    while offset < end {
      switch base[offset] {
      case 0x20, 0x0A, 0x0D, 0x09: offset &+= 1
      default: return
      }
    }
  }

  /// The kind of the next value, without consuming it.
  @inlinable @inline(always)
  package mutating func peek() throws(JSONInputError) -> Token {
    skipWhitespace()
    guard offset < end else { throw error(.syntax, "unexpected end of input, expected a value") }
    switch base[offset] {
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
    case UInt8(ascii: "n"): return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    default: throw invalidLiteral(expected: "a value") ?? unexpected("a value")
    }
  }

  /// The error for an unexpected byte (or the end of input) where `what` was expected.
  @usableFromInline
  package func unexpected(_ what: String) -> JSONInputError {
    guard offset < end else { return error(.syntax, "unexpected end of input, expected \(what)") }
    return error(.syntax, "unexpected character '\(printable(base[offset]))', expected \(what)")
  }

  func printable(_ byte: UInt8) -> String {
    (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
  }

  @usableFromInline
  package static func describe(_ token: Token) -> String {
    switch token {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    }
  }

  @inlinable @inline(always)
  mutating func expect(_ token: Token, _ what: String) throws(JSONInputError) {
    let found = try peek()
    guard found == token else { throw mismatch(what, found) }
  }

  /// The error for a value of the wrong type (the reader on it): names the value as it is
  /// written (see ``foundValue(at:)``), or reports a word that is no JSON literal (`nope`,
  /// `tx`) as one.
  @usableFromInline
  package func mismatch(_ what: String, _ found: Token) -> JSONInputError {
    if let invalid = invalidLiteral(expected: what) { return invalid }
    return error(.typeMismatch, "expected \(what), found \(foundValue(at: offset))")
  }

  /// The longest text of a value an error message quotes, in bytes; longer text is cut
  /// (at a character boundary) and ends in `…`.
  package static var quotedValueLength: Int { 40 }

  /// The value at `position` (after any white space) as an error message names it: a number,
  /// `true`, `false` or `null` as written; a string as `the string "…"` with its text as
  /// written (escapes and all); `an object` or `an array`. Long text is cut at
  /// ``quotedValueLength`` bytes.
  package func foundValue(at position: Int) -> String {
    var start = Swift.min(Swift.max(position, 0), end)
    while start < end, Self.isWhitespace(base[start]) { start += 1 }
    guard start < end else { return "the end of the input" }
    switch base[start] {
    case UInt8(ascii: "{"): return "an object"
    case UInt8(ascii: "["): return "an array"
    case UInt8(ascii: "\""):
      // The text up to the closing quote (not one escaped), or to the end of the line.
      var i = start + 1
      while i < end, base[i] != UInt8(ascii: "\""), base[i] >= 0x20 {
        i += base[i] == UInt8(ascii: "\\") ? 2 : 1
      }
      let text = quotedText(from: start + 1, to: Swift.min(i, end))
      return "the string \"\(text)\""
    default:
      var i = start
      while i < end, Self.isWordByte(base[i]) { i += 1 }
      return i > start ? quotedText(from: start, to: i) : "'\(printable(base[start]))'"
    }
  }

  /// The bytes from `start` to `stop` as text, cut to ``quotedValueLength`` bytes (ending
  /// in `…`) at a character boundary.
  func quotedText(from start: Int, to stop: Int) -> String {
    var cut = stop
    if stop - start > Self.quotedValueLength {
      cut = start + Self.quotedValueLength
      // Back to the start of a UTF-8 sequence (a continuation byte is 10xxxxxx).
      while cut > start, base[cut] & 0xC0 == 0x80 { cut -= 1 }
    }
    let text = String(decoding: UnsafeBufferPointer(start: base + start, count: cut - start), as: UTF8.self)
    return cut < stop ? text + "…" : text
  }

  /// `text` (a decoded name or key) as an error message quotes it: cut after
  /// ``quotedValueLength`` characters, ending in `…`.
  package static func shortened(_ text: String) -> String {
    text.count <= quotedValueLength ? text : String(text.prefix(quotedValueLength)) + "…"
  }

  /// Whether `byte` continues a bare word: a literal (`true`, `nope`) or a number (`-1.5e3`).
  static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"),
      UInt8(ascii: "."):
      true
    default: false
    }
  }

  /// The error for a bare word at the current position that is not `true`, `false` or
  /// `null` (`nope`, `tx`, `nulls`), naming it and what was `expected`; `nil` when there is
  /// no such word (a literal, a number, a string, a container or punctuation).
  @usableFromInline
  package func invalidLiteral(expected: String) -> JSONInputError? {
    var i = offset
    while i < end, Self.isWhitespace(base[i]) { i += 1 }
    guard i < end else { return nil }
    let first = base[i]
    let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20)
    guard isLetter else { return nil }
    var stop = i
    while stop < end, Self.isWordByte(base[stop]) { stop += 1 }
    let length = stop - i
    for literal in ["true", "false", "null"] as [StaticString] where literal.utf8CodeUnitCount == length {
      let same = literal.withUTF8Buffer { literal in
        (0..<length).allSatisfy { base[i + $0] == literal[$0] }
      }
      if same { return nil }
    }
    return error(.syntax, "invalid literal `\(quotedText(from: i, to: stop))`, expected \(expected)", at: i)
  }

  /// Checks that nothing but white space follows the document.
  package mutating func finish() throws(JSONInputError) {
    skipWhitespace()
    if offset < end {
      throw error(.syntax, "unexpected character '\(printable(base[offset]))' after the document")
    }
  }

  // MARK: Containers

  @inlinable @inline(always)
  mutating func enter(isObject: Bool) throws(JSONInputError) {
    // Checked before `depth` counts the new level: the error's path is read from the
    // `depth` frames saved so far, and this level's frame is not saved yet.
    if depth >= maxDepth {
      throw error(.limitExceeded("maxDepth"), "nesting deeper than \(maxDepth) levels")
    }
    depth &+= 1
    offset &+= 1
    if depth > framesCapacity { growPath() }
    frames[depth &- 1] = top
    top = PathFrame(isObject: isObject, keyQuote: -1, index: 0)
  }

  @usableFromInline
  mutating func growPath() {
    path.grow(keeping: depth &- 1)
    frames = path.frames
    framesCapacity = path.capacity
  }

  @inlinable @inline(always)
  mutating func leave() {
    top = frames[depth &- 1]
    depth &-= 1
  }

  /// Where the reading of an object stands: whether a member was read, and which keys.
  @usableFromInline package struct ObjectState {
    // Set in the initializer rather than by property initializers: the initializer of a
    // package type is then inlined into other modules (the property initializers are not).
    @usableFromInline var first: Bool
    @usableFromInline var seen: UInt64
    @inlinable package init() {
      first = true
      seen = 0
    }
  }

  /// Where the reading of an array stands: the index of the element last read.
  @usableFromInline package struct ArrayState {
    @usableFromInline var index: Int
    @inlinable package init() { index = -1 }
  }

  /// Starts reading an object (`what` names it in a type error).
  @inlinable
  package mutating func beginObject(_ what: String) throws(JSONInputError) {
    if !beginObjectFast() { try beginObjectGeneral(what) }
  }

  /// ``beginObject(_:)``'s common case, which cannot fail (see ``nextKeyFast(_:_:)``): an
  /// opening brace with room for its frame. Returns whether it was that (and consumed).
  @inlinable @inline(always)
  package mutating func beginObjectFast() -> Bool {
    var i = offset
    while i < end, Self.isWhitespace(base[i]) { i &+= 1 }
    guard i < end, base[i] == UInt8(ascii: "{"), depth < maxDepth, depth < framesCapacity else {
      return false
    }
    depth &+= 1
    offset = i &+ 1
    frames[depth &- 1] = top
    top = PathFrame(isObject: true, keyQuote: -1, index: 0)
    return true
  }

  /// ``beginObject(_:)`` in full: every check, and every error.
  @usableFromInline
  package mutating func beginObjectGeneral(_ what: String) throws(JSONInputError) {
    try expect(.object, what)
    try enter(isObject: true)
  }

  /// Moves to the next member of the object being read and returns its key, the reader on
  /// its value (which the caller must read or skip); `nil` after the closing brace. Unknown
  /// and repeated keys are errors.
  @inlinable @inline(always)
  package mutating func nextKey(
    _ keys: JSONKeyTable, _ state: inout ObjectState
  ) throws(JSONInputError) -> Int? {
    let key = nextKeyFast(keys, &state)
    if key >= 0 { return key }
    if key == Self.closed { return nil }
    return try nextKeyGeneral(keys, &state)
  }

  /// What a fast path returns for the end of its object or array (consumed).
  @inlinable package static var closed: Int { -1 }
  /// What a fast path returns when the general path must decide (nothing consumed).
  @inlinable package static var general: Int { -2 }

  /// ``nextKey(_:_:)``'s common case, which cannot fail and so can be inlined into another
  /// module (a throwing function of a package type is not): (`,`) `"` short-key `"` `:`, or
  /// `}`, white space anywhere between. Returns the key's index, ``closed``, or ``general``
  /// for anything else (long, escaped, unknown or repeated keys, bad syntax): the caller then
  /// calls ``nextKeyGeneral(_:_:)`` from the same offset, which reports it.
  @inlinable @inline(always)
  package mutating func nextKeyFast(_ keys: JSONKeyTable, _ state: inout ObjectState) -> Int {
    var i = offset
    while i < end, Self.isWhitespace(base[i]) { i &+= 1 }
    guard i < end else { return Self.general }
    var byte = base[i]
    if byte == UInt8(ascii: "}") {
      offset = i &+ 1
      leave()
      return Self.closed
    }
    if !state.first {
      guard byte == UInt8(ascii: ",") else { return Self.general }
      i &+= 1
      while i < end, Self.isWhitespace(base[i]) { i &+= 1 }
      guard i < end else { return Self.general }
      byte = base[i]
    }
    guard byte == UInt8(ascii: "\""), end &- i > 8 else { return Self.general }
    let word = UInt64(littleEndian: UnsafeRawPointer(base + (i &+ 1)).loadUnaligned(as: UInt64.self))
    let k = keys.quotedIndex(word)
    guard k >= 0, state.seen & (1 &<< UInt64(k)) == 0 else { return Self.general }
    var j = i &+ 2 &+ keys.lengths.withUnsafeBufferPointer { $0[k] }
    while j < end, Self.isWhitespace(base[j]) { j &+= 1 }
    guard j < end, base[j] == UInt8(ascii: ":") else { return Self.general }
    state.first = false
    state.seen |= 1 &<< UInt64(k)
    top.keyQuote = i
    offset = j &+ 1
    return k
  }

  @inlinable @inline(always)
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// ``nextKey(_:_:)`` byte by byte: every key, and every error.
  @usableFromInline
  package mutating func nextKeyGeneral(
    _ keys: JSONKeyTable, _ state: inout ObjectState
  ) throws(JSONInputError) -> Int? {
    guard let quote = try nextKeyQuote(first: &state.first) else {
      leave()
      return nil
    }
    let keyEnd = try scanKeyString(quote)
    let index: Int
    if let match = keys.index(of: base + quote + 1, count: keyEnd - quote - 1, readable: end - quote - 1) {
      index = match
    } else {
      index = try slowKeyIndex(quote, keys)
    }
    guard state.seen & (1 << UInt64(index)) == 0 else {
      throw error(.invalidValue, "duplicate key", at: quote)
    }
    state.seen |= 1 << UInt64(index)
    try consumeColon()
    return index
  }

  /// Reads an object whose keys are in `keys`, calling `body` with each key's index in the
  /// table and the reader on its value; `body` must read or skip the value. Unknown and
  /// repeated keys are errors.
  @inlinable
  package mutating func readObject(
    _ what: String, _ keys: JSONKeyTable,
    _ body: (Int, inout JSONReader) throws(JSONInputError) -> Void
  ) throws(JSONInputError) {
    try beginObject(what)
    var state = ObjectState()
    while let key = try nextKey(keys, &state) { try body(key, &self) }
  }

  /// Reads an object with keys of any spelling (documents whose keys are data, such as a
  /// map from identifiers to sizes); repeated keys are errors.
  package mutating func readObject(
    _ what: String, anyKeys body: (String, inout JSONReader) throws(JSONInputError) -> Void
  ) throws(JSONInputError) {
    try beginObject(what)
    var seen: Set<String> = []
    var first = true
    while let quote = try nextKeyQuote(first: &first) {
      let key = try readStringLiteral(at: quote)
      guard seen.insert(key).inserted else { throw error(.invalidValue, "duplicate key", at: quote) }
      try consumeColon()
      try body(key, &self)
    }
    leave()
  }

  /// Moves to the next key of the object being read: returns the offset of its opening
  /// quote (recorded in the key path), or `nil` at the closing brace (consumed).
  @inlinable @inline(always)
  mutating func nextKeyQuote(first: inout Bool) throws(JSONInputError) -> Int? {
    skipWhitespace()
    if !first {
      // Between members the path names the object, not its last key.
      top.keyQuote = -1
      guard offset < end else { throw unexpected("',' or '}'") }
      if base[offset] == UInt8(ascii: "}") {
        offset &+= 1
        return nil
      }
      guard base[offset] == UInt8(ascii: ",") else { throw unexpected("',' or '}'") }
      offset &+= 1
      skipWhitespace()
    } else if offset < end, base[offset] == UInt8(ascii: "}") {
      offset &+= 1
      return nil
    }
    first = false
    guard offset < end, base[offset] == UInt8(ascii: "\"") else { throw unexpected("a key in quotes") }
    top.keyQuote = offset
    return offset
  }

  /// Scans a key's string literal at `quote`; returns the offset of its closing quote and
  /// moves past it. Keys with escapes or non-ASCII bytes are left to ``slowKeyIndex(_:_:)``.
  @inlinable @inline(always)
  mutating func scanKeyString(_ quote: Int) throws(JSONInputError) -> Int {
    var i = quote &+ 1
    while i < end {
      let byte = base[i]
      if byte == UInt8(ascii: "\"") {
        offset = i &+ 1
        return i
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
      i &+= 1
    }
    // Escapes, raw control characters, non-ASCII or no end: the full decoder decides.
    _ = try readStringLiteral(at: quote)
    return offset &- 1
  }

  /// The index of a key that did not match as plain bytes: decoded, then looked up by name.
  @usableFromInline
  mutating func slowKeyIndex(_ quote: Int, _ keys: JSONKeyTable) throws(JSONInputError) -> Int {
    let saved = offset
    let key = try readStringLiteral(at: quote)
    offset = saved
    guard let index = keys.index(of: key) else {
      throw error(.unknownKey, "unknown key '\(Self.shortened(key))'; known keys: \(keys.list)", at: quote)
    }
    return index
  }

  @inlinable @inline(always)
  mutating func consumeColon() throws(JSONInputError) {
    skipWhitespace()
    guard offset < end, base[offset] == UInt8(ascii: ":") else { throw unexpected("':' after a key") }
    offset &+= 1
  }

  /// Starts reading an array (`what` names it in a type error).
  @inlinable
  package mutating func beginArray(_ what: String) throws(JSONInputError) {
    try expect(.array, what)
    try enter(isObject: false)
  }

  /// Moves to the next element of the array being read and returns its index, the reader on
  /// it (the caller must read or skip it); `nil` after the closing bracket.
  @inlinable @inline(always)
  package mutating func nextElement(_ state: inout ArrayState) throws(JSONInputError) -> Int? {
    let index = nextElementFast(&state)
    if index >= 0 { return index }
    if index == Self.closed { return nil }
    return try nextElementGeneral(&state)
  }

  /// ``nextElement(_:)``'s common case, which cannot fail (see ``nextKeyFast(_:_:)``): the
  /// first element, `,` before the next one, or `]`. Returns the element's index, ``closed``
  /// or ``general``.
  @inlinable @inline(always)
  package mutating func nextElementFast(_ state: inout ArrayState) -> Int {
    var i = offset
    while i < end, Self.isWhitespace(base[i]) { i &+= 1 }
    guard i < end else { return Self.general }
    let byte = base[i]
    if byte == UInt8(ascii: "]") {
      offset = i &+ 1
      leave()
      return Self.closed
    }
    if state.index >= 0 {
      guard byte == UInt8(ascii: ",") else { return Self.general }
      i &+= 1
    }
    offset = i
    state.index &+= 1
    top.index = state.index
    return state.index
  }

  /// ``nextElement(_:)`` in full: every check, and every error.
  @usableFromInline
  package mutating func nextElementGeneral(_ state: inout ArrayState) throws(JSONInputError) -> Int? {
    skipWhitespace()
    if state.index >= 0 {
      top.index = -1
      guard offset < end else { throw unexpected("',' or ']'") }
      let byte = base[offset]
      if byte == UInt8(ascii: "]") {
        offset &+= 1
        leave()
        return nil
      }
      guard byte == UInt8(ascii: ",") else { throw unexpected("',' or ']'") }
      offset &+= 1
    } else if offset < end, base[offset] == UInt8(ascii: "]") {
      offset &+= 1
      leave()
      return nil
    }
    state.index &+= 1
    top.index = state.index
    return state.index
  }

  /// Reads an array, calling `body` with each element's index, the reader positioned on it.
  @inlinable
  package mutating func readArray(
    _ what: String, _ body: (Int, inout JSONReader) throws(JSONInputError) -> Void
  ) throws(JSONInputError) {
    try beginArray(what)
    var state = ArrayState()
    while let index = try nextElement(&state) { try body(index, &self) }
  }

  // MARK: Scalars

  /// Reads a number; non-finite results (such as `1e400`) are errors.
  @inlinable @inline(always)
  package mutating func readNumber(_ what: String = "a number") throws(JSONInputError) -> Double {
    if let value = readNumberFast() { return value }
    return try readNumberGeneral(what)
  }

  /// ``readNumber(_:)``'s common case, which cannot fail (see ``nextKeyFast(_:_:)``): a whole
  /// number of up to seven digits without a sign (most sizes and offsets), exact as a double,
  /// followed by at least one byte, found and converted in one word without a loop. Returns
  /// `nil`, having consumed nothing, for anything else.
  @inlinable @inline(always)
  package mutating func readNumberFast() -> Double? {
    var i = offset
    while i < end, Self.isWhitespace(base[i]) { i &+= 1 }
    guard end &- i >= 8, base[i] &- 0x31 < 9 else { return nil }
    let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
    let count = Self.leadingDigits(word)
    guard count < 8, !Self.continuesNumber(UInt8(truncatingIfNeeded: word &>> (8 &* UInt64(count)))) else {
      return nil
    }
    offset = i &+ count
    return Double(Int64(Self.digitsValue(word, count: count)))
  }

  /// How many of the eight bytes of `word` (in memory order) are ASCII digits before the
  /// first that is not (8 when all are).
  @inlinable @inline(always)
  static func leadingDigits(_ word: UInt64) -> Int {
    let high: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
    let zeros: UInt64 = 0x3030_3030_3030_3030
    // A byte is a digit when its high half is 3, before and after adding 6 (0x3A–0x3F carry
    // into the high half). A carry out of a byte at 0xFA or above reaches only later bytes,
    // past the first non-digit, so the lowest non-digit byte found is exact.
    let notDigits = ((word & high) ^ zeros) | (((word &+ 0x0606_0606_0606_0606) & high) ^ zeros)
    return notDigits.trailingZeroBitCount &>> 3
  }

  /// The value of the first `count` (1 to 7) bytes of `word`, all ASCII digits, first digit
  /// lowest in memory.
  @inlinable @inline(always)
  static func digitsValue(_ word: UInt64, count: Int) -> UInt64 {
    // The digits moved to the top of the word, zeros below them, then combined in pairs,
    // fours and eights: (b0 * 10 + b1), (p0 * 100 + p1), (q0 * 10_000 + q1).
    var value = (word & 0x0F0F_0F0F_0F0F_0F0F) &<< (8 &* UInt64(8 &- count))
    value = (value &* 2561) &>> 8
    value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) &>> 16
    return ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) &>> 32
  }

  /// Whether `byte` may continue a number literal (a digit, a fraction or an exponent).
  @inlinable @inline(always)
  static func continuesNumber(_ byte: UInt8) -> Bool {
    byte &- 0x30 < 10 || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
  }

  /// ``readNumber(_:)`` in full: every form, and every error.
  @usableFromInline
  package mutating func readNumberGeneral(_ what: String) throws(JSONInputError) -> Double {
    try expect(.number, what)
    let start = offset
    var i = offset
    var negative = false
    if base[i] == UInt8(ascii: "-") {
      negative = true
      i &+= 1
    }
    guard i < end, base[i] &- 0x30 < 10 else { throw error(.syntax, "invalid number", at: i) }
    var mantissa: UInt64 = 0
    var digits = 0
    if base[i] == UInt8(ascii: "0") {
      i &+= 1
      if i < end, base[i] &- 0x30 < 10 {
        throw error(.syntax, "invalid number: leading zeros are not allowed", at: start)
      }
    } else {
      while i < end, base[i] &- 0x30 < 10 {
        if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(base[i] &- 0x30) }
        digits &+= 1
        i &+= 1
      }
    }
    var exponent = 0
    var exact = digits <= 19
    if i < end, base[i] == UInt8(ascii: ".") {
      i &+= 1
      guard i < end, base[i] &- 0x30 < 10 else {
        throw error(.syntax, "invalid number: expected a digit after '.'", at: i)
      }
      while i < end, base[i] &- 0x30 < 10 {
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(base[i] &- 0x30)
          exponent &-= 1
          if mantissa != 0 { digits &+= 1 }
        } else {
          exact = false
        }
        i &+= 1
      }
    }
    if i < end, base[i] == UInt8(ascii: "e") || base[i] == UInt8(ascii: "E") {
      exact = false
      i &+= 1
      if i < end, base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-") { i &+= 1 }
      guard i < end, base[i] &- 0x30 < 10 else {
        throw error(.syntax, "invalid number: expected a digit in the exponent", at: i)
      }
      while i < end, base[i] &- 0x30 < 10 { i &+= 1 }
    }
    offset = i
    // A mantissa below 2^53 times a power of ten up to 10^22 is one correctly rounded
    // operation on exact values; anything else goes to the standard library's parser.
    if exact, mantissa < 1 << 53, exponent >= -22 {
      let value = exponent == 0 ? Double(mantissa) : Double(mantissa) / Self.powersOfTen[-exponent]
      return negative ? -value : value
    }
    return try slowNumber(from: start)
  }

  @usableFromInline
  static let powersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  /// Parses the literal from `start` to the current offset with the standard library.
  @usableFromInline
  func slowNumber(from start: Int) throws(JSONInputError) -> Double {
    if offset - start > 400 { throw error(.invalidValue, "number literal too long", at: start) }
    let text = String(
      decoding: UnsafeBufferPointer(start: base + start, count: offset - start), as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw error(.invalidValue, "\(text) is out of range for a 64-bit floating-point number", at: start)
    }
    return value
  }

  /// Reads a finite, non-negative number.
  @inlinable @inline(always)
  package mutating func readNonNegative(
    _ what: String = "a number, not negative"
  ) throws(JSONInputError) -> Double {
    let start = offset
    let value = try readNumber(what)
    guard value >= 0 else { throw negative(what, at: start) }
    return value
  }

  /// The error for a negative number read from `start` (white space before it allowed).
  @usableFromInline
  func negative(_ what: String, at start: Int) -> JSONInputError {
    error(.invalidValue, "\(foundValue(at: start)) is negative, expected \(what)", at: start)
  }

  /// Reads a whole number in `range`.
  package mutating func readInteger(in range: ClosedRange<Int>) throws(JSONInputError) -> Int {
    skipWhitespace()
    let start = offset
    let value = try readNumber("a whole number")
    guard value == value.rounded(), value >= Double(range.lowerBound), value <= Double(range.upperBound)
    else {
      throw error(.invalidValue, "\(foundValue(at: start)) is not a whole number in \(range)", at: start)
    }
    return Int(value)
  }

  package mutating func readBool() throws(JSONInputError) -> Bool {
    try expect(.bool, "a boolean")
    if let invalid = invalidLiteral(expected: "true or false") { throw invalid }
    if matches("true") {
      offset += 4
      return true
    }
    offset += 5
    return false
  }

  /// Reads `null`; returns whether it was there (and consumed).
  package mutating func readNullIfPresent() throws(JSONInputError) -> Bool {
    guard try peek() == .null else { return false }
    // `null` or another value may stand here.
    if let invalid = invalidLiteral(expected: "a value") { throw invalid }
    offset += 4
    return true
  }

  private func matches(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard offset + count <= end else { return false }
    return literal.withUTF8Buffer { literal in
      for i in 0..<count where base[offset + i] != literal[i] { return false }
      return true
    }
  }

  /// Reads a string.
  @inlinable
  package mutating func readString(_ what: String = "a string") throws(JSONInputError) -> String {
    if let string = readStringFast() { return string }
    return try readStringGeneral(what)
  }

  /// ``readString(_:)``'s common case, which cannot fail (see ``nextKeyFast(_:_:)``): up to
  /// 15 plain ASCII bytes (most identifiers), the string made in place from two loads, without
  /// a scan for its end or a check of its bytes by the standard library. Returns `nil`, having
  /// consumed nothing, for anything else.
  @inlinable @inline(always)
  package mutating func readStringFast() -> String? {
    var i = offset
    while i < end, Self.isWhitespace(base[i]) { i &+= 1 }
    if smallStrings, i < end, base[i] == UInt8(ascii: "\""), end &- i > 16 {
      let low = UInt64(littleEndian: UnsafeRawPointer(base + (i &+ 1)).loadUnaligned(as: UInt64.self))
      let high = UInt64(littleEndian: UnsafeRawPointer(base + (i &+ 9)).loadUnaligned(as: UInt64.self))
      let count = Self.plainASCIIPrefix(low, high)
      if count < 16, count <= maxStringLength,
        base[i &+ 1 &+ count] == UInt8(ascii: "\"")
      {
        offset = i &+ 2 &+ count
        return SmallString.make(low: low, high: high, count: count)
      }
    }
    return nil
  }

  /// How many of the sixteen bytes in `low` and `high` (in memory order) come before the
  /// first quote, backslash, control character or non-ASCII byte.
  @inlinable @inline(always)
  static func plainASCIIPrefix(_ low: UInt64, _ high: UInt64) -> Int {
    let first = stopBytes(low)
    if first != 0 { return first.trailingZeroBitCount >> 3 }
    let second = stopBytes(high)
    return second != 0 ? 8 &+ second.trailingZeroBitCount >> 3 : 16
  }

  /// The high bit set in each byte of `word` that is a quote, a backslash, a control
  /// character or not ASCII (exact for the lowest such byte, which is all that is used).
  @inlinable @inline(always)
  static func stopBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    // A byte is zero (after the XOR) or below 0x20 when subtracting borrows into its high bit.
    let zeroQuote = (quote &- ones) & ~quote
    let zeroBackslash = (backslash &- ones) & ~backslash
    let control = (word &- ones &* 0x20) & ~word
    return (zeroQuote | zeroBackslash | control | word) & high
  }

  /// ``readString(_:)`` byte by byte: longer strings, escapes, non-ASCII text and errors.
  @usableFromInline
  package mutating func readStringGeneral(_ what: String) throws(JSONInputError) -> String {
    try expect(.string, what)
    // Plain ASCII without escapes (identifiers, names): one scan and one copy.
    let quote = offset
    var i = quote &+ 1
    while i < end {
      let byte = base[i]
      if byte == UInt8(ascii: "\"") {
        let count = i &- quote &- 1
        if count > maxStringLength { break }
        offset = i &+ 1
        return String(decoding: UnsafeBufferPointer(start: base + quote + 1, count: count), as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
      i &+= 1
    }
    return try readStringLiteral(at: quote)
  }

  /// Decodes the string literal at `quote` in full (escapes, UTF-8 validation, the length
  /// limit) and moves past it.
  @usableFromInline
  package mutating func readStringLiteral(at quote: Int) throws(JSONInputError) -> String {
    do {
      let (string, after) = try decodeJSONString(
        UnsafeBufferPointer(start: base, count: end), quote: quote, maxLength: maxStringLength)
      offset = after
      return string
    } catch let problem {
      if problem.kind == .tooLong {
        throw error(
          .limitExceeded("maxStringLength"), "string longer than \(maxStringLength) bytes", at: problem.offset
        )
      }
      throw error(.syntax, problem.message, at: problem.offset)
    }
  }

  /// Reads a string that must be one of `names`, reporting the others when it is not.
  package mutating func readName<T>(_ names: [(String, T)], _ what: String) throws(JSONInputError) -> T {
    skipWhitespace()
    let start = offset
    let name = try readString(what)
    if let match = names.first(where: { $0.0 == name }) { return match.1 }
    throw error(
      .invalidValue,
      "unknown \(what) '\(Self.shortened(name))'; known: \(names.map(\.0).joined(separator: ", "))", at: start
    )
  }

  /// Reads a string naming a case of `T` (by raw value).
  package mutating func readCase<T: RawRepresentable & CaseIterable>(
    _ type: T.Type, _ what: String
  ) throws(JSONInputError) -> T where T.RawValue == String {
    try readName(T.allCases.map { ($0.rawValue, $0) }, what)
  }

  /// Reads a key (recorded in the key path) and its colon, for ``skipValue()``.
  private mutating func skipKey() throws(JSONInputError) {
    guard offset < end, base[offset] == UInt8(ascii: "\"") else { throw unexpected("a key in quotes") }
    top.keyQuote = offset
    _ = try readStringLiteral(at: offset)
    try consumeColon()
  }

  /// Skips any value, without recursion (so any depth within the limit is safe).
  package mutating func skipValue() throws(JSONInputError) {
    let startDepth = depth
    repeat {
      switch try peek() {
      case .object:
        try enter(isObject: true)
        skipWhitespace()
        if offset < end, base[offset] == UInt8(ascii: "}") {
          offset += 1
          leave()
        } else {
          try skipKey()
          continue
        }
      case .array:
        try enter(isObject: false)
        skipWhitespace()
        if offset < end, base[offset] == UInt8(ascii: "]") {
          offset += 1
          leave()
        } else {
          continue
        }
      case .string: _ = try readStringLiteral(at: offset)
      case .number: _ = try readNumber()
      case .bool, .null:
        // Any value may stand here: a word that is no literal is named against that.
        if let invalid = invalidLiteral(expected: "a value") { throw invalid }
        offset += base[offset] == UInt8(ascii: "f") ? 5 : 4
      }
      // After a value: close every container that ends here, then move to the next member.
      while depth > startDepth {
        skipWhitespace()
        guard offset < end else { throw unexpected("',' or a closing bracket") }
        let isObject = top.isObject
        let byte = base[offset]
        if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          offset += 1
          leave()
          continue
        }
        guard byte == UInt8(ascii: ",") else { throw unexpected(isObject ? "',' or '}'" : "',' or ']'") }
        offset += 1
        if isObject {
          skipWhitespace()
          try skipKey()
        } else {
          top.index += 1
        }
        break
      }
    } while depth > startDepth
  }

  /// Reads any value and returns the range of its text.
  package mutating func readRawValue() throws(JSONInputError) -> Range<Int> {
    skipWhitespace()
    let start = offset
    try skipValue()
    return start..<offset
  }
}

// MARK: Reading ahead on another thread

extension JSONReader {
  /// The document's bytes (valid as long as this reader's are).
  package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: end) }

  /// A reader of the same bytes at `position`, inside the containers this reader is in (a
  /// copy of its key path, so its depth, limits and error paths are this reader's): what a
  /// decoder hands another thread to read ahead from a guessed position. The copy shares no
  /// mutable state with this reader (its own path storage; the bytes are never written).
  package func reader(at position: Int) -> JSONReader {
    var copy = JSONReader(
      buffer: buffer, base: base, count: end, maxDepth: maxDepth, maxStringLength: maxStringLength)
    while copy.framesCapacity < depth {
      copy.path.grow(keeping: 0)
      copy.frames = copy.path.frames
      copy.framesCapacity = copy.path.capacity
    }
    copy.frames.initialize(from: frames, count: depth)
    copy.depth = depth
    copy.top = top
    copy.offset = Swift.min(Swift.max(position, 0), end)
    return copy
  }
}

extension JSONReader.ArrayState {
  /// The state of an array whose element `index` has been read (a decoder that skips a run
  /// of elements read elsewhere).
  @inlinable package init(index: Int) { self.index = index }
}
