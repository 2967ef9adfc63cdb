import Foundation
import LayoutGeometry
import SequentialLayout
import TestSupport

extension SplitMix64 {
  /// A whole number in `range`, as a `Double` (exact arithmetic keeps expectations exact).
  mutating func whole(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &self)) }

  /// Insets with whole edges in `range`.
  mutating func insets(_ range: ClosedRange<Int>) -> EdgeInsets {
    EdgeInsets(top: whole(range), left: whole(range), bottom: whole(range), right: whole(range))
  }
}

/// Stand-ins for the seed's views: a label (10 points per character, 20 per line, wrapping to
/// the width offered), a button (its title plus 20 on each side, 44 high) and a fixed box.
enum Widget: Sendable, Hashable, SequentialSizing, CustomStringConvertible {
  case label(String)
  case button(String)
  case box(Double, Double)

  func sizeThatFits(_ fittingSize: Size) -> Size {
    switch self {
    case .label(let text): return Widget.textSize(characters: text.count, fittingWidth: fittingSize.width)
    case .button(let title): return Size(width: Double(title.count) * 10 + 40, height: 44)
    case .box(let width, let height): return Size(width: width, height: height)
    }
  }

  /// Text-like sizing: the height depends on the width given.
  static func textSize(characters: Int, fittingWidth: Double) -> Size {
    let natural = Double(characters) * 10
    if natural <= fittingWidth { return Size(width: natural, height: characters == 0 ? 0 : 20) }
    let perLine = max(1, (fittingWidth / 10).rounded(.down))
    let lines = (Double(characters) / perLine).rounded(.up)
    return Size(width: perLine * 10, height: lines * 20)
  }

  var description: String {
    switch self {
    case .label(let text): return "label '\(text)'"
    case .button(let title): return "button '\(title)'"
    case .box(let width, let height): return "box \(formatted(width))×\(formatted(height))"
    }
  }
}

typealias Item = SequentialItem<Widget>
typealias Container = SequentialContainer<Widget>

func label(_ text: String) -> Item { Item(.label(text)) }
func button(_ title: String) -> Item { Item(.button(title)) }
func box(_ width: Double, _ height: Double) -> Item { Item(.box(width, height)) }

/// Collects what layout observers are told, across the `@Sendable` boundary.
///
/// `@unchecked Sendable`: its one mutable array is only touched under `lock`.
final class Recorder: @unchecked Sendable {
  private let lock = NSLock()
  private var calls: [(index: Int, frame: Rect, isSizing: Bool)] = []

  var observer: LayoutObserver<Widget> {
    LayoutObserver { args in self.locked { $0.append((args.index, args.frame, args.isSizing)) } }
  }

  private func locked<T>(_ body: (inout [(index: Int, frame: Rect, isSizing: Bool)]) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&calls)
  }

  /// The frames reported by layout passes (not sizing passes), in call order.
  var layoutFrames: [Rect] { locked { $0.filter { !$0.isSizing }.map(\.frame) } }
  /// The indexes reported by every pass, in call order.
  var indexes: [Int] { locked { $0.map(\.index) } }
  /// Every call: (index, frame, isSizing).
  var all: [(index: Int, frame: Rect, isSizing: Bool)] { locked { $0 } }
}

func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
  Rect(x: x, y: y, width: width, height: height)
}

/// Lays a container out like a self-sizing view of `width`: size by dry layout, then lay out.
func autosized<Value>(
  _ container: SequentialContainer<Value>, width: Double
) throws -> (size: Size, result: SequentialLayoutResult) {
  let size = try container.sizeThatFits(Size(width: width, height: .infinity))
  let result = try container.layout(in: Rect(x: 0, y: 0, width: width, height: size.height))
  return (size, result)
}
