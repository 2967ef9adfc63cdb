import LayoutGeometry

// MARK: - Registry

extension FrameCalculator {
  /// The standard calculator `kind`.
  @inlinable
  public static func standard(_ kind: StandardFrameCalculator) -> FrameCalculator {
    FrameCalculator(kind: kind, dependsOnContainerHeight: kind.dependsOnContainerHeight) { args in
      standardFrame(kind, args)
    }
  }

  /// The standard calculator called `name`, or `nil` when there is none
  /// (``StandardFrameCalculator/knownNames`` lists them).
  @inlinable
  public static func standard(named name: String) -> FrameCalculator? {
    StandardFrameCalculator(rawValue: name).map(standard)
  }

  /// The standard calculator called `name`.
  ///
  /// - Throws: ``SequentialLayoutError/unknownFrameCalculator(name:known:)``, whose description
  ///   reads "unknown calculator 'x'; known: containerLeftAlignedVStack, …".
  public init(standardName name: String) throws(SequentialLayoutError) {
    guard let kind = StandardFrameCalculator(rawValue: name) else {
      throw .unknownFrameCalculator(name: name, known: StandardFrameCalculator.knownNames)
    }
    self = .standard(kind)
  }

  /// The frame the standard calculator `kind` returns for `args`; the standard calculators
  /// are compositions of the placement helpers of ``FrameCalculatorArguments``.
  @inlinable
  static func standardFrame(_ kind: StandardFrameCalculator, _ args: FrameCalculatorArguments<Value>) -> Rect
  {
    let a = args
    switch kind {
    case .containerTopLeftAligned:
      return a.sizedToFit(a.matchingContainer())
    case .containerTopRightAligned:
      return a.alignedToContainerRight(standardFrame(.containerTopLeftAligned, a))
    case .containerBottomLeftAligned:
      return a.alignedToContainerBottom(standardFrame(.containerTopLeftAligned, a))
    case .containerBottomRightAligned:
      return a.alignedToContainerBottom(a.alignedToContainerRight(standardFrame(.containerTopLeftAligned, a)))
    case .containerCenterAligned:
      return a.alignedToContainerCenterY(
        a.alignedToContainerCenterX(standardFrame(.containerTopLeftAligned, a)))

    case .containerLeftAlignedVStack:
      return a.placedBelowPrevious(standardFrame(.containerTopLeftAligned, a))
    case .containerCenterAlignedVStack:
      return a.alignedToContainerCenterX(standardFrame(.containerLeftAlignedVStack, a))
    case .containerRightAlignedVStack:
      return a.alignedToContainerRight(standardFrame(.containerLeftAlignedVStack, a))
    case .containerFullWidthVStack:
      return a.placedBelowPrevious(a.sizedToFitVertically(a.matchingContainer()))
    case .containerLeftAlignedVStackUp:
      return a.placedAbovePrevious(standardFrame(.containerTopLeftAligned, a))
    case .containerCenterAlignedVStackUp:
      return a.alignedToContainerCenterX(standardFrame(.containerLeftAlignedVStackUp, a))
    case .containerRightAlignedVStackUp:
      return a.alignedToContainerRight(standardFrame(.containerLeftAlignedVStackUp, a))
    case .containerFullWidthVStackUp:
      return a.placedAbovePrevious(a.sizedToFitVertically(a.matchingContainer()))

    case .topAlignedHStack:
      return a.alignedToPreviousTop(a.placedRightOfPrevious(standardFrame(.containerTopLeftAligned, a)))
    case .centerAlignedHStack:
      return a.alignedToPreviousCenterY(a.placedRightOfPrevious(standardFrame(.containerTopLeftAligned, a)))
    case .bottomAlignedHStack:
      return a.alignedToPreviousBottom(a.placedRightOfPrevious(standardFrame(.containerTopLeftAligned, a)))
    case .topAlignedHStackLeft:
      return a.alignedToPreviousTop(a.placedLeftOfPrevious(standardFrame(.containerTopLeftAligned, a)))
    case .centerAlignedHStackLeft:
      return a.alignedToPreviousCenterY(a.placedLeftOfPrevious(standardFrame(.containerTopLeftAligned, a)))
    case .bottomAlignedHStackLeft:
      return a.alignedToPreviousBottom(a.placedLeftOfPrevious(standardFrame(.containerTopLeftAligned, a)))

    case .topAlignedFlow:
      return flowFrame(line: .topAlignedHStack, a)
    case .centerAlignedFlow:
      return flowFrame(line: .centerAlignedHStack, a)
    case .bottomAlignedFlow:
      return flowFrame(line: .bottomAlignedHStack, a)

    case .matchContainer:
      return a.matchingContainer()
    case .matchContainerFullBleed:
      return a.matchingContainerFullBleed()
    case .matchPrevious:
      return a.matchingPrevious()

    case .topLeftAligned:
      return a.alignedToPreviousTop(a.alignedToPreviousLeft(standardFrame(.containerTopLeftAligned, a)))
    case .topRightAligned:
      return a.alignedToPreviousTop(a.alignedToPreviousRight(standardFrame(.containerTopLeftAligned, a)))
    case .bottomLeftAligned:
      return a.alignedToPreviousBottom(a.alignedToPreviousLeft(standardFrame(.containerTopLeftAligned, a)))
    case .bottomRightAligned:
      return a.alignedToPreviousBottom(a.alignedToPreviousRight(standardFrame(.containerTopLeftAligned, a)))
    case .centerAligned:
      return a.alignedToPreviousCenterY(
        a.alignedToPreviousCenterX(standardFrame(.containerTopLeftAligned, a)))
    }
  }

  /// The seed's flow rule: the `line` placement if it fits before the layout area's right edge,
  /// else ``containerLeftAlignedVStack`` (a new line under the previous item).
  @inlinable
  static func flowFrame(line: StandardFrameCalculator, _ args: FrameCalculatorArguments<Value>) -> Rect {
    let rect = standardFrame(line, args)
    return args.overflowsContainerRight(rect) ? standardFrame(.containerLeftAlignedVStack, args) : rect
  }
}

// MARK: - Composition

extension FrameCalculator {
  /// A flow built from two calculators: `line`'s frame when it fits before the layout area's
  /// right edge (padding included), else `wrap`'s. The standard flows are
  /// `flow(line: .topAlignedHStack)` and its centre and bottom mirrors.
  public static func flow(
    line: FrameCalculator, wrap: FrameCalculator = .containerLeftAlignedVStack
  ) -> FrameCalculator {
    FrameCalculator(dependsOnContainerHeight: line.dependsOnContainerHeight || wrap.dependsOnContainerHeight)
    {
      args in
      let rect = line(args)
      return args.overflowsContainerRight(rect) ? wrap(args) : rect
    }
  }

  /// This calculator's frame, then `transform`ed (a calculator built from another).
  ///
  /// ```swift
  /// let rightWithShadow = FrameCalculator<String>.containerRightAlignedVStack
  ///   .adjusted { args, frame in args.alignedToPreviousCenterY(frame) }
  /// ```
  public func adjusted(
    _ transform: @escaping @Sendable (FrameCalculatorArguments<Value>, Rect) -> Rect
  ) -> FrameCalculator {
    let base = self
    return FrameCalculator(dependsOnContainerHeight: true) { args in transform(args, base(args)) }
  }

  /// This calculator's frame moved by `dx` and `dy`.
  public func offsetBy(dx: Double = 0, dy: Double = 0) -> FrameCalculator {
    let base = self
    return FrameCalculator(dependsOnContainerHeight: base.dependsOnContainerHeight) { args in
      base(args).offsetBy(dx: dx, dy: dy)
    }
  }

  /// `first`'s frame when `condition` holds for the arguments, else `second`'s.
  public static func either(
    _ first: FrameCalculator, or second: FrameCalculator,
    when condition: @escaping @Sendable (FrameCalculatorArguments<Value>) -> Bool
  ) -> FrameCalculator {
    FrameCalculator { args in condition(args) ? first(args) : second(args) }
  }
}

// MARK: - The standard calculators

// Diagrams: `prev` is the previous item, `curr` the item placed. Without a previous item each
// calculator falls back to the container, as noted.
extension FrameCalculator {
  /// Below the previous item, at the left of the layout area (the default).
  ///
  /// ```
  ///   ┌────────────────────────┐
  ///   │ ┌──────┐               │
  ///   │ │ prev │               │
  ///   │ └──────┘               │
  ///   │ ┌──────────┐           │
  ///   │ │ curr     │           │
  ///   │ └──────────┘           │
  ///   └────────────────────────┘
  /// ```
  /// Without a previous item: the top-left corner of the layout area.
  @inlinable public static var containerLeftAlignedVStack: FrameCalculator {
    standard(.containerLeftAlignedVStack)
  }

  /// Below the previous item, centred horizontally in the layout area.
  ///
  /// ```
  ///   ┌────────────────────────┐
  ///   │ ┌──────┐               │
  ///   │ │ prev │               │
  ///   │ └──────┘               │
  ///   │      ┌──────────┐      │
  ///   │      │ curr     │      │
  ///   │      └──────────┘      │
  ///   └────────────────────────┘
  /// ```
  @inlinable public static var containerCenterAlignedVStack: FrameCalculator {
    standard(.containerCenterAlignedVStack)
  }

  /// Below the previous item, at the right of the layout area.
  ///
  /// ```
  ///   ┌────────────────────────┐
  ///   │ ┌──────┐               │
  ///   │ │ prev │               │
  ///   │ └──────┘               │
  ///   │           ┌──────────┐ │
  ///   │           │ curr     │ │
  ///   │           └──────────┘ │
  ///   └────────────────────────┘
  /// ```
  @inlinable public static var containerRightAlignedVStack: FrameCalculator {
    standard(.containerRightAlignedVStack)
  }

  /// Below the previous item, as wide as the layout area (less padding), as tall as the item's
  /// height at that width.
  ///
  /// ```
  ///   ┌────────────────────────┐
  ///   │ ┌──────┐               │
  ///   │ │ prev │               │
  ///   │ └──────┘               │
  ///   │ ┌────────────────────┐ │
  ///   │ │ curr               │ │
  ///   │ └────────────────────┘ │
  ///   └────────────────────────┘
  /// ```
  @inlinable public static var containerFullWidthVStack: FrameCalculator {
    standard(.containerFullWidthVStack)
  }

  /// Above the previous item, at the left of the layout area; the bottom-left corner without one.
  @inlinable public static var containerLeftAlignedVStackUp: FrameCalculator {
    standard(.containerLeftAlignedVStackUp)
  }
  /// Above the previous item, centred horizontally; the bottom centre without one.
  @inlinable public static var containerCenterAlignedVStackUp: FrameCalculator {
    standard(.containerCenterAlignedVStackUp)
  }
  /// Above the previous item, at the right of the layout area; the bottom-right corner without one.
  @inlinable public static var containerRightAlignedVStackUp: FrameCalculator {
    standard(.containerRightAlignedVStackUp)
  }
  /// Above the previous item, as wide as the layout area; at the bottom without one.
  @inlinable public static var containerFullWidthVStackUp: FrameCalculator {
    standard(.containerFullWidthVStackUp)
  }

  /// Right of the previous item, tops aligned.
  ///
  /// ```
  ///   ┌────────────────────────┐
  ///   │ ┌──────┐ ┌──────┐      │
  ///   │ │ prev │ │ curr │      │
  ///   │ └──────┘ │      │      │
  ///   │          └──────┘      │
  ///   └────────────────────────┘
  /// ```
  /// Without a previous item: the top-left corner of the layout area.
  @inlinable public static var topAlignedHStack: FrameCalculator { standard(.topAlignedHStack) }

  /// Right of the previous item, vertical centres aligned; centred vertically in the layout
  /// area at its left without one.
  ///
  /// ```
  ///   ┌────────────────────────┐
  ///   │          ┌──────┐      │
  ///   │ ┌──────┐ │ curr │      │
  ///   │ │ prev │ │      │      │
  ///   │ └──────┘ │      │      │
  ///   │          └──────┘      │
  ///   └────────────────────────┘
  /// ```
  @inlinable public static var centerAlignedHStack: FrameCalculator { standard(.centerAlignedHStack) }

  /// Right of the previous item, bottoms aligned; at the bottom-left corner without one.
  ///
  /// ```
  ///   ┌────────────────────────┐
  ///   │          ┌──────┐      │
  ///   │ ┌──────┐ │ curr │      │
  ///   │ │ prev │ │      │      │
  ///   │ └──────┘ └──────┘      │
  ///   └────────────────────────┘
  /// ```
  @inlinable public static var bottomAlignedHStack: FrameCalculator { standard(.bottomAlignedHStack) }

  /// Left of the previous item, tops aligned; the top-right corner without one.
  @inlinable public static var topAlignedHStackLeft: FrameCalculator { standard(.topAlignedHStackLeft) }
  /// Left of the previous item, vertical centres aligned; at the right, centred, without one.
  @inlinable public static var centerAlignedHStackLeft: FrameCalculator { standard(.centerAlignedHStackLeft) }
  /// Left of the previous item, bottoms aligned; the bottom-right corner without one.
  @inlinable public static var bottomAlignedHStackLeft: FrameCalculator { standard(.bottomAlignedHStackLeft) }

  /// Right of the previous item, tops aligned, if it fits before the layout area's right edge;
  /// else under the previous item at the layout area's left (reading order).
  ///
  /// ```
  ///   ┌────────────────────────┐
  ///   │ ┌───────┐ ┌───────┐    │
  ///   │ │ prev1 │ │ prev2 │    │
  ///   │ └───────┘ └───────┘    │
  ///   │ ┌──────────────┐       │
  ///   │ │ curr         │       │
  ///   │ └──────────────┘       │
  ///   └────────────────────────┘
  /// ```
  /// A wrapped item goes under the *previous* item, not under the tallest of the line: use it
  /// for items of similar or increasing heights, as the seed advises.
  @inlinable public static var topAlignedFlow: FrameCalculator { standard(.topAlignedFlow) }
  /// ``topAlignedFlow`` with vertical centres aligned on a line.
  @inlinable public static var centerAlignedFlow: FrameCalculator { standard(.centerAlignedFlow) }
  /// ``topAlignedFlow`` with bottoms aligned on a line.
  @inlinable public static var bottomAlignedFlow: FrameCalculator { standard(.bottomAlignedFlow) }

  /// The layout area less the item's padding (a background).
  ///
  /// ```
  ///   ┌────────────────────────┐
  ///   │ ┌────────────────────┐ │
  ///   │ │ curr               │ │
  ///   │ │                    │ │
  ///   │ └────────────────────┘ │
  ///   └────────────────────────┘
  /// ```
  @inlinable public static var matchContainer: FrameCalculator { standard(.matchContainer) }
  /// The container's bounds, ignoring layout insets, less the item's padding.
  @inlinable public static var matchContainerFullBleed: FrameCalculator { standard(.matchContainerFullBleed) }
  /// The previous item's padded frame less this item's padding; ``matchContainer`` without one.
  @inlinable public static var matchPrevious: FrameCalculator { standard(.matchPrevious) }

  /// Inside the previous item's top-left corner; the layout area's without one.
  @inlinable public static var topLeftAligned: FrameCalculator { standard(.topLeftAligned) }

  /// Inside the previous item's top-right corner (a badge on an avatar); the layout area's
  /// without one.
  ///
  /// ```
  ///   ┌────────────────────────┐
  ///   │ ┌─────────┌──────┐     │
  ///   │ │         │ curr │     │
  ///   │ │ prev    └──────┘     │
  ///   │ └────────────────┘     │
  ///   └────────────────────────┘
  /// ```
  @inlinable public static var topRightAligned: FrameCalculator { standard(.topRightAligned) }
  /// Inside the previous item's bottom-left corner; the layout area's without one.
  @inlinable public static var bottomLeftAligned: FrameCalculator { standard(.bottomLeftAligned) }
  /// Inside the previous item's bottom-right corner; the layout area's without one.
  @inlinable public static var bottomRightAligned: FrameCalculator { standard(.bottomRightAligned) }
  /// Centred on the previous item; in the layout area's centre without one.
  @inlinable public static var centerAligned: FrameCalculator { standard(.centerAligned) }

  /// The layout area's top-left corner, sized to fit the layout area.
  @inlinable public static var containerTopLeftAligned: FrameCalculator { standard(.containerTopLeftAligned) }
  /// The layout area's top-right corner.
  @inlinable public static var containerTopRightAligned: FrameCalculator {
    standard(.containerTopRightAligned)
  }
  /// The layout area's bottom-left corner.
  @inlinable public static var containerBottomLeftAligned: FrameCalculator {
    standard(.containerBottomLeftAligned)
  }
  /// The layout area's bottom-right corner.
  @inlinable public static var containerBottomRightAligned: FrameCalculator {
    standard(.containerBottomRightAligned)
  }
  /// The layout area's centre.
  @inlinable public static var containerCenterAligned: FrameCalculator { standard(.containerCenterAligned) }
}
