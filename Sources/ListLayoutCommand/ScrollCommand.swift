import ListLayout

/// `listlayout scroll FEED.json --height H …`: a scroll session (``ScrollSession``) driven by
/// events on standard input, one JSON line each, answered with one JSON line each.
enum ScrollCommand {
  static let usage = """
    usage: listlayout scroll FEED.json --height H [--width W] [--top-inset T] [--bottom-inset B]
                             [--gravity top|bottom] [--start top|end|ID[:top|center|bottom]]
                             [--follow-end] [--load-threshold K] [--snap none|cells]
                             [--deceleration R] [--list-header-mode standard|quickReturn]

    Scrolls FEED.json as a person would: reads one event per line on standard input and
    prints one JSON line for the start and one per event:
      {"offset","contentLength","minOffset","maxOffset","visible":[[s,i]],"appeared":[[s,i]],
       "disappeared":[[s,i]],"anchor":[s,i]|null,"atStart","nearStart","atEnd","nearEnd",
       "carouselOffsets":{"s":x},"listHeader":{frame}|null,"state":{…}}   (state after save)
    Events:
      {"scrollTo": y}   {"scrollBy": d}   {"fling": v}       (v in points per second)
      {"scrollCarousel": {"section": s, "to": x}}   {"flingCarousel": {"section": s, "velocity": v}}
      {"resize": {"width": W, "height": H}}          (either may be left out)
      {"measure": {"ID": {"width": w, "height": h}}}
      {"update": FEED}                                a new version of the feed
      {"jump": {"id": ID | "item": [s, i], "alignment": "top"|"center"|"bottom", "offset": d}}
      {"save": true}    {"restore": STATE}            STATE as "state" prints it
    A bad event is answered {"error":{"kind","path","message","line","column"}} and changes
    nothing; the session goes on. Offsets are along the scroll axis (x in a horizontal list).

    options:
      --height H            the viewport's length along the scroll axis
      --width W             the list's extent across it (the feed's "width" by default)
      --top-inset T         what covers the top edge (a bar): the offset range starts at -T
      --bottom-inset B      what covers the bottom edge: the range ends B past the content
      --gravity G           where content shorter than the viewport rests: top (default) or bottom
      --start S             top (default), end, or a jump to the cell with id ID, aligned
                            top (default), center or bottom
      --follow-end          a list at its end stays at its end when the content changes
      --load-threshold K    nearStart / nearEnd within K viewport lengths (default 1)
      --snap M              where a fling rests: none (default) or cells
      --deceleration R      a fling's deceleration rate per millisecond (default 0.998)
      --list-header-mode M  standard (default) or quickReturn
    """

  static func run<Output: ListLayoutCommand.IO>(
    _ words: [String], io: inout Output, input: () -> [UInt8]? = ServeCommand.readStandardInput
  ) -> ListLayoutCommand.Status {
    let path: String
    let width: Double?
    let height: Double
    let start: ScrollStart
    var options = ScrollOptions()
    do {
      let arguments = try Arguments(
        words,
        options: [
          "height", "width", "top-inset", "bottom-inset", "gravity", "start", "load-threshold", "snap",
          "deceleration", "list-header-mode",
        ], flags: ["follow-end", "help"])
      if arguments.flags.contains("help") {
        io.out(usage + "\n")
        return .success
      }
      path = try arguments.feedFile(standardInputUse: "the events are read from it")
      guard let given = try arguments.number("height", minimum: 0) else {
        throw Arguments.UsageError(description: "--height is required")
      }
      height = given
      width = try arguments.listWidth()
      options.topInset = try arguments.number("top-inset", minimum: 0) ?? 0
      options.bottomInset = try arguments.number("bottom-inset", minimum: 0) ?? 0
      options.loadThreshold = try arguments.number("load-threshold", minimum: 0) ?? 1
      if let rate = try arguments.number("deceleration", minimum: 0) {
        guard rate < 1 else { throw Arguments.UsageError(description: "--deceleration must be less than 1") }
        options.deceleration = rate
      }
      options.gravity = try choice(arguments, "gravity", ScrollGravity.self) ?? .top
      options.snap = try choice(arguments, "snap", ScrollSnap.self) ?? .none
      options.listHeaderMode = try choice(arguments, "list-header-mode", ListHeaderMode.self) ?? .standard
      options.followsEnd = arguments.flags.contains("follow-end")
      start = parseStart(arguments.options["start"] ?? "top")
    } catch {
      return ListLayoutCommand.usageFailure("scroll", error, io: &io)
    }
    guard let model = ListLayoutCommand.readFeed(path, width: width, io: &io) else { return .usageError }
    var session: ScrollSession
    do {
      session = try ScrollSession(model: model, viewportLength: height, options: options, start: start)
    } catch {
      if case .layout = error {
        io.err("listlayout scroll: \(path): \(error)\n")
        return .layoutError
      }
      io.err("listlayout scroll: --start: \(error)\n")
      return .usageError
    }
    io.out(session.startJSONString() + "\n")
    ServeCommand.forEachLine(of: input) { line in io.out(session.respond(toJSON: Array(line)) + "\n") }
    return .success
  }

  /// `top`, `end`, or `ID[:top|center|bottom]` (a jump, aligned at the top by default).
  static func parseStart(_ text: String) -> ScrollStart {
    switch text {
    case "top": return .top
    case "end": return .end
    default:
      if let colon = text.lastIndex(of: ":"),
        let alignment = ScrollAlignment(rawValue: String(text[text.index(after: colon)...]))
      {
        return .jump(ScrollJump(to: .id(String(text[..<colon])), alignment: alignment))
      }
      return .jump(ScrollJump(to: .id(text)))
    }
  }

  /// The value of option `name`, one of `T`'s cases.
  static func choice<T: RawRepresentable & CaseIterable>(
    _ arguments: Arguments, _ name: String, _ type: T.Type
  ) throws(Arguments.UsageError) -> T? where T.RawValue == String {
    guard let text = arguments.options[name] else { return nil }
    guard let value = T(rawValue: text) else {
      let names = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw Arguments.UsageError(description: "--\(name) is one of \(names), got '\(text)'")
    }
    return value
  }
}
