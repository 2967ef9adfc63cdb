import Foundation
import Testing

/// The manifest declares the Apple platform versions the sources need: `Mutex` and `Atomic`
/// (the Synchronization module) exist from macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2.
@Suite struct PackageManifestTests {
  static func text(_ path: String) throws -> String {
    try String(contentsOfFile: repositoryRoot.appendingPathComponent(path).path, encoding: .utf8)
  }

  @Test func platformsCoverSynchronization() throws {
    let sources = try FileManager.default.subpathsOfDirectory(
      atPath: repositoryRoot.appendingPathComponent("Sources").path
    )
    .filter { $0.hasSuffix(".swift") }
    let usesSynchronization = try sources.contains {
      try Self.text("Sources/" + $0).contains("import Synchronization")
    }
    guard usesSynchronization else { return }
    let minimums = [".macOS(.v15)", ".iOS(.v18)", ".tvOS(.v18)", ".watchOS(.v11)", ".visionOS(.v2)"]
    for manifest in ["Package.swift", "Benchmarks/Package.swift"] {
      let text = try Self.text(manifest)
      let required = manifest == "Package.swift" ? minimums : [".macOS(.v15)"]
      let missing = required.filter { !text.contains($0) }
      #expect(missing.isEmpty, "\(manifest) does not declare \(missing)")
    }
  }
}
