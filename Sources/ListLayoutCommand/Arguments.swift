import ListLayout

/// A small, hand-written command-line parser: positional arguments, `--name value` options
/// and `--flag` switches, each command declaring which it accepts.
struct Arguments: Equatable {
  var positional: [String] = []
  var options: [String: String] = [:]
  var flags: Set<String> = []

  /// Why the command line could not be parsed.
  struct UsageError: Error, Equatable, CustomStringConvertible {
    var description: String
  }

  /// Parses `words` for a command accepting `options` (which take a value) and `flags`.
  init(_ words: [String], options known: Set<String>, flags knownFlags: Set<String>) throws(UsageError) {
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
        } else if known.contains(name) {
          let value: String
          if let inlineValue {
            value = inlineValue
          } else {
            index += 1
            guard index < words.count else { throw UsageError(description: "--\(name) needs a value") }
            value = words[index]
          }
          guard options[name] == nil else { throw UsageError(description: "--\(name) given twice") }
          options[name] = value
        } else {
          throw UsageError(description: "unknown option --\(name)")
        }
      } else {
        positional.append(word)
      }
      index += 1
    }
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
  /// Takes every `--scroll S=X` (or `--scroll=S=X`) out of `words` (repeatable, so it cannot
  /// go through ``init(_:options:flags:)``): the carousel sections' horizontal offsets, and the
  /// words left. `layout` and `render` share it, so both read and reject the same values.
  ///
  /// - Throws: ``UsageError`` for a missing value, a value other than a section index (a whole
  ///   number ≥ 0), `=` and a finite offset, or a section given twice.
  static func scrollOffsets(_ words: [String]) throws(UsageError) -> ([String], HorizontalOffsets) {
    var rest: [String] = []
    var offsets = HorizontalOffsets()
    var index = 0
    while index < words.count {
      let word = words[index]
      if word == "--" {
        rest.append(contentsOf: words[index...])
        break
      }
      guard word == "--scroll" || word.hasPrefix("--scroll=") else {
        rest.append(word)
        index += 1
        continue
      }
      var value = String(word.dropFirst("--scroll".count))
      if value.isEmpty {
        index += 1
        guard index < words.count else { throw UsageError(description: "--scroll needs S=X") }
        value = words[index]
      } else {
        value.removeFirst()
      }
      let parts = value.split(separator: "=", omittingEmptySubsequences: false)
      guard parts.count == 2, let section = Int(parts[0]), section >= 0, let x = Double(parts[1]), x.isFinite
      else {
        throw UsageError(description: "--scroll needs a section and a finite offset, S=X, got '\(value)'")
      }
      guard offsets.offsets[section] == nil else {
        throw UsageError(description: "--scroll for section \(section) given twice")
      }
      offsets[section] = x
      index += 1
    }
    return (rest, offsets)
  }

  /// Rejects carousel offsets given without a viewport to scroll them in.
  static func checkScroll(_ scroll: HorizontalOffsets, hasViewport: Bool) throws(UsageError) {
    if !scroll.offsets.isEmpty && !hasViewport {
      throw UsageError(description: "--scroll needs a viewport (--offset and --viewport-height)")
    }
  }
}
