// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "ListLayout",
  // Mutex and Atomic (the Synchronization module) need these on Apple platforms; Linux and
  // Windows have no minimum.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "ListLayout", targets: ["ListLayout"]),
    .library(name: "Flexbox", targets: ["Flexbox"]),
    .library(name: "SequentialLayout", targets: ["SequentialLayout"]),
    .library(name: "ListLayoutRender", targets: ["ListLayoutRender"]),
    .library(name: "ListLayoutTesting", targets: ["ListLayoutTesting"]),
    .executable(name: "listlayout", targets: ["listlayout"]),
  ],
  targets: [
    // Layer 0: value geometry shared by every engine.
    .target(name: "LayoutGeometry"),
    // Layer 1: the standalone engines.
    .target(name: "Flexbox", dependencies: ["LayoutGeometry"]),
    .target(name: "SequentialLayout", dependencies: ["LayoutGeometry"]),
    // Layer 2: the list model, its layouts, snapshots and queries.
    .target(name: "ListLayout", dependencies: ["LayoutGeometry", "Flexbox", "SequentialLayout"]),
    // Layer 3: pictures and pages of a computed layout.
    .target(name: "ListLayoutRender", dependencies: ["ListLayout", "Flexbox"]),
    // Layer 4: golden-file snapshots, assertions and a model DSL for test targets.
    .target(name: "ListLayoutTesting", dependencies: ["ListLayout", "Flexbox", "ListLayoutRender"]),
    // Layer 4: the command line, as a testable library and a thin executable.
    .target(name: "ListLayoutCommand", dependencies: ["ListLayout", "Flexbox", "ListLayoutRender"]),
    // Linked with the Swift libraries built in (Linux): a process starts in about 4 ms instead
    // of 12 (loading and relocating the shared Foundation and ICU), a tenth of a million-cell
    // `layout --offset`.
    .executableTarget(
      name: "listlayout", dependencies: ["ListLayoutCommand"],
      swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))],
      linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))]),

    .testTarget(name: "LayoutGeometryTests", dependencies: ["LayoutGeometry", "TestSupport"]),
    // Seeded randomness and a small-stack runner, shared by the test targets below.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "FlexboxTests", dependencies: ["Flexbox", "TestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(name: "SequentialLayoutTests", dependencies: ["SequentialLayout", "TestSupport"]),
    // What the two ListLayout test targets share: random models and edits, plain references
    // and expectations, written against the public API.
    .target(
      name: "ListLayoutTestSupport", dependencies: ["ListLayout", "TestSupport"],
      path: "Tests/ListLayoutTestSupport"),
    // ListLayout's internals (`@testable import`); its public API is tested apart, below.
    .testTarget(
      name: "ListLayoutTests", dependencies: ["ListLayout", "ListLayoutTestSupport", "TestSupport"]),
    .testTarget(
      name: "ListLayoutAPITests",
      dependencies: ["ListLayout", "ListLayoutTesting", "ListLayoutTestSupport", "TestSupport"],
      exclude: ["Snapshot/__Snapshots__"], resources: [.copy("Fixtures")]),
    .testTarget(name: "ListLayoutCommandTests", dependencies: ["ListLayoutCommand"]),
    .testTarget(name: "ListLayoutRenderTests", dependencies: ["ListLayoutRender", "TestSupport"]),
    .testTarget(
      name: "ListLayoutTestingTests", dependencies: ["ListLayoutTesting", "Flexbox"],
      exclude: ["__Snapshots__"]),
  ],
  swiftLanguageModes: [.v6]
)
