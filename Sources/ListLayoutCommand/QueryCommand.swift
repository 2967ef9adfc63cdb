import ListLayout

/// `listlayout query FEED.json [--width W] [--scroll S=X]…`: drop targets, auto-scroll,
/// focus and accessibility asked of one layout, one JSON query per line on standard input,
/// one JSON answer per line.
enum QueryCommand {
  static let usage = """
    usage: listlayout query FEED.json [--width W] [--scroll S=X]…

    Lays out FEED.json, then reads one query per line on standard input and prints one JSON
    line for each:
      {"moveTarget": {"dragging": [s, i], "point": [x, y], "betweenSections": true,
                      "preview": false, "scroll": {"S": X}}}
          → {"target": [s, i] | null}, with "preview": the layout (as 'listlayout layout'
            prints it) with the move applied, or null, when "preview" is true
      {"autoScroll": {"point": y, "offset": o, "height": h, "edgeZone": 60, "maxSpeed": 1200}}
          → {"speed": v}      (points per second; negative towards the leading edge)
      {"focus": {"from": [s, i], "direction": "up"|"down"|"left"|"right"|"forward"|"backward",
                 "scroll": {"S": X}}}
          → {"to": [s, i] | null, "carouselOffset": x | null}
      {"accessibility": [s, i]}
          → {"posinset", "setsize"} and, in grid sections, "row", "column", "rowSpan",
            "columnSpan", "rowCount", "columnCount" (1-based; columns from the leading edge)
    Points are content coordinates; "point" of autoScroll is a coordinate along the scroll
    axis. "betweenSections" (default true), "preview" (default false), "scroll", "edgeZone"
    and "maxSpeed" may be left out. A bad query is answered {"error":{"kind","path",
    "message","line","column"}}; the process goes on.

    options:
      --width W             lay out at this width instead of the feed's
      --scroll S=X          carousel section S scrolled sideways by X for every query that
                            names no "scroll" (repeatable; a section that is not a carousel
                            is an error)
    """

  static func run<Output: ListLayoutCommand.IO>(
    _ words: [String], io: inout Output, input: () -> [UInt8]? = ServeCommand.readStandardInput
  ) -> ListLayoutCommand.Status {
    let path: String
    let width: Double?
    let scroll: HorizontalOffsets
    do {
      let arguments = try Arguments(words, options: ["width"], repeatable: ["scroll"], flags: ["help"])
      if arguments.flags.contains("help") {
        io.out(usage + "\n")
        return .success
      }
      path = try arguments.feedFile(standardInputUse: "the queries are read from it")
      width = try arguments.listWidth()
      scroll = try arguments.scrollOffsets()
    } catch {
      return ListLayoutCommand.usageFailure("query", error, io: &io)
    }
    guard let model = ListLayoutCommand.readFeed(path, width: width, io: &io) else { return .usageError }
    let snapshot: LayoutSnapshot
    do {
      snapshot = try model.layout()
    } catch {
      io.err("listlayout query: \(path): \(error)\n")
      return .layoutError
    }
    do {
      try Arguments.checkScroll(scroll, in: snapshot)
    } catch {
      return ListLayoutCommand.usageFailure("query", error, io: &io)
    }
    let answerer = InteractionQueryAnswerer(snapshot: snapshot, horizontalOffsets: scroll)
    ServeCommand.forEachLine(of: input) { line in
      io.stream { writer in
        answerer.respond(toJSON: Array(line), to: &writer)
        writer.write("\n")
      }
    }
    return .success
  }
}
