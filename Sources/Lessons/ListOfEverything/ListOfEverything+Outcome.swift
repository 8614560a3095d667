import Foundation

extension ListOfEverything {
    /// The same background import, taken in by three lists on the main queue.
    public struct Outcome: Sendable, Codable, Hashable {
        /// How many items the import inserted and saved, at once.
        public var itemCount: Int
        /// The screenful: the right way's `fetchLimit`.
        public var screenful: Int
        /// The wrong way: a list of every item on SwiftData's main context.
        public var everyItem: Lane
        /// The right way: a list of the first ``screenful`` on SwiftData's main context.
        public var firstScreenful: Lane
        /// Core Data's view context, which merges nothing until told: a list of every item.
        public var viewContext: Lane
        /// The same view context once the app merged the import's save by hand.
        public var viewContextMergedByHand: MergeByHand
    }

    /// Core Data's merge, when the app asks for it: what the list showed then, and what the main
    /// queue did meanwhile.
    public struct MergeByHand: Sendable, Codable, Hashable {
        /// What the list showed once the merge had run.
        public var after: ListState
        /// The main queue during the merge and the list's update, heartbeat's view.
        public var mainQueue: MainQueueWait
    }

    /// One list, one import, and what the main queue did meanwhile.
    public struct Lane: Sendable, Codable, Hashable {
        /// Where the list lived and what it asked for.
        public var setup: ListSetup
        /// The queue the import ran on, read inside the model actor.
        public var importQueueLabel: String
        /// What the list showed before the import.
        public var before: ListState
        /// What it showed once the main queue had run whatever the save queued there.
        public var after: ListState
        /// The main queue from the start of the import to the list's update, heartbeat's view.
        public var mainQueue: MainQueueWait
    }

    /// What a list showed, and what its context held, at one moment.
    public struct ListState: Sendable, Codable, Hashable {
        /// The label of the list's context's queue.
        public var queueLabel: String
        /// How many items the list showed.
        public var rows: Int
        /// Whether it showed exactly the first items of the import by timestamp: as many as its
        /// limit allows, in order.
        public var showsFirstImportedItems: Bool
        /// How many of the imported items the list's context holds a model for (its registered
        /// models): each one made on that context's queue, the main queue.
        public var importedModelsInContext: Int
    }

    /// How long the main queue kept a heartbeat tick waiting: printed, never asserted (timings
    /// depend on the machine and its load).
    public struct MainQueueWait: Sendable, Codable, Hashable {
        /// The longest wait of one tick.
        public var longestMilliseconds: Double
        /// The total time ticks waited longer than the heartbeat's threshold.
        public var blockedMilliseconds: Double
        /// From the heartbeat's start to its stop.
        public var durationMilliseconds: Double
    }
}

extension ListOfEverything {
    /// The lesson's claims, each decided by what the lists showed and what their contexts held:
    /// counts and identifiers, never timings.
    public func checks(_ outcome: Outcome) -> [Check] {
        let every = outcome.everyItem, screen = outcome.firstScreenful, view = outcome.viewContext
        let merged = outcome.viewContextMergedByHand.after
        let count = outcome.itemCount, limit = outcome.screenful
        let lanes = [every, screen, view]
        let listQueues = Set(lanes.flatMap { [$0.before.queueLabel, $0.after.queueLabel] } + [merged.queueLabel])
        let importQueues = Set(lanes.map(\.importQueueLabel))
        return [
            Check("SwiftData: with no merging code, the list of every item on the main context shows every imported item after the background save, oldest first",
                  holds: every.before.rows == 0 && every.after.rows == count && every.after.showsFirstImportedItems,
                  measured: [.init("imported", count), .init("shown before", every.before.rows), .init("shown after", every.after.rows)]),
            Check("so the main context made a model for every imported row, on the main queue, and holds them all",
                  holds: every.after.importedModelsInContext == count,
                  measured: [.init("imported", count), .init("models of the import in the main context", every.after.importedModelsInContext)]),
            Check("a list of a screenful (fetchLimit \(limit)) on SwiftData's main context shows exactly the first \(limit) items by timestamp after the same save",
                  holds: screen.after.rows == min(limit, count) && screen.after.showsFirstImportedItems,
                  measured: [.init("shown", screen.after.rows), .init("first by timestamp", screen.after.showsFirstImportedItems)]),
            Check("and the main context holds models for that screenful only, not for the rest of the import",
                  holds: screen.after.importedModelsInContext == min(limit, count) && count > limit,
                  measured: [.init("imported", count), .init("models of the import in the main context", screen.after.importedModelsInContext)]),
            Check("Core Data: the view context, which merges nothing until told, leaves its list of every item as it was, and holds no model of the import",
                  holds: view.after.rows == view.before.rows && view.after.importedModelsInContext == 0,
                  measured: [.init("shown before", view.before.rows), .init("shown after", view.after.rows),
                             .init("models of the import in the view context", view.after.importedModelsInContext)]),
            Check("once the app merges the save by hand, the view context's list shows every imported item and the view context holds a model for each, as SwiftData's main context did",
                  holds: merged.rows == count && merged.showsFirstImportedItems && merged.importedModelsInContext == count,
                  measured: [.init("shown", merged.rows), .init("models of the import in the view context", merged.importedModelsInContext)]),
            Check("every import ran on a private queue, and every list on the main queue",
                  holds: listQueues == ["com.apple.main-thread"] && !importQueues.contains("com.apple.main-thread"),
                  measured: [.init("lists", listQueues.sorted().joined(separator: ", ")),
                             .init("imports", importQueues.sorted().joined(separator: ", "))]),
        ]
    }
}
