import Foundation
import PersistenceCore
import SampleModels

/// "It crashed when the user opened a stop": a screen on the main context shows a trip and its
/// stops while a background context deletes the trip (its stops go with it, `.cascade`) and saves.
///
/// Three lanes, the same deletion each:
///
/// 1. **No merging**, the screen holds models: it still shows the trip, and its three stops are
///    faults whose rows are gone. Opening one stops the process: "could not fulfill a fault".
/// 2. **Automatic merging**, the screen holds models: the main context drops the trip and its
///    stops (nothing registered, a fetch finds none), and the models the screen still holds are
///    invalidated: reading one stops the process, naming its URI and the merge.
/// 3. **Automatic merging**, the screen holds identifiers and values (``TripScreen``): after the
///    merge it reads the trip again, finds it gone, and shows that; no model is touched.
///
/// The traps cannot happen inside a run that must report back: the run shows that the rows are
/// gone and the messages the traps print; `DeletedModelTests` makes both happen for real.
public struct DeletedModel: Scenario {
    public static let info = ScenarioInfo(
        id: "deleted-model",
        title: "The deleted model: a trip deleted in the background, still on screen",
        articles: [.coreDataTips, .backgroundModelActor],
        why: """
            Article 004 moves deleting to a background context, and article 003 warns that an object \
            deleted there "still exists in the main thread context" until the change is merged. A \
            screen holding that trip's models then holds ghosts: the trip still reads, its stops \
            are faults whose rows are gone, and opening one stops the process. Merging removes the \
            trip and its stops from the main context, but a model the screen kept is now \
            invalidated: touching it stops the process too, SwiftData's most reported crash. A screen \
            that holds identifiers and values, and reads the trip again when its context changes, \
            finds it gone and says so.
            """,
        rule: "Merge other contexts' deletions into the context a screen shows, and let the screen hold identifiers and values, never a model it did not just fetch: read again by identifier after each change (existingModel throws when the row is gone).",
        whereToLook: [
            "Sources/Scenarios/DeletedModel/DeletedModel.swift",
            "Sources/Scenarios/DeletedModel/DeletedModel+Steps.swift",
            "Sources/Scenarios/DeletedModel/TripScreen.swift",
            "Sources/SampleModels/Trip.swift",
            "Sources/PersistenceCore/Relationships/DeletePropagation.swift",
            "Sources/PersistenceCore/Merging/ModelContext+Merging.swift",
            "Sources/PersistenceCore/Model/BackingData.swift",
            "Sources/Scenarios/DeletedModel/DeletedModel+Outcome.swift",
            "Sources/Scenarios/DeletedModel/DeletedModel+Report.swift",
            "Tests/ScenariosTests/DeletedModelTests.swift",
        ])

    public init() {}

    public func run(in environment: ScenarioEnvironment) async throws -> Outcome {
        Outcome(withoutMerging: try await holdModelsWithoutMerging(in: environment),
                withMerging: try await holdModelsWithMerging(in: environment),
                holdingIdentifiers: try await holdIdentifiers(in: environment))
    }

    // MARK: The wrong way

    /// The screen holds the trip and its stops; the main context merges nothing.
    private func holdModelsWithoutMerging(in environment: ScenarioEnvironment) async throws -> WithoutMerging {
        let container = try environment.makeContainer(for: [Trip.self], name: "deleted-model-no-merging")
        let mainContext = container.mainContext
        let saved = try await Self.saveTrip(in: container)
        let shown = try await Self.showTrip(saved.trip, on: mainContext)
        try await Self.deleteTrip(saved.trip, in: container)
        let (name, listed, faults) = await mainContext.perform {
            (shown.trip.value.name, shown.trip.value.stops.count, shown.stops.value.count { $0.isFault })
        }
        let rowsLeft = await Self.rowsLeft(saved.stops, in: container)
        return WithoutMerging(tripNameShown: name, stopsListed: listed, stopsThatAreFaults: faults, stopRowsLeft: rowsLeft,
                              trapWhenOpened: IDPassing.faultTrapMessage(for: saved.stops[1]))
    }

    /// The screen holds the trip and its stops; the main context merges every save.
    private func holdModelsWithMerging(in environment: ScenarioEnvironment) async throws -> WithMerging {
        let container = try environment.makeContainer(for: [Trip.self], name: "deleted-model-merging")
        let mainContext = container.mainContext
        mainContext.automaticallyMergesChangesFromParent = true
        let saved = try await Self.saveTrip(in: container)
        let shown = try await Self.showTrip(saved.trip, on: mainContext)
        try await Self.deleteTrip(saved.trip, in: container)
        // The merge was queued on the main queue when the save committed: this block runs after it.
        return try await mainContext.perform(schedule: .enqueued) {
            let trip = shown.trip.value
            let registered = (saved.stops + [saved.trip]).count { (mainContext.registeredModel(for: $0) as Trip?) != nil || (mainContext.registeredModel(for: $0) as Stop?) != nil }
            return WithMerging(
                registeredAfterMerge: registered,
                tripsFetchedAfterMerge: try mainContext.fetchCount(FetchDescriptor<Trip>()),
                stopsFetchedAfterMerge: try mainContext.fetchCount(FetchDescriptor<Stop>()),
                heldTripLeftItsContext: trip.modelContext == nil && !trip.isDeleted,
                trapWhenRead: "This model instance was invalidated (Trip.name get): Trip \(saved.trip.uriRepresentation.absoluteString) was deleted by another context's save, which '\(mainContext.queueLabel)' merged")
        }
    }

    // MARK: The right way

    /// The screen holds identifiers and values, and reads the trip again after the merge.
    private func holdIdentifiers(in environment: ScenarioEnvironment) async throws -> HoldingIdentifiers {
        let container = try environment.makeContainer(for: [Trip.self], name: "deleted-model-identifiers")
        let mainContext = container.mainContext
        mainContext.automaticallyMergesChangesFromParent = true
        let saved = try await Self.saveTrip(in: container)
        var screen = TripScreen(tripID: saved.trip)
        await screen.reload(on: mainContext)
        let before = screen
        let (_, violations) = try await ConcurrencyDebug.withMode(.record) {
            try await Self.deleteTrip(saved.trip, in: container)
            // Queued after the merge, as a screen's refresh would be.
            await screen.reload(on: mainContext)
        }
        return HoldingIdentifiers(before: before, after: screen, violations: violations.count,
                                  stopRowsLeft: await Self.rowsLeft(saved.stops, in: container))
    }

    /// How many of `stops` still have a row, read by a context that never saw them.
    static func rowsLeft(_ stops: [PersistentIdentifier], in container: ModelContainer) async -> Int {
        await container.performBackgroundTask { context in
            stops.count { (try? context.existingModel(for: $0, as: Stop.self)) != nil }
        }
    }
}
