import Foundation
import PersistenceCore
import SampleModels

/// "It crashed when the user opened a stop": a screen on the main context shows a trip and its
/// stops while a background context deletes the trip (its stops go with it, `.cascade`) and saves.
///
/// Three lanes, the same deletion each:
///
/// 1. **No merging**, the screen holds models: it still shows the trip, and its three stops are
///    faults whose rows are gone. Opening one stops the process: "could not fulfill a fault", as
///    in SwiftData. (Core Data, by default, hands back the stop marked deleted, its attributes
///    nil or 0, and does not stop; this lab always traps, as SwiftData does.)
/// 2. **Automatic merging**, the screen holds models: the main context drops the trip and its
///    stops (nothing registered, a fetch finds none), and the trip model the screen still holds
///    left its context for good: reading it stops the process, naming its URI and the merge.
/// 3. **Automatic merging**, the screen holds identifiers and values (``TripScreen``): after the
///    merge it reads the trip again, finds it gone, and shows that, with no concurrency violation.
///
/// The traps cannot happen inside a run that must report back: the run observes what leads to
/// them (stops that are faults with no row left, a held trip with no context) and predicts each
/// message from the identifiers (``openedStopTrapMessage(for:)``,
/// ``heldTripTrapMessage(for:mergedBy:)``); `DeletedModelTests` makes both traps happen and
/// checks that the process stopped with exactly the predicted message.
public struct DeletedModel: Lesson {
    public static let info = LessonInfo(
        id: "deleted-model",
        title: "The deleted model: a trip deleted in the background, still on screen",
        articles: [.coreDataTips, .backgroundModelActor],
        frameworks: .init(
            wrongWay: "Core Data's view context, not merging: the deleted trip lives on, and its stops are faults whose rows are gone. Opening one traps here, as in SwiftData; Core Data itself hands back the stop marked deleted, its attributes nil or 0.",
            rightWay: "Core Data: merge the deletion (automaticallyMergesChangesFromParent), and let the screen hold identifiers and values. SwiftData (iOS 17 and later) merges the deletion by itself, so a model the screen kept is invalidated there too (this lesson's SwiftData run): hold identifiers and values."),
        why: """
            Article 004 moves deleting to a background context, and article 003 warns that an object \
            deleted there "still exists in the main thread context" until the change is merged. A \
            screen holding that trip's models then holds ghosts: the trip still reads, its stops \
            are faults whose rows are gone, and opening one stops the process, in SwiftData and \
            here (Core Data, by default, hands back the stop marked deleted, its attributes nil or \
            0). Merging removes the trip and its stops from the main context, but a model the \
            screen kept is now invalidated: touching it stops the process too, in SwiftData and \
            here. A screen that holds identifiers and values, and reads the trip again when its \
            context changes, finds it gone and says so.
            """,
        rule: "Merge other contexts' deletions into the context a screen shows, and let the screen hold identifiers and values, never a model it did not just fetch: read again by identifier after each change (after the merge, existingModel throws: the trip is no longer registered and its row is gone).",
        whereToLook: [
            "Sources/Lessons/DeletedModel/DeletedModel.swift",
            "Sources/Lessons/DeletedModel/DeletedModel+Steps.swift",
            "Sources/Lessons/DeletedModel/TripScreen.swift",
            "Sources/Lessons/DeletedModel/DeletedModel+SwiftData.swift",
            "Sources/SampleModels/Trip.swift",
            "Sources/PersistenceCore/Relationships/DeletePropagation.swift",
            "Sources/PersistenceCore/Merging/ModelContext+Merging.swift",
            "Sources/PersistenceCore/Model/BackingData.swift",
            "Sources/Lessons/DeletedModel/DeletedModel+Outcome.swift",
            "Sources/Lessons/DeletedModel/DeletedModel+Report.swift",
            "Tests/LessonsTests/DeletedModelTests.swift",
        ])

    public init() {}

    public func run(in environment: LessonEnvironment) async throws -> Outcome {
        Outcome(withoutMerging: try await holdModelsWithoutMerging(in: environment),
                withMerging: try await holdModelsWithMerging(in: environment),
                holdingIdentifiers: try await holdIdentifiers(in: environment),
                swiftData: try await holdModelsOnSwiftDataMainContext(in: environment))
    }

    // MARK: The wrong way

    /// The screen holds the trip and its stops; the main context merges nothing.
    private func holdModelsWithoutMerging(in environment: LessonEnvironment) async throws -> WithoutMerging {
        let container = try environment.makeContainer(for: [Trip.self], name: "deleted-model-no-merging")
        let mainContext = container.viewContext
        let screen = try await Self.showTripThenDeleteIt(on: mainContext, in: container)
        let (name, listed, faults) = await mainContext.perform {
            (screen.trip.value.name, screen.trip.value.stops.count, screen.stops.value.count { $0.isFault })
        }
        let rowsLeft = await Self.rowsLeft(screen.stopIDs, in: container)
        return WithoutMerging(tripNameShown: name, stopsListed: listed, stopsThatAreFaults: faults, stopRowsLeft: rowsLeft,
                              trapWhenOpened: Self.openedStopTrapMessage(for: screen.stopIDs[Self.openedStopIndex]))
    }

    /// The screen holds the trip and its stops; the main context merges every save.
    private func holdModelsWithMerging(in environment: LessonEnvironment) async throws -> WithMerging {
        let container = try environment.makeContainer(for: [Trip.self], name: "deleted-model-merging")
        let mainContext = container.viewContext
        mainContext.automaticallyMergesChangesFromParent = true
        let screen = try await Self.showTripThenDeleteIt(on: mainContext, in: container)
        // The merge was queued on the main queue when the save committed: this block runs after it.
        return try await mainContext.perform(schedule: .enqueued) {
            try Self.observeMergedDeletion(in: mainContext, heldTrip: screen.trip.value, tripID: screen.tripID, stopIDs: screen.stopIDs)
        }
    }

    /// What `context` shows once it merged the trip's deletion, and what the trip model the
    /// screen held became; call it on the context's queue.
    static func observeMergedDeletion(in context: ModelContext, heldTrip: Trip, tripID: PersistentIdentifier,
                                      stopIDs: [PersistentIdentifier]) throws -> WithMerging {
        let registered = (stopIDs + [tripID]).count { (context.registeredModel(for: $0) as Trip?) != nil || (context.registeredModel(for: $0) as Stop?) != nil }
        return WithMerging(
            registeredAfterMerge: registered,
            tripsFetchedAfterMerge: try context.fetchCount(FetchDescriptor<Trip>()),
            stopsFetchedAfterMerge: try context.fetchCount(FetchDescriptor<Stop>()),
            heldTripContextIsNil: heldTrip.modelContext == nil,
            heldTripIsDeleted: heldTrip.isDeleted,
            trapWhenRead: heldTripTrapMessage(for: tripID, mergedBy: context.queueLabel))
    }

    // MARK: The right way

    /// The screen holds identifiers and values, and reads the trip again after the merge.
    private func holdIdentifiers(in environment: LessonEnvironment) async throws -> HoldingIdentifiers {
        let container = try environment.makeContainer(for: [Trip.self], name: "deleted-model-identifiers")
        let mainContext = container.viewContext
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
            context.name = "checker"
            // The lab's existingModel(for:as:); Core Data: existingObject(with:).
            return stops.count { (try? context.existingModel(for: $0, as: Stop.self)) != nil }
        }
    }
}
