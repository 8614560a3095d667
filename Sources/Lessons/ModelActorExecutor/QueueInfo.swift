extension ModelActorExecutor {
    /// Article 000's `checkQueueInfo()` output: where the actor's code ran, and where its
    /// context's `perform` ran.
    public struct QueueInfo: Sendable, Codable, Hashable {
        /// `DispatchQueue.currentLabel` inside an actor method.
        public var actorQueue: String
        /// `DispatchQueue.currentLabel` inside the actor's `modelContext.perform`.
        public var contextQueue: String

        /// The two lines article 000 prints.
        public var printed: [String] {
            ["Actor queue: \(actorQueue)", "Context queue: \(contextQueue)"]
        }
    }
}
