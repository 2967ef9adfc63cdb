import LayoutGeometry
import LayoutJSON
import ListLayout

// How the SVG and HTML renderers write text into a ByteWriter: numbers, XML-escaped text,
// JSON strings safe inside a <script> element, and element labels, each byte for byte what
// the functions of the same name in this module return as a `String`.

extension ByteWriter {
  /// Writes `value` as ``formatted(_:)`` (this module's) spells it: NaN as 0, an infinity as
  /// the largest finite value of its sign.
  mutating func write(drawn value: Double) {
    if value.isNaN { return write("0") }
    if value.isInfinite {
      return write(number: value < 0 ? -Double.greatestFiniteMagnitude : .greatestFiniteMagnitude)
    }
    write(number: value)
  }

  /// Writes `value` as `jsonNumber(_:)` spells it: `null` for a value JSON cannot hold.
  mutating func write(jsonNumber value: Double) {
    if value.isFinite { write(number: value) } else { write("null") }
  }

  /// Writes `value` as `Rect.description` spells it: `(x, y, width, height)`.
  mutating func write(rectDescription rect: Rect) {
    write("(")
    write(described: rect.minX)
    write(", ")
    write(described: rect.minY)
    write(", ")
    write(described: rect.width)
    write(", ")
    write(described: rect.height)
    write(")")
  }

  /// Writes `value` as `LayoutGeometry.formatted(_:)` spells it, a NaN's sign and payload
  /// included (`ByteWriter.write(number:)` writes every NaN as `nan`).
  private mutating func write(described value: Double) {
    if value.isNaN { write("\(value)") } else { write(number: value) }
  }

  /// Writes `text` as ``xmlEscaped(_:)`` returns it, without building the escaped copy.
  mutating func write(xmlEscaped text: String) {
    var text = text
    text.withUTF8 { utf8 in
      var run = 0  // the start of the bytes not yet written, copied as they are
      var i = 0
      while i < utf8.count {
        let byte = utf8[i]
        let replacement: StaticString?
        var length = 1
        switch byte {
        case UInt8(ascii: "&"): replacement = "&amp;"
        case UInt8(ascii: "<"): replacement = "&lt;"
        case UInt8(ascii: ">"): replacement = "&gt;"
        case UInt8(ascii: "\""): replacement = "&quot;"
        case UInt8(ascii: "'"): replacement = "&#39;"
        case 0x09, 0x0A, 0x0D: replacement = nil
        case ..<0x20: replacement = "\u{FFFD}"
        // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are no XML characters either.
        case 0xEF where i + 2 < utf8.count && utf8[i + 1] == 0xBF && utf8[i + 2] >= 0xBE:
          replacement = "\u{FFFD}"
          length = 3
        default: replacement = nil
        }
        if let replacement {
          write(bytes: UnsafeBufferPointer(rebasing: utf8[run..<i]))
          write(replacement)
          run = i + length
        }
        i += length
      }
      write(bytes: UnsafeBufferPointer(rebasing: utf8[run..<utf8.count]))
    }
  }

  /// Writes `text` as a JSON string literal, as `jsonQuoted(_:)` spells it; when
  /// `scriptSafe`, with `<`, `>`, `&`, U+2028 and U+2029 written as `\u` escapes too, as
  /// `HTMLRenderer.scriptSafe(_:)` rewrites them, so that the string cannot end a
  /// `<script>` element.
  mutating func write(jsonString text: String, scriptSafe: Bool) {
    var text = text
    write("\"")
    text.withUTF8 { utf8 in
      var run = 0
      var i = 0
      while i < utf8.count {
        let byte = utf8[i]
        var length = 1
        var replacement: StaticString?
        var control: UInt8?
        switch byte {
        case UInt8(ascii: "\""): replacement = "\\\""
        case UInt8(ascii: "\\"): replacement = "\\\\"
        case 0x0A: replacement = "\\n"
        case 0x0D: replacement = "\\r"
        case 0x09: replacement = "\\t"
        case ..<0x20: control = byte
        case UInt8(ascii: "<") where scriptSafe: replacement = "\\u003c"
        case UInt8(ascii: ">") where scriptSafe: replacement = "\\u003e"
        case UInt8(ascii: "&") where scriptSafe: replacement = "\\u0026"
        case 0xE2
        where scriptSafe && i + 2 < utf8.count && utf8[i + 1] == 0x80
          && (utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9):
          replacement = utf8[i + 2] == 0xA8 ? "\\u2028" : "\\u2029"
          length = 3
        default: break
        }
        if replacement != nil || control != nil {
          write(bytes: UnsafeBufferPointer(rebasing: utf8[run..<i]))
          if let replacement { write(replacement) }
          if let control {
            // jsonQuoted writes a control character's code in lowercase hexadecimal.
            let digits: StaticString = "0123456789abcdef"
            write("\\u00")
            write(byte: digits.utf8Start[Int(control >> 4)])
            write(byte: digits.utf8Start[Int(control & 0xF)])
          }
          run = i + length
        }
        i += length
      }
      write(bytes: UnsafeBufferPointer(rebasing: utf8[run..<utf8.count]))
    }
    write("\"")
  }
}

/// What a renderer writes as an element's title: its identifier, or the stand-in
/// ``ElementLabel/title`` holds for an element without one, written without building it.
struct TitleText {
  /// The element's own identifier.
  var id: String?
  /// The stand-in's words before its numbers ("header ", "" for a cell).
  var prefix: StaticString
  /// The stand-in's numbers: a cell's section and item, a header's section, …; nil when none.
  var first: Int?
  var second: Int?

  init(of element: LayoutAttributes, in snapshot: LayoutSnapshot) {
    id = snapshot.identifier(of: element)
    let path = element.indexPath
    switch element.kind {
    case .cell: (prefix, first, second) = ("", path.section, path.item)
    case .header: (prefix, first, second) = ("header ", path.section, nil)
    case .footer: (prefix, first, second) = ("footer ", path.section, nil)
    case .overlay: (prefix, first, second) = ("overlay ", path.item, nil)
    case .background: (prefix, first, second) = ("background ", path.section, nil)
    case .listHeader: (prefix, first, second) = ("list header", nil, nil)
    case .listFooter: (prefix, first, second) = ("list footer", nil, nil)
    case .separator: (prefix, first, second) = ("separator ", path.section, path.item)
    }
  }

  /// The stand-in as a `String` (only for cutting it, which is rare).
  var standIn: String {
    var text = prefix.description
    if let first { text += "\(first)" }
    if let second { text += ".\(second)" }
    return text
  }

  /// The stand-in's length in characters (it is ASCII).
  var standInLength: Int {
    var length = prefix.utf8CodeUnitCount
    if let first { length += String(first).utf8.count }
    if let second { length += 1 + String(second).utf8.count }
    return length
  }

  /// Writes the title XML-escaped, cut to `limit` characters as `truncated(_:to:)` cuts it.
  func writeXML(limit: Int? = nil, to out: inout ByteWriter) {
    if let id {
      if let limit, id.utf8.count > limit, id.count > limit {
        out.write(xmlEscaped(truncated(id, to: limit)))
      } else {
        out.write(xmlEscaped: id)
      }
      return
    }
    if let limit, limit < 45, standInLength > limit {
      // A stand-in is ASCII: nothing in it needs escaping.
      out.write(truncated(standIn, to: limit))
      return
    }
    writeStandIn(to: &out)
  }

  /// Writes the title as a JSON string literal.
  func writeJSON(scriptSafe: Bool, to out: inout ByteWriter) {
    if let id { return out.write(jsonString: id, scriptSafe: scriptSafe) }
    out.write("\"")
    writeStandIn(to: &out)
    out.write("\"")
  }

  private func writeStandIn(to out: inout ByteWriter) {
    out.write(prefix)
    if let first { out.write(integer: first) }
    if let second {
      out.write(".")
      out.write(integer: second)
    }
  }
}

/// The texts renderers write for one set of traits, worked out once per set.
struct TraitTexts {
  /// ` [a, b]` (empty for no traits), XML-escaped: what a tooltip adds after the title.
  var tooltip: String
  /// `a · b`: the traits line drawn in a box.
  var line: String
  /// ``line``'s length in characters.
  var lineLength: Int

  init(_ traits: TraitSet) {
    let names = traits.names
    tooltip = names.isEmpty ? "" : xmlEscaped(" [" + names.joined(separator: ", ") + "]")
    line = names.joined(separator: " · ")
    lineLength = line.count
  }

  /// Writes ``line`` XML-escaped, cut to `limit` characters.
  func writeLine(limit: Int, to out: inout ByteWriter) {
    if lineLength > limit {
      out.write(xmlEscaped(truncated(line, to: limit)))
    } else {
      out.write(xmlEscaped: line)
    }
  }
}

/// Trait texts by trait set, filled as sets are met.
struct TraitTextCache {
  private var texts: [TraitSet: TraitTexts] = [:]

  mutating func texts(for traits: TraitSet) -> TraitTexts {
    if let known = texts[traits] { return known }
    let made = TraitTexts(traits)
    texts[traits] = made
    return made
  }
}
