import Foundation
import PersistenceCore

/// Article 004's advice: keep persistence off the main queue behind a model actor that hands out
/// `Sendable` values, and measure the difference the way a Time Profiler would.
///
/// The same ``ItemListViewModel`` imports the same items twice through the same ``Storage``
/// protocol: first through ``MainContextStorage`` (the main context, as Xcode's template does),
/// then through ``ItemsModelActor`` (a private queue). Meanwhile a ``MainQueueHeartbeat`` ticks
/// on the main queue every millisecond and records how long the main queue kept it waiting.
public struct BackgroundStorage: Scenario {
    public static let info = ScenarioInfo(
        id: "background-storage",
        title: "Import on a model actor, not on the main context: the main queue stays free",
        articles: [.backgroundModelActor],
        why: """
            Work on the main context runs on the main queue, the queue that draws the UI and \
            handles touches: a large import there freezes the app for as long as it takes, though \
            each step looks harmless. A model actor does the same work on its context's private \
            queue, and hands the MainActor only Sendable values (DomainItem), since models may not \
            leave their context's queue. The view model then only assigns an array. A heartbeat \
            ticking on the main queue every millisecond shows the difference without Instruments.
            """,
        rule: "Do data processing that is not about the UI on a model actor with a private queue, and pass Sendable values, not models, back to the MainActor.",
        whereToLook: [
            "Sources/Scenarios/BackgroundStorage/ItemsModelActor.swift",
            "Sources/Scenarios/BackgroundStorage/MainContextStorage.swift",
            "Sources/Scenarios/BackgroundStorage/ItemListViewModel.swift",
            "Sources/Scenarios/BackgroundStorage/Storage.swift",
            "Sources/Scenarios/BackgroundStorage/DomainItem.swift",
            "Sources/Scenarios/Support/MainQueueHeartbeat.swift",
            "Tests/ScenariosTests/BackgroundStorageTests.swift",
            "Tests/ScenariosTests/BackgroundStorageXCTests.swift",
        ])

    public init() {}

    /// The import on the main context (the wrong way), then through the model actor.
    public func run(in environment: ScenarioEnvironment) async throws -> Outcome {
        let count = environment.size(test: 2_000, course: 20_000)
        let origin = Date(timeIntervalSince1970: 1_700_000_000)
        let items = (0..<count).map { DomainItem(timestamp: origin.addingTimeInterval(Double($0))) }
        let threshold = Duration.milliseconds(2)

        // The wrong way: the storage works on the main context, which the MainActor owns.
        let mainContainer = try environment.makeContainer(for: [Item.self], name: "background-storage-main-context")
        let mainStorage = await MainActor.run { MainContextStorage(modelContainer: mainContainer) }
        let onMainContext = try await measureImport(of: items, through: mainStorage, threshold: threshold,
                                                    contextQueueLabel: mainContainer.mainContext.queueLabel)

        // The right way: the storage is a model actor with a private queue.
        let actorContainer = try environment.makeContainer(for: [Item.self], name: "background-storage-model-actor")
        let actorStorage = ItemsModelActor(modelContainer: actorContainer)
        let onModelActor = try await measureImport(of: items, through: actorStorage, threshold: threshold,
                                                   contextQueueLabel: actorStorage.modelExecutor.context.queueLabel)

        return Outcome(itemCount: count, thresholdMilliseconds: Self.milliseconds(threshold),
                       onMainContext: onMainContext, onModelActor: onModelActor)
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
            importMilliseconds: Self.milliseconds(elapsed),
            ticks: recording.samples.count,
            maxDelayMilliseconds: Self.milliseconds(recording.maxDelay),
            blockedMilliseconds: Self.milliseconds(recording.blockedTime),
            blockedShare: recording.blockedShare)
    }

    public func report(_ outcome: Outcome) -> ScenarioReport {
        let main = outcome.onMainContext, actor = outcome.onModelActor
        let wrongWay = [
            "The view model imported \(outcome.itemCount) items through the main context (queue \(main.contextQueueLabel)) "
                + "in \(Self.format(main.importMilliseconds)) ms; it shows \(main.itemsShown) items.",
            "Meanwhile the main queue kept a heartbeat tick waiting up to \(Self.format(main.maxDelayMilliseconds)) ms, "
                + "and was blocked \(Self.format(main.blockedMilliseconds)) ms in all, "
                + "\(Self.percent(main.blockedShare)) of the time: no drawing, no touches meanwhile.",
        ]
        let rightWay = [
            "The same view model imported the same items through ItemsModelActor (queue \(actor.contextQueueLabel)) "
                + "in \(Self.format(actor.importMilliseconds)) ms; it shows \(actor.itemsShown) items, received as Sendable DomainItems.",
            "The heartbeat's longest wait was \(Self.format(actor.maxDelayMilliseconds)) ms, "
                + "\(Self.format(actor.blockedMilliseconds)) ms blocked in all (\(Self.percent(actor.blockedShare))): "
                + "the main queue stayed free while the actor worked.",
            "The import itself took about as long either way (\(Self.format(main.importMilliseconds)) ms against "
                + "\(Self.format(actor.importMilliseconds)) ms): the actor does not make the work faster, it moves it off the main queue.",
        ]
        let measurements = [
            Measurement("items imported", Double(outcome.itemCount), unit: "items"),
            Measurement("main context: import time", main.importMilliseconds, unit: "ms"),
            Measurement("main context: longest main-queue delay", main.maxDelayMilliseconds, unit: "ms"),
            Measurement("main context: main queue blocked", main.blockedMilliseconds, unit: "ms"),
            Measurement("main context: share of the time blocked", main.blockedShare * 100, unit: "%"),
            Measurement("model actor: import time", actor.importMilliseconds, unit: "ms"),
            Measurement("model actor: longest main-queue delay", actor.maxDelayMilliseconds, unit: "ms"),
            Measurement("model actor: main queue blocked", actor.blockedMilliseconds, unit: "ms"),
            Measurement("model actor: share of the time blocked", actor.blockedShare * 100, unit: "%"),
        ]
        return ScenarioReport(wrongWay: wrongWay, rightWay: rightWay, measurements: measurements,
                              demonstrated: Self.demonstrated(outcome))
    }

    /// The pitfall (the main-context import blocked the main queue for more of its run) and its
    /// fix (the actor's did not), with the view model showing every item either way.
    ///
    /// Shares of each run, not milliseconds in all: the two imports take different times (the
    /// actor's queue runs at `.utility` and yields the cores to everything else), and on a loaded
    /// machine the main queue waits for other work too, for as long as a run lasts.
    static func demonstrated(_ outcome: Outcome) -> Bool {
        let main = outcome.onMainContext, actor = outcome.onModelActor
        return main.showsEveryImportedItem && actor.showsEveryImportedItem
            && main.maxDelayMilliseconds > actor.maxDelayMilliseconds
            && main.blockedShare > actor.blockedShare
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    }

    private static func format(_ milliseconds: Double) -> String {
        String(format: "%.1f", milliseconds)
    }

    private static func percent(_ share: Double) -> String {
        String(format: "%.0f%%", share * 100)
    }
}
