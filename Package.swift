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
    .library(name: "ListLayoutService", targets: ["ListLayoutService"]),
    .executable(name: "listlayout", targets: ["listlayout"]),
  ],
  targets: [
    // Layer 0: value geometry shared by every engine (re-exported by every public module).
    .target(name: "LayoutGeometry"),
    // Layer 0: the JSON pull reader and the byte writer every document format is read and
    // written with; package API, but for the error it throws and the writer's text API, which
    // users meet as Flexbox's `JSONInputError` and ListLayout's `ByteWriter`.
    .target(name: "LayoutJSON"),
    // Layer 0: helper threads (started and joined, or kept for deep work on large stacks) and
    // where a thread's stack is; package API only.
    .target(name: "LayoutThreads"),
    // Layer 1: the standalone engines.
    .target(name: "Flexbox", dependencies: ["LayoutGeometry", "LayoutJSON", "LayoutThreads"]),
    .target(name: "SequentialLayout", dependencies: ["LayoutGeometry"]),
    // Layer 2: the list model, its layouts, snapshots and queries, and (in `Feed/`) its JSON
    // feed format.
    .target(
      name: "ListLayout",
      dependencies: ["LayoutGeometry", "LayoutJSON", "LayoutThreads", "Flexbox", "SequentialLayout"]),
    // Layer 3: pictures and pages of a computed layout.
    .target(name: "ListLayoutRender", dependencies: ["ListLayout", "LayoutJSON", "Flexbox"]),
    // Layer 3: a layout kept alive between requests, answering a line protocol of JSON
    // (`listlayout serve`, or any transport a host app gives it).
    .target(name: "ListLayoutService", dependencies: ["ListLayout", "LayoutJSON"]),
    // Layer 4: golden-file snapshots, assertions and a model DSL for test targets.
    .target(
      name: "ListLayoutTesting", dependencies: ["ListLayout", "LayoutJSON", "Flexbox", "ListLayoutRender"]),
    // Layer 4: the command line, as a testable library and a thin executable.
    .target(
      name: "ListLayoutCommand",
      dependencies: ["ListLayout", "Flexbox", "ListLayoutRender", "ListLayoutService"]),
    // Linked with the Swift libraries built in (Linux): a process then starts without loading
    // and relocating the shared Foundation and ICU (figures in Benchmarks/README.md).
    .executableTarget(
      name: "listlayout", dependencies: ["ListLayoutCommand"],
      swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))],
      linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))]),

    // Also the tests of LayoutJSON's reader and writer (which were LayoutGeometry's).
    .testTarget(name: "LayoutGeometryTests", dependencies: ["LayoutGeometry", "LayoutJSON", "TestSupport"]),
    // Seeded randomness and a small-stack runner, shared by the test targets below.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "FlexboxTests", dependencies: ["Flexbox", "LayoutThreads", "TestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(name: "SequentialLayoutTests", dependencies: ["SequentialLayout", "TestSupport"]),
    // What the two ListLayout test targets share: random models and edits, plain references
    // and expectations, written against the public API.
    .target(
      name: "ListLayoutTestSupport", dependencies: ["ListLayout", "LayoutJSON", "TestSupport"],
      path: "Tests/ListLayoutTestSupport"),
    // ListLayout's internals (`@testable import`); its public API is tested apart, below.
    .testTarget(
      name: "ListLayoutTests",
      dependencies: ["ListLayout", "LayoutJSON", "ListLayoutTestSupport", "TestSupport"]),
    // ListLayout's public API, and the service's (which shares its random models and checks).
    .testTarget(
      name: "ListLayoutAPITests",
      dependencies: [
        "ListLayout", "ListLayoutService", "ListLayoutTesting", "ListLayoutTestSupport", "TestSupport",
      ],
      exclude: ["Snapshot/__Snapshots__"], resources: [.copy("Fixtures")]),
    .testTarget(name: "ListLayoutCommandTests", dependencies: ["ListLayoutCommand", "ListLayoutService"]),
    .testTarget(name: "ListLayoutRenderTests", dependencies: ["ListLayoutRender", "TestSupport"]),
    .testTarget(
      name: "ListLayoutTestingTests", dependencies: ["ListLayoutTesting", "Flexbox"],
      exclude: ["__Snapshots__"]),
  ],
  swiftLanguageModes: [.v6]
)
