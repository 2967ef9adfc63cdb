import Foundation
import ListLayout
import ListLayoutService

/// `listlayout serve`: a layout service on standard input and output, one JSON request per
/// line, one JSON answer per line (see ``LayoutService``).
enum ServeCommand {
  static let usage = """
    usage: listlayout serve

    Reads one JSON request per line on standard input and writes one JSON answer per line on
    standard output, keeping the current layout in memory between requests. End of input
    ends the service with status 0. Requests ("id" is echoed; "ok" says whether it worked):
      {"id":1,"op":"load","feed":{…}}              or "path":"FEED.json"; optional "width"
      {"id":2,"op":"viewport","offset":Y,"height":H}     visible elements, headers pinned,
                                                   and the sections shown ("sections":
                                                   index, frame, a carousel's contentWidth
                                                   and snapOffsets); optional "scroll":
                                                   {"S":X} scrolls carousel S sideways
      {"id":3,"op":"update","feed":{…}}            a whole new feed: diffed, applied, anchored
                                                   (optional "offset" and "height")
      {"id":4,"op":"edit","batch":{…}}             the diff format with the new content
      {"id":5,"op":"measure","sizes":{"ID":{"width":W,"height":H}}}
      {"id":6,"op":"layout"}                       every element and section
      {"id":7,"op":"session","height":H,"options":{…}}  a scroll session on the layout, with
                                                   the options of 'listlayout scroll' (topInset,
                                                   bottomInset, gravity, start, followEnd,
                                                   loadThreshold, snap, deceleration,
                                                   listHeaderMode); optional "width"
      {"id":8,"op":"scroll","event":{…}}           one event of 'listlayout scroll' for the
                                                   session; answers what it prints
    A bad request is answered {"id":…,"ok":false,"error":{"kind","path","message","line","column"}}
    and changes nothing; the service keeps serving.
    """

  static func run<Output: ListLayoutCommand.IO>(
    _ words: [String], io: inout Output, input: () -> [UInt8]? = readStandardInput
  ) -> ListLayoutCommand.Status {
    do {
      let arguments = try Arguments(words, options: [], flags: ["help"])
      if arguments.flags.contains("help") {
        io.out(usage + "\n")
        return .success
      }
      guard arguments.positional.isEmpty else {
        throw Arguments.UsageError(description: "serve takes no file; it reads requests from standard input")
      }
    } catch {
      return ListLayoutCommand.usageFailure("serve", error, io: &io)
    }
    let files = FileReader()
    var service = LayoutService(readFile: { path in try files.read(path) })
    forEachLine(of: input) { line in io.out(service.respond(to: Array(line)) + "\n") }
    return .success
  }

  /// Calls `body` with each line of `input` (the chunks it returns until `nil`): without its
  /// newline or a carriage return before it, blank lines skipped, the last line whether or not
  /// a newline ends it. The one line reader of `serve`, `scroll` and `query`.
  static func forEachLine(of input: () -> [UInt8]?, _ body: (ArraySlice<UInt8>) -> Void) {
    func emit(_ line: ArraySlice<UInt8>) {
      var line = line
      if line.last == UInt8(ascii: "\r") { line.removeLast() }
      guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { return }
      body(line)
    }
    var pending: [UInt8] = []
    var scanned = 0
    while let chunk = input() {
      pending += chunk
      var start = 0
      while let newline = pending[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
        emit(pending[start..<newline])
        start = newline + 1
        scanned = start
      }
      pending.removeFirst(start)
      scanned = pending.count
    }
    emit(pending[...])
  }

  /// The next bytes of standard input, or `nil` at its end.
  static func readStandardInput() -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count > 0 { return Array(buffer[0..<count]) }
      if count == 0 { return nil }
      if errno != EINTR { return nil }
    }
  }

  /// Reads the files `load` requests name.
  struct FileReader: Sendable {
    func read(_ path: String) throws -> [UInt8] {
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
  }
}
