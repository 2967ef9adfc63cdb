// swift-tools-version: 6.1
// The benchmarks are their own package so that the library stays dependency-free.
//
//   swift build --package-path Benchmarks                 # builds everything (CI: no suites run)
//   swift package --package-path Benchmarks benchmark     # runs the package-benchmark suites
//   Benchmarks/peers/run.sh                               # ours against Yoga and Taffy, one table
import PackageDescription

let package = Package(
  name: "ListLayoutBenchmarks",
  platforms: [.macOS(.v15)],  // the library's minimum (Synchronization)
  dependencies: [
    .package(name: "ListLayout", path: ".."),
    .package(
      url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    // The shared workload generator (the documented LCG), the JSON workload format, the
    // models built from it, and the greedy-wrap floor.
    .target(
      name: "BenchmarkWorkloads",
      dependencies: [
        "CMallocStats", .product(name: "ListLayout", package: "ListLayout"),
        .product(name: "Flexbox", package: "ListLayout"),
      ],
      swiftSettings: [.unsafeFlags(["-Ounchecked"], .when(configuration: .release))]
    ),
    // The feed schema as plain Codable structs, for Foundation's JSONDecoder (the peer a Swift
    // user would write).
    .target(name: "PlainCodableFeed"),
    // Decodes a feed file with JSONDecoder into PlainCodableFeed, whole process, for
    // peers/ingest.sh.
    .executableTarget(name: "codable-decode", dependencies: ["PlainCodableFeed"]),
    // malloc's own count of bytes in use, for the memory suite.
    .target(name: "CMallocStats"),
    // Writes the JSON workloads and times ours (the list engine, the Flexbox module, the floor,
    // incremental edits) on them for peers/run.sh.
    .executableTarget(
      name: "peer-runner",
      dependencies: [
        "BenchmarkWorkloads", .product(name: "ListLayout", package: "ListLayout"),
        .product(name: "Flexbox", package: "ListLayout"),
      ]
    ),
    // The package-benchmark suites.
    .executableTarget(
      name: "ListLayoutBenchmarks",
      dependencies: [
        "BenchmarkWorkloads",
        .product(name: "ListLayout", package: "ListLayout"),
        .product(name: "Flexbox", package: "ListLayout"),
        .product(name: "Benchmark", package: "package-benchmark"),
        "PlainCodableFeed",
      ],
      path: "Benchmarks/ListLayoutBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),
    // The live-feed suites: the diff against the standard library's, diff + apply against a
    // relayout, the layout service's round trip.
    .executableTarget(
      name: "LiveBenchmarks",
      dependencies: [
        .product(name: "ListLayout", package: "ListLayout"),
        .product(name: "ListLayoutService", package: "ListLayout"),
        .product(name: "Benchmark", package: "package-benchmark"),
      ],
      path: "Benchmarks/LiveBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
