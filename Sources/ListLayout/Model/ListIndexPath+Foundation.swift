#if canImport(Foundation)
import Foundation

extension ListIndexPath {
  /// Creates an index path from Foundation's `IndexPath` of two indexes, `[section, item]`
  /// (what UIKit's and AppKit's collection views pass); `nil` for any other length.
  ///
  /// Foundation's type and this one share a purpose but not a name: with both modules
  /// imported, `IndexPath` is Foundation's and this type is `ListIndexPath`.
  public init?(_ indexPath: Foundation.IndexPath) {
    guard indexPath.count == 2 else { return nil }
    self.init(item: indexPath[1], section: indexPath[0])
  }
}

extension Foundation.IndexPath {
  /// Creates Foundation's two-index path `[section, item]` from a ``ListIndexPath``.
  public init(_ indexPath: ListIndexPath) {
    self.init(indexes: [indexPath.section, indexPath.item])
  }
}
#endif
