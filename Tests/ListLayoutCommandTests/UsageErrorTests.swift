import ListLayoutCommand
import Testing

/// Bad usage is two lines on standard error, the problem and where the usage is, never the
/// whole help; `listlayout help COMMAND` prints that help.
@Suite struct UsageErrorTests {
  static let commands = ["layout", "flex", "render", "diff", "scroll", "serve", "generate", "format"]

  @Test(arguments: commands)
  func anUnknownOptionIsOneLineAndAHint(command: String) {
    let (status, io) = run([command, "--bogus"])
    #expect(status == .usageError)
    #expect(
      io.stderr
        == "listlayout \(command): unknown option --bogus\nRun `listlayout help \(command)` for usage.\n")
    #expect(io.stdout.isEmpty)
  }

  @Test(arguments: commands + ["demo"])
  func helpNamesEachCommandsUsage(command: String) {
    let (status, io) = run(["help", command])
    #expect(status == .success)
    #expect(io.stdout.hasPrefix("usage: listlayout \(command == "demo" ? "[demo]" : command)"))
    // The same text as the command's own --help.
    let (_, own) = run([command, "--help"])
    #expect(own.stdout == io.stdout)
  }

  @Test func theTopLevelAndTheDemoSayTheSame() {
    let (unknown, unknownIO) = run(["lay"])
    #expect(unknown == .usageError)
    #expect(unknownIO.stderr == "listlayout: unknown command 'lay'\nRun `listlayout help` for usage.\n")
    let (demo, demoIO) = run(["demo", "--bogus"])
    #expect(demo == .usageError)
    #expect(demoIO.stderr == "listlayout: unknown option --bogus\nRun `listlayout help demo` for usage.\n")
    let (help, helpIO) = run(["help", "lay"])
    #expect(help == .usageError)
    #expect(helpIO.stderr.hasPrefix("listlayout: no command 'lay'; commands: layout, "))
    #expect(helpIO.stderr.hasSuffix("\nRun `listlayout help` for usage.\n"))
    #expect(helpIO.stderr.split(separator: "\n").count == 2)
    let (overview, overviewIO) = run(["help"])
    #expect(overview == .success)
    #expect(overviewIO.stdout.hasPrefix("usage: listlayout [COMMAND]"))
  }

  @Test func aMissingFileArgumentIsOneLineToo() {
    let (status, io) = run(["layout"])
    #expect(status == .usageError)
    #expect(
      io.stderr
        == "listlayout layout: expected one feed file, got 0\nRun `listlayout help layout` for usage.\n")
  }
}
