import PersistenceCore

extension ModelActorExecutor {
    /// One kind of model actor, created on the MainActor, and where it ran.
    public struct Placement: Sendable, Codable, Hashable {
        /// `@ModelActor`, `@BackgroundModelActor` or `@MainModelActor`.
        public var kind: String
        /// The label of the queue that created it.
        public var createdOn: String
        /// Where its methods and its context's `perform` ran.
        public var queues: QueueInfo
    }

    /// The same updates, done one way.
    public struct UpdateRun: Sendable, Codable, Hashable {
        /// The item counts at the end, in insertion order.
        public var counts: [Int]
        /// How many calls the caller made (inserts, updates, one read).
        public var calls: Int
        /// How many `perform` closures the code wrote ran (nil: the code holds none).
        public var performClosures: Int?
        /// How many jobs a model actor's executor scheduled on the context's queue for those
        /// calls (nil: no model actor).
        public var executorJobs: Int?
        /// How many calls ran their body on the context's queue.
        public var callsOnTheContextQueue: Int
    }

    public struct Outcome: Sendable, Codable, Hashable {
        /// `Task.detached { DataHandler(modelContainer:) }`.
        public var createdInDetachedTask: QueueInfo
        /// `Task { @MainActor in DataHandler(modelContainer:) }`.
        public var createdOnMainActor: QueueInfo
        /// `@ModelActor`, `@BackgroundModelActor` and `@MainModelActor`, all created on the MainActor.
        public var placements: [Placement]
        /// Article 001's first executor, over a plain serial `DispatchQueue`.
        public var queueExecutor: QueueExecutorRun
        /// The updates with a `perform` around each use of a background context.
        public var withPerform: UpdateRun
        /// The same updates as a `@BackgroundModelActor`'s methods.
        public var withModelActor: UpdateRun
    }

    /// Articles 000's and 001's claims, each decided by the queues the actors reported and the
    /// updates they made.
    public func checks(_ outcome: Outcome) -> [Check] {
        let mainLabel = "com.apple.main-thread"
        let detached = outcome.createdInDetachedTask, main = outcome.createdOnMainActor
        let perform = outcome.withPerform, actor = outcome.withModelActor
        let queue = outcome.queueExecutor
        var checks = [
            Check("article 001's first executor runs an actor's methods on the serial DispatchQueue it wraps",
                  holds: queue.queuesSeen == [queue.queueLabel], measured: [.init("ran on", queue.queuesSeen.joined(separator: ", "))]),
            Check("concurrent calls through it run one at a time: the actor's count is exact",
                  holds: queue.counted == queue.calls, measured: [.init("calls", queue.calls), .init("counted", queue.counted)]),
            Check("a @ModelActor created in Task.detached runs on its private context's queue",
                  holds: detached.actorQueue == detached.contextQueue && detached.actorQueue.hasPrefix("ModelContext 0x"),
                  measured: [.init("actor", detached.actorQueue), .init("context", detached.contextQueue)]),
            Check("a @ModelActor created on the MainActor runs on the main queue",
                  holds: main.actorQueue == mainLabel && main.contextQueue == mainLabel,
                  measured: [.init("actor", main.actorQueue), .init("context", main.contextQueue)]),
        ]
        let expected: [(kind: String, onMain: Bool, claim: String)] = [
            ("@ModelActor", true, "created on the MainActor, @ModelActor takes the main queue"),
            ("@BackgroundModelActor", false, "created on the MainActor, @BackgroundModelActor still takes a private queue"),
            ("@MainModelActor", true, "@MainModelActor runs on the main queue, over the main context"),
        ]
        for (kind, onMain, claim) in expected {
            let placement = outcome.placements.first { $0.kind == kind }
            checks.append(Check(claim, holds: placement.map {
                $0.createdOn == mainLabel && $0.queues.actorQueue == $0.queues.contextQueue
                    && ($0.queues.actorQueue == mainLabel) == onMain
            } ?? false, measured: [.init("created on", placement?.createdOn ?? "not run"),
                                   .init("runs on", placement?.queues.actorQueue ?? "not run")]))
        }
        checks += [
            Check("the model actor's updates give the same counts as the perform version's",
                  holds: !actor.counts.isEmpty && actor.counts == perform.counts, measured: [.init("items", actor.counts.count)]),
            Check("the perform version ran one perform closure per call; the model actor's executor scheduled the jobs instead",
                  holds: perform.performClosures == perform.calls && (actor.executorJobs ?? 0) >= actor.calls,
                  measured: [.init("calls", perform.calls), .init("perform closures", perform.performClosures ?? 0),
                             .init("executor jobs", actor.executorJobs ?? 0)]),
            Check("every one of the model actor's calls ran on its context's queue",
                  holds: actor.callsOnTheContextQueue == actor.calls,
                  measured: [.init("on the queue", actor.callsOnTheContextQueue), .init("calls", actor.calls)]),
        ]
        return checks
    }
}
