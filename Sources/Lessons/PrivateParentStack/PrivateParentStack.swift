import Foundation
import PersistenceCore
import SampleModels

/// "Save on the main context freezes the UI": the classic answer of nested contexts, and what it
/// costs.
///
/// 1. **Straight to the store** (the wrong way): the main context inserts N items and saves; the
///    file is written on the main queue, and a heartbeat measures what the main queue waited.
/// 2. **Behind a private writer** (``WriterStack``): the UI's main-queue context is a child of a
///    private writer. Its save pushes the items into the writer (on the main queue) and the
///    writer's save writes the file on its own queue. Measured: where the file was written, what
///    the main queue paid for the push, and a read on the UI context made while the writer saves,
///    which waits for it (forced with a gate).
public struct PrivateParentStack: Lesson {
    public static let info = LessonInfo(
        id: "private-parent-stack",
        title: "A private writer behind the main context: the file is written off the main queue, and reads wait behind it",
        articles: [.coreDataTips, .backgroundModelActor],
        frameworks: .init(
            wrongWay: "Core Data: a save on the view context writes the file on the main queue.",
            rightWay: "Core Data (nested contexts: iOS 5 and later): a private writer context as the view context's parent. SwiftData has no nested contexts: it moves the work to a background model actor instead (article 004)."),
        why: """
            A save on the main context writes the store on the main queue, and the UI waits for the \
            file. The classic stack of nested contexts puts a private writer context at the root \
            and makes the UI's main-queue context its child: the UI's save only pushes its changes \
            into the writer, and the writer's save writes the file on its own queue. Article 004 \
            moves that work to a background model actor instead. The stack has its price, and the \
            lesson measures it: the push itself (copying every changed object into the writer, \
            waiting for the writer's queue) runs on the main queue, and every read of the UI \
            context goes through the writer, so a read made while the writer saves waits for the \
            save.
            """,
        rule: "To keep a save's file write off the main queue, save from a private context (a writer parent, or a background model actor); know that a main-queue child still pays for the push, and that its reads wait while the writer writes.",
        whereToLook: [
            "Sources/Lessons/PrivateParentStack/PrivateParentStack.swift",
            "Sources/Lessons/PrivateParentStack/WriterStack.swift",
            "Sources/PersistenceCore/Nesting/ModelContext+SaveToParent.swift",
            "Sources/PersistenceCore/Nesting/ModelContext+ParentView.swift",
            "Sources/Lessons/Support/MainQueueHeartbeat.swift",
            "Sources/Lessons/PrivateParentStack/PrivateParentStack+Outcome.swift",
            "Sources/Lessons/PrivateParentStack/PrivateParentStack+Report.swift",
        ])

    /// How many items the lesson saves; nil for the environment's size.
    public var itemCount: Int?

    public init() {}

    public func run(in environment: LessonEnvironment) async throws -> Outcome {
        let count = itemCount ?? environment.size(test: 5_000, course: 50_000)
        return Outcome(itemCount: count,
                       straightToTheStore: try await saveOnTheMainContext(count, in: environment),
                       behindAWriter: try await saveBehindAWriter(count, in: environment),
                       readDuringTheWrite: try await readWhileTheWriterSaves(count, in: environment))
    }

    // MARK: The wrong way: the main context writes the file

    // tutorial:begin wrong-way
    /// The main context inserts `count` items and saves: the file is written on the main queue.
    private func saveOnTheMainContext(_ count: Int, in environment: LessonEnvironment) async throws -> SaveRun {
        let container = try environment.makeContainer(for: [Item.self], name: "private-parent-stack-main")
        let saves = SaveWatch(container: container)
        await MainActor.run {
            for item in Self.items(count) { container.viewContext.insert(item) }
        }
        let heartbeat = MainQueueHeartbeat()
        let clock = ContinuousClock()
        let (mainQueueTime, recording) = try await heartbeat.measure {
            try await MainActor.run {
                let started = clock.now
                try container.viewContext.save()                      // the file, on the main queue
                return clock.now - started
            }
        }
        return SaveRun(fileWrittenOn: Self.commitQueues(saves), savedMilliseconds: mainQueueTime.milliseconds,
                       storedAfterTheUISave: try Self.storedCount(container), stored: try Self.storedCount(container),
                       mainQueueLongestWaitMilliseconds: recording.maxDelay.milliseconds)
    }
    // tutorial:end wrong-way

    // MARK: The right way: a private writer behind the main-queue context

    // tutorial:begin right-way
    /// The UI context, a main-queue child of a private writer, inserts `count` items and saves into
    /// the writer; the writer writes the file on its own queue.
    private func saveBehindAWriter(_ count: Int, in environment: LessonEnvironment) async throws -> SaveRun {
        let container = try environment.makeContainer(for: [Item.self], name: "private-parent-stack-writer")
        let stack = WriterStack(container: container)
        let saves = SaveWatch(container: container)
        await MainActor.run {
            for item in Self.items(count) { stack.viewContext.insert(item) }
        }
        let heartbeat = MainQueueHeartbeat()
        let clock = ContinuousClock()
        let ((pushTime, storedAfterPush), recording) = try await heartbeat.measure {
            let push = try await MainActor.run {
                let started = clock.now
                try stack.viewContext.save()                          // into the writer, on the main queue
                return (clock.now - started, try Self.storedCount(container))
            }
            try await stack.writer.perform { try stack.writer.save() }   // the file, on the writer's queue
            return push
        }
        return SaveRun(fileWrittenOn: Self.commitQueues(saves), savedMilliseconds: pushTime.milliseconds,
                       storedAfterTheUISave: storedAfterPush, stored: try Self.storedCount(container),
                       mainQueueLongestWaitMilliseconds: recording.maxDelay.milliseconds)
    }

    /// The writer saves; once its save has started, the UI context fetches: the fetch goes through
    /// the writer, so it returns only after the writer's save.
    private func readWhileTheWriterSaves(_ count: Int, in environment: LessonEnvironment) async throws -> ReadDuringWrite {
        let container = try environment.makeContainer(for: [Item.self], name: "private-parent-stack-read")
        let stack = WriterStack(container: container)
        try await MainActor.run {
            for item in Self.items(count) { stack.viewContext.insert(item) }
            try stack.viewContext.save()
        }
        let saving = AsyncSignal()
        let clock = ContinuousClock()
        async let saved: ContinuousClock.Instant = stack.writer.perform {
            saving.signal()                                           // the writer's queue is busy from here
            try stack.writer.save()
            return clock.now
        }
        await saving.wait()
        let (fetched, returned) = try await MainActor.run {
            (try stack.viewContext.fetchCount(FetchDescriptor<Item>()), clock.now)  // waits for the writer's queue
        }
        let saveEnded = try await saved
        return ReadDuringWrite(fetchReturnedAfterTheSave: returned >= saveEnded, fetched: fetched)
    }
    // tutorial:end right-way

    // MARK: The items and the store

    /// The queue each commit to the store ran on, in order: a child's save into its parent is no commit.
    static func commitQueues(_ saves: SaveWatch) -> [String] {
        saves.stop().filter(\.commitsToTheStore).map(\.queueLabel)
    }

    static func items(_ count: Int) -> [Item] {
        (0..<count).map { Item(timestamp: Date(timeIntervalSince1970: 1_700_000_000 + Double($0)), title: "item \($0)", count: $0) }
    }

    /// How many items the store holds, read by a context of its own.
    static func storedCount(_ container: ModelContainer) throws -> Int {
        let reader = container.newBackgroundContext()
        reader.name = "lesson's checker"
        return try reader.performAndWait { try reader.fetchCount(FetchDescriptor<Item>()) }
    }
}
