import LayoutGeometry
import SequentialLayout
import Testing

/// The seed's examples, with exact frames. Labels are 10 points per character and 20 high;
/// buttons are their title plus 20 on each side, 44 high (see `Widget`).
@Suite("The seed's examples")
struct SeedExampleTests {
  /// "Example": two stacked labels, then three buttons in a flow; skip asks for 50 above it.
  ///
  /// ```
  ///   Title Label        (0, 0, 110, 20)
  ///   Subtitle Label     (0, 20, 140, 20)
  ///   [ skip ][ more ]   skip would end at 220 > 200 right of the subtitle: it wraps, 50 below
  ///   [ cancel ]         cancel would end at 260 > 200: it wraps under more
  /// ```
  @Test("the five-view example")
  func fiveViews() throws {
    let explicit = Container()
      .containingItem(label("Title Label").withFrameCalculator(.containerLeftAlignedVStack))
      .containingItem(label("Subtitle Label").withFrameCalculator(.containerLeftAlignedVStack))
      .containingItem(button("skip").withFrameCalculator(.topAlignedFlow).withSpacing(EdgeInsets(top: 50)))
      .containingItem(button("more").withFrameCalculator(.topAlignedFlow))
      .containingItem(button("cancel").withFrameCalculator(.topAlignedFlow))
    // The simplified chain: containerLeftAlignedVStack is the default.
    let chained = Container()
      .containingItem(.label("Title Label"))
      .containingItem(.label("Subtitle Label"))
      .containingItem(button("skip").withFrameCalculator(.topAlignedFlow).withSpacing(EdgeInsets(top: 50)))
      .containingItem(button("more").withFrameCalculator(.topAlignedFlow))
      .containingItem(button("cancel").withFrameCalculator(.topAlignedFlow))

    let expected = [
      rect(0, 0, 110, 20), rect(0, 20, 140, 20), rect(0, 90, 80, 44), rect(80, 90, 80, 44),
      rect(0, 134, 100, 44),
    ]
    let bounds = rect(0, 0, 200, 400)
    #expect(try explicit.layout(in: bounds).frames == expected)
    #expect(try chained.layout(in: bounds).frames == expected)
    #expect(try chained.sizeThatFits(Size(width: 200, height: .infinity)) == Size(width: 160, height: 178))
  }

  /// The tutorial, step 1: labels, a full-width action button, a centred footer 20 below.
  @Test("tutorial step 1: full-width button and centred footer")
  func tutorialStep1() throws {
    let layoutView = Container()
      .containingItem(.label("Title Label"))
      .containingItem(.label("Subtitle Label"))
      .containingItem(button("Action").withFrameCalculator(.containerFullWidthVStack))
      .containingItem(
        label("Footer Label").withFrameCalculator(.containerCenterAlignedVStack).withSpacing(
          EdgeInsets(top: 20)))
    let (size, result) = try autosized(layoutView, width: 320)
    #expect(size == Size(width: 320, height: 124))
    #expect(
      result.frames == [
        rect(0, 0, 110, 20), rect(0, 20, 140, 20), rect(0, 40, 320, 44), rect(100, 104, 120, 20),
      ])
  }

  /// Step 2: a default spacing of 10 above and below; the footer's own spacing replaces it
  /// (20 above), and max(10, 20) = 20 applies.
  @Test("tutorial step 2: default spacing")
  func tutorialStep2() throws {
    let layoutView = Self.step2Items
      .containingDefaultSpacing(EdgeInsets(top: 10, left: 0, bottom: 10, right: 0))
    let (size, result) = try autosized(layoutView, width: 320)
    #expect(size == Size(width: 320, height: 144))
    #expect(
      result.frames == [
        rect(0, 0, 110, 20), rect(0, 30, 140, 20), rect(0, 60, 320, 44), rect(100, 124, 120, 20),
      ])
  }

  static let step2Items = Container()
    .containingItem(.label("Title Label"))
    .containingItem(.label("Subtitle Label"))
    .containingItem(button("Action").withFrameCalculator(.containerFullWidthVStack))
    .containingItem(
      label("Footer Label").withFrameCalculator(.containerCenterAlignedVStack)
        .withSpacing(EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)))

  /// Step 3: a row of three buttons centred as a unit, by nesting a container.
  ///
  /// ```
  ///   Title Label
  ///   Subtitle Label
  ///       [act1] [act2] [act3]     the row sizes itself by dry layout: 80+10+80+10+80 = 260
  ///
  ///         Footer Label
  /// ```
  @Test("tutorial step 3: a nested, centred row of buttons")
  func tutorialStep3() throws {
    let row = Container()
      .containingItem(.button("act1"))
      .containingItem(.button("act2"))
      .containingItem(.button("act3"))
      .containingDefaultFrameCalculator(.topAlignedHStack)
      .containingDefaultSpacing(EdgeInsets(top: 0, left: 10, bottom: 0, right: 10))
    #expect(try row.sizeThatFits(Size(width: 320, height: .infinity)) == Size(width: 260, height: 44))

    let layoutView = Container()
      .containingItem(.label("Title Label"))
      .containingItem(.label("Subtitle Label"))
      .containingItem(row.withFrameCalculator(.containerCenterAlignedVStack))
      .containingItem(
        label("Footer Label").withFrameCalculator(.containerCenterAlignedVStack).withSpacing(
          EdgeInsets(top: 20))
      )
      .containingDefaultSpacing(EdgeInsets(top: 10, left: 0, bottom: 10, right: 0))
    let (size, result) = try autosized(layoutView, width: 320)
    // The occupied bounds run from the labels' left edge to the row's right edge at 290.
    #expect(size == Size(width: 290, height: 144))
    #expect(
      result.frames == [
        rect(0, 0, 110, 20), rect(0, 30, 140, 20), rect(30, 60, 260, 44), rect(100, 124, 120, 20),
      ])
    #expect(result.nested[2]?.frames == [rect(0, 0, 80, 44), rect(90, 0, 80, 44), rect(180, 0, 80, 44)])
    let flat = result.flattenedFrames()
    #expect(flat.map(\.path) == [[0], [1], [2], [2, 0], [2, 1], [2, 2], [3]])
    #expect(flat[3...5].map(\.frame) == [rect(30, 60, 80, 44), rect(120, 60, 80, 44), rect(210, 60, 80, 44)])
  }

  /// Autosizing with mixed alignment: centred items and a top-aligned badge, sized with a
  /// top-aligned sizing calculator so the height is the tallest item's.
  @Test("mixed-alignment row with a sizing frame calculator")
  func mixedAlignmentRow() throws {
    let recorder = Recorder()
    let row = Container()
      .containingItem(.box(40, 40))  // icon
      .containingItem(.label("Title"))  // 50×20
      .containingItem(.button("Go"))  // 60×44
      .containingItem(box(16, 16).withFrameCalculator(.topAlignedHStack))  // badge
      .containingDefaultFrameCalculator(.centerAlignedHStack)
      .containingDefaultLayoutObserver(recorder.observer)
    let sized = row.containingDefaultSizingFrameCalculator(.topAlignedHStack)

    let size = try sized.sizeThatFits(Size(width: CGFloatMax.value, height: CGFloatMax.value))
    #expect(size == Size(width: 166, height: 44))
    // The sizing pass placed everything top-aligned, left to right.
    #expect(
      recorder.all.filter(\.isSizing).map(\.frame) == [
        rect(0, 0, 40, 40), rect(40, 0, 50, 20), rect(90, 0, 60, 44), rect(150, 0, 16, 16),
      ])

    // Laid out at that size, items centre on each other and the badge tops the button.
    let result = try sized.layout(in: rect(0, 0, size.width, size.height))
    #expect(
      result.frames == [rect(0, 2, 40, 40), rect(40, 12, 50, 20), rect(90, 0, 60, 44), rect(150, 0, 16, 16)])
    #expect(recorder.layoutFrames == result.frames.compactMap { $0 })

    // Deviation from the seed's prose, kept from its code: the size is the size of the union
    // of the frames, so even without the sizing calculator the row is not "ridiculously tall";
    // the dry layout merely happens around the centre of the 10 000-point fitting height.
    #expect(try row.sizeThatFits(Size(width: .infinity, height: .infinity)) == Size(width: 166, height: 44))
    let dry = try row.layout(in: rect(0, 0, 10_000, 10_000))
    #expect(dry.frames[0] == rect(0, 4980, 40, 40))
  }

  /// A background matching the container grows the fitting size to whatever is offered, unless
  /// it is ignored when calculating size.
  @Test("background with shouldIgnoreWhenCalculatingSize")
  func ignoredBackground() throws {
    let base = Container(layoutInsets: EdgeInsets(all: 8))
      .containingItem(.label("Title Label"))
      .containingItem(.label("Subtitle Label"))
    let counted = base.containingItem(box(0, 0).withFrameCalculator(.matchContainer))
    let ignored = base.containingItem(
      box(0, 0).withFrameCalculator(.matchContainer)
        .withOptions(LayoutOptions(shouldIgnoreWhenCalculatingSize: true)))

    #expect(try counted.sizeThatFits(Size(width: 320, height: 480)) == Size(width: 320, height: 480))
    #expect(try counted.sizeThatFits(Size(width: 320, height: .infinity)) == Size(width: 320, height: 10_000))
    #expect(try ignored.sizeThatFits(Size(width: 320, height: 480)) == Size(width: 156, height: 56))

    let result = try ignored.layout(in: rect(0, 0, 156, 56))
    #expect(result.frames == [rect(8, 8, 110, 20), rect(8, 28, 140, 20), rect(8, 8, 140, 40)])
    #expect(result.occupiedBounds == rect(8, 8, 140, 40))
  }

  /// "Save as previous": a badge on the avatar's top-right corner must not become the previous
  /// item of the username label.
  @Test("avatar badge with saveAsPrevious false")
  func avatarBadge() throws {
    let badge = box(16, 16).withFrameCalculator(.topRightAligned)
    let naive = Container()
      .containingItem(.box(60, 60))  // avatar
      .containingItem(badge)
      .containingItem(.label("vince"))  // username
    let fixed = Container()
      .containingItem(.box(60, 60))
      .containingItem(badge.withOptions(LayoutOptions(saveAsPrevious: false)))
      .containingItem(.label("vince"))
    let bounds = rect(0, 0, 320, 200)
    // Appears on top of the avatar, under the badge.
    #expect(
      try naive.layout(in: bounds).frames == [rect(0, 0, 60, 60), rect(44, 0, 16, 16), rect(0, 16, 50, 20)])
    // Now positioned below the avatar.
    #expect(
      try fixed.layout(in: bounds).frames == [rect(0, 0, 60, 60), rect(44, 0, 16, 16), rect(0, 60, 50, 20)])
  }
}

/// `CGFloat.greatestFiniteMagnitude`, as UIKit code passes to `sizeThatFits`.
enum CGFloatMax {
  static let value = Double.greatestFiniteMagnitude
}
