// swift-tools-version: 6.1
import PackageDescription

// The benchmarks live in a package of their own so that `swift test` in the root never builds
// package-benchmark or GRDB. The root is named by its manifest name, not its folder name, which
// differs between clones (`main`, a worktree, a CI checkout).
// Allocation counts (`BENCHMARK_COUNT_ALLOCATIONS=1 swift package benchmark …`) need package-benchmark's
// malloc interposer, which puts a header on every allocation of the process and adds a call to every
// malloc and free, counting or not: a cost the raw SQLite peers, which allocate little, do not share,
// and no app pays. So the timed runs go without it (see README.md, "Allocation counts").
let countsAllocations = Context.environment["BENCHMARK_COUNT_ALLOCATIONS"] != nil

let package = Package(
    name: "ConcurrencyLabBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "ConcurrencyLab", path: ".."),
        // Traits named, so that package-benchmark's defaults (which ask for swift-runtime-interposer,
        // which may not be reachable) stay off; the malloc interposer only when counting allocations.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1",
                 traits: countsAllocations ? ["MallocInterposer"] : []),
        // The peer a Swift developer would otherwise pick; its GRDBSQLite module is also the raw C API.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // What the benchmarks and the profiler share: the model, its rows, the raw SQLite peer.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "PersistenceCore", package: "ConcurrencyLab"),
                .product(name: "SampleModels", package: "ConcurrencyLab"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "PersistenceBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "PersistenceCore", package: "ConcurrencyLab"),
                .product(name: "SampleModels", package: "ConcurrencyLab"),
                // The explorer's own speed (InterleavingsBenchmarks).
                .product(name: "InterleavingExplorer", package: "ConcurrencyLab"),
                // The lessons' MainQueueHeartbeat: one heartbeat for the lessons and the benchmarks.
                .product(name: "Lessons", package: "ConcurrencyLab"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            path: "Benchmarks/PersistenceBenchmarks",
            swiftSettings: countsAllocations ? [.define("COUNT_ALLOCATIONS")] : [],
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        // One benchmark scenario at a time, for valgrind's callgrind (see README.md, "Profiling").
        .executableTarget(
            name: "profile",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "PersistenceCore", package: "ConcurrencyLab"),
                .product(name: "SampleModels", package: "ConcurrencyLab"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
