import Benchmark
import BenchmarkSupport
import PersistenceCore
import SampleModels

/// Target 7: what queue confinement costs on every attribute get and set, from the right queue,
/// in each ``ConcurrencyDebug`` mode and with the ``AccessPolicy/autoDispatch`` policy.
///
/// A thousand gets (or sets) per iteration, inside one turn of the context's queue. Nothing is violated,
/// so `.record` records nothing and `.trap` never traps: this is the price of checking.
enum ConfinementBenchmarks: BenchmarkGroup {
    static var configuration: Benchmark.Configuration { .init(
        metrics: [.wallClock], warmupIterations: 10, scalingFactor: .kilo, maxDuration: .seconds(1), maxIterations: 10_000) }

    /// One way of guarding attribute access.
    struct Setting {
        let name: String
        let mode: ConcurrencyDebug.Mode
        let policy: AccessPolicy
    }

    static let settings = [
        Setting(name: "ConcurrencyDebug .off", mode: .off, policy: .confined),
        Setting(name: "ConcurrencyDebug .record", mode: .record, policy: .confined),
        Setting(name: "ConcurrencyDebug .trap", mode: .trap, policy: .confined),
        Setting(name: ".autoDispatch, right queue", mode: .off, policy: .autoDispatch),
    ]

    static func register() {
        for setting in settings {
            Benchmark("Attribute get: \(setting.name)", configuration: configuration) { benchmark in
                try measure(setting, benchmark) { item in
                    for _ in benchmark.scaledIterations {
                        Benchmark.blackHole(item.count)
                    }
                }
            }
            Benchmark("Attribute set: \(setting.name)", configuration: configuration) { benchmark in
                try measure(setting, benchmark) { item in
                    for value in benchmark.scaledIterations {
                        item.count = value
                    }
                }
            }
        }
    }

    /// Runs `body` on a saved item in its context's queue, measured, under `setting`.
    private static func measure(_ setting: Setting, _ benchmark: Benchmark, _ body: (Item) -> Void) throws {
        let container = try ModelContainer(for: Item.self, configuration: .inMemory)
        container.accessPolicy = setting.policy
        let context = container.newBackgroundContext()
        let previous = ConcurrencyDebug.mode
        ConcurrencyDebug.mode = setting.mode
        defer { ConcurrencyDebug.mode = previous }
        try context.measuringOnQueue {
            let item = Item(timestamp: .now)
            context.insert(item)
            try context.save()
            item.count = -1  // now a changed object, as after any edit
            benchmark.startMeasurement()
            body(item)
            benchmark.stopMeasurement()
        }
        precondition(ConcurrencyDebug.violations.isEmpty)
    }
}
