import PersistenceCore

extension TaskVsDetached {
    /// `mainContext` and a second context created on the main queue, after an item was inserted
    /// into `mainContext` and saved.
    public struct TwoMainContexts: Sendable, Codable, Hashable {
        /// The label of `mainContext`'s queue.
        public var mainContextQueue: String
        /// The label of the second context's queue.
        public var secondContextQueue: String
        /// The second context's queue kind.
        public var secondContextKind: QueueKind
        /// Whether the second context is the very same object as `mainContext`.
        public var secondIsMainContext: Bool
        /// Whether `mainContext.registeredModel(for:)` finds the item.
        public var registeredInMainContext: Bool
        /// Whether the second context's `registeredModel(for:)` finds it.
        public var registeredInSecondContext: Bool
        /// Whether the second context finds it in the store (`existingModel`).
        public var secondContextFindsItInTheStore: Bool
        /// Whether what the second context found is the same object as `mainContext`'s.
        public var sameObjectInBoth: Bool
    }

    public struct Outcome: Sendable, Codable, Hashable {
        /// The wrong way: a button's `Task {}`.
        public var inTask: ContextFacts
        /// The wrong way: a `.task` closure.
        public var inTaskModifier: ContextFacts
        /// The right way: a button's `Task.detached {}`.
        public var inDetachedTask: ContextFacts
        /// `mainContext` and a second main-queue context side by side.
        public var twoMainContexts: TwoMainContexts
    }

    /// Article 000's claims about where `ModelContext(container)` lands, each decided by the
    /// queue the context reported.
    public func checks(_ outcome: Outcome) -> [Check] {
        let mainLabel = "com.apple.main-thread"
        func facts(_ facts: ContextFacts) -> [Check.Value] {
            [.init("created on", facts.createdOn), .init("kind", facts.kind.rawValue), .init("queue", facts.queueLabel)]
        }
        func onMain(_ facts: ContextFacts) -> Bool {
            facts.kind == .mainQueue && facts.createdOn == mainLabel && facts.queueLabel == mainLabel
        }
        let detached = outcome.inDetachedTask, two = outcome.twoMainContexts
        return [
            Check("a button's Task {} runs on the MainActor, so ModelContext(container) there is a main-queue context",
                  holds: onMain(outcome.inTask), measured: facts(outcome.inTask)),
            Check("a .task closure does the same", holds: onMain(outcome.inTaskModifier), measured: facts(outcome.inTaskModifier)),
            Check("Task.detached runs off the main queue, so the context gets a private queue of its own",
                  holds: detached.kind == .privateQueue && detached.createdOn != mainLabel && detached.queueLabel.hasPrefix("ModelContext 0x"),
                  measured: facts(detached)),
            Check("a second context created on the main queue runs there too, but is another object than mainContext",
                  holds: two.mainContextQueue == mainLabel && two.secondContextQueue == mainLabel
                      && two.secondContextKind == .mainQueue && !two.secondIsMainContext,
                  measured: [.init("second context's queue", two.secondContextQueue), .init("same object", two.secondIsMainContext)]),
            Check("it does not share mainContext's registered objects: it loads its own copy from the store",
                  holds: two.registeredInMainContext && !two.registeredInSecondContext
                      && two.secondContextFindsItInTheStore && !two.sameObjectInBoth,
                  measured: [.init("registered in mainContext", two.registeredInMainContext),
                             .init("registered in the second", two.registeredInSecondContext),
                             .init("same object", two.sameObjectInBoth)]),
        ]
    }
}
