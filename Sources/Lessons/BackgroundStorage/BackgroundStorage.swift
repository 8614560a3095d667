import Foundation
import PersistenceCore
import SampleModels

/// Article 004's advice: keep persistence off the main queue behind a model actor that hands out
/// `Sendable` values, and measure the difference the way a Time Profiler would.
///
/// The same ``ItemListViewModel`` imports the same items twice through the same ``Storage``
/// protocol: first through ``MainContextStorage`` (the main context, as Xcode's template does),
/// then through ``ItemsModelActor`` (a private queue). Meanwhile a ``MainQueueHeartbeat`` ticks
/// on the main queue every millisecond and records how long the main queue kept it waiting.
public struct BackgroundStorage: Lesson {
    public static let info = LessonInfo(
        id: "background-storage",
        title: "Import on a model actor, not on the main context: the main queue stays free",
        articles: [.backgroundModelActor],
        frameworks: .init(
            wrongWay: "Both frameworks: an import on the main-queue context (SwiftData's mainContext, Core Data's viewContext) runs on the main queue; so does a SwiftData @ModelActor made on the MainActor (iOS 17 and later).",
            rightWay: "SwiftData: a @ModelActor made off the main actor (Task.detached), handing Sendable values to the MainActor; the lab's own @BackgroundModelActor always takes a private queue, as Core Data's newBackgroundContext() does."),
        why: """
            Work on the main context runs on the main queue, the queue that draws the UI and \
            handles touches: a large import there freezes the app for as long as it takes, though \
            each step looks harmless. A model actor does the same work on its context's private \
            queue, and hands the MainActor only Sendable values (DomainItem), since models may not \
            leave their context's queue. The view model then only assigns an array. A heartbeat \
            ticking on the main queue every millisecond shows the difference without Instruments. \
            The course's best cross-article insight: article 004 creates its @ModelActor while the \
            app starts, on the main thread, and by article 000's rule an actor whose context is \
            made on the main queue runs on the main queue. Its "background" import blocks the UI \
            like the main context's. Create the actor in Task.detached, or use \
            @BackgroundModelActor, which always takes a private queue.
            """,
        rule: "Do data processing that is not about the UI on a model actor with a private queue (created off the main queue, or @BackgroundModelActor), and pass Sendable values, not models, back to the MainActor.",
        whereToLook: [
            "Sources/Lessons/BackgroundStorage/BackgroundStorage.swift",
            "Sources/Lessons/BackgroundStorage/ItemsModelActor.swift",
            "Sources/Lessons/BackgroundStorage/MainContextStorage.swift",
            "Sources/Lessons/BackgroundStorage/ItemListViewModel.swift",
            "Sources/Lessons/BackgroundStorage/Storage.swift",
            "Sources/SampleModels/DomainItem.swift",
            "Sources/Lessons/Support/MainQueueHeartbeat.swift",
            "Tests/LessonsTests/BackgroundStorageTests.swift",
            "Sources/Lessons/BackgroundStorage/BackgroundStorage+Outcome.swift",
            "Sources/Lessons/BackgroundStorage/BackgroundStorage+Report.swift",
            "Tests/LessonsTests/LessonChecksTests.swift",
        ])

    public init() {}

    /// The import on the main context (the wrong way), then through the model actor.
    public func run(in environment: LessonEnvironment) async throws -> Outcome {
        let count = environment.size(test: 2_000, course: 20_000)
        let origin = Date(timeIntervalSince1970: 1_700_000_000)
        let items = (0..<count).map { DomainItem(timestamp: origin.addingTimeInterval(Double($0))) }
        let threshold = Duration.milliseconds(2)

        // The wrong way: the storage works on the main context, which the MainActor owns.
        let mainContainer = try environment.makeContainer(for: [Item.self], name: "background-storage-main-context")
        let mainStorage = await MainActor.run { MainContextStorage(modelContainer: mainContainer) }
        // Where its code runs, asked from inside it: the label of the queue that ran the block.
        let mainQueue = await mainStorage.withContext { _ in DispatchQueue.currentLabel }
        let onMainContext = try await measureImport(of: items, through: mainStorage, threshold: threshold,
                                                    contextQueueLabel: mainQueue)

        // Article 004's own setup: its @ModelActor created while the app starts, on the MainActor.
        let startupContainer = try environment.makeContainer(for: [Item.self], name: "background-storage-startup-actor")
        let startupStorage = await MainActor.run { ItemsModelActor(modelContainer: startupContainer) }
        let startupQueue = await startupStorage.withContext { _ in DispatchQueue.currentLabel }
        let onActorCreatedAtStartup = try await measureImport(of: items, through: startupStorage, threshold: threshold,
                                                              contextQueueLabel: startupQueue)

        // The right way: the same model actor, created off the main queue, has a private queue.
        let actorContainer = try environment.makeContainer(for: [Item.self], name: "background-storage-model-actor")
        let actorStorage = await Task.detached { ItemsModelActor(modelContainer: actorContainer) }.value
        let actorQueue = await actorStorage.withContext { _ in DispatchQueue.currentLabel }
        let onModelActor = try await measureImport(of: items, through: actorStorage, threshold: threshold,
                                                   contextQueueLabel: actorQueue)

        return Outcome(itemCount: count, thresholdMilliseconds: threshold.milliseconds,
                       onMainContext: onMainContext, onActorCreatedAtStartup: onActorCreatedAtStartup,
                       onModelActor: onModelActor)
    }

    /// Imports `items` through a view model over `storage` while a heartbeat watches the main queue.
    private func measureImport(of items: [DomainItem], through storage: any Storage, threshold: Duration,
                               contextQueueLabel: String) async throws -> ImportRun {
        let viewModel = await MainActor.run { ItemListViewModel(storage: storage) }
        let heartbeat = MainQueueHeartbeat(threshold: threshold)
        let clock = ContinuousClock()
        let (elapsed, recording) = try await heartbeat.measure {
            let started = clock.now
            try await viewModel.importItems(items)
            return clock.now - started
        }
        let shown = await viewModel.items
        return ImportRun(
            contextQueueLabel: contextQueueLabel,
            itemsShown: shown.count,
            showsEveryImportedItem: shown == items,
            importMilliseconds: elapsed.milliseconds,
            ticks: recording.samples.count,
            maxDelayMilliseconds: recording.maxDelay.milliseconds,
            blockedMilliseconds: recording.blockedTime.milliseconds,
            blockedShare: recording.blockedShare)
    }
}
