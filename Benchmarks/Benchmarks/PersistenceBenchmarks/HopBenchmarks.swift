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
            await roundTrips(benchmark.scaledIterations) { await dispatchHop(to: queue) }
        }

        // The goal's measure: the three hops in alternating rounds, each round a ratio to the
        // Dispatch peer timed in the same round, so that a VM whose speed drifts from one minute
        // to the next moves both sides of a ratio alike. The goal is judged on the median round;
        // the default actor, which nothing here touches, is the reference: when its rounds spread,
        // the machine moved during the run, and ratios.py calls the verdict unsettled.
        Benchmark("Hop: alternating rounds", configuration: .init(
            metrics: [.modelActorHopRatio, .defaultActorHopRatio], warmupIterations: 3, maxDuration: .seconds(5), maxIterations: 30)) { benchmark in
            let container = try ModelContainer(for: Item.self, configuration: .inMemory)
            let modelActor = HopTarget(modelContainer: container)  // made off the main queue: a private queue
            precondition(modelActor.modelExecutor.context.concurrencyType == .privateQueue)
            let plainActor = PlainActor()
            let queue = DispatchQueue(label: "HopBenchmarks", qos: .utility)
            // Which hop goes first turns with each round: the first of a round may find the
            // queues' threads asleep, and no kind should always pay for waking them.
            let hops = 1_000
            let round = AlternatingRounds.nextRound()
            var times: [Duration] = [.zero, .zero, .zero]  // the peer's, the model actor's, the default actor's
            for turn in 0..<3 {
                let kind = (round + turn) % 3
                times[kind] = switch kind {
                case 0: await timed(hops) { await dispatchHop(to: queue) }
                case 1: await timed(hops) { Benchmark.blackHole(await modelActor.ping()) }
                default: await timed(hops) { Benchmark.blackHole(await plainActor.ping()) }
                }
            }
            benchmark.measurement(.modelActorHopRatio, Int(times[1] / times[0] * 1_000))
            benchmark.measurement(.defaultActorHopRatio, Int(times[2] / times[0] * 1_000))
        }

        Benchmark("Hop: default actor method", configuration: configuration) { benchmark in
            let actor = PlainActor()
            benchmark.startMeasurement()
            await roundTrips(benchmark.scaledIterations) { Benchmark.blackHole(await actor.ping()) }
        }
    }

    /// A round trip from the MainActor to the Dispatch peer's queue and back.
    static func dispatchHop(to queue: DispatchQueue) async {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume() }
        }
    }

    /// How long `hops` round trips of `hop` take, from the MainActor.
    @MainActor
    static func timed(_ hops: Int, _ hop: @MainActor () async -> Void) async -> Duration {
        let start = ContinuousClock.now
        await roundTrips(0..<hops, hop)
        return ContinuousClock.now - start
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
