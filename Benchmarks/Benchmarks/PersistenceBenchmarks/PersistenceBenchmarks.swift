import Benchmark

/// One concept's benchmarks (a file each), registered together.
protocol BenchmarkGroup: Sendable {
    static func register()
}

/// Every group of the package, in the order the results table lists them.
let groups: [any BenchmarkGroup.Type] = [
    ImportBenchmarks.self, HopBenchmarks.self, LookupBenchmarks.self,
    BatchBenchmarks.self, FetchBenchmarks.self, ConfinementBenchmarks.self, ReadsBenchmarks.self, ObserverBenchmarks.self,
    RelationshipBenchmarks.self, HistoryBenchmarks.self, InterleavingsBenchmarks.self,
]

/// Registers every benchmark; package-benchmark's generated `main` calls this. A process started
/// as P11's writer (``WriterMode``) runs that instead, and never returns.
///
/// Names read as "What: how", so that the results table keeps a measurement beside its peers.
/// Returns the groups it registered: the generated `main` discards a result, and discarding a
/// `Void` one would warn there.
func benchmarks() -> [any BenchmarkGroup.Type] {
    WriterMode.runIfAsked()
    for group in groups {
        group.register()
    }
    return groups
}
