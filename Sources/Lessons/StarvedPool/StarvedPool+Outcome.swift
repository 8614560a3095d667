import Foundation

extension StarvedPool {
    /// Both children, and performAndWait where it belongs.
    public struct Outcome: Sendable, Codable, Hashable {
        /// The cores, hence the pool's threads.
        public var cores: Int
        public var blocking: ChildRun
        public var suspending: ChildRun
        public var inPlace: InPlace
    }

    /// One `lesson-helper starved-pool` child, as the lesson watched it.
    public struct ChildRun: Sendable, Codable, Hashable {
        /// What it printed once every pool thread had its task; nil if it never did.
        public var waitingLine: String?
        /// Whether it printed `done`.
        public var finished: Bool
        /// How long the lesson watched it after the pool was full.
        public var watchedMilliseconds: Double
        /// Whether it had to be killed (SIGKILL) because it made no progress.
        public var stoppedByTheLesson: Bool
        /// Its exit status, if it exited by itself.
        public var exitStatus: Int32?
    }

    /// `performAndWait` where it is right.
    public struct InPlace: Sendable, Codable, Hashable {
        /// Nested inside the context's own `perform`: it ran the block at once, on the queue.
        public var nestedRanOnTheQueue: Bool
        /// Called from a dispatch thread (not a pool thread): it waited, and the queue ran it.
        public var fromDispatchThreadRanOnTheQueue: Bool
    }
}

extension StarvedPool {
    /// The lesson's claims, each decided by what the children printed and how they ended.
    public func checks(_ outcome: Outcome) -> [Check] {
        let blocking = outcome.blocking, suspending = outcome.suspending
        return [
            Check("performAndWait in one task per pool thread (\(outcome.cores)): every pool thread got its task, then nothing ran",
                  holds: blocking.waitingLine != nil && !blocking.finished,
                  measured: [.init("child", blocking.waitingLine ?? "never filled the pool"),
                             .init("stalled after", String(format: "%.0f ms", blocking.watchedMilliseconds))]),
            Check("the stalled child never finished: the lesson stopped it",
                  holds: blocking.stoppedByTheLesson && blocking.exitStatus == nil,
                  measured: [.init("stopped", blocking.stoppedByTheLesson)]),
            Check("await context.perform in the same tasks gives the threads back: the child finishes",
                  holds: suspending.waitingLine != nil && suspending.finished && suspending.exitStatus == 0,
                  measured: [.init("finished after", String(format: "%.1f ms", suspending.watchedMilliseconds)),
                             .init("exit status", suspending.exitStatus.map(String.init) ?? "none")]),
            Check("performAndWait inside the context's own perform runs the block at once, on its queue",
                  holds: outcome.inPlace.nestedRanOnTheQueue, measured: [.init("ran", outcome.inPlace.nestedRanOnTheQueue)]),
            Check("performAndWait from a thread that is not the pool's waits for the queue and returns",
                  holds: outcome.inPlace.fromDispatchThreadRanOnTheQueue,
                  measured: [.init("ran", outcome.inPlace.fromDispatchThreadRanOnTheQueue)]),
        ]
    }
}
