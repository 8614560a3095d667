import Benchmark

/// The custom metrics the import benchmarks report, one value per iteration.
extension BenchmarkMetric {
    /// The 99th percentile of the main-queue heartbeat's waits during an import.
    static let mainQueueP99 = BenchmarkMetric.custom("Main-queue wait p99 (ns)", polarity: .prefersSmaller, useScalingFactor: false)
    /// The longest main-queue heartbeat wait during an import.
    static let mainQueueMaximum = BenchmarkMetric.custom("Main-queue wait max (ns)", polarity: .prefersSmaller, useScalingFactor: false)
    /// The share of an import during which the main queue was blocked.
    static let mainQueueBlocked = BenchmarkMetric.custom("Main queue blocked (%)", polarity: .prefersSmaller, useScalingFactor: false)

    /// What the import benchmarks that watch the main queue report.
    static let heartbeat: [BenchmarkMetric] = [.mainQueueP99, .mainQueueMaximum, .mainQueueBlocked]
}

extension Benchmark {
    /// Records one heartbeat report as this iteration's custom metrics.
    func record(_ report: MainQueueHeartbeat.Report) {
        measurement(.mainQueueP99, report.p99)
        measurement(.mainQueueMaximum, report.maximum)
        measurement(.mainQueueBlocked, report.blockedPercent)
    }
}
