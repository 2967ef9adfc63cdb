import Foundation
import LayoutGeometry
import ListLayout

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ListLayoutCommand.IO {
  /// Reads the file with `read(_:)` and hands `body` its bytes.
  public func withContents<R>(
    of path: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> R
  ) throws -> R {
    try read(path).withUnsafeBufferPointer(body)
  }

  /// Streams through a writer whose bytes end up in one ``out(_:)`` call (for I/O that
  /// captures output, such as tests).
  public mutating func stream(_ body: (inout ByteWriter) -> Void) {
    out(String(decoding: ByteWriter.bytes(body), as: UTF8.self))
  }

  /// Collects what `body` writes and writes it with ``ListLayoutCommand/IO/write(_:_:)``.
  public func write(_ path: String, streaming body: (inout ByteWriter) -> Void) throws {
    try write(path, String(decoding: ByteWriter.bytes(body), as: UTF8.self))
  }
}

/// The `listlayout` command: lays out feeds from JSON and shows the results. The executable
/// is a thin wrapper around ``ListLayoutCommand/run(_:io:)`` so everything here is testable.
public enum ListLayoutCommand {
  /// Where a run writes: standard output and error, and files (tests capture all three).
  public protocol IO {
    /// Writes to standard output.
    mutating func out(_ text: String)
    /// Writes to standard error.
    mutating func err(_ text: String)
    /// Reads a whole file (`-` is standard input).
    func read(_ path: String) throws -> [UInt8]
    /// Writes a whole file.
    func write(_ path: String, _ text: String) throws
    /// Streams output to standard output through a buffered writer.
    mutating func stream(_ body: (inout ByteWriter) -> Void)
    /// Writes a whole file through a buffered writer. The default collects the bytes and
    /// calls `write(_:_:)`; `SystemIO` writes them to the file as they come.
    func write(_ path: String, streaming body: (inout ByteWriter) -> Void) throws
    /// Calls `body` with a whole file's bytes (`-` is standard input), valid only during the
    /// call. The default reads the file with `read(_:)`; `SystemIO` maps regular files
    /// into memory instead of copying them.
    func withContents<R>(of path: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) throws -> R
  }

  /// Exit statuses.
  public enum Status: Int32 {
    case success = 0
    /// The input was valid but could not be laid out.
    case layoutError = 1
    /// Bad usage or bad input.
    case usageError = 2
  }

  /// The process's own terminal and file system.
  public struct SystemIO: IO {
    /// The process's standard streams and files.
    public init() {}
    /// Writes to standard output.
    public mutating func out(_ text: String) {
      var text = text
      text.withUTF8 { Self.writeAll(1, UnsafeRawBufferPointer($0)) }
    }
    /// Writes to standard error.
    public mutating func err(_ text: String) {
      var text = text
      text.withUTF8 { Self.writeAll(2, UnsafeRawBufferPointer($0)) }
    }
    /// Streams to standard output, 64 KB at a time.
    public mutating func stream(_ body: (inout ByteWriter) -> Void) {
      var writer = ByteWriter { Self.writeAll(1, $0) }
      body(&writer)
      writer.flush()
    }
    /// Reads a whole file, or standard input for `-`, in one pass into one array.
    ///
    /// - Throws: ``FileError`` for a directory or a missing file, Foundation's error otherwise.
    public func read(_ path: String) throws -> [UInt8] {
      if path == "-" { return [UInt8](FileHandle.standardInput.readDataToEndOfFile()) }
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw FileError.notFound
      }
      if isDirectory.boolValue { throw FileError.isDirectory }
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      defer { try? handle.close() }
      let size = Int(try handle.seekToEnd())
      try handle.seek(toOffset: 0)
      var bytes = [UInt8](repeating: 0, count: size)
      let descriptor = handle.fileDescriptor
      var done = 0
      try bytes.withUnsafeMutableBytes { buffer in
        while done < size {
          let count = SystemIO.readSome(descriptor, buffer.baseAddress! + done, size - done)
          if count < 0 { throw CocoaError(.fileReadUnknown) }
          if count == 0 { break }
          done += count
        }
      }
      bytes.removeLast(size - done)
      // A file that grew while being read (or a pipe that reported no size): read the rest.
      let rest = handle.readDataToEndOfFile()
      bytes.append(contentsOf: rest)
      return bytes
    }

    /// Calls `body` with a regular file's bytes mapped into memory (no copy, no fresh pages to
    /// fill), or, for standard input, a pipe or an empty file, with the bytes `read(_:)`
    /// returns. The mapping is private and read-only; it goes away when `body` returns.
    ///
    /// A file another process truncates while it is mapped can stop the process (`SIGBUS`),
    /// as with any tool that maps its input.
    public func withContents<R>(
      of path: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> R
    ) throws -> R {
      guard path != "-" else { return try read(path).withUnsafeBufferPointer(body) }
      let descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else { return try read(path).withUnsafeBufferPointer(body) }
      defer { close(descriptor) }
      var status = stat()
      guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 else {
        return try read(path).withUnsafeBufferPointer(body)
      }
      let size = Int(status.st_size)
      #if canImport(Glibc)
      let flags = MAP_PRIVATE | MAP_POPULATE
      #else
      let flags = MAP_PRIVATE
      #endif
      guard let mapped = mmap(nil, size, PROT_READ, flags, descriptor, 0), mapped != MAP_FAILED else {
        return try read(path).withUnsafeBufferPointer(body)
      }
      defer { munmap(mapped, size) }
      let bytes = UnsafeRawBufferPointer(start: mapped, count: size).bindMemory(to: UInt8.self)
      return try body(bytes)
    }

    private static func readSome(_ descriptor: Int32, _ base: UnsafeMutableRawPointer, _ count: Int) -> Int {
      #if canImport(Glibc)
      Glibc.read(descriptor, base, count)
      #else
      Darwin.read(descriptor, base, count)
      #endif
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
      var done = 0
      while done < bytes.count {
        #if canImport(Glibc)
        let written = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
        #else
        let written = Darwin.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
        #endif
        if written <= 0 {
          if written < 0 && errno == EINTR { continue }
          return
        }
        done += written
      }
    }
    /// Writes a whole file.
    public func write(_ path: String, _ text: String) throws {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
    /// Writes a file 64 KB at a time as `body` writes it, never holding the whole of it.
    ///
    /// - Throws: Foundation's error for a file that cannot be created or written.
    public func write(_ path: String, streaming body: (inout ByteWriter) -> Void) throws {
      let url = URL(fileURLWithPath: path)
      // Creating (or emptying) the file first reports a bad path as writing it whole did.
      try Data().write(to: url)
      let handle = try FileHandle(forWritingTo: url)
      defer { try? handle.close() }
      var failure: (any Error)?
      var writer = ByteWriter { bytes in
        guard failure == nil else { return }
        do { try handle.write(contentsOf: Data(bytes)) } catch { failure = error }
      }
      body(&writer)
      writer.flush()
      if let failure { throw failure }
    }
  }

  /// The command's version, printed by `listlayout --version`.
  public static let version = "0.1.0"

  /// Why a path could not be read as a file.
  public enum FileError: Error, LocalizedError, Equatable, CustomStringConvertible {
    /// Nothing is at the path.
    case notFound
    /// The path names a directory.
    case isDirectory

    public var description: String {
      switch self {
      case .notFound: "no such file"
      case .isDirectory: "it is a directory"
      }
    }

    /// The error's ``description``, which `localizedDescription` reads.
    public var errorDescription: String? { description }
  }

  static let usage = """
    usage: listlayout [COMMAND] [OPTIONS]

    With no command, lays out the built-in demo feed and prints a summary.

    commands:
      layout FEED.json [--width W] [--offset Y --viewport-height H [--scroll S=X]…]
                      print the layout as JSON (all elements, or those visible in a viewport,
                      carousels scrolled sideways), with its sections' frames and snap offsets
      flex TREE.json [--width W] [--height H]
                      compute a flexbox tree and print its frames as JSON
      render FEED.json (--svg OUT.svg | --html OUT.html | --ascii) [--width W]
                      [--offset Y --viewport-height H [--scroll S=X]…]
                      draw the layout: an SVG picture, a virtually scrolling HTML page, or text
      diff OLD.json NEW.json [--width W] [--offset Y --viewport-height H]
                      print the batch update between two versions of a feed (and, with a
                      viewport, the anchored offset and every visible element's transition)
      scroll FEED.json --height H [--width W] [--top-inset T] [--bottom-inset B] […]
                      scroll the feed as a person would: events on standard input, one per
                      line, the visible cells and offsets after each (see 'listlayout scroll --help')
      query FEED.json [--width W] [--scroll S=X]…
                      drop targets, auto-scroll, focus and accessibility: queries on
                      standard input, one per line (see 'listlayout query --help')
      serve           a layout service: JSON requests on standard input, one per line,
                      answers on standard output (see 'listlayout serve --help')
      generate --cells N [--seed S] [--sections K] [--width W] [--runs [--cycle C]]
                      print a generated feed (deterministic for a seed) as JSON
      format FEED.json [--defaults omitted|spelled-out] [--compact]
                      print the feed in a normal form: only what differs from the
                      defaults, or every default spelled out
      help [COMMAND]  show this help, or a command's ('listlayout COMMAND --help' too)
      --version       print the version

    exit status: 0 success, 1 layout error, 2 bad usage or bad input
    """

  /// Runs the command line `arguments` (without the program name).
  public static func run<Output: IO>(_ arguments: [String], io: inout Output) -> Status {
    guard let command = arguments.first else {
      return Demo.run(Array(arguments), io: &io)
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "layout": return LayoutCommand.run(rest, io: &io)
    case "render": return RenderCommand.run(rest, io: &io)
    case "flex": return FlexCommand.run(rest, io: &io)
    case "generate": return GenerateCommand.run(rest, io: &io)
    case "diff": return DiffCommand.run(rest, io: &io)
    case "scroll": return ScrollCommand.run(rest, io: &io)
    case "query": return QueryCommand.run(rest, io: &io)
    case "serve": return ServeCommand.run(rest, io: &io)
    case "format": return FormatCommand.run(rest, io: &io)
    case "demo": return Demo.run(rest, io: &io)
    case "help", "--help", "-h":
      return help(rest, io: &io)
    case "--version":
      io.out("listlayout \(version)\n")
      return .success
    default:
      return usageFailure(nil, Arguments.UsageError(description: "unknown command '\(command)'"), io: &io)
    }
  }

  /// Every command's own help, by name (what `listlayout help COMMAND` prints).
  static let commandUsages: [(name: String, usage: String)] = [
    ("layout", LayoutCommand.usage), ("flex", FlexCommand.usage), ("render", RenderCommand.usage),
    ("diff", DiffCommand.usage), ("scroll", ScrollCommand.usage), ("query", QueryCommand.usage),
    ("serve", ServeCommand.usage),
    ("generate", GenerateCommand.usage), ("format", FormatCommand.usage), ("demo", Demo.usage),
  ]

  /// `listlayout help [COMMAND]`: the overview, or one command's help.
  static func help<Output: IO>(_ words: [String], io: inout Output) -> Status {
    guard let topic = words.first else {
      io.out(usage + "\n")
      return .success
    }
    guard words.count == 1, let entry = commandUsages.first(where: { $0.name == topic }) else {
      let problem =
        words.count == 1
        ? "no command '\(topic)'; commands: \(commandUsages.map(\.name).joined(separator: ", "))"
        : "help takes one command, got \(words.count) words"
      return usageFailure(nil, Arguments.UsageError(description: problem), io: &io)
    }
    io.out(entry.usage + "\n")
    return .success
  }

  /// Reports bad usage of `command` (`nil` for `listlayout` itself) in two lines on standard
  /// error, the problem and where to read the usage, and returns ``Status/usageError``. (The
  /// whole help, printed after every mistake, would bury the one line that matters.)
  static func usageFailure<Output: IO>(
    _ command: String?, _ error: any Error, helpTopic: String? = nil, io: inout Output
  ) -> Status {
    let name = command.map { "listlayout \($0)" } ?? "listlayout"
    let topic = (helpTopic ?? command).map { " \($0)" } ?? ""
    io.err("\(name): \(error)\nRun `listlayout help\(topic)` for usage.\n")
    return .usageError
  }

  /// A feed the reader accepted but the command rejects, as a sentence.
  struct FeedProblem: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
  }

  /// Reads and decodes a feed file, reporting errors with the file name.
  static func readFeed<Output: IO>(_ path: String, width: Double?, io: inout Output) -> ListModel? {
    // The model copies what it keeps out of the bytes, so they need to live only this long.
    let decoded: Result<ListModel, Error>
    do {
      decoded = try io.withContents(of: path) { bytes in
        return Result { () throws -> ListModel in
          let model = try ListModel(json: bytes, width: width)
          if let problem = FeedCheck.widthProblem(model, bytes: bytes) { throw FeedProblem(text: problem) }
          return model
        }
      }
    } catch {
      io.err("listlayout: \(path): cannot read the file (\(error.localizedDescription))\n")
      return nil
    }
    switch decoded {
    case .success(let model): return model
    case .failure(let error):
      io.err("listlayout: \(path): \(error)\n")
      return nil
    }
  }
}
