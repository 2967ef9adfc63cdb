import Foundation
import LayoutGeometry
import ListLayout

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ListLayoutCommand.IO {
  /// Streams through a writer whose bytes end up in one ``out(_:)`` call (for I/O that
  /// captures output, such as tests).
  public mutating func stream(_ body: (inout ByteWriter) -> Void) {
    out(String(decoding: ByteWriter.bytes(body), as: UTF8.self))
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
  }

  /// The command's version, printed by `listlayout --version`.
  public static let version = "0.1.0"

  /// Why a path could not be read as a file.
  public enum FileError: Error, LocalizedError, Equatable {
    /// Nothing is at the path.
    case notFound
    /// The path names a directory.
    case isDirectory

    public var errorDescription: String? {
      switch self {
      case .notFound: "no such file"
      case .isDirectory: "it is a directory"
      }
    }
  }

  static let usage = """
    usage: listlayout [COMMAND] [OPTIONS]

    With no command, lays out the built-in demo feed and prints a summary.

    commands:
      layout FEED.json [--width W] [--offset Y --viewport-height H]
                      print the layout as JSON (all elements, or those visible in a viewport)
      flex TREE.json [--width W] [--height H]
                      compute a flexbox tree and print its frames as JSON
      render FEED.json (--svg OUT.svg | --html OUT.html | --ascii) [--width W]
                      [--offset Y --viewport-height H]
                      draw the layout: an SVG picture, a virtually scrolling HTML page, or text
      diff OLD.json NEW.json [--width W] [--offset Y --viewport-height H]
                      print the batch update between two versions of a feed (and, with a
                      viewport, the anchored offset and every visible element's transition)
      serve           a layout service: JSON requests on standard input, one per line,
                      answers on standard output (see 'listlayout serve --help')
      generate --cells N [--seed S] [--sections K] [--width W]
                      print a generated feed (deterministic for a seed) as JSON
      format FEED.json [--defaults omitted|spelled-out] [--compact]
                      print the feed in a normal form: only what differs from the
                      defaults, or every default spelled out
      help            show this help; 'listlayout COMMAND --help' shows a command's
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
    case "serve": return ServeCommand.run(rest, io: &io)
    case "format": return FormatCommand.run(rest, io: &io)
    case "demo": return Demo.run(rest, io: &io)
    case "help", "--help", "-h":
      io.out(usage + "\n")
      return .success
    case "--version":
      io.out("listlayout \(version)\n")
      return .success
    default:
      io.err("listlayout: unknown command '\(command)'\n\n\(usage)\n")
      return .usageError
    }
  }

  /// Reads and decodes a feed file, reporting errors with the file name.
  static func readFeed<Output: IO>(_ path: String, width: Double?, io: inout Output) -> ListModel? {
    let bytes: [UInt8]
    do {
      bytes = try io.read(path)
    } catch {
      io.err("listlayout: \(path): cannot read the file (\(error.localizedDescription))\n")
      return nil
    }
    do {
      let model = try ListModel(json: bytes, width: width)
      if let problem = FeedCheck.widthProblem(model, bytes: bytes) {
        io.err("listlayout: \(path): \(problem)\n")
        return nil
      }
      return model
    } catch {
      io.err("listlayout: \(path): \(error)\n")
      return nil
    }
  }
}
