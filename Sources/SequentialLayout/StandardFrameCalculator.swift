/// The names of the standard frame calculators: the registry a JSON decoder looks names up in.
///
/// ```swift
/// struct UnknownName: Error { var message: String }
/// guard let calculator = FrameCalculator<Int>.standard(named: "topAlignedFlow") else {
///   throw UnknownName(message: "unknown calculator; known: \(StandardFrameCalculator.knownNames)")
/// }
/// ```
///
/// Or let ``FrameCalculator/init(standardName:)`` throw
/// ``SequentialLayoutError/unknownFrameCalculator(name:known:)`` with that message.
public enum StandardFrameCalculator: String, Sendable, Hashable, CaseIterable, Codable {
  // Stacked under the previous item, aligned to the container.
  case containerLeftAlignedVStack
  case containerCenterAlignedVStack
  case containerRightAlignedVStack
  case containerFullWidthVStack
  // Stacked above the previous item (the container's bottom without one).
  case containerLeftAlignedVStackUp
  case containerCenterAlignedVStackUp
  case containerRightAlignedVStackUp
  case containerFullWidthVStackUp
  // Right of the previous item, aligned to it.
  case topAlignedHStack
  case centerAlignedHStack
  case bottomAlignedHStack
  // Left of the previous item (the container's right without one), aligned to it.
  case topAlignedHStackLeft
  case centerAlignedHStackLeft
  case bottomAlignedHStackLeft
  // Right of the previous item if it fits, else a new line under it at the container's left.
  case topAlignedFlow
  case centerAlignedFlow
  case bottomAlignedFlow
  // Matching an area.
  case matchContainer
  case matchContainerFullBleed
  case matchPrevious
  // Inside a corner (or the centre) of the previous item (the container without one).
  case topLeftAligned
  case topRightAligned
  case bottomLeftAligned
  case bottomRightAligned
  case centerAligned
  // Inside a corner (or the centre) of the container's layout area.
  case containerTopLeftAligned
  case containerTopRightAligned
  case containerBottomLeftAligned
  case containerBottomRightAligned
  case containerCenterAligned

  /// Every standard name, in declaration order.
  public static var knownNames: [String] { allCases.map(\.rawValue) }

  /// Whether the calculator's frames may move when the container's height changes
  /// (it aligns to the container's bottom or centre, or matches the container, at least when
  /// there is no previous item).
  public var dependsOnContainerHeight: Bool {
    switch self {
    case .containerLeftAlignedVStack, .containerCenterAlignedVStack, .containerRightAlignedVStack,
      .containerFullWidthVStack, .topAlignedHStack, .topAlignedHStackLeft, .topAlignedFlow,
      .topLeftAligned, .topRightAligned, .containerTopLeftAligned, .containerTopRightAligned:
      return false
    case .containerLeftAlignedVStackUp, .containerCenterAlignedVStackUp, .containerRightAlignedVStackUp,
      .containerFullWidthVStackUp, .centerAlignedHStack, .bottomAlignedHStack, .centerAlignedHStackLeft,
      .bottomAlignedHStackLeft, .centerAlignedFlow, .bottomAlignedFlow, .matchContainer,
      .matchContainerFullBleed, .matchPrevious, .bottomLeftAligned, .bottomRightAligned, .centerAligned,
      .containerBottomLeftAligned, .containerBottomRightAligned, .containerCenterAligned:
      return true
    }
  }
}
