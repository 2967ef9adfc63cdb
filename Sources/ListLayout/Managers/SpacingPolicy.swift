import LayoutGeometry

/// The layout manager's answers as the typesetter consumes them: one section at a time,
/// straight from the manager (``DirectSpacing``), through a cache (``MemoizedSpacing``), or
/// asked once per section when they do not depend on traits (``SectionConstants``). The
/// typesetter is generic over it, so each is a specialization of the same routines.
///
/// Trait sets travel through the typesetter as ``TraitKey``s of the policy's own
/// ``TraitVocabulary``, which turns them back into sets when the manager is asked.
protocol SpacingPolicy {
  /// Starts answering for a section with these attributes.
  mutating func begin(section attributes: SectionAttributes)
  /// The key of `traits` in this layout.
  mutating func key(_ traits: TraitSet) -> TraitKey
  mutating func margin(_ traits: TraitKey, _ edge: ContentEdge) -> Double
  mutating func gapToHeader(_ traits: TraitKey, _ header: TraitKey) -> Double
  mutating func horizontalGap(_ traits: TraitKey, after preceding: TraitKey) -> Double
  mutating func verticalGap(_ traits: TraitKey, below preceding: TraitKey) -> Double
  func lineOffset(_ traits: UnsafeBufferPointer<TraitKey>, _ metrics: LineMetrics) -> Double
  var oversizedCellPolicy: OversizedCellPolicy { get }
  /// Whether any answer depends on traits (so the typesetter must gather them); when not,
  /// the typesetter asks with empty trait sets.
  var usesTraits: Bool { get }
  /// Whether the section's default cell attributes are known (to the compiler) neither to
  /// break nor to indent lines: true only for ``SectionConstants``.
  static var defaultCellsArePlain: Bool { get }
  /// Whether every answer is computed by this package's own code from values (the built-in
  /// managers' rules), so that asking again gives the same answer by construction.
  ///
  /// Only then may a layout ask again after it has returned or on another thread: lay a
  /// page out again when it is first read (``FrameComputation/onDemand``), or lay a section
  /// out in two halves at once. A caller's manager may answer differently when asked again
  /// (it reads a setting, counts its calls, or draws random numbers): it is asked only on
  /// the calling thread, during the layout, and the snapshot keeps what the layout computed.
  static var answersAreRepeatable: Bool { get }
}

/// The managers whose answers are this package's own rules over values: asking again gives
/// the same answer (``SpacingPolicy/answersAreRepeatable``). Internal, so that no caller's
/// type can claim it.
protocol RepeatableLayoutManager: LayoutManager {}

extension AttributesLayoutManager: RepeatableLayoutManager {}
extension HubLayoutManager: RepeatableLayoutManager {}

extension SpacingPolicy {
  static var defaultCellsArePlain: Bool { false }
}

/// Asks the manager every time: for managers whose answers cost less than a cache look-up.
struct DirectSpacing<Manager: LayoutManager>: SpacingPolicy {
  let manager: Manager
  var section = SectionAttributes()
  let oversizedCellPolicy: OversizedCellPolicy

  let usesTraits: Bool
  /// The trait sets this layout has met.
  var vocabulary = TraitVocabulary()

  init(_ manager: Manager) {
    self.manager = manager
    self.oversizedCellPolicy = manager.oversizedCellPolicy
    self.usesTraits = manager.dependsOnTraits
  }

  static var answersAreRepeatable: Bool { Manager.self is any RepeatableLayoutManager.Type }

  mutating func begin(section attributes: SectionAttributes) { section = attributes }
  @inline(__always)
  mutating func key(_ traits: TraitSet) -> TraitKey { vocabulary.key(traits) }
  mutating func margin(_ traits: TraitKey, _ edge: ContentEdge) -> Double {
    sanitized(manager.margin(for: vocabulary.traits(traits), to: edge, in: section))
  }
  mutating func gapToHeader(_ traits: TraitKey, _ header: TraitKey) -> Double {
    sanitized(
      manager.verticalGap(
        for: vocabulary.traits(traits), toHeaderWith: vocabulary.traits(header), in: section))
  }
  mutating func horizontalGap(_ traits: TraitKey, after preceding: TraitKey) -> Double {
    let gap = manager.horizontalGap(
      for: vocabulary.traits(traits), after: vocabulary.traits(preceding), in: section)
    return gap == .infinity ? gap : sanitized(gap)
  }
  mutating func verticalGap(_ traits: TraitKey, below preceding: TraitKey) -> Double {
    sanitized(
      manager.verticalGap(for: vocabulary.traits(traits), below: vocabulary.traits(preceding), in: section))
  }
  func lineOffset(_ traits: UnsafeBufferPointer<TraitKey>, _ metrics: LineMetrics) -> Double {
    let sets = LineTraits(traits.map { vocabulary.traits($0) })
    let offset = manager.horizontalOffset(forLineWith: sets, metrics: metrics, in: section)
    return offset.isFinite ? offset : 0
  }

  /// A manager's margin or gap as the layout uses it: NaN, infinite (but for the horizontal
  /// gap's "new line") and negative answers are clamped to 0, so a faulty custom manager
  /// cannot produce non-finite frames.
  func sanitized(_ value: Double) -> Double {
    value >= 0 && value.isFinite ? value : 0
  }
}

/// Asks the manager once per distinct (question, trait set, trait set) while the section
/// attributes stay the same, so a million cells with a handful of trait combinations cost a
/// handful of calls.
struct MemoizedSpacing<Manager: LayoutManager>: SpacingPolicy {
  var direct: DirectSpacing<Manager>
  var cache = AnswerCache()

  init(_ manager: Manager) { direct = DirectSpacing(manager) }

  var oversizedCellPolicy: OversizedCellPolicy { direct.oversizedCellPolicy }
  var usesTraits: Bool { direct.usesTraits }
  static var answersAreRepeatable: Bool { DirectSpacing<Manager>.answersAreRepeatable }

  mutating func begin(section attributes: SectionAttributes) {
    // Answers may depend on the section's attributes: keep them while those stay the same.
    if attributes != direct.section { cache.invalidate() }
    direct.begin(section: attributes)
  }

  @inline(__always)
  mutating func key(_ traits: TraitSet) -> TraitKey { direct.key(traits) }

  mutating func answer(
    _ question: UInt64, _ a: TraitKey, _ b: TraitKey, _ ask: (inout DirectSpacing<Manager>) -> Double
  ) -> Double {
    if let value = cache.value(question, a.rawValue, b.rawValue) { return value }
    let value = ask(&direct)
    cache.store(value, question, a.rawValue, b.rawValue)
    return value
  }

  mutating func margin(_ traits: TraitKey, _ edge: ContentEdge) -> Double {
    let question: UInt64 =
      switch edge {
      case .top: 1
      case .left: 2
      case .bottom: 3
      case .right: 4
      }
    return answer(question, traits, .none) { $0.margin(traits, edge) }
  }
  mutating func gapToHeader(_ traits: TraitKey, _ header: TraitKey) -> Double {
    answer(5, traits, header) { $0.gapToHeader(traits, header) }
  }
  mutating func horizontalGap(_ traits: TraitKey, after preceding: TraitKey) -> Double {
    answer(6, traits, preceding) { $0.horizontalGap(traits, after: preceding) }
  }
  mutating func verticalGap(_ traits: TraitKey, below preceding: TraitKey) -> Double {
    answer(7, traits, preceding) { $0.verticalGap(traits, below: preceding) }
  }
  func lineOffset(_ traits: UnsafeBufferPointer<TraitKey>, _ metrics: LineMetrics) -> Double {
    direct.lineOffset(traits, metrics)
  }
}

/// An open-addressing hash table from (question, mask, mask) to an answer, with a cheap
/// multiplicative hash and O(1) invalidation by generation.
struct AnswerCache {
  var keysA: ContiguousArray<UInt64>
  var keysB: ContiguousArray<UInt64>
  /// `question | generation << 3`; 0 marks an empty slot.
  var tags: ContiguousArray<UInt64>
  var values: ContiguousArray<Double>
  var generation: UInt64 = 1
  var occupied = 0

  init(capacity: Int = 256) {
    keysA = ContiguousArray(repeating: 0, count: capacity)
    keysB = keysA
    tags = keysA
    values = ContiguousArray(repeating: 0, count: capacity)
  }

  mutating func invalidate() {
    generation += 1
    occupied = 0
  }

  func slot(_ question: UInt64, _ a: UInt64, _ b: UInt64) -> Int {
    let h = (a &* 0x9E37_79B9_7F4A_7C15) ^ (b &* 0xC2B2_AE3D_27D4_EB4F) ^ (question &* 0x1656_67B1_9E37_79F9)
    return Int(truncatingIfNeeded: (h ^ (h >> 29)) & UInt64(tags.count - 1))
  }

  func value(_ question: UInt64, _ a: UInt64, _ b: UInt64) -> Double? {
    let tag = question | generation << 3
    var i = slot(question, a, b)
    while true {
      let t = tags[i]
      if t == tag && keysA[i] == a && keysB[i] == b { return values[i] }
      if t != tag && (t >> 3) != generation { return nil }
      if t >> 3 != generation { return nil }
      i = (i + 1) & (tags.count - 1)
    }
  }

  mutating func store(_ value: Double, _ question: UInt64, _ a: UInt64, _ b: UInt64) {
    if (occupied + 1) * 2 > tags.count { grow() }
    let tag = question | generation << 3
    var i = slot(question, a, b)
    while tags[i] >> 3 == generation {
      i = (i + 1) & (tags.count - 1)
    }
    tags[i] = tag
    keysA[i] = a
    keysB[i] = b
    values[i] = value
    occupied += 1
  }

  mutating func grow() {
    var bigger = AnswerCache(capacity: tags.count * 2)
    bigger.generation = generation
    for i in tags.indices where tags[i] >> 3 == generation {
      bigger.store(values[i], tags[i] & 7, keysA[i], keysB[i])
    }
    self = bigger
  }
}
