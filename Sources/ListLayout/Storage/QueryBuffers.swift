import Synchronization

/// The buffers a query works in: its cell candidates (``CellCandidates``), the line gaps of
/// the section at hand (``LineGapCandidates``) and the list of its
/// horizontal offsets (``SectionOffsets``). One set is kept between queries (the spare), so
/// that a query in steady state allocates none: a query takes the spare (or makes a new set
/// when another query holds it), and gives it back when it ends.
///
/// Held by one query at a time: the spare is handed over by an atomic exchange of a retained
/// reference (acquiring and releasing: a query that takes it sees what the last one wrote),
/// and a query never shares the set it took (hence `@unchecked Sendable`).
final class QueryBuffers: @unchecked Sendable {
  /// The candidate cells of the sections of one query.
  let candidates = CellCandidates(capacity: 256)
  /// The line gaps of the section at hand (``LineGapCandidates``), for its separators.
  let gaps = LineGapCandidates(capacity: 64)
  /// The storage of a query's listed offsets, while no query holds it.
  private var offsets = ContiguousArray<(section: Int, offset: Double)>()

  /// The most candidates a spare keeps room for: a query over a huge rect does not pin its
  /// buffer for good.
  static var keptCapacity: Int { LayoutTuning.keptQueryBufferCapacity }

  /// The set kept between queries, retained once while it is kept (`nil`: none, or a query
  /// holds it).
  private static let spare = Atomic<Unmanaged<QueryBuffers>?>(nil)

  /// The spare, emptied, or a new set when there is none.
  static func take() -> QueryBuffers {
    guard let taken = spare.exchange(nil, ordering: .acquiring) else { return QueryBuffers() }
    let buffers = taken.takeRetainedValue()
    // (The gaps are emptied by each section that uses them.)
    buffers.candidates.removeAll()
    return buffers
  }

  /// Keeps `buffers` as the spare (unless they grew past ``keptCapacity``), dropping the one
  /// another query may have given back since.
  @inline(__always)
  static func giveBack(_ buffers: QueryBuffers) {
    guard buffers.candidates.capacity <= keptCapacity, buffers.gaps.capacity <= keptCapacity else { return }
    let replaced = spare.exchange(Unmanaged.passRetained(buffers), ordering: .acquiringAndReleasing)
    replaced?.release()
  }

  /// The offsets' storage, moved out for a query's ``SectionOffsets``.
  func takeOffsets() -> ContiguousArray<(section: Int, offset: Double)> {
    var storage = ContiguousArray<(section: Int, offset: Double)>()
    swap(&storage, &offsets)
    return storage
  }

  /// Keeps the storage a query's ``SectionOffsets`` gave back.
  func keepOffsets(_ storage: ContiguousArray<(section: Int, offset: Double)>) {
    offsets = storage
  }
}
