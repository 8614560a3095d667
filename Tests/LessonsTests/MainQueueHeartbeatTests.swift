import Dispatch
import LabSupport
import Lessons
import Testing

/// The heartbeat behind background-storage and `lab bench`: a tick every millisecond on the main
/// queue, late by however long the main queue was busy.
@Suite("MainQueueHeartbeat: how long the main queue kept a tick waiting")
struct MainQueueHeartbeatTests {
    /// Keeps the main queue busy for `duration` without giving it up: what a long import does.
    static func blockMainQueue(for duration: Duration) async {
        await DispatchQueue.main.asyncAndAwait {
            let clock = ContinuousClock()
            let end = clock.now + duration
            while clock.now < end {}
        }
    }

    @Test("A block on the main queue shows as a tick at least that late, and as blocked time")
    func blockShowsAsLateness() async throws {
        // Given a heartbeat ticking every millisecond
        let heartbeat = MainQueueHeartbeat(interval: .milliseconds(1), threshold: .milliseconds(2))

        // When the main queue is busy for 30 ms
        let (_, recording) = await heartbeat.measure {
            await Self.blockMainQueue(for: .milliseconds(30))
        }

        // Then the tick due during the block ran after it: at least 30 ms − one interval late
        #expect(recording.maxDelay >= .milliseconds(29))
        #expect(recording.blockedTime >= .milliseconds(29))
        #expect(recording.busyIntervals.contains { $0.length >= .milliseconds(29) })
        #expect(recording.duration >= .milliseconds(30))
        #expect(recording.blockedShare > 0 && recording.blockedShare <= 1)
    }

    @Test("Blocked time is the sum of the busy intervals, which are the ticks later than the threshold")
    func blockedTimeIsTheSumOfBusyIntervals() async throws {
        let heartbeat = MainQueueHeartbeat()
        let (_, recording) = await heartbeat.measure {
            await Self.blockMainQueue(for: .milliseconds(10))
            await Self.blockMainQueue(for: .milliseconds(10))
        }

        let late = recording.samples.filter { $0.lateness > recording.threshold }
        #expect(recording.busyIntervals.count == late.count)
        #expect(recording.blockedTime == late.reduce(.zero) { $0 + $1.lateness })
        #expect(!recording.samples.isEmpty)
        #expect(zip(recording.samples, recording.samples.dropFirst()).allSatisfy { $0.actual <= $1.scheduled },
                "ticks never overlap: the next is due after the previous ran")
    }
}
