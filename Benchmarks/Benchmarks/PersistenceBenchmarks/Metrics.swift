import Benchmark
import Lessons

/// The custom metrics the import benchmarks report, one value per iteration.
extension BenchmarkMetric {
    /// The 99th percentile of how late the main-queue heartbeat's ticks ran during an import.
    static let mainQueueP99 = BenchmarkMetric.custom("Main-queue wait p99 (ns)", polarity: .prefersSmaller, useScalingFactor: false)
    /// The latest the main-queue heartbeat's ticks ran during an import.
    static let mainQueueMaximum = BenchmarkMetric.custom("Main-queue wait max (ns)", polarity: .prefersSmaller, useScalingFactor: false)
    /// The share of an import during which the main queue was blocked.
    static let mainQueueBlocked = BenchmarkMetric.custom("Main queue blocked (%)", polarity: .prefersSmaller, useScalingFactor: false)

    /// What the import benchmarks that watch the main queue report.
    /// A round's `@ModelActor` hops over the Dispatch peer's in the same round, in thousandths.
    static let modelActorHopRatio = ratio("Model actor hop per Dispatch hop x1000")
    /// A round's default-actor hops over the Dispatch peer's, in thousandths: the untouched reference.
    static let defaultActorHopRatio = ratio("Default actor hop per Dispatch hop x1000")
    static let heartbeat: [BenchmarkMetric] = [.mainQueueP99, .mainQueueMaximum, .mainQueueBlocked]
}

/// The ratios the goals against raw SQLite are judged on, one per alternating round
/// (`AlternatingRounds.swift`), in thousandths.
extension BenchmarkMetric {
    /// A ratio recorded once per round, in thousandths (`ratios.py` shows every "x1000" metric divided by 1,000).
    static func ratio(_ name: String, polarity: BenchmarkMetric.Polarity = .prefersSmaller) -> BenchmarkMetric {
        .custom(name, polarity: polarity, useScalingFactor: false)
    }

    /// A background context's import of 100k items over raw SQLite's.
    static let importPerRaw = ratio("Import per raw SQLite import x1000")
    /// A cold context's `existingModel` of 1k items over the raw primary-key selects of the same rows.
    static let existingModelPerRaw = ratio("existingModel per raw select x1000")
    /// A fetch of 100k items with a `#Predicate` in SQL over the raw step loop.
    static let fetchPerRaw = ratio("Fetch per raw step loop x1000")
    /// A `BatchUpdateRequest` of 100k rows over the raw SQL `UPDATE` of the same rows.
    static let batchUpdatePerRaw = ratio("Batch update per raw UPDATE x1000")
    /// Fetch-modify-save of 100k items over a `BatchUpdateRequest` of the same rows.
    static let fetchModifySavePerBatch = ratio("Fetch-modify-save per batch update x1000", polarity: .prefersLarger)
    /// An import of 100k items into a file with history recorded over the same without.
    static let historyRecordedPerNot = ratio("History recorded per not recorded x1000")
    /// 1k trips with their stops prefetched (every title read) over a raw SQLite join.
    static let prefetchingPerJoin = ratio("Prefetching per raw join x1000")
    /// The same over prefetching's own queries in raw SQLite.
    static let prefetchingPerQueries = ratio("Prefetching per its raw queries x1000")
}

extension BenchmarkMetric {
    /// How many allocations a benchmark made, in a run that counts them (`BENCHMARK_COUNT_ALLOCATIONS`,
    /// see Package.swift); none otherwise, since counting puts package-benchmark's malloc
    /// interposer on every allocation of the process.
    static let allocations: [BenchmarkMetric] = {
        #if COUNT_ALLOCATIONS
        [.mallocCountTotal]
        #else
        []
        #endif
    }()
}

extension BenchmarkMetric {
    /// The 99th percentile of the main context's one-row fetches' waits during a save.
    static let mainFetchP99 = BenchmarkMetric.custom("Main fetch wait p99 (ns)", polarity: .prefersSmaller, useScalingFactor: false)
    /// The longest of those waits.
    static let mainFetchMaximum = BenchmarkMetric.custom("Main fetch wait max (ns)", polarity: .prefersSmaller, useScalingFactor: false)
    /// How long the background save itself took.
    static let saveTime = BenchmarkMetric.custom("Save (ns)", polarity: .prefersSmaller, useScalingFactor: false)

    /// What the reads-during-a-save benchmarks report.
    static let mainFetch: [BenchmarkMetric] = [.mainFetchP99, .mainFetchMaximum, .saveTime]
}

extension Benchmark {
    /// Records the main context's fetch waits (sorted) and the save's duration.
    func record(_ waits: [UInt64], save: UInt64) {
        let p99 = waits.isEmpty ? 0 : waits[min(waits.count - 1, Int((Double(waits.count) * 0.99).rounded(.up)) - 1)]
        measurement(.mainFetchP99, Int(p99))
        measurement(.mainFetchMaximum, Int(waits.last ?? 0))
        measurement(.saveTime, Int(save))
    }
}

extension Benchmark {
    /// Records one heartbeat recording (the lessons' `MainQueueHeartbeat`) as this iteration's
    /// custom metrics: how late the ticks ran, the latest, and the share of the run the main
    /// queue was blocked.
    func record(_ recording: MainQueueHeartbeat.Recording) {
        let lateness = recording.samples.map { Int($0.lateness / .nanoseconds(1)) }.sorted()
        let p99 = lateness.isEmpty ? 0 : lateness[min(lateness.count - 1, Int((Double(lateness.count) * 0.99).rounded(.up)) - 1)]
        measurement(.mainQueueP99, p99)
        measurement(.mainQueueMaximum, Int(recording.maxDelay / .nanoseconds(1)))
        measurement(.mainQueueBlocked, Int((recording.blockedShare * 100).rounded()))
    }
}

/// What the explorer's benchmarks report (issue 35).
extension BenchmarkMetric {
    /// Schedules an exploration ran to an end (issue 35).
    static let schedules = BenchmarkMetric.custom("Schedules", polarity: .prefersSmaller, useScalingFactor: false)
    /// Schedules run to an end per second of the exploration (issue 35).
    static let schedulesPerSecond = BenchmarkMetric.custom("Schedules per second", polarity: .prefersLarger, useScalingFactor: false)
}
