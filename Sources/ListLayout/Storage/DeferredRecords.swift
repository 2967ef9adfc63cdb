import Synchronization

/// Where a page of a large flow section starts, as the typesetter needs it to lay the page
/// out again: its first cell, the line above it, and the indentation in force. (A page starts
/// at a line, and a line's breaks and frames depend only on its cells, this indentation and
/// the line above: see ``FlowTypesetter/resume(atPage:lineAbove:)``.)
struct PageStart: Sendable, Equatable {
  /// The section's index of the page's first cell.
  var item: Int
  /// The section's index of the first cell of the line above (equal to ``item`` on the
  /// section's first page, which has none).
  var lineAbove: Int
  /// The bottom of the line above, relative to its page's top (the page above's height):
  /// the first line's top is computed from it, as it was when the page was started.
  var aboveBottom: Double
  /// The indentation before the page's first line.
  var indent: LineIndent
}

/// How the pages of one section laid out without their records get them: the section, its
/// context and the spacing policy the layout used, closed over, so that any page can be laid
/// out again on its own, on any thread.
///
/// `@unchecked Sendable`: the closure reads values only (the section, its context, and a copy
/// of the policy, whose state is values and whose manager is `Sendable`) and makes a
/// typesetter of its own on each call.
final class PageSource: @unchecked Sendable {
  let layOut: (PageStart, LinePage.Header) -> LinePage.Records

  init(_ layOut: @escaping (PageStart, LinePage.Header) -> LinePage.Records) { self.layOut = layOut }
}

/// The records of a page computed the first time they are read, then kept.
///
/// Why: most callers (a viewport, a query) read a few pages of a large section, and a layout
/// that writes every page's records touches so much fresh memory that faulting it in costs
/// more than the layout itself (the figures: Benchmarks/README.md, "Why the speed machinery
/// exists"). The typesetter still lays every page out (its extent and cell count are the
/// section's index), but it writes each page into the same blocks and keeps only where the
/// page starts (``PageStart``); the first read lays the page out again from there.
///
/// Manual memory and sharing: the records are ``RawBlocks`` blocks, published once through an
/// atomic pointer to a box (`UnsafeMutableRawPointer.allocate`d, holding one
/// `LinePage.Records`): a compare-exchange from `nil`, acquiring and releasing; every read
/// loads the pointer acquiring. Readers on several threads may compute them at once; one
/// publishes, the others free theirs and read the published ones. Once published they never
/// change, and they and the box are freed in `deinit` (the page's, after its last reader).
final class DeferredRecords: @unchecked Sendable {
  let source: PageSource
  let start: PageStart
  /// A box holding the published ``LinePage/Records``, or `nil` until they are computed.
  private let published = Atomic<UnsafeMutableRawPointer?>(nil)

  init(source: PageSource, start: PageStart) {
    self.source = source
    self.start = start
  }

  deinit {
    guard let box = published.load(ordering: .acquiring) else { return }
    box.load(as: LinePage.Records.self).release()
    box.deallocate()
  }

  /// Whether the records have been computed.
  var isComputed: Bool { published.load(ordering: .acquiring) != nil }

  /// The records of the page `header` describes, computed now if no read has yet.
  @inline(__always)
  func records(_ header: LinePage.Header) -> LinePage.Records {
    if let box = published.load(ordering: .acquiring) { return box.load(as: LinePage.Records.self) }
    return compute(header)
  }

  /// Calls `body` with the records: the computed ones, or ones computed for the call and
  /// freed after it, on the calling thread (a walk over every page, which reads each once,
  /// keeps nothing).
  func withRecords<Result, E: Error>(
    _ header: LinePage.Header, _ body: (LinePage.Records) throws(E) -> Result
  ) throws(E) -> Result {
    if let box = published.load(ordering: .acquiring) { return try body(box.load(as: LinePage.Records.self)) }
    let records = source.layOut(start, header)
    defer { records.release() }
    return try body(records)
  }

  @inline(never)
  private func compute(_ header: LinePage.Header) -> LinePage.Records {
    let records = source.layOut(start, header)
    let box = UnsafeMutableRawPointer.allocate(
      byteCount: MemoryLayout<LinePage.Records>.size, alignment: MemoryLayout<LinePage.Records>.alignment)
    box.storeBytes(of: records, as: LinePage.Records.self)
    let (won, current) = published.compareExchange(
      expected: nil, desired: box, ordering: .acquiringAndReleasing)
    if won { return records }
    records.release()
    box.deallocate()
    return current.unsafelyUnwrapped.load(as: LinePage.Records.self)
  }
}
