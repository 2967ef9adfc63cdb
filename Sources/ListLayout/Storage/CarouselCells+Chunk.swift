extension CarouselCells {
  /// One chunk of cells (a row's first chunk also holds the row's count, tallest cell and
  /// carousel row in its header). All the carousel's manual memory is here: a
  /// ``ChunkHeader``, then `count` widths, `count` heights and `count + 1` running sums of the
  /// widths, as `Double`s: in a ``ChunkBuffer`` of its own, or in room carved from a layout
  /// pass's ``ChunkArena`` (one mapping for every carousel of the pass, no allocation per
  /// chunk). Either is its `owner`, which the chunk keeps alive. Written only while being
  /// built (``running()``, on the layout pass's thread) or while its owner is uniquely
  /// referenced (``makeUnique()`` first: an arena is shared by the pass's chunks, so a chunk in
  /// one is copied into a buffer of its own before it is changed); read on any thread once
  /// its row is built.
  ///
  /// Reads are not bounds-checked: ``ChunkValues`` reads cell `k` for `k` in `0 ..< count`
  /// (sums `0 ... count`) as its callers compute it from a cell index below the row's count.
  struct Chunk {
    /// What keeps the chunk's memory alive: its ``ChunkBuffer`` or the arena it was carved from.
    private(set) var owner: AnyObject
    /// The header, read and written through its address (the values follow where
    /// ``ChunkHeader/storage`` says).
    fileprivate let info: UnsafeMutablePointer<ChunkHeader>

    /// A chunk for `count` cells, its sizes not yet written: in room taken from `arena` when
    /// it has some, else in a buffer of its own.
    static func make(count: Int, arena: ChunkArena? = nil) -> Chunk {
      let values = 3 * count + 1
      if let arena, let room = arena.take(bytes: arenaBytes(values: values)) {
        assert(_isPOD(ChunkHeader.self), "a chunk header in an arena holds a reference")
        let storage = (room + headerBytes).bindMemory(to: Double.self, capacity: values)
        let info = room.bindMemory(to: ChunkHeader.self, capacity: 1)
        info.initialize(to: ChunkHeader(count: count, storage: storage))
        return Chunk(owner: arena, info: info)
      }
      let buffer = ChunkBuffer.create(minimumCapacity: values) { buffer in
        ChunkHeader(count: count, storage: buffer.withUnsafeMutablePointerToElements { $0 })
      }
      let info = buffer.withUnsafeMutablePointerToHeader { $0 }
      return Chunk(owner: buffer, info: info)
    }

    /// The arena room of a header, a multiple of 16 bytes.
    static var headerBytes: Int { (MemoryLayout<ChunkHeader>.stride + 15) & ~15 }

    /// The arena room for a chunk of `values` values and its header (a multiple of 16 bytes,
    /// as ``ChunkArena/take(bytes:)`` hands out).
    static func arenaBytes(values: Int) -> Int {
      headerBytes + (values * MemoryLayout<Double>.stride + 15) & ~15
    }

    /// The arena holding the chunk, or `nil` for a chunk in a buffer of its own.
    var arena: ChunkArena? { owner as? ChunkArena }

    /// The chunk's values, read through its header (valid while the chunk is held).
    @inline(__always)
    var values: ChunkValues { ChunkValues(info: info) }

    @inline(__always)
    var count: Int { info.pointee.count }
    @inline(__always)
    var total: Double { info.pointee.total }
    @inline(__always)
    var tallest: Double { info.pointee.tallest }

    /// In a row's first chunk: the row's cell count, its tallest cell and the carousel's row.
    var rowCount: Int { info.pointee.rowCount }
    var rowTallest: Double { info.pointee.rowTallest }
    var row: CarouselRow? { info.pointee.row }

    /// Records the row's count, tallest cell and carousel row in this, its first chunk (while
    /// it is being built, or held alone).
    func setRow(count: Int, tallest: Double, row: CarouselRow?) {
      info.pointee.rowCount = count
      info.pointee.rowTallest = tallest
      info.pointee.row = row
    }

    /// Records the row's tallest cell in this, its first chunk (held alone: ``makeUnique()``).
    func setRowTallest(_ tallest: Double) {
      info.pointee.rowTallest = tallest
    }

    /// The running sums that write the chunk's cells from its first (while it is built).
    func running() -> Running { Running(storage: info.pointee.storage, size: count) }

    /// Sets cell `k`'s size (`k` in `0 ..< count`; the chunk held alone: ``makeUnique()``);
    /// ``seal()`` sums the widths again.
    func set(_ k: Int, width: Double, height: Double) {
      precondition(k >= 0 && k < count, "carousel chunk cell \(k) out of 0..<\(count)")
      let storage = info.pointee.storage
      storage[k] = width
      storage[count + k] = height
    }

    /// Sums the widths and finds the tallest again (after a cell changed), as a build does:
    /// one ``Running`` step per cell from the first.
    func seal() {
      let n = count
      let p = info.pointee.storage
      var running = Running(storage: p, size: n)
      for k in 0..<n { running.add(k, width: p[k], height: p[n + k]) }
      running.finish(self)
      withExtendedLifetime(owner) {}
    }

    /// Makes this chunk the only holder of its memory, copying it into a buffer of its own
    /// unless it already is.
    mutating func makeUnique() {
      if !isKnownUniquelyReferenced(&owner) || owner is ChunkArena { self = copy() }
    }

    /// A copy of this chunk, in a buffer of its own.
    func copy() -> Chunk {
      let n = count
      let copy = Chunk.make(count: n)
      let storage = copy.info.pointee.storage
      storage.update(from: info.pointee.storage, count: 3 * n + 1)
      copy.info.pointee = info.pointee
      copy.info.pointee.storage = storage
      withExtendedLifetime(owner) {}
      return copy
    }
  }

  /// A chunk's header and values seen through the header's address, without holding the
  /// chunk's owner: read only while something else holds it (the row being read). The count
  /// and the values' address are read once, when it is made.
  struct ChunkValues {
    private let info: UnsafeMutablePointer<ChunkHeader>
    /// The chunk's storage: widths at `0 ..< count`, heights at `count ..< 2 count`, sums at
    /// `2 count ... 3 count`.
    private let storage: UnsafePointer<Double>
    let count: Int

    @inline(__always)
    fileprivate init(info: UnsafeMutablePointer<ChunkHeader>) {
      self.info = info
      storage = UnsafePointer(info.pointee.storage)
      count = info.pointee.count
    }

    @inline(__always)
    var total: Double { info.pointee.total }
    @inline(__always)
    var tallest: Double { info.pointee.tallest }

    @inline(__always)
    func width(_ k: Int) -> Double { storage[k] }
    @inline(__always)
    func height(_ k: Int) -> Double { storage[count + k] }
    /// The sum of the chunk's first `k` widths (`k` in `0 ... count`).
    @inline(__always)
    func sum(_ k: Int) -> Double { storage[2 * count + k] }
  }

  /// The memory of a chunk of its own: its header and values.
  final class ChunkBuffer: ManagedBuffer<ChunkHeader, Double> {}

  /// The running sums of one chunk being written, cell by cell from its first: the one loop
  /// every chunk's sums and tallest cell come from (so a chunk built whole and one sealed
  /// again after an edit hold the same bits).
  struct Running {
    private let storage: UnsafeMutablePointer<Double>
    private let size: Int
    var total = 0.0
    var tallest = 0.0

    fileprivate init(storage: UnsafeMutablePointer<Double>, size: Int) {
      self.storage = storage
      self.size = size
      storage[2 * size] = 0
    }

    /// Writes cell `k`'s size and its running sum (`k` in `0 ..< size`, in order: the
    /// builder's count of cells written).
    @inline(__always)
    mutating func add(_ k: Int, width: Double, height: Double) {
      storage[k] = width
      storage[size + k] = height
      total += width
      storage[2 * size + k + 1] = total
      tallest = Swift.max(tallest, height)
    }

    /// Records the chunk's total and tallest in its header.
    func finish(_ chunk: Chunk) {
      chunk.info.pointee.total = total
      chunk.info.pointee.tallest = tallest
    }
  }

  /// A chunk's cell count, the sum of its widths and its tallest cell's height; in a row's
  /// first chunk, also the row's cell count and tallest cell, and the carousel's row (`nil`
  /// for cells built on their own); and where its values are. Plain values only (it may sit
  /// in an arena, which never deinitializes what it holds: ``Chunk/make(count:arena:)``
  /// checks it).
  struct ChunkHeader {
    var count: Int
    var total = 0.0
    var tallest = 0.0
    var rowCount = 0
    var rowTallest = 0.0
    var row: CarouselRow? = nil
    /// The chunk's `3 count + 1` values.
    var storage: UnsafeMutablePointer<Double>

    init(count: Int, storage: UnsafeMutablePointer<Double>) {
      self.count = count
      self.storage = storage
    }
  }
}
