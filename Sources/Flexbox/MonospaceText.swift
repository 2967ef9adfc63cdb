import LayoutGeometry

/// Text measured in a monospace font: a built-in measure function for headless layout and tests.
///
/// The text is split into words at U+200B (zero-width space), its only break opportunities;
/// every other character is ``advance`` wide. Its min-content width is its longest word's, its
/// max-content width the whole text's ([CSS Sizing 3 §4.1](https://www.w3.org/TR/css-sizing-3/#intrinsic-sizes)).
/// At a definite width it takes `min(width, max-content)`, never less than min-content, and is
/// ``lineHeight`` times as tall as the lines it fills when its words are placed greedily. This
/// is the convention of browser-generated test suites with the Ahem font, where every glyph is
/// a 1 em square.
///
/// ```swift
/// let title = Layout(identifier: "title", style: FlexStyle(), text: MonospaceText("Hello\u{200B}world"))
/// ```
public struct MonospaceText: Sendable, Hashable {
  /// The text; U+200B separates words.
  public var text: String
  /// The width of every character but U+200B (default 10).
  public var advance: Double
  /// The height of a line (default 10).
  public var lineHeight: Double

  /// The length of each word in characters, empty words (two breaks in a row) left out.
  private let words: [Int]

  /// Creates measured text; a NaN, infinite or negative advance or line height reads as 0.
  public init(_ text: String, advance: Double = 10, lineHeight: Double = 10) {
    self.text = text
    func clean(_ v: Double) -> Double { v.isFinite && v > 0 ? Swift.min(v, FlexLayoutLimits.maxLength) : 0 }
    self.advance = clean(advance)
    self.lineHeight = clean(lineHeight)
    var words: [Int] = []
    var count = 0
    for scalar in text.unicodeScalars {
      if scalar == "\u{200B}" {
        if count > 0 { words.append(count) }
        count = 0
      } else {
        count += 1
      }
    }
    if count > 0 { words.append(count) }
    self.words = words
  }

  /// The longest word's width.
  public var minContentWidth: Double { Double(words.max() ?? 0) * advance }

  /// The whole text's width on one line.
  public var maxContentWidth: Double { Double(words.reduce(0, +)) * advance }

  /// The number of lines the words fill at `width`, placed greedily (a word wider than the line
  /// has a line of its own).
  public func lineCount(atWidth width: Double) -> Int {
    var lines = 0
    var used = 0.0
    for word in words {
      let length = Double(word) * advance
      if lines == 0 || used + length > width + 1e-9 {
        lines += 1
        used = length
      } else {
        used += length
      }
    }
    return lines
  }

  /// The text's size at `width` (`nil`: at its max-content width): `min(width, max-content)`,
  /// never less than min-content, by the height of the lines it fills at `width` (a width
  /// narrower than the longest word breaks at every break opportunity, and the text overflows).
  public func size(atWidth width: Double?) -> Size {
    let maxContent = maxContentWidth
    let lineWidth = Swift.min(width ?? maxContent, maxContent)
    return Size(
      width: Swift.max(lineWidth, minContentWidth), height: Double(lineCount(atWidth: lineWidth)) * lineHeight
    )
  }

  /// The distance from the top of the text to its first line's baseline, as Chromium places it
  /// in the test font (ascent 0.8 em, descent 0.2 em, the em being ``advance``): the font's
  /// ascent and descent are rounded to whole pixels, and the line's leading (``lineHeight`` less
  /// their sum) is split in two, its top half floored to a whole pixel ([CSS Inline 3
  /// §5.1](https://www.w3.org/TR/css-inline-3/#inline-height)). `nil` for text without words.
  public var firstBaseline: Double? {
    guard !words.isEmpty else { return nil }
    let ascent = (advance * 0.8).rounded()
    let descent = (advance * 0.2).rounded()
    return ascent + ((lineHeight - ascent - descent) / 2).rounded(.down)
  }

  /// The text as a measure function (see ``SizeBehavior/relative(closure:)``): at the width the
  /// container decided, else in the width offered, else at its min-content or max-content width.
  public var measure: RelativeSizeClosure {
    { [self] options in
      if let known = options.knownWidth {
        return Size(width: known, height: Double(lineCount(atWidth: known)) * lineHeight)
      }
      switch options.widthConstraint {
      case .minContent: return size(atWidth: minContentWidth)
      case .maxContent: return size(atWidth: nil)
      case .definite:
        let offered = options.containerSize.width
        return size(atWidth: offered.isFinite ? offered : nil)
      }
    }
  }
}

extension Layout {
  /// Creates a leaf whose content is monospace text (see ``MonospaceText``).
  public init(identifier: String? = nil, style: FlexStyle, text: MonospaceText) {
    self.init(identifier: identifier, style: style, measure: text.measure)
    firstBaseline = text.firstBaseline
  }
}
