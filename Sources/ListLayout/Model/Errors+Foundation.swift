// Foundation's view of the module's errors, where Foundation exists: `localizedDescription`
// (and anything that shows an error through `LocalizedError`) reads the same sentence as
// `description`, not "The operation could not be completed".
#if canImport(Foundation)
import Foundation

extension LayoutError: LocalizedError {
  /// The error's ``description``.
  public var errorDescription: String? { description }
}

extension UpdateError: LocalizedError {
  /// The error's ``description``.
  public var errorDescription: String? { description }
}

extension ScrollError: LocalizedError {
  /// The error's ``description``.
  public var errorDescription: String? { description }
}

extension HorizontalOffsetError: LocalizedError {
  /// The error's ``description``.
  public var errorDescription: String? { description }
}

extension FeedWritingError: LocalizedError {
  /// The error's ``description``.
  public var errorDescription: String? { description }
}
#endif
