import Flexbox
import LayoutGeometry
import Testing

/// The frames of every Core Layout README example, pasted from `print(computed)` and checked
/// by hand against the README's pictures and CSS: the printed initializer compiles and compares equal.
enum SeedExpectations {
  static let frames: [String: ComputedLayout] = [
    "simple":
      ComputedLayout(frame: Rect(x: 0, y: 0, width: 160, height: 284)),
    "second layout":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 8, width: 144, height: 44))
        ]
      ),
    "primaryAxis vertical":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 8, y: 60, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 8, y: 112, width: 44, height: 44)),
        ]
      ),
    "primaryAxis horizontal":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 52, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 96, y: 8, width: 44, height: 44)),
        ]
      ),
    "primaryAxisDistribution leading":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 344, height: 160),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 60, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 112, y: 8, width: 44, height: 44)),
        ]
      ),
    "primaryAxisDistribution center":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 344, height: 160),
        children: [
          ComputedLayout(frame: Rect(x: 98, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 150, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 202, y: 8, width: 44, height: 44)),
        ]
      ),
    "primaryAxisDistribution trailing":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 344, height: 160),
        children: [
          ComputedLayout(frame: Rect(x: 188, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 240, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 292, y: 8, width: 44, height: 44)),
        ]
      ),
    "primaryAxisDistribution spaceAround":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 344, height: 160),
        children: [
          ComputedLayout(frame: Rect(x: 38, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 150, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 262, y: 8, width: 44, height: 44)),
        ]
      ),
    "primaryAxisDistribution spaceBetween":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 344, height: 160),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 150, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 292, y: 8, width: 44, height: 44)),
        ]
      ),
    "primaryAxisDistribution spaceEvenly":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 344, height: 160),
        children: [
          ComputedLayout(frame: Rect(x: 53, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 150, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 247, y: 8, width: 44, height: 44)),
        ]
      ),
    "secondaryAxisDistribution leading":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 60, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 112, y: 8, width: 44, height: 44)),
        ]
      ),
    "secondaryAxisDistribution center":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 120, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 60, y: 120, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 112, y: 120, width: 44, height: 44)),
        ]
      ),
    "secondaryAxisDistribution trailing":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 232, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 60, y: 232, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 112, y: 232, width: 44, height: 44)),
        ]
      ),
    "secondaryAxisDistribution stretch":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 8, width: 44, height: 268)),
          ComputedLayout(frame: Rect(x: 60, y: 8, width: 44, height: 268)),
          ComputedLayout(frame: Rect(x: 112, y: 8, width: 44, height: 268)),
        ]
      ),
    "secondaryAxisDistributionWhenWrapping leading":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 8, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 56, y: 8, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 104, y: 8, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 8, y: 56, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 56, y: 56, width: 40, height: 40)),
        ]
      ),
    "secondaryAxisDistributionWhenWrapping center":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 98, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 56, y: 98, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 104, y: 98, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 8, y: 146, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 56, y: 146, width: 40, height: 40)),
        ]
      ),
    "secondaryAxisDistributionWhenWrapping trailing":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 188, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 56, y: 188, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 104, y: 188, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 8, y: 236, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 56, y: 236, width: 40, height: 40)),
        ]
      ),
    "secondaryAxisDistributionWhenWrapping stretch":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 8, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 56, y: 8, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 104, y: 8, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 8, y: 146, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 56, y: 146, width: 40, height: 40)),
        ]
      ),
    "secondaryAxisDistributionWhenWrapping spaceAround":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 53, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 56, y: 53, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 104, y: 53, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 8, y: 191, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 56, y: 191, width: 40, height: 40)),
        ]
      ),
    "secondaryAxisDistributionWhenWrapping spaceBetween":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 8, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 56, y: 8, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 104, y: 8, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 8, y: 236, width: 40, height: 40)),
          ComputedLayout(frame: Rect(x: 56, y: 236, width: 40, height: 40)),
        ]
      ),
    "shouldWrap false":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 52, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 96, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 140, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 184, y: 8, width: 44, height: 44)),
        ]
      ),
    "shouldWrap true":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 52, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 96, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 8, y: 60, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 52, y: 60, width: 44, height: 44)),
        ]
      ),
    "overriddenSecondaryAxisDistribution nil":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 60, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 112, y: 8, width: 44, height: 44)),
        ]
      ),
    "overriddenSecondaryAxisDistribution leading":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 60, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 112, y: 8, width: 44, height: 44)),
        ]
      ),
    "overriddenSecondaryAxisDistribution center":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 60, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 112, y: 120, width: 44, height: 44)),
        ]
      ),
    "overriddenSecondaryAxisDistribution trailing":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 60, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 112, y: 232, width: 44, height: 44)),
        ]
      ),
    "overriddenSecondaryAxisDistribution stretch":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 60, y: 8, width: 44, height: 44)),
          ComputedLayout(frame: Rect(x: 112, y: 8, width: 44, height: 268)),
        ]
      ),
    "overriddenPosition":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(
            frame: Rect(x: 50, y: 0, width: 100, height: 60),
            children: [
              ComputedLayout(frame: Rect(x: 8, y: 8, width: 44, height: 44))
            ]
          )
        ]
      ),
    "size flexible [1, 1, 1]":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 8, width: 144, height: 84)),
          ComputedLayout(frame: Rect(x: 8, y: 100, width: 144, height: 84)),
          ComputedLayout(frame: Rect(x: 8, y: 192, width: 144, height: 84)),
        ]
      ),
    "size flexible [1, 2, 3]":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 8, width: 144, height: 42)),
          ComputedLayout(frame: Rect(x: 8, y: 58, width: 144, height: 84)),
          ComputedLayout(frame: Rect(x: 8, y: 150, width: 144, height: 126)),
        ]
      ),
    "size absolute":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 0, y: 0, width: 97, height: 58))
        ]
      ),
    "size relative":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(identifier: "Core Layout", frame: Rect(x: 8, y: 0, width: 77, height: 14))
        ]
      ),
    "margin":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(identifier: "1", frame: Rect(x: 0, y: 0, width: 30, height: 30)),
          ComputedLayout(identifier: "2", frame: Rect(x: 0, y: 40, width: 30, height: 30)),
          ComputedLayout(identifier: "3", frame: Rect(x: 20, y: 90, width: 30, height: 30)),
        ]
      ),
    "padding":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(identifier: "1", frame: Rect(x: 20, y: 20, width: 30, height: 30)),
          ComputedLayout(identifier: "2", frame: Rect(x: 20, y: 50, width: 30, height: 30)),
          ComputedLayout(identifier: "3", frame: Rect(x: 20, y: 80, width: 30, height: 30)),
        ]
      ),
    "border":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(identifier: "1", frame: Rect(x: 0, y: 0, width: 40, height: 40)),
          ComputedLayout(identifier: "2", frame: Rect(x: 40, y: 0, width: 40, height: 40)),
          ComputedLayout(identifier: "3", frame: Rect(x: 80, y: 0, width: 40, height: 40)),
        ]
      ),
    "trifecta":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(
            frame: Rect(x: 8, y: 8, width: 144, height: 46),
            children: [
              ComputedLayout(
                frame: Rect(x: 8, y: 8, width: 94, height: 30),
                children: [
                  ComputedLayout(frame: Rect(x: 0, y: 0, width: 30, height: 30)),
                  ComputedLayout(frame: Rect(x: 38, y: 8, width: 56, height: 14)),
                ]
              ),
              ComputedLayout(frame: Rect(x: 128, y: 19, width: 8, height: 8)),
            ]
          )
        ]
      ),
    "debugging":
      ComputedLayout(
        frame: Rect(x: 0, y: 0, width: 160, height: 284),
        children: [
          ComputedLayout(frame: Rect(x: 8, y: 8, width: 44, height: 44))
        ]
      ),
  ]
}
