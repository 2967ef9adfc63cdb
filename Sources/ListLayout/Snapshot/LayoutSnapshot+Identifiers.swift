import LayoutGeometry

extension LayoutSnapshot {
  /// The identifier of the element of `kind` at `indexPath`: a cell's own, or its section's
  /// header's, footer's or background's (their index path is item 0 of the section), or the
  /// list header's or footer's. `nil` when the element
  /// has none, does not exist, or is an overlay (overlays are named by the viewport's
  /// `Overlay` values) or a badge (an index path does not say which of its cell's: name it
  /// with ``identifier(of:)-(LayoutAttributes)``).
  ///
  /// ``LayoutAttributes`` holds no identifier (a million cells would copy a million strings):
  /// a renderer walking ``allAttributes()`` names each element with this or with
  /// ``identifier(of:)-(LayoutAttributes)``.
  ///
  /// ```swift
  /// for element in snapshot.allAttributes() {
  ///   let name = snapshot.identifier(of: element.indexPath, kind: element.kind) ?? "\(element.indexPath)"
  /// }
  /// ```
  ///
  /// - Complexity: O(1).
  public func identifier(of indexPath: IndexPath, kind: ElementKind) -> String? {
    switch kind {
    case .listHeader: return model.configuration.listHeader?.id
    case .listFooter: return model.configuration.listFooter?.id
    case .overlay: return nil
    default: break
    }
    guard model.sections.indices.contains(indexPath.section) else { return nil }
    let section = model.sections[indexPath.section]
    switch kind {
    case .cell: return section.cells.indices.contains(indexPath.item) ? section.cells[indexPath.item].id : nil
    case .header: return section.header?.id
    case .footer: return section.footer?.id
    case .background: return section.background?.id
    case .overlay, .listHeader, .listFooter, .badge: return nil
    }
  }
}
