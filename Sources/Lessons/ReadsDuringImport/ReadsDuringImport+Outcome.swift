import Foundation

extension ReadsDuringImport {
    /// The three lanes and the two forced frames.
    public struct Outcome: Sendable, Codable, Hashable {
        /// How many items each lane imported, on top of ``preloaded``.
        public var itemCount: Int
        /// How many items the store held before each import.
        public var preloaded: Int
        /// The time between one frame finishing and the next one being due.
        public var frameIntervalMilliseconds: Double
        /// Lane 1: reads share the writer's connection (`readers: 0`); one save.
        public var sharedConnection: Lane
        /// Lane 2: readers beside the writer; one save.
        public var readerPool: Lane
        /// How many times lane 2 ran; the run kept is the one whose slowest read was the
        /// smallest share of its save.
        public var readerPoolAttempts: Int
        /// Lane 3: readers, the import saved in batches, every frame pinned to one query generation.
        public var batchedAndPinned: Lane
        /// A frame with a batch committed between its header and its rows, unpinned.
        public var unpinnedFrameAcrossACommit: ItemListScreen.Frame
        /// The same, pinned to one query generation.
        public var pinnedFrameAcrossACommit: ItemListScreen.Frame

        /// What the list shows when the import is done.
        public var total: Int { preloaded + itemCount }
    }

    /// One import while the main context drew frames.
    public struct Lane: Sendable, Codable, Hashable {
        /// The store's readers beside the writer (0: reads share the writer's connection).
        public var readers: Int
        /// Items per save.
        public var batchSize: Int
        /// Whether each frame pinned the main context to one query generation.
        public var pinnedEachFrame: Bool
        /// Each save, from calling `save()` to its return, since the lane began.
        public var saves: [MainQueueHeartbeat.Interval]
        /// Every frame the main context drew, the last one after the import.
        public var frames: [ItemListScreen.Frame]
        /// When the main queue kept a heartbeat tick overdue.
        public var mainQueueBusy: [MainQueueHeartbeat.Interval]
        /// The heartbeat's longest wait.
        public var heartbeatMaxDelayMilliseconds: Double
        /// The share of the lane the main queue was blocked, from 0 to 1.
        public var heartbeatBlockedShare: Double

        /// The longest save, in milliseconds.
        public var longestSaveMilliseconds: Double {
            saves.map(\.length.milliseconds).max() ?? 0
        }
        /// The longest a frame's reads kept the main queue, in milliseconds.
        public var longestReadMilliseconds: Double {
            frames.map(\.readTime.milliseconds).max() ?? 0
        }
        /// The longest frame's reads as a share of the longest save.
        public var readShareOfSave: Double {
            longestReadMilliseconds / max(longestSaveMilliseconds, 0.001)
        }
        /// The frames that started reading while a save was in progress.
        public var framesDuringSaves: [ItemListScreen.Frame] {
            frames.filter { frame in saves.contains { $0.start <= frame.started && frame.started < $0.end } }
        }
        /// The frames whose header and rows came from two different states.
        public var tornFrames: Int { frames.filter(\.isTorn).count }
        /// What the last frame's header said.
        public var finalHeader: Int { frames.last?.header ?? 0 }
    }
}

extension ReadsDuringImport {
    /// The lesson's claims, each decided by the frames, the saves and the heartbeat.
    ///
    /// Ratios of the lane's own save, not milliseconds: the machine decides how long a save
    /// takes, the store's design decides whether a read waits for it.
    public func checks(_ outcome: Outcome) -> [Check] {
        let shared = outcome.sharedConnection, pool = outcome.readerPool, batched = outcome.batchedAndPinned
        let unpinned = outcome.unpinnedFrameAcrossACommit, pinned = outcome.pinnedFrameAcrossACommit
        func ms(_ value: Double) -> String { String(format: "%.1f", value) }
        let headersDuringPoolSave = Set(pool.framesDuringSaves.map(\.header)).sorted()
        return [
            Check("with one shared connection, a frame's reads waited for most of the save (over half of it)",
                  holds: shared.longestReadMilliseconds > 0.5 * shared.longestSaveMilliseconds,
                  measured: [.init("longest read ms", ms(shared.longestReadMilliseconds)),
                             .init("save ms", ms(shared.longestSaveMilliseconds))]),
            Check("with readers beside the writer, the longest frame's reads took under 20% of the save"
                      + (outcome.readerPoolAttempts > 1 ? " (best of \(outcome.readerPoolAttempts) imports)" : ""),
                  holds: pool.longestReadMilliseconds < 0.2 * pool.longestSaveMilliseconds,
                  measured: [.init("longest read ms", ms(pool.longestReadMilliseconds)),
                             .init("save ms", ms(pool.longestSaveMilliseconds))]),
            Check("with readers, more frames were drawn during the save than with one shared connection",
                  holds: pool.framesDuringSaves.count > shared.framesDuringSaves.count,
                  measured: [.init("readers", pool.framesDuringSaves.count), .init("shared", shared.framesDuringSaves.count)]),
            Check("during the save, the pooled list showed only committed states: the \(outcome.preloaded) items already stored, then all \(outcome.total), never part of the import",
                  holds: headersDuringPoolSave.first == outcome.preloaded
                      && Set(headersDuringPoolSave).isSubset(of: [outcome.preloaded, outcome.total]),
                  measured: [.init("headers during the save", headersDuringPoolSave.map(String.init).joined(separator: ", "))]),
            Check("the heartbeat's longest wait was longer with one shared connection",
                  holds: shared.heartbeatMaxDelayMilliseconds > pool.heartbeatMaxDelayMilliseconds,
                  measured: [.init("shared ms", ms(shared.heartbeatMaxDelayMilliseconds)),
                             .init("readers ms", ms(pool.heartbeatMaxDelayMilliseconds))]),
            Check("unpinned, a frame with a batch committed between its reads is torn: its header and its rows disagree",
                  holds: unpinned.isTorn,
                  measured: [.init("header", unpinned.header), .init("newest row shown", unpinned.newestShown)]),
            Check("pinned to one query generation, the same frame is whole",
                  holds: !pinned.isTorn && pinned.header == outcome.preloaded,
                  measured: [.init("header", pinned.header), .init("newest row shown", pinned.newestShown)]),
            Check("saved in batches with every frame pinned, the list grew batch by batch and no frame was torn",
                  holds: batched.tornFrames == 0 && Set(batched.frames.map(\.header)).count > 2,
                  measured: [.init("frames", batched.frames.count), .init("torn", batched.tornFrames),
                             .init("distinct headers", Set(batched.frames.map(\.header)).count)]),
            Check("every lane ends showing all \(outcome.total) items",
                  holds: [shared, pool, batched].allSatisfy { $0.finalHeader == outcome.total && $0.frames.last?.isTorn == false },
                  measured: [.init("shared", shared.finalHeader), .init("readers", pool.finalHeader), .init("batched", batched.finalHeader)]),
        ]
    }
}
