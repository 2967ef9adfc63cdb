import Foundation
import Testing

@testable import ListLayoutCommand

@Suite struct HeapSetupTests {
  #if os(Linux) && canImport(Glibc)
  /// The flags of the mapping that holds `address`, as `/proc/self/smaps` lists them.
  func mappingFlags(at address: Int) throws -> [String] {
    let smaps = try String(contentsOfFile: "/proc/self/smaps", encoding: .utf8)
    var inside = false
    for line in smaps.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      if let range = fields.first, range.contains("-"), !line.hasPrefix("VmFlags") {
        let bounds = range.split(separator: "-").compactMap { Int($0, radix: 16) }
        if bounds.count == 2 {
          inside = bounds[0] <= address && address < bounds[1]
          continue
        }
      }
      if inside, fields.first == "VmFlags:" { return fields.dropFirst().map(String.init) }
    }
    return []
  }

  /// The range the set-up reports is the heap's, handed out by malloc, and left in 4 KB pages
  /// (see the type's note on huge pages). It grows the heap the calling thread allocates from
  /// only on the main thread (other threads have arenas of their own, as the type's note
  /// says): elsewhere it reports nothing.
  @Test func theGrownHeapIsMallocs() throws {
    guard let range = HeapSetup.growHeap(by: 24 << 20) else {
      #expect(!Thread.isMainThread)
      return
    }
    #expect(range.count >= 24 << 20)
    #expect(try !mappingFlags(at: range.lowerBound).contains("hg"))
    #expect(try !mappingFlags(at: range.upperBound - 1).contains("hg"))
    // The heap's memory is malloc's to hand out: blocks come from it and are usable.
    let blocks = (0..<256).map { _ in malloc(4096)! }
    #expect(blocks.contains { range.contains(Int(bitPattern: $0)) })
    for block in blocks { memset(block, 0xAB, 4096) }
    for block in blocks { free(block) }
  }
  #endif

  /// The executable, run on a feed large enough for the set-up (where it grows the heap its
  /// decoding thread allocates from), writes what the same command writes in this process.
  @Test func theExecutableOnALargeFeedWritesWhatTheCommandWrites() throws {
    let executable = try #require(ServeProcessTests.executable, "build the listlayout executable first")
    let (_, generated) = run(["generate", "--cells", "180000", "--seed", "11"])
    #expect(generated.stdout.utf8.count >= HeapSetup.minimumInputBytes)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let feed = directory.appendingPathComponent("feed.json")
    try Data(generated.stdout.utf8).write(to: feed)
    let arguments = ["layout", feed.path, "--offset", "3000000", "--viewport-height", "667"]
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let written = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let (status, expected) = run(
      ["layout", "feed.json", "--offset", "3000000", "--viewport-height", "667"],
      files: ["feed.json": generated.stdout])
    #expect(status == .success)
    #expect(expected.stdout.count > 1000)
    #expect(String(decoding: written, as: UTF8.self) == expected.stdout)
  }

  @Test func aPreparedHeapChangesNoOutput() throws {
    let (_, generated) = run(["generate", "--cells", "5000", "--seed", "7"])
    let files = ["feed.json": generated.stdout]
    let (statusBefore, before) = run(["layout", "feed.json"], files: files)
    let (_, window) = run(
      ["layout", "feed.json", "--offset", "20000", "--viewport-height", "667"], files: files)
    _ = HeapSetup.growHeap(by: 32 << 20)
    HeapSetup.prepare(forInputBytes: 64 << 20)
    let (statusAfter, after) = run(["layout", "feed.json"], files: files)
    let (_, windowAfter) = run(
      ["layout", "feed.json", "--offset", "20000", "--viewport-height", "667"], files: files)
    #expect(statusBefore == .success && statusAfter == .success)
    #expect(before.stdout.count > 100_000)
    #expect(after.stdout == before.stdout)
    #expect(windowAfter.stdout == window.stdout)
    #expect(window.stdout.count > 1000)
  }
}
