import Foundation
import Synchronization

/// Runs the same work on several threads at once, started together: how the data race of
/// ``WrongQueueMutation`` gets its threads to overlap.
///
/// Each thread is a real `Thread`, not a task, so that nothing (no actor, no cooperative pool)
/// serializes them. They wait for each other at a start line before their first iteration, so
/// the loops overlap on two cores instead of running one after the other.
enum ThreadRace {
    /// Calls `body` `iterations` times on each of `threads` threads; returns when all are done.
    static func run(threads: Int, iterations: Int, _ body: @escaping @Sendable () -> Void) async {
        let startLine = StartLine(runners: threads)
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            for index in 0..<threads {
                let thread = Thread {
                    startLine.arriveAndWaitForEveryone()
                    for _ in 0..<iterations { body() }
                    if startLine.finish() { finished.resume() }
                }
                thread.name = "race thread \(index + 1)"
                thread.start()
            }
        }
    }

    /// Runs each body once, each on a thread of its own; returns when all are done. The bodies
    /// order themselves (with semaphores): threads, not the global queue, so that a body waiting
    /// for another never holds the only worker the other could run on.
    static func runEach(_ bodies: [@Sendable () -> Void]) async {
        let startLine = StartLine(runners: bodies.count)
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            for (index, body) in bodies.enumerated() {
                let thread = Thread {
                    body()
                    if startLine.finish() { finished.resume() }
                }
                thread.name = "thread \(Character(UnicodeScalar(UInt8(65 + index))))"
                thread.start()
            }
        }
    }

    /// Counts runners arriving and finishing.
    private final class StartLine: Sendable {
        let runners: Int
        private let arrived = Atomic<Int>(0)
        private let finished = Atomic<Int>(0)

        init(runners: Int) {
            self.runners = runners
        }

        /// Spins until every runner has arrived: a start signal, not a sleep.
        func arriveAndWaitForEveryone() {
            arrived.add(1, ordering: .acquiringAndReleasing)
            while arrived.load(ordering: .acquiring) < runners {
                sched_yield()  // give the processor to the runner still on its way
            }
        }

        /// True for the last runner to finish.
        func finish() -> Bool {
            finished.add(1, ordering: .acquiringAndReleasing).newValue == runners
        }
    }
}
