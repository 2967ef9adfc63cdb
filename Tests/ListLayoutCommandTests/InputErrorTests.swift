import Foundation
import ListLayout
import ListLayoutCommand
import Testing

/// Bad input is exit status 2 with the file, key path, line and column, whatever stage finds it.
@Suite struct InputErrorTests {
  @Test func aZeroWidthIsBadInputWithItsPosition() {
    for command in [["layout", "f.json"], ["render", "f.json", "--ascii"]] {
      let (status, io) = run(command, files: ["f.json": #"{"width": 0}"#])
      #expect(status == .usageError, "\(command)")
      #expect(
        io.stderr
          == "listlayout: f.json: width: 0 is not valid, expected a number greater than 0 (line 1, column 11)\n",
        "\(command)")
    }
    let feed =
      "{\n  \"sections\": [{\"items\": [{\"size\": {\"width\": 0, \"height\": 1}}]}],\n  \"width\" :\n 0.0\n}"
    let (status, io) = run(["layout", "f.json"], files: ["f.json": feed])
    #expect(status == .usageError)
    #expect(
      io.stderr.hasSuffix("width: 0.0 is not valid, expected a number greater than 0 (line 4, column 2)\n"))
  }

  @Test func aWidthGivenOnTheCommandLineReplacesTheFeeds() {
    let (status, _) = run(["layout", "f.json", "--width", "100"], files: ["f.json": #"{"width": 0}"#])
    #expect(status == .success)
  }

  @Test func aDirectoryIsNamedAsSuch() throws {
    let directory = FileManager.default.temporaryDirectory.path
    #expect {
      _ = try ListLayoutCommand.SystemIO().read(directory)
    } throws: { error in
      error.localizedDescription == "it is a directory"
    }
    let missing = directory + "/no-such-feed-\(UInt64.random(in: 0...UInt64.max)).json"
    #expect {
      _ = try ListLayoutCommand.SystemIO().read(missing)
    } throws: { error in
      error.localizedDescription == "no such file"
    }
  }

  @Test func versionIsPrinted() {
    let (status, io) = run(["--version"])
    #expect(status == .success)
    #expect(io.stdout == "listlayout \(ListLayoutCommand.version)\n")
    #expect(run(["--help"]).1.stdout.contains("--version"))
  }
}

@Suite struct HelpTextTests {
  /// The page's URL-fragment options are found in the help, not only in the page's source.
  @Test func renderHelpNamesThePagesFragmentOptions() {
    let help = run(["render", "--help"]).1.stdout
    for option in ["#offset=", "&vh=", "#selftest"] { #expect(help.contains(option), "\(option)") }
  }

  @Test func flexHelpNamesThePicture() {
    #expect(run(["flex", "--help"]).1.stdout.contains("--svg OUT"))
  }
}
