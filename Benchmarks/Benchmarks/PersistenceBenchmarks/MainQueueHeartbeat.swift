import Dispatch
import Synchronization

/// Measures how responsive the main queue stays while something else runs: every millisecond a
/// timer on its own queue sends one small block to the main queue, which notes how long it waited.
///
/// A blocked main queue is what a user sees as a frozen UI, so the waits are the numbers that
/// matter: their 99th percentile and maximum, and the share of a time span during which some
/// heartbeat was waiting longer than one period (the main queue counts as blocked then).
///
/// The benchmark runner's `main` is async, so the main queue is drained for us (on Linux, by a
/// worker thread: see PersistenceCore's article "Queues and executors on Linux"): nothing here
/// needs to run on the main thread itself.
// @unchecked: `timer` is set up in init and only cancelled in stop; the beats are under a Mutex.
final class MainQueueHeartbeat: @unchecked Sendable {
    /// The waits observed, and what they mean for one span of time.
    struct Report {
        /// The 99th percentile of the waits, in nanoseconds.
        let p99: Int
        /// The longest wait, in nanoseconds.
        let maximum: Int
        /// The share of the span during which the main queue was blocked, in percent.
        let blockedPercent: Int
        /// How many heartbeats were sent during the span.
        let beats: Int
    }

    static let period: UInt64 = 1_000_000

    private struct Beat {
        let sent: UInt64
        let ran: UInt64
    }

    private let timerQueue = DispatchQueue(label: "MainQueueHeartbeat", qos: .userInteractive)
    private let timer: any DispatchSourceTimer
    private let beats = Mutex<[Beat]>([])

    /// Starts beating at once.
    init() {
        timer = DispatchSource.makeTimerSource(flags: .strict, queue: timerQueue)
        timer.schedule(deadline: .now(), repeating: .nanoseconds(Int(Self.period)), leeway: .nanoseconds(0))
        timer.setEventHandler { [self] in
            let sent = DispatchTime.now().uptimeNanoseconds
            DispatchQueue.main.async {
                let ran = DispatchTime.now().uptimeNanoseconds
                self.beats.withLock { $0.append(Beat(sent: sent, ran: ran)) }
            }
        }
        timer.resume()
    }

    /// Stops beating, waits for the heartbeats still queued, and reports on the span
    /// `start..<end` (uptime nanoseconds).
    func stop(reportingOn start: UInt64, _ end: UInt64) -> Report {
        timer.cancel()
        timerQueue.sync {}          // no event handler runs after this
        DispatchQueue.main.sync {}  // every heartbeat sent so far has run
        let beats = self.beats.withLock { $0 }.filter { $0.sent >= start && $0.sent < end }
        let waits = beats.map { Int($0.ran - $0.sent) }.sorted()
        guard !waits.isEmpty else { return Report(p99: 0, maximum: 0, blockedPercent: 0, beats: 0) }
        // The union of the waits longer than a period, clipped to the span.
        var blocked: UInt64 = 0
        var coveredUntil = start
        for beat in beats where beat.ran - beat.sent > Self.period {
            let from = max(beat.sent, coveredUntil)
            let to = min(beat.ran, end)
            if to > from { blocked += to - from }
            coveredUntil = max(coveredUntil, to)
        }
        let p99 = waits[min(waits.count - 1, Int((Double(waits.count) * 0.99).rounded(.up)) - 1)]
        return Report(p99: p99, maximum: waits.last!, blockedPercent: Int((Double(blocked) * 100 / Double(end - start)).rounded()),
                      beats: waits.count)
    }
}
