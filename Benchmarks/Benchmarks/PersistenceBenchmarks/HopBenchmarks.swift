import Benchmark
import BenchmarkSupport
import Dispatch
import PersistenceCore
import SampleModels

/// Target 3: a round trip from the MainActor into another execution context and back, a thousand
/// times per iteration: what a view model pays for each `await` on a model actor.
///
/// The peer is the hop every Core Data developer writes by hand: `DispatchQueue.async` to a serial
/// queue, resumed through a continuation. A model actor's executor does exactly that, plus the
/// bookkeeping that lets its context know it runs on its queue. The peer's queue has the quality
/// of service a private context's queue has (`.utility`, so that background work yields to the
/// main thread), so that both pay the same scheduling and the ratio is the executor's cost.
///
/// The caller is the MainActor, so every way really goes there and back: a nonisolated caller
/// would not come back at all (it may go on running on the queue it hopped to).
enum HopBenchmarks: BenchmarkGroup {
    static var configuration: Benchmark.Configuration { .init(
        metrics: [.wallClock], warmupIterations: 3, scalingFactor: .kilo, maxDuration: .seconds(1), maxIterations: 1_000) }

    static func register() {
        Benchmark("Hop: @ModelActor method", configuration: configuration) { benchmark in
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let actor = HopTarget(modelContainer: container)  // made off the main queue: a private queue
            precondition(actor.modelExecutor.context.concurrencyType == .privateQueue)
            benchmark.startMeasurement()
            await roundTrips(benchmark.scaledIterations) { Benchmark.blackHole(await actor.ping()) }
        }

        Benchmark("Hop: await context.perform", configuration: configuration) { benchmark in
            let context = try ModelContainer(for: Item.self, configuration: .inMemory).newBackgroundContext()
            benchmark.startMeasurement()
            await roundTrips(benchmark.scaledIterations) { await context.perform {} }  // an escaping block: never optimized away
        }

        Benchmark("Hop: DispatchQueue.async + continuation", configuration: configuration) { benchmark in
            let queue = DispatchQueue(label: "HopBenchmarks", qos: .utility)
            benchmark.startMeasurement()
            await roundTrips(benchmark.scaledIterations) {
                await withCheckedContinuation { continuation in
                    queue.async { continuation.resume() }
                }
            }
        }

        Benchmark("Hop: default actor method", configuration: configuration) { benchmark in
            let actor = PlainActor()
            benchmark.startMeasurement()
            await roundTrips(benchmark.scaledIterations) { Benchmark.blackHole(await actor.ping()) }
        }
    }

    /// Runs `hop` once per element of `range`, from the MainActor.
    @MainActor
    static func roundTrips(_ range: Range<Int>, _ hop: @MainActor () async -> Void) async {
        for _ in range {
            await hop()
        }
    }
}

/// The model actor whose method the hop benchmark calls.
///
/// The method touches the actor's state: the optimizer removes the hops around a call that needs
/// no isolation (an empty method), and the benchmark would then measure nothing.
@ModelActor actor HopTarget {
    private var pings = 0

    func ping() -> Int {
        pings += 1
        return pings
    }
}

/// An actor on Swift's default executor, for comparison; the same method.
actor PlainActor {
    private var pings = 0

    func ping() -> Int {
        pings += 1
        return pings
    }
}
