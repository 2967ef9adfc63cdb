import ListLayout

/// `listlayout format FEED.json [--defaults omitted|spelled-out] [--compact] [--width W]`
enum FormatCommand {
  static let usage = """
    usage: listlayout format FEED.json [--defaults omitted|spelled-out] [--compact] [--width W]

    Reads FEED.json and prints it in a normal form: keys in the order the feed format's
    documentation lists them, numbers in their shortest exact form, one line per feed key and
    per cell. What it prints reads back to the same model, and formatting it again prints the
    same text.

    options:
      --defaults omitted      print only what differs from the defaults (the default)
      --defaults spelled-out  print every key whose absence stands for a default, with the
                              default's value (a cell without a size still has none: it takes
                              the feed's defaultCellSize)
      --compact               print the feed on one line, with no spaces
      --width W               use this width instead of the feed's (which may then be absent)
    """

  static func run<Output: ListLayoutCommand.IO>(
    _ words: [String], io: inout Output
  ) -> ListLayoutCommand.Status {
    do {
      let arguments = try Arguments(words, options: ["defaults", "width"], flags: ["compact", "help"])
      if arguments.flags.contains("help") {
        io.out(usage + "\n")
        return .success
      }
      _ = try arguments.feedFile()  // exactly one, read below
      var options = FeedWritingOptions(prettyPrinted: !arguments.flags.contains("compact"))
      if let defaults = arguments.options["defaults"] {
        switch defaults {
        case "omitted": options.defaults = .omitted
        case "spelled-out": options.defaults = .spelledOut
        default:
          throw Arguments.UsageError(
            description: "--defaults takes omitted or spelled-out, got '\(defaults)'")
        }
      }
      let width = try arguments.listWidth()
      guard let model = ListLayoutCommand.readFeed(arguments.positional[0], width: width, io: &io) else {
        return .usageError
      }
      do {
        var text = try model.jsonString(options: options)
        if !options.prettyPrinted { text += "\n" }
        io.out(text)
      } catch {
        // Every feed the reader accepts can be written; this is a model built otherwise.
        io.err("listlayout: \(arguments.positional[0]): \(error)\n")
        return .usageError
      }
      return .success
    } catch {
      return ListLayoutCommand.usageFailure("format", error, io: &io)
    }
  }
}
