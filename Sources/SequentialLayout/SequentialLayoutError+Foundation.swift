// Foundation's view of the error, where Foundation exists: `localizedDescription` reads the
// same sentence as `description`.
#if canImport(Foundation)
import Foundation

extension SequentialLayoutError: LocalizedError {
  /// The error's ``description``.
  public var errorDescription: String? { description }
}
#endif
