import ListLayout

/// A small, hand-written command-line parser: positional arguments, `--name value` options
/// (given once, or repeatable), and `--flag` switches, each command declaring which it accepts.
struct Arguments: Equatable {
  var positional: [String] = []
  var options: [String: String] = [:]
  /// The values of repeatable options, in the order given.
  var repeated: [String: [String]] = [:]
  var flags: Set<String> = []

  /// Why the command line could not be parsed.
  struct UsageError: Error, Equatable, CustomStringConvertible {
    var description: String
  }

  /// Parses `words` for a command accepting `options` (which take a value, once),
  /// `repeatable` options (which take a value each time they are given) and `flags`.
  init(
    _ words: [String], options known: Set<String>, repeatable: Set<String> = [], flags knownFlags: Set<String>
  ) throws(UsageError) {
    var index = 0
    while index < words.count {
      let word = words[index]
      if word == "--" {
        positional.append(contentsOf: words[(index + 1)...])
        break
      }
      if word.hasPrefix("--") && word.count > 2 {
        var name = String(word.dropFirst(2))
        var inlineValue: String?
        if let equals = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
        if knownFlags.contains(name) {
          guard inlineValue == nil else { throw UsageError(description: "--\(name) takes no value") }
          flags.insert(name)
        } else if known.contains(name) || repeatable.contains(name) {
          let value: String
          if let inlineValue {
            value = inlineValue
          } else {
            index += 1
            guard index < words.count else { throw UsageError(description: "--\(name) needs a value") }
            value = words[index]
          }
          if repeatable.contains(name) {
            repeated[name, default: []].append(value)
          } else {
            guard options[name] == nil else { throw UsageError(description: "--\(name) given twice") }
            options[name] = value
          }
        } else {
          throw UsageError(description: "unknown option --\(name)")
        }
      } else {
        positional.append(word)
      }
      index += 1
    }
  }

  /// The one feed file a command reads (its single positional argument); `standardInputUse`
  /// names what standard input carries instead, when it cannot be the feed.
  func feedFile(standardInputUse: String? = nil) throws(UsageError) -> String {
    guard positional.count == 1 else {
      throw UsageError(description: "expected one feed file, got \(positional.count)")
    }
    if let standardInputUse, positional[0] == "-" {
      throw UsageError(description: "the feed cannot be standard input: \(standardInputUse)")
    }
    return positional[0]
  }

  /// `--width`, which overrides the feed's, if given: greater than 0.
  func listWidth() throws(UsageError) -> Double? {
    let width = try number("width")
    if let width, width <= 0 { throw UsageError(description: "--width must be greater than 0") }
    return width
  }

  /// The option's value as a finite number, if given.
  func number(_ name: String, minimum: Double? = nil) throws(UsageError) -> Double? {
    guard let text = options[name] else { return nil }
    guard let value = Double(text), value.isFinite else {
      throw UsageError(description: "--\(name) needs a finite number, got '\(text)'")
    }
    if let minimum, value < minimum {
      throw UsageError(description: "--\(name) must be at least \(minimum), got \(text)")
    }
    return value
  }

  /// The option's value as a whole number, if given.
  func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = options[name] else { return nil }
    guard let value = Int(text), range.contains(value) else {
      throw UsageError(description: "--\(name) needs a whole number in \(range), got '\(text)'")
    }
    return value
  }
}

extension Arguments {
  /// The carousel offsets of the repeatable `--scroll S=X` option, which `layout` and
  /// `render` both accept, so both read and reject the same values.
  ///
  /// - Throws: ``UsageError`` for a value other than a section index (a whole number ≥ 0),
  ///   `=` and a finite offset, or a section given twice.
  func scrollOffsets() throws(UsageError) -> HorizontalOffsets {
    var offsets = HorizontalOffsets()
    for value in repeated["scroll"] ?? [] {
      let parts = value.split(separator: "=", omittingEmptySubsequences: false)
      guard parts.count == 2, let section = Int(parts[0]), section >= 0, let x = Double(parts[1]), x.isFinite
      else {
        throw UsageError(description: "--scroll needs a section and a finite offset, S=X, got '\(value)'")
      }
      guard offsets.offsets[section] == nil else {
        throw UsageError(description: "--scroll for section \(section) given twice")
      }
      offsets[section] = x
    }
    return offsets
  }

  /// Rejects carousel offsets for sections of `snapshot` that are not carousels.
  static func checkScroll(_ scroll: HorizontalOffsets, in snapshot: LayoutSnapshot) throws(UsageError) {
    do {
      try snapshot.checkHorizontalOffsets(scroll)
    } catch {
      throw UsageError(description: "--scroll \(error.section)=\(formatted(scroll[error.section])): \(error)")
    }
  }

  /// Rejects carousel offsets given without a viewport to scroll them in.
  static func checkScroll(_ scroll: HorizontalOffsets, hasViewport: Bool) throws(UsageError) {
    if !scroll.offsets.isEmpty && !hasViewport {
      throw UsageError(description: "--scroll needs a viewport (--offset and --viewport-height)")
    }
  }
}
