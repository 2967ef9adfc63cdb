import LayoutGeometry
import LayoutJSON

extension LayoutSnapshot {
  /// The layout as JSON, in the command line's output format:
  ///
  /// ```json
  /// {"contentSize":{"width":375,"height":120},
  ///  "elements":[{"kind":"header","section":0,"frame":{"x":0,"y":5,"width":375,"height":40},"zIndex":1},
  ///              {"kind":"cell","section":0,"item":0,"id":"a","frame":{…},"zIndex":0}]}
  /// ```
  ///
  /// `item` appears on cells only, `section` on every element but the list header and footer
  /// (kinds `listHeader`, `listFooter`) and overlays, `id` on elements that have one, `pinned`
  /// on pinned headers and footers only. Section backgrounds are elements of kind
  /// `background` (z-index −1); separators are elements of kind `separator` with the `item`
  /// of the line above them.
  ///
  /// - Parameters:
  ///   - elements: the elements to list; by default all of them, in listing order.
  ///   - overlayIDs: the identifiers of overlays listed in `elements`, by overlay position.
  ///   - sections: the sections to list in a top-level `"sections"` array (see
  ///     ``writeJSON(elements:overlayIDs:sections:to:)``); by default none, and no array.
  public func jsonString(
    elements: [LayoutAttributes]? = nil, overlayIDs: [String] = [], sections: [Int]? = nil
  ) -> String {
    String(
      decoding: ByteWriter.bytes {
        writeJSON(elements: elements, overlayIDs: overlayIDs, sections: sections, to: &$0)
      },
      as: UTF8.self)
  }

  /// Writes the layout as JSON (the format of ``jsonString(elements:overlayIDs:sections:)``) to
  /// `writer` as it walks the snapshot: the whole layout is never held as text or as an
  /// array of attributes.
  ///
  /// With `sections`, a top-level `"sections"` array follows the elements: for each of those
  /// sections `{"index":S,"frame":{…}}`, and for a carousel also its `"contentWidth"` and
  /// `"snapOffsets"` (at most ``maximumWrittenSnapOffsets`` of them: a carousel with more
  /// lists its first ones and its last, the end of its row, and gets `"snapOffsetCount"`).
  ///
  /// A long list of elements (65,536 or more) is formatted on every active processor, in
  /// segments of 8,192 elements that reach `writer` in order, the same bytes as on one
  /// thread; a few segments are in flight at once, never the whole output.
  ///
  /// - Complexity: O(n) for n elements written.
  public func writeJSON(
    elements: [LayoutAttributes]? = nil, overlayIDs: [String] = [], sections: [Int]? = nil,
    to writer: inout ByteWriter
  ) {
    writeJSON(
      elements: elements, overlayIDs: overlayIDs, sections: sections, parallelism: .default, to: &writer)
  }

  /// ``writeJSON(elements:overlayIDs:sections:to:)`` with the elements formatted as
  /// `parallelism` says (tests force small segments and several threads).
  package func writeJSON(
    elements: [LayoutAttributes]? = nil, overlayIDs: [String] = [], sections: [Int]? = nil,
    parallelism: OutputParallelism, to writer: inout ByteWriter
  ) {
    writer.write("{\"contentSize\":{\"width\":")
    writer.write(number: contentSize.width)
    writer.write(",\"height\":")
    writer.write(number: contentSize.height)
    writer.write("},\"elements\":[")
    if let elements {
      func write(_ range: Range<Int>, to writer: inout ByteWriter) {
        var first = range.lowerBound == 0
        for attributes in elements[range] {
          let id =
            attributes.kind == .overlay
            ? overlayIDs.indices.contains(attributes.indexPath.item)
              ? overlayIDs[attributes.indexPath.item] : nil
            : identifier(of: attributes)
          Self.writeElement(attributes, id: id, first: &first, to: &writer)
        }
      }
      if parallelism.isSegmented(elements.count) {
        let length = parallelism.segmentLength
        SegmentedWriting.write(
          segments: parallelism.segmentCount(elements.count), threads: parallelism.threads,
          capacity: parallelism.segmentCapacity, to: &writer
        ) { k, segment in
          write(k * length..<min(elements.count, (k + 1) * length), to: &segment)
        }
      } else {
        write(elements.indices, to: &writer)
      }
    } else if parallelism.threshold < .max, parallelism.isSegmented(elementCount) {
      let total = elementCount
      let length = parallelism.segmentLength
      let starts = listingSegmentStarts(length: length)
      SegmentedWriting.write(
        segments: starts.count, threads: parallelism.threads, capacity: parallelism.segmentCapacity,
        to: &writer
      ) { k, segment in
        writeListing(from: starts[k], count: min(length, total - k * length), first: k == 0, to: &segment)
      }
    } else {
      writeListing(from: ListingPosition(section: -1, offset: 0), count: .max, first: true, to: &writer)
    }
    if let sections {
      writer.write("\n],\"sections\":[")
      for (n, section) in sections.enumerated() {
        writeSectionJSON(section, first: n == 0, to: &writer)
      }
    }
    writer.write("\n]}\n")
  }

  /// A place in the listing order of ``forEachElement(_:)``: element `offset` of `section`
  /// (as ``forEachElement(inSection:positions:_:)`` counts them); section −1 is the list
  /// header, the section after the last one the list footer.
  struct ListingPosition {
    var section: Int
    var offset: Int
  }

  /// Where each segment of `length` elements of the listing starts, the first at the start.
  ///
  /// - Complexity: O(s log s + n / length) for s sections.
  func listingSegmentStarts(length: Int) -> [ListingPosition] {
    var starts = [ListingPosition(section: -1, offset: 0)]
    // The listing index of the next segment's start, and of the first element of the
    // section at hand.
    var next = length
    var base = model.configuration.listHeader == nil ? 0 : 1
    for section in geometries.indices {
      let count = elementCount(inSection: section)
      while next < base + count {
        starts.append(ListingPosition(section: section, offset: next - base))
        next += length
      }
      base += count
    }
    if model.configuration.listFooter != nil, next == base {
      starts.append(ListingPosition(section: geometries.count, offset: 0))
    }
    return starts
  }

  /// Writes `count` elements of the listing (or all the rest), from `start`, each preceded
  /// by a comma unless it is the `first` of the whole list: the one walk behind the layout's
  /// JSON, whole or cut into segments.
  ///
  /// - Complexity: O(log s + log n + k) for k elements written.
  func writeListing(from start: ListingPosition, count: Int, first: Bool, to writer: inout ByteWriter) {
    var first = first
    var remaining = count
    var section = start.section
    var offset = start.offset
    if section < 0 {
      if remaining > 0, let header = listHeader(pinning: nil) {
        Self.writeElement(header, id: model.configuration.listHeader?.id, first: &first, to: &writer)
        remaining -= 1
      }
      section = 0
      offset = 0
    }
    while remaining > 0, section < geometries.count {
      let available = elementCount(inSection: section) - offset
      if available > 0 {
        let taken = min(available, remaining)
        // Cell identifiers come from walking the section's cells alongside, from the first
        // cell written (O(1) each, where a look-up by index costs O(log n)).
        let modelSection = model.sections[section]
        var cells: CellIdentifiers?
        forEachElement(inSection: section, positions: offset..<offset + taken) { attributes in
          let id: String?
          switch attributes.kind {
          case .cell:
            if cells == nil { cells = CellIdentifiers(modelSection.cells, from: attributes.indexPath.item) }
            id = cells!.next()
          case .header: id = modelSection.header?.id
          case .background: id = modelSection.background?.id
          case .separator: id = modelSection.separator?.id
          default: id = modelSection.footer?.id
          }
          Self.writeElement(attributes, id: id, first: &first, to: &writer)
        }
        remaining -= taken
      }
      section += 1
      offset = 0
    }
    if remaining > 0, let footer = listFooter(pinning: nil) {
      Self.writeElement(footer, id: model.configuration.listFooter?.id, first: &first, to: &writer)
    }
  }

  /// Writes one element's record, preceded by a comma unless it is the `first`: the one rule
  /// for what an element looks like.
  ///
  /// The record is written straight into the writer's buffer with one check of its room,
  /// not one per part: the part before the identifier (12 bytes of prefix, 11 of kind and
  /// quote, 19 and 8 of keys, two integers of 20), a short identifier (6 bytes of key, 18
  /// of string: see `ByteWriter.shortQuotable`), the part after it (64 bytes of keys and
  /// punctuation, four numbers, an integer of 20). An identifier of another form goes
  /// between two records. `first` is a parameter rather than a captured variable, which
  /// the runtime would check on every use.
  @inline(__always)
  static func writeElement(
    _ element: LayoutAttributes, id: String?, first: inout Bool, to writer: inout ByteWriter
  ) {
    let headRoom = 96
    let tailRoom = 84 + 4 * ByteWriter.maximumNumberLength
    let wasFirst = first
    first = false
    let shortID = id.flatMap(ByteWriter.shortQuotable)
    if id == nil || shortID != nil {
      writer.withUnsafeRoom(headRoom + 6 + ByteWriter.maximumShortQuotedLength + tailRoom) { out in
        var n = putHead(element, first: wasFirst, at: out)
        if let shortID {
          n &+= ByteWriter.put(",\"id\":", at: out + n)
          n &+= ByteWriter.put(quoted: shortID, at: out + n)
        }
        return n &+ putTail(element, at: out + n)
      }
    } else if let id {
      writer.withUnsafeRoom(headRoom) { putHead(element, first: wasFirst, at: $0) }
      writer.write(",\"id\":")
      writer.write(jsonQuoted: id)
      writer.withUnsafeRoom(tailRoom) { putTail(element, at: $0) }
    }
  }

  /// Puts an element's record up to its identifier at `out` (room for 96 bytes) and returns
  /// how many bytes: kind, section and item.
  @inline(__always)
  static func putHead(_ element: LayoutAttributes, first: Bool, at out: UnsafeMutablePointer<UInt8>) -> Int {
    let kind = element.kind
    let indexPath = element.indexPath
    var n = ByteWriter.put(first ? "\n{\"kind\":\"" : ",\n{\"kind\":\"", at: out)
    n &+= putKind(kind, at: out + n)
    out[n] = UInt8(ascii: "\"")
    n &+= 1
    if !kind.isOutsideSections {
      n &+= ByteWriter.put(",\"section\":", at: out + n)
      n &+= ByteWriter.put(integer: indexPath.section, at: out + n)
    }
    if kind == .cell || kind == .separator {
      n &+= ByteWriter.put(",\"item\":", at: out + n)
      n &+= ByteWriter.put(integer: indexPath.item, at: out + n)
    }
    return n
  }

  /// Puts an element's record after its identifier at `out` (room for 84 bytes and four
  /// numbers) and returns how many bytes: frame, z-index and whether it is pinned.
  @inline(__always)
  static func putTail(_ element: LayoutAttributes, at out: UnsafeMutablePointer<UInt8>) -> Int {
    let frame = element.frame
    var n = ByteWriter.put(",\"frame\":{\"x\":", at: out)
    n &+= ByteWriter.put(number: frame.x, at: out + n)
    n &+= ByteWriter.put(",\"y\":", at: out + n)
    n &+= ByteWriter.put(number: frame.y, at: out + n)
    n &+= ByteWriter.put(",\"width\":", at: out + n)
    n &+= ByteWriter.put(number: frame.width, at: out + n)
    n &+= ByteWriter.put(",\"height\":", at: out + n)
    n &+= ByteWriter.put(number: frame.height, at: out + n)
    n &+= ByteWriter.put("},\"zIndex\":", at: out + n)
    n &+= ByteWriter.put(integer: element.zIndex, at: out + n)
    n &+= ByteWriter.put(element.isPinned ? ",\"pinned\":true}" : "}", at: out + n)
    return n
  }

  /// Puts a kind's name (its raw value) at `out` and returns how many bytes.
  @inline(__always)
  static func putKind(_ kind: ElementKind, at out: UnsafeMutablePointer<UInt8>) -> Int {
    switch kind {
    case .header: ByteWriter.put("header", at: out)
    case .cell: ByteWriter.put("cell", at: out)
    case .footer: ByteWriter.put("footer", at: out)
    case .overlay: ByteWriter.put("overlay", at: out)
    case .background: ByteWriter.put("background", at: out)
    case .listHeader: ByteWriter.put("listHeader", at: out)
    case .listFooter: ByteWriter.put("listFooter", at: out)
    case .separator: ByteWriter.put("separator", at: out)
    }
  }

  /// The most snap offsets the JSON output lists per carousel (the first ones, then the last).
  public static let maximumWrittenSnapOffsets = 100_000

  /// A frame as `{"x":…,"y":…,"width":…,"height":…}`, for elements and sections alike.
  @inline(__always)
  func writeFrameJSON(_ frame: Rect, to writer: inout ByteWriter) {
    writer.write("{\"x\":")
    writer.write(number: frame.x)
    writer.write(",\"y\":")
    writer.write(number: frame.y)
    writer.write(",\"width\":")
    writer.write(number: frame.width)
    writer.write(",\"height\":")
    writer.write(number: frame.height)
    writer.write(byte: UInt8(ascii: "}"))
  }

  /// One entry of the `"sections"` array.
  func writeSectionJSON(_ section: Int, first: Bool, to writer: inout ByteWriter) {
    guard let frame = sectionFrame(section) else { return }
    writer.write(first ? "\n{\"index\":" : ",\n{\"index\":")
    writer.write(integer: section)
    writer.write(",\"frame\":")
    writeFrameJSON(frame, to: &writer)
    if let carousel = carouselMetrics(ofSection: section) {
      writer.write(",\"contentWidth\":")
      writer.write(number: carousel.contentWidth)
      writer.write(",\"snapOffsets\":[")
      let offsets = carousel.snapOffsets
      // Cut to the first offsets and the last one, so that the end of the row stays listed.
      let cut = offsets.count > Self.maximumWrittenSnapOffsets
      let written = min(offsets.count, Self.maximumWrittenSnapOffsets)
      for n in 0..<written {
        if n > 0 { writer.write(byte: UInt8(ascii: ",")) }
        writer.write(number: offsets[cut && n == written - 1 ? offsets.count - 1 : n])
      }
      writer.write(byte: UInt8(ascii: "]"))
      if cut {
        writer.write(",\"snapOffsetCount\":")
        writer.write(integer: offsets.count)
      }
    }
    writer.write(byte: UInt8(ascii: "}"))
  }

  /// The sections whose extent along the scroll axis (with cells overflowing it) meets
  /// `rect`'s, in order: `top < rect's end` and `bottom > rect's start`, or, for a section of
  /// no extent, its top in `rect's start ..< rect's end`. The gaps between sections
  /// (`sectionSpacing`) belong to none.
  ///
  /// - Complexity: O(log s) plus one step per section returned.
  public func sections(overlapping rect: Rect) -> [Int] {
    var result: [Int] = []
    let (start, end) = scrollRange(rect)
    forEachSection(overlapping: rect) { section in
      let geometry = geometries[section]
      let top = sectionTop(section)
      let bottom = top + geometry.height
      let meets =
        top - geometry.overflowAbove < end && bottom + geometry.overflowBelow > start
        || (top == bottom && top >= start && top < end)
      if meets { result.append(section) }
    }
    return result
  }

  /// The identifier of any element: a cell's, its section's header's, footer's or
  /// background's, or the list header's or footer's.
  public func identifier(of element: LayoutAttributes) -> String? {
    identifier(of: element.indexPath, kind: element.kind)
  }
}

/// The identifiers of a section's cells in order, read in place (a cell handed out by the
/// list's iterator is a copy of all of it, for one field).
private struct CellIdentifiers {
  var leaves: CellList.LeafIterator
  var cells: ContiguousArray<Cell> = []
  var local = 0

  /// The identifiers from cell `item` on.
  init(_ list: CellList, from item: Int) {
    leaves = CellList.LeafIterator(root: list.root, from: item)
    if let leaf = leaves.next() {
      cells = leaf.node.elements
      local = min(max(0, item - leaf.first), cells.count)
    }
  }

  /// The next cell's identifier; `nil` for a cell without one and after the last cell.
  mutating func next() -> String? {
    while local == cells.count {
      guard let leaf = leaves.next() else { return nil }
      cells = leaf.node.elements
      local = 0
    }
    defer { local &+= 1 }
    return cells[local].id
  }
}
