import Foundation
import LayoutGeometry
import ListLayout
import TestSupport
import Testing

/// A feed of 100 MB: refused at each limit it passes, a syntax error when truncated, and read
/// and laid out whole (10 MB in the ordinary run; the full size with `LISTLAYOUT_EXTREME=1`).
@Suite(.serialized) struct LargeFeedsDecodeOrFailAtALimitTests {
  /// A feed of about `megabytes` MB: sections of 1,000 cells.
  static func bigFeed(megabytes: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(megabytes << 20 + 4096)
    bytes += Array(#"{"width": 375, "sections": ["#.utf8)
    let cell = Array(#"{"size": {"width": 120.5, "height": 44}},"#.utf8)
    var first = true
    while bytes.count < megabytes << 20 {
      if !first { bytes.append(UInt8(ascii: ",")) }
      first = false
      bytes += Array(#"{"header": {"height": 30}, "items": ["#.utf8)
      for _ in 0..<1_000 { bytes += cell }
      bytes.removeLast()
      bytes += Array("]}".utf8)
    }
    bytes += Array("]}".utf8)
    return bytes
  }

  @Test func aHundredMegabyteFeedFailsCleanlyAtEachLimit() throws {
    let feed = Self.bigFeed(megabytes: 100)
    #expect(feed.count >= 100 << 20)
    // Too many bytes: refused before reading.
    do {
      _ = try ListModel(json: feed, limits: JSONInputLimits(maxBytes: 64 << 20))
      Issue.record("no maxBytes error")
    } catch {
      #expect(error.kind == .limitExceeded("maxBytes"))
    }
    // Too many cells: refused at the first cell over the limit.
    do {
      _ = try ListModel(json: feed, limits: JSONInputLimits(maxCells: 100_000))
      Issue.record("no maxCells error")
    } catch {
      #expect(error.kind == .limitExceeded("maxCells"))
      #expect(error.path == "sections[100].items[0]", "\(error)")
    }
    do {
      _ = try ListModel(json: feed, limits: JSONInputLimits(maxSections: 50))
      Issue.record("no maxSections error")
    } catch {
      #expect(error.kind == .limitExceeded("maxSections"))
    }
    // Truncated anywhere: a syntax error, never a partial model.
    do {
      _ = try ListModel(json: feed[..<(feed.count / 3)])
      Issue.record("decoded a truncated feed")
    } catch {
      #expect(error.kind == .syntax, "\(error)")
    }
  }

  @Test func aTenMegabyteFeedDecodesAndLaysOut() throws {
    try decodeAndLayOut(Self.bigFeed(megabytes: 10))
  }

  @Test(.enabled(if: extremeRuns)) func aHundredMegabyteFeedDecodesAndLaysOut() throws {
    try decodeAndLayOut(Self.bigFeed(megabytes: 100))
  }

  func decodeAndLayOut(_ feed: [UInt8]) throws {
    let start = ContinuousClock.now
    let before = residentBytes()
    let model = try ListModel(json: feed)
    let snapshot = try model.layout()
    let after = residentBytes()
    let cells = model.cellCount
    #expect(cells > feed.count / 50)
    #expect(snapshot.elementCount == cells + model.sections.count)
    #expect(snapshot.invariantViolations() == [])
    if extremeRuns, let before, let after {
      print(
        "feed of \(feed.count >> 20) MiB, \(cells) cells: \(ContinuousClock.now - start), "
          + "model and snapshot \((after - before) >> 20) MiB")
    }
  }
}
