import LayoutGeometry
import LayoutJSON

/// Bounds on untrusted JSON input. Each has a documented default; exceeding one is a
/// `JSONInputError` of kind `limitExceeded` naming it.
public struct JSONInputLimits: Sendable, Hashable {
  /// The deepest nesting of arrays and objects (default 64).
  public var maxDepth: Int
  /// The most sections in a feed (default 1,000,000).
  public var maxSections: Int
  /// The most cells in a feed, over all sections (default 5,000,000). A run (an item
  /// `{"repeat": n, "cells": […]}`) counts as the cells it lists, once.
  public var maxCells: Int
  /// The most cells in a feed once its runs are expanded, each run counting as the cells it
  /// stands for (default 100,000,000). A larger value counts as `Int32.max` (2,147,483,647),
  /// the most a list with runs holds: what keeps every cell index the layout stores in 32
  /// bits and every index sum exact. A layout still walks every cell a run stands for, so the
  /// default keeps a feed of a few bytes to the cost of a hundred million cells.
  public var maxExpandedCells: Int = 100_000_000
  /// The longest string, in bytes (default 4,096).
  public var maxStringLength: Int
  /// The most traits on one cell, header or footer (default 64).
  public var maxTraitsPerElement: Int
  /// The largest document, in bytes (default 512 MiB).
  public var maxBytes: Int
  /// The most badges on one cell (default 64).
  public var maxBadgesPerCell = 64
  /// The most threads a feed decode runs on, the calling thread included (8, and never more
  /// than the active processor count, read once per process); `1` decodes on the calling
  /// thread alone (tests set it with ``init(maxDecodeThreads:)``).
  ///
  /// A section whose `items` array starts with at least 1 MiB of the document after it has
  /// its cells decoded by the calling thread and, speculatively, by helper threads that start
  /// at guessed element boundaries further on; the calling thread takes a helper's cells only
  /// when it reaches the very element the helper started at. The model, and any error
  /// (message, key path, line and column), are those of a decode on one thread: only the
  /// time and the processor use differ. Helper threads end before the decode returns.
  /// Not a bound on untrusted input, but on the resources one decode takes.
  package var maxDecodeThreads: Int

  /// Creates limits; every argument defaults to the documented value.
  public init(
    maxDepth: Int = 64, maxSections: Int = 1_000_000, maxCells: Int = 5_000_000, maxStringLength: Int = 4096,
    maxTraitsPerElement: Int = 64, maxBytes: Int = 512 << 20
  ) {
    self.maxDepth = maxDepth
    self.maxSections = maxSections
    self.maxCells = maxCells
    self.maxStringLength = maxStringLength
    self.maxTraitsPerElement = maxTraitsPerElement
    self.maxBytes = maxBytes
    maxDecodeThreads = 8
  }

  /// The default limits but for ``maxDecodeThreads``.
  package init(maxDecodeThreads: Int) {
    self.init()
    self.maxDecodeThreads = maxDecodeThreads
  }

  /// The defaults.
  public static let `default` = JSONInputLimits()
}

extension JSONReader {
  /// A reader of a document in `buffer`, within `limits` (its size checked before anything
  /// is read).
  package init(feed buffer: JSONBuffer, limits: JSONInputLimits) throws(JSONInputError) {
    self.init(buffer: buffer, maxDepth: limits.maxDepth, maxStringLength: limits.maxStringLength)
    if buffer.count > limits.maxBytes {
      throw error(
        .limitExceeded("maxBytes"), "the document has \(buffer.count) bytes; the limit is \(limits.maxBytes)",
        at: 0)
    }
  }
}
