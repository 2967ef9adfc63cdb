import LayoutGeometry

// The `Codable` forms of the values users store and send. Each is written with explicit keys,
// documented on its type: renaming a property never changes a form.

extension ListIndexPath: Codable {
  private enum CodingKeys: String, CodingKey {
    case section, item
  }

  /// Encodes the index path as `{"section": 0, "item": 3}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(section, forKey: .section)
    try container.encode(item, forKey: .item)
  }

  /// Decodes an index path written as `{"section": 0, "item": 3}` (both keys required).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      item: try container.decode(Int.self, forKey: .item),
      section: try container.decode(Int.self, forKey: .section))
  }
}

extension LayoutAttributes: Codable {
  private enum CodingKeys: String, CodingKey {
    case kind, section, item, badge, id, frame, zIndex, pinned
  }

  /// Encodes the attributes in the form of the layout output's elements (`listlayout layout`,
  /// ``LayoutSnapshot/jsonString(elements:overlayIDs:sections:)``), with `section` and `item`
  /// always written:
  ///
  /// ```json
  /// {"kind": "cell", "section": 0, "item": 1, "id": "b",
  ///  "frame": {"x": 110, "y": 49, "width": 120, "height": 50}, "zIndex": 0}
  /// ```
  ///
  /// `id` is written when the element has one, `"pinned": true` when it is pinned, and a
  /// badge's ``badgeIndex`` as `"badge"` (as the layout output writes it).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .kind)
    try container.encode(indexPath.section, forKey: .section)
    try container.encode(indexPath.item, forKey: .item)
    if kind == .badge { try container.encode(badgeIndex, forKey: .badge) }
    try container.encodeIfPresent(id, forKey: .id)
    try container.encode(frame, forKey: .frame)
    try container.encode(zIndex, forKey: .zIndex)
    if isPinned { try container.encode(true, forKey: .pinned) }
  }

  /// Decodes attributes written by ``encode(to:)``, or an element of the layout output as
  /// the command line prints it: a missing `item` is 0 (headers, footers, backgrounds), a
  /// missing `section` is −1 (the list header and footer, overlays), a missing `pinned` is
  /// `false`; `kind`, `frame` and `zIndex` are required.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      kind: try container.decode(ElementKind.self, forKey: .kind),
      indexPath: ListIndexPath(
        item: try container.decodeIfPresent(Int.self, forKey: .item) ?? 0,
        section: try container.decodeIfPresent(Int.self, forKey: .section) ?? -1),
      frame: try container.decode(Rect.self, forKey: .frame),
      zIndex: try container.decode(Int.self, forKey: .zIndex),
      isPinned: try container.decodeIfPresent(Bool.self, forKey: .pinned) ?? false,
      badgeIndex: try container.decodeIfPresent(Int.self, forKey: .badge) ?? 0,
      id: try container.decodeIfPresent(String.self, forKey: .id))
  }
}

extension SectionAttributes: Codable {
  private enum CodingKeys: String, CodingKey {
    case horizontalAlignment, verticalAlignment, itemSpacing, lineSpacing, insets
  }

  /// Encodes every attribute, with the feed format's keys:
  ///
  /// ```json
  /// {"horizontalAlignment": "left", "verticalAlignment": "top", "itemSpacing": 5,
  ///  "lineSpacing": 5, "insets": {"top": 0, "left": 0, "bottom": 0, "right": 0}}
  /// ```
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(horizontalAlignment, forKey: .horizontalAlignment)
    try container.encode(verticalAlignment, forKey: .verticalAlignment)
    try container.encode(itemSpacing, forKey: .itemSpacing)
    try container.encode(lineSpacing, forKey: .lineSpacing)
    try container.encode(insets, forKey: .insets)
  }

  /// Decodes attributes written by ``encode(to:)``; a missing key takes the default of
  /// ``init(horizontalAlignment:verticalAlignment:itemSpacing:lineSpacing:insets:)``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let defaults = SectionAttributes()
    self.init(
      horizontalAlignment: try container.decodeIfPresent(
        HorizontalAlignment.self, forKey: .horizontalAlignment)
        ?? defaults.horizontalAlignment,
      verticalAlignment: try container.decodeIfPresent(VerticalAlignment.self, forKey: .verticalAlignment)
        ?? defaults.verticalAlignment,
      itemSpacing: try container.decodeIfPresent(Double.self, forKey: .itemSpacing) ?? defaults.itemSpacing,
      lineSpacing: try container.decodeIfPresent(Double.self, forKey: .lineSpacing) ?? defaults.lineSpacing,
      insets: try container.decodeIfPresent(EdgeInsets.self, forKey: .insets) ?? defaults.insets)
  }
}

extension CellAttributes: Codable {
  private enum CodingKeys: String, CodingKey {
    case insets, shouldBeginLine, shouldEndLine, startLineIndentation
  }

  /// Encodes every attribute, with the feed format's keys:
  ///
  /// ```json
  /// {"insets": {"top": 0, "left": 0, "bottom": 0, "right": 0}, "shouldBeginLine": false,
  ///  "shouldEndLine": true, "startLineIndentation": false}
  /// ```
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(insets, forKey: .insets)
    try container.encode(shouldBeginLine, forKey: .shouldBeginLine)
    try container.encode(shouldEndLine, forKey: .shouldEndLine)
    try container.encode(startLineIndentation, forKey: .startLineIndentation)
  }

  /// Decodes attributes written by ``encode(to:)``; a missing key takes the default of
  /// ``init(insets:shouldBeginLine:shouldEndLine:startLineIndentation:)``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      insets: try container.decodeIfPresent(EdgeInsets.self, forKey: .insets) ?? .zero,
      shouldBeginLine: try container.decodeIfPresent(Bool.self, forKey: .shouldBeginLine) ?? false,
      shouldEndLine: try container.decodeIfPresent(Bool.self, forKey: .shouldEndLine) ?? false,
      startLineIndentation: try container.decodeIfPresent(Bool.self, forKey: .startLineIndentation) ?? false)
  }
}
