/// The value forms of the newer style keys, as pure functions over Swift values: the JSON
/// reader hands them a number or a string and names the key path itself when they say no.
enum StyleValues {
  /// The forms a length-valued property accepts.
  struct LengthForms: OptionSet {
    let rawValue: UInt16
    /// Negative numbers and percentages (margins, insets).
    static let negative = LengthForms(rawValue: 1)
    /// `"N%"`.
    static let percent = LengthForms(rawValue: 2)
    /// `"auto"`.
    static let auto = LengthForms(rawValue: 4)
    /// `"none"` (maximum sizes), read as ``FlexLength/auto``.
    static let none = LengthForms(rawValue: 8)
    /// `"content"` (`flex-basis`).
    static let content = LengthForms(rawValue: 16)
    /// `"min-content"`, `"max-content"`, `"fit-content"`.
    static let intrinsic = LengthForms(rawValue: 32)
    /// `"stretch"`.
    static let stretch = LengthForms(rawValue: 64)

    /// `width`, `height`.
    static let size: LengthForms = [.percent, .auto, .intrinsic, .stretch]
    /// `flex-basis`.
    static let basis: LengthForms = [.percent, .auto, .content, .intrinsic, .stretch]
    /// `min-width`, `min-height`.
    static let minimum: LengthForms = [.percent, .auto, .intrinsic, .stretch]
    /// `max-width`, `max-height`.
    static let maximum: LengthForms = [.percent, .none, .intrinsic, .stretch]
    /// Margins.
    static let margin: LengthForms = [.negative, .percent, .auto]
    /// Padding and gaps.
    static let padding: LengthForms = [.percent]
    /// `top`, `left`, `bottom`, `right`.
    static let inset: LengthForms = [.negative, .percent, .auto]
  }

  /// A length given as a number of points, or `nil` when `forms` does not allow it.
  static func length(number: Double, forms: LengthForms) -> FlexLength? {
    guard number.isFinite, number >= 0 || forms.contains(.negative) else { return nil }
    return .points(number)
  }

  /// A length given as a string (`"50%"`, `"auto"`, `"min-content"`…), or `nil` when it is
  /// not one of `forms`.
  static func length(string text: String, forms: LengthForms) -> FlexLength? {
    switch text {
    case "auto": return forms.contains(.auto) ? .auto : nil
    case "none": return forms.contains(.none) ? .auto : nil
    case "content": return forms.contains(.content) ? .content : nil
    case "min-content": return forms.contains(.intrinsic) ? .minContent : nil
    case "max-content": return forms.contains(.intrinsic) ? .maxContent : nil
    case "fit-content": return forms.contains(.intrinsic) ? .fitContent : nil
    case "stretch": return forms.contains(.stretch) ? .stretch : nil
    default:
      guard forms.contains(.percent), text.hasSuffix("%"), let number = Double(text.dropLast()),
        number.isFinite, number >= 0 || forms.contains(.negative)
      else { return nil }
      return .percent(number)
    }
  }

  /// What `forms` accepts, for error messages.
  static func describe(_ forms: LengthForms) -> String {
    var parts = [forms.contains(.negative) ? "a number" : "a number ≥ 0"]
    if forms.contains(.percent) { parts.append(forms.contains(.negative) ? "\"N%\"" : "\"N%\" (N ≥ 0)") }
    if forms.contains(.auto) { parts.append("\"auto\"") }
    if forms.contains(.none) { parts.append("\"none\"") }
    if forms.contains(.content) { parts.append("\"content\"") }
    if forms.contains(.intrinsic) { parts.append("\"min-content\", \"max-content\", \"fit-content\"") }
    if forms.contains(.stretch) { parts.append("\"stretch\"") }
    return parts.joined(separator: ", ")
  }

  /// An `aspect-ratio` from a number (≥ 0) or a string `"auto"`, `"W / H"` or `"R"`: `.some(nil)`
  /// is `auto`; `nil` is not a ratio. A degenerate ratio (a zero width or height) behaves as
  /// `auto` ([CSS Values 4 §5.9](https://www.w3.org/TR/css-values-4/#ratios),
  /// [CSS Sizing 4 §2.1](https://www.w3.org/TR/css-sizing-4/#aspect-ratio)).
  static func aspectRatio(number: Double) -> Double?? {
    guard number.isFinite, number >= 0 else { return nil }
    return number > 0 ? .some(number) : .some(nil)
  }

  /// See ``aspectRatio(number:)``.
  static func aspectRatio(string text: String) -> Double?? {
    if text == "auto" { return .some(nil) }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false).map {
      String($0.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
    guard parts.count == 1 || parts.count == 2, let width = Double(parts[0]) else { return nil }
    let height = parts.count == 2 ? Double(parts[1]) : 1
    guard let height, width.isFinite, height.isFinite, width >= 0, height >= 0 else { return nil }
    return width > 0 && height > 0 ? .some(width / height) : .some(nil)
  }

  /// A font metric (`advance`, `lineHeight`): a finite number > 0.
  static func fontMetric(_ number: Double) -> Double? {
    number.isFinite && number > 0 ? number : nil
  }

  /// An alignment value split into its keyword and overflow position: `"safe center"` is
  /// `("center", .safe)`, `"center"` `("center", .default)`; `nil` for more than two words or a
  /// first word other than `safe`/`unsafe`.
  static func overflowPosition(_ text: String) -> (String, FlexStyle.OverflowAlignment)? {
    let words = text.split(separator: " ")
    switch words.count {
    case 1: return (String(words[0]), .default)
    case 2:
      guard let safety = FlexStyle.OverflowAlignment(rawValue: String(words[0])), safety != .default else {
        return nil
      }
      return (String(words[1]), safety)
    default: return nil
    }
  }

  /// Whether an alignment keyword is positional (may take `safe`/`unsafe`).
  static func isPositional(_ keyword: String) -> Bool {
    ["center", "start", "end", "flex-start", "flex-end", "self-start", "self-end"].contains(keyword)
  }
}
