// codable-decode FILE: the whole-process peer of `listlayout layout FILE` in peers/ingest.sh.
// Reads the feed and decodes it with Foundation's `JSONDecoder` into the plain Codable structs
// of PlainCodableFeed, as a Swift user would. Prints one JSON line: the in-process time of the
// read and of the decode alone, and the number of cells decoded.

import Foundation
import PlainCodableFeed

func nanoseconds(_ clock: clockid_t = CLOCK_MONOTONIC) -> UInt64 {
  var ts = timespec()
  clock_gettime(clock, &ts)
  return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: codable-decode FEED.json\n".utf8))
  exit(2)
}
let start = nanoseconds()
let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
let read = nanoseconds()
let cpuBefore = nanoseconds(CLOCK_THREAD_CPUTIME_ID)
let feed = try JSONDecoder().decode(PlainFeed.self, from: data)
let decoded = nanoseconds()
let cpu = nanoseconds(CLOCK_THREAD_CPUTIME_ID) - cpuBefore
print(
  "{\"readNs\":\(read - start),\"decodeNs\":\(decoded - read),\"decodeCpuNs\":\(cpu),\"cells\":\(feed.cellCount)}"
)
