import Foundation

extension BackgroundStorage {
    /// The same import done both ways, and what the main queue felt.
    public struct Outcome: Sendable, Codable, Hashable {
        /// How many items each import inserted.
        public var itemCount: Int
        /// Lateness up to this many milliseconds did not count as blocking.
        public var thresholdMilliseconds: Double
        /// The wrong way: the import on the container's main context (the main queue).
        public var onMainContext: ImportRun
        /// Article 004's own setup: ``ItemsModelActor`` created at app start, on the MainActor.
        public var onActorCreatedAtStartup: ImportRun
        /// The right way: the same ``ItemsModelActor`` created in `Task.detached` (a private queue).
        public var onModelActor: ImportRun
    }

    /// One import through the view model, measured by a ``MainQueueHeartbeat``.
    public struct ImportRun: Sendable, Codable, Hashable {
        /// The label of the queue the storage's code ran on, read inside it (`withContext`).
        public var contextQueueLabel: String
        /// How many items the view model shows afterwards.
        public var itemsShown: Int
        /// Whether the view model shows exactly the imported items, in order.
        public var showsEveryImportedItem: Bool
        /// From calling the view model's import to its return (import, save, fetch, map).
        public var importMilliseconds: Double
        /// How many heartbeat ticks ran meanwhile (about one per free millisecond).
        public var ticks: Int
        /// The longest the main queue kept a tick waiting.
        public var maxDelayMilliseconds: Double
        /// The total time the main queue kept ticks waiting longer than the threshold.
        public var blockedMilliseconds: Double
        /// Blocked time as a share of the heartbeat's run, from 0 to 1.
        public var blockedShare: Double
    }
}

extension BackgroundStorage {
    /// Article 004's claims, each decided by the heartbeat and the view model.
    ///
    /// Shares of each run, not milliseconds in all: the two imports take different times (the
    /// actor's queue runs at `.utility` and yields the cores to everything else), and on a loaded
    /// machine the main queue waits for other work too, for as long as a run lasts.
    public func checks(_ outcome: Outcome) -> [Check] {
        let main = outcome.onMainContext, actor = outcome.onModelActor, startup = outcome.onActorCreatedAtStartup
        return [
            Check("the main context's import ran on the main queue",
                  holds: main.contextQueueLabel == "com.apple.main-thread", measured: [.init("queue", main.contextQueueLabel)]),
            Check("the same model actor created in Task.detached ran on a private queue",
                  holds: actor.contextQueueLabel.hasPrefix("ModelContext 0x"), measured: [.init("queue", actor.contextQueueLabel)]),
            Check("article 004's own setup, its @ModelActor created at app start on the MainActor, runs on the main queue",
                  holds: startup.contextQueueLabel == "com.apple.main-thread", measured: [.init("queue", startup.contextQueueLabel)]),
            Check("so it blocks the main queue like the main context does, for a larger share of its run than the actor created in Task.detached",
                  holds: startup.blockedShare > actor.blockedShare,
                  measured: [.init("created at startup", String(format: "%.0f%%", startup.blockedShare * 100)),
                             .init("created in Task.detached", String(format: "%.0f%%", actor.blockedShare * 100))]),
            Check("the view model shows every imported item, every way",
                  holds: main.showsEveryImportedItem && actor.showsEveryImportedItem && startup.showsEveryImportedItem,
                  measured: [.init("main context", main.itemsShown), .init("model actor", actor.itemsShown)]),
            Check("the main-context import blocked the main queue for a larger share of its run than the actor's",
                  holds: main.blockedShare > actor.blockedShare,
                  measured: [.init("main context", String(format: "%.0f%%", main.blockedShare * 100)),
                             .init("model actor", String(format: "%.0f%%", actor.blockedShare * 100))]),
            Check("the main queue's longest wait was longer during the main-context import",
                  holds: main.maxDelayMilliseconds > actor.maxDelayMilliseconds,
                  measured: [.init("main context ms", String(format: "%.1f", main.maxDelayMilliseconds)),
                             .init("model actor ms", String(format: "%.1f", actor.maxDelayMilliseconds))]),
        ]
    }
}
