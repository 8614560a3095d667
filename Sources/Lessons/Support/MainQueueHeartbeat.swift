import Dispatch
import PersistenceCore

/// A tick on the main queue every millisecond that records how late each tick ran: how we see,
/// without Instruments, whether something blocked the main queue (article 004's Time Profiler).
///
/// Each tick asks the main queue to run it `interval` after the previous one ran
/// (`DispatchQueue.main.asyncAfter`). A free main queue runs it on time, give or take the
/// timer's slack; a busy one runs it when the work in front of it is done. A tick's *lateness*
/// (actual time − scheduled time) is therefore how long the main queue kept it waiting.
///
/// **Blocked time** is the sum of the lateness of every tick later than ``threshold``. Ticks never
/// overlap (the next one is scheduled when the previous one ran), so this is the total length of
/// the ``Recording/busyIntervals``: the spans during which the main queue had a tick due and did
/// not run it. The threshold forgives the timer's own slack and the scheduler's noise.
///
///     let heartbeat = MainQueueHeartbeat()
///     heartbeat.start()
///     try await viewModel.importItems(items)
///     let recording = await heartbeat.stop()
///     print(recording.maxDelay, recording.blockedTime, recording.blockedShare)
///
/// > Note: On Linux the main queue is drained by a worker thread in async programs and under
/// > Swift Testing (see PersistenceCore's article "Queues and executors on Linux"); the heartbeat
/// > measures the main *queue*, wherever it is drained.
public final class MainQueueHeartbeat: Sendable {
    /// One tick: when it was due and when the main queue ran it, both since ``start()``.
    public struct Sample: Sendable, Codable, Hashable {
        /// When the tick was due: when the previous one ran, plus the interval.
        public var scheduled: Duration
        /// When the main queue ran it.
        public var actual: Duration

        public init(scheduled: Duration, actual: Duration) {
            self.scheduled = scheduled
            self.actual = actual
        }

        /// How long the main queue kept the tick waiting.
        public var lateness: Duration { actual - scheduled }
    }

    /// A span of time since ``start()``, e.g. one during which the main queue was busy.
    public struct Interval: Sendable, Codable, Hashable {
        /// Since ``MainQueueHeartbeat/start()``.
        public var start: Duration
        /// Since ``MainQueueHeartbeat/start()``.
        public var end: Duration

        public init(start: Duration, end: Duration) {
            self.start = start
            self.end = end
        }

        /// How long it lasted.
        public var length: Duration { end - start }
    }

    /// Everything one run of the heartbeat saw: the raw samples, and what they add up to.
    public struct Recording: Sendable, Codable, Hashable {
        /// The time between a tick running and the next one being due.
        public var interval: Duration
        /// Lateness up to this much is noise, not blocking.
        public var threshold: Duration
        /// From ``MainQueueHeartbeat/start()`` to ``MainQueueHeartbeat/stop()``.
        public var duration: Duration
        /// Every tick, in order.
        public var samples: [Sample]

        /// The longest the main queue kept a tick waiting.
        public var maxDelay: Duration {
            samples.map(\.lateness).max() ?? .zero
        }

        /// The spans during which the main queue had a tick due and did not run it, for ticks
        /// later than ``threshold``: what a timeline draws as "main queue busy".
        public var busyIntervals: [Interval] {
            samples.filter { $0.lateness > threshold }.map { Interval(start: $0.scheduled, end: $0.actual) }
        }

        /// The total length of ``busyIntervals``: how long the main queue was blocked.
        public var blockedTime: Duration {
            busyIntervals.reduce(.zero) { $0 + $1.length }
        }

        /// ``blockedTime`` as a share of ``duration``, from 0 to 1.
        public var blockedShare: Double {
            duration > .zero ? blockedTime / duration : 0
        }
    }

    private struct State {
        var origin: ContinuousClock.Instant?
        /// When the tick waiting in the main queue is due; nil when none is.
        var pending: ContinuousClock.Instant?
        var running = false
        var samples: [Sample] = []
    }

    /// The time between a tick running and the next one being due.
    public let interval: Duration
    /// Lateness up to this much counts as timer slack and scheduler noise, not as blocking.
    public let threshold: Duration
    private let state = Locked(State())
    private let clock = ContinuousClock()

    /// A heartbeat that ticks every `interval` once started; ticks later than `threshold` count
    /// as blocked.
    public init(interval: Duration = .milliseconds(1), threshold: Duration = .milliseconds(2)) {
        self.interval = interval
        self.threshold = threshold
    }

    /// Starts ticking; call it from any thread, once.
    public func start() {
        let now = clock.now
        let first = state.withLock { state -> ContinuousClock.Instant? in
            guard !state.running, state.origin == nil else { return nil }
            state.origin = now
            state.running = true
            state.pending = now + interval
            return state.pending
        }
        precondition(first != nil, "a MainQueueHeartbeat starts once; make a new one for each measurement")
        scheduleTick()
    }

    /// Stops ticking and returns what it recorded.
    ///
    /// It waits for the main queue to run a last block, so a tick that is overdue because the
    /// main queue is still busy is counted, with the time the main queue got to it.
    public func stop() async -> Recording {
        await withCheckedContinuation { continuation in
            DispatchQueue.main.async {
                continuation.resume(returning: self.finish())
            }
        }
    }

    /// Runs `body` between ``start()`` and ``stop()``; returns its result and the recording.
    public nonisolated(nonsending) func measure<T>(_ body: () async throws -> T) async rethrows -> (T, Recording) {
        start()
        do {
            let result = try await body()
            return (result, await stop())
        } catch {
            _ = await stop()
            throw error
        }
    }

    /// One tick, on the main queue: record how late it is, and ask for the next.
    private func tick() {
        let now = clock.now
        let due = state.withLock { state -> ContinuousClock.Instant? in
            guard state.running, let origin = state.origin, let due = state.pending else { return nil }
            state.samples.append(Sample(scheduled: due - origin, actual: now - origin))
            state.pending = now + interval
            return due
        }
        guard let due else { return }
        traceBusy(from: due, to: now)
        scheduleTick()
    }

    /// A tick later than ``threshold`` is a span the main queue was busy: a trace recording
    /// (``PersistenceCore/TraceRecorder``) draws it on the main queue's lane.
    private func traceBusy(from due: ContinuousClock.Instant, to now: ContinuousClock.Instant) {
        guard now - due > threshold else { return }
        TraceRecorder.span("busy: a heartbeat tick waited", on: TraceRecorder.mainQueueLane, from: due, to: now)
    }

    private func scheduleTick() {
        let nanoseconds = interval.components.seconds * 1_000_000_000 + interval.components.attoseconds / 1_000_000_000
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { self.tick() }
    }

    /// Ends the run, on the main queue; the overdue tick (if any) counts as run now.
    private func finish() -> Recording {
        let now = clock.now
        return state.withLock { state in
            let origin = state.origin ?? now
            if state.running, let due = state.pending, due < now {
                state.samples.append(Sample(scheduled: due - origin, actual: now - origin))
                traceBusy(from: due, to: now)
            }
            state.running = false
            state.pending = nil
            return Recording(interval: interval, threshold: threshold, duration: now - origin, samples: state.samples)
        }
    }
}
