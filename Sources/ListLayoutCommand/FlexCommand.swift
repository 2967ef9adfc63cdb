import Flexbox
import Foundation

/// `listlayout flex TREE.json [--width W] [--height H] [--svg OUT.svg]`
enum FlexCommand {
  static let usage = """
    usage: listlayout flex TREE.json [--width W] [--height H] [--svg OUT.svg]

    Computes a flexbox tree and prints the computed tree as JSON:
      {"id":…,"x":…,"y":…,"width":…,"height":…,"children":[…]}
    with frames relative to the parent. The input is one node: {"id": …, "style": {…},
    "children": […]}, style keys named as CSS properties in camelCase (flexDirection,
    justifyContent, alignItems, alignSelf, alignContent, flexWrap, flexGrow, flexShrink,
    flexBasis, width, height, min/max sizes, margin/padding/border as {top,left,bottom,right},
    position with top/left/bottom/right, gaps). Missing keys take Yoga's defaults (column,
    flex-shrink 0, align-content flex-start). Any other key is an error.

    options:
      --width W    the root's width when its style gives none (default: its content's)
      --height H   the root's height when its style gives none (default: its content's)
      --svg OUT    also draw the computed tree as a debug picture: every box outlined and
                   labelled with its id, margins shaded orange, borders grey, padding green
    """

  static func run<Output: ListLayoutCommand.IO>(
    _ words: [String], io: inout Output
  ) -> ListLayoutCommand.Status {
    do {
      let arguments = try Arguments(words, options: ["width", "height", "svg"], flags: ["help"])
      if arguments.flags.contains("help") {
        io.out(usage + "\n")
        return .success
      }
      guard arguments.positional.count == 1 else {
        throw Arguments.UsageError(description: "expected one tree file, got \(arguments.positional.count)")
      }
      let width = try arguments.number("width", minimum: 0)
      let height = try arguments.number("height", minimum: 0)
      let path = arguments.positional[0]
      let bytes: [UInt8]
      do {
        bytes = try io.read(path)
      } catch {
        io.err("listlayout: \(path): cannot read the file (\(error.localizedDescription))\n")
        return .usageError
      }
      do {
        let output = try FlexDocument.layoutJSON(from: Data(bytes), width: width, height: height)
        if let svgPath = arguments.options["svg"] {
          let layout = try FlexDocument.decode(Data(bytes))
          let picture = layout.compute(width: width, height: height).svg(layout: layout)
          guard RenderCommand.write(picture, to: svgPath, io: &io) else { return .usageError }
        }
        io.out(String(decoding: output, as: UTF8.self))
        return .success
      } catch {
        io.err("listlayout: \(path): \(error)\n")
        return .usageError
      }
    } catch {
      return ListLayoutCommand.usageFailure("flex", error, io: &io)
    }
  }
}
