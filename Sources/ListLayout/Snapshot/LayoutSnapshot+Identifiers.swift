import LayoutGeometry

extension LayoutSnapshot {
  /// The identifier of the element of `kind` at `indexPath`: a cell's own, or its section's
  /// header's, footer's or background's (their index path is item 0 of the section), its
  /// separators' (every separator of a section has the section's separator's), or the
  /// list header's or footer's. `nil` when the element
  /// has none, does not exist, or is an overlay (overlays are named by the viewport's
  /// `Overlay` values) or a badge (an index path does not say which of its cell's: name it
  /// with ``identifier(of:)-(LayoutAttributes)``).
  ///
  /// Every query already names its elements (``LayoutAttributes/id``); this answers for an
  /// index path alone.
  ///
  /// ```swift
  /// for element in snapshot.allAttributes() {
  ///   let name = snapshot.identifier(of: element.indexPath, kind: element.kind) ?? "\(element.indexPath)"
  ///   assert(name == element.id ?? "\(element.indexPath)")
  /// }
  /// ```
  ///
  /// - Complexity: O(log s + log n).
  public func identifier(of indexPath: ListIndexPath, kind: ElementKind) -> String? {
    switch kind {
    case .listHeader: return model.configuration.listHeader?.id
    case .listFooter: return model.configuration.listFooter?.id
    case .overlay: return nil
    default: break
    }
    guard model.sections.indices.contains(indexPath.section) else { return nil }
    if kind == .cell { return identifier(of: indexPath) }
    // Read in place: a copy of the section would retain its cells and chrome.
    return model.sections.withElement(at: indexPath.section) { section in
      switch kind {
      case .header: section.header?.id
      case .footer: section.footer?.id
      case .background: section.background?.id
      case .separator: section.separator?.id
      case .cell, .overlay, .listHeader, .listFooter, .badge: nil
      }
    }
  }
}
