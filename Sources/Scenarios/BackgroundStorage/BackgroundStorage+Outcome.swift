extension BackgroundStorage {
    /// The same import done both ways, and what the main queue felt.
    public struct Outcome: Sendable, Codable, Hashable {
        /// How many items each import inserted.
        public var itemCount: Int
        /// Lateness up to this many milliseconds did not count as blocking.
        public var thresholdMilliseconds: Double
        /// The wrong way: the import on the container's main context (the main queue).
        public var onMainContext: ImportRun
        /// The right way: the import through ``ItemsModelActor`` (its private queue).
        public var onModelActor: ImportRun
    }

    /// One import through the view model, measured by a ``MainQueueHeartbeat``.
    public struct ImportRun: Sendable, Codable, Hashable {
        /// The label of the queue the storage's context works on.
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
