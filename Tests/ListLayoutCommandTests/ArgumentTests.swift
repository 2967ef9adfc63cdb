import Foundation
import ListLayout
import Testing

@testable import ListLayoutCommand

@Suite struct ArgumentTests {
  @Test func parsesOptionsFlagsAndPositionals() throws {
    let arguments = try Arguments(
      ["feed.json", "--width", "320", "--offset=10", "--help", "--", "--literal"],
      options: ["width", "offset"],
      flags: ["help"])
    #expect(arguments.positional == ["feed.json", "--literal"])
    #expect(arguments.options == ["width": "320", "offset": "10"])
    #expect(arguments.flags == ["help"])
    #expect(try arguments.number("width") == 320)
  }

  @Test func rejectsBadUsage() {
    #expect(throws: Arguments.UsageError.self) { try Arguments(["--nope"], options: [], flags: []) }
    #expect(throws: Arguments.UsageError.self) { try Arguments(["--width"], options: ["width"], flags: []) }
    #expect(throws: Arguments.UsageError.self) { try Arguments(["--help=1"], options: [], flags: ["help"]) }
    #expect(throws: Arguments.UsageError.self) {
      try Arguments(["--width", "1", "--width", "2"], options: ["width"], flags: [])
    }
    #expect(throws: Arguments.UsageError.self) {
      try Arguments(["--width", "abc"], options: ["width"], flags: []).number("width")
    }
    #expect(throws: Arguments.UsageError.self) {
      try Arguments(["--width", "nan"], options: ["width"], flags: []).number("width")
    }
  }
}
