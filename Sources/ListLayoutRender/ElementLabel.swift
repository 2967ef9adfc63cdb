import LayoutGeometry
import ListLayout

/// What a renderer writes on an element: its identifier (or a stand-in built from its index
/// path) and the names of its traits.
///
/// ```swift
/// let label = ElementLabel(of: element, in: snapshot)
/// label.title   // "featured-3", or "0.3" for a cell without an id, "header 0" for a header
/// label.traits  // ["compactWidth"]
/// ```
public struct ElementLabel: Sendable, Hashable {
  /// The element's identifier, or a stand-in naming its kind and index path.
  public var title: String
  /// Whether ``title`` is the element's own identifier.
  public var hasIdentifier: Bool
  /// The names of the element's traits, in trait order.
  public var traits: [String]

  /// The label of `element` in `snapshot`.
  ///
  /// - Complexity: O(t) for t traits.
  public init(of element: LayoutAttributes, in snapshot: LayoutSnapshot) {
    let id = snapshot.identifier(of: element)
    hasIdentifier = id != nil
    traits = Self.traitSet(of: element, in: snapshot.model).names
    let path = element.indexPath
    switch element.kind {
    case .cell: title = id ?? "\(path.section).\(path.item)"
    case .header: title = id ?? "header \(path.section)"
    case .footer: title = id ?? "footer \(path.section)"
    case .overlay: title = id ?? "overlay \(path.item)"
    case .background: title = id ?? "background \(path.section)"
    case .listHeader: title = id ?? "list header"
    case .listFooter: title = id ?? "list footer"
    case .separator: title = id ?? "separator \(path.section).\(path.item)"
    }
  }

  /// The traits of a cell, header or footer of `model`; empty for overlays and paths that
  /// do not exist.
  static func traitSet(of element: LayoutAttributes, in model: ListModel) -> TraitSet {
    let path = element.indexPath
    guard model.sections.indices.contains(path.section) else { return [] }
    let section = model.sections[path.section]
    switch element.kind {
    case .cell: return section.cells.indices.contains(path.item) ? section.cells[path.item].traits : []
    case .header: return section.header?.traits ?? []
    case .footer: return section.footer?.traits ?? []
    case .overlay, .background, .listHeader, .listFooter, .separator: return []
    }
  }
}

/// `text` with the five XML special characters escaped, and characters XML 1.0 cannot hold
/// (controls other than tab, line feed and carriage return) replaced by U+FFFD, so any
/// identifier from an untrusted feed can go into SVG or HTML text and attributes.
public func xmlEscaped(_ text: String) -> String {
  var out = ""
  out.reserveCapacity(text.utf8.count)
  for scalar in text.unicodeScalars {
    switch scalar {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "\"": out += "&quot;"
    case "'": out += "&#39;"
    case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
    case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value):
      out += "\u{FFFD}"
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out
}

/// `text` cut to at most `limit` characters, ending in "…" when it was cut.
func truncated(_ text: String, to limit: Int) -> String {
  guard limit > 0 else { return "" }
  guard text.count > limit else { return text }
  return limit == 1 ? "…" : String(text.prefix(limit - 1)) + "…"
}

extension LayoutSnapshot {
  /// How far the widest carousel's row reaches: its content width, or the list's width when
  /// no carousel is wider (ASCII pictures of the whole content draw that far, the part past
  /// the list's width faded).
  ///
  /// - Complexity: O(s) for s sections (plus a carousel's cells when it pages by item).
  var drawnWidth: Double {
    var width = contentSize.width
    for section in 0..<numberOfSections where isCarousel(section) {
      width = max(width, carouselMetrics(ofSection: section)?.contentWidth ?? 0)
    }
    return width
  }
}
