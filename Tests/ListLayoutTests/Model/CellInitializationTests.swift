import LayoutGeometry
import TestSupport
import Testing

@testable import ListLayout

/// `Cell.initialize(_:id:size:traits:)`, the decoder's way of making a cell in a chunk's
/// storage field by field, against the initializer: the same cell, nothing else set, and
/// every reference it holds released once when the cell goes.
@Suite struct CellInitializationTests {
  static let identifiers: [String?] = [
    nil, "", "c123456", "fifteen-bytes-x", "an identifier longer than fifteen bytes", "é", "日本語の識別子",
  ]

  @Test(arguments: 0..<4) func fieldByFieldEqualsTheInitializer(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let callback = SizingCallback { _ in Size(width: 3, height: 4) }
    let slot = UnsafeMutablePointer<Cell>.allocate(capacity: 1)
    defer { slot.deallocate() }
    for _ in 0..<2000 {
      let id = Self.identifiers[random.below(Self.identifiers.count)].map {
        $0 + String(repeating: "x", count: random.below(3))
      }
      let size: CellSize =
        switch random.below(3) {
        case 0: .automatic
        case 1: .fixed(Size(width: Double(random.below(500)), height: Double(random.below(500)) / 4))
        default: .sizing(callback)
        }
      var names: [LayoutTrait] = []
      if random.below(2) == 0 { names.append(.compactWidth) }
      if random.below(2) == 0 { names.append(LayoutTrait("custom\(random.below(4))")) }
      var traits = TraitSet(names)
      Cell.initialize(slot, id: id, size: size, traits: traits)
      do {
        let made = Cell(id: id, size: size, traits: traits)
        #expect(slot.pointee == made)
        #expect(slot.pointee.hashValue == made.hashValue)
        #expect(slot.pointee.id == id && slot.pointee.size == size && slot.pointee.traits == traits)
        #expect(slot.pointee.attributes == nil && slot.pointee.sequential == nil && slot.pointee.span == nil)
        #expect(!slot.pointee.hasExtras)
      }
      slot.deinitialize(count: 1)
      // The trait names the cell held are released with it: `traits` holds them alone again.
      if traits.custom != nil {
        #expect(isKnownUniquelyReferenced(&traits.custom))
      }
    }
  }

  /// `Cell.initialize` writes the stored properties one by one: a stored property added to
  /// `Cell` and not to it would be left uninitialized in every decoded cell. The list it
  /// writes is pinned here, so such a change fails this test until `initialize` follows.
  @Test func initializeWritesEveryStoredProperty() {
    let labels = Mirror(reflecting: Cell(id: "a", width: 1, height: 2)).children.map(\.label)
    #expect(
      labels == [
        "id", "size", "standardTraitBits", "tailPlacesTheCell", "tailBadgeCount", "tailBadgeReach", "tail",
      ])
  }

  /// The custom trait names live in the one reference of the less common properties, so a
  /// cell is six words on 64-bit platforms (seven with the names a field of their own).
  @Test func cellIsSixWords() {
    #if _pointerBitWidth(_64)
    #expect(MemoryLayout<Cell>.stride == 48)
    #endif
    // The parts read back as the set they were made from, after either way of setting it.
    var cell = Cell(id: "a", width: 1, height: 2, traits: [.compactWidth, LayoutTrait("custom")])
    #expect(cell.traits == [.compactWidth, LayoutTrait("custom")])
    cell.traits.insert(.fullWidth)
    #expect(cell.traits == [.compactWidth, .fullWidth, LayoutTrait("custom")])
    cell.traits = []
    #expect(cell.traits.isEmpty && cell == Cell(id: "a", width: 1, height: 2))
  }

  /// Every sequence of sets and clears of the properties behind the one reference (custom
  /// traits, attributes, sequential options, span) reads back what was last set, whichever
  /// case the reference is in; only attributes, sequential options and a span take the cell
  /// off the typesetter's fast path.
  @Test(arguments: 0..<4) func lessCommonPropertiesReadBackWhatWasSet(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var cell = Cell(id: "a", width: 1, height: 2)
    var traits = TraitSet()
    var attributes: CellAttributes?
    var sequential: SequentialItemOptions?
    var span: GridSpan?
    for _ in 0..<2000 {
      switch random.below(4) {
      case 0:
        var names: [LayoutTrait] = []
        if random.below(2) == 0 { names.append(.stackable) }
        if random.below(2) == 0 { names.append(LayoutTrait("tail\(random.below(3))")) }
        traits = TraitSet(names)
        cell.traits = traits
      case 1:
        attributes = random.below(2) == 0 ? nil : CellAttributes(shouldBeginLine: true)
        cell.attributes = attributes
      case 2:
        sequential = random.below(2) == 0 ? nil : SequentialItemOptions(spacing: EdgeInsets(top: 1))
        cell.sequential = sequential
      default:
        span = random.below(2) == 0 ? nil : .columns(2)
        cell.span = span
      }
      #expect(cell.traits == traits && cell.attributes == attributes)
      #expect(cell.sequential == sequential && cell.span == span)
      #expect(cell.hasExtras == (attributes != nil || sequential != nil || span != nil))
    }
  }
}
