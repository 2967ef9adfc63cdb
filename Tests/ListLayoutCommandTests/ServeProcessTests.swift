import Foundation
import Testing

/// Drives the real `listlayout` executable through pipes: one request in, one answer out,
/// state kept between requests, bad requests answered without stopping, status 0 at the end
/// of input.
@Suite struct ServeProcessTests {
  /// The executable built next to the test bundle.
  static var executable: URL? {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<3 {
      let candidate = directory.appendingPathComponent("listlayout")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }

  /// A running service with a line-at-a-time conversation.
  final class Conversation {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    var buffered: [UInt8] = []

    init(_ executable: URL) throws {
      process.executableURL = executable
      process.arguments = ["serve"]
      process.standardInput = input
      process.standardOutput = output
      try process.run()
    }

    /// Sends one request and waits for its one-line answer.
    func ask(_ request: String) throws -> String {
      input.fileHandleForWriting.write(Data((request + "\n").utf8))
      while true {
        if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
          let line = String(decoding: buffered[..<newline], as: UTF8.self)
          buffered.removeFirst(newline + 1)
          return line
        }
        let data = output.fileHandleForReading.availableData
        guard !data.isEmpty else { throw CocoaError(.fileReadUnknown) }
        buffered += data
      }
    }

    /// Closes standard input and returns the exit status.
    func finish() -> Int32 {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
      return process.terminationStatus
    }
  }

  static let feed = """
    {"width":200,"contentInsets":{"top":0,"left":0,"bottom":0,"right":0},"sections":[{"id":"top","header":{"height":20,"id":"h"},"items":[{"id":"a","size":{"width":200,"height":40}},{"id":"b","size":{"width":200,"height":40}},{"id":"c","size":{"width":200,"height":40}},{"id":"d","size":{"width":200,"height":40}}]}]}
    """
  static let newFeed = """
    {"width":200,"contentInsets":{"top":0,"left":0,"bottom":0,"right":0},"sections":[{"id":"top","header":{"height":20,"id":"h"},"items":[{"id":"n","size":{"width":200,"height":30}},{"id":"b","size":{"width":200,"height":60}},{"id":"d","size":{"width":200,"height":40}},{"id":"c","size":{"width":200,"height":40}}]}]}
    """

  @Test func aConversation() throws {
    let executable = try #require(Self.executable, "build the listlayout executable first")
    let service = try Conversation(executable)
    #expect(
      try service.ask(#"{"id":1,"op":"viewport","offset":0,"height":10}"#)
        == #"{"id":1,"ok":false,"error":{"kind":"request","message":"no feed is loaded; send a \"load\" request first"}}"#
    )
    #expect(
      try service.ask(#"{"id":1,"op":"load","feed":"# + Self.feed + "}")
        == #"{"id":1,"ok":true,"contentSize":{"width":200,"height":195}}"#)
    let viewport = #"{"id":2,"op":"viewport","offset":30,"height":100}"#
    let visible = """
      {"id":2,"ok":true,"contentSize":{"width":200,"height":195},"elements":[\
      {"kind":"header","section":0,"id":"h","frame":{"x":0,"y":30,"width":200,"height":20},"zIndex":1024,"pinned":true},\
      {"kind":"cell","section":0,"item":0,"id":"a","frame":{"x":0,"y":20,"width":200,"height":40},"zIndex":0},\
      {"kind":"cell","section":0,"item":1,"id":"b","frame":{"x":0,"y":65,"width":200,"height":40},"zIndex":0},\
      {"kind":"cell","section":0,"item":2,"id":"c","frame":{"x":0,"y":110,"width":200,"height":40},"zIndex":0}],\
      "sections":[{"index":0,"frame":{"x":0,"y":0,"width":200,"height":195}}]}
      """
    #expect(try service.ask(viewport) == visible)
    // Bad requests: answered, and the state is kept.
    let typeError = try service.ask(#"{"id":"x","op":"viewport","offset":"a","height":1}"#)
    #expect(
      typeError
        == #"{"id":"x","ok":false,"error":{"kind":"typeMismatch","path":"offset","message":"expected a number, found the string \"a\"","line":1,"column":36}}"#
    )
    #expect(try service.ask("garbage").hasPrefix(#"{"id":null,"ok":false,"error":{"kind":"syntax""#))
    let badFeed = try service.ask(
      #"{"id":3,"op":"update","feed":{"width":200,"sections":[{"items":[{"size":{"width":-1}}]}]}}"#)
    #expect(badFeed.contains(#""path":"feed.sections[0].items[0].size.width""#), "\(badFeed)")
    #expect(try service.ask(viewport) == visible)
    // A whole new feed: diffed, applied and anchored to the remembered viewport.
    let update = try service.ask(#"{"id":4,"op":"update","feed":"# + Self.newFeed + "}")
    #expect(
      update.hasPrefix(
        #"{"id":4,"ok":true,"contentSize":{"width":200,"height":205},"sections":{"deleted":[],"inserted":[],"moved":[],"updated":[]},"items":{"deleted":[[0,0]],"inserted":[[0,0]],"moved":[[[0,3],[0,2]]],"updated":[[0,1]]},"contentOffset":20,"transitions":["#
      ), "\(update)")
    let edit = try service.ask(
      #"{"id":5,"op":"edit","batch":{"items":{"inserted":[[0,0]]},"insertedCells":[{"id":"z","size":{"width":200,"height":10}}]}}"#
    )
    #expect(edit.hasPrefix(#"{"id":5,"ok":true,"contentSize":{"width":200,"height":220}"#), "\(edit)")
    #expect(
      try service.ask(#"{"id":6,"op":"measure","sizes":{"z":{"width":200,"height":15}}}"#)
        == #"{"id":6,"ok":true,"contentSize":{"width":200,"height":225},"contentOffset":40}"#)
    let layout = try service.ask(#"{"id":7,"op":"layout"}"#)
    #expect(
      layout.contains(
        #"{"kind":"cell","section":0,"item":0,"id":"z","frame":{"x":0,"y":20,"width":200,"height":15},"zIndex":0}"#
      ))
    #expect(service.finish() == 0)
  }

  @Test func endOfInputWithoutALineBreakIsAnswered() throws {
    let executable = try #require(Self.executable, "build the listlayout executable first")
    let service = try Conversation(executable)
    service.input.fileHandleForWriting.write(Data(#"{"id":9,"op":"layout"}"#.utf8))
    try service.input.fileHandleForWriting.close()
    let data = service.output.fileHandleForReading.readDataToEndOfFile()
    service.process.waitUntilExit()
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"{"id":9,"ok":false,"error":{"kind":"request","message":"no feed is loaded; send a \"load\" request first"}}"#
        + "\n")
    #expect(service.process.terminationStatus == 0)
  }
}
