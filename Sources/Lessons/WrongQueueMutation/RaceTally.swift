extension WrongQueueMutation {
    /// What one increment race counted: how many `+= 1` ran, and how many the attribute kept.
    public struct RaceTally: Sendable, Codable, Hashable {
        /// How many threads incremented at once.
        public var threads: Int
        /// How many `item.count += 1` each thread ran.
        public var incrementsPerThread: Int
        /// `threads × incrementsPerThread`: the final count if no update were lost.
        public var expected: Int
        /// The final count, read on the context's queue after every thread finished.
        public var observed: Int
        /// `expected − observed`: increments another thread overwrote.
        public var lost: Int

        public init(threads: Int, incrementsPerThread: Int, observed: Int) {
            self.threads = threads
            self.incrementsPerThread = incrementsPerThread
            self.expected = threads * incrementsPerThread
            self.observed = observed
            self.lost = expected - observed
        }
    }
}
