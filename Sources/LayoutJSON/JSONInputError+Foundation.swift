// Foundation's view of the error, where Foundation exists: `localizedDescription` (and
// anything that shows an error through `LocalizedError`) reads the same sentence as
// `description`, not "The operation could not be completed".
#if canImport(Foundation)
import Foundation

extension JSONInputError: LocalizedError {
  /// The error's ``description``: key path, message, line and column.
  public var errorDescription: String? { description }
}
#endif
