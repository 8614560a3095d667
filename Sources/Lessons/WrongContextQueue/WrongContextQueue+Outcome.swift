import PersistenceCore

extension WrongContextQueue {
    /// One button's work, and what `ConcurrencyDebug` recorded against its context.
    public struct Attempt: Sendable, Codable, Hashable {
        /// The label of the queue the work ran on.
        public var ranOn: String
        /// The label of the context's queue.
        public var contextQueue: String
        /// The violations recorded against the context, in order.
        public var violations: [ConcurrencyViolation]
    }

    public struct Outcome: Sendable, Codable, Hashable {
        /// Mistake 1: `mainContext.reset()` from `Task.detached`.
        public var resetFromDetachedTask: Attempt
        /// Mistake 2: a background context's new item inserted and assigned on the main queue.
        public var assignmentOnMainQueue: Attempt
        /// Fix 1: the reset inside the main context's `perform`.
        public var resetWithPerform: Attempt
        /// Fix 1 as article 003 also writes it: inside `DispatchQueue.main.async`.
        public var resetWithMainQueueAsync: Attempt
        /// Fix 1 in Swift concurrency: inside `await MainActor.run`.
        public var resetWithMainActorRun: Attempt
        /// Fix 2: the insert and assignment inside the background context's `perform`.
        public var assignmentWithPerform: Attempt
        /// How many items the store holds after fix 2 saved.
        public var itemsSavedByFix: Int
    }

    /// Article 003's two mistakes and their fix, each decided by what `.record` caught.
    public func checks(_ outcome: Outcome) -> [Check] {
        let reset = outcome.resetFromDetachedTask, assignment = outcome.assignmentOnMainQueue
        let fixedReset = outcome.resetWithPerform, fixedAssignment = outcome.assignmentWithPerform
        func recorded(_ attempt: Attempt) -> [Check.Value] {
            [.init("ran on", attempt.ranOn), .init("recorded", attempt.violations.map(\.operation).joined(separator: ", "))]
        }
        return [
            Check("mainContext.reset() from Task.detached runs off the main queue, and is recorded as a violation",
                  holds: reset.ranOn != reset.contextQueue && reset.violations.map(\.operation) == ["ModelContext.reset()"],
                  measured: recorded(reset)),
            Check("a background context's insert and assignment made on the main queue are both recorded, naming that queue",
                  holds: assignment.violations.map(\.operation) == ["ModelContext.insert(_:)", "Item.timestamp set"]
                      && assignment.violations.allSatisfy { $0.thread == assignment.ranOn },
                  measured: recorded(assignment)),
            Check("inside mainContext.perform the reset runs on the main queue, with nothing recorded",
                  holds: fixedReset.violations.isEmpty && fixedReset.ranOn == fixedReset.contextQueue, measured: recorded(fixedReset)),
            Check("DispatchQueue.main.async and MainActor.run bring the reset back to the main queue too, with nothing recorded",
                  holds: [outcome.resetWithMainQueueAsync, outcome.resetWithMainActorRun].allSatisfy {
                      $0.violations.isEmpty && $0.ranOn == $0.contextQueue
                  },
                  measured: [.init("main.async ran on", outcome.resetWithMainQueueAsync.ranOn),
                             .init("MainActor.run ran on", outcome.resetWithMainActorRun.ranOn)]),
            Check("inside the background context's perform the insert and assignment run on its queue, with nothing recorded",
                  holds: fixedAssignment.violations.isEmpty && fixedAssignment.ranOn == fixedAssignment.contextQueue,
                  measured: recorded(fixedAssignment)),
            Check("the fixed save stored the item", holds: outcome.itemsSavedByFix == 1, measured: [.init("items stored", outcome.itemsSavedByFix)]),
        ]
    }
}
