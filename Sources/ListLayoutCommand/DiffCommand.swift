import LayoutGeometry
import ListLayout

/// `listlayout diff OLD.json NEW.json [--width W] [--offset Y --viewport-height H]`
enum DiffCommand {
  static let usage = """
    usage: listlayout diff OLD.json NEW.json [--width W] [--offset Y --viewport-height H]

    Compares two versions of a feed and prints the batch update that turns the old one into
    the new one (either file may be - for standard input), in UIKit's index semantics (deletions and move sources before the update,
    insertions, move destinations and updates after it):
      {"sections":{"deleted":[i],"inserted":[j],"moved":[[i,j]],"updated":[j]},
       "items":{"deleted":[[s,i]],"inserted":[[s,i]],"moved":[[[s,i],[s,j]]],"updated":[[s,j]]}}
    Sections match by "id" (else their header's id), cells by "id"; elements without one
    match by their rank among those without. The k-th of duplicate ids matches the k-th.

    With a viewport, also the content offset that keeps the first visible surviving cell in
    place, and every element visible before or after with its frames:
      "contentOffset":y,
      "transitions":[{"kind","section","item","id","from":{frame}|null,"to":{frame}|null,
                      "wasPinned":true,"pinned":true}]
    Elements are named as `layout` names them: no "section" for the list header and footer,
    "wasPinned" and "pinned" only on an element pinned before or after the update.

    options:
      --width W             lay both feeds out at this width
      --offset Y            with --viewport-height: the viewport's content offset before the update
      --viewport-height H   the viewport's height
    """

  static func run<Output: ListLayoutCommand.IO>(
    _ words: [String], io: inout Output
  ) -> ListLayoutCommand.Status {
    let arguments: Arguments
    let width: Double?
    let offset: Double?
    let viewportHeight: Double?
    do {
      arguments = try Arguments(words, options: ["width", "offset", "viewport-height"], flags: ["help"])
      if arguments.flags.contains("help") {
        io.out(usage + "\n")
        return .success
      }
      guard arguments.positional.count == 2 else {
        throw Arguments.UsageError(description: "expected two feed files, got \(arguments.positional.count)")
      }
      guard arguments.positional != ["-", "-"] else {
        throw Arguments.UsageError(description: "only one of the feeds can be read from standard input")
      }
      width = try arguments.listWidth()
      offset = try arguments.number("offset")
      viewportHeight = try arguments.number("viewport-height", minimum: 0)
      guard (offset == nil) == (viewportHeight == nil) else {
        throw Arguments.UsageError(description: "--offset and --viewport-height go together")
      }
    } catch {
      return ListLayoutCommand.usageFailure("diff", error, io: &io)
    }
    guard let old = ListLayoutCommand.readFeed(arguments.positional[0], width: width, io: &io),
      let new = ListLayoutCommand.readFeed(arguments.positional[1], width: width, io: &io)
    else { return .usageError }
    let difference = ListDifference(from: old, to: new)
    guard let offset, let viewportHeight else {
      io.out(difference.jsonString())
      return .success
    }
    do {
      let before = try old.layout()
      let transition = try before.transition(
        difference, contentOffset: offset, viewportHeight: viewportHeight)
      io.out(difference.jsonString(transition: transition))
      return .success
    } catch {
      io.err("listlayout diff: \(error)\n")
      return .layoutError
    }
  }
}
