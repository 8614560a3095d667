import Foundation
import PersistenceCore

extension PrivateParentStack {
    /// What each way measured.
    public struct Outcome: Sendable, Codable, Hashable {
        public var itemCount: Int
        /// The main context saved straight to the store.
        public var straightToTheStore: SaveRun
        /// The UI's context, a child of a private writer, saved into it; the writer saved.
        public var behindAWriter: SaveRun
        /// A read on the UI's context while the writer saved.
        public var readDuringTheWrite: ReadDuringWrite
    }

    /// One way of saving `itemCount` new items.
    public struct SaveRun: Sendable, Codable, Hashable {
        /// The label of the queue each commit to the store ran on.
        public var fileWrittenOn: [String]
        /// How long the UI's `save()` took, on the main queue.
        public var savedMilliseconds: Double
        /// How many items the store held right after the UI's save returned.
        public var storedAfterTheUISave: Int
        /// How many it held at the end.
        public var stored: Int
        /// The longest the main queue kept the heartbeat waiting.
        public var mainQueueLongestWaitMilliseconds: Double
    }

    public struct ReadDuringWrite: Sendable, Codable, Hashable {
        /// Whether the UI context's fetch returned only after the writer's save had finished.
        public var fetchReturnedAfterTheSave: Bool
        /// What it counted.
        public var fetched: Int
    }
}

extension PrivateParentStack {
    /// The lesson's claims, each decided by where the writes ran and what the store held.
    public func checks(_ outcome: Outcome) -> [Check] {
        let direct = outcome.straightToTheStore, stack = outcome.behindAWriter, read = outcome.readDuringTheWrite
        let main = DispatchQueue.main.label
        func queues(_ run: SaveRun) -> Check.Value { .init("written on", run.fileWrittenOn.joined(separator: ", ")) }
        return [
            Check("the main context's save writes the store on the main queue",
                  holds: direct.fileWrittenOn == [main] && direct.stored == outcome.itemCount, measured: [queues(direct)]),
            Check("behind a writer, the UI's save returns with nothing in the store: it only pushed into the writer",
                  holds: stack.storedAfterTheUISave == 0,
                  measured: [.init("stored after the UI's save", stack.storedAfterTheUISave), .init("items", outcome.itemCount)]),
            Check("the writer's save writes the store on its own private queue, every item",
                  holds: stack.fileWrittenOn.count == 1 && stack.fileWrittenOn.allSatisfy { $0 != main } && stack.stored == outcome.itemCount,
                  measured: [queues(stack), .init("stored", stack.stored)]),
            Check("a read on the UI's context while the writer saves waits for the save: it goes through the writer",
                  holds: read.fetchReturnedAfterTheSave && read.fetched == outcome.itemCount,
                  measured: [.init("returned after the save", read.fetchReturnedAfterTheSave), .init("fetched", read.fetched)]),
        ]
    }
}
