import LayoutGeometry

/// What went wrong laying out bad data. Layout never traps on data; it throws one of these.
public enum SequentialLayoutError: Error, Equatable, CustomStringConvertible {
  /// A frame calculator returned a frame with a NaN or infinite scalar (often because its size
  /// calculator did). The error names the item: its index path from the outermost container
  /// (one index per nesting level), its description, and the calculator's standard name if any.
  case nonFiniteFrame(itemPath: [Int], item: String, frame: Rect, calculator: String?)
  /// The bounds or layout insets given to a layout are NaN, negative, or (for insets) infinite.
  case invalidBounds(Rect, insets: EdgeInsets)
  /// A frame calculator name is not one of the standard names.
  case unknownFrameCalculator(name: String, known: [String])

  /// A sentence saying what went wrong and where.
  public var description: String {
    switch self {
    case .nonFiniteFrame(let path, let item, let frame, let calculator):
      let by = calculator.map { " by calculator '\($0)'" } ?? ""
      let at = path.map(String.init).joined(separator: ".")
      return "non-finite frame \(frame) computed\(by) for item \(at) (\(item))"
    case .invalidBounds(let bounds, let insets):
      return
        "cannot lay out in bounds \(bounds) with insets \(insets): values must be finite and not negative"
    case .unknownFrameCalculator(let name, let known):
      return "unknown calculator '\(name)'; known: \(known.joined(separator: ", "))"
    }
  }
}
