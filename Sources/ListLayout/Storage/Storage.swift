// Storage/: every piece of the ListLayout module's memory that is allocated, freed, written
// or shared by hand. Nothing outside this folder allocates or frees memory by hand (the last
// section lists the pointer code that remains outside, over memory Swift owns).
//
// MANUAL MEMORY (what each type owns, who frees it and when)
//
// RawBlocks (RawBlocks.swift)
//   malloc / realloc / free of BitwiseCopyable blocks. The holder of a block's pointer owns
//   it: PageStore (the blocks being written), LinePage.Records (a sealed page's item, line
//   and indentation blocks), DeferredRecords (the records it published), SharedChunks.Chunk
//   (a masonry chunk of its own). Each frees its blocks once, in its deinit.
// ArenaMapping (ArenaMapping.swift)
//   mmap / madvise(MADV_HUGEPAGE) / munmap, Linux only (elsewhere take() is nil and callers
//   use RawBlocks). One PageArena or ChunkArena owns a mapping and gives it back from its
//   deinit: kept as a spare for the next arena (at most LayoutTuning.spareArenaMappings of
//   them, LayoutTuning.spareArenaBytes in all) or unmapped. LayoutMemory.releaseSpareMemory() unmaps the spares.
// PageArena (PageArena.swift)
//   A mapping holding a large flow section's item records, then its line records. Written
//   front to back by one PageStore; a sealed page reads its slice and keeps the arena alive.
//   deinit (after the last page and the store are gone) gives the mapping back.
//   Prefault: a helper thread that faults a new mapping in (madvise MADV_POPULATE_WRITE)
//   ahead of the writer; stopped and joined when the store leaves the arena, so it never
//   outlives the arena's use. It reads the mapping's bounds and two atomics, no record.
// ChunkArena (ChunkArena.swift)
//   A mapping that a masonry placer (or a layout pass, for its carousels) carves chunks
//   from with take(bytes:), on its thread, front to back; room is never handed out twice.
//   The chunks keep it alive; deinit gives the mapping back.
// SharedChunks.Chunk (SharedChunks+Chunk.swift)
//   A sealed masonry chunk: 256 elements in a ChunkArena or in a RawBlocks block of its
//   own, written once in init, freed in deinit when its own.
// CarouselCells.Chunk (CarouselCells+Chunk.swift)
//   A carousel chunk's header and values in a ManagedBuffer of its own (ChunkBuffer, freed
//   by ARC) or in ChunkArena room; the chunk holds the owner, and its header and values are
//   read and written through pointers into it. Written while built, or while held alone
//   (makeUnique copies a shared chunk, or one in an arena, first).
// LinePage (LinePage.swift)
//   A sealed flow page: owns its RawBlocks records, or keeps the PageArena its records are
//   a slice of (and owns its indentation block either way), or has DeferredRecords. deinit
//   frees what it owns.
// DeferredRecords (DeferredRecords.swift)
//   A page's records, computed when first read (RawBlocks blocks), published through an
//   atomic pointer to a box (UnsafeMutableRawPointer.allocate) holding them. The records
//   and the box are freed in deinit; a reader that lost the race frees its own at once, and
//   withRecords(_:_:) frees the records it computed for one call after it.
// PageStore, PageCursor (PageStore.swift)
//   The flow typesetter's records being written: RawBlocks blocks of its own, or a
//   PageArena it writes front to back. Noncopyable; deinit frees the blocks (or records
//   what it wrote into the arena). The seam's contract is on PageStore.
// ScratchBuffer (ScratchBuffer.swift)
//   A reusable growable buffer (UnsafeMutablePointer.allocate, doubled when full), owned by
//   one typesetter, masonry placer or query; freed in deinit. QueryBuffers
//   (QueryBuffers.swift) keeps one query's buffers for the next query: a reference retained
//   by hand (Unmanaged.passRetained) while kept, taken back (takeRetainedValue) or released.
// PThreadLock (PThreadLock.swift, Linux)
//   A pthread_mutex_t in a block of its own (UnsafeMutablePointer.allocate), initialised in
//   init, destroyed and freed in deinit. Guards ArenaMapping.spares.
//
// SHARED BETWEEN THREADS (and how)
//
// - Sealed pages and chunks: immutable once sealed, read on any thread that was handed the
//   snapshot (LinePage, SharedChunks.Chunk, a CarouselCells.Chunk held by more than one row).
// - DeferredRecords.published: Atomic<UnsafeMutableRawPointer?>, compare-exchange from nil
//   (acquiring and releasing), every read an acquiring load.
// - ArenaProgress (PageArena.swift): two Atomic<Int>, stored relaxed by the writer, loaded
//   relaxed by Prefault's thread, which only uses them to pace itself.
// - Prefault.isStopped: Atomic<Bool>, relaxed; stop() then joins the thread.
// - ArenaMapping.spares: a PThreadLock (PThreadLock.swift: a pthread mutex in a block of its
//   own, which ThreadSanitizer sees; Synchronization's Mutex takes its contended path through
//   futex calls TSan does not see, and TSan then reports races on what it guards).
// - QueryBuffers' spare: Atomic<Unmanaged<QueryBuffers>?>, exchanged (acquiring on take,
//   acquiring and releasing on give-back); the reference kept is retained once by hand.
// - LayoutMemory's byte counts: Atomic<Int>, relaxed (accounting only).
// - HelperResult (HelperResult.swift): a value a helper thread writes once before it ends,
//   read by the thread that started it after pthread_join (a section's second half).
// - Never shared: a PageStore and its PageCursor, a ScratchBuffer, a ChunkArena's take().
//
// BOUNDS CHECKS ON READS AND WRITES
//
// - Checked in every build: LinePage.line(_:), frame(ofItem:), indent(beforeLine:) (and
//   items(ofLine:) through line(_:)); PageStore.line(_:); ScratchBuffer's subscript;
//   CarouselCells.Chunk.set(_:width:height:); SharedChunks.Chunk's subscript (masked into
//   the chunk: always in bounds).
// - Checked in debug builds only (assert, or UnsafeBufferPointer's subscript): the
//   PageCursor's writes (the typesetter checks for room first), LinePage.itemRecords,
//   lineRecords and withItemRecords as their callers index them, SharedChunks.Chunk.buffer.
// - Unchecked, in bounds by construction: LinePage's binary searches (indices in
//   0 ..< lineCount), PageStore's seal, copy and edit loops (counts within capacities),
//   CarouselCells.ChunkValues (cell indices below the row's count), ScratchBuffer.append
//   (grows first).
// - Page invariants: every page the PageStore seals, copies or hands over is checked
//   (LinePage.checkInvariants) when DEBUG or LISTLAYOUT_CHECKS is defined (debug builds,
//   which `swift test` uses; `swift build -c release -Xswiftc -DLISTLAYOUT_CHECKS` for a
//   release build with the checks).
//
// OUTSIDE THIS FOLDER: pointers over memory Swift owns, nothing allocated by hand
//
// - Model/ListModel.swift, Cell.initialize: initialises a cell field by field at a slot of
//   an array's uninitialised storage (the JSON decoders' ContiguousArray(
//   unsafeUninitializedCapacity:), in Feed/).
// - The LayoutThreads target's HelperThreads (a module of its own, below this one):
//   Unmanaged.passRetained of the job handed to pthread_create, released by the thread (or
//   at once when the thread is not created).
// - Masonry/MasonryBody.swift: withUnsafeTemporaryAllocation, scoped to one call.
// - Scoped views of arrays (withUnsafeBufferPointer and friends, never kept): the cells read
//   in place (Flow, Grid, Carousel: UnsafePointer<Cell> into a CellList's chunk), the dense
//   grid packer's bit rows, the sections' offsets of a query, the diff's string hashing,
//   BlockArray and CellList blocks, the JSON writers' and readers' byte buffers.
