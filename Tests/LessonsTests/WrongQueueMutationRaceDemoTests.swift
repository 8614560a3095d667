import Lessons
import Testing

/// The deliberate data race, on its own, for ThreadSanitizer to catch.
///
/// Disabled unless `LAB_RACE_DEMO=1`: the normal suite, and its `swift test --sanitize=thread`
/// run, must not contain a race on purpose. `Scripts/tests/race-under-tsan.sh` runs it:
/// `LAB_RACE_DEMO=1 swift test --sanitize=thread --filter WrongQueueMutationRaceDemo`.
@Suite("wrong-queue-mutation: the data race, for ThreadSanitizer",
       .enabled(if: WrongQueueMutation.isRaceDemoRequested, "set LAB_RACE_DEMO=1, see Scripts/tests/race-under-tsan.sh"))
struct WrongQueueMutationRaceDemoTests {
    @Test("Two threads incrementing one attribute unsynchronised: ThreadSanitizer reports a data race")
    func unsynchronisedIncrements() async throws {
        // ThreadSanitizer judges by happens-before, not by timing: a few thousand increments are
        // enough for it, where a visible lost update needs ~1M on two cores.
        let race = try await WrongQueueMutation.race(.unsynchronised, incrementsPerThread: 5_000, in: .test)

        #expect(race.lost == race.expected - race.observed)
    }
}
