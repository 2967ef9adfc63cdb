import Flexbox
import LayoutGeometry

/// Every example of the Core Layout README, as written there (with `CGSize`/`CGRect` read as
/// `Size`/`Rect`), keyed by the README's heading.
enum SeedExamples {
  static let container = Size(width: 160, height: 284)
  static let wide = Size(width: 344, height: 160)

  /// A stand-in for measuring a string: 7 points per character, 14 points per line, wrapping
  /// at the offered width.
  static func measureText(_ text: String) -> RelativeSizeClosure {
    { options in
      let full = 7 * Double(text.count)
      let width = Swift.min(full, options.containerSize.width)
      let lines = width > 0 ? (full / width).rounded(.up) : 1
      return Size(width: width, height: 14 * Swift.max(lines, 1))
    }
  }

  static var examples: [(name: String, layout: Layout, size: Size)] {
    var out: [(String, Layout, Size)] = []

    out.append(
      (
        "simple", Layout(container: ContainerBehavior(primaryAxis: .vertical), padding: Edges(all: 8)),
        container
      ))
    out.append(
      (
        "second layout",
        Layout(
          container: ContainerBehavior(primaryAxis: .vertical), padding: Edges(all: 8),
          children: [Layout(size: SizeBehavior(minHeight: 44))]), container
      ))
    for axis in [Axis.vertical, .horizontal] {
      out.append(
        (
          "primaryAxis \(axis)",
          Layout(
            container: ContainerBehavior(primaryAxis: axis), padding: Edges(all: 8),
            children: [
              Layout(margin: Edges(bottom: 8), size: .absolute(width: 44, height: 44)),
              Layout(margin: Edges(bottom: 8), size: .absolute(width: 44, height: 44)),
              Layout(margin: Edges(bottom: 8), size: .absolute(width: 44, height: 44)),
            ]), container
        ))
    }
    let distributionChildren = [
      Layout(margin: Edges(trailing: 8), size: .absolute(width: 44, height: 44)),
      Layout(margin: Edges(trailing: 8), size: .absolute(width: 44, height: 44)),
      Layout(size: .absolute(width: 44, height: 44)),
    ]
    for distribution in PrimaryAxisDistribution.allCases {
      out.append(
        (
          "primaryAxisDistribution \(distribution)",
          Layout(
            container: ContainerBehavior(primaryAxis: .horizontal, primaryAxisDistribution: distribution),
            padding: Edges(all: 8), children: distributionChildren), wide
        ))
    }
    let minSize = SizeBehavior(minWidth: 44, minHeight: 44)
    let minChildren = [
      Layout(margin: Edges(trailing: 8), size: minSize),
      Layout(margin: Edges(trailing: 8), size: minSize),
      Layout(size: minSize),
    ]
    for distribution in SecondaryAxisDistribution.allCases where distribution != .baseline {
      out.append(
        (
          "secondaryAxisDistribution \(distribution)",
          Layout(
            container: ContainerBehavior(primaryAxis: .horizontal, secondaryAxisDistribution: distribution),
            padding: Edges(all: 8), children: minChildren), container
        ))
    }
    let size = SizeBehavior.absolute(width: 40, height: 40)
    let margin = Edges(bottom: 8, trailing: 8)
    let wrapChildren = [
      Layout(margin: margin, size: size),
      Layout(margin: margin, size: size),
      Layout(margin: margin, size: size),
      Layout(margin: margin, size: size),
      Layout(size: size),
    ]
    for distribution in SecondaryAxisDistributionWhenWrapping.allCases where distribution != .spaceEvenly {
      out.append(
        (
          "secondaryAxisDistributionWhenWrapping \(distribution)",
          Layout(
            container: ContainerBehavior(
              primaryAxis: .horizontal, secondaryAxisDistributionWhenWrapping: distribution, shouldWrap: true),
            padding: Edges(top: 8, leading: 8), children: wrapChildren), container
        ))
    }
    for wrap in [false, true] {
      out.append(
        (
          "shouldWrap \(wrap)",
          Layout(
            container: ContainerBehavior(primaryAxis: .horizontal, shouldWrap: wrap),
            padding: Edges(top: 8, leading: 8),
            children: Array(
              repeating: Layout(margin: Edges(bottom: 8), size: .absolute(width: 44, height: 44)), count: 5)),
          container
        ))
    }
    let overrides: [SecondaryAxisDistribution?] = [nil, .leading, .center, .trailing, .stretch]
    for override in overrides {
      out.append(
        (
          "overriddenSecondaryAxisDistribution \(override.map { "\($0)" } ?? "nil")",
          Layout(
            container: ContainerBehavior(primaryAxis: .horizontal, secondaryAxisDistribution: .leading),
            padding: Edges(all: 8),
            children: [
              Layout(size: minSize, margin: Edges(trailing: 8)),
              Layout(size: minSize, margin: Edges(trailing: 8)),
              Layout(overriddenSecondaryAxisDistribution: override, size: minSize),
            ]), container
        ))
    }
    out.append(
      (
        "overriddenPosition",
        Layout(
          container: ContainerBehavior(primaryAxis: .vertical),
          padding: Edges(leading: 50),
          children: [
            Layout(
              container: ContainerBehavior(primaryAxis: .horizontal),
              size: .absolute(width: 100, height: 60),
              children: [
                Layout(overriddenPosition: Edges(top: 8, leading: 8), size: .absolute(width: 44, height: 44))
              ])
          ]), container
      ))
    for units in [[1, 1, 1], [1, 2, 3]] {
      out.append(
        (
          "size flexible \(units)",
          Layout(
            container: ContainerBehavior(primaryAxis: .vertical, secondaryAxisDistribution: .stretch),
            size: .flexible(),
            padding: Edges(top: 8, leading: 8, trailing: 8),
            children: units.map { Layout(size: .flexible(units: UInt($0)), margin: Edges(bottom: 8)) }),
          container
        ))
    }
    out.append(
      (
        "size absolute",
        Layout(
          container: ContainerBehavior(primaryAxis: .vertical),
          children: [Layout(size: .absolute(width: 97, height: 58))]), container
      ))
    out.append(
      (
        "size relative",
        Layout(
          container: ContainerBehavior(primaryAxis: .vertical, secondaryAxisDistribution: .leading),
          children: [
            Layout(
              identifier: "Core Layout",
              size: .relative(closure: measureText("Core Layout")),
              margin: Edges(leading: 8))
          ]), container
      ))
    out.append(
      (
        "margin",
        Layout(
          container: ContainerBehavior(primaryAxis: .vertical),
          children: [
            Layout(identifier: "1", size: .absolute(width: 30, height: 30), margin: Edges(bottom: 10)),
            Layout(identifier: "2", size: .absolute(width: 30, height: 30), margin: Edges(bottom: 20)),
            Layout(identifier: "3", size: .absolute(width: 30, height: 30), margin: Edges(leading: 20)),
          ]), container
      ))
    out.append(
      (
        "padding",
        Layout(
          container: ContainerBehavior(primaryAxis: .vertical),
          padding: Edges(all: 20),
          children: [
            Layout(identifier: "1", size: .absolute(width: 30, height: 30)),
            Layout(identifier: "2", size: .absolute(width: 30, height: 30)),
            Layout(identifier: "3", size: .absolute(width: 30, height: 30)),
          ]), container
      ))
    out.append(
      (
        "border",
        Layout(
          container: ContainerBehavior(primaryAxis: .horizontal),
          children: [
            Layout(identifier: "1", size: .absolute(width: 30, height: 30), border: Edges(all: 20)),
            Layout(identifier: "2", size: .absolute(width: 30, height: 30), border: Edges(all: 20)),
            Layout(identifier: "3", size: .absolute(width: 30, height: 30), border: Edges(all: 20)),
          ]), container
      ))
    out.append(
      (
        "trifecta",
        Layout(
          container: ContainerBehavior(primaryAxis: .vertical, secondaryAxisDistribution: .stretch),
          padding: Edges(all: 8),
          children: [
            Layout(
              container: ContainerBehavior(
                primaryAxis: .horizontal,
                primaryAxisDistribution: .spaceBetween,
                secondaryAxisDistribution: .center
              ),
              padding: Edges(all: 8),
              children: [
                Layout(
                  container: ContainerBehavior(primaryAxis: .horizontal, secondaryAxisDistribution: .center),
                  children: [
                    Layout(size: .absolute(width: 30, height: 30)),
                    Layout(size: .relative(closure: measureText("Trifecta")), margin: Edges(leading: 8)),
                  ]
                ),
                Layout(size: .absolute(width: 8, height: 8)),
              ]
            )
          ]
        ), container
      ))
    out.append(
      (
        "debugging",
        Layout(
          container: ContainerBehavior(primaryAxis: .vertical),
          children: [
            Layout(
              overriddenPosition: .absolute(Edges(top: 8, leading: 8)),
              size: .absolute(width: 44, height: 44)
            )
          ]
        ), container
      ))
    return out
  }
}
