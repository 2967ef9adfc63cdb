import LayoutGeometry

extension LayoutSnapshot {
  /// The layout as JSON, in the command line's output format:
  ///
  /// ```json
  /// {"contentSize":{"width":375,"height":120},
  ///  "elements":[{"kind":"header","section":0,"frame":{"x":0,"y":5,"width":375,"height":40},"zIndex":1},
  ///              {"kind":"cell","section":0,"item":0,"id":"a","frame":{…},"zIndex":0}]}
  /// ```
  ///
  /// `item` appears on cells only, `id` on elements that have one, `pinned` on pinned
  /// headers and footers only.
  ///
  /// - Parameters:
  ///   - elements: the elements to list; by default all of them, in listing order.
  ///   - overlayIDs: the identifiers of overlays listed in `elements`, by overlay position.
  public func jsonString(elements: [LayoutAttributes]? = nil, overlayIDs: [String] = []) -> String {
    var out = "{\"contentSize\":{\"width\":\(formatted(contentSize.width)),\"height\":"
    out += formatted(contentSize.height) + "},\"elements\":["
    for (n, element) in (elements ?? allAttributes()).enumerated() {
      if n > 0 { out += ",\n" } else { out += "\n" }
      out += "{\"kind\":\"\(element.kind.rawValue)\""
      if element.kind != .overlay { out += ",\"section\":\(element.indexPath.section)" }
      if element.kind == .cell {
        out += ",\"item\":\(element.indexPath.item)"
      }
      if element.kind == .overlay, overlayIDs.indices.contains(element.indexPath.item) {
        out += ",\"id\":" + jsonQuoted(overlayIDs[element.indexPath.item])
      } else if let id = identifier(of: element) {
        out += ",\"id\":" + jsonQuoted(id)
      }
      let frame = element.frame
      out += ",\"frame\":{\"x\":\(formatted(frame.x)),\"y\":\(formatted(frame.y)),"
      out += "\"width\":\(formatted(frame.width)),\"height\":\(formatted(frame.height))}"
      out += ",\"zIndex\":\(element.zIndex)"
      if element.isPinned { out += ",\"pinned\":true" }
      out += "}"
    }
    out += "\n]}\n"
    return out
  }

  /// The identifier of any element: a cell's, or its section's header's or footer's.
  public func identifier(of element: LayoutAttributes) -> String? {
    switch element.kind {
    case .cell: return identifier(of: element.indexPath)
    case .overlay: return nil
    case .header, .footer:
      guard model.sections.indices.contains(element.indexPath.section) else { return nil }
      let section = model.sections[element.indexPath.section]
      return element.kind == .header ? section.header?.id : section.footer?.id
    }
  }
}
