import LayoutGeometry

extension ListModel {
  /// Lays out every section and returns the snapshot.
  ///
  /// Sections are independent given the width: each is laid out relative to its own top and
  /// then stacked with the section spacing.
  ///
  /// - Throws: ``LayoutError`` naming the first invalid value (a NaN, infinite or negative
  ///   size, spacing or inset; a zero or negative width), or naming the section whose finite
  ///   sizes add up to more than a `Double` holds.
  /// - Complexity: O(n) for n cells, plus one layout-manager call per distinct pair of trait
  ///   sets.
  public func layout() throws(LayoutError) -> LayoutSnapshot {
    try layout(frames: .onDemand)
  }

  /// Lays out every section, computing the frames of large flow sections' cells when
  /// `frames` says, and returns the snapshot.
  ///
  /// - Throws: as ``layout()``.
  /// - Complexity: as ``layout()``; with ``FrameComputation/onDemand``, a read of a large
  ///   section's frames then costs O(p) the first time it reads a page of p cells.
  public func layout(frames: FrameComputation) throws(LayoutError) -> LayoutSnapshot {
    try layout(frames: frames, tuning: .standard)
  }

  /// Lays out every section as ``layout(frames:)`` does, with the speed machinery's
  /// thresholds and switches as `tuning` says (the snapshot's edits keep them).
  package func layout(frames: FrameComputation, tuning: LayoutTuning) throws(LayoutError) -> LayoutSnapshot {
    try configuration.validate()
    let geometries = try LayoutEngine.layoutSections(of: self, frames: frames, tuning: tuning)
    var snapshot = LayoutSnapshot(model: self, geometries: geometries)
    snapshot.frameComputation = frames
    snapshot.tuning = tuning
    return try snapshot.checkedFinite()
  }
}

/// When a layout computes the frames of the cells of its large flow sections (smaller
/// sections and other layouts always compute them as they lay out).
///
/// Either way the layout places every cell: it finds where lines break and how tall they
/// are, so the content size, section frames and every later answer are the same. What
/// differs is when each cell's frame is worked out and kept.
public enum FrameComputation: Sendable, Hashable {
  /// The first time a page of a few hundred cells is read (a viewport, a look-up, an edit
  /// near it), from where the page starts, then kept. A walk over every frame
  /// (``LayoutSnapshot/allAttributes()``, writing the layout) computes each page for the
  /// walk only. The layout of a million cells then writes no frames (they would take about
  /// 50 MB), and a query pays for laying a page out again the first time it reads it.
  ///
  /// A page laid out again must come out as it did, so only this package's code may be
  /// asked again: sections spaced by a layout manager of your own, and pages with a cell
  /// sized by a callback or a flexbox tree, keep their frames as they are laid out (your
  /// manager and callbacks are asked during ``ListModel/layout()`` only, on its thread; a
  /// tree is computed once).
  case onDemand
  /// As the section is laid out, and kept: every read finds them.
  case upFront
}

/// Runs the section layouts with the manager's concrete type, so the hot loop calls it
/// directly (or through the memo) rather than through an existential.
enum LayoutEngine {
  static func layoutSections(
    of model: ListModel, frames: FrameComputation, tuning: LayoutTuning
  ) throws(LayoutError) -> BlockArray<SectionGeometry> {
    try withSpacingPolicy(
      for: model.configuration.layoutManager, FullLayout(model: model, frames: frames, tuning: tuning))
  }

  /// Runs `job` with the spacing policy for `manager`: its answers straight from the
  /// manager, or memoized when it prefers that.
  static func withSpacingPolicy<Job: SpacingPolicyJob>(
    for manager: any LayoutManager, _ job: Job
  ) throws(LayoutError) -> Job.Result {
    // The built-in managers answer faster than a cache look-up, and are named here so that
    // their calls are direct (and inlined) in the specialized loops.
    if let attributes = manager as? AttributesLayoutManager {
      var policy = DirectSpacing(attributes)
      return try job.run(policy: &policy)
    }
    if let hub = manager as? HubLayoutManager {
      var policy = DirectSpacing(hub)
      return try job.run(policy: &policy)
    }
    return try withSpacingPolicy(opening: manager, job)
  }

  static func withSpacingPolicy<Manager: LayoutManager, Job: SpacingPolicyJob>(
    opening manager: Manager, _ job: Job
  ) throws(LayoutError) -> Job.Result {
    if manager.prefersMemoization {
      var policy = MemoizedSpacing(manager)
      return try job.run(policy: &policy)
    }
    var policy = DirectSpacing(manager)
    return try job.run(policy: &policy)
  }
}

/// Work that runs with the manager's answers as a concrete ``SpacingPolicy``.
protocol SpacingPolicyJob {
  associatedtype Result
  func run<Policy: SpacingPolicy>(policy: inout Policy) throws(LayoutError) -> Result
}

/// Every section of a model, laid out in order.
struct FullLayout: SpacingPolicyJob {
  let model: ListModel
  let frames: FrameComputation
  let tuning: LayoutTuning

  func run<Policy: SpacingPolicy>(
    policy: inout Policy
  ) throws(LayoutError) -> BlockArray<SectionGeometry> {
    var layouts = SectionLayouts(configuration: model.configuration, frames: frames, tuning: tuning)
    let carousels = model.carouselCellCount
    layouts.reserveCarouselCells(carousels.cells, carousels: carousels.sections)
    // The geometries go straight into the snapshot's blocks (not copied there from one array).
    var geometries = BlockArray<SectionGeometry>()
    // Each block holds 64 sections, the last what is left (a short list keeps no spare room).
    let sectionCount = model.sections.count
    var block = ContiguousArray<SectionGeometry>()
    block.reserveCapacity(Swift.min(Blocks.size, sectionCount))
    // Each section is read in place from the model's chunks (not copied out of them, nor
    // looked up in the tree one by one).
    try model.sections.forEachChunk { (chunk, first) throws(LayoutError) in
      for k in chunk.indices {
        block.append(try layouts.layout(chunk[k], at: first + k, in: model.configuration, policy: &policy))
        if block.count == Blocks.size {
          geometries.append(block: block)
          block = []
          block.reserveCapacity(Swift.min(Blocks.size, sectionCount - (first + k + 1)))
        }
      }
      return true
    }
    geometries.append(block: block)
    return geometries
  }
}

extension ListModel {
  /// The number of carousel sections and of the written-out cells in them (O(s + leaves)).
  var carouselCellCount: (sections: Int, cells: Int) {
    var count = (sections: 0, cells: 0)
    self.sections.forEachChunk { chunk, _ in
      for k in chunk.indices {
        if case .carousel = chunk[k].layout {
          count.sections += 1
          // A run's cells take no arena room (a run is one segment of its period).
          var runCells = 0
          chunk[k].cells.forEachLeaf { leaf, _ in
            if leaf.run != nil { runCells += leaf.count }
            return true
          }
          count.cells += chunk[k].cells.count - runCells
        }
      }
      return true
    }
    return count
  }
}

extension ListConfiguration {
  /// Checks every whole-list value.
  func validate() throws(LayoutError) {
    guard width.isFinite, width > 0 else {
      throw .invalidValue(path: "width", value: "\(width)", expected: "a finite number greater than 0")
    }
    guard contentInsets.isValidLayoutInsets else {
      throw .invalidValue(path: "contentInsets", value: "\(contentInsets)", expected: nonNegative)
    }
    try checkNonNegative(sectionSpacing, "sectionSpacing")
    guard defaultCellSize.isValidLayoutSize else {
      throw .invalidValue(path: "defaultCellSize", value: "\(defaultCellSize)", expected: nonNegative)
    }
    if let listHeader {
      try checkNonNegative(listHeader.height, "header.height")
      if let minHeight = listHeader.minHeight {
        guard listHeader.pinned else {
          throw .invalidValue(
            path: "header.minHeight", value: "\(minHeight)",
            expected: "no minHeight on a header that does not pin")
        }
        guard minHeight.isFinite, minHeight >= 0, minHeight <= listHeader.height else {
          throw .invalidValue(
            path: "header.minHeight", value: "\(minHeight)",
            expected: "a number from 0 to the header's height (\(listHeader.height))")
        }
      }
    }
    if let minHeight = listFooter?.minHeight {
      throw .invalidValue(
        path: "footer.minHeight", value: "\(minHeight)",
        expected: "no minHeight: a list footer does not shrink")
    }
    if let listFooter { try checkNonNegative(listFooter.height, "footer.height") }
    try defaultSectionAttributes.validate(path: "defaultSectionAttributes")
    guard defaultCellAttributes.insets.isValidLayoutInsets else {
      throw .invalidValue(
        path: "defaultCellAttributes.insets", value: "\(defaultCellAttributes.insets)", expected: nonNegative)
    }
  }
}

// Paths are autoclosures: written only for an error (checking a section is then free of
// string work, which is most of what a section of a carousel feed cost).
extension SectionAttributes {
  func validate(path: @autoclosure () -> String) throws(LayoutError) {
    try checkNonNegative(itemSpacing, path() + ".itemSpacing")
    try checkNonNegative(lineSpacing, path() + ".lineSpacing")
    guard insets.isValidLayoutInsets else {
      throw .invalidValue(path: path() + ".insets", value: "\(insets)", expected: nonNegative)
    }
  }
}

extension Supplementary {
  func validate(path: @autoclosure () -> String) throws(LayoutError) {
    try checkNonNegative(height, path() + ".height")
    if let width { try checkNonNegative(width, path() + ".width") }
  }
}

func checkNonNegative(_ value: Double, _ path: @autoclosure () -> String) throws(LayoutError) {
  guard value.isFinite, value >= 0 else {
    throw .invalidValue(path: path(), value: "\(value)", expected: nonNegative)
  }
}

extension LayoutSnapshot {
  /// The snapshot, or an error naming the first section whose extent (or the content's) is
  /// not finite: finite sizes such as `1e308` can still add up to infinity.
  func checkedFinite() throws(LayoutError) -> LayoutSnapshot {
    if contentLength.isFinite { return self }
    let section = geometries.firstIndex { !$0.height.isFinite } ?? geometries.count - 1
    throw .invalidValue(
      path: "sections[\(section)]", value: "a total length of \(contentLength)",
      expected: "sizes whose sum is a finite number")
  }
}
